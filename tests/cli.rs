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
    assert_eq!(codes[0], "DS101", "the error that matters most comes first: {codes:?}");
    assert!(codes.contains(&"DS202"), "{codes:?}");
    let size = &json["findings"].as_array().expect("findings").iter().find(|f| f["code"] == "DS202").expect("DS202")
        ["severity"];
    assert_eq!(size, "error");
    assert_eq!(json["sizes"][0]["entity"], "post");
    assert_eq!(json["sizes"][0]["level"], "overLimit");
    let (code, human) = check(&path, "human");
    assert_eq!(code, 1);
    assert!(human.contains("DOCUMENT SIZES") && human.contains("in 5 years at 40 comments/day"), "{human}");
    assert_eq!(json["reportVersion"], 2);
    assert_eq!(json["summary"]["exitCode"], 1);
    assert_eq!(json["relations"][0]["recommendation"], "referenceFromChild", "{stdout}");
}

/// A fresh design's routine findings (no validator, no schema version on every collection)
/// come after the findings about this design, one entry per code listing its places.
#[test]
fn routine_findings_come_last_and_grouped() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/templates/orders-lookup.json");
    let (_, human) = check(&path, "human");
    let warnings = human.split("WARNING (6)\n").nth(1).and_then(|s| s.split("\n\n").next()).expect("warnings");
    let codes: Vec<&str> = warnings.lines().filter(|l| l.starts_with("  DS")).map(|l| &l[2..7]).collect();
    assert_eq!(codes.len(), 4, "three findings and one group: {warnings}");
    assert_eq!(codes[3], "DS401", "{warnings}");
    assert!(
        warnings.contains(
            "  DS401 no-validator no $jsonSchema validator, on 3 places: pedidos, itens and clientes\n      [pedidos]"
        ),
        "{warnings}"
    );
    let (_, stdout) = check(&path, "json");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON output");
    let kinds: Vec<(&str, &str)> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|e| (e["kind"].as_str().unwrap_or(""), e["code"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(kinds[3], ("group", "DS401"), "{kinds:?}");
    assert_eq!(json["findings"][3]["places"].as_array().map(Vec::len), Some(3));
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

fn docshape(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).args(args).output().expect("run docshape");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn rules(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["rules"];
    all.extend_from_slice(args);
    docshape(&all)
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
    assert!(err.contains("invalid value 'fr' for '--lang <LANG>'"), "{err}");
    assert!(err.contains("[possible values: en, es, pt]"), "{err}");
}

#[test]
fn lang_es_writes_the_human_output_and_the_json_sentences_in_spanish() {
    let path = model_file("growing-es.json", GROWING);
    let path = path.to_str().expect("utf-8 path");
    let (code, en, _) = docshape(&["check", path]);
    let (code_es, es, _) = docshape(&["check", path, "--lang", "es"]);
    assert_eq!((code, code_es), (1, 1), "the exit code does not depend on the language");
    assert!(en.contains("DOCUMENT SIZES (average") && en.ends_with("Blog: 2 errors, 0 warnings, 0 notes\n"), "{en}");
    assert!(es.contains("TAMAÑO DE LOS DOCUMENTOS (media / peor caso hoy"), "{es}");
    assert!(es.contains("ERRORES (2)\n  DS101 unbounded-array"), "{es}");
    assert!(es.ends_with("Blog: 2 errores, 0 avisos, 0 notas\n"), "{es}");
    assert!(!es.contains("DOCUMENT SIZES") && !es.contains(" errors, "), "{es}");
    // Sizes use the decimal comma in Spanish.
    let sizes = |s: &str| s.lines().find(|l| l.trim_start().starts_with("posts ")).map(str::to_string);
    let (size_en, size_es) = (sizes(&en).expect("a size line"), sizes(&es).expect("a size line"));
    assert!(size_en.contains(" MB") && size_en.contains('.'), "{size_en}");
    assert_eq!(
        size_es.split_whitespace().nth(1),
        size_en.split_whitespace().nth(1).map(|s| s.replace('.', ",")).as_deref()
    );

    let (_, json_en, _) = docshape(&["check", path, "--format", "json"]);
    let (_, json_es, _) = docshape(&["check", path, "--format", "json", "--lang", "es"]);
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).expect("JSON output");
    let (json_en, json_es) = (parse(&json_en), parse(&json_es));
    assert_eq!((&json_en["lang"], &json_es["lang"]), (&"en".into(), &"es".into()));
    let first = |j: &serde_json::Value, key: &str| j["findings"][0][key].clone();
    assert_eq!(first(&json_en, "code"), first(&json_es, "code"), "codes do not depend on the language");
    assert_eq!(first(&json_en, "place"), first(&json_es, "place"));
    assert_ne!(first(&json_en, "message"), first(&json_es, "message"), "sentences follow --lang");
}

#[test]
fn export_and_report_take_lang_and_reject_unknown_languages() {
    let bibliored = concat!(env!("CARGO_MANIFEST_DIR"), "/public/templates/bibliored.json");
    let (code, sheets, _) = docshape(&["export", bibliored, "--what", "sheets", "--lang", "pt"]);
    assert_eq!(code, 0);
    assert!(sheets.starts_with("# Fichas de decisão: BiblioRed\n"), "{}", &sheets[..80]);
    assert!(sheets.contains("**Raiz do agregado:** `material` (coleção `catalogo`)."), "{sheets}");
    let (_, script, _) = docshape(&["export", bibliored, "--what", "mongosh", "--lang", "es"]);
    assert!(script.starts_with("// docshape: script de mongosh para el diseño \"BiblioRed\".\n"), "{}", &script[..80]);
    let (_, schema_en, _) = docshape(&["export", bibliored, "--what", "schema"]);
    let (_, schema_es, _) = docshape(&["export", bibliored, "--what", "schema", "--lang", "es"]);
    assert_eq!(schema_en, schema_es, "validators are machine-readable: the same in every language");
    let (code, report, _) = docshape(&["report", bibliored, "--lang", "es"]);
    assert_eq!(code, 0);
    assert!(report.starts_with("# Revisión del diseño: BiblioRed\n"), "{}", &report[..80]);
    assert!(report.contains("\n## Patrones de acceso\n") && report.contains("#### Ficha de decisión\n"), "{report}");

    for args in [
        vec!["check", bibliored, "--lang", "fr"],
        vec!["export", bibliored, "--what", "sheets", "--lang", "EN"],
        vec!["report", bibliored, "--lang", ""],
    ] {
        let (code, stdout, stderr) = docshape(&args);
        assert_eq!(code, 2, "{args:?}: {stdout}");
        assert!(stderr.contains("'--lang <LANG>'"), "{args:?}: {stderr}");
        assert!(stderr.contains("[possible values: en, es, pt]"), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: nothing is written on a bad --lang");
    }
    let (_, help, _) = docshape(&["help"]);
    assert!(help.contains("--lang en|es|pt") && help.contains("check --format json"), "{help}");
}

/// Customers and their orders, referenced from the order; the relation names no field.
const UNNAMED_REFERENCE: &str = r#"{
  "format": "docshape", "formatVersion": 1, "name": "Shop",
  "entities": [
    { "id": "cliente", "name": "clientes", "fields": [ { "name": "_id", "type": "objectId" } ] },
    { "id": "pedido", "name": "pedidos", "fields": [ { "name": "_id", "type": "objectId" } ] }
  ],
  "relations": [
    { "id": "cliente-pedidos", "parent": "cliente", "child": "pedido", "storage": "reference",
      "cardinality": { "typical": 12, "max": 500 }, "readSeparately": true }
  ]
}"#;

#[test]
fn check_warns_about_a_reference_that_names_no_field_with_the_default_name() {
    let path = model_file("unnamed-reference.json", UNNAMED_REFERENCE);
    let (_, text) = check(&path, "human");
    assert!(text.contains("DS112"), "{text}");
    assert!(
        text.contains("the reference clientes → pedidos names no field in pedidos: the exports will hold the parent's id in cliente_id"),
        "{text}"
    );
    let (_, stdout) = check(&path, "json");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON output");
    let ds112: Vec<&serde_json::Value> =
        json["findings"].as_array().expect("findings").iter().filter(|f| f["code"] == "DS112").collect();
    assert_eq!(ds112.len(), 1, "{stdout}");
    assert_eq!(ds112[0]["severity"], "warning");
    // Named, it is quiet.
    let named = UNNAMED_REFERENCE.replace(
        r#""storage": "reference","#,
        r#""storage": "reference", "reference": { "childField": "cliente_id" },"#,
    );
    let (_, text) = check(&model_file("named-reference.json", &named), "human");
    assert!(!text.contains("DS112"), "{text}");
}

#[test]
fn check_reports_an_access_pattern_whose_entity_is_empty() {
    let json = CLEAN.replace(r#""entity": "order""#, r#""entity": """#);
    let (code, text) = check(&model_file("empty-entity.json", &json), "human");
    assert_eq!(code, 1, "DS001 is an error: {text}");
    assert!(text.contains("DS001") && text.contains("it names the entity \"\", which does not exist"), "{text}");
}
