//! The value tree every exporter renders: a small BSON value enum with ordered documents.
//!
//! Example documents and synthetic data are built once as `Bson` and rendered three ways
//! (mongosh, relaxed and canonical Extended JSON). The `$jsonSchema` exporter reuses the tree as
//! an ordered JSON object, so keys come out in model order.

use std::borrow::Cow;

/// One BSON value. Documents keep their keys in insertion order.
#[derive(Debug, Clone, PartialEq)]
pub enum Bson {
    /// 12 bytes.
    ObjectId([u8; 12]),
    /// Milliseconds since the Unix epoch, UTC.
    Date(i64),
    /// A Decimal128 written as its decimal string (`"29.99"`).
    Decimal(String),
    Long(i64),
    Int(i32),
    Double(f64),
    /// Text; borrowed when it is a fixed word (a `bsonType` name in a validator).
    String(Key),
    Bool(bool),
    Null,
    /// Binary data of subtype 0 (generic).
    Binary(Vec<u8>),
    /// A BSON timestamp: seconds and an increment.
    Timestamp {
        t: u32,
        i: u32,
    },
    Array(Vec<Bson>),
    Document(Doc),
}

/// A key of a document: borrowed when it is a fixed word (`bsonType`, `properties`), so the
/// validators' many fixed keys cost no allocation.
pub type Key = Cow<'static, str>;

/// A document: keys in order. Look-ups are linear, which is right for documents of tens of keys.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Doc(pub Vec<(Key, Bson)>);

impl Doc {
    pub fn new() -> Doc {
        Doc(Vec::new())
    }

    /// An empty document with room for `n` keys.
    pub fn with_capacity(n: usize) -> Doc {
        Doc(Vec::with_capacity(n))
    }

    /// Appends a key (or replaces the value of an existing one, keeping its place).
    pub fn insert(&mut self, key: impl Into<Key>, value: Bson) {
        let key = key.into();
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key, value)),
        }
    }

    /// Builder form of `insert`.
    pub fn with(mut self, key: impl Into<Key>, value: Bson) -> Doc {
        self.insert(key, value);
        self
    }

    pub fn get(&self, key: &str) -> Option<&Bson> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Bson> {
        self.0.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Value at a dotted path through sub-documents (`valoracion.media`).
    pub fn get_path(&self, path: &str) -> Option<&Bson> {
        match path.split_once('.') {
            None => self.get(path),
            Some((head, rest)) => match self.get(head)? {
                Bson::Document(d) => d.get_path(rest),
                _ => None,
            },
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_ref())
    }
}

impl Bson {
    /// A string value.
    pub fn str(s: impl Into<String>) -> Bson {
        Bson::String(Cow::Owned(s.into()))
    }

    /// A fixed string value (a type name, a keyword): no allocation.
    pub const fn word(s: &'static str) -> Bson {
        Bson::String(Cow::Borrowed(s))
    }

    /// A number as it reads in a schema: an `Int` when integral and in range, else a `Double`.
    pub fn number(x: f64) -> Bson {
        if x.fract() == 0.0 && x >= i32::MIN as f64 && x <= i32::MAX as f64 {
            Bson::Int(x as i32)
        } else {
            Bson::Double(x)
        }
    }

    pub fn as_doc(&self) -> Option<&Doc> {
        match self {
            Bson::Document(d) => Some(d),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Bson]> {
        match self {
            Bson::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Bson::String(s) => Some(s),
            _ => None,
        }
    }

    /// Integral value of an `Int` or `Long`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Bson::Int(n) => Some(*n as i64),
            Bson::Long(n) => Some(*n),
            _ => None,
        }
    }

    /// Numeric value of any number type (decimals parsed from their string).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Bson::Int(n) => Some(*n as f64),
            Bson::Long(n) => Some(*n as f64),
            Bson::Double(x) => Some(*x),
            Bson::Decimal(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The exact number of bytes this value takes inside a BSON document (without its key).
    pub fn bson_value_size(&self) -> usize {
        match self {
            Bson::ObjectId(_) => 12,
            Bson::Date(_) | Bson::Long(_) | Bson::Double(_) | Bson::Timestamp { .. } => 8,
            Bson::Decimal(_) => 16,
            Bson::Int(_) => 4,
            Bson::String(s) => 4 + s.len() + 1,
            Bson::Bool(_) => 1,
            Bson::Null => 0,
            Bson::Binary(b) => 4 + 1 + b.len(),
            Bson::Array(items) => {
                4 + items.iter().enumerate().map(|(i, v)| 1 + digits(i) + 1 + v.bson_value_size()).sum::<usize>() + 1
            }
            Bson::Document(d) => d.bson_size(),
        }
    }
}

impl Doc {
    /// The exact size of this document encoded as BSON (what `bson.encode` returns).
    pub fn bson_size(&self) -> usize {
        4 + self.0.iter().map(|(k, v)| 1 + k.len() + 1 + v.bson_value_size()).sum::<usize>() + 1
    }
}

fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// Lowercase hex of an ObjectId.
pub fn oid_hex(bytes: &[u8; 12]) -> String {
    let mut s = String::with_capacity(24);
    push_oid_hex(&mut s, bytes);
    s
}

/// Appends the 24 hex digits of an ObjectId to `out`.
pub fn push_oid_hex(out: &mut String, bytes: &[u8; 12]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    for b in bytes {
        out.push(HEX[(b >> 4) as usize] as char);
        out.push(HEX[(b & 15) as usize] as char);
    }
}

/// Standard base64 (with padding) of binary data.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for (i, shift) in [18u32, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> shift) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bson_sizes_follow_the_spec() {
        // {} is 5 bytes; {"a": 1} is 4 + (1 + 2 + 4) + 1 = 12.
        assert_eq!(Doc::new().bson_size(), 5);
        assert_eq!(Doc::new().with("a", Bson::Int(1)).bson_size(), 12);
        // {"s": "ab"}: 4 + 1 + 2 + (4 + 2 + 1) + 1 = 15.
        assert_eq!(Doc::new().with("s", Bson::str("ab")).bson_size(), 15);
        // {"x": [true, null]}: array doc = 4 + (1+2+1) + (1+2+0) + 1 = 12; total 4 + 1 + 2 + 12 + 1 = 20.
        assert_eq!(Doc::new().with("x", Bson::Array(vec![Bson::Bool(true), Bson::Null])).bson_size(), 20);
    }

    #[test]
    fn base64_pads() {
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b""), "");
    }

    #[test]
    fn insert_keeps_the_place_of_existing_keys() {
        let mut d = Doc::new().with("a", Bson::Int(1)).with("b", Bson::Int(2));
        d.insert("a", Bson::Int(3));
        assert_eq!(d.keys().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(d.get("a"), Some(&Bson::Int(3)));
    }
}
