//! `docshape diff OLD.json NEW.json [--format md|json|mongosh] [--fail-on new-errors|any-finding]
//! [--lang en|es|pt] [--out FILE]`: what changed between two versions of a design and what the
//! change does to it, for a pull-request comment (Markdown), for machines (JSON, documented in
//! `docs/diff-format.md`), or as the new design's mongosh script with the migration section.
//!
//! Either side may be a version kept in a model file, `FILE@VERSION` (by name, or by number
//! from 1 as `docshape versions FILE` lists them; see `versioned.rs` for how an argument is read).
//!
//! Exit codes a CI job can gate on: 0, the diff was written and no `--fail-on` condition holds;
//! 1, the change introduces an error-level finding (`--fail-on new-errors`) or any finding
//! (`--fail-on any-finding`); 2, the command could not run (bad arguments, a file that does not
//! load); 3, a `FILE@VERSION` names no version the file keeps. The output is written either way
//! (not on 2 or 3).

use crate::args::{emit, lang, LANGUAGES};
use crate::versioned::read_side;
use clap::{ValueEnum, ValueHint};
use docshape::advisor::{analyze, Severity};
use docshape::diff::sides::{annotate_json, Sides};
use docshape::diff::{diff_with, json::to_json, markdown::to_markdown_with, migration::section};
use docshape::export::mongosh;
use docshape::i18n::Lang;
use std::path::PathBuf;
use std::process::ExitCode;

/// What changed between two versions of a design, and what the change does to it.
///
/// Either side may be FILE@VERSION, a version kept in a model file: by its exact name (quote
/// it: design.json@"before reviews") or its number from 1 (design.json@1), as `docshape
/// versions` lists them; a path that exists as written is a file, @ and all.
///
/// Exit codes: 0, the diff was written and no --fail-on condition holds; 1, it holds; 2, the
/// command cannot run; 3, a FILE@VERSION names no version the file keeps (the message lists
/// those it keeps).
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The design before the change: a model file, or FILE@VERSION.
    #[arg(value_name = "OLD.json[@VERSION]", value_hint = ValueHint::FilePath)]
    old: String,
    /// The design after the change: a model file, or FILE@VERSION.
    #[arg(value_name = "NEW.json[@VERSION]", value_hint = ValueHint::FilePath)]
    new: String,
    /// md: a pull-request comment; json: for scripts (docs/diff-format.md); mongosh: the new
    /// design's script with a migration section (not run against a server).
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
    /// Exit 1 when the change introduces an error-level finding (new-errors) or any finding
    /// (any-finding).
    #[arg(long, value_enum, value_name = "WHEN")]
    fail_on: Option<FailOn>,
    /// The language of the diff's sentences.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
    /// Write the diff to this file instead of stdout.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    out: Option<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Md,
    Json,
    Mongosh,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum FailOn {
    NewErrors,
    AnyFinding,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { old: old_path, new: new_path, format, fail_on, lang, out } = args;
    let out = out.map(PathBuf::from);
    if let Some(out) = &out {
        crate::output::refuse_input(out, &[old_path.as_str(), new_path.as_str()])?;
    }
    let (old, old_side) = match read_side(&old_path) {
        Ok(side) => side,
        Err(refused) => return Ok(refused.exit()),
    };
    let (new, new_side) = match read_side(&new_path) {
        Ok(side) => side,
        Err(refused) => return Ok(refused.exit()),
    };
    let sides = Sides { old: old_side, new: new_side };
    let (old_report, new_report) = (analyze(&old), analyze(&new));
    let d = diff_with(&old, &old_report, &new, &new_report);
    let text = match format {
        Format::Json => {
            let mut v = to_json(&old, &new, &d, lang);
            annotate_json(&mut v, &sides);
            let mut text = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?;
            text.push('\n');
            text
        }
        Format::Mongosh => {
            let mut script = mongosh::script_of_report(&docshape::export::Builder::new(&new), &new_report, lang);
            script.push_str(&section(&old, &new, &d, lang));
            script
        }
        Format::Md => to_markdown_with(&old, &new, &d, lang, Some(&sides)),
    };
    match &out {
        Some(out) => crate::output::write_text(out, &text)?,
        None => emit(&text)?,
    }
    let failed = match fail_on {
        Some(FailOn::NewErrors) => d.consequences.introduced(Severity::Error) > 0,
        Some(FailOn::AnyFinding) => !d.consequences.findings_introduced.is_empty(),
        None => false,
    };
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
