//! One table from every id of a model to the position of the element that has it, built once
//! per analysis and shared by the structural checks and the advisor's look-ups (each id is
//! hashed once, rather than once per table that needs it).

use super::{Entity, Model, Relation};
use crate::fast_hash::FastMap;

/// No element of this kind has the id.
const NONE: u32 = u32::MAX;

/// The positions of the elements that carry one id (the last of each kind, as a map collected
/// from the list would keep).
#[derive(Clone, Copy)]
struct Slot {
    entity: u32,
    relation: u32,
    query: u32,
}

impl Slot {
    const EMPTY: Slot = Slot { entity: NONE, relation: NONE, query: NONE };

    fn taken(&self) -> bool {
        self.entity != NONE || self.relation != NONE || self.query != NONE
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
    slots: FastMap<&'a str, Slot>,
    /// The elements whose (non-empty) id an earlier element already has, in model order:
    /// entities, then relations, then queries.
    repeats: Vec<(Kind, usize)>,
    /// The entity positions of each relation's parent and child, in model order.
    ends: Vec<(u32, u32)>,
}

fn position(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}

fn at<T>(list: &[T], i: u32) -> Option<&T> {
    if i == NONE {
        None
    } else {
        list.get(i as usize)
    }
}

impl<'a> IdIndex<'a> {
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn new(model: &'a Model) -> IdIndex<'a> {
        let n = model.entities.len() + model.relations.len() + model.queries.len();
        let mut slots: FastMap<&'a str, Slot> = FastMap::with_capacity_and_hasher(n, Default::default());
        let mut repeats = Vec::new();
        let ids = (model.entities.iter().enumerate().map(|(i, e)| (Kind::Entity, i, e.id.as_str())))
            .chain(model.relations.iter().enumerate().map(|(i, r)| (Kind::Relation, i, r.id.as_str())))
            .chain(model.queries.iter().enumerate().map(|(i, q)| (Kind::Query, i, q.id.as_str())));
        for (kind, i, id) in ids {
            let slot = slots.entry(id).or_insert(Slot::EMPTY);
            if !id.is_empty() && slot.taken() {
                repeats.push((kind, i));
            }
            match kind {
                Kind::Entity => slot.entity = position(i),
                Kind::Relation => slot.relation = position(i),
                Kind::Query => slot.query = position(i),
            }
        }
        let entity_at = |id: &str| slots.get(id).map_or(NONE, |s| s.entity);
        let ends = model.relations.iter().map(|r| (entity_at(&r.parent), entity_at(&r.child))).collect();
        IdIndex { model, slots, repeats, ends }
    }

    /// Whether two entities share an id.
    pub fn entity_ids_repeat(&self) -> bool {
        self.repeats.iter().any(|&(kind, _)| kind == Kind::Entity)
    }

    /// The entity positions of the parent and the child of the relation at position `i`
    /// (`None`: no entity has that id).
    pub fn end_positions(&self, i: usize) -> (Option<usize>, Option<usize>) {
        let (p, c) = self.ends.get(i).copied().unwrap_or((NONE, NONE));
        let some = |x: u32| (x != NONE).then_some(x as usize);
        (some(p), some(c))
    }

    /// The parent and child entities of the relation at position `i`.
    pub fn ends(&self, i: usize) -> (Option<&'a Entity>, Option<&'a Entity>) {
        let (p, c) = self.ends.get(i).copied().unwrap_or((NONE, NONE));
        (at(&self.model.entities, p), at(&self.model.entities, c))
    }

    /// The elements whose id an earlier element already has (see the field).
    pub fn repeats(&self) -> &[(Kind, usize)] {
        &self.repeats
    }

    /// The position of the (last) entity with this id.
    pub fn entity_position(&self, id: &str) -> Option<usize> {
        self.slots.get(id).filter(|s| s.entity != NONE).map(|s| s.entity as usize)
    }

    /// The position of the (last) relation with this id.
    pub fn relation_position(&self, id: &str) -> Option<usize> {
        self.slots.get(id).filter(|s| s.relation != NONE).map(|s| s.relation as usize)
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        at(&self.model.entities, self.slots.get(id)?.entity)
    }

    pub fn relation(&self, id: &str) -> Option<&'a Relation> {
        at(&self.model.relations, self.slots.get(id)?.relation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entity, Relation, Storage};

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
        m.relations[1].parent = "ghost".into();
        let ids = IdIndex::new(&m);
        assert_eq!(ids.end_positions(0), (Some(2), Some(1)));
        assert_eq!(ids.end_positions(1), (None, Some(1)));
        assert_eq!(ids.end_positions(9), (None, None));
        assert_eq!(ids.ends(0).0.map(|e| e.name.as_str()), Some("second"));
    }
}
