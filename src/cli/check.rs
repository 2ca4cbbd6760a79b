//! `docshape check MODEL.json`: the findings, for people or machines; exit 1 on errors.

use crate::args::{emit, read_model, Args};
use docshape::advisor::{analyze, Finding, Report, Severity, SizeLevel};
use docshape::model::Model;
use docshape::share::labels::human_bytes;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["format"])?;
    let format = args.choice("format", &["human", "json"])?;
    let [path] = args.positional.as_slice() else {
        return Err("usage: docshape check MODEL.json [--format human|json]".into());
    };
    let model = read_model(path)?;
    let report = analyze(&model);
    match format {
        "json" => {
            let out = serde_json::json!({
                "model": model.name,
                "findings": report.findings,
                "sizes": report.sizes,
                "indexes": report.indexes,
                "queries": report.queries,
            });
            emit(&format!("{}\n", serde_json::to_string_pretty(&out).unwrap_or_default()))?;
        }
        _ => {
            emit(&collections(&model, &report))?;
            emit(&human(&model, &report.findings))?;
        }
    }
    Ok(if report.has_errors() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The "Document sizes", "Indexes" and "Queries" sections of the human format.
pub fn collections(model: &Model, report: &Report) -> String {
    let name = |id: &str| model.entity(id).map_or_else(|| id.to_string(), |e| e.name.clone());
    let mut out = String::new();
    if !report.sizes.is_empty() {
        out.push_str("DOCUMENT SIZES (average / worst now / worst at the horizon)\n");
        for s in &report.sizes {
            out.push_str(&format!(
                "  {:<24} {:>9} / {:>9} / {:>9}  {}, {}\n",
                name(&s.entity),
                human_bytes(s.avg_bytes),
                human_bytes(s.worst_bytes),
                human_bytes(s.horizon_bytes),
                level_label(s.level),
                s.horizon_label
            ));
        }
        out.push('\n');
    }
    if !report.indexes.is_empty() {
        out.push_str("INDEXES\n");
        for i in &report.indexes {
            let mut tags = Vec::new();
            if i.declared {
                tags.push("declared".to_string());
            }
            if i.multikey {
                tags.push("multikey".to_string());
            }
            if let Some(ttl) = i.index.ttl_seconds {
                tags.push(format!("expireAfterSeconds: {ttl}"));
            }
            let tags = if tags.is_empty() { String::new() } else { format!(" ({})", tags.join(", ")) };
            out.push_str(&format!("  {:<24} {}{tags}\n      {}\n", name(&i.entity), i.index.key_doc(), i.reason));
        }
        out.push('\n');
    }
    if !report.queries.is_empty() {
        out.push_str("QUERIES\n");
        for q in &report.queries {
            let one = if q.single_document { "single-doc" } else { "multi-doc" };
            out.push_str(&format!("  {:<6} {one:<10} {}\n", q.query, q.explanation));
        }
        out.push('\n');
    }
    out
}

fn level_label(level: SizeLevel) -> &'static str {
    match level {
        SizeLevel::Fine => "under 1 MB",
        SizeLevel::OverTarget => "over the 1 MB target",
        SizeLevel::OverAtlas => "over Atlas' 2 MB flag",
        SizeLevel::OverLimit => "OVER THE 16 MiB LIMIT",
    }
}

/// Findings grouped by severity, each with the element it concerns.
pub fn human(model: &Model, findings: &[Finding]) -> String {
    let mut out = String::new();
    for severity in [Severity::Error, Severity::Warning, Severity::Info] {
        let group: Vec<&Finding> = findings.iter().filter(|f| f.severity == severity).collect();
        if group.is_empty() {
            continue;
        }
        out.push_str(&format!("{} ({})\n", severity.label().to_uppercase(), group.len()));
        for f in group {
            out.push_str(&format!("  {} {} [{}] {}\n", f.code, f.rule, f.place.label(model), f.message));
            if !f.fix_hint.is_empty() {
                out.push_str(&format!("      fix: {}\n", f.fix_hint));
            }
        }
        out.push('\n');
    }
    let count = |s| findings.iter().filter(|f| f.severity == s).count();
    out.push_str(&format!(
        "{}: {} errors, {} warnings, {} notes\n",
        model.name,
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Info)
    ));
    out
}
