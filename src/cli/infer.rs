//! `docshape infer DUMP_DIR|FILE... [--archive FILE] [--db NAME] [--sample N] [--workload LOG...]
//! [--name NAME] [--format auto|ndjson|ejson|shell] [--out MODEL.json]`: a mongodump folder or
//! archive (`crate::dump`), `.bson` files, or sample files (one collection each, inferred in one
//! streaming pass), and the workload the server recorded (`crate::workload`). The model goes to
//! `--out` (or stdout) only when everything was read; the summary and progress go to stderr.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::ValueHint;
use docshape::dump::{self, CollectionFiles, DumpOptions, DumpSource, FileInput, Input, Progress};
use docshape::infer::{entity_id, infer_from, observations, thousands, Accumulator, Format, ReadSummary};
use docshape::model::Model;
use docshape::workload::WorkloadOptions;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// A model from the database you have: a mongodump folder or archive, sample files, and the
/// workload mongod recorded.
///
/// A folder is a mongodump folder (one database's, or the dump's root with --db); a `.bson`
/// (or `.bson.gz`) file is one collection of a dump; any other file holds sample documents, one
/// collection each. Dumps are streamed and sampled (--sample per collection, spread over the
/// whole collection), their indexes, options and validator kept, and the relations the data
/// shows found: references by value (with the share of values matched), sub-documents and
/// arrays embedded. --workload reads mongod's log (4.4+), system.profile documents or
/// $queryStats output into access patterns with their measured rates, plans and durations.
/// The model (with measured figures) goes to --out or stdout, only when every input was read;
/// what was read goes to stderr. Exit 1 when no input held a document or an operation.
#[derive(clap::Args)]
pub struct Args {
    /// mongodump folders, `.bson` files of a dump, or sample files (one collection each, named
    /// after the file up to its first dot).
    #[arg(value_name = "DUMP_DIR|FILE", required_unless_present_any = ["archive", "workload"], value_hint = ValueHint::AnyPath)]
    files: Vec<String>,
    /// A mongodump --archive file (gzipped or not).
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    archive: Option<String>,
    /// The database to read when the dump or archive holds several.
    #[arg(long, value_name = "NAME")]
    db: Option<String>,
    /// Documents sampled per collection of a dump, spread over the whole collection (0 reads
    /// them all). The default, 10,000, puts 100 documents past the 99th percentile and costs
    /// time, never memory.
    #[arg(long, value_name = "N", default_value_t = docshape::dump::DEFAULT_SAMPLE)]
    sample: u64,
    /// mongod's log (JSON, 4.4+), system.profile documents (JSON or Extended JSON) or
    /// $queryStats output: each query shape becomes an access pattern with its measured rate.
    #[arg(long, value_name = "LOG", num_args = 1.., value_hint = ValueHint::FilePath)]
    workload: Vec<String>,
    /// The workload holds every operation (slowms 0, or the profiler at level 2): its rates
    /// are not floors.
    #[arg(long)]
    complete_workload: bool,
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
    let Args { files, archive, db, sample, workload, complete_workload, name, format, out } = args;
    if name.is_some() && files.len() > 1 {
        return Err("--name names one collection; give one FILE with it".into());
    }
    let mut model = Model::new(if archive.is_some() || files.iter().any(|f| is_dump(f)) {
        "Inferred from a dump"
    } else {
        "Inferred from samples"
    });
    let mut any_documents = false;
    let options = DumpOptions { sample, db, ..DumpOptions::default() };
    let (bson_files, others): (Vec<&String>, Vec<&String>) = files.iter().partition(|f| is_dump(f));
    for path in bson_files.iter().filter(|p| Path::new(p).is_dir()) {
        let source = DumpSource::Folder(dump::source::folder(Path::new(path), options.db.as_deref())?);
        any_documents |= read_dump(&source, path, &mut model, &options)?;
    }
    let loose: Vec<&&String> = bson_files.iter().filter(|p| !Path::new(p).is_dir()).collect();
    if !loose.is_empty() {
        let source = DumpSource::Folder(loose_files(&loose));
        let label = loose.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ");
        any_documents |= read_dump(&source, &label, &mut model, &options)?;
    }
    if let Some(path) = &archive {
        let source = DumpSource::Archive(Box::new(FileInput::new(Path::new(path))));
        any_documents |= read_dump(&source, path, &mut model, &options)?;
    }
    for path in others {
        let name = name.clone().unwrap_or_else(|| collection_name(path));
        let (entity, documents) = infer_file(path, &name, format, &model)?;
        any_documents |= documents > 0;
        model.entities.push(entity);
    }
    if !workload.is_empty() {
        any_documents |= read_workload(&workload, complete_workload, &mut model)?;
    }
    let json = model.to_json();
    // Whatever docshape writes, docshape reads back.
    if let Err(e) = docshape::model::load(&json) {
        return Err(format!("the inferred model would not open again ({e}); nothing was written"));
    }
    match out {
        Some(out) => {
            let inputs: Vec<&str> =
                files.iter().chain(archive.iter()).chain(workload.iter()).map(String::as_str).collect();
            crate::output::refuse_input(Path::new(&out), &inputs)?;
            crate::output::write_text(Path::new(&out), &format!("{json}\n"))?
        }
        None => crate::args::emit(&format!("{json}\n"))?,
    }
    Ok(if any_documents { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// A dump folder or a `.bson` file of one (anything else is a sample file).
fn is_dump(path: &str) -> bool {
    Path::new(path).is_dir() || path.ends_with(".bson") || path.ends_with(".bson.gz")
}

/// `.bson` files named one by one: each a collection, with its `metadata.json` when it lies beside.
fn loose_files(paths: &[&&String]) -> Vec<CollectionFiles> {
    let mut out = Vec::new();
    for path in paths {
        let path = Path::new(path.as_str());
        let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let Some((name, _)) = dump::source::classify(&file) else { continue };
        let dir = path.parent().unwrap_or(Path::new("."));
        let db = dir.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let metadata = ["metadata.json", "metadata.json.gz"]
            .iter()
            .map(|ext| dir.join(format!("{}.{ext}", file.trim_end_matches(".gz").trim_end_matches(".bson"))))
            .find(|p| p.is_file())
            .map(|p| Box::new(FileInput::new(&p)) as Box<dyn Input>);
        out.push(CollectionFiles { db, name, data: Some(Box::new(FileInput::new(path))), metadata });
    }
    out
}

/// Reads a dump into `model`, with progress and a summary on stderr; whether it held documents.
fn read_dump(source: &DumpSource, label: &str, model: &mut Model, options: &DumpOptions) -> Result<bool, String> {
    let started = Instant::now();
    let mut last = Instant::now();
    let mut shown = false;
    let before = model.entities.len();
    let report = dump::read_dump(source, model, options, label, &mut |p: Progress| {
        if last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            shown = true;
            let of = if p.total > 0 { format!(" of {} MB", p.total >> 20) } else { String::new() };
            let what = ["counting", "sampling", "counting children"][usize::from(p.pass.clamp(1, 3) - 1)];
            eprint!("\r{label}: pass {}/3 ({what}): {} MB{of}   ", p.pass, p.bytes >> 20);
            let _ = std::io::stderr().flush();
        }
    })
    .map_err(|e| format!("{e}; nothing was written"))?;
    if shown {
        eprintln!();
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{label} → {} collections, {} MB of documents in {seconds:.1} s ({:.0} MB/s)",
        report.collections.len(),
        report.bytes >> 20,
        report.bytes as f64 / 1_048_576.0 / seconds.max(0.001)
    );
    for c in &report.collections {
        eprintln!(
            "  {}: {} documents, {} sampled; {} indexes",
            c.name,
            thousands(c.documents),
            thousands(c.sampled),
            c.indexes.iter().filter(|i| !i.is_id_index()).count()
        );
        for lost in &c.not_kept {
            eprintln!("    not kept by the model: {lost}");
        }
    }
    if !report.skipped.is_empty() {
        let list: Vec<String> = report.skipped.iter().map(|(n, why)| format!("{n} ({why})")).collect();
        eprintln!("  note: skipped {}", list.join(", "));
    }
    let new: Vec<&str> = model.entities[before..].iter().map(|e| e.id.as_str()).collect();
    for r in model.relations.iter().filter(|r| new.contains(&r.child.as_str()) || new.contains(&r.parent.as_str())) {
        if r.storage != docshape::model::Storage::Embed {
            eprintln!("  relation {} → {}: {}", r.parent, r.child, r.notes);
        }
    }
    Ok(report.collections.iter().any(|c| c.documents > 0))
}

/// Reads the workload files into access patterns, with a summary on stderr; whether any
/// operation was read.
fn read_workload(paths: &[String], complete: bool, model: &mut Model) -> Result<bool, String> {
    let inputs: Vec<FileInput> = paths.iter().map(|p| FileInput::new(Path::new(p))).collect();
    let refs: Vec<&dyn Input> = inputs.iter().map(|i| i as &dyn Input).collect();
    let options = WorkloadOptions { complete, ..WorkloadOptions::default() };
    let mut last = Instant::now();
    let report = docshape::workload::read_workload(&refs, model, &options, &mut |name, bytes| {
        if last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            eprint!("\r{name}: {} MB   ", bytes >> 20);
            let _ = std::io::stderr().flush();
        }
    })
    .map_err(|e| format!("{e}; nothing was written"))?;
    for f in &report.files {
        eprintln!("{} → {} operations in {} lines", f.name, thousands(f.executions), thousands(f.lines));
        let counted = [
            (f.not_json, "lines that are not JSON (skipped)"),
            (f.older_format, "lines in the plain-text log of servers before 4.4 (skipped)"),
            (f.other_messages, "other log messages"),
            (f.unknown, "JSON records of no known kind (skipped)"),
            (f.unreadable, "commands docshape cannot read (skipped)"),
        ];
        for (n, what) in counted.iter().filter(|(n, _)| *n > 0) {
            eprintln!("  {} {what}", thousands(*n));
        }
        for (what, n) in &f.skipped {
            eprintln!("  {} {what} records (no access pattern)", thousands(*n));
        }
        for (line, message) in &f.problems {
            eprintln!("    line {line}: {message}");
        }
    }
    eprintln!(
        "  {} access patterns over {:.0} minutes{}",
        report.patterns,
        report.span_minutes,
        if complete {
            ""
        } else {
            "; rates from a log or the profiler are floors (only operations over slowms are recorded)"
        }
    );
    if report.dropped > 0 {
        eprintln!(
            "  {} executions of shapes past the first {} were not kept",
            thousands(report.dropped),
            options.max_shapes
        );
    }
    Ok(report.files.iter().any(|f| f.executions > 0))
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
