//! `docshape infer FILE... [--name NAME] [--format auto|ndjson|ejson|shell] [--out MODEL.json]`:
//! one collection per sample file, inferred in one streaming pass; the model goes to `--out`
//! (or stdout), the summary and progress to stderr.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::ValueHint;
use docshape::infer::{entity_id, infer_from, observations, thousands, Accumulator, Format, ReadSummary};
use docshape::model::Model;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A model from sample documents, one collection per file.
///
/// Each file is read in one streaming pass; the model (with measured figures: sizes, array
/// lengths, how often each field is present) goes to --out or stdout, what was read to stderr.
/// Exit 1 when no file held a document.
#[derive(clap::Args)]
pub struct Args {
    /// The sample files: one collection each, named after the file (up to its first dot).
    #[arg(value_name = "FILE", required = true, value_hint = ValueHint::FilePath)]
    files: Vec<String>,
    /// The collection's name, for one FILE.
    #[arg(long)]
    name: Option<String>,
    /// How the files are written: auto looks at the start of each; ndjson is one document a
    /// line (mongoexport), ejson Extended JSON over many lines, shell mongosh's output.
    #[arg(long, default_value = "auto", value_parser = formats())]
    format: Format,
    /// Write the model to this file instead of stdout.
    #[arg(long, value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    out: Option<String>,
}

fn formats() -> impl TypedValueParser<Value = Format> {
    let all = [Format::Auto, Format::Ndjson, Format::Ejson, Format::Shell];
    PossibleValuesParser::new(all.map(Format::name)).map(|name| Format::from_name(&name).unwrap_or(Format::Auto))
}

/// Files over this size get progress lines on stderr.
const PROGRESS_FROM_BYTES: u64 = 64 * 1024 * 1024;

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { files, name, format, out } = args;
    if name.is_some() && files.len() > 1 {
        return Err("--name names one collection; give one FILE with it".into());
    }
    let mut model = Model::new("Inferred from samples");
    let mut any_documents = false;
    for path in &files {
        let name = name.clone().unwrap_or_else(|| collection_name(path));
        let (entity, documents) = infer_file(path, &name, format, &model)?;
        any_documents |= documents > 0;
        model.entities.push(entity);
    }
    let json = model.to_json();
    // Whatever docshape writes, docshape reads back.
    if let Err(e) = docshape::model::load(&json) {
        return Err(format!("the inferred model would not open again ({e}); nothing was written"));
    }
    match out {
        Some(out) => {
            let inputs: Vec<&str> = files.iter().map(String::as_str).collect();
            crate::output::refuse_input(Path::new(&out), &inputs)?;
            crate::output::write_text(Path::new(&out), &format!("{json}\n"))?
        }
        None => crate::args::emit(&format!("{json}\n"))?,
    }
    Ok(if any_documents { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The file stem up to its first dot: `pedidos.shell.txt` → `pedidos`.
fn collection_name(path: &str) -> String {
    let file = Path::new(path).file_name().and_then(|f| f.to_str()).unwrap_or(path);
    let stem = file.split('.').next().unwrap_or(file);
    if stem.is_empty() {
        "collection".to_string()
    } else {
        stem.to_string()
    }
}

fn infer_file(path: &str, name: &str, format: Format, model: &Model) -> Result<(docshape::model::Entity, u64), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let total = file.metadata().map(|m| m.len()).unwrap_or(0);
    let started = Instant::now();
    let mut last = Instant::now();
    let mut acc = Accumulator::default();
    let show_progress = total >= PROGRESS_FROM_BYTES;
    let summary = infer_from(file, format, &mut acc, |bytes, docs| {
        if show_progress && last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            let pct = if total > 0 { bytes as f64 * 100.0 / total as f64 } else { 0.0 };
            eprint!(
                "\r{path}: {pct:5.1}% ({} MB of {} MB), {} documents   ",
                bytes >> 20,
                total >> 20,
                thousands(docs)
            );
            let _ = std::io::stderr().flush();
        }
    })
    .map_err(|e| format!("cannot read {path}: {e}"))?;
    if show_progress {
        eprintln!();
    }
    let inference = acc.report();
    let entity = inference.to_measured_entity(&model.fresh_id(&entity_id(name)), name, &model.thresholds, path);
    eprint!("{}", summary_text(path, name, &summary, started.elapsed()));
    if summary.documents == 1 && looks_like_collections(&entity) {
        eprintln!(
            "  note: {path} holds one document whose every member is an array of documents, as `docshape export --what ejson` writes one array per collection; it was read as one document. To infer each collection, put each array in a file of its own."
        );
    }
    for o in observations(&inference, &model.thresholds) {
        let at = o.path.as_deref().map(|p| format!(" [{p}]")).unwrap_or_default();
        eprintln!("  {}{at}: {}", o.code, o.message);
    }
    Ok((entity, summary.documents))
}

/// Two or more top-level members, every one an array of sub-documents: a file of collections
/// (docshape's Extended JSON examples) rather than one document.
fn looks_like_collections(entity: &docshape::model::Entity) -> bool {
    use docshape::model::BsonType;
    let members: Vec<_> = entity.fields.iter().filter(|f| f.name != "_id").collect();
    members.len() >= 2
        && entity.fields.len() == members.len()
        && members.iter().all(|f| f.bson_type == BsonType::Array && f.items == Some(BsonType::Object))
}

fn summary_text(path: &str, name: &str, s: &ReadSummary, elapsed: Duration) -> String {
    let mut out = format!(
        "{path} → collection \"{name}\": {} documents read as {} ({} MB in {:.1} s)\n",
        thousands(s.documents),
        s.format,
        s.bytes >> 20,
        elapsed.as_secs_f64()
    );
    if s.malformed > 0 {
        out.push_str(&format!("  {} malformed documents or lines", thousands(s.malformed)));
        if s.malformed as usize > s.messages.len() {
            out.push_str(&format!(" (first {} shown)", s.messages.len()));
        }
        out.push_str(":\n");
        for m in &s.messages {
            out.push_str(&format!("    line {}, column {}: {}\n", m.line, m.column, m.message));
        }
    }
    if s.skipped_lines > 0 {
        out.push_str(&format!(
            "  {} lines of text outside documents skipped (prompts, \"Type it for more\")\n",
            s.skipped_lines
        ));
    }
    if let Some(e) = &s.io_error {
        out.push_str(&format!("  reading stopped early: {e}\n"));
    }
    out
}
