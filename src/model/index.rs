//! Indexes declared on a collection (the advisor also derives its own from the queries).

use super::Id;
use serde::{Deserialize, Serialize};

/// One key of an index: a dotted field path and a direction (1 / -1). The path is an [`Id`]:
/// inline when short, so the indexes the advisor derives cost no allocation per key (it reads
/// and writes as the same JSON string).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IndexKey {
    pub field: Id,
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
            keys: keys.iter().map(|(f, d)| IndexKey { field: Id::new(f), dir: *d }).collect(),
            unique: false,
            ttl_seconds: None,
        }
    }

    /// mongosh key document: `{ socio_id: 1, dia: -1 }`.
    pub fn key_doc(&self) -> String {
        let mut out = String::with_capacity(8 + self.keys.iter().map(|k| k.field.len() + 8).sum::<usize>());
        // Writing to a String cannot fail.
        let _ = self.write_key_doc(&mut out);
        out
    }

    /// Calls `f` with the key document ([`IndexSpec::key_doc`]), written on the stack when it
    /// is short (most are): no `String` is built for a key document only passed on.
    pub fn with_key_doc<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        with_key_doc_of(self.keys.iter().map(|k| (k.field.as_str(), k.dir)), f)
    }

    /// Writes the key document ([`IndexSpec::key_doc`]) to `out`.
    pub fn write_key_doc(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        write_key_doc_of(self.keys.iter().map(|k| (k.field.as_str(), k.dir)), out)
    }

    /// Whether `self`'s keys are a prefix of `other`'s (same fields and directions).
    pub fn is_prefix_of(&self, other: &IndexSpec) -> bool {
        self.keys.len() <= other.keys.len() && self.keys.iter().zip(&other.keys).all(|(a, b)| a == b)
    }
}

/// Calls `f` with the key document of an index with these keys (field, direction), as
/// [`IndexSpec::key_doc`] writes it, for keys not held in an [`IndexSpec`] (such as a query
/// shape's ideal index): written on the stack when it is short (most are).
pub fn with_key_doc_of<'k, R>(keys: impl Iterator<Item = (&'k str, i8)> + Clone, f: impl FnOnce(&str) -> R) -> R {
    let mut buf = StackStr { len: 0, bytes: [0; 96] };
    match write_key_doc_of(keys.clone(), &mut buf) {
        Ok(()) => f(buf.as_str()),
        Err(_) => {
            let mut out = String::new();
            // Writing to a String cannot fail.
            let _ = write_key_doc_of(keys, &mut out);
            f(&out)
        }
    }
}

/// Writes the key document of these keys (see [`with_key_doc_of`]) to `out`.
fn write_key_doc_of<'k>(keys: impl Iterator<Item = (&'k str, i8)>, out: &mut impl std::fmt::Write) -> std::fmt::Result {
    out.write_str("{ ")?;
    for (i, (field, dir)) in keys.enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        // Bare when JavaScript reads it as a name; quoted through the one string escaper
        // otherwise (a name may hold quotes, line breaks or `</script>`).
        let bare = field.bytes().next().is_some_and(|c| !c.is_ascii_digit())
            && field.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        if bare {
            out.write_str(field)?;
        } else if crate::escape::js::is_plain(field) {
            out.write_char('"')?;
            out.write_str(field)?;
            out.write_char('"')?;
        } else {
            out.write_str(&crate::escape::js::string(field))?;
        }
        match dir {
            1 => out.write_str(": 1")?,
            -1 => out.write_str(": -1")?,
            dir => write!(out, ": {dir}")?,
        }
    }
    out.write_str(" }")
}

/// A short string written on the stack; writing past its capacity fails.
struct StackStr {
    len: usize,
    bytes: [u8; 96],
}

impl StackStr {
    fn as_str(&self) -> &str {
        // Only whole `&str`s are copied in, so the bytes are UTF-8.
        std::str::from_utf8(self.bytes.get(..self.len).unwrap_or_default()).unwrap_or_default()
    }
}

impl std::fmt::Write for StackStr {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_documents_quote_dotted_paths_and_fit_on_the_stack_or_not() {
        let short = IndexSpec::new(&[("socio_id", 1), ("dia", -1), ("eventos.material_id", 1)]);
        assert_eq!(short.key_doc(), "{ socio_id: 1, dia: -1, \"eventos.material_id\": 1 }");
        assert_eq!(short.with_key_doc(str::to_string), short.key_doc());
        let long: Vec<(String, i8)> = (0..12).map(|i| (format!("a_rather_long_field_{i}"), 1)).collect();
        let long: Vec<(&str, i8)> = long.iter().map(|(f, d)| (f.as_str(), *d)).collect();
        let long = IndexSpec::new(&long);
        assert!(long.key_doc().len() > 96);
        assert_eq!(long.with_key_doc(str::to_string), long.key_doc(), "longer than the stack buffer: built");
        let pairs = [("socio_id", 1), ("eventos.material_id", -1)];
        assert_eq!(
            with_key_doc_of(pairs.iter().copied(), str::to_string),
            "{ socio_id: 1, \"eventos.material_id\": -1 }"
        );
        let long: Vec<(String, i8)> = (0..12).map(|i| (format!("a_rather_long_field_{i}"), 1)).collect();
        let keys = long.iter().map(|(f, d)| (f.as_str(), *d));
        assert_eq!(
            with_key_doc_of(keys, str::to_string),
            IndexSpec::new(&long.iter().map(|(f, d)| (f.as_str(), *d)).collect::<Vec<_>>()).key_doc()
        );
    }
}
