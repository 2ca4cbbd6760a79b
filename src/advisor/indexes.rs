//! Indexes derived from the access patterns, merged with the ones the designer declared.
//!
//! Each pattern that filters or sorts gets a compound index following its query shape:
//! equality fields, then sort fields (with the tie-breaker), then range fields (ESR). A
//! bucket relation's retention gives a TTL index on the bucket's period field. An index
//! whose keys are a prefix of another on the same collection is served by the longer one.
//!
//! Not every query earns an index (seed 002): on a write-heavy collection a rare pattern
//! (`index_budget::is_rare`, under one run an hour) gets none of its own; it is only noted on
//! an index that serves it anyway. Each collection stays within its index budget
//! (`index_budget::Load::budget`): when the derived indexes would exceed it, those serving
//! the fewest runs per minute are left out, so `too-many-indexes` never flags the advice.

use super::index_budget::{is_rare, rate, Loads};
use super::paths::Layout;
use super::query_shape::Shapes;
use super::IndexAdvice;
use crate::keyed::HashMap;
use crate::model::{Entity, Id, Model, Storage};
use std::ops::Range;
use std::sync::Arc;

mod merge;
use merge::{id_at, merge, trim, Candidate, Found, Keys, Reason, Reasons};

/// Derived and declared indexes of every collection, collection by collection.
pub fn derive(model: &Model) -> Vec<IndexAdvice> {
    let design = super::Design::new(model);
    derive_with(design.layout(), design.shared_shapes(), design.loads()).advice
}

/// The indexes of a model, with which one serves each query (by position).
pub(crate) struct Derived {
    /// Collection by collection, as [`derive`] returns them.
    pub advice: Vec<IndexAdvice>,
    /// Where each query's index is, when no two elements of the model share an id.
    pub links: Option<Links>,
}

/// Which index holds each query, and where each collection's indexes are.
pub(crate) struct Links {
    /// By query position: the position in `advice` of the index that lists it.
    owners: Vec<Option<usize>>,
    /// Each collection with indexes (its position in the model's entities), with the range of
    /// its indexes in `advice`, in model order.
    spans: Vec<(usize, Range<usize>)>,
}

impl Links {
    /// The position of the index that lists the query at position `query`.
    pub fn owner(&self, query: usize) -> Option<usize> {
        self.owners.get(query).copied().flatten()
    }

    /// The range in `advice` of the indexes of the collection at position `root`.
    pub fn span(&self, root: usize) -> Range<usize> {
        let at = self.spans.partition_point(|s| s.0 < root);
        match self.spans.get(at) {
            Some((r, span)) if *r == root => span.clone(),
            _ => 0..0,
        }
    }
}

/// `derive` with the look-ups, the query shapes (`query_shape::shapes`) and the collection
/// loads (`index_budget::loads`) already built.
pub(crate) fn derive_with(layout: &Layout, shapes: &Shapes, loads: &Loads) -> Derived {
    let model = layout.model;
    let ids = layout.ids();
    // Indexes are grouped by collection id, as one position per id: two collections with one
    // id share their group (the first takes it).
    let repeat = ids.entity_ids_repeat();
    let group_of = |pos: usize| -> usize {
        match repeat {
            true => model.entities.get(pos).and_then(|e| ids.entity_position(&e.id)).unwrap_or(pos),
            false => pos,
        }
    };
    let declared: usize = model.entities.iter().map(|e| e.collection.indexes.len()).sum();
    let lookups: Vec<_> = model.queries.iter().map(|q| super::lookups::lookups_of(model, q)).collect();
    let mut found = Found::new(model.entities.len(), model.queries.len() + declared);
    let mut heavy: Vec<Option<bool>> = vec![None; model.entities.len()];
    let mut reasons = Reasons { model, shapes };
    for (at, (q, shape)) in model.queries.iter().zip(shapes.iter()).enumerate() {
        let Some(shape) = shape else { continue };
        if !shape.needs_index() {
            continue;
        }
        if shape.root_in(model).is_none() {
            continue;
        }
        // Looked up once per collection position (most collections have several queries).
        let write_heavy = match heavy.get_mut(shape.root) {
            Some(Some(known)) => *known,
            slot => {
                let known = loads.at(shape.root).write_heavy();
                if let Some(slot) = slot {
                    *slot = Some(known);
                }
                known
            }
        };
        let candidate = Candidate::new(Keys::Derived(shape), Some(at), Reason::Derived, shape.multikey(), false);
        found.add(group_of(shape.root), write_heavy && is_rare(q), candidate);
    }
    for r in &model.relations {
        let (Storage::Bucket, Some(b)) = (r.storage, r.bucket.as_ref()) else { continue };
        let (Some(ttl), Some(field)) = (b.ttl_seconds, b.period_field.as_ref()) else { continue };
        let Some(at) = ids.entity_position(&r.child) else { continue };
        if !model.entities.get(at).is_some_and(|e| layout.is_collection(e)) {
            continue;
        }
        let candidate = Candidate::new(Keys::Ttl(field, ttl), None, Reason::Ttl(&r.id), false, false);
        found.add(group_of(at), false, candidate);
    }
    // Each `$lookup`'s foreignField in the collection it joins: matched once per document
    // flowing in, so never left out as a rare pattern's (the `_id` index serves `_id`).
    for (q, lookups) in model.queries.iter().zip(&lookups) {
        for l in lookups.iter() {
            let field = l.foreign_field.as_str();
            if field.is_empty() || field == "_id" {
                continue;
            }
            let Some(at) = ids.entity_position(&l.from) else { continue };
            if !model.entities.get(at).is_some_and(|e| layout.is_collection(e)) {
                continue;
            }
            let candidate = Candidate::new(Keys::Foreign(field), None, Reason::Lookup(&q.id), false, false);
            found.add(group_of(at), false, candidate);
        }
    }
    // The runs per minute of each query id, gathered only when some collection is over budget.
    let mut rates: Option<HashMap<&str, f64>> = None;
    let mut advice = Vec::with_capacity(found.len() + declared);
    let mut owners = vec![None; model.queries.len()];
    let mut spans = Vec::new();
    // The collections with their positions (they come in model order, by reference).
    let mut positions = model.entities.iter().enumerate();
    // One set of lists for every collection, emptied after each: no list per collection.
    let (mut derived, mut rare, mut kept) = (Vec::new(), Vec::new(), Vec::new());
    for root in layout.collections() {
        let Some((pos, _)) = positions.find(|(_, e)| std::ptr::eq(*e, root)) else { continue };
        // Two collections with one id share their group: the first takes it.
        let group = group_of(pos);
        if !found.has(group) && root.collection.indexes.is_empty() {
            continue;
        }
        found.take(group, &mut derived, &mut rare);
        if derived.is_empty() && root.collection.indexes.is_empty() {
            // Only rare patterns' indexes, and nothing to fold them into: they stay for
            // another collection with the same id.
            for at in rare.drain(..) {
                found.chain(group, at);
            }
            continue;
        }
        kept.extend(declared_of(layout, root).map(|candidate| found.push(candidate)));
        merge(&mut reasons, &mut found, &mut kept, &mut derived);
        let budget = loads.at(pos).budget(&model.thresholds);
        if kept.len() > budget {
            trim(model, &found, &mut kept, budget, rates.get_or_insert_with(|| rates_of(layout, shapes)));
        }
        for rare in rare.drain(..) {
            if let Some(host) = found.host_in(&kept, rare) {
                found.fold(&mut reasons, host, rare);
            }
        }
        let first = advice.len();
        for at in kept.drain(..) {
            let Some(c) = found.get_mut(at) else { continue };
            let at = advice.len();
            for q in c.queries() {
                if let Some(owner @ None) = owners.get_mut(q) {
                    *owner = Some(at);
                }
            }
            advice.push(IndexAdvice {
                entity: Id::new(&root.id),
                index: Arc::new(c.keys.spec()),
                queries: c.queries().map(|q| Id::new(id_at(model, q))).collect(),
                reason: reasons.build(std::mem::replace(&mut c.reason, Reason::Declared), &c.keys, c.first()),
                multikey: c.multikey,
                declared: c.declared,
            });
        }
        spans.push((pos, first..advice.len()));
    }
    let links = ids.repeats().is_empty().then_some(Links { owners, spans });
    Derived { advice, links }
}

/// The runs per minute of every query that derives an index, by query id (summed when ids repeat).
fn rates_of<'m>(layout: &Layout<'m>, shapes: &Shapes) -> HashMap<&'m str, f64> {
    let mut rates: HashMap<&str, f64> = HashMap::default();
    for (q, shape) in layout.model.queries.iter().zip(shapes.iter()) {
        let Some(shape) = shape else { continue };
        if shape.needs_index() && shape.root_in(layout.model).is_some() {
            *rates.entry(q.id.as_str()).or_default() += rate(q);
        }
    }
    rates
}

/// The indexes the designer declared on `root`, each marked when MongoDB refuses to build it.
fn declared_of<'a>(layout: &'a Layout<'a>, root: &'a Entity) -> impl Iterator<Item = Candidate<'a>> {
    let mut first_text = None;
    root.collection.indexes.iter().map(move |index| {
        let refused = super::rules::refused_index::refusal_of(layout, root, index, &mut first_text).is_some();
        let reason = if refused { Reason::Refused } else { Reason::Declared };
        let mut candidate = Candidate::new(Keys::Declared(index), None, reason, false, true);
        candidate.refused = refused;
        candidate
    })
}

#[cfg(test)]
mod tests;
