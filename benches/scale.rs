//! Scale benchmark (divan): `cargo bench --bench scale`.
//!
//! What the CLI's commands do, on generated models of 1,000, 5,000 and 10,000 entities (the
//! generator behind `docshape synth`: 12 fields each, twice as many relations, 300 access
//! patterns, laid out), so a cost that grows faster than the model shows as a jump between
//! the rows rather than as a command that never finishes:
//! - load: parsing the model file;
//! - check: what `docshape check` does: the advisor, the findings ranked, every place labelled;
//! - check_json: what `docshape check --format json` does: the advisor and the JSON report;
//! - export: validators, the mongosh script and the decision sheets;
//! - report: the review report in Markdown (its diagram aside);
//! - share: the share link, checked by opening it again.
//!
//! Figures are printed (divan's fastest / slowest / median / mean of three runs), never
//! asserted. The budget for `check` is 5,000 entities within 6× the
//! time of 1,000, and under 1 s. A name filters: `cargo bench --bench scale -- check`.

use divan::{black_box, Bencher};
use docshape::advisor::report_json::json_report_text;
use docshape::advisor::{analyze, Report};
use docshape::export::{mongosh, schema, sheet, Builder};
use docshape::i18n::Lang;
use docshape::model::{load, Model, PlaceLabels};
use docshape::share::{review_markdown, share_link, Diagram, ReportOptions};
use std::sync::OnceLock;

/// The generated designs' sizes (entities).
const SIZES: [usize; 3] = [1_000, 5_000, 10_000];

/// A generated design, its file and its analysis, made once per size for every benchmark.
struct Prepared {
    model: Model,
    /// Compact JSON: the pretty file of 10,000 entities (34 MB) passes the 32 MiB cap.
    json: String,
    report: Report,
}

fn prepared(n: usize) -> &'static Prepared {
    static ALL: [OnceLock<Prepared>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let at = SIZES.iter().position(|&s| s == n).expect("one of SIZES");
    ALL[at].get_or_init(|| {
        let mut model = docshape::model::synthetic::generate(n, 1);
        docshape::editor::edit::auto_layout(&mut model);
        let json = serde_json::to_string(&model).expect("the model serializes");
        let report = analyze(&model);
        Prepared { model, json, report }
    })
}

fn main() {
    // What each size is, before the figures: collections, file size, and the share link.
    for n in SIZES {
        let p = prepared(n);
        let link = match share_link(&p.model) {
            Ok(l) => format!("a link of {} chars", l.len()),
            Err(e) => format!("no link: {e}"),
        };
        println!(
            "{n:>6} entities: {} collections, a {:.1} MB file, {} findings; {link}",
            p.model.collections().count(),
            p.json.len() as f64 / 1e6,
            p.report.findings.len()
        );
    }
    divan::main();
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn load_file(bencher: Bencher, n: usize) {
    let json = &prepared(n).json;
    bencher.bench_local(|| load(black_box(json)).expect("the generated model loads"));
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn check(bencher: Bencher, n: usize) {
    let model = &prepared(n).model;
    bencher.bench_local(|| {
        let report = analyze(black_box(model));
        let labels = PlaceLabels::new(model);
        let ranked = report.ranked(model);
        let places = ranked.iter().flat_map(|r| r.entry.findings());
        places.map(|f| labels.label(&f.place, Lang::En).len()).sum::<usize>()
    });
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn check_json(bencher: Bencher, n: usize) {
    let model = &prepared(n).model;
    bencher.bench_local(|| json_report_text(model, &analyze(black_box(model)), Lang::En));
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn export(bencher: Bencher, n: usize) {
    let Prepared { model, report, .. } = prepared(n);
    bencher.bench_local(|| {
        let builder = Builder::new(black_box(model));
        let mut bytes = schema::render_json(&schema::validators(&builder)).len();
        bytes += mongosh::script_with(&builder, &report.indexes, Lang::En).len();
        bytes + sheet::sheets_with(&builder, report, Lang::En).len()
    });
}

#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn report(bencher: Bencher, n: usize) {
    let Prepared { model, report, .. } = prepared(n);
    bencher.bench_local(|| {
        let options = ReportOptions { diagram: Diagram::File("d.svg".into()), share_url: None, lang: Lang::En };
        review_markdown(black_box(model), report, &options).len()
    });
}

/// A model whose link would be too large is refused after its compact JSON is written: its
/// figure is that.
#[divan::bench(args = SIZES, sample_count = 3, sample_size = 1)]
fn share(bencher: Bencher, n: usize) {
    let model = &prepared(n).model;
    bencher.bench_local(|| share_link(black_box(model)).map(|l| l.len()).ok());
}
