//! `docshape rules [--lang en|es|pt] [--format markdown|json]`: every rule's documentation,
//! from its doc comment (English) or its translation (`public/rules/<lang>/<code>.md`).

use crate::args::{emit, Args};
use docshape::advisor::{rule_docs, RULES};
use docshape::i18n::Lang;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["format", "lang"])?;
    let lang = Lang::from_code(args.choice("lang", &["en", "es", "pt"])?).unwrap_or_default();
    match args.choice("format", &["markdown", "json"])? {
        "json" => {
            let rules: Vec<_> = RULES
                .iter()
                .map(|r| {
                    let m = r.meta();
                    let docs = rule_docs::docs(m, lang);
                    serde_json::json!({
                        "code": m.code,
                        "name": m.name,
                        "category": m.category,
                        "severity": m.severity,
                        "lang": lang.code(),
                        "summary": rule_docs::summary_of(docs),
                        "docs": docs,
                    })
                })
                .collect();
            emit(&format!("{}\n", serde_json::to_string_pretty(&rules).unwrap_or_default()))?;
        }
        _ => emit(&docshape::advisor::rules_markdown_in(lang))?,
    }
    Ok(ExitCode::SUCCESS)
}
