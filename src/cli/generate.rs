//! `docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE]`: synthetic
//! documents as Extended JSON lines (for `mongoimport`), progress on standard error.

use crate::args::{read_model, Args};
use docshape::export::{synthetic, Builder, Flavor};
use std::io::{BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str =
    "usage: docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE] [--format relaxed|canonical]";

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    // `-n 500` is accepted as a short form of `--count 500`.
    let args: Vec<String> = args.iter().map(|a| if a == "-n" { "--count".to_string() } else { a.clone() }).collect();
    let args = Args::parse(&args, &["collection", "count", "seed", "out", "format"])?;
    let [path] = args.positional.as_slice() else { return Err(USAGE.into()) };
    let name = args.option("collection").ok_or_else(|| format!("--collection is required\n{USAGE}"))?;
    let count: u64 = match args.option("count") {
        Some(n) => n.replace('_', "").parse().map_err(|_| format!("-n must be a whole number, not \"{n}\""))?,
        None => return Err(format!("-n is required\n{USAGE}")),
    };
    let seed: u64 = match args.option("seed") {
        Some(s) => s.parse().map_err(|_| format!("--seed must be a whole number, not \"{s}\""))?,
        None => 1,
    };
    let flavor = match args.choice("format", &["relaxed", "canonical"])? {
        "canonical" => Flavor::Canonical,
        _ => Flavor::Relaxed,
    };
    let model = read_model(path)?;
    let builder = Builder::new(&model);
    let entity = builder
        .lookup
        .collection_named(name)
        .ok_or_else(|| format!("{path} has no collection named \"{name}\""))?
        .id
        .clone();
    let sink: Box<dyn Write> = match args.option("out") {
        Some(file) => Box::new(std::fs::File::create(file).map_err(|e| format!("cannot create {file}: {e}"))?),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 16, sink);
    let started = std::time::Instant::now();
    let mut last_shown = 0u64;
    let mut progress = |done: u64, total: u64, bytes: u64| {
        let percent = (done * 100).checked_div(total).unwrap_or(100);
        if percent >= last_shown + 5 || done == total {
            last_shown = percent - percent % 5;
            let secs = started.elapsed().as_secs_f64().max(1e-9);
            eprintln!(
                "docshape: {done}/{total} documents ({percent}%), {:.1} MB, {:.0} documents/s",
                bytes as f64 / 1e6,
                done as f64 / secs
            );
        }
    };
    match synthetic::write_ndjson(&builder, &entity, seed, count, flavor, &mut out, &mut progress) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("cannot write the documents: {e}")),
    }
}
