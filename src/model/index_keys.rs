//! The keys of an index: a list of its own, or a range of a list shared by many indexes.
//!
//! An index the designer declares (or a test builds) owns its keys. The advisor derives
//! hundreds of indexes per analysis and keeps all their keys in one shared list, each index a
//! range of it: one allocation for every derived key rather than one per index. Both kinds
//! read as a slice (`Deref`), compare by their keys and serialise as the same JSON array.

use super::IndexKey;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The keys of an [`IndexSpec`](super::IndexSpec), in order (see the module documentation).
#[derive(Clone)]
pub struct IndexKeys(Repr);

#[derive(Clone)]
enum Repr {
    Own(Vec<IndexKey>),
    Shared { store: Arc<Vec<IndexKey>>, start: u32, end: u32 },
}

impl IndexKeys {
    /// No keys (no allocation).
    pub const fn new() -> IndexKeys {
        IndexKeys(Repr::Own(Vec::new()))
    }

    /// The keys `range` of `store` (none when the range is outside it).
    pub fn shared(store: &Arc<Vec<IndexKey>>, range: std::ops::Range<usize>) -> IndexKeys {
        match (u32::try_from(range.start), u32::try_from(range.end)) {
            (Ok(start), Ok(end)) if store.get(range.clone()).is_some() => {
                IndexKeys(Repr::Shared { store: Arc::clone(store), start, end })
            }
            _ => IndexKeys::new(),
        }
    }

    pub fn as_slice(&self) -> &[IndexKey] {
        match &self.0 {
            Repr::Own(keys) => keys,
            Repr::Shared { store, start, end } => store.get(*start as usize..*end as usize).unwrap_or_default(),
        }
    }
}

impl Default for IndexKeys {
    fn default() -> IndexKeys {
        IndexKeys::new()
    }
}

impl Deref for IndexKeys {
    type Target = [IndexKey];
    fn deref(&self) -> &[IndexKey] {
        self.as_slice()
    }
}

impl From<Vec<IndexKey>> for IndexKeys {
    fn from(keys: Vec<IndexKey>) -> IndexKeys {
        IndexKeys(Repr::Own(keys))
    }
}

impl FromIterator<IndexKey> for IndexKeys {
    fn from_iter<I: IntoIterator<Item = IndexKey>>(keys: I) -> IndexKeys {
        IndexKeys(Repr::Own(keys.into_iter().collect()))
    }
}

impl<'a> IntoIterator for &'a IndexKeys {
    type Item = &'a IndexKey;
    type IntoIter = std::slice::Iter<'a, IndexKey>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for IndexKeys {
    fn eq(&self, other: &IndexKeys) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for IndexKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

impl Serialize for IndexKeys {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for IndexKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<IndexKeys, D::Error> {
        Vec::<IndexKey>::deserialize(d).map(IndexKeys::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Id;

    fn key(field: &str, dir: i8) -> IndexKey {
        IndexKey { field: Id::new(field), dir }
    }

    #[test]
    fn shared_and_own_keys_read_compare_and_serialise_alike() {
        let store = Arc::new(vec![key("a", 1), key("b", -1), key("c", 1)]);
        let shared = IndexKeys::shared(&store, 1..3);
        let own = IndexKeys::from(vec![key("b", -1), key("c", 1)]);
        assert_eq!(shared.as_slice(), own.as_slice());
        assert_eq!(shared, own);
        assert_eq!(format!("{shared:?}"), format!("{own:?}"));
        let json = serde_json::to_string(&shared).unwrap();
        assert_eq!(json, serde_json::to_string(&own).unwrap());
        assert_eq!(serde_json::from_str::<IndexKeys>(&json).unwrap(), shared);
        assert!(IndexKeys::shared(&store, 2..4).is_empty(), "a range outside the list: no keys, no panic");
        assert_eq!(std::mem::size_of::<IndexKeys>(), std::mem::size_of::<Vec<IndexKey>>(), "as small as a Vec");
    }
}
