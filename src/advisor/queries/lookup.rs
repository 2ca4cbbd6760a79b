//! How a query finds the indexes of its collection: the one that serves it, or one that
//! serves part of it.

use super::super::indexes::Links;
use super::super::query_shape::{blocked, serves, Shape};
use super::super::IndexAdvice;
use crate::keyed::HashMap;
use crate::model::Entity;

/// How a query finds the indexes of its collection.
pub(super) enum Lookup<'a> {
    /// By position (see `indexes::Links`).
    Linked(&'a [IndexAdvice], &'a Links),
    /// By collection id, then query id (when no links are known).
    ById(HashMap<&'a str, Vec<&'a IndexAdvice>>),
}

impl Lookup<'_> {
    /// The index that lists the query at position `at` (id `id`), else the first index of
    /// its collection (`root`) that serves its shape.
    pub(super) fn chosen(&self, at: usize, id: &str, root: &Entity, s: &Shape) -> Option<&IndexAdvice> {
        match self {
            Lookup::Linked(indexes, links) => links
                .owner(at)
                .and_then(|p| indexes.get(p))
                .or_else(|| indexes.get(links.span(s.root)).unwrap_or_default().iter().find(|a| serves(&a.index, s))),
            Lookup::ById(by_root) => {
                let candidates = by_root.get(root.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
                candidates
                    .iter()
                    .find(|a| a.queries.iter().any(|q| q == id))
                    .or_else(|| candidates.iter().find(|a| serves(&a.index, s)))
                    .copied()
            }
        }
    }
}

impl Lookup<'_> {
    /// An index of the collection (`root`) that serves part of the shape without serving it
    /// whole: its options allow it, and its first key is one of the shape's equality or range
    /// fields, or its first sort key. The planner uses it, and filters or sorts the rest in memory: not a collection scan.
    pub(super) fn partly(&self, root: &Entity, s: &Shape) -> Option<&IndexAdvice> {
        // An index its options keep from the query (hidden, a partial filter it does not
        // imply, a hashed key it ranges over) serves no part of it either.
        let leads = |a: &&IndexAdvice| {
            blocked(&a.index, s).is_none()
                && a.index.keys.first().is_some_and(|k| {
                    let field = k.field.as_str();
                    s.equality().any(|e| e == field)
                        || s.range().any(|r| r == field)
                        || s.sort().next().is_some_and(|(f, _)| f == field)
                })
        };
        match self {
            Lookup::Linked(indexes, links) => indexes.get(links.span(s.root)).unwrap_or_default().iter().find(leads),
            Lookup::ById(by_root) => by_root.get(root.id.as_str()).and_then(|c| c.iter().copied().find(leads)),
        }
    }
}
