//! The advisor's report: everything derived from a model, for the UI, the CLI and exporters.

pub use super::relation_advice::RelationAdvice;
use super::Finding;
use crate::i18n::Text;
use crate::model::{Id, IndexSpec, Place};
use serde::Serialize;
use std::sync::Arc;

/// The storage the advisor recommends for a relation (DOMAIN.md §3-§4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Recommendation {
    Embed,
    /// Embed, but the bound is high enough to watch (e.g. "separate the history past ~200").
    EmbedWatchBound,
    /// Reference; the parent keeps an array of the children's ids (it fits).
    ReferenceIdsInParent,
    /// Reference from the child only (child points to parent; no list in the parent).
    ReferenceFromChild,
    /// Reference, plus a subset copy of the N children the parent's view shows.
    ReferenceWithSubset,
    /// Reference plus the few stable, displayed fields copied.
    ExtendedReference,
    /// Group the children per parent and period into bucket documents.
    Bucket,
    /// Keep the data outside MongoDB.
    KeepOutside,
}

impl Recommendation {
    pub fn label(self) -> &'static str {
        match self {
            Recommendation::Embed => "embed",
            Recommendation::EmbedWatchBound => "embed, but watch the bound",
            Recommendation::ReferenceIdsInParent => "reference, child ids in the parent",
            Recommendation::ReferenceFromChild => "reference from the child only",
            Recommendation::ReferenceWithSubset => "reference + subset",
            Recommendation::ExtendedReference => "extended reference",
            Recommendation::Bucket => "bucket",
            Recommendation::KeepOutside => "keep outside MongoDB",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CardinalityClass {
    OneToOne,
    OneToFew,
    OneToMany,
    OneToSquillions,
    ManyToMany,
}

impl CardinalityClass {
    pub fn label(self) -> &'static str {
        match self {
            CardinalityClass::OneToOne => "one-to-one",
            CardinalityClass::OneToFew => "one-to-few",
            CardinalityClass::OneToMany => "one-to-many",
            CardinalityClass::OneToSquillions => "one-to-squillions",
            CardinalityClass::ManyToMany => "many-to-many",
        }
    }
}

/// The six criteria, in order (the BiblioRed lesson on document modelling, "La decisión central:
/// embeber o referenciar").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Criterion {
    Cardinality,
    ReadSeparately,
    Volatility,
    Size,
    Growth,
    Atomicity,
}

impl Criterion {
    pub const ALL: [Criterion; 6] = [
        Criterion::Cardinality,
        Criterion::ReadSeparately,
        Criterion::Volatility,
        Criterion::Size,
        Criterion::Growth,
        Criterion::Atomicity,
    ];

    /// Its place in [`Criterion::ALL`] (0 to 5).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn label(self) -> &'static str {
        match self {
            Criterion::Cardinality => "Cardinality",
            Criterion::ReadSeparately => "Read separately",
            Criterion::Volatility => "Volatility",
            Criterion::Size => "Size",
            Criterion::Growth => "Growth",
            Criterion::Atomicity => "Atomicity",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Vote {
    Embed,
    Reference,
    Neutral,
}

/// One criterion's vote and its reason (what [`RelationAdvice::criteria`] yields).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CriterionVote {
    pub criterion: Criterion,
    pub vote: Vote,
    pub reason: Text,
}

/// An aggregate: a collection's root and everything its documents embed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregateInfo {
    /// The root entity (the collection).
    pub root: Id,
    /// Entities embedded in the root's documents, at any depth.
    pub members: Vec<Id>,
    /// Access patterns this aggregate serves (starting from it).
    pub queries: Vec<Id>,
}

/// A write whose changes span more than one aggregate (DOMAIN.md §2).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpanningWrite {
    /// The write's id.
    pub query: Id,
    /// The aggregate roots it changes.
    pub aggregates: Vec<Id>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PatternKind {
    ExtendedReference,
    Subset,
    Bucket,
    Outlier,
    Computed,
    SchemaVersioning,
    Polymorphic,
    Attribute,
    Approximation,
    Archive,
}

impl PatternKind {
    pub fn label(self) -> &'static str {
        match self {
            PatternKind::ExtendedReference => "extended reference",
            PatternKind::Subset => "subset",
            PatternKind::Bucket => "bucket",
            PatternKind::Outlier => "outlier",
            PatternKind::Computed => "computed",
            PatternKind::SchemaVersioning => "schema versioning",
            PatternKind::Polymorphic => "polymorphic",
            PatternKind::Attribute => "attribute",
            PatternKind::Approximation => "approximation",
            PatternKind::Archive => "archive",
        }
    }
}

/// A design pattern that fits (or is already used), with the concrete change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PatternSuggestion {
    pub pattern: PatternKind,
    pub place: Place,
    /// The concrete change, e.g. "keep the 5 most-voted reviews and total_resenas in catalogo"
    /// (without the pattern's name, which the UI and the exports print before it).
    pub change: Text,
    /// Already in the design (true) or suggested (false).
    pub in_use: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SizeLevel {
    /// Under the 1 MB guidance.
    Fine,
    /// Over 1 MB.
    OverTarget,
    /// Over Atlas' 2 MB flag.
    OverAtlas,
    /// Over the 16 MiB BSON limit: writes would fail.
    OverLimit,
}

/// Document size of a collection, computed with BSON's encoding rules.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SizeEstimate {
    /// The collection.
    pub entity: Id,
    /// Average document now, in bytes.
    pub avg_bytes: u64,
    /// Worst-case document now (every array at its maximum, every optional field present).
    pub worst_bytes: u64,
    /// Worst case at the growth horizon (unbounded arrays grown for `horizon_days`).
    pub horizon_bytes: u64,
    /// E.g. "in 5 years at 0.02 reviews/day".
    pub horizon_label: Text,
    /// The level of the horizon size.
    pub level: SizeLevel,
}

/// An index the advisor derives from the access patterns (or one the designer declared).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexAdvice {
    /// The collection.
    pub entity: Id,
    /// Shared with the [`QueryAdvice`] of the queries it serves (serialised as the index).
    pub index: Arc<IndexSpec>,
    /// Access patterns it serves (their ids).
    pub queries: Vec<Id>,
    /// Why these keys in this order (ESR, tie-breaker, TTL, multikey).
    pub reason: Text,
    /// A key is an array path (multikey index).
    pub multikey: bool,
    /// Declared by the designer rather than derived.
    pub declared: bool,
}

/// How the design serves one access pattern.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueryAdvice {
    /// The access pattern's id.
    pub query: Id,
    /// One document (one aggregate, with its copies) serves it: no second read, no `$lookup`.
    pub single_document: bool,
    /// The index that serves it, if it filters or sorts: the one of its [`IndexAdvice`],
    /// shared (serialised as the index).
    pub index: Option<Arc<IndexSpec>>,
    /// One or two sentences: how it is served.
    pub explanation: Text,
}

/// Everything the advisor says about a model.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub relations: Vec<RelationAdvice>,
    pub aggregates: Vec<AggregateInfo>,
    pub spanning_writes: Vec<SpanningWrite>,
    pub patterns: Vec<PatternSuggestion>,
    pub sizes: Vec<SizeEstimate>,
    pub indexes: Vec<IndexAdvice>,
    pub queries: Vec<QueryAdvice>,
    /// Sorted by severity, then code, then place. What people and scripts read first is
    /// [`Report::ranked`]: by severity, then impact on this design, routine ones grouped.
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn relation(&self, id: &str) -> Option<&RelationAdvice> {
        self.relations.iter().find(|r| r.relation == id)
    }

    pub fn size(&self, entity: &str) -> Option<&SizeEstimate> {
        self.sizes.iter().find(|s| s.entity == entity)
    }

    pub fn query(&self, id: &str) -> Option<&QueryAdvice> {
        self.queries.iter().find(|q| q.query == id)
    }

    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == super::Severity::Error)
    }

    /// Every sentence of the report with where it comes from (`DS101 message`,
    /// `relation r1 criterion Growth`, …): what the translation tests walk.
    pub fn texts(&self) -> Vec<(String, &Text)> {
        let mut out: Vec<(String, &Text)> = Vec::new();
        for f in &self.findings {
            out.push((format!("{} message", f.code), &f.message));
            out.push((format!("{} why", f.code), &f.why));
            out.push((format!("{} fix hint", f.code), &f.fix_hint));
        }
        for a in &self.relations {
            out.push((format!("relation {} summary", a.relation), a.summary()));
            for c in a.criteria() {
                out.push((format!("relation {} criterion {:?}", a.relation, c.criterion), &c.reason));
            }
        }
        for p in &self.patterns {
            out.push((format!("pattern {:?}", p.pattern), &p.change));
        }
        for s in &self.sizes {
            out.push((format!("size of {} horizon", s.entity), &s.horizon_label));
        }
        for i in &self.indexes {
            out.push((format!("index on {} reason", i.entity), &i.reason));
        }
        for q in &self.queries {
            out.push((format!("query {} explanation", q.query), &q.explanation));
        }
        out
    }
}
