//! What each access pattern reaches: the collections holding the entities it names, and for a
//! write the aggregates it changes; and from them, the load each collection takes.

use crate::advisor::aggregates::Roots;
use crate::advisor::index_budget::{rate, Load, Loads};
use crate::advisor::paths::Layout;
use crate::model::{AccessPattern, QueryKind};

/// What one access pattern reaches.
#[derive(Debug)]
pub(crate) struct Reach<'a> {
    pub query: &'a AccessPattern,
    /// The positions of the collections holding the entities it names (its own entity, then
    /// those it touches), each once, first mention first.
    pub collections: Vec<usize>,
    /// For a write, the roots of the aggregates it changes (the entities it names and the
    /// ones its `changes` name), each once, first mention first; empty for a read.
    pub aggregates_written: Vec<&'a str>,
}

impl Reach<'_> {
    /// A write that changes two aggregates or more: no single-document write is atomic
    /// across them.
    pub fn spans_aggregates(&self) -> bool {
        self.aggregates_written.len() >= 2
    }
}

/// The reach of every access pattern, in model order.
pub(super) fn reaches<'a>(layout: &Layout<'a>, aggregates: &Roots<'a>) -> Vec<Reach<'a>> {
    let ids = layout.ids();
    let mut out = Vec::with_capacity(layout.model.queries.len());
    for q in &layout.model.queries {
        let mut collections = Vec::new();
        for root in ids.entities_of(q).filter_map(|at| layout.root_at(at?)) {
            if !collections.contains(&root) {
                collections.push(root);
            }
        }
        let mut aggregates_written = Vec::new();
        if q.kind == QueryKind::Write {
            aggregates.roots_written(q, &mut aggregates_written);
        }
        out.push(Reach { query: q, collections, aggregates_written });
    }
    out
}

/// The reads and writes per minute of every collection some access pattern involves (each
/// pattern counted once on each collection it reaches), by entity position.
pub(crate) fn loads(layout: &Layout, reaches: &[Reach]) -> Loads {
    let entities = &layout.model.entities;
    let mut by_position: Vec<Option<Load>> = vec![None; entities.len()];
    for reach in reaches {
        let r = rate(reach.query);
        for &root in &reach.collections {
            let Some(load) = by_position.get_mut(root) else { continue };
            let load = load.get_or_insert_with(Load::default);
            if reach.query.kind == QueryKind::Write {
                load.writes += r;
            } else {
                load.reads += r;
            }
        }
    }
    if layout.ids().entity_ids_repeat() {
        return Loads::new(shared_by_id(layout, &by_position));
    }
    Loads::new(by_position.into_iter().map(Option::unwrap_or_default).collect())
}

/// Each entity's load when ids repeat: the load of the last entity with its id that has one.
fn shared_by_id(layout: &Layout, by_position: &[Option<Load>]) -> Vec<Load> {
    let ids = layout.ids();
    let mut by_id = vec![Load::default(); by_position.len()];
    for (e, load) in layout.model.entities.iter().zip(by_position) {
        if let (Some(load), Some(last)) = (load, ids.entity_position(&e.id)) {
            if let Some(slot) = by_id.get_mut(last) {
                *slot = *load;
            }
        }
    }
    let of = |e: &crate::model::Entity| ids.entity_position(&e.id).and_then(|last| by_id.get(last)).copied();
    layout.model.entities.iter().map(|e| of(e).unwrap_or_default()).collect()
}
