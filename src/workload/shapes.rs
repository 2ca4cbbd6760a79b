//! Executions grouped by query shape: the same collection, kind of operation, filters with
//! their operators, `$or` branches, sort, projection, collation, `$lookup` stages and whether a
//! limit is set, values left out, as MongoDB's query shapes group them ("Query Shapes"). Each
//! shape becomes an access pattern with what was measured ([`MeasuredUse`]).

use super::records::{Execution, Record};
use crate::infer::Histogram;
use crate::model::{AccessPattern, MeasuredCount, MeasuredUse, PlanUse};
use std::collections::HashMap;

/// One shape's executions so far.
pub struct Shape {
    /// The pattern read from the first execution (values replaced by `mql::call_of` later).
    pub pattern: AccessPattern,
    pub record: Record,
    pub executions: u64,
    /// The widest limit seen.
    pub limit: Option<u32>,
    plans: HashMap<String, u64>,
    pub sorts_in_memory: u64,
    durations: Histogram,
    docs_examined: Histogram,
    keys_examined: Histogram,
    returned: Histogram,
    /// For `$queryStats`: the span its own first and last executions cover (ms).
    pub seen: Option<(i64, i64)>,
}

/// The grouping key of a pattern: every member a shape is defined by, values left out.
pub fn key(p: &AccessPattern) -> String {
    let members = (
        &p.entity,
        &p.kind,
        &p.write,
        &p.filters,
        &p.or,
        &p.sort,
        &p.projection,
        p.page_size.is_some(),
        &p.pagination,
        &p.collation,
        &p.lookups,
        &p.changes,
    );
    serde_json::to_string(&members).expect("a pattern serializes")
}

impl Shape {
    pub fn new(pattern: AccessPattern, record: Record) -> Shape {
        Shape {
            limit: pattern.page_size,
            pattern,
            record,
            executions: 0,
            plans: HashMap::new(),
            sorts_in_memory: 0,
            durations: Histogram::new(),
            docs_examined: Histogram::new(),
            keys_examined: Histogram::new(),
            returned: Histogram::new(),
            seen: None,
        }
    }

    /// Adds one execution (or a `$queryStats` entry's many) of this shape.
    pub fn add(&mut self, e: &Execution, limit: Option<u32>) {
        self.executions += e.executions;
        self.limit = self.limit.max(limit);
        if let Some(plan) = &e.plan {
            *self.plans.entry(plan.clone()).or_insert(0) += e.executions;
        }
        if e.sort_in_memory {
            self.sorts_in_memory += e.executions;
        }
        for (h, v) in [
            (&mut self.durations, e.duration_ms),
            (&mut self.docs_examined, e.docs_examined),
            (&mut self.keys_examined, e.keys_examined),
            (&mut self.returned, e.returned),
        ] {
            if let Some(v) = v {
                h.add(v);
            }
        }
        if let (Record::QueryStats, Some(first), Some(last)) = (e.record, e.at, e.last_at) {
            let (a, b) = self.seen.unwrap_or((first, last));
            self.seen = Some((a.min(first), b.max(last)));
        }
    }

    /// What was measured, with the rate over `span_minutes` (a floor unless `complete`).
    pub fn measured(&self, source: &str, span_minutes: f64, complete: bool) -> MeasuredUse {
        let mut plans: Vec<PlanUse> =
            self.plans.iter().map(|(plan, count)| PlanUse { plan: plan.clone(), count: *count }).collect();
        plans.sort_by(|a, b| b.count.cmp(&a.count).then(a.plan.cmp(&b.plan)));
        MeasuredUse {
            source: source.to_string(),
            record: self.record.name().to_string(),
            executions: self.executions,
            span_minutes: (span_minutes * 100.0).round() / 100.0,
            rate_is_floor: self.record != Record::QueryStats && !complete,
            plans,
            sorts_in_memory: self.sorts_in_memory,
            duration_ms: spread(&self.durations),
            docs_examined: spread(&self.docs_examined),
            keys_examined: spread(&self.keys_examined),
            returned: spread(&self.returned),
        }
    }
}

fn spread(h: &Histogram) -> Option<MeasuredCount> {
    (h.count() > 0).then(|| MeasuredCount {
        count: h.count(),
        median: h.median(),
        p95: Some(h.percentile(0.95)),
        p99: h.percentile(0.99),
        max: h.max(),
    })
}
