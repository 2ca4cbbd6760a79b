//! The report as the product's API: what `docshape check --format json` prints.
//!
//! Everything the advisor says about a model, for scripts: the findings ranked and grouped
//! ([`super::ranking`]), the relation verdicts with the six criteria's votes and reasons, the
//! aggregates and their members, the writes that span aggregates, the patterns suggested or
//! declared with their concrete change, the document sizes, the indexes and how each access
//! pattern is served. Sentences are written in one language (the `lang` member); everything a
//! machine matches on is a stable id (`DS101`, `reference`, `overLimit`, a model's own ids).
//!
//! The shape is its own, built here from the report, so the advisor's internal types can
//! change without changing what scripts read. It is documented in `docs/report-format.md`,
//! described by `public/report.schema.json`, versioned by [`REPORT_VERSION`] and pinned by a
//! snapshot of BiblioRed's JSON (`tests/report_json.rs`).

mod design;
mod findings;

use super::{Report, Severity};
use crate::i18n::Lang;
use crate::model::{Model, PlaceLabels};
use serde::Serialize;

/// The version of the JSON report's shape (`reportVersion`). Additions a reader can ignore
/// (a new optional member, a new rule code, a new entry in a list) keep it; removing, renaming
/// or retyping a member, changing what a value means, or adding a value to one of the closed
/// lists the schema enumerates (severity, vote, recommendation...) increments it.
/// Version 2 added the fix kind `setFieldType` (rules DS404 and DS405); version 1's
/// schema is kept as `public/report.v1.schema.json`.
pub const REPORT_VERSION: u32 = 2;

/// The JSON report (see the module documentation and `docs/report-format.md`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonReport {
    pub report_version: u32,
    /// The language of every sentence: `en`, `es` or `pt`.
    pub lang: &'static str,
    pub model: ModelInfo,
    pub summary: Summary,
    /// Ranked: severity, then impact on this design; routine findings grouped per code.
    pub findings: Vec<findings::Entry>,
    pub relations: Vec<design::Relation>,
    pub aggregates: Vec<design::Aggregate>,
    pub spanning_writes: Vec<design::SpanningWrite>,
    pub patterns: Vec<design::Pattern>,
    pub sizes: Vec<design::Size>,
    pub indexes: Vec<design::Index>,
    pub queries: Vec<design::Query>,
}

/// The model the report is about.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelInfo {
    pub name: String,
    pub entities: usize,
    pub relations: usize,
    pub queries: usize,
}

/// Counts of findings by severity (each finding of a group counted), and the exit code
/// `docshape check` returns (1 when there is an error-level finding).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
    pub exit_code: u8,
}

/// The JSON report of `model`, whose analysis is `report`, with its sentences in `lang`.
pub fn json_report(model: &Model, report: &Report, lang: Lang) -> JsonReport {
    let count = |s: Severity| report.findings.iter().filter(|f| f.severity == s).count();
    // Every place is named through one table of the model's names.
    let labels = PlaceLabels::new(model);
    JsonReport {
        report_version: REPORT_VERSION,
        lang: lang.code(),
        model: ModelInfo {
            name: model.name.clone(),
            entities: model.entities.len(),
            relations: model.relations.len(),
            queries: model.queries.len(),
        },
        summary: Summary {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            infos: count(Severity::Info),
            exit_code: u8::from(report.has_errors()),
        },
        findings: findings::entries(model, report, &labels, lang),
        relations: design::relations(model, report, lang),
        aggregates: design::aggregates(&labels, report),
        spanning_writes: design::spanning_writes(report),
        patterns: design::patterns(&labels, report, lang),
        sizes: design::sizes(&labels, report, lang),
        indexes: design::indexes(&labels, report, lang),
        queries: design::queries(report, lang),
    }
}

/// [`json_report`] as pretty-printed JSON text, ending with a newline.
pub fn json_report_text(model: &Model, report: &Report, lang: Lang) -> String {
    let mut out = serde_json::to_string_pretty(&json_report(model, report, lang)).unwrap_or_default();
    out.push('\n');
    out
}
