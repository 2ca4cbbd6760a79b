//! Speed of `analyze` on synthetic models (no harness, no dependency): median and p95 over
//! many runs for 100 and 1,000 entities × 12 fields, 2× relations and 300 access patterns.
//!
//! `cargo bench --bench advisor` (figures only; the budgets are 1 ms and 8 ms natively).
//! `cargo bench --bench advisor -- phases` also times the size estimate and the structural
//! checks, the index derivation, the query advice and the slowest rules on their own
//! (`n=100` or `n=1000` picks one size). On a busy machine, compare the CPU mean with the
//! wall-clock median. The bench profile inherits `release` (opt-level 3 + LTO; the wasm
//! bundle has its own `wasm-release` profile). `cargo bench --bench advisor -- once n=1000`
//! runs a single analysis and nothing else, for `valgrind --tool=callgrind` instruction
//! counts, which stay stable on a busy machine (`runs=5` repeats it: a warm heap costs less
//! per allocation than the first run's).

use docshape::advisor::{analyze, indexes, queries, sizes, Context, Design, RULES};
use docshape::model::{check_structure, synthetic::generate, Model};
use std::hint::black_box;
use std::time::Duration;

#[path = "common/timing.rs"]
mod timing;
use timing::time;

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let phases = std::env::args().any(|a| a == "phases");
    // `once n=1000`: a single analysis and nothing else, for callgrind / `perf stat`.
    if std::env::args().any(|a| a == "once") {
        let n = std::env::args().find_map(|a| a.strip_prefix("n=").and_then(|n| n.parse().ok())).unwrap_or(1_000);
        let runs = std::env::args().find_map(|a| a.strip_prefix("runs=").and_then(|n| n.parse().ok())).unwrap_or(1);
        let model = generate(n, 42);
        for _ in 0..runs {
            black_box(analyze(black_box(&model)));
        }
        return;
    }
    if std::env::args().any(|a| a == "sizes-only") {
        let model = generate(1_000, 42);
        let (m, p, _) = time(200, || {
            black_box(sizes::estimate(black_box(&model)));
        });
        println!("sizes::estimate at 1000: {} / {}", ms(m), ms(p));
        return;
    }
    println!("analyze (median / p95)");
    let bibliored = docshape::model::load(include_str!("../public/templates/bibliored.json")).expect("template");
    let (median, p95, _) = time(2_000, || {
        black_box(analyze(black_box(&bibliored)));
    });
    println!("  BiblioRed template: {} / {}", ms(median), ms(p95));
    let sizes_wanted: Vec<usize> =
        std::env::args().filter_map(|a| a.strip_prefix("n=").and_then(|n| n.parse().ok())).collect();
    for (n, runs, budget) in [(100, 400, 1.0), (1_000, 100, 8.0)] {
        if !sizes_wanted.is_empty() && !sizes_wanted.contains(&n) {
            continue;
        }
        let model: Model = generate(n, 42);
        let report = analyze(&model);
        let (median, p95, cpu) = time(runs, || {
            black_box(analyze(black_box(&model)));
        });
        let cpu = cpu.map_or_else(String::new, |c| format!(", CPU mean {}", ms(c)));
        println!(
            "  {n:>5} entities, {} relations, {} queries: {} / {}{cpu}  (budget {budget} ms; {} findings, {} indexes)",
            model.relations.len(),
            model.queries.len(),
            ms(median),
            ms(p95),
            report.findings.len(),
            report.indexes.len()
        );
        let (m, p, _) = time(runs, || {
            black_box(report.ranked(black_box(&model)));
        });
        println!("        Report::ranked (the CLI's and the panel's order): {} / {}", ms(m), ms(p));
        if phases {
            let (m, _, _) = time(runs, || {
                black_box(sizes::estimate(black_box(&model)));
            });
            println!("        sizes::estimate   {}", ms(m));
            let (m, _, _) = time(runs, || {
                black_box(check_structure(black_box(&model)));
            });
            println!("        check_structure   {}", ms(m));
            let (m, _, _) = time(runs, || {
                black_box(indexes::derive(black_box(&model)));
            });
            println!("        indexes::derive   {}", ms(m));
            let (m, _, _) = time(runs, || {
                black_box(queries::advise(black_box(&model), &report.indexes));
            });
            println!("        queries::advise   {}", ms(m));
            let (m, _, _) = time(runs, || {
                black_box(Design::new(black_box(&model)));
            });
            println!("        Design::new       {}", ms(m));
            let design = Design::new(&model);
            let cx = Context::new(&design, &report);
            let mut slow: Vec<(Duration, &str)> = RULES
                .iter()
                .map(|rule| {
                    let (m, _, _) = time(runs / 4 + 1, || {
                        let mut out = Vec::new();
                        rule.check(&cx, &mut out);
                        black_box(out);
                    });
                    (m, rule.meta().code)
                })
                .collect();
            slow.sort();
            slow.reverse();
            let top: Vec<String> = slow.iter().take(6).map(|(d, c)| format!("{c} {}", ms(*d))).collect();
            println!("        slowest rules     {}", top.join(", "));
        }
    }
}
