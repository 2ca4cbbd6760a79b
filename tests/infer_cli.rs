//! `docshape infer`: the model file, the summary on stderr, the exit code.

use std::process::Command;

fn sample(name: &str) -> String {
    format!("{}/tests/fixtures/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn infers_one_collection_per_file_and_reports_on_stderr() {
    let out = std::env::temp_dir().join(format!("docshape-infer-{}.json", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(["infer", &sample("seed004_pedidos.shell.txt"), &sample("malformed.ndjson"), "--out"])
        .arg(&out)
        .output()
        .expect("run docshape");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("collection \"seed004_pedidos\": 2 documents read as shell"), "{stderr}");
    assert!(stderr.contains("collection \"malformed\": 5 documents read as ndjson"), "{stderr}");
    assert!(stderr.contains("5 malformed documents or lines"), "{stderr}");
    assert!(stderr.contains("line 4, column 9"), "{stderr}");
    let text = std::fs::read_to_string(&out).expect("model written");
    let _ = std::fs::remove_file(&out);
    let model = docshape::model::load(&text).expect("a loadable model");
    let names: Vec<&str> = model.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["seed004_pedidos", "malformed"]);
    assert!(model.entity("seed004_pedidos").unwrap().field("itens.preco").is_some());
    assert!(docshape::model::check_structure(&model).is_empty());
}

#[test]
fn name_and_format_options() {
    let output = Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(["infer", &sample("seed000_usuarios.shell.txt"), "--name", "usuarios", "--format", "ejson"])
        .output()
        .expect("run docshape");
    let stderr = String::from_utf8_lossy(&output.stderr);
    // strict Extended JSON refuses mongosh syntax: every document is malformed, none inferred
    assert!(stderr.contains("collection \"usuarios\": 0 documents read as ejson"), "{stderr}");
    assert!(stderr.contains("--format shell"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
    let model = docshape::model::load(&String::from_utf8_lossy(&output.stdout)).expect("model on stdout");
    assert_eq!(model.entities[0].name, "usuarios");
}

#[test]
fn usage_errors() {
    let output = Command::new(env!("CARGO_BIN_EXE_docshape")).args(["infer"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output =
        Command::new(env!("CARGO_BIN_EXE_docshape")).args(["infer", "a", "b", "--name", "x"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = Command::new(env!("CARGO_BIN_EXE_docshape")).args(["infer", "x", "--format", "csv"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("invalid value 'csv' for '--format <FORMAT>'"), "{stderr}");
    assert!(stderr.contains("[possible values: auto, ndjson, ejson, shell]"), "{stderr}");
}

/// Prices written as plain JSON numbers are inferred as `double`, and the advisor then says
/// they hold money in binary floating point (DS404), naming the field; the course's orders,
/// written with `Decimal128` in mongosh syntax, are inferred as `decimal` and not flagged.
#[test]
fn prices_inferred_as_double_are_flagged_by_the_advisor() {
    let dir = std::env::temp_dir().join(format!("docshape-infer-money-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let samples = dir.join("products.ndjson");
    std::fs::write(
        &samples,
        "{\"_id\": 1, \"name\": \"mug\", \"price\": 19.99, \"weight_kg\": 0.4}\n\
         {\"_id\": 2, \"name\": \"cup\", \"price\": 7.5, \"weight_kg\": 0.25}\n",
    )
    .unwrap();
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_docshape")).args(args).output().expect("run docshape");
    let infer = run(&["infer", samples.to_str().unwrap()]);
    assert!(infer.status.success(), "{}", String::from_utf8_lossy(&infer.stderr));
    let model = docshape::model::load(&String::from_utf8_lossy(&infer.stdout)).expect("a loadable model");
    let products = model.entity("products").expect("the collection");
    assert_eq!(products.field("price").map(|f| f.bson_type), Some(docshape::model::BsonType::Double));
    let report = docshape::advisor::analyze(&model);
    let money: Vec<String> =
        report.findings.iter().filter(|f| f.code == "DS404").map(|f| format!("{:?}", f.place)).collect();
    assert_eq!(money.len(), 1, "{money:?}");
    assert!(money[0].contains("price"), "{money:?}");
    let _ = std::fs::remove_dir_all(&dir);

    let course = run(&["infer", &sample("seed004_pedidos.shell.txt")]);
    let model = docshape::model::load(&String::from_utf8_lossy(&course.stdout)).expect("a loadable model");
    let pedidos = model.entity("seed004_pedidos").unwrap();
    assert_eq!(pedidos.field("itens.preco").map(|f| f.bson_type), Some(docshape::model::BsonType::Decimal));
    assert!(docshape::advisor::analyze(&model).findings.iter().all(|f| f.code != "DS404"));
}

/// JSON has no date type: moments in plain JSON samples are inferred as strings, and the
/// advisor says so (DS405) for the fields whose names say they are moments; mongoexport's
/// Extended JSON (`{"$date": …}`) is inferred as dates and not flagged.
#[test]
fn moments_inferred_as_strings_are_flagged_by_the_advisor() {
    let dir = std::env::temp_dir().join(format!("docshape-infer-dates-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let infer = |name: &str, lines: &str| {
        let samples = dir.join(name);
        std::fs::write(&samples, lines).unwrap();
        let out =
            Command::new(env!("CARGO_BIN_EXE_docshape")).args(["infer", samples.to_str().unwrap()]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let model = docshape::model::load(&String::from_utf8_lossy(&out.stdout)).expect("a loadable model");
        let report = docshape::advisor::analyze(&model);
        report.findings.iter().filter(|f| f.code == "DS405").map(|f| format!("{:?}", f.place)).collect::<Vec<_>>()
    };
    let plain = infer(
        "sessions.ndjson",
        "{\"_id\": \"a\", \"createdAt\": \"2026-03-01T10:00:00Z\", \"user_agent\": \"Firefox\"}\n\
         {\"_id\": \"b\", \"createdAt\": \"2026-03-02T11:30:00Z\", \"user_agent\": \"Chromium\"}\n",
    );
    assert_eq!(plain.len(), 1, "{plain:?}");
    assert!(plain[0].contains("createdAt"), "{plain:?}");
    let exported = infer(
        "exported.json",
        "{\"_id\": \"a\", \"createdAt\": {\"$date\": \"2026-03-01T10:00:00Z\"}}\n\
         {\"_id\": \"b\", \"createdAt\": {\"$date\": \"2026-03-02T11:30:00Z\"}}\n",
    );
    assert!(exported.is_empty(), "{exported:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
