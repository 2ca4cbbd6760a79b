//! Speed of `diff` on two 1,000-aggregate designs (no harness, no dependency): the advisor's own
//! time on one design, `diff` with the advisor run on both, and the comparison alone
//! (`diff_with`, the reports at hand, as the app has the current one). Figures only: the budget
//! is the diff within twice the advisor's own time on the two designs.
//!
//! `cargo bench --bench diff` (`n=100` picks another size).

use docshape::advisor::analyze;
use docshape::diff::{diff, diff_with, markdown::to_markdown};
use docshape::i18n::Lang;
use docshape::model::{synthetic::generate, BsonType, Field, Model, Storage};
use std::hint::black_box;
use std::time::Duration;

#[path = "common/timing.rs"]
mod timing;

/// Median and p95 wall-clock time of `f`, and the mean CPU time per run (the wall-clock median
/// when the system does not say).
fn time<F: FnMut()>(runs: usize, f: F) -> (Duration, Duration, Duration) {
    let (median, p95, cpu) = timing::time(runs, f);
    (median, p95, cpu.unwrap_or(median))
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The design after a pull request's worth of edits: one entity in ten gets a required field,
/// one relation in twenty changes its storage, one in fifty loses its bound, a few queries go.
fn edited(old: &Model) -> Model {
    let mut new = old.clone();
    for e in new.entities.iter_mut().step_by(10) {
        let mut f = Field::new("nuevo", BsonType::String);
        f.required = true;
        e.fields.push(f);
    }
    for r in new.relations.iter_mut().step_by(20) {
        r.storage = if r.storage == Storage::Embed { Storage::Reference } else { Storage::Embed };
    }
    for r in new.relations.iter_mut().skip(3).step_by(50) {
        r.cardinality.max = None;
        r.cardinality.growth_per_day = Some(2.0);
    }
    new.queries.retain(|q| !q.id.ends_with('7'));
    new
}

fn main() {
    let n = std::env::args().find_map(|a| a.strip_prefix("n=").and_then(|n| n.parse().ok())).unwrap_or(1_000);
    let old = generate(n, 42);
    let new = edited(&old);
    let runs = if n >= 1_000 { 30 } else { 200 };
    // `only`: the comparison alone, many times, for a profiler.
    if std::env::args().any(|a| a == "only") {
        let (old_report, new_report) = (analyze(&old), analyze(&new));
        for _ in 0..200 {
            black_box(diff_with(&old, &old_report, &new, &new_report));
        }
        return;
    }
    let (a_med, a_p95, a_cpu) = time(runs, || {
        black_box(analyze(black_box(&new)));
    });
    let (d_med, d_p95, d_cpu) = time(runs, || {
        black_box(diff(black_box(&old), black_box(&new)));
    });
    let (old_report, new_report) = (analyze(&old), analyze(&new));
    let (c_med, c_p95, c_cpu) = time(runs, || {
        black_box(diff_with(&old, &old_report, &new, &new_report));
    });
    let d = diff(&old, &new);
    let (m_med, _, m_cpu) = time(runs.min(20), || {
        black_box(to_markdown(&old, &new, &d, Lang::En));
    });
    println!(
        "diff of two {n}-aggregate designs ({} entities, {} relations, {} queries; {} changes, {} findings introduced, {} resolved, {} verdicts flip)",
        new.entities.len(),
        new.relations.len(),
        new.queries.len(),
        d.change_count(),
        d.consequences.findings_introduced.len(),
        d.consequences.findings_resolved.len(),
        d.consequences.verdicts.len()
    );
    println!("  advisor on one design          median {:>10}  p95 {:>10}  cpu {:>10}", ms(a_med), ms(a_p95), ms(a_cpu));
    println!("  diff, advisor on both          median {:>10}  p95 {:>10}  cpu {:>10}", ms(d_med), ms(d_p95), ms(d_cpu));
    println!("  diff_with (reports at hand)    median {:>10}  p95 {:>10}  cpu {:>10}", ms(c_med), ms(c_p95), ms(c_cpu));
    println!("  Markdown comment               median {:>10}              cpu {:>10}", ms(m_med), ms(m_cpu));
    println!(
        "  diff / (2 x advisor), cpu = {:.2} (budget 2.0: the diff with the advisor on both within twice the advisor's own time on both)",
        d_cpu.as_secs_f64() / (2.0 * a_cpu.as_secs_f64())
    );
}
