//! Indexes declared on a collection (the advisor also derives its own from the queries), with
//! the options of MongoDB's `createIndex` (format version 4): a partial filter, sparse,
//! hidden, a collation, a name, and keys that are hashed, text or 2dsphere rather than ordered.

use super::{Collation, Id};
use serde::{Deserialize, Serialize};

/// One key of an index: a dotted field path and a direction (1 / -1), or, since format 4, a
/// kind of key that is not ordered (`type`: hashed, text, 2dsphere; its direction is then
/// unused). A wildcard key is spelled as the server spells it: the field `$**` or `path.$**`
/// ([`IndexKey::wildcard_path`]). The path is an [`Id`]: inline when short, so the indexes
/// the advisor derives cost no allocation per key (it reads and writes as the same JSON
/// string).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IndexKey {
    pub field: Id,
    #[serde(default = "one")]
    pub dir: i8,
    /// Format 4: a key that is not ordered; `None` for an ordinary (ascending or descending) key.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<KeyKind>,
}

fn one() -> i8 {
    1
}

/// What an unordered index key holds ("Hashed Indexes", "Text Indexes", "2dsphere Indexes").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KeyKind {
    /// The hash of the value: serves equality only, never a range or a sort.
    #[serde(rename = "hashed")]
    Hashed,
    /// The words of a string: serves `$text` search only.
    #[serde(rename = "text")]
    Text,
    /// GeoJSON on a sphere: serves geospatial queries only.
    #[serde(rename = "2dsphere")]
    Sphere2d,
}

impl KeyKind {
    /// The value of the key in a `createIndex` key document.
    pub fn name(self) -> &'static str {
        match self {
            KeyKind::Hashed => "hashed",
            KeyKind::Text => "text",
            KeyKind::Sphere2d => "2dsphere",
        }
    }
}

impl IndexKey {
    /// An ordinary key on `field` in direction `dir`.
    pub fn new(field: &str, dir: i8) -> IndexKey {
        IndexKey { field: Id::new(field), dir, kind: None }
    }

    /// For a wildcard key (`$**` or `path.$**`), the path under which it indexes every field
    /// (`""` for the whole document); `None` for any other key.
    pub fn wildcard_path(&self) -> Option<&str> {
        let field = self.field.as_str();
        if field == "$**" {
            return Some("");
        }
        field.strip_suffix(".$**")
    }
}

/// An index: its keys in order and the options of `createIndex`. Every option is optional and
/// a file of format 3 or older has none, so it means what it meant.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexSpec {
    pub keys: Vec<IndexKey>,
    #[serde(default)]
    pub unique: bool,
    /// A TTL index: documents expire this many seconds after the (date) key
    /// (`expireAfterSeconds`, also read under that name).
    #[serde(default, skip_serializing_if = "Option::is_none", alias = "expireAfterSeconds")]
    pub ttl_seconds: Option<u64>,
    /// Format 4: `partialFilterExpression`, the filter document as the server takes it
    /// (`{ "status": "active" }`, `{ "qty": { "$gt": 0 } }`): only the documents it matches are
    /// indexed, and a query uses the index only when its own filter implies this one. Kept as
    /// plain JSON (the order of an object's members is not kept: they are all required alike).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partial_filter_expression: Option<serde_json::Value>,
    /// Format 4: only documents that have the key are indexed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sparse: bool,
    /// Format 4: hidden from the query planner (still maintained on every write).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Format 4: the index's collation: it serves string matches and sorts only under the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collation: Option<Collation>,
    /// Format 4: the index's name (the server makes one from the keys when absent).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

impl IndexSpec {
    pub fn new(keys: &[(&str, i8)]) -> IndexSpec {
        IndexSpec { keys: keys.iter().map(|(f, d)| IndexKey::new(f, *d)).collect(), ..IndexSpec::default() }
    }

    /// Whether a key is hashed, text or 2dsphere, or a wildcard: an index the planner uses only
    /// for some kinds of match.
    pub fn has_special_keys(&self) -> bool {
        self.keys.iter().any(|k| k.kind.is_some() || k.wildcard_path().is_some())
    }

    /// Whether an option of the index limits which queries it can serve: hidden, partial,
    /// sparse, or a key that is not ordered.
    pub fn is_restricted(&self) -> bool {
        self.hidden || self.partial_filter_expression.is_some() || self.sparse || self.has_special_keys()
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
        match self.keys.iter().any(|k| k.kind.is_some()) {
            false => with_key_doc_of(self.keys.iter().map(|k| (k.field.as_str(), k.dir)), f),
            true => f(&self.key_doc()),
        }
    }

    /// Writes the key document ([`IndexSpec::key_doc`]) to `out`.
    pub fn write_key_doc(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        write_keys(self.keys.iter().map(|k| (k.field.as_str(), k.dir, k.kind)), out)
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
    write_keys(keys.map(|(field, dir)| (field, dir, None)), out)
}

/// Writes the key document of these keys (field, direction, kind) to `out`: `"hashed"`,
/// `"text"` or `"2dsphere"` in place of the direction for a key of that kind.
fn write_keys<'k>(
    keys: impl Iterator<Item = (&'k str, i8, Option<KeyKind>)>,
    out: &mut impl std::fmt::Write,
) -> std::fmt::Result {
    out.write_str("{ ")?;
    for (i, (field, dir, kind)) in keys.enumerate() {
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
        match (kind, dir) {
            (Some(kind), _) => write!(out, ": \"{}\"", kind.name())?,
            (None, 1) => out.write_str(": 1")?,
            (None, -1) => out.write_str(": -1")?,
            (None, dir) => write!(out, ": {dir}")?,
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
