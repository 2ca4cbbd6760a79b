//! Named versions of a saved design ("before the reviews change"): copies of its model file the
//! user chose to keep, stored apart from the design itself (`docshape.versions.<id>`), newest
//! first. A version is never edited: it is opened read-only, compared with, or restored (the
//! restore is one undoable edit of the design). Plain Rust: the UI stores the text.

use serde::{Deserialize, Serialize};

/// How many versions one design keeps: the oldest goes when a new one passes the count (each is
/// a whole model file, and the browser's storage is a few megabytes for every design).
pub const MAX_VERSIONS: usize = 30;

/// Where the versions of design `id` are stored.
pub fn versions_key(id: &str) -> String {
    format!("docshape.versions.{id}")
}

/// One kept version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Version {
    /// Unique within its design (a save in the same millisecond gets a suffix).
    pub id: String,
    pub name: String,
    /// When it was kept, in milliseconds since 1970 (the browser's clock).
    pub saved: f64,
    /// The model file, as saved.
    pub model: String,
}

/// The versions of one design, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Versions {
    pub version: u32,
    pub list: Vec<Version>,
}

impl Default for Versions {
    fn default() -> Versions {
        Versions { version: 1, list: Vec::new() }
    }
}

impl Versions {
    /// Reads stored versions; `None` when the text is not a list of them (the UI says so and
    /// keeps the text: it is never overwritten by an empty list).
    pub fn parse(text: &str) -> Option<Versions> {
        let v: Versions = serde_json::from_str(text).ok()?;
        (v.version == 1).then_some(v)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Keeps `model` as a version named `name` (trimmed; `fallback` when empty), first in the
    /// list; the oldest past [`MAX_VERSIONS`] goes. Returns the new version's id.
    pub fn keep(&mut self, name: &str, fallback: &str, now: f64, model: String) -> String {
        let name = match name.trim() {
            "" => fallback.to_string(),
            n => n.to_string(),
        };
        let base = format!("v{}", now.max(0.0) as u64);
        let mut id = base.clone();
        let mut n = 1;
        while self.get(&id).is_some() {
            n += 1;
            id = format!("{base}-{n}");
        }
        self.list.insert(0, Version { id: id.clone(), name, saved: now, model });
        self.list.truncate(MAX_VERSIONS);
        id
    }

    pub fn get(&self, id: &str) -> Option<&Version> {
        self.list.iter().find(|v| v.id == id)
    }

    /// Removes version `id`; true if it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.list.len();
        self.list.retain(|v| v.id != id);
        self.list.len() != before
    }

    /// The name a new version gets when the user leaves it empty: "Version 3" for the third.
    pub fn next_number(&self) -> usize {
        self.list.len() + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_kept_newest_first_and_read_back() {
        let mut v = Versions::default();
        let a = v.keep("  before reviews  ", "Version 1", 1000.0, "{\"a\":1}".into());
        let b = v.keep("", "Version 2", 2000.0, "{\"b\":2}".into());
        assert_eq!(v.list.iter().map(|x| x.name.as_str()).collect::<Vec<_>>(), ["Version 2", "before reviews"]);
        assert_eq!(v.get(&a).map(|x| x.model.as_str()), Some("{\"a\":1}"));
        let back = Versions::parse(&v.to_json()).expect("reads back");
        assert_eq!(back, v);
        assert!(back.get(&b).is_some());
    }

    #[test]
    fn two_versions_in_one_millisecond_get_their_own_ids() {
        let mut v = Versions::default();
        let a = v.keep("x", "", 5.0, String::new());
        let b = v.keep("x", "", 5.0, String::new());
        assert_ne!(a, b);
        assert!(v.remove(&a));
        assert!(!v.remove(&a));
        assert_eq!(v.list.len(), 1);
        assert_eq!(v.next_number(), 2);
    }

    #[test]
    fn the_oldest_goes_past_the_limit() {
        let mut v = Versions::default();
        for i in 0..MAX_VERSIONS + 3 {
            v.keep(&format!("n{i}"), "", i as f64, String::new());
        }
        assert_eq!(v.list.len(), MAX_VERSIONS);
        assert_eq!(v.list[0].name, format!("n{}", MAX_VERSIONS + 2));
        assert_eq!(v.list.last().map(|x| x.name.clone()), Some("n3".to_string()));
    }

    #[test]
    fn text_that_is_not_a_list_of_versions_is_refused() {
        assert!(Versions::parse("").is_none());
        assert!(Versions::parse("{\"version\":2,\"list\":[]}").is_none());
        assert!(Versions::parse("[1,2]").is_none());
        assert_eq!(versions_key("d1"), "docshape.versions.d1");
    }
}
