//! Snapshot tests: each exporter's output for the BiblioRed template, pinned in
//! `tests/snapshots/`. A change in output fails the test with the first differing line.
//!
//! To accept new output after an intended change, rewrite the files and review the diff:
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test export_snapshots
//! git diff tests/snapshots/
//! ```

use docshape::advisor::analyze;
use docshape::export::{examples, mongosh, schema, sheet, synthetic, Builder, Flavor};
use docshape::i18n::Lang;
use docshape::model::{load, Model};
use docshape::share::{review_markdown, Diagram, ReportOptions};
use std::path::PathBuf;

fn bibliored() -> Model {
    load(include_str!("../public/templates/bibliored.json")).expect("the template loads")
}

fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!("{} is missing: run UPDATE_SNAPSHOTS=1 cargo test --test export_snapshots", path.display())
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} changed at line {}:\n  expected: {:?}\n  actual:   {:?}\n(UPDATE_SNAPSHOTS=1 to accept)",
            line + 1,
            expected.lines().nth(line).unwrap_or("<end>"),
            actual.lines().nth(line).unwrap_or("<end>")
        );
    }
}

#[test]
fn examples_in_mongosh_syntax() {
    let model = bibliored();
    check("bibliored.examples.js", &examples::render_shell(&examples::examples(&model)));
}

#[test]
fn examples_as_relaxed_extended_json() {
    let model = bibliored();
    check("bibliored.examples.relaxed.json", &examples::render_ejson(&examples::examples(&model), Flavor::Relaxed));
}

#[test]
fn examples_as_canonical_extended_json() {
    let model = bibliored();
    check("bibliored.examples.canonical.json", &examples::render_ejson(&examples::examples(&model), Flavor::Canonical));
}

#[test]
fn validators() {
    let model = bibliored();
    check("bibliored.validators.json", &schema::render_json(&schema::validators(&Builder::new(&model))));
}

#[test]
fn mongosh_script() {
    let model = bibliored();
    check("bibliored.mongosh.js", &mongosh::script(&model, &analyze(&model).indexes, Lang::En));
}

#[test]
fn decision_sheets() {
    let model = bibliored();
    check("bibliored.sheets.md", &sheet::sheets(&model, &analyze(&model), Lang::En));
}

#[test]
fn decision_sheets_in_spanish_and_portuguese() {
    let model = bibliored();
    let report = analyze(&model);
    check("bibliored.sheets.es.md", &sheet::sheets(&model, &report, Lang::Es));
    check("bibliored.sheets.pt.md", &sheet::sheets(&model, &report, Lang::Pt));
}

#[test]
fn mongosh_script_commented_in_spanish_and_portuguese() {
    let model = bibliored();
    let report = analyze(&model);
    let en = mongosh::script(&model, &report.indexes, Lang::En);
    for (lang, name) in [(Lang::Es, "bibliored.mongosh.es.js"), (Lang::Pt, "bibliored.mongosh.pt.js")] {
        let script = mongosh::script(&model, &report.indexes, lang);
        // Only the comments change: the code lines are the same, in the same order.
        let code = |s: &str| {
            s.lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .map(|l| l.split(" //").next().unwrap_or(l).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(code(&script), code(&en), "{name}: the code differs from the English script's");
        check(name, &script);
    }
}

fn review(lang: Lang) -> String {
    let model = bibliored();
    let opts = ReportOptions { diagram: Diagram::File("bibliored.svg".into()), lang, ..ReportOptions::default() };
    review_markdown(&model, &analyze(&model), &opts)
}

#[test]
fn review_report_in_three_languages() {
    check("bibliored.review.md", &review(Lang::En));
    check("bibliored.review.es.md", &review(Lang::Es));
    check("bibliored.review.pt.md", &review(Lang::Pt));
}

#[test]
fn synthetic_lines() {
    let model = bibliored();
    let builder = Builder::new(&model);
    let mut out = Vec::new();
    for entity in ["material", "resena", "actividad"] {
        synthetic::write_ndjson(&builder, entity, 42, 5, Flavor::Relaxed, &mut out, &mut |_, _, _| {}).unwrap();
    }
    check("bibliored.synthetic.ndjson", &String::from_utf8(out).unwrap());
}
