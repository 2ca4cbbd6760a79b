//! An index shared by the advice that names it: the [`IndexAdvice`](crate::advisor::IndexAdvice)
//! that derives it and the [`QueryAdvice`](crate::advisor::QueryAdvice) of each query it serves.
//!
//! The indexes of one analysis live in one reference-counted list, and each shared index is
//! that list with a position: one allocation for every index of a report rather than one per
//! index. It reads as an [`IndexSpec`] (`Deref`) and serialises as one.

use crate::model::{IndexKeys, IndexSpec};
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// One index of a shared list (see the module documentation).
#[derive(Clone)]
pub struct SharedIndex {
    store: Arc<Vec<IndexSpec>>,
    at: u32,
}

/// What a position out of its list reads as (never built by the advisor).
static NO_INDEX: IndexSpec = IndexSpec { keys: IndexKeys::new(), unique: false, ttl_seconds: None };

impl SharedIndex {
    /// An index of its own (a list of one).
    pub fn new(spec: IndexSpec) -> SharedIndex {
        SharedIndex { store: Arc::new(vec![spec]), at: 0 }
    }

    /// The index at `at` of `store`.
    pub fn at(store: &Arc<Vec<IndexSpec>>, at: usize) -> SharedIndex {
        SharedIndex { store: Arc::clone(store), at: u32::try_from(at).unwrap_or(u32::MAX) }
    }

    /// Whether `a` and `b` are the same shared index (not only equal keys).
    pub fn same(a: &SharedIndex, b: &SharedIndex) -> bool {
        Arc::ptr_eq(&a.store, &b.store) && a.at == b.at
    }
}

impl From<IndexSpec> for SharedIndex {
    fn from(spec: IndexSpec) -> SharedIndex {
        SharedIndex::new(spec)
    }
}

impl Deref for SharedIndex {
    type Target = IndexSpec;
    fn deref(&self) -> &IndexSpec {
        self.store.get(self.at as usize).unwrap_or(&NO_INDEX)
    }
}

impl AsRef<IndexSpec> for SharedIndex {
    fn as_ref(&self) -> &IndexSpec {
        self
    }
}

impl fmt::Debug for SharedIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl PartialEq for SharedIndex {
    fn eq(&self, other: &SharedIndex) -> bool {
        **self == **other
    }
}

impl Serialize for SharedIndex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        IndexSpec::serialize(self, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_of_one_list_read_as_their_own_spec_and_know_each_other() {
        let specs = vec![IndexSpec::new(&[("a", 1)]), IndexSpec::new(&[("b", -1), ("c", 1)])];
        let store = Arc::new(specs.clone());
        let (a, b, b_again) = (SharedIndex::at(&store, 0), SharedIndex::at(&store, 1), SharedIndex::at(&store, 1));
        assert_eq!((&*a, &*b), (&specs[0], &specs[1]));
        assert!(SharedIndex::same(&b, &b_again) && !SharedIndex::same(&a, &b));
        let own = SharedIndex::new(specs[1].clone());
        assert!(own == b && !SharedIndex::same(&own, &b), "equal keys, another index");
        assert_eq!(serde_json::to_string(&b).unwrap(), serde_json::to_string(&specs[1]).unwrap());
        assert_eq!(format!("{b:?}"), format!("{:?}", specs[1]));
        assert!(SharedIndex::at(&store, 7).keys.is_empty(), "out of the list: no keys, no panic");
    }
}
