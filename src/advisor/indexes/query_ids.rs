//! The ids of the access patterns an index serves: one id kept inline, more in a list.
//!
//! Most derived indexes serve one query, so the list of a [`IndexAdvice`](crate::advisor::IndexAdvice)
//! costs no allocation then. It reads as a slice of ids (`Deref`) and serialises as a JSON array,
//! as a `Vec<Id>` does.

use crate::model::Id;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::Deref;

/// The ids of the queries an index serves, in order (see the module documentation).
#[derive(Clone)]
pub struct QueryIds(Repr);

#[derive(Clone)]
enum Repr {
    /// Exactly one id.
    One([Id; 1]),
    /// None or several (an empty list does not allocate).
    Many(Vec<Id>),
}

impl QueryIds {
    /// No query.
    pub const fn new() -> QueryIds {
        QueryIds(Repr::Many(Vec::new()))
    }

    /// Adds `id` at the end.
    pub fn push(&mut self, id: Id) {
        match &mut self.0 {
            Repr::Many(list) if !list.is_empty() => list.push(id),
            Repr::Many(_) => self.0 = Repr::One([id]),
            Repr::One([first]) => {
                let first = std::mem::replace(first, Id::new(""));
                self.0 = Repr::Many(vec![first, id]);
            }
        }
    }
}

impl Default for QueryIds {
    fn default() -> QueryIds {
        QueryIds::new()
    }
}

impl Deref for QueryIds {
    type Target = [Id];
    fn deref(&self) -> &[Id] {
        match &self.0 {
            Repr::One(one) => one,
            Repr::Many(list) => list,
        }
    }
}

impl FromIterator<Id> for QueryIds {
    fn from_iter<I: IntoIterator<Item = Id>>(iter: I) -> QueryIds {
        let mut iter = iter.into_iter();
        let Some(first) = iter.next() else { return QueryIds::new() };
        let Some(second) = iter.next() else { return QueryIds(Repr::One([first])) };
        let mut list = Vec::with_capacity(2 + iter.size_hint().0);
        list.push(first);
        list.push(second);
        list.extend(iter);
        QueryIds(Repr::Many(list))
    }
}

impl From<Vec<Id>> for QueryIds {
    fn from(list: Vec<Id>) -> QueryIds {
        list.into_iter().collect()
    }
}

impl fmt::Debug for QueryIds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl PartialEq for QueryIds {
    fn eq(&self, other: &QueryIds) -> bool {
        **self == **other
    }
}

impl<U, const N: usize> PartialEq<[U; N]> for QueryIds
where
    Id: PartialEq<U>,
{
    fn eq(&self, other: &[U; N]) -> bool {
        **self == *other
    }
}

impl Serialize for QueryIds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        <[Id]>::serialize(self, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_id_inline_more_in_a_list_in_order_and_serialised_as_an_array() {
        let mut ids = QueryIds::new();
        assert!(ids.is_empty() && serde_json::to_string(&ids).unwrap() == "[]");
        ids.push(Id::new("q1"));
        assert!(matches!(ids.0, Repr::One(_)) && ids == ["q1"]);
        ids.push(Id::new("q2"));
        ids.push(Id::new("q3"));
        assert_eq!(ids, ["q1", "q2", "q3"]);
        assert_eq!(serde_json::to_string(&ids).unwrap(), r#"["q1","q2","q3"]"#);
        let collected: QueryIds = ["a", "b"].into_iter().map(Id::new).collect();
        assert_eq!(collected, QueryIds::from(vec![Id::new("a"), Id::new("b")]));
        let one: QueryIds = std::iter::once(Id::new("a")).collect();
        assert!(matches!(one.0, Repr::One(_)) && one.len() == 1 && format!("{one:?}") == r#"["a"]"#);
        assert_eq!(std::iter::empty::<Id>().collect::<QueryIds>(), QueryIds::new());
    }
}
