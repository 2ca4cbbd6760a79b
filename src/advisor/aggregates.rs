//! Aggregate boundaries and the writes that cross them (DOMAIN.md §2): a collection's root
//! and everything its documents embed form one aggregate, the unit of atomicity. A write that
//! changes two aggregates needs a multi-document transaction or a tolerated inconsistency.

use super::paths::Layout;
use super::{AggregateInfo, SpanningWrite};
use crate::keyed::HashMap;
use crate::model::ids::IdIndex;
use crate::model::Id;
use crate::model::{AccessPattern, EntityKind, Model};
use std::rc::Rc;

/// Which aggregate holds each entity, computed once.
pub(crate) struct Roots<'a> {
    model: &'a Model,
    /// Every element by id (the layout's table when `analyze` built one).
    ids: Rc<IdIndex<'a>>,
    /// Collection name → entity id, when a write's `changes` may need it.
    by_name: Option<HashMap<&'a str, &'a str>>,
    /// The root of each entity's aggregate, by entity position: the position of the
    /// collection that holds it, or for an external entity the entity itself (another system
    /// is its own atomicity boundary). It depends only on the id, so two entities with one id
    /// share it; a root is the (last) entity of its id.
    root: Vec<Option<usize>>,
}

impl<'a> Roots<'a> {
    /// The root of every entity, each one's embedding chain followed up by position (an
    /// embedding cycle has no root).
    pub fn new(layout: &Layout<'a>) -> Roots<'a> {
        let model = layout.model;
        let ids = Rc::clone(layout.ids());
        let repeats = ids.entity_ids_repeat();
        let mut root = Vec::with_capacity(model.entities.len());
        for (i, e) in model.entities.iter().enumerate() {
            let id = e.id.as_str();
            // Its own position, unless another entity has its id (empty ids are not listed as
            // repeats: looked up too).
            let own = if repeats || id.is_empty() { ids.entity_position(id) } else { Some(i) };
            let (mut current, mut at) = (id, own);
            let mut found = None;
            for _ in 0..=model.entities.len() {
                match layout.embedding_parent_at(current, at) {
                    Some((r, parent_at)) if r.parent != id => (current, at) = (r.parent.as_str(), parent_at),
                    Some(_) => break,
                    None => {
                        found = at.filter(|&top| holds(model, top, current == id));
                        break;
                    }
                }
            }
            root.push(found);
        }
        // Only writes' `changes` name entities by collection name.
        let by_name = model.queries.iter().any(|q| !q.changes.is_empty());
        let by_name = by_name.then(|| model.entities.iter().map(|e| (e.name.as_str(), e.id.as_str())).collect());
        Roots { model, ids, by_name, root }
    }

    /// The root of the aggregate that holds `entity`, if any.
    pub fn root(&self, entity: &str) -> Option<&'a str> {
        self.root_at(self.ids.entity_position(entity)?)
    }

    /// The root of the aggregate that holds the entity at position `i` of the model (what
    /// `root` gives for its id), without looking the id up.
    pub fn root_at(&self, i: usize) -> Option<&'a str> {
        let model: &'a Model = self.model;
        model.entities.get(self.root_position(i)?).map(|e| e.id.as_str())
    }

    /// The position of that root.
    pub(crate) fn root_position(&self, i: usize) -> Option<usize> {
        self.root.get(i).copied().flatten()
    }

    /// The entity a write's `changes` entry names: a field path of the query's own entity
    /// when it resolves there, else `entity.field` (by id or collection name), else the
    /// query's entity.
    pub fn changed_entity<'q>(&self, q: &'q AccessPattern, change: &'q str) -> &'q str
    where
        'a: 'q,
    {
        let own = q.entity.as_str();
        if self.ids.entity(own).is_some_and(|e| e.field(change).is_some()) {
            return own;
        }
        let head = change.split('.').next().unwrap_or(change);
        if let Some(e) = self.ids.entity(head) {
            return e.id.as_str();
        }
        self.by_name.as_ref().and_then(|by_name| by_name.get(head).copied()).unwrap_or(own)
    }

    /// The distinct aggregate roots a write changes, in order of first mention, written into
    /// `roots` (cleared first: one buffer serves every write).
    pub fn roots_written(&self, q: &AccessPattern, roots: &mut Vec<&'a str>) {
        roots.clear();
        // The entities the query names are found by position (the id table's), the changed
        // ones by id.
        let named = self.ids.entities_of(q).map(|at| at.and_then(|at| self.root_at(at)));
        let changed = q.changes.iter().map(|c| self.root(self.changed_entity(q, c)));
        for r in named.chain(changed).flatten() {
            if !roots.contains(&r) {
                roots.push(r);
            }
        }
    }
}

/// Whether the entity at position `top`, where an embedding chain ends, is an aggregate's
/// root: a document, or an external entity that is the one the walk started at (`itself`).
fn holds(model: &Model, top: usize, itself: bool) -> bool {
    model.entities.get(top).is_some_and(|top| match top.kind {
        EntityKind::Document => true,
        EntityKind::External => itself,
        EntityKind::Value => false,
    })
}

/// Each collection root with its embedded members (any depth) and the access patterns that
/// start inside it, in model order.
#[cfg(test)]
pub fn aggregates(model: &Model) -> Vec<AggregateInfo> {
    aggregates_with(&Roots::new(&Layout::new(model)))
}

/// `aggregates` with the roots already computed.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn aggregates_with(roots: &Roots) -> Vec<AggregateInfo> {
    let model = roots.model;
    // The aggregate of each root, by the root's entity position (one id, one position).
    let mut index: Vec<Option<usize>> = vec![None; model.entities.len()];
    let mut count = 0;
    for (i, e) in model.entities.iter().enumerate() {
        if is_root(roots, i, e) {
            if let Some(slot) = roots.root_position(i).and_then(|r| index.get_mut(r)) {
                *slot = Some(count);
            }
            count += 1;
        }
    }
    let aggregate = |root: Option<usize>| root.and_then(|r| index.get(r).copied().flatten());
    // Each member's and query's aggregate, found once: counted first so every list is
    // allocated once, at its size.
    let members: Vec<Option<usize>> = model
        .entities
        .iter()
        .enumerate()
        .map(|(i, e)| match own_root(roots, i, e) {
            Some(false) => aggregate(roots.root_position(i)),
            _ => None,
        })
        .collect();
    let queries: Vec<Option<usize>> =
        model.queries.iter().map(|q| aggregate(roots.ids.start_of(q).and_then(|i| roots.root_position(i)))).collect();
    let mut sizes = vec![(0usize, 0usize); count];
    for &a in members.iter().flatten() {
        if let Some(n) = sizes.get_mut(a) {
            n.0 += 1;
        }
    }
    for &a in queries.iter().flatten() {
        if let Some(n) = sizes.get_mut(a) {
            n.1 += 1;
        }
    }
    let mut out: Vec<AggregateInfo> = Vec::with_capacity(count);
    for (i, e) in model.entities.iter().enumerate() {
        if is_root(roots, i, e) {
            let (m, q) = sizes.get(out.len()).copied().unwrap_or_default();
            out.push(AggregateInfo {
                root: Id::new(&e.id),
                members: Vec::with_capacity(m),
                queries: Vec::with_capacity(q),
            });
        }
    }
    for (e, a) in model.entities.iter().zip(&members) {
        if let Some(agg) = a.and_then(|a| out.get_mut(a)) {
            agg.members.push(Id::new(&e.id));
        }
    }
    for (q, a) in model.queries.iter().zip(&queries) {
        if let Some(agg) = a.and_then(|a| out.get_mut(a)) {
            agg.queries.push(Id::new(&q.id));
        }
    }
    out
}

/// Whether the entity at position `i` is the root of its own aggregate (a document).
fn is_root(roots: &Roots, i: usize, e: &crate::model::Entity) -> bool {
    e.kind == EntityKind::Document && own_root(roots, i, e) == Some(true)
}

/// Whether the root of the entity at position `i` has its id (`None`: it has no root). What
/// comparing `root_at(i)` with the id gives, without comparing when the root is the entity.
fn own_root(roots: &Roots, i: usize, e: &crate::model::Entity) -> Option<bool> {
    let r = roots.root_position(i)?;
    let root = roots.model.entities.get(r)?;
    Some(r == i || root.id == e.id)
}

/// Writes whose `changes` and `touches` reach two or more aggregates, in model order.
pub(crate) fn spanning_writes(design: &super::Design) -> Vec<SpanningWrite> {
    let spanning = design.reaches().iter().filter(|r| r.spans_aggregates());
    spanning
        .map(|r| SpanningWrite {
            query: Id::new(&r.query.id),
            aggregates: r.aggregates_written.iter().map(|&root| Id::new(root)).collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    fn spanning_writes(m: &Model) -> Vec<SpanningWrite> {
        super::spanning_writes(&super::super::Design::new(m))
    }
    use crate::model::{AccessPattern, QueryKind, Relation, Storage};

    fn shop() -> Model {
        let mut m = Model::new("shop");
        for (id, name) in [("order", "orders"), ("item", "items"), ("customer", "customers"), ("addr", "address")] {
            m.entities.push(Entity::new(id, name));
        }
        m.relations.push(Relation::new("o-i", "order", "item", Storage::Embed));
        m.relations.push(Relation::new("i-a", "item", "addr", Storage::Embed));
        m.relations.push(Relation::new("c-o", "customer", "order", Storage::Reference));
        m
    }

    #[test]
    fn members_at_any_depth_and_queries_per_root() {
        let mut m = shop();
        m.queries.push(AccessPattern::new("q1", "order page", "order"));
        m.queries.push(AccessPattern::new("q2", "items of an order", "item"));
        let aggs = aggregates(&m);
        assert_eq!(aggs.len(), 2, "{aggs:?}");
        assert_eq!(aggs[0].root, "order");
        assert_eq!(aggs[0].members, vec!["item", "addr"]);
        assert_eq!(aggs[0].queries, vec!["q1", "q2"]);
        assert_eq!(aggs[1].root, "customer");
    }

    #[test]
    fn a_write_that_changes_two_roots_spans_them() {
        let mut m = shop();
        let mut w = AccessPattern::new("w1", "place order", "order");
        w.kind = QueryKind::Write;
        w.changes = vec!["items".into(), "customer.last_order".into()];
        m.queries.push(w);
        let mut inside = AccessPattern::new("w2", "edit item", "item");
        inside.kind = QueryKind::Write;
        inside.changes = vec!["addr.city".into()];
        m.queries.push(inside);
        let spans = spanning_writes(&m);
        assert_eq!(
            spans,
            vec![SpanningWrite { query: "w1".into(), aggregates: vec!["order".into(), "customer".into()] }]
        );
    }

    #[test]
    fn a_field_path_of_the_own_entity_is_not_another_entity() {
        let mut m = shop();
        if let Some(order) = m.entity_mut("order") {
            let mut cust = crate::model::Field::new("customer", crate::model::BsonType::Object);
            cust.fields.push(crate::model::Field::new("name", crate::model::BsonType::String));
            order.fields.push(cust);
        }
        let mut w = AccessPattern::new("w", "rename on order", "order");
        w.kind = QueryKind::Write;
        w.changes = vec!["customer.name".into()];
        m.queries.push(w);
        assert!(spanning_writes(&m).is_empty());
    }

    #[test]
    fn cycles_have_no_root_and_do_not_hang() {
        let mut m = Model::new("c");
        m.entities.push(Entity::new("a", "a"));
        m.entities.push(Entity::new("b", "b"));
        m.relations.push(Relation::new("r1", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("r2", "b", "a", Storage::Embed));
        assert!(aggregates(&m).is_empty());
        assert!(Roots::new(&Layout::new(&m)).root("a").is_none());
    }

    #[test]
    fn roots_by_position_are_the_roots_by_id() {
        let mut models = vec![crate::model::synthetic::generate(120, 3), crate::model::synthetic::generate(40, 9)];
        let mut cyclic = Model::new("c");
        for id in ["a", "b", "c", "x"] {
            cyclic.entities.push(Entity::new(id, id));
        }
        cyclic.entities[3].kind = EntityKind::External;
        cyclic.relations.push(Relation::new("r1", "a", "b", Storage::Embed));
        cyclic.relations.push(Relation::new("r2", "b", "a", Storage::Embed));
        cyclic.relations.push(Relation::new("r3", "b", "c", Storage::Embed));
        cyclic.relations.push(Relation::new("r4", "x", "c", Storage::Embed));
        models.push(cyclic);
        // Two entities with one id share their root, by id or by position.
        let mut twice = shop();
        twice.entities.push(Entity::new("order", "orders_again"));
        twice.relations.push(Relation::new("o-a", "order", "addr", Storage::Embed));
        models.push(twice);
        for m in &models {
            let roots = Roots::new(&Layout::new(m));
            for (i, e) in m.entities.iter().enumerate() {
                assert_eq!(roots.root_at(i), roots.root(&e.id), "root of {} by position", e.id);
            }
        }
        let roots = Roots::new(&Layout::new(&models[2]));
        assert_eq!([roots.root("a"), roots.root("c"), roots.root("x")], [None, None, Some("x")]);
    }
}
