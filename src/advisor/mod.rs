//! The advisor: a pure function from a model to a report, organised like a linter.
//!
//! `analyze` first derives the facts every rule shares (relation recommendations, aggregate
//! boundaries, document sizes, indexes, how each query is served), then runs every rule of the
//! registry over them. Rules live one per file under `rules/`, each with a stable code and its
//! documentation in its doc comment.

mod aggregates;
mod bson;
mod context;
mod design;
mod field_scan;
mod finding;
mod index_budget;
mod index_reason;
pub mod indexes;
mod lookups;
mod paths;
mod patterns;
pub mod queries;
mod query_shape;
pub mod ranking;
mod registry;
mod relation_advice;
mod relations;
mod report;
pub mod report_json;
mod rule;
pub mod rule_docs;
pub mod rules;
mod rules_page;
pub mod scale;
pub mod sizes;
mod unused_indexes;
mod workload;

pub use context::Context;
pub use design::Design;
pub use finding::{Category, Finding, Fix, Severity};
pub use registry::{rule_by_code, RULES};
pub use report::*;
pub use rule::{Rule, RuleMeta};
pub use rules::refused_index::{refused_indexes, Refusal, RefusedIndexOf};
pub use rules_page::{rules_markdown, rules_markdown_in};
pub use sizes::{bson_size_of_value, estimate_entity};
pub use unused_indexes::{unused_indexes, Unused};

use crate::model::Model;

/// Analyses a model. Pure, never panics, and cheap enough to run on every keystroke.
///
/// The shared picture of the design is built first ([`Design::new`]); the relation advice,
/// patterns, aggregates, indexes and query advice are derived from it; then every rule of the
/// registry reads both (the [`Context`]).
pub fn analyze(model: &Model) -> Report {
    analysis(model, relations::Reasons::Written)
}

/// The report the editor recomputes at every edit: [`analyze`]'s, except that each relation's
/// six criteria come with their votes and no reasons, but for the relation `shown` (the one
/// the editor shows, if any). The editor shows the reasons of one relation at a time: on a
/// design of 500 relations, ~3,000 sentences an edit are not written (natively ~9% of the
/// analysis' instructions; 4–7% of its time in the page).
pub fn analyze_votes(model: &Model, shown: Option<&str>) -> Report {
    analysis(model, relations::Reasons::Only(shown))
}

/// The six criteria of `relation`, each with its vote and reason, as [`analyze`] writes them
/// (`None` for an id no relation of `model` has): for a relation [`analyze_votes`] was not
/// told to show (the design is analysed again).
pub fn relation_criteria(model: &Model, relation: &str) -> Option<[CriterionVote; 6]> {
    relations::criteria_of(Design::new(model).usage(), relation)
}

fn analysis(model: &Model, reasons: relations::Reasons) -> Report {
    let design = Design::new(model);
    // The relation facts are gathered once and shared by the advice and the patterns.
    let (facts, reads) = relations::gather_all(design.usage());
    let relations = relations::advise_with(&facts, &reads, reasons);
    let patterns = patterns::suggest_with(design.usage(), &facts, &relations, design.aggregates());
    let aggregates = aggregates::aggregates_with(design.aggregates());
    let spanning_writes = aggregates::spanning_writes(&design);
    let indexes::Derived { advice: indexes, links } =
        indexes::derive_with(design.layout(), design.shared_shapes(), design.loads());
    let queries = queries::advise_with(design.layout(), design.shapes(), &indexes, links.as_ref());
    let scale = scale::advise(&design, &indexes);
    let mut report = Report {
        relations,
        aggregates,
        spanning_writes,
        patterns,
        sizes: Vec::new(),
        indexes,
        queries,
        scale,
        findings: Vec::new(),
    };
    report.findings = run_rules(&Context::new(&design, &report));
    report.sizes = design.into_sizes();
    report
}

/// The scale of every collection ([`scale::advise`]) for an exporter that has the advisor's
/// indexes but not its whole report: the design is built again, the rules do not run.
pub fn scale_of(model: &Model, indexes: &[IndexAdvice]) -> Vec<scale::CollectionScale> {
    scale::advise(&Design::new(model), indexes)
}

/// The BSON type at a dotted `path` of `entity`'s documents, and whether the path is or goes
/// through an array, read as the advisor reads paths: declared fields, embedded entities,
/// reference and copied fields. `None` when nothing in the design names it.
pub fn path_type(model: &Model, entity: &str, path: &str) -> Option<(crate::model::BsonType, bool)> {
    let layout = paths::Layout::new(model);
    let resolved = paths::resolve(&layout, layout.entity(entity)?, path)?;
    Some((resolved.bson_type, resolved.array))
}

/// Runs every rule and sorts the findings by severity, then code, each rule's in the order it
/// wrote them (a stable sort). The rules run in the order of their default severity and code,
/// so most findings are already in place.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
fn run_rules(cx: &Context) -> Vec<Finding> {
    let mut rules = RULES.to_vec();
    rules.sort_by_key(|rule| (rule.meta().severity, rule.meta().code));
    // Room for the usual count up front: a finding is large, and a vector that grows copies
    // every finding made so far.
    let model = cx.model;
    let mut findings = Vec::with_capacity(2 * (model.entities.len() + model.relations.len()) + model.queries.len());
    for rule in rules {
        rule.check(cx, &mut findings);
    }
    findings.sort_by_key(|f| (f.severity, f.code));
    findings
}
