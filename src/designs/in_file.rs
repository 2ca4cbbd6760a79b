//! Versions carried in a model file, when the user chooses to include them: an optional
//! top-level `versions` array, each with its name, when it was kept and the whole model as it
//! was (a model object of its own, without versions of its own).
//!
//! The member is an optional addition to format version 3, not a new version: a model file
//! means the same with or without it, the model (what `load` returns, what a share link and
//! `docshape diff` read) never holds it, and every reader of format 3 skips members it does not
//! know. So the model's file format is unchanged, and only this module reads or writes it.

use super::versions::{Version, Versions, MAX_VERSIONS};
use crate::model::{load, Model};
use serde::{Deserialize, Serialize};

/// One version as the file carries it.
#[derive(Debug, Clone, PartialEq)]
pub struct FileVersion {
    pub name: String,
    /// When it was kept, in milliseconds since 1970-01-01 UTC.
    pub at: u64,
    pub model: Model,
}

#[derive(Serialize)]
struct Out<'a> {
    name: &'a str,
    at: u64,
    model: &'a Model,
}

#[derive(Serialize)]
struct WithVersions<'a> {
    #[serde(flatten)]
    model: &'a Model,
    versions: Vec<Out<'a>>,
}

/// The model file of `model` with `versions` in it (newest first, as the browser lists them);
/// without a `versions` member when there are none.
pub fn file_with_versions(model: &Model, versions: &[FileVersion]) -> String {
    if versions.is_empty() {
        return model.to_json();
    }
    let versions = versions.iter().map(|v| Out { name: &v.name, at: v.at, model: &v.model }).collect();
    serde_json::to_string_pretty(&WithVersions { model, versions }).unwrap_or_else(|_| model.to_json())
}

/// The browser's kept versions as a file carries them; a version whose stored text no longer
/// loads is left out (the count of them is returned too, for the user to be told).
pub fn from_stored(list: &[Version]) -> (Vec<FileVersion>, usize) {
    let mut skipped = 0;
    let out = list
        .iter()
        .filter_map(|v| match load(&v.model) {
            Ok(model) => Some(FileVersion { name: v.name.clone(), at: v.saved.max(0.0) as u64, model }),
            Err(_) => {
                skipped += 1;
                None
            }
        })
        .collect();
    (out, skipped)
}

#[derive(Deserialize)]
struct Raw {
    name: String,
    at: u64,
    /// The version's model file, as written: read by [`load`] like any other.
    model: Box<serde_json::value::RawValue>,
}

#[derive(Deserialize)]
struct OnlyVersions {
    #[serde(default)]
    versions: Option<Vec<Raw>>,
}

/// The versions a model file carries (none when it has no `versions` member). A version whose
/// model does not load refuses the whole list, with the version's name and the reason: the file
/// itself may still be opened without them. A version's own `versions` are ignored.
pub fn versions_in(text: &str) -> Result<Vec<FileVersion>, String> {
    let only: OnlyVersions = serde_json::from_str(text).map_err(|e| format!("\"versions\": {e}"))?;
    only.versions
        .unwrap_or_default()
        .into_iter()
        .map(|raw| {
            load(raw.model.get())
                .map(|model| FileVersion { name: raw.name.clone(), at: raw.at, model })
                .map_err(|e| format!("version \"{}\": {e}", raw.name))
        })
        .collect()
}

impl Versions {
    /// Adds the versions of a file to the kept ones: one that is already kept (same name, time
    /// and model) is not added twice; two with the same name or time are both kept, each with
    /// its own id. The list stays newest first and within [`MAX_VERSIONS`] (the oldest go).
    /// Returns how many were added.
    pub fn merge(&mut self, incoming: &[FileVersion]) -> usize {
        let mut added = 0;
        for v in incoming {
            let text = v.model.to_json();
            let saved = v.at as f64;
            let known = self
                .list
                .iter()
                .any(|k| k.name == v.name && k.saved == saved && load(&k.model).is_ok_and(|m| m == v.model));
            if known {
                continue;
            }
            let base = format!("v{}", v.at);
            let mut id = base.clone();
            let mut n = 1;
            while self.get(&id).is_some() {
                n += 1;
                id = format!("{base}-{n}");
            }
            self.list.push(Version { id, name: v.name.clone(), saved, model: text });
            added += 1;
        }
        // Newest first; a stable sort keeps the order of versions kept in the same millisecond.
        self.list.sort_by(|a, b| b.saved.total_cmp(&a.saved));
        self.list.truncate(MAX_VERSIONS);
        added.min(self.list.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    fn design(name: &str, boxes: usize) -> Model {
        let mut m = Model::new(name);
        for i in 0..boxes {
            m.entities.push(Entity::new(&format!("e{i}"), &format!("box{i}")));
        }
        m
    }

    #[test]
    fn a_file_with_versions_reads_back_the_model_and_the_versions() {
        let now = design("now", 3);
        let versions = vec![
            FileVersion { name: "before \u{202e}reviews</script>".into(), at: 2_000, model: design("two", 2) },
            FileVersion { name: "first".into(), at: 1_000, model: design("one", 1) },
        ];
        let text = file_with_versions(&now, &versions);
        assert_eq!(load(&text).expect("the model loads"), now, "the versions do not change the model");
        assert_eq!(versions_in(&text).expect("the versions load"), versions);
        assert!(text.contains(&format!("\"formatVersion\": {}", crate::model::FORMAT_VERSION)), "the newest format");
    }

    #[test]
    fn a_file_without_versions_has_no_member_and_none_to_read() {
        let m = design("plain", 1);
        let text = file_with_versions(&m, &[]);
        assert_eq!(text, m.to_json());
        assert!(versions_in(&text).expect("reads").is_empty());
    }

    #[test]
    fn a_versions_own_versions_are_dropped_and_a_broken_version_is_named() {
        let inner = file_with_versions(
            &design("inner", 1),
            &[FileVersion { name: "deep".into(), at: 1, model: design("d", 0) }],
        );
        let outer = format!(
            "{{\"format\":\"docshape\",\"formatVersion\":3,\"name\":\"o\",\"versions\":[{{\"name\":\"v\",\"at\":5,\"model\":{inner}}}]}}"
        );
        let read = versions_in(&outer).expect("reads");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].model, design("inner", 1));
        assert!(!file_with_versions(&design("x", 0), &read).contains("deep"), "no nested versions are written");
        let broken = r#"{"format":"docshape","formatVersion":3,"name":"o","versions":[{"name":"bad \"one\"","at":1,"model":{"format":"x"}}]}"#;
        let e = versions_in(broken).expect_err("refused");
        assert!(e.contains("bad \"one\""), "{e}");
        assert!(load(broken).is_ok(), "the file itself still opens");
    }

    #[test]
    fn merging_skips_what_is_kept_and_keeps_namesakes_apart() {
        let mut kept = Versions::default();
        kept.keep("same", "", 1_000.0, design("a", 1).to_json());
        let incoming = vec![
            FileVersion { name: "same".into(), at: 1_000, model: design("a", 1) },
            FileVersion { name: "same".into(), at: 1_000, model: design("b", 2) },
            FileVersion { name: "later".into(), at: 3_000, model: design("c", 0) },
        ];
        assert_eq!(kept.merge(&incoming), 2);
        let names: Vec<&str> = kept.list.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["later", "same", "same"]);
        let ids: std::collections::HashSet<&str> = kept.list.iter().map(|v| v.id.as_str()).collect();
        assert_eq!(ids.len(), 3, "each has its own id");
        assert_eq!(kept.merge(&incoming), 0, "merging again adds nothing");
    }

    #[test]
    fn merging_more_than_the_limit_keeps_the_newest() {
        let mut kept = Versions::default();
        let many: Vec<FileVersion> = (0..MAX_VERSIONS as u64 + 5)
            .map(|i| FileVersion { name: format!("n{i}"), at: i, model: design("m", 0) })
            .collect();
        kept.merge(&many);
        assert_eq!(kept.list.len(), MAX_VERSIONS);
        assert_eq!(kept.list[0].name, format!("n{}", MAX_VERSIONS + 4));
    }

    #[test]
    fn stored_versions_that_no_longer_load_are_counted_not_written() {
        let mut kept = Versions::default();
        kept.keep("ok", "", 10.0, design("ok", 1).to_json());
        kept.keep("broken", "", 20.0, "{".into());
        let (out, skipped) = from_stored(&kept.list);
        assert_eq!(skipped, 1);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].name, "ok");
        assert_eq!(out[0].at, 10);
    }
}
