//! `docshape generate MODEL.json --collection NAME -n N [--seed S] [--out FILE]`: synthetic
//! documents as Extended JSON lines (for `mongoimport`), progress on standard error.

use crate::args::read_model;
use clap::{ValueEnum, ValueHint};
use docshape::export::{synthetic, Builder, Flavor};
use std::io::{BufWriter, Write};
use std::process::ExitCode;

/// Synthetic documents of one collection, as Extended JSON lines (for mongoimport).
///
/// The documents follow the model: its types, sizes, array lengths and how often each field is
/// present; the same seed writes the same documents. Progress goes to stderr. With --out, a disk
/// that cannot hold the output is refused before anything is written.
#[derive(clap::Args)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// The collection, by name.
    #[arg(long, value_name = "NAME")]
    collection: String,
    /// How many documents (`_` may group digits: 1_000_000).
    #[arg(short = 'n', long = "count", value_name = "N", value_parser = whole_number)]
    count: u64,
    /// The seed of the generator.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Write the documents to this file instead of stdout.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    out: Option<String>,
    /// relaxed or canonical Extended JSON v2.
    #[arg(long, value_enum, default_value_t = Format::Relaxed)]
    format: Format,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Relaxed,
    Canonical,
}

/// A count, with `_` allowed between digits.
fn whole_number(text: &str) -> Result<u64, String> {
    text.replace('_', "").parse().map_err(|_| "a whole number is needed".to_string())
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, collection: name, count, seed, out, format } = args;
    let (path, name) = (path.as_str(), name.as_str());
    let flavor = match format {
        Format::Canonical => Flavor::Canonical,
        Format::Relaxed => Flavor::Relaxed,
    };
    let model = read_model(path)?;
    let builder = Builder::new(&model);
    let entity = builder
        .lookup
        .collection_named(name)
        .ok_or_else(|| format!("{path} has no collection named \"{name}\""))?
        .id
        .clone();
    let out = out.as_deref().map(std::path::Path::new);
    if let Some(out) = out {
        crate::output::refuse_input(out, &[path])?;
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
