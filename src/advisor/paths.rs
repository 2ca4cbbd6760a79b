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

use crate::fast_hash::FastMap;
use crate::model::ids::IdIndex;
use crate::model::{BsonType, CopiedField, Entity, EntityKind, Field, Model, Relation, Storage};
use std::borrow::Cow;
use std::rc::Rc;

/// Relations grouped by one end, each group in model order: one list, and each group's
/// range in it (one allocation for all the groups rather than one per entity). An end that is
/// an entity is grouped by the entity's position, found once per relation by the id table;
/// only ends that name no entity are hashed here.
fn group<'a>(ids: &IdIndex<'a>, child_end: bool) -> Groups<'a> {
    let relations = &ids.model.relations;
    let entities = ids.model.entities.len();
    let mut dangling: FastMap<&'a str, usize> = FastMap::default();
    let mut group_of: Vec<usize> = Vec::with_capacity(relations.len());
    let mut ranges: Vec<(usize, usize)> = vec![(0, 0); entities];
    for (i, r) in relations.iter().enumerate() {
        let (parent, child) = ids.end_positions(i);
        let at = if child_end { child } else { parent };
        let g = match at {
            Some(p) => p,
            None => {
                let key = if child_end { r.child.as_str() } else { r.parent.as_str() };
                let next = ranges.len();
                let g = *dangling.entry(key).or_insert(next);
                if g == next {
                    ranges.push((0, 0));
                }
                g
            }
        };
        if let Some(range) = ranges.get_mut(g) {
            range.1 += 1;
        }
        group_of.push(g);
    }
    let mut start = 0;
    for range in &mut ranges {
        let count = range.1;
        *range = (start, start);
        start += count;
    }
    let mut slots: Vec<Option<&Relation>> = vec![None; relations.len()];
    for (r, &g) in relations.iter().zip(&group_of) {
        if let Some(range) = ranges.get_mut(g) {
            if let Some(slot) = slots.get_mut(range.1) {
                *slot = Some(r);
            }
            range.1 += 1;
        }
    }
    Groups { dangling, ranges, list: slots.into_iter().flatten().collect() }
}

/// Relations grouped by an entity id (see [`group`]).
struct Groups<'a> {
    /// The group of each end that names no entity (the others are at the entity's position).
    dangling: FastMap<&'a str, usize>,
    ranges: Vec<(usize, usize)>,
    list: Vec<&'a Relation>,
}

impl<'a> Groups<'a> {
    fn get(&self, ids: &IdIndex, id: &str) -> &[&'a Relation] {
        match ids.entity_position(id).or_else(|| self.dangling.get(id).copied()) {
            Some(g) => self.at(g),
            None => &[],
        }
    }

    /// The group of the entity at position `g`.
    fn at(&self, g: usize) -> &[&'a Relation] {
        let range = self.ranges.get(g).map_or(0..0, |&(start, end)| start..end);
        self.list.get(range).unwrap_or(&[])
    }
}

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
    /// The first relation that embeds each entity (as `Model::embedding_parent`).
    embed_parent: FastMap<&'a str, &'a Relation>,
    /// The collection holding each entity, by entity position (`None`: external, or in a
    /// cycle).
    roots: Vec<Option<&'a str>>,
    /// Whether each entity (in model order) is a collection, looked up once.
    is_root: Vec<bool>,
}

impl<'a> Layout<'a> {
    pub fn new(model: &'a Model) -> Layout<'a> {
        let ids = Rc::new(IdIndex::new(model));
        let by_parent = group(&ids, false);
        let by_child = group(&ids, true);
        let mut embed_parent = FastMap::with_capacity_and_hasher(model.relations.len(), Default::default());
        for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
            embed_parent.entry(r.child.as_str()).or_insert(r);
        }
        let is_root = model
            .entities
            .iter()
            .map(|e| e.kind == EntityKind::Document && !embed_parent.contains_key(e.id.as_str()))
            .collect();
        let mut layout = Layout { model, ids, by_parent, by_child, embed_parent, roots: Vec::new(), is_root };
        // An entity's root depends only on its id, so two entities with one id share it.
        let roots = model.entities.iter().map(|e| layout.find_root(&e.id)).collect();
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

    /// The entities at both ends of `r` (as [`Self::entity`] finds them), by the relation's
    /// position without hashing its ends' ids when `r` is one of the model's relations.
    pub fn ends_of(&self, r: &Relation) -> (Option<&'a Entity>, Option<&'a Entity>) {
        let size = std::mem::size_of::<Relation>();
        let base = self.model.relations.as_ptr() as usize;
        let offset = (r as *const Relation as usize).checked_sub(base);
        match offset.filter(|o| size > 0 && o % size == 0 && o / size < self.model.relations.len()) {
            Some(o) => self.ids.ends(o / size),
            None => (self.entity(&r.parent), self.entity(&r.child)),
        }
    }

    /// The position of `e` in the model's entities (by address), when it is one of them and its
    /// id is no other entity's (so the position is the one its id looks up).
    fn own_position(&self, e: &Entity) -> Option<usize> {
        let size = std::mem::size_of::<Entity>();
        let base = self.model.entities.as_ptr() as usize;
        let offset = (e as *const Entity as usize).checked_sub(base)?;
        let i = offset / size;
        let own = size > 0 && offset % size == 0 && i < self.model.entities.len();
        (own && !self.ids.entity_ids_repeat()).then_some(i)
    }

    /// The relation that embeds `id` into a parent document, if any.
    pub fn embedding_parent(&self, id: &str) -> Option<&'a Relation> {
        self.embed_parent.get(id).copied()
    }

    pub fn is_collection(&self, e: &Entity) -> bool {
        e.kind == EntityKind::Document && !self.embed_parent.contains_key(e.id.as_str())
    }

    /// The collections, in model order.
    pub fn collections(&self) -> impl Iterator<Item = &'a Entity> + '_ {
        self.model.entities.iter().zip(&self.is_root).filter(|(_, &root)| root).map(|(e, _)| e)
    }

    /// The id of the collection whose documents hold `id` (itself when it is one).
    pub fn root_id(&self, id: &str) -> Option<&'a str> {
        self.roots.get(self.ids.entity_position(id)?).copied().flatten()
    }

    fn find_root(&self, id: &str) -> Option<&'a str> {
        let mut current = self.entity(id)?;
        for _ in 0..MAX_DEPTH {
            match self.embedding_parent(&current.id) {
                Some(rel) => current = self.entity(&rel.parent)?,
                None => return self.is_collection(current).then_some(current.id.as_str()),
            }
        }
        None
    }

    /// Where an entity's data sits: its collection, the dotted path of the embedding inside
    /// that collection's documents ("" for the root itself), and whether that path crosses
    /// an array. `None` for external entities, dangling ids and embedding cycles.
    pub fn placement(&self, id: &str) -> Option<Placement<'a>> {
        let mut segments: Vec<&'a str> = Vec::new();
        let mut through_array = false;
        let mut current = self.entity(id)?;
        for _ in 0..MAX_DEPTH {
            match self.embedding_parent(&current.id) {
                Some(rel) => {
                    segments.push(rel.field.as_str());
                    through_array |= rel.cardinality.max != Some(1);
                    current = self.entity(&rel.parent)?;
                }
                None => {
                    if !self.is_collection(current) {
                        return None;
                    }
                    segments.reverse();
                    return Some(Placement { root: current, prefix: segments.join("."), through_array });
                }
            }
        }
        None
    }
}

/// Where an entity's data sits inside a collection (see `Layout::placement`).
pub(crate) struct Placement<'a> {
    pub root: &'a Entity,
    pub prefix: String,
    pub through_array: bool,
}

impl Placement<'_> {
    /// The full path of `field` (relative to the entity) inside the root's documents.
    pub fn path(&self, field: &str) -> String {
        match (self.prefix.is_empty(), field.is_empty()) {
            (true, _) => field.to_string(),
            (false, true) => self.prefix.clone(),
            (false, false) => {
                let mut path = String::with_capacity(self.prefix.len() + 1 + field.len());
                path.push_str(&self.prefix);
                path.push('.');
                path.push_str(field);
                path
            }
        }
    }
}

/// Where an extended-reference copy lives in the child: beside the reference id when the
/// id is nested (`material.material_id` puts the copy of `titulo` at `material.titulo`),
/// else at the top level; an explicit dotted `asField` is taken as is.
pub(crate) fn extended_target<'r>(r: &'r Relation, c: &'r CopiedField) -> Cow<'r, str> {
    let target = c.target_name();
    match extended_parent(r, target) {
        Some(parent) => {
            let mut path = String::with_capacity(parent.len() + 1 + target.len());
            path.push_str(parent);
            path.push('.');
            path.push_str(target);
            Cow::Owned(path)
        }
        None => Cow::Borrowed(target),
    }
}

/// The top-level element that holds the copy `c` in the child: the sub-document of
/// [`extended_target`] when the copy is nested, else the copy's own (possibly dotted) name.
pub(crate) fn extended_top<'r>(r: &'r Relation, c: &'r CopiedField) -> &'r str {
    let target = c.target_name();
    extended_parent(r, target).unwrap_or(target)
}

/// Whether `path` is where [`extended_target`] puts the copy `c` (compared without building it).
pub(crate) fn is_extended_target(r: &Relation, c: &CopiedField, path: &str) -> bool {
    let target = c.target_name();
    match extended_parent(r, target) {
        Some(parent) => {
            path.strip_prefix(parent).and_then(|rest| rest.strip_prefix('.')).is_some_and(|rest| rest == target)
        }
        None => path == target,
    }
}

/// The sub-document the copy named `target` goes in, when it is not the top level.
fn extended_parent<'r>(r: &'r Relation, target: &str) -> Option<&'r str> {
    if target.contains('.') {
        return None;
    }
    r.reference.child_field.as_deref().and_then(|cf| cf.rsplit_once('.')).map(|(parent, _)| parent)
}

/// What a resolved path names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Resolved {
    /// The BSON type at the end of the path (`array` for an array, or the element type
    /// when the path goes through an array into its items).
    pub bson_type: BsonType,
    /// The path is an array or goes through one: an index on it is multikey.
    pub array: bool,
}

/// Where the walk stands: a set of declared fields, and the entity whose relations may add
/// more at this level (only at an entity's top level).
#[derive(Clone, Copy)]
struct Scope<'a> {
    fields: &'a [Field],
    entity: Option<&'a Entity>,
}

/// Resolves a dotted `path` inside the documents of `entity` (a collection or an embedded
/// entity). `None` when nothing in the model names it.
pub(crate) fn resolve(layout: &Layout, entity: &Entity, path: &str) -> Option<Resolved> {
    if path == "_id" && entity.field("_id").is_none() {
        return Some(Resolved { bson_type: BsonType::ObjectId, array: false });
    }
    // A whole remaining path may be a reference field (`material.material_id`) that no
    // declared field spells out.
    let mut scope = Scope { fields: &entity.fields, entity: Some(entity) };
    let mut array = false;
    let mut rest = path;
    for _ in 0..MAX_DEPTH {
        let (head, tail) = match rest.split_once('.') {
            Some((h, t)) => (h, Some(t)),
            None => (rest, None),
        };
        let step = step(layout, scope, head, rest);
        let (next, ty, is_array, whole) = step?;
        array |= is_array;
        if whole {
            return Some(Resolved { bson_type: ty, array });
        }
        match tail {
            None => return Some(Resolved { bson_type: ty, array }),
            Some(t) => {
                scope = next?;
                rest = t;
            }
        }
    }
    None
}

/// One step of the walk: the scope inside `head`, the type there, whether it is an array,
/// and whether it consumed the whole remaining path.
fn step<'a>(
    layout: &Layout<'a>,
    scope: Scope<'a>,
    head: &str,
    rest: &str,
) -> Option<(Option<Scope<'a>>, BsonType, bool, bool)> {
    if let Some(f) = scope.fields.iter().find(|f| f.name == head) {
        return Some(field_step(f));
    }
    let entity = scope.entity?;
    for v in &entity.collection.variants {
        if let Some(f) = v.fields.iter().find(|f| f.name == head) {
            return Some(field_step(f));
        }
    }
    for r in layout.children(&entity.id) {
        let many = r.cardinality.max != Some(1);
        if r.storage == Storage::Embed && r.field == head {
            let child = layout.entity(&r.child)?;
            if child.kind == EntityKind::Value {
                let ty = child.value_type.unwrap_or(BsonType::String);
                return Some((None, if many { BsonType::Array } else { ty }, many, false));
            }
            let ty = if many { BsonType::Array } else { BsonType::Object };
            return Some((Some(Scope { fields: &child.fields, entity: Some(child) }), ty, many, false));
        }
        if let Some(s) = &r.subset {
            if s.field == head {
                let child = layout.entity(&r.child);
                let scope = child.map(|c| Scope { fields: &c.fields, entity: None });
                return Some((scope, BsonType::Array, true, false));
            }
            if s.count_field.as_deref() == Some(rest) {
                return Some((None, BsonType::Int, false, true));
            }
        }
        if r.reference.parent_field.as_deref() == Some(rest) {
            return Some((None, if many { BsonType::Array } else { BsonType::ObjectId }, many, true));
        }
        if let Some(c) = r.computed.iter().find(|c| c.field == rest) {
            let ty = if c.op == "count" { BsonType::Int } else { BsonType::Double };
            return Some((None, ty, false, true));
        }
    }
    for r in layout.parents(&entity.id) {
        if r.reference.child_field.as_deref() == Some(rest) {
            return Some((None, BsonType::ObjectId, false, true));
        }
        if let Some(c) = r.extended.iter().find(|c| is_extended_target(r, c, rest)) {
            let source = layout.entity(&r.parent).and_then(|p| p.field(&c.field));
            return Some((None, source.map_or(BsonType::String, |f| f.bson_type), false, true));
        }
        if let Some(b) = &r.bucket {
            if b.array_field == head {
                // The events' shape is not declared: the rest of the path is inside the array.
                let ty = if rest.contains('.') { BsonType::String } else { BsonType::Array };
                return Some((None, ty, true, true));
            }
        }
    }
    None
}

fn field_step(f: &Field) -> (Option<Scope<'_>>, BsonType, bool, bool) {
    let is_array = f.bson_type == BsonType::Array;
    (Some(Scope { fields: &f.fields, entity: None }), f.bson_type, is_array, false)
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
    fn resolves_declared_embedded_and_reference_paths() {
        let m = bibliored();
        let layout = Layout::new(&m);
        let catalogo = layout.entity("material").expect("material");
        let r = |p: &str| resolve(&layout, catalogo, p);
        assert_eq!(r("titulo_normalizado"), Some(Resolved { bson_type: BsonType::String, array: false }));
        assert_eq!(r("etiquetas"), Some(Resolved { bson_type: BsonType::Array, array: true }), "embedded value");
        assert_eq!(r("autores.autor_id"), Some(Resolved { bson_type: BsonType::ObjectId, array: true }));
        assert_eq!(r("valoracion.media").map(|x| x.array), Some(false));
        assert_eq!(r("isbn").map(|x| x.bson_type), Some(BsonType::String), "variant field");
        assert_eq!(r("_id").map(|x| x.bson_type), Some(BsonType::ObjectId));
        assert_eq!(r("nope"), None);
        let actividad = layout.entity("actividad").expect("actividad");
        assert_eq!(resolve(&layout, actividad, "eventos.material_id").map(|x| x.array), Some(true));
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
