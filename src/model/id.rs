//! The id (or field path) a [`Place`](super::Place) or a fix names: cheap to clone and to drop.
//!
//! Every finding and pattern names the element it is about, and the advisor emits thousands of
//! them per analysis on a large model. Ids of up to 22 bytes (the model's ids and most field
//! paths: `libro`, `usuario-seguidores`, `r1999`) are stored inline, so making, cloning and
//! dropping one never allocates; a longer one is allocated once and shared on clone. It reads
//! as a `&str` (`Deref`), compares with strings, and serialises as a plain JSON string.

use crate::i18n::{Arg, ShortStr};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

/// An id or a path, inline when short (see the module documentation).
#[derive(Clone)]
pub struct Id(Repr);

#[derive(Clone)]
enum Repr {
    Short(ShortStr),
    Shared(Arc<str>),
}

impl Id {
    /// `s` as an id: inline when it fits, allocated once otherwise.
    pub fn new(s: &str) -> Id {
        match ShortStr::new(s) {
            Some(short) => Id(Repr::Short(short)),
            None => Id(Repr::Shared(Arc::from(s))),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Short(s) => s.as_str(),
            Repr::Shared(s) => s,
        }
    }

    /// The id's bytes, read without checking their UTF-8 again (as [`Id::as_str`] must for an
    /// inline id): comparing and hashing need only the bytes.
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Short(s) => s.as_bytes(),
            Repr::Shared(s) => s.as_bytes(),
        }
    }

    /// The id as a sentence argument, without allocating when it is inline.
    pub fn arg(&self) -> Arg {
        match &self.0 {
            Repr::Short(s) => Arg::Short(*s),
            Repr::Shared(s) => Arg::Shared(Arc::clone(s)),
        }
    }
}

impl Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Id {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for Id {
    fn from(s: &str) -> Id {
        Id::new(s)
    }
}

impl From<&String> for Id {
    fn from(s: &String) -> Id {
        Id::new(s)
    }
}

impl From<String> for Id {
    fn from(s: String) -> Id {
        Id::new(&s)
    }
}

impl From<&Id> for Id {
    fn from(s: &Id) -> Id {
        s.clone()
    }
}

impl From<Id> for String {
    fn from(id: Id) -> String {
        id.as_str().to_string()
    }
}

impl Id {
    /// Whether the id is `s`, compared as bytes, without reading an inline id back as a `&str`
    /// (which checks its UTF-8 each time) nor copying `s` inline: the advisor compares relation
    /// ids to pair advice with relations thousands of times per analysis.
    fn is(&self, s: &str) -> bool {
        self.as_bytes() == s.as_bytes()
    }
}

impl PartialEq for Id {
    fn eq(&self, other: &Id) -> bool {
        match (&self.0, &other.0) {
            (Repr::Short(a), Repr::Short(b)) => a == b,
            _ => self.as_str() == other.as_str(),
        }
    }
}

impl Eq for Id {}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.is(other)
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.is(other)
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        self.is(other)
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        other.is(self)
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        other.is(self)
    }
}

impl PartialEq<Id> for &str {
    fn eq(&self, other: &Id) -> bool {
        other.is(self)
    }
}

impl PartialOrd for Id {
    fn partial_cmp(&self, other: &Id) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Id {
    /// As the strings compare: `str` orders by its bytes.
    fn cmp(&self, other: &Id) -> std::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

/// Hashes as the `str` it holds, so a `&str` finds it in a map keyed by ids: a `str` hashes
/// its bytes and then the end mark `0xff` (`Hasher::write_str`), written here from the bytes
/// without reading them back as a `str`.
impl Hash for Id {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.as_bytes());
        state.write_u8(0xff);
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

/// As the `str` (quoted), like the `String` it replaces.
impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Id {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// From a plain JSON string, like the `String` it replaces (inline when short).
impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Id;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Id, E> {
                Ok(Id::new(s))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

impl From<Id> for Arg {
    fn from(id: Id) -> Arg {
        id.arg()
    }
}

impl From<&Id> for Arg {
    fn from(id: &Id) -> Arg {
        id.arg()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids_are_inline_long_ones_shared_and_both_read_as_their_string() {
        let short = Id::from("usuario-seguidores");
        assert!(matches!(short.0, Repr::Short(_)));
        let long_text = "a-relation-id-well-beyond-twenty-two-bytes";
        let long = Id::from(long_text);
        assert!(matches!(long.0, Repr::Shared(_)));
        let copy = long.clone();
        assert!(matches!((&long.0, &copy.0), (Repr::Shared(a), Repr::Shared(b)) if Arc::ptr_eq(a, b)));
        assert_eq!(short, "usuario-seguidores");
        assert_eq!(copy, long_text.to_string());
        assert_eq!(format!("{short} {short:?}"), "usuario-seguidores \"usuario-seguidores\"");
        assert_eq!(
            serde_json::to_string(&long).ok().as_deref(),
            Some("\"a-relation-id-well-beyond-twenty-two-bytes\"")
        );
        assert_eq!(Id::from(""), "");
        let mut set = std::collections::HashSet::new();
        set.insert(short.clone());
        assert!(set.contains("usuario-seguidores"));
        assert_eq!(std::mem::size_of::<Id>(), std::mem::size_of::<String>());
        for text in ["usuario-seguidores", long_text, "", "a.\"quoted\" año"] {
            let json = serde_json::to_string(text).expect("a JSON string");
            let id: Id = serde_json::from_str(&json).expect("an id");
            assert_eq!(id, text);
            assert_eq!(serde_json::to_string(&id).ok(), Some(json), "read and written as the same string");
        }
        assert!(serde_json::from_str::<Id>("3").is_err(), "only a string is an id");
    }

    /// Equality reads the same whether the ids are inline or shared, compared with ids or
    /// strings, at and around the 22-byte edge.
    #[test]
    fn ids_equal_exactly_the_strings_they_hold() {
        let texts =
            ["", "a", "r1", "r10", "usuario-seguidores", "exactly-twenty-two-byt", "exactly-twenty-two-byte", "año"];
        for a in texts {
            let id = Id::new(a);
            for b in texts {
                let same = a == b;
                let owned = b.to_string();
                assert_eq!(id == b, same, "{a} == {b}");
                assert_eq!(id == *b, same, "{a} == {b}");
                assert_eq!(id == owned, same, "{a} == {b}");
                assert_eq!(b == id, same, "{b} == {a}");
                assert_eq!(owned == id, same, "{b} == {a}");
                assert_eq!(id == Id::new(b), same, "{a} == Id {b}");
            }
            assert_eq!(id, Id(Repr::Shared(Arc::from(a))), "inline and shared {a}");
        }
    }

    /// Ids hash and order exactly as the strings they hold, inline or shared (a map keyed by
    /// ids is searched with `&str`s).
    #[test]
    fn ids_hash_and_order_as_their_strings() {
        use std::hash::BuildHasher;
        let texts = ["", "a", "r1", "r10", "b", "exactly-twenty-two-byt", "exactly-twenty-two-byte", "año", "ab\u{0}"];
        fn same<S: BuildHasher>(s: &S, text: &str, id: &Id) -> bool {
            s.hash_one(text) == s.hash_one(id)
        }
        let sip = std::collections::hash_map::RandomState::new();
        for a in texts {
            for id in [Id::new(a), Id(Repr::Shared(Arc::from(a)))] {
                assert!(same(&sip, a, &id), "{a:?}");
                assert_eq!(id.as_bytes(), a.as_bytes());
                for b in texts {
                    assert_eq!(id.cmp(&Id::new(b)), a.cmp(b), "{a} vs {b}");
                }
            }
        }
    }
}
