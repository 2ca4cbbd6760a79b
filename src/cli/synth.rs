//! `docshape synth --entities N [--seed S]`: a generated model (12 fields per entity, twice as
//! many relations, 300 access patterns), laid out, for benchmarks and stress tests.

use crate::args::emit;
use std::process::ExitCode;

/// A generated, laid-out model for benchmarks.
///
/// 12 fields per entity, twice as many relations as entities, 300 access patterns; the same
/// seed writes the same model.
#[derive(clap::Args)]
pub struct Args {
    /// How many entities (from 1 to 100000).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    entities: u32,
    /// The seed of the generator.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let mut model = docshape::model::synthetic::generate(args.entities as usize, args.seed);
    docshape::editor::edit::auto_layout(&mut model);
    emit(&format!("{}\n", model.to_json()))?;
    Ok(ExitCode::SUCCESS)
}
