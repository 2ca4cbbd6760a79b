//! The walk behind the size estimate: every element of a collection's documents sized three
//! ways (average now, worst case now, worst case at the growth horizon) with BSON's rules.
//!
//! Declared fields come first; what relations place in a document and no declared field
//! spells out is added after them ([`Walker::relation_elements`]): embedded children at the
//! relation's `field`, subset arrays, computed values, id arrays, extended-reference copies,
//! reference ids and bucket arrays.

use super::defaults::{guess_by_name, period_days, DEFAULT_ITEMS, SHORTEST_KEY};
use crate::advisor::bson::{array_bytes, element_header, fixed_size, BINARY_OVERHEAD, DOC_OVERHEAD, STRING_OVERHEAD};
use crate::advisor::paths::{extended_target, extended_top, Layout, MAX_DEPTH};
use crate::keyed::HashMap;
use crate::model::{find_path, BsonType, Cardinality, Entity, EntityKind, Field, Relation, Storage};

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
    fn add(self, o: Triple) -> Triple {
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
struct Counts {
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
            guesses: HashMap::default(),
            embedded: HashMap::default(),
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
    fn member(&mut self, name: &'a str, bytes: Triple) {
        if self.largest.is_none_or(|m| m.avg.total_cmp(&bytes.avg) != std::cmp::Ordering::Greater) {
            self.largest = Some(Largest { name, avg: bytes.avg });
        }
    }

    /// Elements of an entity embedded at `depth` (> 0): [`Self::entity_elements`], walked once
    /// per entity and depth. What the walk inside records (its largest growth) is replayed on
    /// each later visit: the growth kept is the first largest one either way.
    fn embedded_elements(&mut self, e: &'a Entity, depth: usize) -> Triple {
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
    fn entity_elements(&mut self, e: &'a Entity, depth: usize) -> Triple {
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
    fn counts(&self, r: &Relation) -> Counts {
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
    fn array(&mut self, counts: &Counts, item: Triple, r: Option<&'a Relation>) -> Triple {
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
    fn field_value(&mut self, f: &'a Field, rel: Option<&'a Relation>, depth: usize) -> Triple {
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
    fn scalar_value(&mut self, ty: BsonType, avg: Option<u64>, name: &'a str, f: Option<&'a Field>) -> Triple {
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

impl<'a> Walker<'_, 'a> {
    /// What the relations of `e` add to its documents where no declared field spells it out,
    /// added to `total` (the declared elements) in order: embedded children at the relation's
    /// `field`, id arrays, subsets and their counts, computed values and outlier flags of the
    /// relations from `e`; reference ids, extended-reference copies and bucket arrays of the
    /// relations to `e`.
    fn relation_elements(
        &mut self,
        e: &'a Entity,
        (children, parents): (&[&'a Relation], &[&'a Relation]),
        depth: usize,
        mut total: Triple,
    ) -> Triple {
        let top = depth == 0;
        let layout = self.layout;
        let declared = Declared::of(e);
        for r in children {
            if r.storage == Storage::Embed && !r.field.is_empty() && !declared.has(&r.field) {
                let value = self.embedded(r, depth);
                total = total.add(self.extra(top, &r.field, value));
            }
            if let Some(pf) = r.reference.parent_field.as_deref().map(Path::new).filter(|p| !declared.has_path(*p)) {
                let counts = self.counts(r);
                let value = self.array(&counts, Triple::same(12.0), Some(r));
                total = total.add(self.extra_path(top, pf, value));
            }
            if let Some(s) = r.subset.as_ref() {
                if !declared.has(&s.field) {
                    let item = self.subset_item(r);
                    let n = Triple { avg: r.cardinality.typical.min(s.size as f64), ..Triple::same(s.size as f64) };
                    let counts = Counts { items: n, per_day: None };
                    let value = self.array(&counts, item, Some(r));
                    total = total.add(self.extra(top, &s.field, value));
                }
                if let Some(c) = s.count_field.as_deref().map(Path::new).filter(|c| !declared.has_path(*c)) {
                    total = total.add(self.extra_path(top, c, Triple::same(4.0)));
                }
            }
            for c in &r.computed {
                let field = Path::new(&c.field);
                if !declared.has_path(field) {
                    let v = if c.op == "count" { 4.0 } else { 8.0 };
                    total = total.add(self.extra_path(top, field, Triple::same(v)));
                }
            }
            if let Some(o) = r.outlier.as_ref().filter(|o| !declared.has(&o.flag_field)) {
                total = total.add(self.extra(top, &o.flag_field, Triple::same(1.0)));
            }
        }
        for r in parents {
            let id_field = r
                .reference
                .child_field
                .as_deref()
                .filter(|_| matches!(r.storage, Storage::Reference | Storage::Bucket));
            if let Some(cf) = id_field.map(Path::new).filter(|c| !declared.has_path(*c)) {
                total = total.add(self.extra_path(top, cf, Triple::same(12.0)));
            }
            for c in &r.extended {
                // The first segment of the copy's path: a declared field of that name spells it out.
                let top_name = head(extended_top(r, c));
                if declared.has(top_name) {
                    continue;
                }
                let source = layout.ends_of(r).0.and_then(|p| p.field(&c.field));
                let v = match source {
                    Some(f) => self.field_value(f, None, depth + 1),
                    None => Triple::same((STRING_OVERHEAD + 16) as f64),
                };
                total = total.add(self.extra_at(top, &extended_target(r, c), top_name, v));
            }
            if let Some(b) = r.bucket.as_ref().filter(|_| r.storage == Storage::Bucket) {
                if !declared.has(&b.array_field) {
                    let counts = self.counts(r);
                    let item = Triple::same(r.child_bytes.unwrap_or(64) as f64);
                    let value = self.array(&counts, item, Some(r));
                    total = total.add(self.extra(top, &b.array_field, value));
                }
                if let Some(c) = b.count_field.as_deref().filter(|c| !declared.has(c)) {
                    total = total.add(self.extra(top, c, Triple::same(4.0)));
                }
                if let Some(p) = b.period_field.as_deref().filter(|p| !declared.has(p)) {
                    total = total.add(self.extra(top, p, Triple::same(8.0)));
                }
            }
        }
        total
    }

    /// An element a relation adds; a dotted name is nested in one-element sub-documents.
    /// The name is scanned for a dot once: a plain name (most) is its own first segment.
    fn extra(&mut self, top: bool, name: &'a str, value: Triple) -> Triple {
        self.extra_path(top, Path::new(name), value)
    }

    /// [`Self::extra`] for a name already split at its first dot.
    fn extra_path(&mut self, top: bool, name: Path<'a>, value: Triple) -> Triple {
        if name.is_dotted() {
            self.dotted(top, name.full, name.head, value)
        } else {
            self.plain(top, name.full, value)
        }
    }

    /// [`Self::extra`] for a name not borrowed from the model; `top_name` is its first segment.
    fn extra_at(&mut self, top: bool, name: &str, top_name: &'a str, value: Triple) -> Triple {
        // Dotted exactly when longer than its first segment.
        if top_name.len() < name.len() {
            self.dotted(top, name, top_name, value)
        } else {
            let bytes = Triple::same(element_header(name) as f64).add(value);
            if top {
                self.member(top_name, bytes);
            }
            bytes
        }
    }

    /// An element with a plain (undotted) name borrowed from the model.
    #[inline]
    fn plain(&mut self, top: bool, name: &'a str, value: Triple) -> Triple {
        let bytes = Triple::same(element_header(name) as f64).add(value);
        if top {
            self.member(name, bytes);
        }
        bytes
    }

    /// An element with a dotted name: nested in one-element sub-documents.
    #[inline(never)]
    fn dotted(&mut self, top: bool, name: &str, top_name: &'a str, value: Triple) -> Triple {
        let mut segments = name.rsplit('.');
        let last = segments.next().unwrap_or(name);
        let mut bytes = Triple::same(element_header(last) as f64).add(value);
        for seg in segments {
            bytes = Triple::same((element_header(seg) + DOC_OVERHEAD) as f64).add(bytes);
        }
        if top {
            self.member(top_name, bytes);
        }
        bytes
    }

    /// An embedded child at the relation's field: the value's bytes.
    fn embedded(&mut self, r: &'a Relation, depth: usize) -> Triple {
        let Some(child) = self.layout.ends_of(r).1 else { return Triple::default() };
        let item = if child.kind == EntityKind::Value {
            let ty = child.value_type.unwrap_or(BsonType::String);
            self.scalar_value(ty, r.child_bytes, &child.name, None)
        } else if depth >= MAX_DEPTH {
            Triple::same(DOC_OVERHEAD as f64)
        } else {
            let doc = Triple::same(DOC_OVERHEAD as f64).add(self.embedded_elements(child, depth + 1));
            match r.child_bytes {
                Some(b) => Triple { avg: b as f64, worst: doc.worst.max(b as f64), horizon: doc.horizon.max(b as f64) },
                None => doc,
            }
        };
        if r.cardinality.max == Some(1) {
            return item;
        }
        let counts = self.counts(r);
        self.array(&counts, item, Some(r))
    }

    /// One subset item: the child's fields named by the subset (all when none are named).
    fn subset_item(&mut self, r: &'a Relation) -> Triple {
        let Some(child) = self.layout.ends_of(r).1 else { return Triple::same(DOC_OVERHEAD as f64) };
        let Some(s) = r.subset.as_ref() else { return Triple::same(DOC_OVERHEAD as f64) };
        let mut total = Triple::same((DOC_OVERHEAD + element_header("_id") + 12) as f64);
        if s.fields.is_empty() {
            for f in &child.fields {
                total = total.add(Triple::same(element_header(&f.name) as f64)).add(self.field_value(f, None, 1));
            }
        }
        for name in &s.fields {
            let v = match find_path(&child.fields, name) {
                Some(f) => self.field_value(f, None, 1),
                None => Triple::same((STRING_OVERHEAD + 16) as f64),
            };
            total = total.add(Triple::same(element_header(name) as f64)).add(v);
        }
        total
    }
}

/// The relation whose children or copies fill the declared field `name`.
fn relation_filling<'a>(children: &[&'a Relation], parents: &[&'a Relation], name: &str) -> Option<&'a Relation> {
    let down = children.iter().copied().find(|r| {
        (r.storage == Storage::Embed && r.field == name)
            || r.reference.parent_field.as_deref() == Some(name)
            || r.subset.as_ref().is_some_and(|s| s.field == name)
    });
    down.or_else(|| {
        parents
            .iter()
            .copied()
            .find(|r| r.storage == Storage::Bucket && r.bucket.as_ref().is_some_and(|b| b.array_field == name))
    })
}

/// The first segment of a dotted path.
fn head(path: &str) -> &str {
    match path.bytes().position(|b| b == b'.') {
        Some(i) => path.get(..i).unwrap_or(path),
        None => path,
    }
}

/// A name split once at its first dot: its first segment is the whole name when it has none.
#[derive(Clone, Copy)]
struct Path<'a> {
    full: &'a str,
    head: &'a str,
}

impl<'a> Path<'a> {
    fn new(full: &'a str) -> Path<'a> {
        Path { full, head: head(full) }
    }

    fn is_dotted(&self) -> bool {
        self.head.len() < self.full.len()
    }
}

/// The declared top-level names of an entity, with a mask of their lengths: most names a
/// relation adds differ in length from every declared field, and are answered without a scan.
struct Declared<'e> {
    fields: &'e [Field],
    /// Bit `min(len, 63)` set for each declared name's length.
    lengths: u64,
}

impl<'e> Declared<'e> {
    fn of(e: &'e Entity) -> Self {
        let lengths = e.fields.iter().fold(0, |m, f| m | length_bit(&f.name));
        Declared { fields: &e.fields, lengths }
    }

    /// Whether `name` is a declared top-level field.
    fn has(&self, name: &str) -> bool {
        self.lengths & length_bit(name) != 0 && self.fields.iter().any(|f| f.name == name)
    }

    /// Whether a path is spelled out: its first segment is a declared field (a declared path
    /// has a declared head, so the head alone decides).
    fn has_path(&self, path: Path) -> bool {
        self.has(path.head)
    }
}

fn length_bit(name: &str) -> u64 {
    1 << name.len().min(63)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_names_answer_as_a_scan_would() {
        let mut e = Entity::new("u", "users");
        let long = "x".repeat(70);
        for name in ["_id", "ab", "title", long.as_str()] {
            e.fields.push(Field::new(name, BsonType::String));
        }
        let d = Declared::of(&e);
        for name in ["_id", "ab", "title", "titles", "", "a", "abc", long.as_str(), &"x".repeat(64), &"y".repeat(70)] {
            assert_eq!(d.has(name), e.fields.iter().any(|f| f.name == name), "{name}");
        }
        let has_path = |p| d.has_path(Path::new(p));
        assert!(has_path("title.main") && !has_path("titl.main") && has_path("ab"));
    }
}
