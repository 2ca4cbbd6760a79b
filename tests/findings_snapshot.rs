//! Snapshots of the findings (code, severity, rule, place) of the reference designs.
//!
//! They pin the codes this branch owns (DS0xx structure, DS1xx relations, DS5xx patterns),
//! so rules in other ranges (sizes, indexes, validation) can be added without touching this
//! file; widen `PINNED` once every range is in. A change here is a change in what the
//! advisor tells users: update the expected text on purpose, never to make a test pass.

use docshape::advisor::{analyze, Finding};
use docshape::model::{load, Place};

const PINNED: [&str; 3] = ["DS0", "DS1", "DS5"];

fn snapshot(template: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates").join(template);
    let model = load(&std::fs::read_to_string(path).expect("template")).expect("loads");
    let findings: Vec<Finding> = analyze(&model).findings;
    let mut lines: Vec<String> = findings
        .iter()
        .filter(|f| PINNED.iter().any(|p| f.code.starts_with(p)))
        .map(|f| format!("{} {} {} {}", f.code, f.severity.label(), f.rule, place(&f.place)))
        .collect();
    lines.sort();
    lines.join("\n")
}

fn place(p: &Place) -> String {
    match p {
        Place::Model => "model".into(),
        Place::Entity { id } => format!("entity:{id}"),
        Place::Field { entity, path } => format!("field:{entity}.{path}"),
        Place::Relation { id } => format!("relation:{id}"),
        Place::Query { id } => format!("query:{id}"),
    }
}

#[test]
fn bibliored_findings() {
    let expected = "DS106 info write-spans-aggregates query:W1";
    assert_eq!(snapshot("bibliored.json"), expected);
}

#[test]
fn orders_lookup_findings() {
    let expected = "\
DS102 warning storage-disagrees relation:pedido-itens
DS105 warning relational-in-disguise query:O1
DS106 warning write-spans-aggregates query:O4
DS503 info extended-reference-fits relation:cliente-pedidos";
    assert_eq!(snapshot("orders-lookup.json"), expected);
}

#[test]
fn the_other_reference_designs_are_clean_but_for_recorded_choices() {
    assert_eq!(snapshot("book-club.json"), "DS106 info write-spans-aggregates query:K4");
    for clean in ["orders.json", "sensor-day.json", "users-outlier.json", "users-versioning.json"] {
        assert_eq!(snapshot(clean), "", "{clean}");
    }
}
