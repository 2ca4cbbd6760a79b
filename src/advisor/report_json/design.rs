//! The design part of the JSON report: relation verdicts, aggregates, spanning writes,
//! patterns, sizes, indexes and queries, with their sentences in the report's language.

use crate::advisor::{CardinalityClass, Criterion, PatternKind, Recommendation, Report, SizeLevel, Vote};
use crate::i18n::Lang;
use crate::keyed::HashMap;
use crate::model::{Id, IndexSpec, Model, Place, PlaceLabels, Storage};
use serde::Serialize;
use std::sync::Arc;

/// The verdict on one relation and the six criteria behind it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Relation {
    pub relation: Id,
    pub parent: String,
    pub child: String,
    /// How the design stores it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storage: Option<Storage>,
    pub class: CardinalityClass,
    pub recommendation: Recommendation,
    /// Whether `storage` agrees with `recommendation`.
    pub agrees: bool,
    /// The six criteria in order: cardinality, readSeparately, volatility, size, growth,
    /// atomicity.
    pub criteria: Vec<CriterionVote>,
    /// One sentence: the verdict and the criterion that decided it.
    pub summary: String,
    pub read_together: Vec<Id>,
    pub read_apart: Vec<Id>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CriterionVote {
    pub criterion: Criterion,
    pub vote: Vote,
    pub reason: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Aggregate {
    /// The root entity (its collection).
    pub root: Id,
    pub collection: String,
    /// Entities embedded in the root's documents, at any depth.
    pub members: Vec<Id>,
    /// Access patterns that start from it.
    pub queries: Vec<Id>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpanningWrite {
    pub query: Id,
    /// The roots of the aggregates it changes.
    pub aggregates: Vec<Id>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pattern {
    pub pattern: PatternKind,
    pub place: Place,
    pub place_label: String,
    /// Already in the design (true) or suggested (false).
    pub declared: bool,
    /// The concrete change (without the pattern's name).
    pub change: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Size {
    pub entity: Id,
    pub collection: String,
    pub avg_bytes: u64,
    pub worst_bytes: u64,
    pub horizon_bytes: u64,
    /// E.g. "in 5 years at 0.02 reviews/day".
    pub horizon: String,
    pub level: SizeLevel,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Index {
    pub entity: Id,
    pub collection: String,
    pub index: Arc<IndexSpec>,
    pub queries: Vec<Id>,
    pub reason: String,
    pub multikey: bool,
    pub declared: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Query {
    pub query: Id,
    pub single_document: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<Arc<IndexSpec>>,
    pub explanation: String,
}

/// The name of the collection of the entity with this id (the id itself when none has it).
fn collection(labels: &PlaceLabels, id: &str) -> String {
    labels.entity_name(id).to_string()
}

pub fn relations(model: &Model, report: &Report, lang: Lang) -> Vec<Relation> {
    // The first relation with each id, as `Model::relation` finds it.
    let mut by_id: HashMap<&str, &crate::model::Relation> = HashMap::default();
    for r in &model.relations {
        by_id.entry(r.id.as_str()).or_insert(r);
    }
    report
        .relations
        .iter()
        .map(|a| {
            let r = by_id.get(a.relation.as_str()).copied();
            Relation {
                relation: a.relation.clone(),
                parent: r.map(|r| r.parent.clone()).unwrap_or_default(),
                child: r.map(|r| r.child.clone()).unwrap_or_default(),
                storage: r.map(|r| r.storage),
                class: a.class,
                recommendation: a.recommendation,
                agrees: a.agrees,
                criteria: a
                    .criteria()
                    .map(|c| CriterionVote { criterion: c.criterion, vote: c.vote, reason: c.reason.render(lang) })
                    .collect(),
                summary: a.summary().render(lang),
                read_together: a.read_together().to_vec(),
                read_apart: a.read_apart().to_vec(),
            }
        })
        .collect()
}

pub fn aggregates(labels: &PlaceLabels, report: &Report) -> Vec<Aggregate> {
    let a = report.aggregates.iter();
    a.map(|a| Aggregate {
        root: a.root.clone(),
        collection: collection(labels, &a.root),
        members: a.members.clone(),
        queries: a.queries.clone(),
    })
    .collect()
}

pub fn spanning_writes(report: &Report) -> Vec<SpanningWrite> {
    let w = report.spanning_writes.iter();
    w.map(|w| SpanningWrite { query: w.query.clone(), aggregates: w.aggregates.clone() }).collect()
}

pub fn patterns(labels: &PlaceLabels, report: &Report, lang: Lang) -> Vec<Pattern> {
    let p = report.patterns.iter();
    p.map(|p| Pattern {
        pattern: p.pattern,
        place: p.place.clone(),
        place_label: labels.label(&p.place, lang),
        declared: p.in_use,
        change: p.change.render(lang),
    })
    .collect()
}

pub fn sizes(labels: &PlaceLabels, report: &Report, lang: Lang) -> Vec<Size> {
    let s = report.sizes.iter();
    s.map(|s| Size {
        entity: s.entity.clone(),
        collection: collection(labels, &s.entity),
        avg_bytes: s.avg_bytes,
        worst_bytes: s.worst_bytes,
        horizon_bytes: s.horizon_bytes,
        horizon: s.horizon_label.render(lang),
        level: s.level,
    })
    .collect()
}

pub fn indexes(labels: &PlaceLabels, report: &Report, lang: Lang) -> Vec<Index> {
    let i = report.indexes.iter();
    i.map(|i| Index {
        entity: i.entity.clone(),
        collection: collection(labels, &i.entity),
        index: i.index.clone(),
        queries: i.queries.clone(),
        reason: i.reason.render(lang),
        multikey: i.multikey,
        declared: i.declared,
    })
    .collect()
}

pub fn queries(report: &Report, lang: Lang) -> Vec<Query> {
    let q = report.queries.iter();
    q.map(|q| Query {
        query: q.query.clone(),
        single_document: q.single_document,
        index: q.index.clone(),
        explanation: q.explanation.render(lang),
    })
    .collect()
}
