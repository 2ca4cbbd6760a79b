//! The advisor report's facts by element id, built once per export so no decision sheet scans
//! whole lists (the report of a 1,000-collection model has thousands of entries).

use crate::advisor::{Finding, PatternSuggestion, QueryAdvice, RelationAdvice, Report, SizeEstimate};
use crate::model::{AccessPattern, Id, Model, Place, Relation};
use std::collections::HashMap;

/// The report's facts by element id, built once per export so no sheet scans whole lists.
pub struct ReportIndex<'r> {
    pub relations: HashMap<&'r str, &'r RelationAdvice>,
    pub queries: HashMap<&'r str, &'r QueryAdvice>,
    pub sizes: HashMap<&'r str, &'r SizeEstimate>,
    /// Aggregate root → the queries it serves.
    pub aggregate_queries: HashMap<&'r str, Vec<&'r str>>,
    /// Entity id → findings about it, its fields, its relations or its queries.
    pub findings: HashMap<&'r str, Vec<&'r Finding>>,
    pub patterns: HashMap<&'r str, Vec<&'r PatternSuggestion>>,
    /// Entity id → access patterns starting from it.
    pub starting: HashMap<&'r str, Vec<&'r AccessPattern>>,
    pub by_query_id: HashMap<&'r str, &'r AccessPattern>,
    /// Entity id → its scale, for the collections with shard key advice.
    pub scale: HashMap<&'r str, &'r crate::advisor::scale::CollectionScale>,
}

impl<'r> ReportIndex<'r> {
    pub fn new(model: &'r Model, report: &'r Report) -> ReportIndex<'r> {
        let relations_by_id: HashMap<&str, &Relation> = model.relations.iter().map(|r| (r.id.as_str(), r)).collect();
        let by_query_id: HashMap<&str, &AccessPattern> = model.queries.iter().map(|q| (q.id.as_str(), q)).collect();
        let mut findings: HashMap<&str, Vec<&Finding>> = HashMap::new();
        for f in &report.findings {
            let ids: Vec<&str> = match &f.place {
                Place::Entity { id } | Place::Field { entity: id, .. } => vec![id.as_str()],
                Place::Relation { id } => relations_by_id
                    .get(id.as_str())
                    .map(|r| vec![r.parent.as_str(), r.child.as_str()])
                    .unwrap_or_default(),
                Place::Query { id } => {
                    by_query_id.get(id.as_str()).map(|q| vec![q.entity.as_str()]).unwrap_or_default()
                }
                Place::Model => Vec::new(),
            };
            for id in ids {
                findings.entry(id).or_default().push(f);
            }
        }
        let mut aggregate_queries: HashMap<&str, Vec<&str>> = HashMap::new();
        for a in &report.aggregates {
            aggregate_queries.entry(a.root.as_str()).or_default().extend(a.queries.iter().map(Id::as_str));
        }
        let mut patterns: HashMap<&str, Vec<&PatternSuggestion>> = HashMap::new();
        for p in &report.patterns {
            if let Place::Entity { id } = &p.place {
                patterns.entry(id.as_str()).or_default().push(p);
            }
        }
        let mut starting: HashMap<&str, Vec<&AccessPattern>> = HashMap::new();
        for q in &model.queries {
            starting.entry(q.entity.as_str()).or_default().push(q);
        }
        ReportIndex {
            relations: report.relations.iter().map(|r| (r.relation.as_str(), r)).collect(),
            queries: report.queries.iter().map(|q| (q.query.as_str(), q)).collect(),
            sizes: report.sizes.iter().map(|s| (s.entity.as_str(), s)).collect(),
            aggregate_queries,
            findings,
            patterns,
            starting,
            by_query_id,
            scale: report.sharded().map(|(s, _)| (s.entity.as_str(), s)).collect(),
        }
    }
}
