//! The declared indexes no access pattern uses: what `unused-index` (DS313) reports and the
//! mongosh script follows with a commented `dropIndex`.
//!
//! An index is used by a query of its collection when the planner can take it for that query:
//! its options allow it (`query_shape::blocked`) and either it serves the query whole
//! (`query_shape::serves`) or its first key is one the query matches or sorts by (the planner
//! uses it and finishes in memory). A `$lookup` into the collection uses the index whose first
//! key is the stage's `foreignField`.
//!
//! The server uses some indexes for other reasons than the queries, and they are never called
//! unused: the `_id` index, a TTL index (it deletes), a unique index (it enforces a constraint),
//! the shard key's index, an index whose first key is a reference to a parent (children are read
//! by it), a 2dsphere index (the model states no geospatial query) and a hidden index (the
//! designer is already retiring it). Nor is any index of a collection that no read names, or
//! whose access patterns include a call not read into filters: the picture of its queries is
//! not complete enough to say.

use super::query_shape::{blocked, serves, Shape};
use super::Design;
use crate::keyed::HashMap;
use crate::model::{AccessPattern, Entity, FilterOp, IndexSpec, KeyKind, QueryKind};

/// One declared index no access pattern uses.
#[derive(Debug, Clone, Copy)]
pub struct Unused<'m> {
    /// The collection.
    pub entity: &'m Entity,
    pub index: &'m IndexSpec,
}

/// The declared indexes of the design that no access pattern uses, collection by collection in
/// model order, each collection's in declaration order.
pub fn unused_indexes<'m>(design: &Design<'m>) -> Vec<Unused<'m>> {
    let model = design.layout().model;
    // The access patterns on each collection (by the position of its entity), with their
    // shapes; and the fields other collections' `$lookup`s match on each one.
    let mut on_root: Vec<Vec<(&AccessPattern, &Shape)>> = vec![Vec::new(); model.entities.len()];
    for (q, shape) in model.queries.iter().zip(design.shapes()) {
        if let Some(s) = shape {
            if let Some(list) = on_root.get_mut(s.root) {
                list.push((q, s));
            }
        }
    }
    let mut foreign_of: HashMap<&str, Vec<&str>> = HashMap::default();
    for l in model.queries.iter().flat_map(|q| &q.lookups) {
        foreign_of.entry(l.from.as_str()).or_default().push(l.foreign_field.as_str());
    }
    let mut out = Vec::new();
    for c in design.collections() {
        let entity = c.entity;
        if entity.collection.indexes.is_empty() {
            continue;
        }
        let on = on_root.get(c.position).map_or(&[][..], Vec::as_slice);
        let unread_call =
            on.iter().any(|(q, _)| !q.call.trim().is_empty() && q.filters.is_empty() && q.sort.is_empty());
        if unread_call || !on.iter().any(|(q, _)| q.kind != QueryKind::Write) {
            continue;
        }
        let foreign = foreign_of.get(entity.id.as_str()).map_or(&[][..], Vec::as_slice);
        for index in &entity.collection.indexes {
            if kept_for_other_reasons(design, entity, index) {
                continue;
            }
            let first = index.keys.first().map(|k| k.field.as_str()).unwrap_or_default();
            let used = foreign.contains(&first) || on.iter().any(|(_, s)| uses(index, s));
            if !used {
                out.push(Unused { entity, index });
            }
        }
    }
    out
}

/// Whether the planner can take `index` for the query of `shape`: whole, or by its first key.
fn uses(index: &IndexSpec, shape: &Shape) -> bool {
    if blocked(index, shape).is_some() {
        return false;
    }
    if serves(index, shape) {
        return true;
    }
    if index.has_special_keys() && index.keys.iter().all(|k| k.kind != Some(KeyKind::Hashed)) {
        return false;
    }
    let Some(first) = index.keys.first().map(|k| k.field.as_str()) else { return false };
    shape.filters().any(|(f, op)| f == first && op != FilterOp::Not)
        || shape.sort().next().is_some_and(|(f, _)| f == first)
}

/// The indexes the server keeps for another reason than the queries (see the module).
fn kept_for_other_reasons(design: &Design, entity: &Entity, index: &IndexSpec) -> bool {
    let Some(first) = index.keys.first() else { return true };
    let first = first.field.as_str();
    let shard_key =
        entity.collection.shard_key.as_ref().and_then(|k| k.fields.first()).is_some_and(|f| f.field == first);
    let reference = design.parents(&entity.id).iter().any(|r| r.reference.child_field.as_deref() == Some(first));
    (index.keys.len() == 1 && first == "_id")
        || index.ttl_seconds.is_some()
        || index.unique
        || index.hidden
        || shard_key
        || reference
        || index.keys.iter().any(|k| k.kind == Some(KeyKind::Sphere2d))
}
