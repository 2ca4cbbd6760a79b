//! The advisor: a pure function from a model to a report, organised like a linter.
//!
//! `analyze` first derives the facts every rule shares (relation recommendations, aggregate
//! boundaries, document sizes, indexes, how each query is served), then runs every rule of the
//! registry over them. Rules live one per file under `rules/`, each with a stable code and its
//! documentation in its doc comment.

mod aggregates;
mod bson;
mod context;
mod finding;
mod index_budget;
mod index_reason;
pub mod indexes;
mod paths;
mod patterns;
pub mod queries;
mod query_shape;
mod registry;
mod relations;
mod report;
mod rule;
pub mod rule_docs;
pub mod rules;
mod rules_page;
mod size_defaults;
mod size_walk;
pub mod sizes;

pub use context::Context;
pub use finding::{Category, Finding, Fix, Severity};
pub use registry::{rule_by_code, RULES};
pub use report::*;
pub use rule::{Rule, RuleMeta};
pub use rules_page::{rules_markdown, rules_markdown_in};
pub use sizes::{bson_size_of_value, estimate_entity};

use crate::model::Model;

/// Analyses a model. Pure, never panics, and cheap enough to run on every keystroke.
pub fn analyze(model: &Model) -> Report {
    let layout = paths::Layout::new(model);
    let (sizes, growth) = sizes::estimate_with_growth(&layout);
    let growth = context::growth_by_collection(layout.collections().map(|e| e.id.as_str()), growth);
    // The relation facts are gathered once and shared by the advice and the patterns.
    let usage = relations::Usage::new(model, &sizes);
    let facts = relations::gather_all(&usage);
    let relations = relations::advise_with(&facts);
    let roots = aggregates::Roots::new(model);
    let patterns = patterns::suggest_with(&usage, &facts, &relations, &roots);
    drop(facts);
    drop(usage);
    let aggregates = aggregates::aggregates_with(&roots);
    let spanning_writes = aggregates::spanning_writes_with(&roots);
    let shapes = query_shape::shapes(&layout);
    let indexes = indexes::derive_with(&layout, &shapes);
    let queries = queries::advise_with(&layout, &shapes, &indexes);
    let mut report =
        Report { relations, aggregates, spanning_writes, patterns, sizes, indexes, queries, findings: Vec::new() };
    let cx = Context::new(model, &report);
    cx.prime(layout, shapes, roots, growth);
    let mut findings = Vec::new();
    for rule in RULES {
        rule.check(&cx, &mut findings);
    }
    findings.sort_by(|a, b| (a.severity, a.code).cmp(&(b.severity, b.code)));
    report.findings = findings;
    report
}
