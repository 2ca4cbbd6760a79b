//! The design as every rule sees it: one picture of the model, built once per analysis by
//! [`Design::new`] and read by every rule through [`super::Context::design`] (as ruff's
//! semantic model is for its rules). It holds facts about the model, never advice: what the
//! advisor recommends (relation verdicts, patterns, indexes, how each query is served) is in
//! the [`super::Report`] the rules also read.
//!
//! | the question | ask |
//! |---|---|
//! | the entity or relation with this id | [`Design::entity`], [`Design::relation`] |
//! | the entities at both ends of a relation, and their names | [`Design::ends`], [`Design::end_names`] |
//! | the relations from and to an entity | [`Design::children`], [`Design::parents`] |
//! | the collection whose documents hold an entity, and at which path | [`Design::collection_of`], [`Design::placement`] |
//! | the aggregate (the atomicity boundary) an entity belongs to | [`Design::aggregate_of`] |
//! | each collection: its documents' sizes now and at the horizon, what makes them grow, their largest element, the reads and writes per minute it takes | [`Design::collections`], [`Design::collection`] |
//! | each access pattern's reach: the collections it involves, the aggregates a write changes | [`Design::reaches`] |
//! | each access pattern's query shape (equality, sort, range keys) | [`Design::shapes`] |
//! | every array field at any depth, every large value | [`Design::array_fields`], [`Design::large_values`] |
//!
//! Where each part is worked out: `paths` (relations by end, embedding, field paths),
//! `aggregates` (the root of each entity's aggregate), `sizes` (document sizes
//! with BSON's rules), `reach` (what each access pattern reaches, and the load it puts on
//! each collection), `field_scan` (fields at any depth), `query_shape` (the queries' shapes),
//! `relations::Usage` (the reads and writes around each entity, for the relation criteria).
//!
//! Everything is in model order. When two elements share an id (a structural error DS001
//! reports), a look-up by id finds the last one.

mod collections;
mod reach;

pub(crate) use collections::Collection;
pub(crate) use reach::Reach;

use super::aggregates::Roots;
use super::field_scan::{scan_fields, ArrayField, FieldScan};
use super::index_budget::Loads;
use super::paths::Layout;
use super::query_shape::{shapes, Shape, Shapes};
use super::relations::Usage;
use super::SizeEstimate;
use crate::model::ids::{position_in, IdIndex};
use crate::model::{BsonType, Entity, Field, Model, Relation};
use std::rc::Rc;

/// The shared picture of one model (see the module documentation for what to ask it).
pub struct Design<'a> {
    pub model: &'a Model,
    layout: Layout<'a>,
    aggregates: Roots<'a>,
    collections: Vec<Collection<'a>>,
    /// The place in `collections` of each entity that is a collection, by entity position.
    collection_at: Vec<Option<usize>>,
    reaches: Vec<Reach<'a>>,
    loads: Loads,
    usage: Usage<'a>,
    shapes: Shapes,
    fields: FieldScan<'a>,
}

impl<'a> Design<'a> {
    /// Works out the whole picture: a few passes over the model, each linear in its size.
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn new(model: &'a Model) -> Design<'a> {
        let layout = Layout::new(model);
        let (sizes, walked) = super::sizes::estimate_with_growth(&layout);
        let usage = Usage::with_ids(Rc::clone(layout.ids()), &sizes);
        let aggregates = Roots::new(&layout);
        let reaches = reach::reaches(&layout, &aggregates);
        let loads = reach::loads(&layout, &reaches);
        let collections = collections::collections(&layout, sizes, walked, &loads);
        let mut collection_at = vec![None; model.entities.len()];
        for (k, c) in collections.iter().enumerate() {
            if let Some(slot) = collection_at.get_mut(c.position) {
                *slot = Some(k);
            }
        }
        let shapes = Shapes::new(shapes(&layout));
        let limit = model.thresholds.bloat_field_bytes;
        let fields = scan_fields(model, |f| large_value(f, limit));
        Design { model, layout, aggregates, collections, collection_at, reaches, loads, usage, shapes, fields }
    }

    /// The entity with this id.
    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        self.layout.entity(id)
    }

    /// The relation with this id.
    pub fn relation(&self, id: &str) -> Option<&'a Relation> {
        self.layout.ids().relation(id)
    }

    /// The entities at both ends of a relation (`None`: no entity has that id).
    pub fn ends(&self, rel: &Relation) -> (Option<&'a Entity>, Option<&'a Entity>) {
        self.layout.ends_of(rel)
    }

    /// The names of the entities at both ends of a relation, for messages (an end that does
    /// not exist is named by its id).
    pub fn end_names<'r>(&self, rel: &'r Relation) -> (&'r str, &'r str)
    where
        'a: 'r,
    {
        let (parent, child) = self.ends(rel);
        (parent.map_or(rel.parent.as_str(), |e| e.name.as_str()), child.map_or(rel.child.as_str(), |e| e.name.as_str()))
    }

    /// The relations whose parent is the entity with this id, in model order.
    pub fn children(&self, id: &str) -> &[&'a Relation] {
        self.layout.children(id)
    }

    /// The relations whose child is the entity with this id, in model order.
    pub fn parents(&self, id: &str) -> &[&'a Relation] {
        self.layout.parents(id)
    }

    /// The collection whose documents hold the entity with this id: itself when it is a
    /// collection, the collection at the top of its embedding chain when it is embedded.
    /// `None` for an external entity, a value no collection embeds, or an embedding cycle.
    pub fn collection_of(&self, id: &str) -> Option<&'a Entity> {
        let at = self.layout.ids().entity_position(id)?;
        self.model.entities.get(self.layout.root_at(at)?)
    }

    /// Where the entity with this id sits: its collection, the dotted path of its embedding
    /// inside that collection's documents ("" for the collection itself), and whether the path
    /// crosses an array.
    pub fn placement(&self, id: &str) -> Option<(&'a Entity, String, bool)> {
        let at = self.layout.ids().entity_position(id)?;
        let mut path = String::new();
        let (root, through_array) = self.layout.placement_into(at, &mut path)?;
        Some((root, path, through_array))
    }

    /// The root of the aggregate (the unit of atomicity) that holds the entity with this id:
    /// its collection, or for an external entity the entity itself (another system is its own
    /// boundary).
    pub fn aggregate_of(&self, id: &str) -> Option<&'a Entity> {
        self.aggregates.root(id).and_then(|root| self.entity(root))
    }

    /// Every collection, in model order, with its documents' figures.
    pub(crate) fn collections(&self) -> &[Collection<'a>] {
        &self.collections
    }

    /// The collection with this id (`None`: embedded, external, a value, or no such entity).
    pub(crate) fn collection(&self, id: &str) -> Option<&Collection<'a>> {
        let at = self.layout.ids().entity_position(id)?;
        self.collections.get(self.collection_at.get(at).copied().flatten()?)
    }

    /// What each access pattern reaches, in model order.
    pub(crate) fn reaches(&self) -> &[Reach<'a>] {
        &self.reaches
    }

    /// The query shape of each access pattern, in model order (`None`: it runs on no
    /// collection).
    pub(crate) fn shapes(&self) -> &[Option<Shape>] {
        &self.shapes
    }

    /// Every array field of every document entity, at any depth (entities in model order,
    /// fields in pre-order).
    pub(crate) fn array_fields(&self) -> &[ArrayField<'a>] {
        &self.fields.arrays
    }

    /// The large values of a document entity (its string and binary fields averaging over
    /// `thresholds.bloatFieldBytes`, at any depth) and its array fields (`None`: not one of the
    /// model's entities).
    pub(crate) fn large_values(&self, e: &Entity) -> Option<(&[ArrayField<'a>], &[ArrayField<'a>])> {
        let at = position_in(&self.model.entities, e)?;
        Some((self.fields.kept_at(at)?, self.fields.arrays_at(at)?))
    }

    /// The look-ups of the model's structure (for the passes that derive advice from it).
    pub(crate) fn layout(&self) -> &Layout<'a> {
        &self.layout
    }

    /// The id table.
    pub(crate) fn ids(&self) -> &IdIndex<'a> {
        self.layout.ids()
    }

    /// The aggregate root of every entity.
    pub(crate) fn aggregates(&self) -> &Roots<'a> {
        &self.aggregates
    }

    /// The reads and writes per minute of each collection, by entity position.
    pub(crate) fn loads(&self) -> &Loads {
        &self.loads
    }

    /// The query shapes, shared with the index derivation.
    pub(crate) fn shared_shapes(&self) -> &Shapes {
        &self.shapes
    }

    /// The reads and writes around each entity, as the relation criteria read them.
    pub(crate) fn usage(&self) -> &Usage<'a> {
        &self.usage
    }

    /// The size estimates of the collections, in model order, for the report.
    pub(crate) fn into_sizes(self) -> Vec<SizeEstimate> {
        self.collections.into_iter().map(|c| c.size).collect()
    }
}

/// A large value: a string or binary field (or an array of them) averaging over `limit` bytes.
pub(crate) fn large_value(f: &Field, limit: u64) -> bool {
    f.size.avg_bytes.is_some_and(|avg| avg > limit) && carries_bulk(f)
}

/// A string or binary value, or an array of them: the kinds of field that carry bulk.
pub(crate) fn carries_bulk(f: &Field) -> bool {
    matches!(f.bson_type, BsonType::String | BsonType::BinData)
        || (f.bson_type == BsonType::Array && matches!(f.items, Some(BsonType::String | BsonType::BinData)))
}
