//! Indexes declared on a collection (the advisor also derives its own from the queries).

use serde::{Deserialize, Serialize};

/// One key of an index: a dotted field path and a direction (1 / -1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IndexKey {
    pub field: String,
    #[serde(default = "one")]
    pub dir: i8,
}

fn one() -> i8 {
    1
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexSpec {
    pub keys: Vec<IndexKey>,
    #[serde(default)]
    pub unique: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_seconds: Option<u64>,
}

impl IndexSpec {
    pub fn new(keys: &[(&str, i8)]) -> IndexSpec {
        IndexSpec {
            keys: keys.iter().map(|(f, d)| IndexKey { field: f.to_string(), dir: *d }).collect(),
            unique: false,
            ttl_seconds: None,
        }
    }

    /// mongosh key document: `{ socio_id: 1, dia: -1 }`.
    pub fn key_doc(&self) -> String {
        use std::fmt::Write;
        let mut out = String::with_capacity(8 + self.keys.iter().map(|k| k.field.len() + 8).sum::<usize>());
        out.push_str("{ ");
        for (i, k) in self.keys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let bare = k.field.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
            if !bare {
                out.push('"');
            }
            out.push_str(&k.field);
            if !bare {
                out.push('"');
            }
            match k.dir {
                1 => out.push_str(": 1"),
                -1 => out.push_str(": -1"),
                dir => {
                    let _ = write!(out, ": {dir}");
                }
            }
        }
        out.push_str(" }");
        out
    }

    /// Whether `self`'s keys are a prefix of `other`'s (same fields and directions).
    pub fn is_prefix_of(&self, other: &IndexSpec) -> bool {
        self.keys.len() <= other.keys.len() && self.keys.iter().zip(&other.keys).all(|(a, b)| a == b)
    }
}
