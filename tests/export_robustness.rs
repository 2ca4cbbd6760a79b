//! The exporters never panic on odd models: cycles, dangling ids, absurd figures, patterns they
//! cannot generate, enums of the wrong type. They still produce something sensible.

use docshape::advisor::analyze;
use docshape::export::{examples, mongosh, schema, sheet, synthetic, Bson, Builder, Flavor};
use docshape::i18n::Lang;
use docshape::model::load;

fn run_everything(text: &str) -> Vec<String> {
    let model = load(text).expect("loads");
    let builder = Builder::new(&model);
    let report = analyze(&model);
    let all = examples::examples_with(&builder);
    let _ = examples::render_shell(&all);
    let _ = examples::render_ejson(&all, Flavor::Canonical);
    let _ = schema::render_json(&schema::validators(&builder));
    let _ = mongosh::script_with(&builder, &report.indexes, Lang::En);
    let _ = sheet::sheets_with(&builder, &report, Lang::En);
    let mut lines = Vec::new();
    for e in builder.lookup.collections() {
        let mut out = Vec::new();
        synthetic::write_ndjson(&builder, &e.id, 1, 5, Flavor::Relaxed, &mut out, &mut |_, _, _| {}).unwrap();
        lines.extend(String::from_utf8(out).unwrap().lines().map(str::to_string));
    }
    lines
}

#[test]
fn odd_models_do_not_panic() {
    let text = r#"{
      "format": "docshape", "formatVersion": 1, "name": "odd",
      "entities": [
        { "id": "a", "name": "a", "collection": { "validate": true, "discriminator": "kind",
          "variants": [ { "value": "x", "share": 7 }, { "value": "y" } ] },
          "fields": [
            { "name": "code", "type": "string", "required": true, "constraints": { "pattern": "(?=look)ahead", "minLength": 4, "maxLength": 2 } },
            { "name": "n", "type": "int", "constraints": { "minimum": 10, "maximum": 1, "enum": ["not a number", 3] } },
            { "name": "huge", "type": "array", "items": "string", "constraints": { "minItems": 1000000000000 } },
            { "name": "text", "type": "string", "size": { "avgBytes": 999999999999 } },
            { "name": "rep", "type": "string", "constraints": { "pattern": "^a{4000000000}$" } },
            { "name": "when", "type": "date", "example": "2026-02-30T10:00:00.12é" },
            { "name": "obj", "type": "object" }
          ] },
        { "id": "b", "name": "b", "fields": [ { "name": "v", "type": "long" } ] },
        { "id": "c", "name": "c", "fields": [] }
      ],
      "relations": [
        { "id": "r1", "parent": "b", "child": "c", "storage": "embed", "cardinality": { "typical": 3 } },
        { "id": "r2", "parent": "c", "child": "b", "storage": "embed", "cardinality": { "typical": 2, "max": 4 } },
        { "id": "r3", "parent": "a", "child": "ghost", "storage": "reference", "subset": { "field": "s", "size": 4000000000 },
          "cardinality": { "typical": 1e300, "outliers": { "share": 1.0, "max": 18446744073709551615 } } },
        { "id": "r4", "parent": "ghost", "child": "a", "storage": "bucket", "reference": { "childField": "p.q" },
          "bucket": { "arrayField": "ev", "period": "fortnight", "cap": 18446744073709551615, "idScheme": "{unclosed" } }
      ]
    }"#;
    let lines = run_everything(text);
    assert!(!lines.is_empty());
}

#[test]
fn empty_model_exports_nothing_without_failing() {
    assert!(run_everything(r#"{"format":"docshape","formatVersion":1,"name":"empty"}"#).is_empty());
}

#[test]
fn every_template_exports() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) == Some("json") {
            let lines = run_everything(&std::fs::read_to_string(&path).unwrap());
            assert!(!lines.is_empty(), "{}", path.display());
        }
    }
    let _ = Bson::Null;
}
