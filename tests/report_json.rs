//! The JSON report (`docshape check --format json`) is the product's API: BiblioRed's report is
//! pinned in `tests/snapshots/` in English and Spanish, so any change to what scripts read is
//! seen in review. The schema validation of every template's report lives in
//! `tests/python/test_report_schema.py`.
//!
//! To accept an intended change (and, if it is not an addition, increment `REPORT_VERSION`):
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test report_json
//! git diff tests/snapshots/
//! ```

use docshape::advisor::analyze;
use docshape::advisor::report_json::{json_report_text, REPORT_VERSION};
use docshape::i18n::Lang;
use docshape::model::{load, Model};
use serde_json::Value;
use std::path::PathBuf;

fn template(name: &str) -> Model {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/templates").join(name);
    load(&std::fs::read_to_string(path).expect("template")).expect("the template loads")
}

fn json(model: &Model, lang: Lang) -> String {
    json_report_text(model, &analyze(model), lang)
}

fn check(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, actual).expect("tests/snapshots is writable");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!("{} is missing: run UPDATE_SNAPSHOTS=1 cargo test --test report_json", path.display())
    });
    if expected != actual {
        let line = expected.lines().zip(actual.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{name} changed at line {}:\n  expected: {:?}\n  actual:   {:?}\n(UPDATE_SNAPSHOTS=1 to accept)",
            line + 1,
            expected.lines().nth(line).unwrap_or_default(),
            actual.lines().nth(line).unwrap_or_default()
        );
    }
}

#[test]
fn biblioreds_report_is_pinned() {
    let model = template("bibliored.json");
    check("bibliored.report.json", &json(&model, Lang::En));
    check("bibliored.report.es.json", &json(&model, Lang::Es));
}

/// Everything a machine matches on (codes, ids, enumerations, figures) is the same in every
/// language; only the sentences change, and they do change.
#[test]
fn only_the_sentences_follow_the_language() {
    const SENTENCES: [&str; 10] =
        ["message", "why", "fixHint", "placeLabel", "label", "reason", "summary", "change", "horizon", "explanation"];
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for key in SENTENCES {
                    map.remove(key);
                }
                map.remove("lang");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    for name in ["bibliored.json", "orders-lookup.json", "anti-unbounded-array.json"] {
        let model = template(name);
        let parse = |lang| serde_json::from_str::<Value>(&json(&model, lang)).expect("valid JSON");
        let (en, es, pt) = (parse(Lang::En), parse(Lang::Es), parse(Lang::Pt));
        assert_eq!(en["lang"], "en");
        assert_eq!(es["lang"], "es");
        assert_ne!(en["findings"][0]["message"], es["findings"][0]["message"], "{name}: the message is translated");
        assert_ne!(
            en["relations"][0]["criteria"][0]["reason"], pt["relations"][0]["criteria"][0]["reason"],
            "{name}: the reasons are translated"
        );
        let (mut en, mut es, mut pt) = (en, es, pt);
        strip(&mut en);
        strip(&mut es);
        strip(&mut pt);
        assert_eq!(en, es, "{name}");
        assert_eq!(en, pt, "{name}");
    }
}

#[test]
fn the_report_is_complete() {
    let model = template("bibliored.json");
    let report = analyze(&model);
    let v: Value = serde_json::from_str(&json(&model, Lang::En)).expect("valid JSON");
    assert_eq!(v["reportVersion"], REPORT_VERSION);
    for (member, len) in [
        ("relations", report.relations.len()),
        ("aggregates", report.aggregates.len()),
        ("spanningWrites", report.spanning_writes.len()),
        ("patterns", report.patterns.len()),
        ("sizes", report.sizes.len()),
        ("indexes", report.indexes.len()),
        ("queries", report.queries.len()),
    ] {
        assert_eq!(v[member].as_array().map(Vec::len), Some(len), "{member}");
        assert!(len > 0, "BiblioRed has {member}");
    }
    let placed: usize = v["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|e| if e["kind"] == "group" { e["places"].as_array().map_or(0, Vec::len) } else { 1 })
        .sum();
    assert_eq!(placed, report.findings.len(), "every finding is in the JSON once");
    let relation = &v["relations"][0];
    let criteria: Vec<&str> =
        relation["criteria"].as_array().expect("criteria").iter().filter_map(|c| c["criterion"].as_str()).collect();
    assert_eq!(criteria, ["cardinality", "readSeparately", "volatility", "size", "growth", "atomicity"]);
    assert!(relation["criteria"]
        .as_array()
        .expect("criteria")
        .iter()
        .all(|c| !c["reason"].as_str().unwrap_or("").is_empty()));
    let declared = v["patterns"].as_array().expect("patterns").iter().filter(|p| p["declared"] == true).count();
    assert!(declared > 0, "BiblioRed declares its subset, bucket and computed fields");
    let aggregate = v["aggregates"].as_array().expect("aggregates").iter().find(|a| a["collection"] == "catalogo");
    assert!(aggregate.is_some_and(|a| !a["members"].as_array().expect("members").is_empty()), "catalogo embeds");
}

/// Model strings travel as JSON strings: quotes, backslashes, control characters and markup
/// come back exactly as written.
#[test]
fn hostile_names_round_trip_as_plain_strings() {
    let hostile = "x\"}],\\\n<script>alert(1)</script>\u{7}";
    let mut model = template("orders-lookup.json");
    model.name = hostile.to_string();
    model.entities[0].name = hostile.to_string();
    let v: Value = serde_json::from_str(&json(&model, Lang::En)).expect("still valid JSON");
    assert_eq!(v["model"]["name"], hostile);
    let sizes = v["sizes"].as_array().expect("sizes");
    assert!(sizes.iter().any(|s| s["collection"] == hostile));
}

/// A collection that outgrows one replica set carries its shard key advice: the key, the six
/// criteria's reasons, the patterns it targets and those it sends everywhere, the figures.
#[test]
fn a_collection_that_outgrows_one_replica_set_carries_its_shard_key_advice() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scale/marketplace.json");
    let model = load(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v: Value = serde_json::from_str(&json(&model, Lang::En)).unwrap();
    let scale = v["scale"].as_array().expect("a scale member");
    assert_eq!(scale.len(), 1, "customers stay on one replica set: {scale:?}");
    let orders = &scale[0];
    assert_eq!((orders["collection"].as_str(), orders["needed"].as_bool()), (Some("orders"), Some(true)));
    assert_eq!(orders["keyDoc"], "{ customer_id: 1, _id: 1 }");
    let criteria: Vec<&str> =
        orders["reasons"].as_array().unwrap().iter().filter_map(|r| r["criterion"].as_str()).collect();
    assert_eq!(criteria, ["cardinality", "frequency", "growth", "reads", "writes", "balance"]);
    let ids = |member: &str| -> Vec<String> {
        orders[member].as_array().unwrap().iter().filter_map(|q| q.as_str().map(String::from)).collect()
    };
    // A customer's orders, an insert and the payment by customer and _id reach one shard; an
    // order by its number and the back office's status query go to every shard.
    assert_eq!(ids("targeted"), ["Q1", "Q3", "Q4"]);
    assert_eq!(ids("broadcast"), ["Q2", "Q5"]);
    // 2,000,000,000 orders and 2,000,000 more a day over the 5-year horizon.
    assert_eq!(orders["figures"]["documentsHorizon"].as_f64(), Some(5_650_000_000.0));
    // The gallery's designs stay on one replica set: no scale member.
    let biblio: Value = serde_json::from_str(&json(&template("bibliored.json"), Lang::En)).unwrap();
    assert!(biblio.get("scale").is_none());
}
