//! The id (or field path) a [`Place`](super::Place) or a fix names: a string, shared on clone.
//!
//! Every finding and pattern names the element it is about, and the advisor emits thousands of
//! them per analysis on a large model: an `Id` is made once and cloned by sharing (`Arc<str>`).
//! It reads as a `&str` (`Deref`), compares, hashes and orders as its string, and serialises
//! as a plain JSON string.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// An id or a path (see the module documentation).
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id(Arc<str>);

impl Id {
    /// `s` as an id.
    pub fn new(s: &str) -> Id {
        Id(Arc::from(s))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The shared string (cloning it does not copy the text).
    pub fn shared(&self) -> &Arc<str> {
        &self.0
    }
}

impl Deref for Id {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Id {
    fn borrow(&self) -> &str {
        &self.0
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
        Id(Arc::from(s))
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

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Id {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Id> for str {
    fn eq(&self, other: &Id) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<Id> for &str {
    fn eq(&self, other: &Id) -> bool {
        *self == other.as_str()
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

/// From a plain JSON string, like the `String` it replaces.
impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Id, D::Error> {
        String::deserialize(deserializer).map(Id::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_reads_compares_and_serialises_as_its_string() {
        let long_text = "a-relation-id-well-beyond-twenty-two-bytes";
        let long = Id::from(long_text);
        let copy = long.clone();
        assert!(Arc::ptr_eq(long.shared(), copy.shared()), "a clone shares the text");
        assert_eq!(copy, long_text.to_string());
        let short = Id::from("usuario-seguidores");
        assert_eq!(short, "usuario-seguidores");
        assert_eq!(format!("{short} {short:?}"), "usuario-seguidores \"usuario-seguidores\"");
        assert_eq!(Id::from(""), "");
        let mut set = crate::keyed::HashSet::default();
        set.insert(short.clone());
        assert!(set.contains("usuario-seguidores"));
        for text in ["usuario-seguidores", long_text, "", "a.\"quoted\" año"] {
            let json = serde_json::to_string(text).expect("a JSON string");
            let id: Id = serde_json::from_str(&json).expect("an id");
            assert_eq!(id, text);
            assert_eq!(serde_json::to_string(&id).ok(), Some(json), "read and written as the same string");
        }
        assert!(serde_json::from_str::<Id>("3").is_err(), "only a string is an id");
    }

    /// Ids equal, hash and order exactly as the strings they hold (a map keyed by ids is
    /// searched with `&str`s).
    #[test]
    fn ids_equal_hash_and_order_as_their_strings() {
        use std::hash::BuildHasher;
        let texts = ["", "a", "r1", "r10", "b", "exactly-twenty-two-byt", "año", "ab\u{0}"];
        let hasher = std::collections::hash_map::RandomState::new();
        for a in texts {
            let id = Id::new(a);
            assert_eq!(hasher.hash_one(a), hasher.hash_one(&id), "{a:?}");
            for b in texts {
                let owned = b.to_string();
                assert_eq!(id == b, a == b, "{a} == {b}");
                assert_eq!(b == id, a == b, "{b} == {a}");
                assert_eq!(id == owned, a == b, "{a} == {b}");
                assert_eq!(owned == id, a == b, "{b} == {a}");
                assert_eq!(id == Id::new(b), a == b, "{a} == Id {b}");
                assert_eq!(id.cmp(&Id::new(b)), a.cmp(b), "{a} vs {b}");
            }
        }
    }
}
