//! What every rule reads: the model, the derived facts, and fast look-ups into both.

use super::aggregates::Roots;
use super::field_scan::{scan_fields, ArrayField, FieldScan};
use super::index_budget::{loads, Loads};
use super::indexes::Links;
use super::paths::Layout;
use super::query_shape::{shapes, Shape, Shapes};
use super::size_walk::{Growth, Largest};
use super::sizes::{estimate_with_growth, Walked};
use super::{IndexAdvice, RelationAdvice, Report, SizeEstimate};
use crate::fast_hash::FastMap;
use crate::model::ids::position_in;
use crate::model::{Entity, Model, Relation};
use std::cell::OnceCell;

pub struct Context<'a> {
    pub model: &'a Model,
    pub report: &'a Report,
    /// Relation advice by relation id, built only for a report whose advice is not one per
    /// relation in model order (as `analyze` makes it).
    advice: OnceCell<FastMap<&'a str, &'a RelationAdvice>>,
    /// Size estimates by entity id, built on first use when they are not one per collection in
    /// the collections' order (as `analyze` makes them).
    sizes: OnceCell<FastMap<&'a str, &'a SizeEstimate>>,
    /// Whether the size estimates are one per collection, in the collections' order, and no
    /// two entities share an id: then an estimate is found by its collection's place.
    sizes_aligned: OnceCell<bool>,
    /// Each size estimate with its entity, built on first use.
    sized: OnceCell<Vec<(&'a SizeEstimate, &'a Entity)>>,
    /// Structure look-ups (embedding roots, relations by end), built on first use.
    layout: OnceCell<Layout<'a>>,
    /// The query shape of each access pattern, in model order, built on first use.
    shapes: OnceCell<Shapes>,
    /// The aggregate root of each entity, built on first use.
    roots: OnceCell<Roots<'a>>,
    /// What the size walk found in each collection (horizon growth, largest element).
    walked: OnceCell<SizeFacts<'a>>,
    /// Both end names of each relation, in model order, built on first use.
    end_names: OnceCell<Vec<(&'a str, &'a str)>>,
    /// The reads and writes per minute of each collection, built on first use.
    loads: OnceCell<Loads>,
    /// The one scan of the document entities' fields (their array fields and DS201's large
    /// values), built on first use.
    field_scan: OnceCell<FieldScan<'a>>,
    /// Which index holds each query, when `analyze` derived the report's indexes and no two
    /// elements of the model share an id (set by `prime`, never built).
    index_links: OnceCell<Links>,
}

impl<'a> Context<'a> {
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn new(model: &'a Model, report: &'a Report) -> Context<'a> {
        Context {
            model,
            report,
            advice: OnceCell::new(),
            sizes: OnceCell::new(),
            sizes_aligned: OnceCell::new(),
            sized: OnceCell::new(),
            layout: OnceCell::new(),
            shapes: OnceCell::new(),
            roots: OnceCell::new(),
            walked: OnceCell::new(),
            end_names: OnceCell::new(),
            loads: OnceCell::new(),
            field_scan: OnceCell::new(),
            index_links: OnceCell::new(),
        }
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        self.layout().entity(id)
    }

    /// The collection (or sub-document) names at both ends of a relation, for messages; an end
    /// that does not exist is named by its id.
    pub fn end_names<'r>(&self, rel: &'r Relation) -> (&'r str, &'r str)
    where
        'a: 'r,
    {
        if let Some(names) = position_in(&self.model.relations, rel).and_then(|i| self.end_names_by_index().get(i)) {
            return *names;
        }
        let name = |id: &'r str| self.entity(id).map(|e| e.name.as_str()).unwrap_or(id);
        (name(&rel.parent), name(&rel.child))
    }

    /// The end names of every relation, in model order, looked up once for all the rules
    /// that name both ends of every relation.
    fn end_names_by_index(&self) -> &[(&'a str, &'a str)] {
        self.end_names.get_or_init(|| {
            let name = |e: Option<&'a Entity>, id: &'a str| e.map(|e| e.name.as_str()).unwrap_or(id);
            let model: &'a Model = self.model;
            let ids = self.layout().ids();
            let ends = model.relations.iter().enumerate().map(|(i, r)| (ids.ends(i), r));
            ends.map(|((parent, child), r)| (name(parent, &r.parent), name(child, &r.child))).collect()
        })
    }

    /// The entities at both ends of a relation (`None`: no entity has that id), found by the
    /// relation's position when it is one of the model's, without hashing its ends' ids.
    pub fn ends(&self, rel: &Relation) -> (Option<&'a Entity>, Option<&'a Entity>) {
        self.layout().ends_of(rel)
    }

    pub fn relation(&self, id: &str) -> Option<&'a Relation> {
        self.layout().ids().relation(id)
    }

    /// The advice about a relation: found by the relation's position when the report has one
    /// advice per relation in model order (as `analyze` makes it), else by id.
    pub fn advice(&self, relation: &str) -> Option<&'a RelationAdvice> {
        let report: &'a Report = self.report;
        let at = self.layout().ids().relation_position(relation).and_then(|i| report.relations.get(i));
        if let Some(a) = at.filter(|a| a.relation == relation) {
            return Some(a);
        }
        self.advice
            .get_or_init(|| report.relations.iter().map(|a| (a.relation.as_str(), a)).collect())
            .get(relation)
            .copied()
    }

    pub fn size(&self, entity: &str) -> Option<&'a SizeEstimate> {
        let report: &'a Report = self.report;
        if self.sizes_aligned() {
            let layout = self.layout();
            let at = layout.ids().entity_position(entity);
            return at.and_then(|at| report.sizes.get(layout.collection_ordinal(at)?));
        }
        self.sizes.get_or_init(|| report.sizes.iter().map(|s| (s.entity.as_str(), s)).collect()).get(entity).copied()
    }

    /// See the field.
    fn sizes_aligned(&self) -> bool {
        *self.sizes_aligned.get_or_init(|| {
            let layout = self.layout();
            let sizes = &self.report.sizes;
            let mut collections = layout.collections();
            !layout.ids().entity_ids_repeat()
                && sizes.iter().all(|s| collections.next().is_some_and(|e| s.entity == e.id))
                && collections.next().is_none()
        })
    }

    /// Each size estimate (one per collection) with its entity, as `entity(&size.entity)`
    /// finds it, looked up once for every rule that walks the collections' sizes.
    pub fn sized_entities(&self) -> &[(&'a SizeEstimate, &'a Entity)] {
        self.sized.get_or_init(|| {
            let layout = self.layout();
            // The estimates follow the collections' order: when no two entities share an id,
            // the collection at the same step is the entity a look-up would find.
            let unique = !layout.ids().entity_ids_repeat();
            let mut collections = layout.collections();
            let mut sized = Vec::with_capacity(self.report.sizes.len());
            sized.extend(self.report.sizes.iter().filter_map(|s| match collections.next() {
                Some(e) if unique && e.id == s.entity => Some((s, e)),
                _ => Some((s, layout.entity(&s.entity)?)),
            }));
            sized
        })
    }

    /// Every array field of every document entity (model order, fields in pre-order), scanned
    /// once for the rules about arrays.
    pub(crate) fn array_fields(&self) -> &[ArrayField<'a>] {
        &self.field_scan().arrays
    }

    /// The large values of a document entity (DS201's `bloated`) and its array fields, from the
    /// one scan of [`Self::array_fields`] (`None`: not one of the model's entities).
    pub(crate) fn heavy_fields(&self, e: &Entity) -> Option<(&[ArrayField<'a>], &[ArrayField<'a>])> {
        let at = position_in(&self.model.entities, e)?;
        let scan = self.field_scan();
        Some((scan.kept_at(at)?, scan.arrays_at(at)?))
    }

    fn field_scan(&self) -> &FieldScan<'a> {
        let limit = self.model.thresholds.bloat_field_bytes;
        self.field_scan.get_or_init(|| scan_fields(self.model, |f| super::rules::bloated_document::bloated(f, limit)))
    }

    /// Relations by parent and child, embedding roots and field-path resolution.
    pub(crate) fn layout(&self) -> &Layout<'a> {
        self.layout.get_or_init(|| Layout::new(self.model))
    }

    /// The query shape of each access pattern (`None` when it runs on no collection).
    pub(crate) fn shapes(&self) -> &[Option<Shape>] {
        self.shapes.get_or_init(|| Shapes::new(shapes(self.layout())))
    }

    /// The aggregate that holds each entity.
    pub(crate) fn roots(&self) -> &Roots<'a> {
        self.roots.get_or_init(|| Roots::new(self.model))
    }

    /// What the size walk found, by collection.
    fn walked(&self) -> &SizeFacts<'a> {
        self.walked.get_or_init(|| {
            let collections = self.layout().collections().map(|e| e.id.as_str());
            growth_by_collection(collections, estimate_with_growth(self.layout()).1)
        })
    }

    /// The relation whose growth sets the collection's horizon size, if one grows without bound.
    pub(crate) fn growth(&self, entity: &str) -> Option<&Growth<'a>> {
        self.walked().growth.get(entity)
    }

    /// The largest top-level element (on average) of the collection whose estimate is
    /// `report.sizes[index]`.
    pub(crate) fn largest_member(&self, index: usize) -> Option<Largest<'a>> {
        self.walked().largest.get(index).copied().flatten()
    }

    /// The reads and writes per minute each collection takes (`index_budget::loads`).
    pub(crate) fn loads(&self) -> &Loads {
        self.loads.get_or_init(|| loads(self.layout()))
    }

    /// Hands over facts `analyze` already built (the collection loads and the index links are
    /// the index derivation's), so rules do not rebuild them.
    pub(crate) fn prime(
        &self,
        layout: Layout<'a>,
        shapes: Shapes,
        roots: Roots<'a>,
        walked: SizeFacts<'a>,
        loads: Loads,
        index_links: Option<Links>,
    ) {
        if let Some(links) = index_links {
            let _ = self.index_links.set(links);
        }
        let _ = self.loads.set(loads);
        let _ = self.layout.set(layout);
        let _ = self.shapes.set(shapes);
        let _ = self.roots.set(roots);
        let _ = self.walked.set(walked);
    }

    /// Which index of the report holds each query (`None`: not known, look the pairs up by id).
    pub(crate) fn index_links(&self) -> Option<&Links> {
        self.index_links.get()
    }

    /// Derived and declared indexes of one collection.
    pub fn indexes_of(&self, entity: &'a str) -> impl Iterator<Item = &'a IndexAdvice> + 'a {
        self.report.indexes.iter().filter(move |i| i.entity == entity)
    }
}

/// What the size walk found: the growth behind each growing collection's horizon, by id, and
/// each collection's largest element, in the order of the estimates.
pub(crate) struct SizeFacts<'a> {
    growth: FastMap<&'a str, Growth<'a>>,
    largest: Vec<Option<Largest<'a>>>,
}

/// Pairs collection ids with what the size estimate found for each (same order).
pub(crate) fn growth_by_collection<'a>(
    collections: impl Iterator<Item = &'a str>,
    walked: Vec<Walked<'a>>,
) -> SizeFacts<'a> {
    let growth = collections.zip(&walked).filter_map(|(id, w)| Some((id, w.growth?))).collect();
    SizeFacts { growth, largest: walked.into_iter().map(|w| w.largest).collect() }
}
