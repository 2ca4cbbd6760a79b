//! Scale benchmark (no harness, no dependency): `cargo bench --bench scale`.
//!
//! What the CLI's commands do, on generated models of 1,000, 5,000 and 10,000 entities (the
//! generator behind `docshape synth`: 12 fields each, twice as many relations, 300 access
//! patterns, laid out), so a cost that grows faster than the model shows as a jump between
//! the rows rather than as a command that never finishes:
//! - load: parsing the model file;
//! - check: the advisor plus the human format's labels for every finding;
//! - export: validators, the mongosh script and the decision sheets;
//! - report: the review report in Markdown (its diagram aside);
//! - share: the share link, checked by opening it again.
//!
//! Figures are printed (the median of three runs, in ms), never asserted. A model whose link
//! would be too large is refused after its compact JSON is written: its share figure is that.

use docshape::advisor::analyze;
use docshape::export::{mongosh, schema, sheet, Builder};
use docshape::i18n::Lang;
use docshape::model::{load, PlaceLabels};
use docshape::share::{review_markdown, share_link, Diagram, ReportOptions};
use std::time::{Duration, Instant};

fn median(mut runs: Vec<Duration>) -> f64 {
    runs.sort();
    runs[runs.len() / 2].as_secs_f64() * 1e3
}

fn time<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut runs = Vec::new();
    let mut last = None;
    for _ in 0..3 {
        let t = Instant::now();
        last = Some(f());
        runs.push(t.elapsed());
    }
    (median(runs), last.expect("three runs"))
}

fn main() {
    println!(
        "{:>8} {:>11} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "entities", "collections", "file MB", "load", "check", "export", "report", "share"
    );
    for n in [1_000, 5_000, 10_000] {
        let mut model = docshape::model::synthetic::generate(n, 1);
        docshape::editor::edit::auto_layout(&mut model);
        // Compact JSON: the pretty file of 10,000 entities (34 MB) passes the 32 MiB cap.
        let json = serde_json::to_string(&model).expect("the model serializes");
        let (load_ms, _) = time(|| load(&json).expect("the generated model loads"));
        let (check_ms, report) = time(|| {
            let report = analyze(&model);
            let labels = PlaceLabels::new(&model);
            let chars: usize = report.findings.iter().map(|f| labels.label(&f.place, Lang::En).len()).sum();
            std::hint::black_box(chars);
            report
        });
        let (export_ms, _) = time(|| {
            let builder = Builder::new(&model);
            let mut bytes = schema::render_json(&schema::validators(&builder)).len();
            bytes += mongosh::script_with(&builder, &report.indexes, Lang::En).len();
            bytes + sheet::sheets_with(&builder, &report, Lang::En).len()
        });
        let (report_ms, _) = time(|| {
            let options = ReportOptions { diagram: Diagram::File("d.svg".into()), share_url: None, lang: Lang::En };
            review_markdown(&model, &report, &options).len()
        });
        let (share_ms, link) = time(|| share_link(&model));
        let link = match link {
            Ok(l) => format!("{} chars", l.len()),
            Err(e) => format!("refused: {e}"),
        };
        println!(
            "{n:>8} {:>11} {:>10.1} {load_ms:>10.1} {check_ms:>10.1} {export_ms:>10.1} {report_ms:>10.1} {share_ms:>10.1}  (link {link})",
            model.collections().count(),
            json.len() as f64 / 1e6
        );
    }
}
