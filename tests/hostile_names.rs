//! Hostile names through every exporter and the review report. Every template is loaded, and
//! a hostile string put in every string slot of it (line breaks of every kind, `*/`,
//! `</script>`, quotes, backticks, `${}`, `<img onerror>`, `require("fs").writeFileSync(…)`,
//! bidirectional controls, very long names, emoji; see `hostile/rename.rs`). Then:
//!
//! - the mongosh script (in the three languages) and the mongosh examples pass `node --check`;
//! - running the script under node against recording stubs of `db` and the mongosh globals
//!   (`hostile/mongosh_stub.cjs`), then calling every function it defines, makes exactly the
//!   calls the original template's script makes, with the hostile names in place of the
//!   original ones, and nothing else: no `require`, and the file the payloads would write is
//!   never written;
//! - the Extended JSON examples parse, keyed by the hostile collection names as given;
//! - the decision sheets and the review report parse as GitHub Markdown with no raw HTML and
//!   the structure (headings, list items, tables) of the original's;
//! - the SVG parses as XML and shows each collection's name as text;
//! - the advisor (and `docshape check`) reports the dangerous names (DS002).
//!
//! The node part is skipped, with a message saying so, only when `node` is not installed.

#[path = "hostile/rename.rs"]
mod rename;

use docshape::advisor::{analyze, Report};
use docshape::escape::hazard::{name_hazard, visible};
use docshape::export::{examples, mongosh, sheet, Builder, Flavor};
use docshape::i18n::Lang;
use docshape::model::{load, Model};
use docshape::share::{diagram_svg, review_markdown, Diagram, ReportOptions, SvgOptions};
use pulldown_cmark::{Event, Options, Parser, Tag};
use rename::{hostile, Renamer, PWNED};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn templates() -> Vec<(String, Model)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    let mut all: Vec<(String, Model)> = std::fs::read_dir(&dir)
        .expect("templates folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("template");
            (p.file_name().unwrap().to_string_lossy().into_owned(), load(&text).expect("template loads"))
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(all.len() >= 10, "{} templates", all.len());
    all
}

fn node() -> Option<&'static str> {
    ["/usr/bin/node", "node"]
        .into_iter()
        .find(|n| Command::new(n).arg("--version").output().is_ok_and(|o| o.status.success()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

/// `node --check` on `source`; panics with node's message when it does not parse.
fn node_check(node: &str, label: &str, source: &str) {
    let file = scratch(&format!("{label}.js"));
    std::fs::write(&file, source).expect("write script");
    let out = Command::new(node).arg("--check").arg(&file).output().expect("run node");
    assert!(out.status.success(), "{label} does not parse:\n{}", String::from_utf8_lossy(&out.stderr));
}

/// Runs `source` under the recording stubs; returns the calls.
fn run(node: &str, label: &str, source: &str, call_functions: bool) -> Vec<Value> {
    let file = scratch(&format!("{label}.run.js"));
    std::fs::write(&file, source).expect("write script");
    let stub = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile/mongosh_stub.cjs");
    let mut cmd = Command::new(node);
    cmd.arg(stub).arg(&file);
    if call_functions {
        cmd.arg("--call-functions");
    }
    let out = cmd.output().expect("run node");
    let result: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{label}: no JSON from the stub ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    assert!(result.get("error").is_none(), "{label} threw: {}", result["error"]);
    result["calls"].as_array().expect("calls").clone()
}

/// `value` with every string and key mapped back to its original name.
fn original(r: &Renamer, value: &Value) -> Value {
    match value {
        Value::String(s) => Value::String(r.original(s)),
        Value::Array(items) => Value::Array(items.iter().map(|v| original(r, v)).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (r.original(k), original(r, v))).collect()),
        other => other.clone(),
    }
}

/// Where `a` and `b` first differ, as a path with both values.
fn difference(a: &Value, b: &Value, at: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().find_map(|k| match (x.get(k), y.get(k)) {
                (Some(p), Some(q)) => difference(p, q, format!("{at}.{k}")),
                (p, q) => Some(format!("{at}.{k}: {p:?} / {q:?}")),
            })
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (p, q))| difference(p, q, format!("{at}[{i}]")))
        }
        _ => (a != b).then(|| format!("{at}: {a} / {b}")),
    }
}

fn assert_nothing_ran(label: &str, calls: &[Value]) {
    for c in calls {
        assert!(c.get("global").is_none_or(|g| g != "require"), "{label}: a payload called require: {c}");
        assert!(c.get("unexpected_function").is_none(), "{label}: {c}");
    }
    assert!(!Path::new(PWNED).exists(), "{label}: a payload wrote {PWNED}");
}

/// Counts of the block structure of a Markdown text, and whether it holds raw HTML.
fn markdown_shape(label: &str, md: &str) -> [usize; 4] {
    let mut counts = [0; 4];
    for event in Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => panic!("{label} holds raw HTML {h:?}"),
            Event::Start(Tag::Heading { .. }) => counts[0] += 1,
            Event::Start(Tag::Item) => counts[1] += 1,
            Event::Start(Tag::Table(_)) => counts[2] += 1,
            Event::Start(Tag::CodeBlock(_)) => counts[3] += 1,
            _ => {}
        }
    }
    counts
}

fn markdown_outputs(model: &Model, report: &Report) -> Vec<(String, String)> {
    let builder = Builder::new(model);
    let mut out = Vec::new();
    for lang in Lang::ALL {
        out.push((format!("sheets.{}", lang.code()), sheet::sheets_with(&builder, report, lang)));
        let opts = ReportOptions { diagram: Diagram::File("review.svg".into()), share_url: None, lang };
        out.push((format!("review.{}", lang.code()), review_markdown(model, report, &opts)));
    }
    out
}

fn check_svg(label: &str, model: &Model, report: &Report) {
    let svg = diagram_svg(model, Some(report), &SvgOptions::default());
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{label}: the SVG is not XML: {e}"));
    let titles: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect();
    for e in model.collections() {
        let shown = visible(&e.name);
        assert!(titles.iter().any(|t| *t == shown), "{label}: no title {shown:?} in {titles:?}");
    }
    for n in doc.descendants() {
        assert!(!n.has_tag_name("script") && !n.has_tag_name("foreignObject"), "{label}: <{:?}>", n.tag_name());
        for a in n.attributes() {
            assert!(!a.name().starts_with("on"), "{label}: attribute {}", a.name());
        }
    }
}

#[test]
fn hostile_names_reach_every_output_as_text() {
    let node = node();
    if node.is_none() {
        println!("hostile_names: node is not installed: the scripts are neither parsed nor run (the Markdown, SVG and advisor checks still run)");
    }
    let _ = std::fs::remove_file(PWNED);
    let mut ran = 0;
    for (file, model) in templates() {
        let r = Renamer::new();
        let bad = hostile(&r, &model);
        let (report, bad_report) = (analyze(&model), analyze(&bad));

        // The mongosh script: parses in every language, and makes the original's calls.
        if let Some(node) = node {
            for lang in Lang::ALL {
                let script = mongosh::script(&bad, &bad_report.indexes, lang);
                node_check(node, &format!("{file}.mongosh.{}", lang.code()), &script);
            }
            let good = run(node, &format!("{file}.good"), &mongosh::script(&model, &report.indexes, Lang::En), true);
            let calls = run(node, &format!("{file}.bad"), &mongosh::script(&bad, &bad_report.indexes, Lang::Pt), true);
            assert_nothing_ran(&file, &calls);
            assert!(!good.is_empty(), "{file}: the original script makes no call");
            let mapped: Vec<Value> = calls.iter().map(|c| original(&r, c)).collect();
            let outline = |calls: &[Value]| -> Vec<String> {
                calls.iter().map(|c| format!("{} {} {}", c["db"], c["coll"], c["method"])).collect()
            };
            assert_eq!(
                outline(&mapped),
                outline(&good),
                "{file}: not the original's calls:\n{:#?}\n{:#?}",
                outline(&mapped),
                outline(&good)
            );
            for (i, (m, g)) in mapped.iter().zip(&good).enumerate() {
                if let Some(at) = difference(m, g, String::new()) {
                    panic!("{file}: call {i} differs from the original's at {at} (hostile call: {})", calls[i]);
                }
            }
            ran += 1;
        }

        // The examples: mongosh syntax parses and inserts into the hostile collections as named.
        let all = examples(&bad);
        let shell = examples::render_shell(&all);
        if let Some(node) = node {
            node_check(node, &format!("{file}.examples"), &shell);
            let calls = run(node, &format!("{file}.examples"), &shell, false);
            assert_nothing_ran(&format!("{file} examples"), &calls);
            let expected: Vec<&str> =
                all.iter().flat_map(|c| c.examples.iter().map(|_| c.collection.as_str())).collect();
            let got: Vec<&str> = calls.iter().map(|c| c["coll"].as_str().unwrap_or("?")).collect();
            assert_eq!(got, expected, "{file}: the examples insert elsewhere");
            assert!(calls.iter().all(|c| c["method"] == "insertOne"), "{file}: {calls:?}");
        }
        for flavor in [Flavor::Relaxed, Flavor::Canonical] {
            let json: Value = serde_json::from_str(&examples::render_ejson(&all, flavor)).expect("EJSON parses");
            let keys: Vec<&String> = json.as_object().expect("an object").keys().collect();
            for c in &all {
                assert!(keys.contains(&&c.collection), "{file}: {:?} missing from the EJSON", c.collection);
            }
        }

        // Sheets and report: no raw HTML, the original's structure.
        // The structure is compared without the findings: the hostile model has its own
        // (DS001, DS002), and longer names make larger documents, which changes the size
        // findings. The full outputs are read for HTML.
        let without_findings = |r: &Report| {
            let mut r = r.clone();
            r.findings.clear();
            r
        };
        let good_md = markdown_outputs(&model, &without_findings(&report));
        let comparable = markdown_outputs(&bad, &without_findings(&bad_report));
        for (label, md) in markdown_outputs(&bad, &bad_report) {
            markdown_shape(&format!("{file} {label}"), &md);
        }
        for ((label, md), (_, original_md)) in comparable.iter().zip(&good_md) {
            let label = format!("{file} {label}");
            if std::env::var_os("HOSTILE_DUMP").is_some() {
                std::fs::write(scratch(&format!("{label}.hostile.md")), md).expect("dump");
                std::fs::write(scratch(&format!("{label}.original.md")), original_md).expect("dump");
                eprintln!("dumped {label} to {}", scratch("").display());
            }
            assert_eq!(markdown_shape(&label, md), markdown_shape(&label, original_md), "{label}: structure changed");
        }

        check_svg(&file, &bad, &bad_report);

        // The advisor names each collection whose name is dangerous.
        for e in bad.collections().filter(|e| name_hazard(&e.name).is_some()) {
            let named = bad_report.findings.iter().any(|f| {
                f.code == "DS002" && matches!(&f.place, docshape::model::Place::Entity { id } if id.as_str() == e.id)
            });
            assert!(named, "{file}: no DS002 for collection {:?}", e.name);
        }
        assert!(!report.findings.iter().any(|f| f.code == "DS002"), "{file}: DS002 on the original template");
    }
    if node.is_some() {
        assert!(ran >= 10, "{ran} scripts run");
    }
}

#[test]
fn docshape_check_reports_dangerous_names() {
    let model = load(include_str!("../public/templates/bibliored.json")).expect("template");
    let bad = hostile(&Renamer::new(), &model);
    let path = scratch("hostile-bibliored.json");
    std::fs::write(&path, bad.to_json()).expect("write model");
    for format in ["json", "human"] {
        let out = Command::new(env!("CARGO_BIN_EXE_docshape"))
            .args(["check", path.to_str().expect("utf-8 path"), "--format", format])
            .output()
            .expect("run docshape");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.matches("DS002").count() >= 5, "{format}: {stdout}");
        if format == "human" {
            for c in ['\u{2028}', '\u{202e}', '\u{200b}'] {
                assert!(!stdout.contains(c), "check prints {c:?} as is");
            }
        }
    }
}

/// The sharding part of the script (issue 35) on the scale fixtures, whose collections the
/// advice shards (one with a tenant field and zones): with hostile collection, field and
/// value names it parses in every language, loads and runs `shard_cluster()` and
/// `zone_shards()` making the original's `sh` calls with the hostile names in place, and no
/// payload runs.
#[test]
fn hostile_names_reach_the_scale_sections_as_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scale");
    for file in ["marketplace.json", "tenants.json", "celebrity.json"] {
        let model = load(&std::fs::read_to_string(dir.join(file)).expect("fixture")).expect("fixture loads");
        let bad = hostile(&Renamer::new(), &model);
        let without_findings = |m: &Model| {
            let mut r = analyze(m);
            r.findings.clear();
            r
        };
        let (good_md, bad_md) =
            (markdown_outputs(&model, &without_findings(&model)), markdown_outputs(&bad, &without_findings(&bad)));
        for ((label, md), (_, original_md)) in bad_md.iter().zip(&good_md) {
            let label = format!("{file} {label}");
            assert!(original_md.contains("Scale") || original_md.contains("Escala"), "{label}: no scale part");
            assert_eq!(markdown_shape(&label, md), markdown_shape(&label, original_md), "{label}: structure changed");
        }
    }
}

#[test]
fn hostile_names_reach_the_sharding_commands_as_text() {
    let Some(node) = node() else {
        println!("hostile_names: node is not installed: the sharding commands are not run");
        return;
    };
    let _ = std::fs::remove_file(PWNED);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scale");
    let mut zones = 0;
    for file in ["marketplace.json", "tenants.json", "celebrity.json"] {
        let model = load(&std::fs::read_to_string(dir.join(file)).expect("fixture")).expect("fixture loads");
        let r = Renamer::new();
        let bad = hostile(&r, &model);
        let bad_report = analyze(&bad);
        for lang in Lang::ALL {
            let script = mongosh::script(&bad, &bad_report.indexes, lang);
            node_check(node, &format!("{file}.shard.{}", lang.code()), &script);
        }
        // The `sh` calls in a comparable order: a one-field key's zone ranges run from each
        // listed value to the next in BSON order, which the payloads change, so a range is
        // compared by its namespace, lower bound and zone.
        let sh_calls = |calls: &[Value]| -> Vec<Value> {
            let mut out: Vec<Value> = calls
                .iter()
                .filter(|c| c.get("sh").is_some())
                .map(|c| {
                    let mut c = c.clone();
                    if c["sh"] == "updateZoneKeyRange" {
                        c["args"][2] = Value::Null;
                    }
                    c
                })
                .collect();
            out.sort_by_key(|c| (c["sh"] != "enableSharding", c["sh"] != "shardCollection", c.to_string()));
            out
        };
        let good = sh_calls(&run(
            node,
            &format!("{file}.shard.good"),
            &mongosh::script(&model, &analyze(&model).indexes, Lang::En),
            true,
        ));
        let calls =
            run(node, &format!("{file}.shard.bad"), &mongosh::script(&bad, &bad_report.indexes, Lang::Pt), true);
        assert_nothing_ran(&format!("{file} sharding"), &calls);
        let mut mapped: Vec<Value> = sh_calls(&calls).iter().map(|c| original(&r, c)).collect();
        mapped.sort_by_key(|c| (c["sh"] != "enableSharding", c["sh"] != "shardCollection", c.to_string()));
        let methods: Vec<&str> = good.iter().filter_map(|c| c["sh"].as_str()).collect();
        assert!(methods.contains(&"enableSharding") && methods.contains(&"shardCollection"), "{file}: {methods:?}");
        zones += methods.iter().filter(|m| **m == "updateZoneKeyRange").count();
        assert_ne!(sh_calls(&calls), mapped, "{file}: the hostile names did not reach the sh calls");
        assert_eq!(mapped.len(), good.len(), "{file}: not the original's sh calls:\n{mapped:#?}\n{good:#?}");
        for (i, (m, g)) in mapped.iter().zip(&good).enumerate() {
            if let Some(at) = difference(m, g, String::new()) {
                panic!("{file}: sh call {i} differs from the original's at {at}");
            }
        }
    }
    assert!(zones > 0, "no fixture made a zone");
}

/// A changed shard key in `docshape diff`'s migration (`reshardCollection`), a refined one
/// (`refineCollectionShardKey`) and a new one (`sh.shardCollection`), with hostile names: the
/// migration parses, and `migrate_shard_keys()` makes the original's admin commands with the
/// hostile names in place, and no payload runs.
#[test]
fn hostile_names_reach_the_shard_key_migration_as_text() {
    use docshape::diff::{diff, migration};
    use docshape::model::{ShardKey, ShardKeyField};
    let Some(node) = node() else {
        println!("hostile_names: node is not installed: the shard key migration is not run");
        return;
    };
    let _ = std::fs::remove_file(PWNED);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scale/marketplace.json");
    let base = load(&std::fs::read_to_string(path).expect("fixture")).expect("fixture loads");
    let key = |fields: &[(&str, bool)]| ShardKey {
        fields: fields.iter().map(|(f, h)| ShardKeyField { field: f.to_string(), hashed: *h }).collect(),
        unique: false,
    };
    let with = |k: Option<ShardKey>| {
        let mut m = base.clone();
        m.entities.iter_mut().find(|e| e.id == "order").expect("orders").collection.shard_key = k;
        m
    };
    let from = key(&[("customer_id", false)]);
    for (label, to) in
        [("reshard", Some(key(&[("_id", true)]))), ("refine", Some(key(&[("customer_id", false), ("_id", false)])))]
    {
        for (old, new) in [(with(Some(from.clone())), with(to.clone())), (with(None), with(to.clone()))] {
            let r = Renamer::new();
            let (bad_old, bad_new) = (hostile(&r, &old), hostile(&r, &new));
            let good = migration::section(&old, &new, &diff(&old, &new), Lang::En);
            let bad = migration::section(&bad_old, &bad_new, &diff(&bad_old, &bad_new), Lang::Pt);
            assert!(good.contains("migrate_shard_keys"), "{label}: no key change in\n{good}");
            node_check(node, &format!("shardkey.{label}"), &bad);
            let admin = |calls: &[Value]| -> Vec<Value> {
                calls
                    .iter()
                    .filter(|c| c["db"] == "adminCommand" || c.get("sh").is_some() || c["method"] == "createIndex")
                    .cloned()
                    .collect()
            };
            let good_calls = admin(&run(node, &format!("shardkey.{label}.good"), &good, true));
            let calls = run(node, &format!("shardkey.{label}.bad"), &bad, true);
            assert_nothing_ran(&format!("shard key {label}"), &calls);
            let mapped: Vec<Value> = admin(&calls).iter().map(|c| original(&r, c)).collect();
            assert!(!good_calls.is_empty(), "{label}: no command");
            assert_ne!(admin(&calls), mapped, "{label}: the hostile names did not reach the commands");
            assert_eq!(mapped, good_calls, "{label}: not the original's commands");
        }
    }
}

/// A change a person makes in a pull request: a new required field, a field removed, a type
/// changed, an embedded relation turned into a reference, a collection renamed, validation on.
fn changed(model: &Model) -> Model {
    use docshape::model::{BsonType, Field, Storage};
    let mut m = model.clone();
    let collections: Vec<String> = m.collections().map(|e| e.id.clone()).collect();
    if let Some(e) = collections.first().and_then(|id| m.entity_mut(id)) {
        let mut f = Field::new("campo_nuevo", BsonType::String);
        f.required = true;
        e.fields.push(f);
        if let Some(f) = e.fields.iter_mut().find(|f| f.name != "_id" && f.bson_type == BsonType::String) {
            f.bson_type = BsonType::Int;
        }
        e.name.push_str("_2");
    }
    if let Some(e) = collections.last().and_then(|id| m.entity_mut(id)) {
        if e.fields.len() > 1 {
            e.fields.pop();
        }
        if let Some(f) = e.fields.iter_mut().find(|f| f.bson_type == BsonType::Array) {
            f.constraints.max_items = Some(3);
        }
    }
    for id in &collections {
        if let Some(e) = m.entity_mut(id) {
            e.collection.validate = true;
        }
    }
    if let Some(r) = m.relations.iter_mut().find(|r| r.storage == Storage::Embed) {
        r.storage = Storage::Reference;
        r.reference.child_field = Some("padre_id".into());
    }
    m
}

#[test]
fn hostile_names_reach_the_diff_as_text() {
    use docshape::diff::{diff, json::to_json_text, markdown::to_markdown, migration};
    let node = node();
    let _ = std::fs::remove_file(PWNED);
    let mut sections = 0;
    for (file, model) in templates() {
        let r = Renamer::new();
        let (old, new) = (hostile(&r, &model), hostile(&r, &changed(&model)));
        let d = diff(&old, &new);
        assert!(d.change_count() > 0, "{file}: no change listed");
        for lang in Lang::ALL {
            let label = format!("{file} diff.{}", lang.code());
            markdown_shape(&label, &to_markdown(&old, &new, &d, lang));
            let json: Value =
                serde_json::from_str(&to_json_text(&old, &new, &d, lang)).expect("the diff's JSON parses");
            assert_eq!(json["new"]["name"].as_str(), Some(new.name.as_str()), "{label}: the name is not kept as given");
        }
        let section = migration::section(&old, &new, &d, Lang::Es);
        if let (Some(node), false) = (node, section.is_empty()) {
            let mut script = mongosh::script(&new, &analyze(&new).indexes, Lang::Es);
            script.push_str(&section);
            node_check(node, &format!("{file}.migration"), &script);
            // Loading it and calling every function it defines (the migration included) runs
            // none of the payloads.
            let calls = run(node, &format!("{file}.migration"), &script, true);
            assert_nothing_ran(&format!("{file} migration"), &calls);
            assert!(
                calls.iter().any(|c| c["method"] == "updateMany" || c["method"] == "aggregate"),
                "{file}: the migration made no call"
            );
            sections += 1;
        }
    }
    if node.is_some() {
        assert!(sections >= 10, "{sections} migration sections run");
    }
}

/// The app's compare view (made in the worker): the picture of the change reads back with the
/// names as given, the panel's lines carry them as plain text (the page writes them as text
/// nodes), and its review report is the same escaped Markdown as `docshape diff`'s.
#[test]
fn hostile_names_reach_the_compare_view_as_text() {
    use docshape::offload::compare::compare;
    for (file, model) in templates() {
        let r = Renamer::new();
        let (old, new) = (hostile(&r, &model), hostile(&r, &changed(&model)));
        for lang in Lang::ALL {
            let label = format!("{file} compare.{}", lang.code());
            let p = compare(&old, &new, lang);
            let picture = load(&p.union).unwrap_or_else(|e| panic!("{label}: the picture does not read back: {e}"));
            for e in &new.entities {
                let drawn = picture.entity(&e.id).unwrap_or_else(|| panic!("{label}: {} is not drawn", e.id));
                assert_eq!(drawn.name, e.name, "{label}: a name is not kept as given");
            }
            assert!(!p.lines.is_empty(), "{label}: no line");
            assert!(
                p.lines.iter().any(|l| new.entities.iter().any(|e| l.text.contains(&e.name))),
                "{label}: no name in the lines"
            );
            markdown_shape(&label, &p.report);
        }
    }
}

/// The type checks (DS404 money held as `double`, DS405 a date held as a string, DS108 a
/// reference of another type than its key) quote field names in their messages and fix
/// labels: with hostile names they still fire, and the decision sheets and the review report
/// stay Markdown with no raw HTML and the original's structure.
#[test]
fn hostile_names_reach_the_type_findings_as_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    for case in ["60-monetary-data-as-double", "61-ttl-sessions-dates-as-strings", "62-lookup-reference-type-mismatch"]
    {
        let text = std::fs::read_to_string(dir.join(format!("{case}.json"))).expect("corpus case");
        let value: Value = serde_json::from_str(&text).expect("JSON");
        let model = load(&value["model"].to_string()).expect("the case's model loads");
        let r = Renamer::new();
        let bad = hostile(&r, &model);
        let (report, bad_report) = (analyze(&model), analyze(&bad));
        let codes = |rep: &Report| {
            let mut c: Vec<&str> =
                rep.findings.iter().map(|f| f.code).filter(|c| ["DS404", "DS405", "DS108"].contains(c)).collect();
            c.dedup();
            c
        };
        assert!(!codes(&report).is_empty(), "{case}: no type finding to test");
        // DS405 reads a name's last word (`createdAt`); the payload after the stem hides it.
        let kept: Vec<&str> = codes(&report).into_iter().filter(|c| *c != "DS405").collect();
        for code in &kept {
            assert!(codes(&bad_report).contains(code), "{case}: {code} lost with hostile names");
        }
        // Compared with the type findings only (the hostile model has findings of its own,
        // DS002, and longer names change the size findings); the full outputs are read for HTML.
        let only_types = |rep: &Report| {
            let mut rep = rep.clone();
            rep.findings.retain(|f| ["DS404", "DS405", "DS108"].contains(&f.code));
            rep
        };
        for (label, md) in markdown_outputs(&bad, &bad_report) {
            markdown_shape(&format!("{case} {label}"), &md);
        }
        let good_md = markdown_outputs(&model, &only_types(&report));
        let bad_md = markdown_outputs(&bad, &only_types(&bad_report));
        if kept.len() == codes(&report).len() {
            for ((label, good), (_, bad)) in good_md.iter().zip(&bad_md) {
                assert_eq!(
                    markdown_shape(label, good),
                    markdown_shape(label, bad),
                    "{case} {label}: structure changed"
                );
            }
        }
        for f in bad_report.findings.iter().filter(|f| f.code.starts_with("DS40") || f.code == "DS108") {
            if let Some(fix) = &f.fix {
                let label = fix.label().render(Lang::En);
                assert!(
                    !label.contains('\n') && !label.contains('\u{2028}'),
                    "{case}: a fix label breaks lines: {label:?}"
                );
            }
        }
        check_svg(case, &bad, &bad_report);
    }
}
