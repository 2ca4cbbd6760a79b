//! Speed of `analyze` on synthetic models (divan): BiblioRed, and 100 and 1,000 entities × 12
//! fields, 2× relations and 300 access patterns; the ranking the CLI and the panel read; the
//! phases of the analysis; and every rule on its own at 1,000.
//!
//! `cargo bench --bench advisor` prints each as fastest / slowest / median / mean over its
//! samples. The budgets are 1 ms at 100 and 8 ms at 1,000 natively (figures only, nothing is
//! asserted); on a busy machine the fastest sample is the one to compare.
//! A name filters: `cargo bench --bench advisor -- phases`, `-- rules`, `-- analyze`.
//! The bench profile inherits `release` (opt-level 3 + LTO).
//!
//! `cargo bench --bench advisor -- once n=1000` runs a single analysis and nothing else, for
//! `valgrind --tool=callgrind` instruction counts, which stay stable on a busy machine
//! (`runs=5` repeats it: a warm heap costs less per allocation than the first run's; `live`
//! runs the editor's analysis, `analyze_votes`, instead).

use divan::{black_box, Bencher};
use docshape::advisor::{analyze, analyze_votes, indexes, queries, sizes, Context, Design, RULES};
use docshape::model::{check_structure, synthetic::generate, Model};

/// The generated designs' sizes (entities).
const SIZES: [usize; 2] = [100, 1_000];

fn main() {
    if std::env::args().any(|a| a == "once") {
        let n = std::env::args().find_map(|a| a.strip_prefix("n=").and_then(|n| n.parse().ok())).unwrap_or(1_000);
        let runs = std::env::args().find_map(|a| a.strip_prefix("runs=").and_then(|n| n.parse().ok())).unwrap_or(1);
        let live = std::env::args().any(|a| a == "live");
        let model = generate(n, 42);
        for _ in 0..runs {
            match live {
                true => black_box(analyze_votes(black_box(&model), None)),
                false => black_box(analyze(black_box(&model))),
            };
        }
        return;
    }
    divan::main();
}

/// The advisor on the BiblioRed template.
#[divan::bench]
fn analyze_bibliored(bencher: Bencher) {
    let model = docshape::model::load(include_str!("../public/templates/bibliored.json")).expect("template");
    bencher.bench_local(|| analyze(black_box(&model)));
}

/// The advisor on a generated design of `n` entities.
#[divan::bench(args = SIZES)]
fn analyze_generated(bencher: Bencher, n: usize) {
    let model = generate(n, 42);
    bencher.bench_local(|| analyze(black_box(&model)));
}

/// The editor's analysis at every edit: the relations' six criteria vote without their reasons.
#[divan::bench(args = SIZES)]
fn analyze_votes_generated(bencher: Bencher, n: usize) {
    let model = generate(n, 42);
    bencher.bench_local(|| analyze_votes(black_box(&model), None));
}

/// `Report::ranked`: the findings in the order the CLI, the JSON report and the panel show.
#[divan::bench(args = SIZES)]
fn ranked(bencher: Bencher, n: usize) {
    let model = generate(n, 42);
    let report = analyze(&model);
    bencher.bench_local(|| report.ranked(black_box(&model)).len());
}

/// The parts of one analysis, each on its own.
mod phases {
    use super::*;

    #[divan::bench(args = SIZES)]
    fn design_new(bencher: Bencher, n: usize) {
        let model = generate(n, 42);
        bencher.bench_local(|| Design::new(black_box(&model)).model.entities.len());
    }

    #[divan::bench(args = SIZES)]
    fn sizes_estimate(bencher: Bencher, n: usize) {
        let model = generate(n, 42);
        bencher.bench_local(|| sizes::estimate(black_box(&model)));
    }

    #[divan::bench(args = SIZES)]
    fn check_structure(bencher: Bencher, n: usize) {
        let model = generate(n, 42);
        bencher.bench_local(|| super::check_structure(black_box(&model)));
    }

    #[divan::bench(args = SIZES)]
    fn indexes_derive(bencher: Bencher, n: usize) {
        let model = generate(n, 42);
        bencher.bench_local(|| indexes::derive(black_box(&model)));
    }

    #[divan::bench(args = SIZES)]
    fn queries_advise(bencher: Bencher, n: usize) {
        let model: Model = generate(n, 42);
        let report = analyze(&model);
        bencher.bench_local(|| queries::advise(black_box(&model), &report.indexes));
    }
}

/// Each rule's `check` at 1,000 entities, the design and the report at hand (by code).
#[divan::bench(args = RULES.iter().map(|r| r.meta().code))]
fn rules(bencher: Bencher, code: &str) {
    let model = generate(1_000, 42);
    let report = analyze(&model);
    let design = Design::new(&model);
    let cx = Context::new(&design, &report);
    let rule = RULES.iter().find(|r| r.meta().code == code).expect("a rule of the registry");
    bencher.bench_local(|| {
        let mut out = Vec::new();
        rule.check(black_box(&cx), &mut out);
        out
    });
}
