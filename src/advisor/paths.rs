//! Fast look-ups into a model's structure and a field-path resolver shared by the size
//! estimate, the index derivation and the query advice.
//!
//! `Layout` is built once per analysis around the model's id table (`model::ids::IdIndex`,
//! shared with the aggregate roots, the relation facts, the rules' `Context` and the
//! structural checks): relations grouped by the position of their ends and each entity's
//! collection by position, so the per-collection and per-query work never scans every
//! relation and hashes each id as little as it can. `resolve` follows a dotted
//! path through declared fields, polymorphic variants, embedded relations (an embedded child
//! or value entity at the relation's `field`), and the copies and references a relation
//! places in a document (subset arrays, computed values, id arrays, extended references).

use crate::keyed::HashMap;
use crate::model::ids::{position_in, IdIndex};
use crate::model::{Entity, EntityKind, Model, Relation, Storage};
use std::rc::Rc;

mod groups;
mod resolve;
use groups::{group, Groups};
pub(crate) use resolve::{extended_target, extended_top, resolve};

/// Deepest embedding chain followed; deeper (or cyclic) structures are cut off.
pub(crate) const MAX_DEPTH: usize = 32;

/// Hash maps over a model's entities and relations.
pub(crate) struct Layout<'a> {
    pub model: &'a Model,
    /// Every element by id, shared with the aggregate roots and the structural checks.
    ids: Rc<IdIndex<'a>>,
    /// Relations by parent id, in model order.
    by_parent: Groups<'a>,
    /// Relations by child id, in model order.
    by_child: Groups<'a>,
    /// The first relation that embeds each entity (as `Model::embedding_parent`), by the
    /// entity's position (the last entity with its id, as the id table finds it).
    embed_parent: Vec<Option<usize>>,
    /// The first relation that embeds each id no entity has (most models: none).
    embed_dangling: HashMap<&'a str, &'a Relation>,
    /// The position of the collection holding each entity, by entity position (`None`:
    /// external, or in a cycle).
    roots: Vec<Option<usize>>,
    /// Whether each entity (in model order) is a collection, looked up once.
    is_root: Vec<bool>,
}

impl<'a> Layout<'a> {
    pub fn new(model: &'a Model) -> Layout<'a> {
        let ids = Rc::new(IdIndex::new(model));
        let by_parent = group(&ids, false);
        let by_child = group(&ids, true);
        let mut embed_parent: Vec<Option<usize>> = vec![None; model.entities.len()];
        let mut embed_dangling = HashMap::default();
        for (i, r) in model.relations.iter().enumerate().filter(|(_, r)| r.storage == Storage::Embed) {
            match ids.end_positions(i).1 {
                Some(child) => {
                    if let Some(slot @ None) = embed_parent.get_mut(child) {
                        *slot = Some(i);
                    }
                }
                None => {
                    embed_dangling.entry(r.child.as_str()).or_insert(r);
                }
            }
        }
        // Each entity's own position is the one its id finds, unless two entities share an id.
        let repeat = ids.entity_ids_repeat();
        let canonical: Vec<Option<usize>> = model
            .entities
            .iter()
            .enumerate()
            .map(|(i, e)| if repeat { ids.entity_position(&e.id) } else { Some(i) })
            .collect();
        let is_root = (model.entities.iter().zip(&canonical))
            .map(|(e, at)| e.kind == EntityKind::Document && at.and_then(|at| embed_parent.get(at)?.as_ref()).is_none())
            .collect();
        let mut layout =
            Layout { model, ids, by_parent, by_child, embed_parent, embed_dangling, roots: Vec::new(), is_root };
        // An entity's root depends only on its id, so two entities with one id share it.
        let roots = canonical.iter().map(|at| at.and_then(|at| layout.find_root(at))).collect();
        layout.roots = roots;
        layout
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        self.ids.entity(id)
    }

    /// Every element by id.
    pub fn ids(&self) -> &Rc<IdIndex<'a>> {
        &self.ids
    }

    /// Relations whose parent is `id`.
    pub fn children(&self, id: &str) -> &[&'a Relation] {
        self.by_parent.get(&self.ids, id)
    }

    /// Relations whose child is `id`.
    pub fn parents(&self, id: &str) -> &[&'a Relation] {
        self.by_child.get(&self.ids, id)
    }

    /// Relations whose parent is the entity `e`: [`Self::children`] of its id, found by the
    /// entity's position without hashing the id when `e` is one of the model's entities and
    /// no two entities share an id.
    pub fn children_of(&self, e: &Entity) -> &[&'a Relation] {
        match self.own_position(e) {
            Some(i) => self.by_parent.at(i),
            None => self.children(&e.id),
        }
    }

    /// Relations whose child is the entity `e` ([`Self::parents`] of its id; see
    /// [`Self::children_of`]).
    pub fn parents_of(&self, e: &Entity) -> &[&'a Relation] {
        match self.own_position(e) {
            Some(i) => self.by_child.at(i),
            None => self.parents(&e.id),
        }
    }

    /// Relations whose parent is the entity at position `at` (as the id table finds its id):
    /// [`Self::children`] of that id, with no id hashed.
    pub fn children_at(&self, at: usize) -> &[&'a Relation] {
        self.by_parent.at(at)
    }

    /// Relations whose child is the entity at position `at` ([`Self::parents`] of its id; see
    /// [`Self::children_at`]).
    pub fn parents_at(&self, at: usize) -> &[&'a Relation] {
        self.by_child.at(at)
    }

    /// The positions of the entities at both ends of `r` (as the id table finds its ends' ids),
    /// by the relation's position without hashing when `r` is one of the model's relations.
    pub fn end_positions_of(&self, r: &Relation) -> (Option<usize>, Option<usize>) {
        match position_in(&self.model.relations, r) {
            Some(i) => self.ids.end_positions(i),
            None => (self.ids.entity_position(&r.parent), self.ids.entity_position(&r.child)),
        }
    }

    /// The entities at both ends of `r` (as [`Self::entity`] finds them), by the relation's
    /// position without hashing its ends' ids when `r` is one of the model's relations.
    pub fn ends_of(&self, r: &Relation) -> (Option<&'a Entity>, Option<&'a Entity>) {
        match position_in(&self.model.relations, r) {
            Some(i) => self.ids.ends(i),
            None => (self.entity(&r.parent), self.entity(&r.child)),
        }
    }

    /// The position of `e` in the model's entities (by address), when it is one of them and its
    /// id is no other entity's (so the position is the one its id looks up).
    fn own_position(&self, e: &Entity) -> Option<usize> {
        position_in(&self.model.entities, e).filter(|_| !self.ids.entity_ids_repeat())
    }

    /// The relation that embeds `id` into a parent document, if any.
    pub fn embedding_parent(&self, id: &str) -> Option<&'a Relation> {
        match self.ids.entity_position(id) {
            Some(at) => self.embedding_relation(at).and_then(|i| self.model.relations.get(i)),
            None => self.embed_dangling.get(id).copied(),
        }
    }

    /// [`Self::embedding_parent`] of `id`, whose entity position (as the id table finds it) is
    /// `at`, with the position of that relation's parent: no id hashed unless `id` names no
    /// entity.
    pub fn embedding_parent_at(&self, id: &str, at: Option<usize>) -> Option<(&'a Relation, Option<usize>)> {
        let r = match at {
            Some(at) => self.model.relations.get(self.embedding_relation(at)?)?,
            None => self.embed_dangling.get(id).copied()?,
        };
        Some((r, self.end_positions_of(r).0))
    }

    pub fn is_collection(&self, e: &Entity) -> bool {
        e.kind == EntityKind::Document && self.embedding_parent(&e.id).is_none()
    }

    /// The collections, in model order.
    pub fn collections(&self) -> impl Iterator<Item = &'a Entity> + '_ {
        self.model.entities.iter().zip(&self.is_root).filter(|(_, &root)| root).map(|(e, _)| e)
    }

    /// The collection whose documents hold `id` (itself when it is one), found by position.
    /// (By id for the tests; the analysis knows the entity's position: [`Layout::root_at`].)
    #[cfg(test)]
    pub fn root_of(&self, id: &str) -> Option<&'a Entity> {
        self.model.entities.get(self.root_at(self.ids.entity_position(id)?)?)
    }

    /// The position of the collection whose documents hold the entity at position `at`
    /// (itself when it is one; `at` as the id table finds the entity's id).
    pub fn root_at(&self, at: usize) -> Option<usize> {
        self.roots.get(at).copied().flatten()
    }

    /// The root of the entity at position `at`: its embedding chain followed by position.
    fn find_root(&self, at: usize) -> Option<usize> {
        let mut current = at;
        for _ in 0..MAX_DEPTH {
            match self.embedding_relation(current) {
                Some(i) => current = self.ids.end_positions(i).0?,
                None => {
                    let e = self.model.entities.get(current)?;
                    return (e.kind == EntityKind::Document).then_some(current);
                }
            }
        }
        None
    }

    /// The position of the first relation that embeds the entity at position `at`.
    fn embedding_relation(&self, at: usize) -> Option<usize> {
        self.embed_parent.get(at).copied().flatten()
    }

    /// Where an entity's data sits: its collection, the dotted path of the embedding inside
    /// that collection's documents ("" for the root itself), and whether that path crosses
    /// an array. `None` for external entities, dangling ids and embedding cycles. (By id for
    /// the tests; the analysis knows the entity's position: [`Layout::placement_at`].)
    #[cfg(test)]
    pub fn placement(&self, id: &str) -> Option<Placement<'a>> {
        self.placement_at(self.ids.entity_position(id)?)
    }

    /// [`Layout::placement`] of the entity at position `at` (as the id table finds its id):
    /// the embedding chain followed by position, the path written once.
    #[cfg(test)]
    pub fn placement_at(&self, at: usize) -> Option<Placement<'a>> {
        let mut prefix = String::new();
        let (root, through_array) = self.placement_into(at, &mut prefix)?;
        Some(Placement { root, prefix, through_array })
    }

    /// Where the entity at position `at` sits (as `placement_at` says), with the path written
    /// into `prefix` (cleared first; left empty for `None`) so that one buffer serves every
    /// query: the root and whether the path crosses an array.
    pub fn placement_into(&self, at: usize, prefix: &mut String) -> Option<(&'a Entity, bool)> {
        prefix.clear();
        // The fields of the chain, innermost first.
        let mut segments: [&'a str; MAX_DEPTH] = [""; MAX_DEPTH];
        let mut through_array = false;
        let mut current = at;
        for depth in 0..MAX_DEPTH {
            match self.embedding_relation(current) {
                Some(i) => {
                    let rel = self.model.relations.get(i)?;
                    *segments.get_mut(depth)? = rel.field.as_str();
                    through_array |= rel.cardinality.max != Some(1);
                    current = self.ids.end_positions(i).0?;
                }
                None => {
                    let root = self.model.entities.get(current).filter(|e| e.kind == EntityKind::Document)?;
                    let segments = segments.get(..depth).unwrap_or_default();
                    prefix.reserve(segments.iter().map(|s| s.len() + 1).sum());
                    for (i, s) in segments.iter().rev().enumerate() {
                        if i > 0 {
                            prefix.push('.');
                        }
                        prefix.push_str(s);
                    }
                    return Some((root, through_array));
                }
            }
        }
        None
    }
}

/// Where an entity's data sits inside a collection (see `Layout::placement`).
#[cfg(test)]
pub(crate) struct Placement<'a> {
    pub root: &'a Entity,
    pub prefix: String,
    pub through_array: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load;

    fn bibliored() -> Model {
        load(include_str!("../../public/templates/bibliored.json")).expect("template loads")
    }

    #[test]
    fn relations_by_parent_and_child_keep_model_order() {
        let m = crate::model::synthetic::generate(60, 7);
        let layout = Layout::new(&m);
        for e in &m.entities {
            let by_scan = |parent_end: bool| -> Vec<&str> {
                let end = |r: &Relation| if parent_end { r.parent.clone() } else { r.child.clone() };
                m.relations.iter().filter(|r| end(r) == e.id).map(|r| r.id.as_str()).collect()
            };
            fn ids<'r>(rels: &[&'r Relation]) -> Vec<&'r str> {
                rels.iter().map(|r| r.id.as_str()).collect()
            }
            assert_eq!(ids(layout.children(&e.id)), by_scan(true), "children of {}", e.id);
            assert_eq!(ids(layout.parents(&e.id)), by_scan(false), "parents of {}", e.id);
        }
        assert!(layout.children("nope").is_empty() && layout.parents("nope").is_empty());
    }

    #[test]
    fn look_ups_by_position_agree_with_look_ups_by_id() {
        let mut m = crate::model::synthetic::generate(60, 7);
        let same = |layout: &Layout, e: &Entity| {
            let (by_id, by_at) =
                ((layout.children(&e.id), layout.parents(&e.id)), (layout.children_of(e), layout.parents_of(e)));
            by_id.0.iter().zip(by_at.0).all(|(a, b)| std::ptr::eq(*a, *b))
                && by_id.1.iter().zip(by_at.1).all(|(a, b)| std::ptr::eq(*a, *b))
                && (by_id.0.len(), by_id.1.len()) == (by_at.0.len(), by_at.1.len())
        };
        let layout = Layout::new(&m);
        let outside = m.entities[3].clone(); // not one of the model's: looked up by id
        assert!(m.entities.iter().chain([&outside]).all(|e| same(&layout, e)));
        let loose = m.relations[5].clone();
        for r in m.relations.iter().chain([&loose]) {
            let (p, c) = layout.ends_of(r);
            assert_eq!((p.map(|e| &e.id), c.map(|e| &e.id)), (Some(&r.parent), Some(&r.child)));
        }
        // Two entities sharing an id: both get the relations of the id (the last one's group).
        m.entities[4].id = m.entities[2].id.clone();
        let layout = Layout::new(&m);
        assert!(m.entities.iter().all(|e| same(&layout, e)));
        assert!(!layout.children_of(&m.entities[2]).is_empty() || !layout.parents_of(&m.entities[2]).is_empty());
    }

    #[test]
    fn roots_and_embedding_parents_follow_the_model_by_position() {
        use crate::model::{Entity, Storage};
        let mut m = crate::model::synthetic::generate(80, 3);
        // A chain, a cycle, an embedding of an id no entity has, and an external parent.
        for (id, kind) in [("a", EntityKind::Document), ("b", EntityKind::Document), ("c", EntityKind::Document)] {
            let mut e = Entity::new(id, id);
            e.kind = kind;
            m.entities.push(e);
        }
        m.entities.extend([Entity::new("x", "x"), Entity::new("y", "y")]);
        for (id, parent, child) in
            [("ab", "a", "b"), ("bc", "b", "c"), ("xy", "x", "y"), ("yx", "y", "x"), ("ag", "a", "ghost")]
        {
            m.relations.push(Relation::new(id, parent, child, Storage::Embed));
        }
        let layout = Layout::new(&m);
        for e in &m.entities {
            let want = m.root_of(&e.id).map(|r| r.id.as_str());
            assert_eq!(layout.root_of(&e.id).map(|r| r.id.as_str()), want, "root of {}", e.id);
            let same =
                |a: Option<&Relation>, b: Option<&Relation>| a.map(|r| r as *const _) == b.map(|r| r as *const _);
            assert!(same(layout.embedding_parent(&e.id), m.embedding_parent(&e.id)), "parent of {}", e.id);
            assert_eq!(layout.is_collection(e), m.is_collection(e), "{}", e.id);
        }
        assert_eq!(layout.root_of("c").map(|r| r.id.as_str()), Some("a"));
        for e in &m.entities {
            let placed = layout.placement(&e.id);
            assert_eq!(placed.map(|p| p.root.id.as_str()), layout.root_of(&e.id).map(|r| r.id.as_str()), "{}", e.id);
        }
        let field = |id: &str| m.relations.iter().find(|r| r.id == id).map(|r| r.field.clone()).unwrap_or_default();
        let chain = layout.placement("c").expect("c sits in a");
        assert_eq!(chain.prefix, format!("{}.{}", field("ab"), field("bc")));
        assert_eq!(layout.root_of("x").map(|r| r.id.as_str()), None, "a cycle has no root");
        assert!(layout.embedding_parent("ghost").is_some_and(|r| r.id == "ag"));
        let cols: Vec<&str> = layout.collections().map(|e| e.id.as_str()).collect();
        assert_eq!(cols, m.collections().map(|e| e.id.as_str()).collect::<Vec<_>>());
        // Two entities with one id: both read as the last one.
        let mut e = Entity::new("b", "b again");
        e.kind = EntityKind::External;
        m.entities.push(e);
        let layout = Layout::new(&m);
        assert_eq!(
            (layout.root_of("b").map(|r| r.id.as_str()), layout.root_of("c").map(|r| r.id.as_str())),
            (Some("a"), Some("a")),
            "the embedding decides"
        );
        assert!(layout.collections().all(|e| e.id != "b"), "b is embedded whichever entity says so");
    }

    #[test]
    fn placement_of_embedded_entities() {
        let m = bibliored();
        let layout = Layout::new(&m);
        let p = layout.placement("etiqueta").expect("embedded in catalogo");
        assert_eq!(p.root.id, "material");
        assert_eq!(p.prefix, "etiquetas");
        assert!(p.through_array);
        assert!(layout.placement("socio").is_none(), "external entities have no collection");
        let cols: Vec<&str> = layout.collections().map(|e| e.id.as_str()).collect();
        assert_eq!(cols, ["material", "resena", "actividad"]);
    }
}
