//! No exported validator refuses a document the design implies (issue 33). For every design of
//! the gallery and a fixture with every kind of relation (tests/fixtures/relation-kinds.json:
//! embedded one and many, a reference held by the child named, unnamed and dotted into a
//! sub-document with an extended reference, the parent's array of ids, a subset, computed
//! values, a bucket, an outlier and a polymorphic collection), every collection is given the
//! strictest validator the design can have (`validate`, `additionalProperties: false`), and
//! its example documents and 25 generated ones, in relaxed and canonical Extended JSON, are
//! checked against it by a real JSON Schema
//! validator: Python's `jsonschema` with a real `bsonType` (tests/python/bson_schema.py, the
//! one pytest uses), from the project's `.venv`. A document with a field the design does not
//! have is refused, so the check is not empty.

use docshape::export::{ejson, examples, schema, synthetic, Builder, Flavor};
use docshape::model::{load, Model};
use std::path::{Path, PathBuf};
use std::process::Command;

const GENERATED: u64 = 25;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The gallery's designs and the fixture, by name.
fn designs() -> Vec<(String, Model)> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("public/templates"))
        .expect("the gallery")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths.push(root().join("tests/fixtures/relation-kinds.json"));
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let model = load(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_stem().unwrap().to_string_lossy().into_owned(), model)
        })
        .collect()
}

/// Every collection validated, with no field beyond the design's.
fn strictest(mut m: Model) -> Model {
    for e in &mut m.entities {
        e.collection.validate = true;
        e.collection.additional_properties = false;
    }
    m
}

/// One line for the checker: the document in relaxed and in canonical Extended JSON.
fn lines(collection: &str, expect: &str, doc: &docshape::export::Doc) -> String {
    let name = serde_json::to_string(collection).unwrap();
    [(Flavor::Relaxed, "relaxed"), (Flavor::Canonical, "canonical")]
        .into_iter()
        .map(|(flavor, label)| {
            let mut text = String::new();
            ejson::write_doc_line(&mut text, doc, flavor);
            format!("{{\"collection\": {name}, \"expect\": \"{expect}\", \"flavor\": \"{label}\", \"doc\": {text}}}\n")
        })
        .collect()
}

/// The checker's output for one design: (documents checked, its report).
fn check(name: &str, m: &Model, dir: &Path) -> (usize, String) {
    let builder = Builder::new(m);
    let validators = schema::validators(&builder);
    let mut out = String::new();
    for c in examples::examples_with(&builder) {
        assert!(validators.iter().any(|v| v.collection == c.collection), "{name}: {} has no validator", c.collection);
        for example in &c.examples {
            out.push_str(&lines(&c.collection, "pass", &example.doc));
        }
        for doc in synthetic::documents(&builder, &c.entity, 7, GENERATED).expect("a collection") {
            out.push_str(&lines(&c.collection, "pass", &doc));
        }
        // The same example with a field no part of the design has: refused.
        if let Some(first) = c.examples.first() {
            let extra = first.doc.clone().with("__not_in_the_design", docshape::export::Bson::word("x"));
            out.push_str(&lines(&c.collection, "fail", &extra));
        }
    }
    let validators_path = dir.join(format!("{name}.validators.json"));
    let documents_path = dir.join(format!("{name}.documents.jsonl"));
    std::fs::write(&validators_path, schema::render_json(&validators)).unwrap();
    std::fs::write(&documents_path, out).unwrap();
    let python = root().join(".venv/bin/python");
    assert!(
        python.exists(),
        "{} is missing: this test needs the project's Python with pymongo and jsonschema (python3 -m venv .venv && .venv/bin/pip install -r tests/python/requirements.txt)",
        python.display()
    );
    let out = Command::new(&python)
        .arg(root().join("tests/python/check_documents.py"))
        .args([&validators_path, &documents_path])
        .current_dir(root().join("tests/python"))
        .output()
        .expect("python runs");
    let report = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{name}: {report}");
    let checked = report.lines().next().and_then(|l| l.strip_prefix("checked ")).and_then(|n| n.trim().parse().ok());
    (checked.unwrap_or_else(|| panic!("{name}: {report}")), report)
}

#[test]
fn no_validator_refuses_a_document_the_design_implies() {
    let dir = std::env::temp_dir().join(format!("docshape-validators-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let designs = designs();
    assert!(designs.len() >= 19, "the gallery and the fixture");
    for (name, m) in designs {
        let m = strictest(m);
        let collections = examples::examples(&m).len();
        let (checked, _) = check(&name, &m, &dir);
        assert!(checked >= 2 * collections * (GENERATED as usize + 2), "{name}: only {checked} documents checked");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_fixture_has_every_kind_of_relation() {
    use docshape::model::Storage;
    let m = designs().pop().expect("the fixture").1;
    let r = |id: &str| m.relations.iter().find(|r| r.id == id).unwrap_or_else(|| panic!("{id}"));
    assert_eq!((r("customer-address").storage, r("customer-address").cardinality.max), (Storage::Embed, Some(1)));
    assert_eq!(r("customer-profile").storage, Storage::Embed);
    assert_eq!(r("customer-orders").reference.child_field.as_deref(), Some("customer._id"));
    assert!(!r("customer-orders").extended.is_empty());
    assert!(r("customer-order-ids").reference.parent_field.is_some());
    assert!(r("customer-tickets").reference.child_field.is_none(), "a reference that names no field");
    assert!(r("tag-tickets").cardinality.many_to_many && r("tag-tickets").reference.child_field.is_none());
    assert!(r("product-reviews").subset.is_some() && r("product-reviews").outlier.is_some());
    assert!(!r("order-lines").computed.is_empty());
    assert_eq!(r("sensor-readings").storage, Storage::Bucket);
    assert!(!m.entity("payment").unwrap().collection.variants.is_empty());
}

/// A many-to-many reference the child holds and does not declare: each ticket keeps the ids of
/// all its tags, so its example, its generated documents and its validator have an array of
/// the tags' ids (`tag_ids`), never a single id; the one-to-many reference beside it
/// (`customer_id`) stays one id.
#[test]
fn a_many_to_many_child_holds_an_array_of_its_parents_ids() {
    let m = strictest(designs().pop().expect("the fixture").1);
    let builder = Builder::new(&m);
    let tickets = examples::examples_with(&builder).into_iter().find(|c| c.entity == "ticket").expect("tickets");
    let mut text = String::new();
    ejson::write_doc_line(&mut text, &tickets.examples[0].doc, Flavor::Relaxed);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("Extended JSON");
    let tags = doc["tag_ids"].as_array().unwrap_or_else(|| panic!("an array of the tags' ids: {text}"));
    assert!(!tags.is_empty() && tags.iter().all(|t| t["$oid"].is_string()), "{text}");
    assert!(doc["customer_id"]["$oid"].is_string(), "one customer: {text}");
    let validators = schema::render_json(&schema::validators(&builder));
    let v: serde_json::Value = serde_json::from_str(&validators).expect("JSON");
    let text = v["tickets"]["validator"]["$jsonSchema"]["properties"].to_string();
    assert!(text.contains(r#""tag_ids":{"bsonType":"array""#), "the validator wants an array: {text}");
}
