//! The walk behind the size estimate: every element of a collection's documents sized three
//! ways (average now, worst case now, worst case at the growth horizon) with BSON's rules.
//!
//! Declared fields come first (this file); what relations place in a document and no declared
//! field spells out is added after them (`size_added`): embedded children at the relation's
//! `field`, subset arrays, computed values, id arrays, extended-reference copies, reference ids
//! and bucket arrays.

use super::bson::{array_bytes, element_header, fixed_size, BINARY_OVERHEAD, DOC_OVERHEAD, STRING_OVERHEAD};
use super::paths::{Layout, MAX_DEPTH};
use super::size_added::relation_filling;
use super::size_defaults::{guess_by_name, period_days, DEFAULT_ITEMS, SHORTEST_KEY};
use crate::model::{BsonType, Cardinality, Entity, Field, Relation, Storage};
use std::collections::HashMap;

/// Bytes (or items) three ways.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Triple {
    pub avg: f64,
    pub worst: f64,
    pub horizon: f64,
}

impl Triple {
    pub fn same(v: f64) -> Triple {
        Triple { avg: v, worst: v, horizon: v }
    }
    pub(super) fn add(self, o: Triple) -> Triple {
        Triple { avg: self.avg + o.avg, worst: self.worst + o.worst, horizon: self.horizon + o.horizon }
    }
}

/// The largest top-level element of a collection's documents, on average (the last of equals,
/// as `Iterator::max_by` picks), borrowed from the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Largest<'a> {
    pub name: &'a str,
    /// Average element bytes (header included).
    pub avg: f64,
}

/// The relation whose growth adds the most bytes by the horizon (borrowed from the model).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Growth<'a> {
    pub relation: &'a str,
    pub added_bytes: f64,
    pub per_day: f64,
    pub child_name: &'a str,
}

pub(crate) struct Walker<'l, 'a> {
    pub layout: &'l Layout<'a>,
    pub days: f64,
    /// The largest top-level element of the last collection walked.
    pub largest: Option<Largest<'a>>,
    pub growth: Option<Growth<'a>>,
    /// Name guesses already made (field names repeat across entities).
    guesses: HashMap<&'a str, f64>,
    /// The elements of each embedded entity already walked, by (entity address, depth), with
    /// the growth found inside them: an entity embedded along many paths (a dense embedding
    /// graph, or a cycle walked down to `MAX_DEPTH`) is walked once per depth, not once per
    /// path, which kept the walk linear in the model where it was exponential.
    embedded: HashMap<(usize, usize), (Triple, Option<Growth<'a>>)>,
    /// Walk every path again (the plain walk the memo must agree with; tests only).
    #[cfg(test)]
    pub(super) no_memo: bool,
}

/// Counts of an array filled by a relation.
pub(super) struct Counts {
    pub items: Triple,
    pub per_day: Option<f64>,
}

impl<'l, 'a> Walker<'l, 'a> {
    pub fn new(layout: &'l Layout<'a>) -> Self {
        let days = layout.model.thresholds.horizon_days as f64;
        Walker {
            layout,
            days,
            largest: None,
            growth: None,
            guesses: HashMap::new(),
            embedded: HashMap::new(),
            #[cfg(test)]
            no_memo: false,
        }
    }

    /// Bytes of one document of the collection `root`.
    pub fn collection(&mut self, root: &'a Entity) -> Triple {
        self.largest = None;
        self.growth = None;
        let mut elements = self.entity_elements(root, 0);
        let declared = |name: &str| root.fields.iter().any(|f| f.name == name);
        let mut extra = |w: &mut Self, name: &'a str, value: Triple| {
            let b = Triple::same(element_header(name) as f64).add(value);
            w.member(name, b);
            elements = elements.add(b);
        };
        if !declared("_id") {
            extra(self, "_id", Triple::same(12.0));
        }
        if let Some(v) = root.collection.schema_version_field.as_deref().filter(|v| !declared(v)) {
            extra(self, v, Triple::same(4.0));
        }
        if let Some(d) = root.collection.discriminator.as_deref().filter(|d| !declared(d)) {
            extra(self, d, Triple::same((STRING_OVERHEAD + 10) as f64));
        }
        let variants = &root.collection.variants;
        if !variants.is_empty() {
            let unset = variants.iter().filter(|v| v.share.is_none()).count().max(1) as f64;
            let given: f64 = variants.iter().filter_map(|v| v.share).sum();
            let rest = ((1.0 - given).max(0.0)) / unset;
            let mut v_bytes = Triple::default();
            for v in variants {
                let b = self.fields_elements(&v.fields, 0);
                v_bytes.avg += v.share.unwrap_or(rest) * b.avg;
                v_bytes.worst = v_bytes.worst.max(b.worst);
                v_bytes.horizon = v_bytes.horizon.max(b.horizon);
            }
            elements = elements.add(v_bytes);
        }
        Triple::same(DOC_OVERHEAD as f64).add(elements)
    }

    /// A top-level element: kept when it is the largest so far (or as large).
    #[inline]
    pub(super) fn member(&mut self, name: &'a str, bytes: Triple) {
        if self.largest.is_none_or(|m| m.avg.total_cmp(&bytes.avg) != std::cmp::Ordering::Greater) {
            self.largest = Some(Largest { name, avg: bytes.avg });
        }
    }

    /// Elements of an entity embedded at `depth` (> 0): [`Self::entity_elements`], walked once
    /// per entity and depth. What the walk inside records (its largest growth) is replayed on
    /// each later visit: the growth kept is the first largest one either way.
    pub(super) fn embedded_elements(&mut self, e: &'a Entity, depth: usize) -> Triple {
        let key = (std::ptr::from_ref(e) as usize, depth);
        #[cfg(test)]
        if self.no_memo {
            return self.entity_elements(e, depth);
        }
        if let Some(&(bytes, growth)) = self.embedded.get(&key) {
            if let Some(g) = growth {
                self.offer_growth(g);
            }
            return bytes;
        }
        let outer = self.growth.take();
        let bytes = self.entity_elements(e, depth);
        let inner = std::mem::replace(&mut self.growth, outer);
        if let Some(g) = inner {
            self.offer_growth(g);
        }
        self.embedded.insert(key, (bytes, inner));
        bytes
    }

    /// Keeps `g` as the collection's growth when it adds more bytes than the one kept (the
    /// first of equals stays).
    fn offer_growth(&mut self, g: Growth<'a>) {
        if self.growth.as_ref().is_none_or(|x| g.added_bytes > x.added_bytes) {
            self.growth = Some(g);
        }
    }

    /// Elements of an entity's documents: declared fields plus what relations add.
    pub(super) fn entity_elements(&mut self, e: &'a Entity, depth: usize) -> Triple {
        let top = depth == 0;
        let mut total = Triple::default();
        let layout = self.layout;
        let (children, parents) = (layout.children_of(e), layout.parents_of(e));
        for f in &e.fields {
            // Only arrays take their counts from a relation.
            let rel = if f.bson_type != BsonType::Array || (children.is_empty() && parents.is_empty()) {
                None
            } else {
                relation_filling(children, parents, &f.name)
            };
            let value = self.field_value(f, rel, depth);
            let b = Triple::same(element_header(&f.name) as f64).add(value);
            if top {
                self.member(&f.name, b);
            }
            total = total.add(b);
        }
        self.relation_elements(e, (children, parents), depth, total)
    }

    /// Item counts of an array filled by `r`.
    pub(super) fn counts(&self, r: &Relation) -> Counts {
        if let (Storage::Bucket, Some(b)) = (r.storage, r.bucket.as_ref()) {
            let cap = b.cap as f64;
            let per_period = r.cardinality.growth_per_day.map(|g| g * period_days(&b.period));
            let avg = per_period.unwrap_or(r.cardinality.typical).min(cap);
            return Counts { items: Triple { avg, worst: cap, horizon: cap }, per_day: None };
        }
        let c: &Cardinality = &r.cardinality;
        let mut worst = c.max.map_or(c.typical, |m| m as f64);
        if r.outlier.is_none() {
            if let Some(o) = &c.outliers {
                worst = worst.max(o.max as f64);
            }
        }
        let growth = c.growth_per_day.filter(|g| c.max.is_none() && g.is_finite() && *g > 0.0);
        let horizon = worst + growth.map_or(0.0, |g| g * self.days);
        Counts { items: Triple { avg: c.typical.max(0.0), worst, horizon }, per_day: growth }
    }

    /// An array of `counts` items of `item` bytes each; records it and its growth.
    pub(super) fn array(&mut self, counts: &Counts, item: Triple, r: Option<&'a Relation>) -> Triple {
        let n = counts.items;
        let worst = array_bytes(n.worst, item.worst);
        // Most arrays do not grow: the horizon lane is the worst lane, computed once.
        let horizon = if n.horizon == n.worst && item.horizon == item.worst {
            worst
        } else {
            array_bytes(n.horizon, item.horizon)
        };
        let bytes = Triple { avg: array_bytes(n.avg, item.avg), worst, horizon };
        if let (Some(g), Some(r)) = (counts.per_day, r) {
            let added = bytes.horizon - bytes.worst;
            if self.growth.as_ref().is_none_or(|x| added > x.added_bytes) {
                let child_name = self.layout.ends_of(r).1.map_or(r.child.as_str(), |c| c.name.as_str());
                self.offer_growth(Growth { relation: &r.id, added_bytes: added, per_day: g, child_name });
            }
        }
        bytes
    }

    fn fields_elements(&mut self, fields: &'a [Field], depth: usize) -> Triple {
        let mut total = Triple::default();
        for f in fields {
            let header = Triple::same(element_header(&f.name) as f64);
            total = total.add(header).add(self.field_value(f, None, depth + 1));
        }
        total
    }

    /// Value bytes of a declared field; `rel` is the relation that fills it, if any. Fixed-size
    /// scalars and strings with a size hint (most fields) are sized here, without a call.
    #[inline(always)]
    pub(super) fn field_value(&mut self, f: &'a Field, rel: Option<&'a Relation>, depth: usize) -> Triple {
        if let Some(n) = fixed_size(f.bson_type) {
            return Triple::same(n as f64);
        }
        match (f.bson_type, f.size.avg_bytes) {
            (BsonType::String | BsonType::BinData, Some(avg)) => {
                sized_scalar(f.bson_type, avg as f64, f.constraints.max_length)
            }
            _ => self.nested_value(f, rel, depth),
        }
    }

    /// [`Self::field_value`] for documents, arrays, and strings sized from a guess.
    #[inline(never)]
    fn nested_value(&mut self, f: &'a Field, rel: Option<&'a Relation>, depth: usize) -> Triple {
        match f.bson_type {
            BsonType::Object if depth < MAX_DEPTH => {
                Triple::same(DOC_OVERHEAD as f64).add(self.fields_elements(&f.fields, depth))
            }
            BsonType::Object => Triple::same(DOC_OVERHEAD as f64),
            BsonType::Array => {
                let item_type =
                    f.items.unwrap_or(if f.fields.is_empty() { BsonType::String } else { BsonType::Object });
                let item = if item_type == BsonType::Object && depth < MAX_DEPTH {
                    Triple::same(DOC_OVERHEAD as f64).add(self.fields_elements(&f.fields, depth))
                } else {
                    self.scalar_value(item_type, f.size.avg_bytes, &f.name, Some(f))
                };
                let counts = self.declared_counts(f, rel);
                self.array(&counts, item, rel)
            }
            _ => self.scalar_value(f.bson_type, f.size.avg_bytes, &f.name, Some(f)),
        }
    }

    /// Item counts of a declared array: its hints and caps first, then the relation's.
    fn declared_counts(&self, f: &Field, rel: Option<&Relation>) -> Counts {
        let from_rel = rel.map(|r| self.counts(r));
        let cap = f.constraints.max_items.or(f.size.max_items).map(|m| m as f64);
        let avg = f
            .size
            .avg_items
            .map(|a| a as f64)
            .or(from_rel.as_ref().map(|c| c.items.avg))
            .or(f.constraints.min_items.map(|m| m as f64))
            .unwrap_or(DEFAULT_ITEMS);
        match (cap, from_rel) {
            (Some(cap), _) => Counts { items: Triple { avg: avg.min(cap), worst: cap, horizon: cap }, per_day: None },
            (None, Some(c)) => Counts { items: Triple { avg, ..c.items }, per_day: c.per_day },
            (None, None) => Counts { items: Triple::same(avg), per_day: None },
        }
    }

    /// Value bytes of a scalar of type `ty` (strings and binData from the hint `avg`, or a
    /// guess from `name` and the field's constraints).
    pub(super) fn scalar_value(
        &mut self,
        ty: BsonType,
        avg: Option<u64>,
        name: &'a str,
        f: Option<&'a Field>,
    ) -> Triple {
        if let Some(n) = fixed_size(ty) {
            return Triple::same(n as f64);
        }
        let avg = match avg {
            Some(b) => b as f64,
            None => self.default_bytes(ty, name, f),
        };
        sized_scalar(ty, avg, f.and_then(|f| f.constraints.max_length))
    }

    /// A sensible average for a string or binary with no `avgBytes`: the enum's average, the
    /// example's length, or a guess from the name, within the length constraints.
    fn default_bytes(&mut self, ty: BsonType, name: &'a str, f: Option<&'a Field>) -> f64 {
        if let Some(f) = f {
            let strings = f.constraints.r#enum.iter().filter_map(|v| v.as_str());
            let (n, total) = strings.fold((0usize, 0usize), |(n, t), s| (n + 1, t + s.len()));
            if n > 0 {
                return total as f64 / n as f64;
            }
        }
        let example = f.and_then(|f| f.example.as_ref()).and_then(|v| v.as_str()).map(|s| s.len() as f64);
        let guess = match (ty, example) {
            (BsonType::String, Some(len)) => len,
            (BsonType::BinData, _) => 16.0,
            // A name shorter than every key is guessed at once, without the look-up.
            _ if name.len() < SHORTEST_KEY => guess_by_name(name),
            _ => match self.guesses.get(name) {
                Some(&guess) => guess,
                None => {
                    let guess = guess_by_name(name);
                    self.guesses.insert(name, guess);
                    guess
                }
            },
        };
        let Some(c) = f.map(|f| &f.constraints) else { return guess };
        let guess = c.max_length.map_or(guess, |m| guess.min(m as f64));
        c.min_length.map_or(guess, |m| guess.max(m as f64))
    }
}

/// A string or binData of `avg` bytes on average, at most `max_length` (when longer).
#[inline]
fn sized_scalar(ty: BsonType, avg: f64, max_length: Option<u64>) -> Triple {
    let overhead = if ty == BsonType::BinData { BINARY_OVERHEAD } else { STRING_OVERHEAD } as f64;
    let worst = max_length.map_or(avg, |m| m as f64).max(avg);
    Triple { avg: overhead + avg, worst: overhead + worst, horizon: overhead + worst }
}
