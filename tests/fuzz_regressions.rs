//! Every input the fuzzer (`make fuzz`) ever found a crash with, replayed through the same
//! target code (`tests/fuzz_support/bodies.rs`), plus the seeds the fuzzer starts from. A file
//! added under `tests/fuzz_support/regressions/<target>/` is picked up here without code.

#[path = "fuzz_support/bodies.rs"]
mod bodies;

use std::path::{Path, PathBuf};

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    out.retain(|p| p.file_name().is_some_and(|n| n != ".gitkeep"));
    out.sort();
    out
}

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_support/regressions").join(target);
    let cases = files(&dir);
    for case in &cases {
        let data = std::fs::read(case).unwrap();
        eprintln!("replaying {}", case.display());
        run(&data);
    }
    cases.len()
}

#[test]
fn model_file_regressions() {
    let n = replay("model", bodies::model_file);
    // The seeds: every template of the gallery goes through the same body.
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    let seeds = files(&templates);
    assert!(seeds.len() >= 10, "the gallery's templates are the fuzzer's seeds");
    for seed in &seeds {
        bodies::model_file(&std::fs::read(seed).unwrap());
    }
    println!("model: {n} regression inputs, {} seeds", seeds.len());
}

#[test]
fn share_link_regressions() {
    let n = replay("link", bodies::share_link);
    // A real link of a template must open and go through the exporters.
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates/anti-live-copy.json"))
            .unwrap();
    let model = docshape::model::load(&text).unwrap();
    bodies::share_link(docshape::share::share_link(&model).unwrap().as_bytes());
    println!("link: {n} regression inputs");
}

#[test]
fn importer_regressions() {
    let n = replay("import", bodies::importers);
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/samples");
    let seeds = files(&samples);
    for seed in &seeds {
        bodies::importers(&std::fs::read(seed).unwrap());
    }
    println!("import: {n} regression inputs, {} seeds", seeds.len());
}

/// The seeds of the dump and workload targets (`tests/fuzz_support/seeds/<target>/`), replayed
/// with the target's regressions.
fn seeds(target: &str) -> Vec<PathBuf> {
    files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_support/seeds").join(target))
}

#[test]
fn bson_dump_regressions() {
    let n = replay("bson", bodies::bson_dump);
    let seeds = seeds("bson");
    assert!(seeds.len() >= 2, "a .bson file and an archive seed the fuzzer");
    for seed in &seeds {
        bodies::bson_dump(&std::fs::read(seed).unwrap());
    }
    println!("bson: {n} regression inputs, {} seeds", seeds.len());
}

#[test]
fn workload_regressions() {
    let n = replay("workload", bodies::workload);
    let seeds = seeds("workload");
    assert!(seeds.len() >= 3, "a log, profiler documents and $queryStats seed the fuzzer");
    for seed in &seeds {
        bodies::workload(&std::fs::read(seed).unwrap());
    }
    println!("workload: {n} regression inputs, {} seeds", seeds.len());
}
