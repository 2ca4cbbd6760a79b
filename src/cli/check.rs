//! `docshape check MODEL.json`: the findings, for people or machines; exit 1 on errors.

use crate::args::{read_model, Args};
use docshape::advisor::{analyze, Finding, Severity};
use docshape::model::Model;
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
            let out = serde_json::json!({ "model": model.name, "findings": report.findings });
            println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
        }
        _ => print!("{}", human(&model, &report.findings)),
    }
    Ok(if report.has_errors() { ExitCode::from(1) } else { ExitCode::SUCCESS })
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
