//! One table from every id of a model to the position of the element that has it, built once
//! per analysis and shared by the structural checks and the advisor's look-ups (each id is
//! hashed once, rather than once per table that needs it). It also holds the entity positions
//! every access pattern names, looked up once here and read by every pass that follows a query
//! to its entities (query advice, shapes, index loads, aggregates, relation facts, rules,
//! structural checks).

use super::{AccessPattern, Entity, Model, Relation};
use crate::keyed::HashMap;

/// The positions of the elements that carry one id (the last of each kind, as a map collected
/// from the list would keep).
#[derive(Clone, Copy, Default)]
struct Slot {
    entity: Option<usize>,
    relation: Option<usize>,
    query: Option<usize>,
}

impl Slot {
    fn taken(&self) -> bool {
        self.entity.is_some() || self.relation.is_some() || self.query.is_some()
    }
}

/// The kind of element an id belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Entity,
    Relation,
    Query,
}

/// Positions of a model's entities, relations and queries by id.
pub(crate) struct IdIndex<'a> {
    pub model: &'a Model,
    slots: HashMap<&'a str, Slot>,
    /// The elements whose (non-empty) id an earlier element already has, in model order:
    /// entities, then relations, then queries.
    repeats: Vec<(Kind, usize)>,
    /// Whether an element has an empty id (most models: none, and the structural checks
    /// skip their pass over the ids).
    empty_id: bool,
    /// The entity positions of each relation's parent and child, in model order.
    ends: Vec<(Option<usize>, Option<usize>)>,
    /// Per access pattern, in model order, the positions of [`AccessPattern::entities`] (the
    /// start entity, then each touched entity), each as [`IdIndex::entity_position`] finds it;
    /// a repeated id is listed at each mention.
    query_ends: Vec<Vec<Option<usize>>>,
    /// Whether some query names an id no entity has.
    dangling: bool,
}

impl<'a> IdIndex<'a> {
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn new(model: &'a Model) -> IdIndex<'a> {
        let n = model.entities.len() + model.relations.len() + model.queries.len();
        let mut slots: HashMap<&'a str, Slot> = crate::keyed::map_with_capacity(n);
        let mut repeats = Vec::new();
        let mut empty_id = false;
        let mut add = |kind: Kind, i: usize, id: &'a str| {
            let slot = slots.entry(id).or_default();
            if id.is_empty() {
                empty_id = true;
            } else if slot.taken() {
                repeats.push((kind, i));
            }
            match kind {
                Kind::Entity => slot.entity = Some(i),
                Kind::Relation => slot.relation = Some(i),
                Kind::Query => slot.query = Some(i),
            }
        };
        for (i, e) in model.entities.iter().enumerate() {
            add(Kind::Entity, i, &e.id);
        }
        for (i, r) in model.relations.iter().enumerate() {
            add(Kind::Relation, i, &r.id);
        }
        for (i, q) in model.queries.iter().enumerate() {
            add(Kind::Query, i, &q.id);
        }
        let entity_at = |id: &str| slots.get(id).and_then(|s| s.entity);
        let ends = model.relations.iter().map(|r| (entity_at(&r.parent), entity_at(&r.child))).collect();
        let query_ends: Vec<Vec<Option<usize>>> =
            model.queries.iter().map(|q| q.entities().map(entity_at).collect()).collect();
        let dangling = query_ends.iter().flatten().any(Option::is_none);
        IdIndex { model, slots, repeats, empty_id, ends, query_ends, dangling }
    }

    /// Whether some entity, relation or query has an empty id.
    pub fn any_empty_id(&self) -> bool {
        self.empty_id
    }

    /// Whether two entities share an id.
    pub fn entity_ids_repeat(&self) -> bool {
        self.repeats.iter().any(|&(kind, _)| kind == Kind::Entity)
    }

    /// The entity positions of the parent and the child of the relation at position `i`
    /// (`None`: no entity has that id).
    pub fn end_positions(&self, i: usize) -> (Option<usize>, Option<usize>) {
        self.ends.get(i).copied().unwrap_or((None, None))
    }

    /// The parent and child entities of the relation at position `i`.
    pub fn ends(&self, i: usize) -> (Option<&'a Entity>, Option<&'a Entity>) {
        let (p, c) = self.end_positions(i);
        let entity = |at: Option<usize>| at.and_then(|at| self.model.entities.get(at));
        (entity(p), entity(c))
    }

    /// The elements whose id an earlier element already has (see the field).
    pub fn repeats(&self) -> &[(Kind, usize)] {
        &self.repeats
    }

    /// The position of the (last) entity with this id.
    pub fn entity_position(&self, id: &str) -> Option<usize> {
        self.slots.get(id)?.entity
    }

    /// The position of the (last) relation with this id.
    pub fn relation_position(&self, id: &str) -> Option<usize> {
        self.slots.get(id)?.relation
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        self.model.entities.get(self.entity_position(id)?)
    }

    pub fn relation(&self, id: &str) -> Option<&'a Relation> {
        self.model.relations.get(self.relation_position(id)?)
    }

    /// The entity positions of `q` as the table holds them, when `q` is one of the model's
    /// queries (by address) and names the ids it named when the table was built.
    fn looked_up(&self, q: &AccessPattern) -> Option<&[Option<usize>]> {
        let i = position_in(&self.model.queries, q)?;
        self.query_ends.get(i).map(Vec::as_slice).filter(|run| run.len() == 1 + q.touches.len())
    }

    /// The positions of the entities `q` names: its start entity, then each touched entity
    /// (as [`AccessPattern::entities`] lists the ids), each as [`Self::entity_position`]
    /// finds it.
    pub fn entities_of<'s, 'q>(&'s self, q: &'q AccessPattern) -> Named<'s, 'q> {
        Named { ids: self, q, table: self.looked_up(q), next: 0 }
    }

    /// The positions of the entities `q` touches, in the order of `q.touches`.
    pub fn touched_of<'s, 'q>(&'s self, q: &'q AccessPattern) -> Named<'s, 'q> {
        Named { ids: self, q, table: self.looked_up(q), next: 1 }
    }

    /// Whether some access pattern of the model names an entity id no entity has (when not,
    /// every position [`Self::entities_of`] gives for the model's queries is `Some`).
    pub fn queries_name_missing_entities(&self) -> bool {
        self.dangling
    }

    /// The position of the entity `q` starts at ([`Self::entity_position`] of `q.entity`).
    pub fn start_of(&self, q: &AccessPattern) -> Option<usize> {
        match self.looked_up(q) {
            Some(run) => run.first().copied().flatten(),
            None => self.entity_position(&q.entity),
        }
    }
}

/// The entity positions of one access pattern's [`AccessPattern::entities`], in order (the
/// start entity first): `None` where no entity has the id. Read from the table when the
/// query is one of the model's, else each id looked up.
pub(crate) struct Named<'i, 'q> {
    ids: &'i IdIndex<'i>,
    q: &'q AccessPattern,
    table: Option<&'i [Option<usize>]>,
    next: usize,
}

impl Iterator for Named<'_, '_> {
    type Item = Option<usize>;

    fn next(&mut self) -> Option<Option<usize>> {
        let i = self.next;
        let found = match self.table {
            Some(run) => run.get(i).copied(),
            None => {
                let id =
                    if i == 0 { Some(self.q.entity.as_str()) } else { self.q.touches.get(i - 1).map(String::as_str) };
                id.map(|id| self.ids.entity_position(id))
            }
        }?;
        self.next += 1;
        Some(found)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (1 + self.q.touches.len()).saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Named<'_, '_> {}

/// The position of `item` in `items` when it is one of them, told by its address (the
/// advisor's passes hold references into the model's own lists): no id is hashed, and an equal
/// element elsewhere in memory is not taken for it.
pub(crate) fn position_in<T>(items: &[T], item: &T) -> Option<usize> {
    let size = std::mem::size_of::<T>();
    let offset = (item as *const T as usize).checked_sub(items.as_ptr() as usize)?;
    let i = offset.checked_div(size)?;
    (offset % size == 0 && i < items.len()).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AccessPattern, Entity, Relation, Storage};

    #[test]
    fn finds_the_last_element_of_each_kind_and_lists_ids_used_twice_in_model_order() {
        let mut m = Model::new("m");
        m.entities.push(Entity::new("a", "first"));
        m.entities.push(Entity::new("b", "b"));
        m.entities.push(Entity::new("a", "second"));
        m.relations.push(Relation::new("b", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("", "a", "b", Storage::Embed));
        let ids = IdIndex::new(&m);
        assert_eq!(ids.entity("a").map(|e| e.name.as_str()), Some("second"));
        assert_eq!(ids.entity_position("b"), Some(1));
        assert_eq!(ids.relation("b").map(|r| r.child.as_str()), Some("b"));
        assert_eq!(ids.relation_position(""), Some(2));
        assert!(ids.entity("r").is_none() && ids.relation("a").is_none());
        assert_eq!(ids.repeats(), &[(Kind::Entity, 2), (Kind::Relation, 0)]);
        assert!(ids.entity_ids_repeat());
        assert!(ids.any_empty_id(), "two relations have an empty id");
        let mut clean = m.clone();
        clean.relations.retain(|r| !r.id.is_empty());
        assert!(!IdIndex::new(&clean).any_empty_id());
        m.relations[1].parent = "ghost".into();
        let ids = IdIndex::new(&m);
        assert_eq!(ids.end_positions(0), (Some(2), Some(1)));
        assert_eq!(ids.end_positions(1), (None, Some(1)));
        assert_eq!(ids.end_positions(9), (None, None));
        assert_eq!(ids.ends(0).0.map(|e| e.name.as_str()), Some("second"));
    }

    fn query(id: &str, entity: &str, touches: &[&str]) -> AccessPattern {
        let mut q = AccessPattern::new(id, id, entity);
        q.touches = touches.iter().map(|t| t.to_string()).collect();
        q
    }

    /// Each position as the id table finds the id.
    fn by_id(ids: &IdIndex, q: &AccessPattern) -> Vec<Option<usize>> {
        q.entities().map(|id| ids.entity_position(id)).collect()
    }

    #[test]
    fn each_query_reads_the_positions_its_ids_look_up_dangling_and_repeated_ids_included() {
        let mut m = Model::new("m");
        for (id, name) in [("a", "a"), ("b", "b"), ("a", "a again"), ("c", "c")] {
            m.entities.push(Entity::new(id, name));
        }
        m.queries.push(query("q1", "a", &["b", "ghost", "b", "a"]));
        m.queries.push(query("q2", "ghost", &[]));
        m.queries.push(query("q3", "c", &["c", ""]));
        m.queries.push(query("q1", "b", &["a"])); // a repeated query id has its own run
        let ids = IdIndex::new(&m);
        let q = &m.queries;
        assert_eq!(ids.entities_of(&q[0]).collect::<Vec<_>>(), [Some(2), Some(1), None, Some(1), Some(2)]);
        assert_eq!(ids.touched_of(&q[0]).collect::<Vec<_>>(), [Some(1), None, Some(1), Some(2)]);
        assert_eq!(ids.start_of(&q[0]), Some(2), "the last entity with the id");
        assert_eq!((ids.start_of(&q[1]), ids.entities_of(&q[1]).len(), ids.touched_of(&q[1]).len()), (None, 1, 0));
        assert_eq!(ids.entities_of(&q[2]).collect::<Vec<_>>(), [Some(3), Some(3), None]);
        assert_eq!(ids.entities_of(&q[3]).collect::<Vec<_>>(), [Some(1), Some(2)]);
        assert!(ids.queries_name_missing_entities());
        let mut clean = m.clone();
        clean.queries.retain(|q| q.entities().all(|id| ids.entity_position(id).is_some()));
        assert_eq!(clean.queries.len(), 1);
        assert!(!IdIndex::new(&clean).queries_name_missing_entities());
        for q in q {
            assert_eq!(ids.entities_of(q).collect::<Vec<_>>(), by_id(&ids, q), "{}", q.id);
            assert_eq!(ids.start_of(q), ids.entity_position(&q.entity), "{}", q.id);
        }
    }

    #[test]
    fn a_query_not_in_the_model_is_looked_up_by_id() {
        let mut m = Model::new("m");
        m.entities.extend([Entity::new("a", "a"), Entity::new("b", "b")]);
        m.queries.push(query("q", "a", &["b"]));
        let ids = IdIndex::new(&m);
        // A copy (another address) that names other entities: its own ids, not the table's.
        let other = query("q", "b", &["ghost", "a"]);
        assert_eq!(ids.entities_of(&other).collect::<Vec<_>>(), [Some(1), None, Some(0)]);
        assert_eq!((ids.start_of(&other), ids.touched_of(&other).len()), (Some(1), 2));
        // A clone of the model's queries (other addresses) reads its own ids.
        let mut changed = m.clone();
        changed.queries[0].touches.push("a".into());
        assert_eq!(ids.entities_of(&changed.queries[0]).collect::<Vec<_>>(), [Some(0), Some(1), Some(0)]);
        let generated = crate::model::synthetic::generate(60, 7);
        let ids = IdIndex::new(&generated);
        for q in &generated.queries {
            assert_eq!(ids.entities_of(q).collect::<Vec<_>>(), by_id(&ids, q), "{}", q.id);
        }
    }
}
