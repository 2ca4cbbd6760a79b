//! The public corpus: textbook cases from outside the course material (MongoDB's schema-design
//! guidance), each a model with what an experienced modeler expects of the advice and the
//! public page it comes from. One file per case in `tests/corpus/` (`NN-name.json`):
//!
//! ```json
//! { "source": "page title", "notes": "why, and where two answers are allowed",
//!   "model": { …a docshape model file… },
//!   "expected": {
//!     "relations":  { "rel-id": ["referenceFromChild", "bucket"] },   // any of these verdicts
//!     "classes":    { "rel-id": "oneToSquillions" },
//!     "patterns":   [ { "kind": "bucket", "at": "rel-id", "inUse": false, "mentions": ["hour"] },
//!                     { "anyOf": ["subset", "bucket"], "at": "rel-id" } ],
//!     "noPatterns": [ { "kind": "subset", "at": "rel-id" } ],
//!     "exclusive":  [ { "kinds": ["subset", "bucket"], "at": "rel-id" } ],  // at most one
//!     "findings":   [ { "code": "DS101", "at": "rel-id", "mentions": ["…"] } ],
//!     "noFindings": [ { "code": "DS204" }, { "code": "DS103", "at": "rel-id" } ],
//!     "noFixes":    [ { "code": "DS103", "kind": "setPropagation" } ],
//!     "indexes":    [ { "entity": "id", "keys": ["a", "-b"] } ] } }
//! ```
//!
//! `at` is the id of the element a pattern or finding points at (an entity, a relation, a
//! query; for a field, `entity.path`); `mentions` are words its English text must all contain,
//! `mentionsAny` words of which it must contain one.
//! The test prints a score per case (each expectation passes or fails) and fails if any does.

use docshape::advisor::{analyze, Report};
use docshape::model::{load, Place};
use serde_json::Value;

fn place_ids(place: &Place) -> Vec<String> {
    match place {
        Place::Model => vec![String::new()],
        Place::Entity { id } | Place::Relation { id } | Place::Query { id } => vec![id.to_string()],
        Place::Field { entity, path } => vec![format!("{entity}.{path}"), entity.to_string()],
    }
}

fn at_matches(want: &Value, place: &Place) -> bool {
    match want.get("at").and_then(Value::as_str) {
        Some(at) => place_ids(place).iter().any(|id| id == at),
        None => true,
    }
}

fn mentions(want: &Value, text: &str) -> bool {
    let words = |key: &str| want.get(key).map(strings).unwrap_or_default();
    let text = text.to_lowercase();
    let any = words("mentionsAny");
    words("mentions").iter().all(|w| text.contains(&w.to_lowercase()))
        && (any.is_empty() || any.iter().any(|w| text.contains(&w.to_lowercase())))
}

fn strings(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

fn camel(v: impl serde::Serialize) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// One expectation: its description and whether it holds.
type Check = (String, bool);

fn pattern_matches(report: &Report, want: &Value) -> bool {
    let kinds = want.get("anyOf").map(strings).unwrap_or_else(|| want.get("kind").map(strings).unwrap_or_default());
    report.patterns.iter().any(|p| {
        kinds.contains(&camel(p.pattern))
            && at_matches(want, &p.place)
            && want.get("inUse").and_then(Value::as_bool).is_none_or(|u| u == p.in_use)
            && mentions(want, &p.change.en())
    })
}

fn finding_matches(report: &Report, want: &Value) -> bool {
    let code = want.get("code").and_then(Value::as_str).unwrap_or_default();
    report.findings.iter().any(|f| {
        f.code == code
            && at_matches(want, &f.place)
            && mentions(want, &format!("{} {} {}", f.message.en(), f.why.en(), f.fix_hint.en()))
    })
}

fn checks(report: &Report, expected: &Value) -> Vec<Check> {
    let mut out = Vec::new();
    let list = |key: &str| expected.get(key).and_then(Value::as_array).cloned().unwrap_or_default();
    if let Some(verdicts) = expected.get("relations").and_then(Value::as_object) {
        for (id, accepted) in verdicts {
            let accepted = strings(accepted);
            let got = report.relation(id).map(|a| camel(a.recommendation)).unwrap_or_else(|| "none".into());
            out.push((format!("relation {id}: {got} in {accepted:?}"), accepted.contains(&got)));
        }
    }
    if let Some(classes) = expected.get("classes").and_then(Value::as_object) {
        for (id, want) in classes {
            let got = report.relation(id).map(|a| camel(a.class)).unwrap_or_else(|| "none".into());
            out.push((format!("class {id}: {got} = {want}"), want.as_str() == Some(got.as_str())));
        }
    }
    for want in list("patterns") {
        out.push((format!("pattern {want}"), pattern_matches(report, &want)));
    }
    for want in list("noPatterns") {
        out.push((format!("no pattern {want}"), !pattern_matches(report, &want)));
    }
    for want in list("exclusive") {
        let kinds = want.get("kinds").map(strings).unwrap_or_default();
        let found = kinds
            .iter()
            .filter(|k| report.patterns.iter().any(|p| &camel(p.pattern) == *k && at_matches(&want, &p.place)))
            .count();
        out.push((format!("at most one of {want}"), found <= 1));
    }
    for want in list("findings") {
        out.push((format!("finding {want}"), finding_matches(report, &want)));
    }
    for want in list("noFindings") {
        out.push((format!("no finding {want}"), !finding_matches(report, &want)));
    }
    for want in list("noFixes") {
        let code = want.get("code").and_then(Value::as_str).unwrap_or_default();
        let kind = want.get("kind").and_then(Value::as_str).unwrap_or_default();
        let found = report.findings.iter().filter(|f| f.code == code || code.is_empty()).any(|f| {
            let fix = f.fix.as_ref().and_then(|x| serde_json::to_value(x).ok()).unwrap_or(Value::Null);
            fix.get("kind").and_then(Value::as_str) == Some(kind)
        });
        out.push((format!("no fix {want}"), !found));
    }
    for want in list("indexes") {
        let entity = want.get("entity").and_then(Value::as_str).unwrap_or_default();
        let keys = want.get("keys").map(strings).unwrap_or_default();
        let found = report.indexes.iter().filter(|i| i.entity == entity).any(|i| {
            let spec = serde_json::to_value(&i.index).unwrap_or(Value::Null);
            let got: Vec<String> = spec
                .get("keys")
                .and_then(Value::as_array)
                .map(|ks| {
                    ks.iter()
                        .map(|k| {
                            let field = k.get("field").and_then(Value::as_str).unwrap_or_default();
                            let dir = k.get("dir").and_then(Value::as_i64).unwrap_or(1);
                            if dir < 0 {
                                format!("-{field}")
                            } else {
                                field.to_string()
                            }
                        })
                        .collect()
                })
                .unwrap_or_default();
            got == keys
        });
        out.push((format!("index on {entity} {keys:?}"), found));
    }
    out
}

#[test]
fn public_corpus_cases_get_the_expected_advice() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the corpus has {} cases, at least 30 expected", files.len());
    let (mut cases_passed, mut total, mut passed) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let case: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(case.get("source").and_then(Value::as_str).is_some_and(|s| !s.is_empty()), "{name}: no source");
        // A model the build cannot load fails every expectation of its case.
        let results = match load(&case["model"].to_string()) {
            Ok(model) => checks(&analyze(&model), &case["expected"]),
            Err(e) => checks(&Report::default(), &case["expected"])
                .into_iter()
                .map(|(what, _)| (format!("{what} (the model does not load: {e})"), false))
                .collect(),
        };
        assert!(!results.is_empty(), "{name}: no expectations");
        let ok = results.iter().filter(|(_, ok)| *ok).count();
        println!("{name}: {ok}/{} {}", results.len(), if ok == results.len() { "pass" } else { "FAIL" });
        for (what, holds) in &results {
            println!("    [{}] {what}", if *holds { "ok" } else { "FAIL" });
            if !holds {
                failures.push(format!("{name}: {what}"));
            }
        }
        total += results.len();
        passed += ok;
        cases_passed += usize::from(ok == results.len());
    }
    println!("corpus: {cases_passed}/{} cases pass, {passed}/{total} expectations", files.len());
    assert!(failures.is_empty(), "{} expectations fail:\n{}", failures.len(), failures.join("\n"));
}
