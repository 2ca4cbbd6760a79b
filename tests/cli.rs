//! The `docshape` binary end to end: exit codes and the JSON findings of `check`.

use std::path::PathBuf;
use std::process::Command;

/// Writes `json` to a fresh file in the temp directory and returns its path.
fn model_file(name: &str, json: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, json).expect("write model");
    path
}

fn check(path: &std::path::Path, format: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(["check", path.to_str().expect("utf-8 path"), "--format", format])
        .output()
        .expect("run docshape");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A post that embeds its comments, 40 a day with no bound: past 16 MiB within five years.
const GROWING: &str = r#"{
  "format": "docshape", "formatVersion": 1, "name": "Blog",
  "entities": [
    { "id": "post", "name": "posts",
      "collection": { "validate": true, "schemaVersionField": "schema_v" },
      "fields": [ { "name": "_id", "type": "objectId" }, { "name": "schema_v", "type": "int" },
                  { "name": "title", "type": "string", "size": { "avgBytes": 60 } } ] },
    { "id": "comment", "name": "comments",
      "fields": [ { "name": "body", "type": "string", "size": { "avgBytes": 300 } } ] }
  ],
  "relations": [
    { "id": "post-comments", "parent": "post", "child": "comment", "storage": "embed", "field": "comments",
      "cardinality": { "typical": 20, "growthPerDay": 40 } }
  ]
}"#;

const CLEAN: &str = r#"{
  "format": "docshape", "formatVersion": 1, "name": "Shop",
  "entities": [
    { "id": "order", "name": "orders",
      "collection": { "validate": true, "schemaVersionField": "schema_v" },
      "fields": [ { "name": "_id", "type": "objectId" }, { "name": "schema_v", "type": "int" },
                  { "name": "status", "type": "string", "constraints": { "enum": ["pending", "paid"] } },
                  { "name": "total", "type": "decimal" } ] }
  ],
  "queries": [
    { "id": "Q1", "name": "Order by id", "entity": "order", "filters": [ { "field": "_id" } ], "perMinute": 100 }
  ]
}"#;

#[test]
fn an_error_level_finding_exits_1_and_lists_stable_codes() {
    let path = model_file("growing.json", GROWING);
    let (code, stdout) = check(&path, "json");
    assert_eq!(code, 1, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON output");
    let codes: Vec<&str> =
        json["findings"].as_array().expect("findings").iter().filter_map(|f| f["code"].as_str()).collect();
    assert!(codes.contains(&"DS202"), "{codes:?}");
    let size = &json["findings"].as_array().expect("findings").iter().find(|f| f["code"] == "DS202").expect("DS202")
        ["severity"];
    assert_eq!(size, "error");
    assert_eq!(json["sizes"][0]["entity"], "post");
    assert_eq!(json["sizes"][0]["level"], "overLimit");
    let (code, human) = check(&path, "human");
    assert_eq!(code, 1);
    assert!(human.contains("DOCUMENT SIZES") && human.contains("in 5 years at 40 comments/day"), "{human}");
}

#[test]
fn a_clean_model_exits_0() {
    let path = model_file("clean.json", CLEAN);
    let (code, stdout) = check(&path, "json");
    assert_eq!(code, 0, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON output");
    assert_eq!(json["findings"].as_array().map(Vec::len), Some(0), "{stdout}");
    assert_eq!(json["queries"][0]["singleDocument"], true);
    let (code, human) = check(&path, "human");
    assert_eq!(code, 0);
    assert!(human.contains("Shop: 0 errors, 0 warnings, 0 notes"), "{human}");
}

#[test]
fn the_bibliored_template_has_no_errors() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/templates/bibliored.json");
    let (code, stdout) = check(&path, "human");
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("{ dia: 1 } (expireAfterSeconds: 63072000)"), "{stdout}");
}

fn rules(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).arg("rules").args(args).output().expect("run docshape");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn rules_print_in_the_language_asked_for() {
    let (code, en, _) = rules(&[]);
    assert_eq!(code, 0);
    assert_eq!(en, docshape::advisor::rules_markdown(), "English is the default");
    for (lang, heading) in [("es", "### Por qué es un problema"), ("pt", "### Por que é um problema")] {
        let (code, md, _) = rules(&["--lang", lang]);
        assert_eq!(code, 0);
        assert!(md.contains(heading) && !md.contains("### Why is this bad?"), "{lang}");
        let (code, json, _) = rules(&["--lang", lang, "--format", "json"]);
        assert_eq!(code, 0);
        let rules: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let list = rules.as_array().expect("an array of rules");
        assert_eq!(list.len(), docshape::advisor::RULES.len());
        let ds101 = list.iter().find(|r| r["code"] == "DS101").expect("DS101 listed");
        assert_eq!(ds101["lang"], lang);
        let docs = ds101["docs"].as_str().unwrap_or_default();
        assert!(docs.starts_with(&format!("## {}", if lang == "es" { "Qué hace" } else { "O que faz" })), "{docs}");
        assert!(docs.contains("`BSONObjectTooLarge`"));
        let summary = ds101["summary"].as_str().unwrap_or_default();
        assert!(!summary.is_empty() && docs.contains(summary) && !summary.contains("##"));
    }
    let (code, _, err) = rules(&["--lang", "fr"]);
    assert_eq!(code, 2, "an unknown language is a usage error");
    assert!(err.contains("--lang must be one of en, es, pt"), "{err}");
}
