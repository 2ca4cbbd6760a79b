//! `docshape rules`: every rule's documentation, from its doc comment.

use crate::args::{emit, Args};
use docshape::advisor::RULES;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["format"])?;
    match args.choice("format", &["markdown", "json"])? {
        "json" => {
            let rules: Vec<_> = RULES
                .iter()
                .map(|r| {
                    let m = r.meta();
                    serde_json::json!({ "code": m.code, "name": m.name, "category": m.category, "severity": m.severity, "docs": m.docs })
                })
                .collect();
            emit(&format!("{}\n", serde_json::to_string_pretty(&rules).unwrap_or_default()))?;
        }
        _ => emit(&docshape::advisor::rules_markdown())?,
    }
    Ok(ExitCode::SUCCESS)
}
