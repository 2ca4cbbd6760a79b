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
    let out = args.option("out").map(std::path::Path::new);
    if let Some(out) = out {
        crate::output::refuse_input(out, &[path.as_str()])?;
    }
    let estimate = estimated_bytes(&builder, &entity, seed, count, flavor);
    if let Some(out) = out {
        check_room(out, estimate)?;
    }
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
    let mut write = |sink: &mut dyn Write| {
        let mut sink = sink;
        synthetic::write_ndjson(&builder, &entity, seed, count, flavor, &mut sink, &mut progress).map(|_| ())
    };
    match out {
        Some(file) => crate::output::write_file(file, write).map_err(|e| {
            format!(
                "{e}; the output needs about {:.1} MB (is the disk full, or a file-size limit set?)",
                estimate as f64 / 1e6
            )
        })?,
        None => match write(&mut BufWriter::with_capacity(1 << 16, std::io::stdout().lock())) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                return Err(format!("cannot write the documents: {e}"))
            }
            _ => {}
        },
    }
    Ok(ExitCode::SUCCESS)
}

/// Before writing `out`: refuses an output the disk cannot hold, and says when it may not.
fn check_room(out: &std::path::Path, estimate: u64) -> Result<(), String> {
    use crate::disk::{room_for, size, Room};
    let shown = out.display();
    match room_for(out, estimate) {
        Room::Short { available } => Err(format!(
            "{shown} would take about {}, and its disk has {} free: nothing was written. Free some space, lower -n, or write to another disk",
            size(estimate),
            size(available)
        )),
        Room::Tight { available } => {
            eprintln!(
                "docshape: warning: {shown} will take about {}, and its disk has {} free: it may not fit (a failed write leaves no partial file)",
                size(estimate),
                size(available)
            );
            Ok(())
        }
        Room::Enough if estimate > 100_000_000 => {
            eprintln!("docshape: about {} will be written to {shown}", size(estimate));
            Ok(())
        }
        Room::Enough | Room::Unknown => Ok(()),
    }
}

/// The output's size in bytes, from the first documents of the same run (the generator is
/// deterministic, so they are the ones that will be written).
fn estimated_bytes(builder: &Builder, entity: &str, seed: u64, count: u64, flavor: Flavor) -> u64 {
    const SAMPLE: u64 = 50;
    let sample = count.min(SAMPLE);
    let mut bytes = Vec::new();
    match synthetic::write_ndjson(builder, entity, seed, sample, flavor, &mut bytes, &mut |_, _, _| {}) {
        Ok(_) if sample > 0 => (bytes.len() as u64 / sample).saturating_mul(count),
        _ => 0,
    }
}
