//! The index options of format 4 (`tests/fixtures/index-options.json`: unique, TTL, sparse, a
//! partial filter with a hostile field name, collation, hidden, a name, hashed, text, 2dsphere
//! and wildcard keys) survive a save and a load, an older file's indexes load unchanged, and the
//! exports carry them: the mongosh script's `createIndex` and the Mongoose module's
//! `schema.index` pass `node --check`, and the script, run under node against a recording `db`
//! (`hostile/mongosh_stub.cjs`), creates each index with exactly the model's options, the
//! hostile name a key of the partial filter and nothing else. The node part is skipped, with a
//! message saying so, only when `node` is not installed.

use docshape::advisor::analyze;
use docshape::export::code::{generate, Target};
use docshape::export::mongosh::script;
use docshape::i18n::Lang;
use docshape::model::{load, IndexSpec, KeyKind, Model};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture() -> Model {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/index-options.json");
    load(&std::fs::read_to_string(path).expect("fixture")).expect("loads")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/output/index-options");
    std::fs::create_dir_all(&dir).expect("output dir");
    dir.join(name)
}

fn node() -> bool {
    let found = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("index_options: node is not installed; the node checks are skipped");
    }
    found
}

#[test]
fn index_options_are_read_and_written_back_unchanged() {
    let m = fixture();
    let indexes = &m.entities[0].collection.indexes;
    assert_eq!(indexes.len(), 7);
    let email = &indexes[0];
    assert!(email.unique && email.name == "email_active");
    assert_eq!(email.collation.as_ref().and_then(|c| c.strength), Some(2));
    let filter = email.partial_filter_expression.as_ref().expect("a partial filter");
    assert_eq!(filter["status"], "active");
    assert!(filter.as_object().is_some_and(|o| o.contains_key("__proto__")), "a key like any other");
    assert_eq!(indexes[1].ttl_seconds, Some(86_400), "read under MongoDB's name, expireAfterSeconds");
    assert!(indexes[2].sparse && indexes[2].hidden && indexes[2].keys[0].dir == -1);
    let kinds: Vec<Option<KeyKind>> = indexes[3..6].iter().map(|i| i.keys[0].kind).collect();
    assert_eq!(kinds, [Some(KeyKind::Hashed), Some(KeyKind::Text), Some(KeyKind::Sphere2d)]);
    assert_eq!(indexes[6].keys[0].wildcard_path(), Some("attributes"));
    let saved = m.to_json();
    assert!(saved.contains("\"ttlSeconds\": 86400") || saved.contains("\"ttlSeconds\":86400"), "saved as ttlSeconds");
    assert!(saved.contains("\"type\": \"2dsphere\"") || saved.contains("\"type\":\"2dsphere\""));
    let again = load(&saved).expect("the saved file loads");
    assert_eq!(again, m, "write then read back: the same model");
}

#[test]
fn an_older_file_means_what_it_meant() {
    let v3 = r#"{"format":"docshape","formatVersion":3,"name":"old","entities":[{"id":"a","name":"a",
        "fields":[{"name":"x","type":"string"}],
        "collection":{"indexes":[{"keys":[{"field":"x","dir":-1}],"unique":true,"ttlSeconds":60}]}}]}"#;
    let m = load(v3).expect("a format 3 file loads");
    let index = &m.entities[0].collection.indexes[0];
    let plain = IndexSpec { unique: true, ttl_seconds: Some(60), ..IndexSpec::new(&[("x", -1)]) };
    assert_eq!(index, &plain, "no option it did not state");
    let saved: Value = serde_json::from_str(&m.to_json()).expect("JSON");
    let index = &saved["entities"][0]["collection"]["indexes"][0];
    let members: Vec<&String> = index.as_object().expect("an object").keys().collect();
    assert_eq!(members, ["keys", "ttlSeconds", "unique"], "no unstated option is written");
    assert_eq!(index["keys"], json!([{ "field": "x", "dir": -1 }]));
}

#[test]
fn the_mongosh_script_creates_each_index_with_its_options() {
    let m = fixture();
    let report = analyze(&m);
    let js = script(&m, &report.indexes, Lang::En);
    let creates: Vec<&str> = js.lines().filter(|l| l.starts_with("db.users.createIndex(")).collect();
    let has = |want: &str| creates.iter().any(|l| l.contains(want));
    assert!(has("createIndex({ seen_at: 1 }, { expireAfterSeconds: 86400 });"), "{creates:#?}");
    assert!(has("createIndex({ nickname: -1 }, { sparse: true, hidden: true });"), "{creates:#?}");
    assert!(has("createIndex({ account_no: \"hashed\" });"), "{creates:#?}");
    assert!(has("createIndex({ bio: \"text\" });") && has("createIndex({ home: \"2dsphere\" });"));
    assert!(has("createIndex({ \"attributes.$**\": 1 });"), "{creates:#?}");
    let email = creates.iter().find(|l| l.contains("email_active")).expect("the partial index");
    assert!(email.contains("unique: true") && email.contains("collation: { locale: \"en\", strength: 2 }"));
    assert!(email.contains("[\"__proto__\"]: { $gt: 0 }"), "__proto__ stays a key: {email}");
    assert!(!email.contains('\u{2028}'), "the line separator is escaped: {email}");
    if !node() {
        return;
    }
    let file = scratch("script.js");
    std::fs::write(&file, &js).expect("write");
    let check = Command::new("node").arg("--check").arg(&file).output().expect("node");
    assert!(check.status.success(), "node --check: {}", String::from_utf8_lossy(&check.stderr));
    // Run under the recording stub: each createIndex gets exactly the model's options.
    let pwned = Path::new("/tmp/docshape_hostile_pwned");
    let _ = std::fs::remove_file(pwned);
    let stub = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/mongosh_stub.cjs");
    let out = Command::new("node").arg(stub).arg(&file).output().expect("run node");
    let result: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("no JSON from the stub ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    assert!(result.get("error").is_none(), "the script threw: {}", result["error"]);
    assert!(!pwned.exists(), "a payload ran");
    let calls = result["calls"].as_array().expect("calls");
    assert!(!calls.iter().any(|c| c["method"] == "require"), "no require");
    let created = |name: &str| {
        calls.iter().find(|c| c["method"] == "createIndex" && c["args"][1]["name"] == name).cloned().expect(name)
    };
    let email = created("email_active");
    let declared = &m.entities[0].collection.indexes[0];
    assert_eq!(email["args"][0], json!({ "email": 1 }));
    assert_eq!(
        email["args"][1]["partialFilterExpression"],
        declared.partial_filter_expression.clone().expect("filter"),
        "the partial filter arrives as the model states it, the hostile name a key"
    );
    assert_eq!(email["args"][1]["collation"], json!({ "locale": "en", "strength": 2 }));
}

#[test]
fn the_mongoose_module_declares_each_index_with_its_options() {
    let m = fixture();
    let module = generate(&m, Target::Mongoose, Lang::En);
    assert!(module.contains("UsersSchema.index({ seen_at: 1 }, { expireAfterSeconds: 86400 });"), "{module}");
    assert!(module.contains("UsersSchema.index({ account_no: \"hashed\" });"));
    let email = module.lines().find(|l| l.contains("email_active")).expect("the partial index");
    assert!(email.contains("partialFilterExpression: {") && email.contains("[\"__proto__\"]: { $gt: 0 }"), "{email}");
    let model_at = module.find("mongoose.model(").expect("a model");
    assert!(module.find("Schema.index(").is_some_and(|at| at < model_at), "indexes are declared before the model");
    if !node() {
        return;
    }
    let file = scratch("mongoose.mjs");
    std::fs::write(&file, &module).expect("write");
    let check = Command::new("node").arg("--check").arg(&file).output().expect("node");
    assert!(check.status.success(), "node --check: {}", String::from_utf8_lossy(&check.stderr));
}
