//! `docshape synth --entities N [--seed S]`: a generated model (12 fields per entity, twice as
//! many relations, 300 access patterns), laid out, for benchmarks and stress tests.

use crate::args::{emit, Args};
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["entities", "seed"])?;
    let n: usize = args
        .option("entities")
        .unwrap_or("100")
        .parse()
        .ok()
        .filter(|n| (1..=100_000).contains(n))
        .ok_or("--entities must be a whole number from 1 to 100000")?;
    let seed: u64 = args.option("seed").unwrap_or("1").parse().map_err(|_| "--seed must be a whole number")?;
    let mut model = docshape::model::synthetic::generate(n, seed);
    docshape::editor::edit::auto_layout(&mut model);
    emit(&format!("{}\n", model.to_json()))?;
    Ok(ExitCode::SUCCESS)
}
