//! The designs a user keeps in the browser ("My designs"): an index of entries (id, name, when
//! last saved, a revision number) kept apart from the designs' texts, and the decisions the
//! browser shell takes on it (which design a tab opens, what a tab does when another tab saved
//! the design it shows). Plain Rust, no browser dependency: the UI stores the texts.

pub mod in_file;
pub mod versions;

use serde::{Deserialize, Serialize};

/// The id of the design migrated from the single autosave of earlier versions: its text stays
/// where it was (`docshape.model`), so the migration copies nothing and cannot fail on quota.
pub const LEGACY_ID: &str = "legacy";

/// Where the text of design `id` is stored.
pub fn design_key(id: &str) -> String {
    if id == LEGACY_ID {
        "docshape.model".to_string()
    } else {
        format!("docshape.design.{id}")
    }
}

/// One saved design as the list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub name: String,
    /// When it was last saved, in milliseconds since 1970 (the browser's clock).
    pub updated: f64,
    /// Bumped by every save: a tab that saw revision `n` and finds another number knows that
    /// another tab saved in between.
    pub rev: u64,
    /// The size of its text in bytes (shown in the list, so the user sees what fills storage).
    #[serde(default)]
    pub bytes: usize,
}

/// The list of saved designs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Index {
    pub version: u32,
    pub designs: Vec<Entry>,
}

impl Index {
    /// Reads a stored index; `None` when the text is not one (the caller rebuilds it).
    pub fn parse(text: &str) -> Option<Index> {
        let index: Index = serde_json::from_str(text).ok()?;
        (index.version == 1).then_some(index)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn new() -> Index {
        Index { version: 1, designs: Vec::new() }
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.designs.iter().find(|e| e.id == id)
    }

    /// Records a save of design `id`: a new entry, or the next revision of an existing one.
    /// Returns the revision written.
    pub fn saved(&mut self, id: &str, name: &str, bytes: usize, now: f64) -> u64 {
        match self.designs.iter_mut().find(|e| e.id == id) {
            Some(e) => {
                e.rev += 1;
                e.name = name.to_string();
                e.updated = now;
                e.bytes = bytes;
                e.rev
            }
            None => {
                self.designs.push(Entry { id: id.to_string(), name: name.to_string(), updated: now, rev: 1, bytes });
                1
            }
        }
    }

    /// Removes design `id`; true if it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.designs.len();
        self.designs.retain(|e| e.id != id);
        self.designs.len() != before
    }

    /// The entries, most recently saved first.
    pub fn by_recent(&self) -> Vec<Entry> {
        let mut list = self.designs.clone();
        list.sort_by(|a, b| b.updated.total_cmp(&a.updated).then_with(|| a.name.cmp(&b.name)));
        list
    }

    /// The design a tab opens when it has none of its own: the one saved last.
    pub fn most_recent(&self) -> Option<&Entry> {
        self.designs.iter().max_by(|a, b| a.updated.total_cmp(&b.updated))
    }

    /// An id no entry has, made from the clock and a random number.
    pub fn new_id(&self, now: f64, random: f64) -> String {
        let mut n = (now.max(0.0) as u64) ^ (((random.clamp(0.0, 1.0)) * u32::MAX as f64) as u64) << 20;
        loop {
            let id = format!("d{}", base36(n));
            if self.get(&id).is_none() && id != LEGACY_ID {
                return id;
            }
            n = n.wrapping_add(1);
        }
    }
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// What a tab showing design `current` (last seen at revision `seen`) does when the index
/// changes under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remote {
    /// Nothing changed for this tab's design.
    Unchanged,
    /// Another tab saved a newer version and this tab has no unsaved edits: show it.
    Follow(u64),
    /// Another tab saved a newer version while this tab has unsaved edits: ask the user.
    Conflict(u64),
    /// The design was deleted in another tab.
    Deleted,
}

/// Decides what the tab does; `unsaved` is true when it has edits not yet written.
pub fn on_remote_change(index: &Index, current: Option<&str>, seen: u64, unsaved: bool) -> Remote {
    let Some(id) = current else { return Remote::Unchanged };
    match index.get(id) {
        None if seen == 0 => Remote::Unchanged,
        None => Remote::Deleted,
        Some(e) if e.rev == seen => Remote::Unchanged,
        Some(e) if unsaved => Remote::Conflict(e.rev),
        Some(e) => Remote::Follow(e.rev),
    }
}

/// Whether a tab that last saw revision `seen` of design `id` may write it now: only if nobody
/// else wrote it since (so two tabs never overwrite each other silently).
pub fn may_write(index: &Index, id: &str, seen: u64) -> bool {
    index.get(id).map_or(seen == 0, |e| e.rev == seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_with(ids: &[(&str, f64)]) -> Index {
        let mut index = Index::new();
        for (id, at) in ids {
            index.saved(id, &format!("name {id}"), 10, *at);
        }
        index
    }

    #[test]
    fn the_index_round_trips_and_rejects_what_it_is_not() {
        let index = index_with(&[("a", 1.0), ("b", 2.0)]);
        assert_eq!(Index::parse(&index.to_json()), Some(index));
        assert_eq!(Index::parse("not json"), None);
        assert_eq!(Index::parse(r#"{"version":2,"designs":[]}"#), None);
        assert_eq!(Index::parse(r#"{"designs":[]}"#), None);
    }

    #[test]
    fn saves_bump_the_revision_and_the_list_is_most_recent_first() {
        let mut index = index_with(&[("a", 1.0), ("b", 2.0)]);
        assert_eq!(index.saved("a", "renamed", 20, 3.0), 2);
        let list = index.by_recent();
        assert_eq!(list.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!((list[0].name.as_str(), list[0].bytes, list[0].rev), ("renamed", 20, 2));
        assert_eq!(index.most_recent().map(|e| e.id.as_str()), Some("a"));
        assert!(index.remove("a"));
        assert!(!index.remove("a"));
        assert_eq!(index.most_recent().map(|e| e.id.as_str()), Some("b"));
    }

    #[test]
    fn the_legacy_design_keeps_its_old_key() {
        assert_eq!(design_key(LEGACY_ID), "docshape.model");
        assert_eq!(design_key("d42"), "docshape.design.d42");
    }

    #[test]
    fn new_ids_are_unique_even_on_the_same_clock_tick() {
        let mut index = Index::new();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..50 {
            let id = index.new_id(1_700_000_000_000.0, 0.5);
            assert!(id.starts_with('d') && id.len() > 1, "{id}");
            assert!(seen.insert(id.clone()), "{id} repeated");
            index.saved(&id, "x", 1, 0.0);
        }
    }

    #[test]
    fn a_tab_follows_another_tabs_save_unless_it_has_unsaved_edits() {
        let mut index = index_with(&[("a", 1.0)]);
        assert_eq!(on_remote_change(&index, Some("a"), 1, false), Remote::Unchanged);
        index.saved("a", "a", 10, 2.0);
        assert_eq!(on_remote_change(&index, Some("a"), 1, false), Remote::Follow(2));
        assert_eq!(on_remote_change(&index, Some("a"), 1, true), Remote::Conflict(2));
        assert_eq!(on_remote_change(&index, None, 0, true), Remote::Unchanged);
        assert_eq!(on_remote_change(&index, Some("b"), 0, true), Remote::Unchanged, "not saved yet");
        index.remove("a");
        assert_eq!(on_remote_change(&index, Some("a"), 2, false), Remote::Deleted);
    }

    #[test]
    fn a_write_is_allowed_only_over_the_revision_the_tab_saw() {
        let mut index = index_with(&[("a", 1.0)]);
        assert!(may_write(&index, "a", 1));
        index.saved("a", "a", 10, 2.0);
        assert!(!may_write(&index, "a", 1), "another tab saved revision 2");
        assert!(may_write(&index, "a", 2));
        assert!(may_write(&index, "new", 0));
        assert!(!may_write(&index, "gone", 3), "deleted elsewhere");
    }
}
