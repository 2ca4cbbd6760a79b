//! `docshape rules [--lang en|es|pt] [--format markdown|json]`: every rule's documentation,
//! from its doc comment (English) or its translation (`public/rules/<lang>/<code>.md`).

use crate::args::{emit, lang, LANGUAGES};
use clap::ValueEnum;
use docshape::advisor::{rule_docs, RULES};
use docshape::i18n::Lang;
use std::process::ExitCode;

/// Every advisor rule with its documentation.
///
/// Each rule's code, name, category and severity, and what it does, why it matters and what to
/// do instead, from the rule's own documentation (English) or its translation.
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The language of the documentation.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
    /// markdown: one page; json: a list of rules, each with its documentation.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Markdown,
    Json,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let lang = args.lang;
    match args.format {
        Format::Json => {
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
        Format::Markdown => emit(&docshape::advisor::rules_markdown_in(lang))?,
    }
    Ok(ExitCode::SUCCESS)
}
