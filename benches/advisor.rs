//! Speed of `analyze` on synthetic models (no harness, no dependency): median and p95 over
//! many runs for 100 and 1,000 entities × 12 fields, 2× relations and 300 access patterns.
//!
//! `cargo bench --bench advisor` (figures only; the targets are 0.5 ms and 5 ms natively).
//! `cargo bench --bench advisor -- phases` also times each derived fact on its own.

use docshape::advisor::{analyze, sizes};
use docshape::model::{check_structure, synthetic::generate, Model};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn time<F: FnMut()>(runs: usize, mut f: F) -> (Duration, Duration) {
    for _ in 0..runs.div_ceil(10) {
        f();
    }
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95))
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let phases = std::env::args().any(|a| a == "phases");
    if std::env::args().any(|a| a == "sizes-only") {
        let model = generate(1_000, 42);
        let (m, p) = time(200, || {
            black_box(sizes::estimate(black_box(&model)));
        });
        println!("sizes::estimate at 1000: {} / {}", ms(m), ms(p));
        return;
    }
    println!("analyze (median / p95)");
    for (n, runs, target) in [(100, 400, 0.5), (1_000, 100, 5.0)] {
        let model: Model = generate(n, 42);
        let report = analyze(&model);
        let (median, p95) = time(runs, || {
            black_box(analyze(black_box(&model)));
        });
        println!(
            "  {n:>5} entities, {} relations, {} queries: {} / {}  (target {target} ms; {} findings, {} indexes)",
            model.relations.len(),
            model.queries.len(),
            ms(median),
            ms(p95),
            report.findings.len(),
            report.indexes.len()
        );
        if phases {
            let (m, _) = time(runs, || {
                black_box(sizes::estimate(black_box(&model)));
            });
            println!("        sizes::estimate   {}", ms(m));
            let (m, _) = time(runs, || {
                black_box(check_structure(black_box(&model)));
            });
            println!("        check_structure   {}", ms(m));
        }
    }
}
