//! The facts the six criteria read, gathered once per relation: sanitised counts, the bound
//! that holds, the child's bytes, the cardinality class, and which access patterns read the
//! parent and child together or apart. Look-ups are built once (`Usage`), so gathering the
//! facts of every relation stays linear in the size of the model.

use super::estimate::{element_bytes, entity_bytes, DEFAULT_DOC_BYTES};
use super::usage::{copies_child, display_name, rate, Info, Usage};
use crate::advisor::workload;
use crate::advisor::CardinalityClass;
use crate::i18n::Arg;
use crate::model::{AccessPattern, BsonType, Entity, EntityKind, Id, Relation, Storage, Thresholds};
use std::ops::Range;

/// How the outliers of a relation compare with `thresholds.outlier_share`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Outliers {
    None,
    /// A tiny skewed minority: design for the common case, flag the rest (outlier pattern).
    Minor {
        share: f64,
        max: u64,
    },
    /// Too many overflow to call them outliers: the bound does not hold.
    Major {
        share: f64,
        max: u64,
    },
}

/// Everything the criteria and the decision read about one relation.
pub(crate) struct Facts<'a> {
    pub rel: &'a Relation,
    /// The relation's id, made once for the advice and the patterns that name it.
    pub id: Id,
    pub t: &'a Thresholds,
    pub parent_name: &'a str,
    pub child_name: &'a str,
    /// The same names as sentence arguments, made once per end by the look-ups (`None` for an
    /// end they do not know: see [`Facts::names`]).
    parent: Option<&'a Arg>,
    child: Option<&'a Arg>,
    pub parent_external: bool,
    pub child_external: bool,
    /// The child is a bare value (a tag, an id): it has no identity of its own.
    pub child_is_value: bool,
    /// Typical children per parent (sanitised: finite, ≥ 0).
    pub typical: f64,
    /// New children per parent per day (sanitised).
    pub growth: f64,
    pub outliers: Outliers,
    /// The bound that holds for all but a tiny minority: `max`, raised to the outliers' max
    /// when they are not a tiny minority. `None`: nobody can state it.
    pub bound: Option<u64>,
    /// Children per parent at the growth horizon (never above `bound`).
    pub horizon: f64,
    /// The worst case the size criterion uses: the bound, or the horizon count if unbounded.
    pub worst: f64,
    pub child_bytes: u64,
    /// Whether `child_bytes` was stated by the designer (else estimated).
    pub bytes_declared: bool,
    pub class: CardinalityClass,
    /// Reads that start at the parent and touch the child (the parent's view needs children).
    pub parent_view: &'a [&'a AccessPattern],
    /// Reads that start at the child and touch the parent (the child's view needs the parent).
    pub child_view: &'a [&'a AccessPattern],
    /// Reads that need parent and child together: a run of the shared read store (ids).
    pub read_together: Range<usize>,
    /// Reads of the child without its parent: a run of the shared read store.
    pub read_apart: Range<usize>,
    pub parent_reads: f64,
    /// Reads of the parent per minute that provably leave the child out: their projection
    /// names neither the child's field nor anything they touch of it (a read with no
    /// projection loads the whole document, so it is not counted).
    pub reads_without_child: f64,
    /// The parent's own average document, the child's bytes aside (from its size estimate;
    /// `None` when the parent is no collection).
    pub parent_own_bytes: Option<u64>,
    pub child_writes: f64,
    /// Other relations that copy this child into their parent (embed or subset).
    pub copies_elsewhere: usize,
    /// Another relation embeds the child: its documents already live in that aggregate.
    pub child_embedded_elsewhere: bool,
    /// The child is the parent of referenced children of its own (customers with orders): an
    /// entity with an identity, not an event.
    pub child_has_children: bool,
    /// A read finds one child document by its `_id` (an order line, an order): the children
    /// have an identity the application reads them by, so they are not events to bucket. Not
    /// for a relation stored as a bucket: there the child documents are the buckets, and
    /// reading one by its deterministic `_id` is how a bucket is read.
    pub child_read_by_id: bool,
    /// A write changes one child document in place (a correction, a state change: see
    /// `workload::edits_one`): records with a life of their own, not events written once. Not
    /// for a relation stored as a bucket (an edit of a bucket document is not one of an event).
    pub child_edited_one_by_one: bool,
    /// Every access pattern that reaches the child is analytical (a monthly report): no view
    /// or write of the application reads or writes the children per parent.
    pub child_only_analytical: bool,
    /// The child is a time series collection: the server already buckets its measurements.
    pub child_time_series: bool,
    /// The child's fields are declared and none is a date or timestamp: no time its documents
    /// could be grouped by (an order holding a quantity and a product gives a bucket no period
    /// to gather). A child with no fields declared yet is not judged on this.
    pub child_timeless: bool,
    /// The copies whose source changes too often for the copy to pay (see
    /// [`super::churn`]): the advice never tells to keep them.
    pub volatile: Vec<super::churn::Churn<'a>>,
}

/// Fields declared, none a date or timestamp (`_id` alone counts as none declared).
pub(crate) fn timeless(e: &Entity) -> bool {
    let mut declared = e.fields.iter().filter(|x| x.name != "_id").peekable();
    declared.peek().is_some() && !e.fields.iter().any(|x| matches!(x.bson_type, BsonType::Date | BsonType::Timestamp))
}

/// A count read from user input: NaN and negatives are zero, huge values (infinity
/// included) are capped at 10^15 so products stay finite.
fn finite(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1e15)
    }
}

impl<'a> Facts<'a> {
    #[cfg(test)]
    pub fn gather(u: &'a Usage<'a>, rel: &'a Relation) -> Facts<'a> {
        Facts::gather_at(u, None, rel, &mut Vec::new())
    }

    /// [`Facts::gather`] for the relation at position `i` of the model: its ends' records
    /// were found once, when the look-ups were built. Its read lists are appended to `reads`.
    pub fn gather_at(u: &'a Usage<'a>, i: Option<usize>, rel: &'a Relation, reads: &mut Vec<Id>) -> Facts<'a> {
        let t = &u.model.thresholds;
        // One record per end for everything the facts read about it.
        let none = Info::default();
        let (p_record, c_record) = u.end_records(i, rel);
        let p_info = u.record_info(p_record).unwrap_or(&none);
        let c_info = u.record_info(c_record).unwrap_or(&none);
        let (parent, child) = (p_info.entity, c_info.entity);
        let c = &rel.cardinality;
        let typical = finite(c.typical);
        let growth = c.growth_per_day.map(finite).unwrap_or(0.0);
        let outliers = match &c.outliers {
            Some(o) if o.share.is_finite() && o.share > 0.0 => {
                let share = o.share.min(1.0);
                if share <= t.outlier_share {
                    Outliers::Minor { share, max: o.max }
                } else {
                    Outliers::Major { share, max: o.max }
                }
            }
            _ => tail_outliers(t, c),
        };
        let bound = match (c.max, outliers) {
            (Some(max), Outliers::Major { max: o, .. }) => Some(max.max(o)),
            // Read from the percentile, the common bound is the p99 (the maximum is the outliers').
            (Some(_), Outliers::Minor { .. }) if c.outliers.is_none() => c.p99,
            (max, _) => max,
        };
        let days = t.horizon_days as f64;
        let grown = finite(typical + growth * days);
        let horizon = match bound {
            Some(b) => grown.min(b as f64),
            None => grown,
        };
        let worst = bound.map(|b| b as f64).unwrap_or(horizon).max(typical);
        let (child_bytes, bytes_declared) = child_bytes(rel, child, c_info);
        let class = classify(t, c.many_to_many, typical, bound, horizon);

        // Borrowed from the look-ups, which outlive the facts: no copy of the lists.
        let parent_view = u.pair(p_record, c_record);
        let child_view = u.pair(c_record, p_record);
        let start = reads.len();
        let mut push = |id: &str| {
            if !reads.iter().skip(start).any(|x| x == id) {
                reads.push(Id::new(id));
            }
        };
        parent_view.iter().chain(child_view).for_each(|q| push(&q.id));
        if rel.storage == Storage::Embed && !rel.field.is_empty() {
            u.path(p_record, &rel.field).iter().for_each(|q| push(&q.id));
        }
        let read_together = start..reads.len();
        if rel.parent != rel.child {
            let apart = u.reads_from(c_info).iter().filter(|q| !q.touches.iter().any(|t| t == &rel.parent));
            reads.extend(apart.map(|q| Id::new(&q.id)));
        }
        let read_apart = read_together.end..reads.len();
        let leaves_out_child = |q: &&&AccessPattern| {
            !q.projection.is_empty()
                && !q.touches.iter().any(|t| t == &rel.child)
                && (rel.field.is_empty()
                    || !q.projection.iter().any(|p| p.split('.').next() == Some(rel.field.as_str())))
        };
        let reads_without_child = u.reads_from(p_info).iter().filter(leaves_out_child).map(|q| rate(q)).sum();
        let embedded_bytes = if rel.storage == Storage::Embed { (typical * child_bytes as f64) as u64 } else { 0 };
        let parent_own_bytes = p_info.avg_bytes.map(|avg| avg.saturating_sub(embedded_bytes));
        Facts {
            rel,
            id: Id::new(&rel.id),
            t,
            parent_name: display_name(parent, &rel.parent),
            child_name: display_name(child, &rel.child),
            parent: u.record_info(p_record).and_then(|i| i.name.as_ref()),
            child: u.record_info(c_record).and_then(|i| i.name.as_ref()),
            parent_external: parent.is_some_and(Entity::is_external),
            child_external: child.is_some_and(Entity::is_external),
            child_is_value: child.is_some_and(|e| e.kind == EntityKind::Value),
            typical,
            growth,
            outliers,
            bound,
            horizon,
            worst,
            child_bytes,
            bytes_declared,
            class,
            parent_view,
            child_view,
            read_together,
            read_apart,
            parent_reads: p_info.reads_per_min,
            reads_without_child,
            parent_own_bytes,
            child_writes: c_info.writes_per_min,
            copies_elsewhere: c_info.copies.saturating_sub(usize::from(copies_child(rel))),
            child_embedded_elsewhere: c_info.embedded > usize::from(rel.storage == Storage::Embed),
            child_has_children: c_info.referenced_children > 0,
            child_read_by_id: rel.parent != rel.child
                && rel.storage != Storage::Bucket
                && u.reads_from(c_info).iter().any(|q| q.reads_one_by_id()),
            child_edited_one_by_one: rel.storage != Storage::Bucket
                && child.is_some_and(|c| workload::edited_one_by_one(u.patterns_of(&c.id))),
            child_only_analytical: child.is_some_and(|c| workload::only_analytical(u.patterns_naming(&c.id))),
            child_time_series: child.is_some_and(|c| c.collection.timeseries.is_some()),
            child_timeless: child.is_some_and(timeless),
            volatile: super::churn::volatile_copies(u, rel),
        }
    }

    /// The display names of the parent and the child as sentence arguments (shared: made once
    /// by the look-ups).
    pub fn names(&self) -> (Arg, Arg) {
        let name = |made: Option<&Arg>, name: &str| made.cloned().unwrap_or_else(|| Arg::str(name));
        (name(self.parent, self.parent_name), name(self.child, self.child_name))
    }

    /// Whether the child is queried without its parent (flag or an access pattern).
    pub fn read_separately(&self) -> bool {
        self.rel.read_separately || !self.read_apart.is_empty()
    }

    /// The children of one parent keep coming: no bound, events per day.
    pub fn unbounded(&self) -> bool {
        self.bound.is_none()
    }

    /// The query ids the reasons name when they say who reads the child: those that read it
    /// without its parent, else (unless the relation says it is queried on its own) those that
    /// read it together. `reads` is the store the read lists are runs of.
    pub fn listed_reads(&self, reads: &[Id]) -> Arg {
        let run = if !self.read_apart.is_empty() {
            self.read_apart.clone()
        } else if !self.rel.read_separately {
            self.read_together.clone()
        } else {
            0..0
        };
        Arg::List(reads.get(run).unwrap_or_default().iter().map(Arg::from).collect())
    }

    /// Bytes the children add to one parent document in the worst case.
    pub fn worst_bytes(&self) -> f64 {
        self.worst * self.child_bytes as f64
    }

    /// Bulk the parent's frequent reads would carry for nothing, as the bytes the child adds
    /// to one parent and how many times the parent's own document that is: when the child is
    /// one-to-one (a part of the parent, not a list: a bounded list is embedded or kept as a
    /// subset of its first N by the other rules, and an embedded list of a few kilobytes is
    /// MongoDB's embedding case), adds at least [`SPLIT_MIN_BYTES`] and ten times the parent's
    /// own bytes, and the reads that leave them out (a projection without them) are at least
    /// ten times the other reads of the parent. Embedded, each of those reads would load bytes
    /// it throws away: the split MongoDB's subset pattern makes (a movie's listing fields
    /// apart from its full plot and cast, "Model One-to-One Relationships with Embedded
    /// Documents").
    pub fn bulk_for_other_reads(&self) -> Option<(f64, f64)> {
        let own = self.parent_own_bytes.filter(|&b| b > 0)? as f64;
        let added = self.typical.max(1.0) * self.child_bytes as f64;
        let others = self.parent_reads - self.reads_without_child;
        let fits = self.class == CardinalityClass::OneToOne
            && added >= SPLIT_MIN_BYTES
            && added >= SPLIT_RATIO * own
            && self.reads_without_child > 0.0
            && self.reads_without_child >= SPLIT_RATIO * others.max(0.0);
        fits.then_some((added, added / own))
    }
}

/// Below this many bytes (a few KB, about a storage page) the children cost a read that leaves
/// them out too little to split them off.
const SPLIT_MIN_BYTES: f64 = 4096.0;

/// How many times the parent's own bytes the children must add, and how many times the other
/// reads of the parent the reads that leave them out must be, for the split to pay.
const SPLIT_RATIO: f64 = 10.0;

/// The skew a stated 99th percentile shows, judged by the tail rather than the typical count:
/// when 99% of parents stay within a bound that embeds (the p99 under `arrayWarn`) but the
/// largest go far beyond it, at most 1% overflow, the outlier pattern's case (read as a share
/// of 1% against `outlierShare`). A p99 that itself is past what embeds is a heavy tail: the
/// maximum decides, with no outliers to design around.
fn tail_outliers(t: &Thresholds, c: &crate::model::Cardinality) -> Outliers {
    match (c.p99, c.max) {
        (Some(p99), Some(max)) if p99 <= t.array_warn && max > t.array_warn && max > p99 => {
            let share = 0.01;
            if share <= t.outlier_share {
                Outliers::Minor { share, max }
            } else {
                Outliers::Major { share, max }
            }
        }
        _ => Outliers::None,
    }
}

/// The rule of thumb of DOMAIN.md §4, on the bound that holds (not the average alone):
/// one-to-few needs a stated bound, a typical count under `few_max` and a worst case under
/// the ~1,000 elements where arrays start to hurt; one-to-many up to `many_max`; beyond, or
/// unbounded and projected past `many_max` at the horizon, one-to-squillions.
fn classify(t: &Thresholds, many_to_many: bool, typical: f64, bound: Option<u64>, horizon: f64) -> CardinalityClass {
    if many_to_many {
        return CardinalityClass::ManyToMany;
    }
    match bound {
        Some(b) if b <= 1 => CardinalityClass::OneToOne,
        Some(b) if typical <= t.few_max as f64 && b <= t.array_warn => CardinalityClass::OneToFew,
        Some(b) if b <= t.many_max => CardinalityClass::OneToMany,
        Some(_) => CardinalityClass::OneToSquillions,
        None if horizon > t.many_max as f64 => CardinalityClass::OneToSquillions,
        None => CardinalityClass::OneToMany,
    }
}

/// Bytes of one child: the designer's `childBytes`; else, for a referenced collection, the
/// size estimate of its documents; for a bucket, one element of the bucket array; else an
/// estimate from the child's fields.
fn child_bytes(rel: &Relation, child: Option<&Entity>, info: &Info) -> (u64, bool) {
    if let Some(b) = rel.child_bytes {
        return (b, true);
    }
    let Some(child) = child else { return (DEFAULT_DOC_BYTES, false) };
    if rel.storage == Storage::Bucket {
        let items = rel.bucket.as_ref().and_then(|b| child.field(&b.array_field));
        if let Some(items) = items {
            return (element_bytes(items), false);
        }
    } else if let Some(avg) = info.avg_bytes {
        if avg > 0 {
            return (avg, false);
        }
    }
    (*info.estimate.get_or_init(|| entity_bytes(child)), false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::SizeEstimate;
    use crate::model::{BsonType, Cardinality, Field, Model, Relation};

    #[test]
    fn classes_follow_the_rule_of_thumb() {
        let t = Thresholds::default();
        assert_eq!(classify(&t, false, 1.0, Some(1), 1.0), CardinalityClass::OneToOne);
        assert_eq!(classify(&t, false, 5.0, Some(8), 5.0), CardinalityClass::OneToFew);
        assert_eq!(classify(&t, false, 3.0, Some(200), 3.0), CardinalityClass::OneToFew, "order items: 3, cap 200");
        assert_eq!(classify(&t, false, 400.0, Some(3000), 400.0), CardinalityClass::OneToMany);
        assert_eq!(classify(&t, false, 20.0, None, 56.5), CardinalityClass::OneToMany);
        assert_eq!(classify(&t, false, 1500.0, None, 8800.0), CardinalityClass::OneToSquillions);
        assert_eq!(classify(&t, true, 3.0, Some(5), 3.0), CardinalityClass::ManyToMany);
    }

    #[test]
    fn declared_bytes_win_and_estimates_fall_back() {
        let mut m = Model::new("t");
        let mut child = Entity::new("c", "comments");
        child.fields = vec![Field::new("texto", BsonType::String), Field::new("fecha", BsonType::Date)];
        m.entities.push(Entity::new("p", "posts"));
        m.entities.push(child);
        let mut rel = Relation::new("r", "p", "c", Storage::Reference);
        rel.cardinality = Cardinality { typical: f64::NAN, max: None, ..Cardinality::default() };
        m.relations.push(rel);
        let sizes = [SizeEstimate {
            entity: "c".into(),
            avg_bytes: 480,
            worst_bytes: 480,
            horizon_bytes: 480,
            horizon_label: crate::i18n::Text::empty(),
            level: crate::advisor::SizeLevel::Fine,
        }];
        let u = Usage::new(&m, &sizes);
        let f = Facts::gather(&u, &m.relations[0]);
        assert_eq!(f.typical, 0.0, "NaN typical reads as zero");
        assert_eq!((f.child_bytes, f.bytes_declared), (480, false), "the size estimate is used when present");
        let u = Usage::new(&m, &[]);
        let f = Facts::gather(&u, &m.relations[0]);
        assert!(f.child_bytes > 20 && f.child_bytes < 100, "estimated from the fields: {}", f.child_bytes);
        m.relations[0].child_bytes = Some(900);
        let u = Usage::new(&m, &sizes);
        assert_eq!(Facts::gather(&u, &m.relations[0]).child_bytes, 900);
    }

    #[test]
    fn one_record_per_end_keeps_the_last_entity_of_an_id_and_the_rates() {
        use crate::model::{AccessPattern, QueryKind};
        let mut m = Model::new("t");
        m.entities.push(Entity::new("p", "first"));
        m.entities.push(Entity::new("c", "comments"));
        m.entities.push(Entity::new("p", "posts"));
        m.relations.push(Relation::new("r", "p", "c", Storage::Embed));
        let mut read = AccessPattern::new("Q1", "read posts", "p");
        (read.kind, read.per_minute) = (QueryKind::Read, 30.0);
        let mut write = AccessPattern::new("Q2", "write comments", "c");
        (write.kind, write.per_minute) = (QueryKind::Write, f64::NAN);
        m.queries = vec![read, write];
        let u = Usage::new(&m, &[]);
        let f = Facts::gather(&u, &m.relations[0]);
        assert_eq!((f.parent_name, f.names().0, f.child_name), ("posts", Arg::str("posts"), "comments"));
        assert_eq!((f.parent_reads, f.child_writes, f.copies_elsewhere), (30.0, 0.0, 0));
        assert_eq!(u.entity("p").map(|e| e.name.as_str()), Some("posts"));
        assert!(u.entity("missing").is_none());
    }
}
