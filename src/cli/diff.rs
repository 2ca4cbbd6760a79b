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

use crate::args::{emit, Args};
use crate::versioned::read_side;
use docshape::advisor::{analyze, Severity};
use docshape::diff::sides::{annotate_json, Sides};
use docshape::diff::{diff_with, json::to_json, markdown::to_markdown_with, migration::section};
use docshape::export::mongosh;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: docshape diff OLD.json[@VERSION] NEW.json[@VERSION] [--format md|json|mongosh] \
                     [--fail-on new-errors|any-finding] [--lang en|es|pt] [--out FILE]";

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["format", "fail-on", "lang", "out"])?;
    let format = args.choice("format", &["md", "json", "mongosh"])?;
    let fail_on = match args.option("fail-on") {
        None => None,
        Some(_) => Some(args.choice("fail-on", &["new-errors", "any-finding"])?),
    };
    let lang = args.lang()?;
    let [old_path, new_path] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let out = args.option("out").map(PathBuf::from);
    if let Some(out) = &out {
        crate::output::refuse_input(out, &[old_path.as_str(), new_path.as_str()])?;
    }
    let (old, old_side) = match read_side(old_path) {
        Ok(side) => side,
        Err(refused) => return Ok(refused.exit()),
    };
    let (new, new_side) = match read_side(new_path) {
        Ok(side) => side,
        Err(refused) => return Ok(refused.exit()),
    };
    let sides = Sides { old: old_side, new: new_side };
    let (old_report, new_report) = (analyze(&old), analyze(&new));
    let d = diff_with(&old, &old_report, &new, &new_report);
    let text = match format {
        "json" => {
            let mut v = to_json(&old, &new, &d, lang);
            annotate_json(&mut v, &sides);
            let mut text = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?;
            text.push('\n');
            text
        }
        "mongosh" => {
            let mut script = mongosh::script(&new, &new_report.indexes, lang);
            script.push_str(&section(&old, &new, &d, lang));
            script
        }
        _ => to_markdown_with(&old, &new, &d, lang, Some(&sides)),
    };
    match &out {
        Some(out) => crate::output::write_text(out, &text)?,
        None => emit(&text)?,
    }
    let failed = match fail_on {
        Some("new-errors") => d.consequences.introduced(Severity::Error) > 0,
        Some(_) => !d.consequences.findings_introduced.is_empty(),
        None => false,
    };
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}
