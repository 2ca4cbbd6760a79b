//! `docshape`: check, export and generate from a model file, reusing the core.
//!
//! ```text
//! docshape check MODEL.json [--format human|json] [--lang en|es|pt]
//! docshape rules [--lang en|es|pt] [--format markdown|json]
//! docshape infer FILE... [--name NAME] [--format auto|ndjson|ejson|shell] [--out MODEL.json]
//! docshape export MODEL.json --what examples|ejson|ejson-canonical|schema|mongosh|sheets|sizes|mongoose|typescript|zod|pydantic|rust|java|mermaid|dbml [--collection NAME] [--lang L]
//! docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE] [--format relaxed|canonical]
//! docshape report MODEL.json [--out report.md] [--svg diagram.svg] [--theme light|dark] [--base URL] [--lang L]
//! docshape share MODEL.json [--base URL] | docshape share --decode LINK|-
//! docshape diff OLD.json[@VERSION] NEW.json[@VERSION] [--format md|json|mongosh] [--fail-on new-errors|any-finding] [--lang L] [--out FILE]
//! docshape versions MODEL.json [--format text|json]
//! ```

mod args;
mod check;
mod diff;
mod disk;
mod export;
mod generate;
mod infer;
mod output;
mod report;
mod rules;
mod share;
mod synth;
mod versioned;

use std::process::ExitCode;

const USAGE: &str = "\
docshape: check and export MongoDB document designs

USAGE:
    docshape check MODEL.json [--format human|json] [--lang en|es|pt]
                                                      findings, most important first; exit 1 on an
                                                      error-level finding; json: the whole report
    docshape rules [--lang en|es|pt] [--format markdown|json]
                                                      every advisor rule with its documentation
    docshape infer FILE... [--name NAME] [--format auto|ndjson|ejson|shell] [--out MODEL.json]
                                                      a model from sample documents (one collection per file)
    docshape export MODEL.json --what WHAT [--collection NAME] [--lang en|es|pt]
        WHAT: examples (mongosh syntax), ejson, ejson-canonical (Extended JSON v2),
              schema ($jsonSchema validators), mongosh (the whole script), sheets (decision
              sheets in Markdown), sizes (BSON size of each example); code for the application:
              mongoose, typescript, zod, pydantic, rust, java; the diagram: mermaid, dbml
        --collection: one collection's examples, validator, sheet or sizes (not for code)
        --lang: the language of the decision sheets, the mongosh script's comments and the
                words of the diagrams (mermaid, dbml)
    docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE] [--format relaxed|canonical]
        synthetic documents as Extended JSON lines (for mongoimport); progress on stderr
    docshape report MODEL.json [--out report.md] [--svg diagram.svg] [--theme light|dark] [--base URL]
                   [--lang en|es|pt]                  a design review in Markdown, the diagram as a sibling .svg
    docshape share MODEL.json [--base URL]            the share link (#m=...) that carries the model
    docshape share --decode LINK|-                    the model a share link carries (quote the link: # starts
                                                      a shell comment); exit 2 on a bad link
    docshape diff OLD.json[@VERSION] NEW.json[@VERSION] [--format md|json|mongosh]
                  [--fail-on new-errors|any-finding] [--lang en|es|pt] [--out FILE]
        what changed between two versions of a design and its consequences from the advisor:
        md (a pull-request comment, the default), json (docs/diff-format.md), mongosh (the new
        design's script with a migration section, not run against a server)
        either side may be FILE@VERSION, a version kept in a model file: by its exact name
        (quote it: design.json@\"before reviews\") or its number from 1 (design.json@1) as
        `docshape versions` lists them; a path that exists as written is a file, @ and all
        exit 0; 1 when --fail-on holds: new-errors (the change introduces an error-level
        finding) or any-finding (it introduces any finding); 2 when it cannot run; 3 when a
        FILE@VERSION names no version the file keeps (the message lists those it keeps)
    docshape versions MODEL.json [--format text|json]
        the versions a model file keeps (number, when kept, name), as FILE@N reads them
    docshape synth --entities N [--seed S]            a generated, laid-out model for benchmarks
    docshape help                                     this text

LANGUAGES:
    --lang en|es|pt (English, Spanish, Brazilian Portuguese; default en) sets the language of what
    people read: check's human output, the decision sheets, the mongosh script's comments and the
    review report. check --format json writes its sentences in --lang too, beside the codes and
    ids scripts match on (docs/report-format.md). Data stays unchanged whatever --lang says:
    Extended JSON, $jsonSchema validators, NDJSON.
";

/// The lines of USAGE about `command` (its usage and the indented lines under it), or the
/// whole text for an unknown command.
fn command_help(command: &str) -> String {
    let start = format!("    docshape {command} ");
    let mut out = String::new();
    let mut inside = false;
    for line in USAGE.lines() {
        // A usage line opens a command's block; a line that is not indented further ends it.
        if line.starts_with("    docshape ") || !line.starts_with("     ") {
            inside = line.starts_with(&start);
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    if out.is_empty() {
        return USAGE.to_string();
    }
    let languages = USAGE.split_once("LANGUAGES:").map_or("", |(_, l)| l);
    if out.contains("--lang") {
        out.push_str(&format!("\nLANGUAGES:{languages}"));
    }
    format!("USAGE:\n{out}")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    if command != "help" && rest.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", command_help(command));
        return ExitCode::SUCCESS;
    }
    let result = match command.as_str() {
        "check" => check::run(rest),
        "rules" => rules::run(rest),
        "infer" => infer::run(rest),
        "export" => export::run(rest),
        "generate" => generate::run(rest),
        "report" => report::run(rest),
        "share" => share::run(rest),
        "diff" => diff::run(rest),
        "versions" => versioned::run(rest),
        "synth" => synth::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command \"{other}\"\n\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("docshape: {message}");
            ExitCode::from(2)
        }
    }
}
