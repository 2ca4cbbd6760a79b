//! `docshape diff` and the diff core on pairs of gallery designs: what the change is, what the
//! advisor says it does (verdicts, findings, sizes, spanning writes), what stored documents
//! need, the sentences in three languages, the Markdown (no raw HTML, a Mermaid block), the
//! migration section (parses under node), and the CLI's exit codes.

use docshape::advisor::{CardinalityClass, Recommendation, Severity, SizeLevel};
use docshape::diff::stored::{needs, Step};
use docshape::diff::{diff, json::to_json, markdown::to_markdown, migration, text, ModelDiff, Status};
use docshape::i18n::Lang;
use docshape::model::{load, Model};
use docshape::templates::TEMPLATES;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn template(id: &str) -> Model {
    let t = TEMPLATES.iter().find(|t| t.id == id).expect("template");
    load(t.json()).expect("loads")
}

/// `model` with `edit` made to its JSON (the way a person edits the file in a pull request).
fn edited(model: &Model, edit: impl FnOnce(&mut Value)) -> Model {
    let mut v: Value = serde_json::from_str(&model.to_json()).expect("json");
    edit(&mut v);
    load(&v.to_string()).expect("edited model loads")
}

fn relation<'v>(v: &'v mut Value, id: &str) -> &'v mut Value {
    v["relations"].as_array_mut().expect("relations").iter_mut().find(|r| r["id"] == id).expect("relation")
}

/// The reviews of the outlier lesson, capped at 50 with an overflow of up to 800 (the template's
/// reaches 3,000; up to 800 the advisor has the parent keep their ids, an array that size holds),
/// and then unbounded (referenced from the child).
fn reviews_bounded_then_unbounded() -> (Model, Model) {
    let old = edited(&template("anti-outlier-misapplied"), |v| {
        relation(v, "material-resenas")["cardinality"]["outliers"]["max"] = serde_json::json!(800);
    });
    let new = edited(&old, |v| {
        relation(v, "material-resenas")["cardinality"] = serde_json::json!({"typical": 30, "growthPerDay": 0.05});
    });
    (old, new)
}

#[test]
fn reviews_that_become_unbounded_flip_the_verdict_and_introduce_an_error() {
    let (old, new) = reviews_bounded_then_unbounded();
    let d = diff(&old, &new);
    assert_eq!(d.relations.len(), 1);
    let props: Vec<&str> = d.relations[0].properties.iter().map(|p| p.property.as_str()).collect();
    assert_eq!(props, ["cardinality.growthPerDay", "cardinality.max", "cardinality.outliers"]);
    let c = &d.consequences;
    assert_eq!(c.verdicts.len(), 1, "{c:#?}");
    assert_ne!(c.verdicts[0].old, c.verdicts[0].new);
    let introduced: Vec<(&str, Severity)> = c.findings_introduced.iter().map(|f| (f.code, f.severity)).collect();
    assert!(introduced.contains(&("DS101", Severity::Error)), "{introduced:?}");
    assert!(c.findings_resolved.iter().any(|f| f.code == "DS107"), "the misapplied outlier is gone: {c:#?}");
    let size = c.sizes.iter().find(|s| s.collection == "catalogo").expect("catalogo grows");
    assert!(size.new.horizon_bytes > size.old.horizon_bytes);
    // Nothing to migrate, but the stored arrays will grow: said, with no step.
    let stored = needs(&old, &new, &d);
    assert!(stored.iter().any(|n| n.step.is_none() && n.text.en().contains("no bound any more")), "{stored:#?}");
}

#[test]
fn comments_embedded_without_a_bound_flip_from_embed_and_pass_the_limit() {
    let new = template("anti-unbounded-array");
    let old = edited(&new, |v| {
        relation(v, "post-comentarios")["cardinality"] = serde_json::json!({"typical": 40, "max": 100})
    });
    let c = diff(&old, &new).consequences;
    let flip = &c.verdicts[0];
    assert_eq!((flip.old, flip.old_class), (Recommendation::Embed, CardinalityClass::OneToFew));
    assert_eq!(flip.new_class, CardinalityClass::OneToSquillions);
    assert_ne!(flip.new, Recommendation::Embed);
    let posts = c.sizes.iter().find(|s| s.collection == "posts").expect("posts");
    assert_eq!((posts.old.level, posts.new.level), (SizeLevel::Fine, SizeLevel::OverLimit));
    assert!(c.introduced(Severity::Error) >= 2, "{c:#?}");
}

#[test]
fn reviews_capped_then_unbounded_in_bibliored_change_the_class_only() {
    let new = template("bibliored");
    let old = edited(&new, |v| {
        relation(v, "material-resenas")["cardinality"] = serde_json::json!({"typical": 20, "max": 50})
    });
    let c = diff(&old, &new).consequences;
    assert_eq!(c.verdicts.len(), 1);
    assert_eq!(c.verdicts[0].old, c.verdicts[0].new, "still a reference with a subset");
    assert_eq!(
        (c.verdicts[0].old_class, c.verdicts[0].new_class),
        (CardinalityClass::OneToFew, CardinalityClass::OneToMany)
    );
    assert_eq!(c.introduced(Severity::Error), 0);
}

#[test]
fn orders_to_orders_with_lookup_and_back() {
    let (orders, lookup) = (template("orders"), template("orders-lookup"));
    let d = diff(&orders, &lookup);
    let items = d.relations.iter().find(|r| r.id() == "pedido-itens").expect("pedido-itens");
    let storage = items.properties.iter().find(|p| p.property == "storage").expect("storage changed");
    assert_eq!(
        (storage.old.as_ref(), storage.new.as_ref()),
        (Some(&Value::from("embed")), Some(&Value::from("reference")))
    );
    let removed: Vec<&str> = d.queries.iter().filter(|q| q.status == Status::Removed).map(|q| q.id()).collect();
    assert_eq!(removed, ["O3", "O5"]);
    let codes: Vec<&str> = d.consequences.findings_introduced.iter().map(|f| f.code).collect();
    for code in ["DS102", "DS105", "DS106"] {
        assert!(codes.contains(&code), "{code} not introduced: {codes:?}");
    }
    let started: Vec<&str> = d.consequences.spanning_started.iter().map(|s| s.query.as_str()).collect();
    assert_eq!(started, ["O4"]);
    assert!(!d.consequences.indexes_added.is_empty() && !d.consequences.indexes_dropped.is_empty());
    let stored = needs(&orders, &lookup, &d);
    assert!(stored.iter().any(|n| matches!(&n.step, Some(Step::EmbedToReference { child, back, .. }) if child == "itens" && back == "pedido_id")), "{stored:#?}");

    let back = diff(&lookup, &orders);
    let resolved: Vec<&str> = back.consequences.findings_resolved.iter().map(|f| f.code).collect();
    for code in ["DS102", "DS105", "DS106"] {
        assert!(resolved.contains(&code), "{code} not resolved: {resolved:?}");
    }
    assert_eq!(back.consequences.spanning_stopped.len(), 1);
    let stored = needs(&lookup, &orders, &back);
    assert!(stored.iter().any(|n| matches!(&n.step, Some(Step::ReferenceToEmbed { child, field, .. }) if child == "itens" && field == "itens")), "{stored:#?}");
}

fn gallery_pairs() -> Vec<(String, Model, Model, ModelDiff)> {
    let all: Vec<(&str, Model)> = TEMPLATES.iter().map(|t| (t.id, load(t.json()).expect("loads"))).collect();
    let mut out = Vec::new();
    for (x, a) in &all {
        for (y, b) in &all {
            if x != y && (x.starts_with("anti-") == y.starts_with("anti-") || x.len() % 3 == 0) {
                out.push((format!("{x} -> {y}"), a.clone(), b.clone(), diff(a, b)));
            }
        }
    }
    let (a, b) = reviews_bounded_then_unbounded();
    let d = diff(&a, &b);
    out.push(("reviews unbounded".into(), a, b, d));
    out
}

#[test]
fn every_sentence_is_in_three_languages() {
    for (label, old, new, d) in gallery_pairs() {
        let mut sentences = text::all(&d);
        sentences.extend(needs(&old, &new, &d).into_iter().map(|n| n.text));
        for t in sentences {
            t.check().unwrap_or_else(|e| panic!("{label}: {e}"));
            assert!(t.is_translated(), "{label}: {:?} is not translated", t.en());
        }
    }
}

/// Headings, list items and Mermaid blocks of `md`; panics on raw HTML.
fn shape(label: &str, md: &str) -> (usize, usize, usize) {
    let (mut headings, mut items, mut mermaid) = (0, 0, 0);
    for event in Parser::new_ext(md, Options::ENABLE_TABLES) {
        match event {
            Event::Html(h) | Event::InlineHtml(h) => panic!("{label}: raw HTML {h:?}"),
            Event::Start(Tag::Heading { .. }) => headings += 1,
            Event::Start(Tag::Item) => items += 1,
            Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))) if &*info == "mermaid" => {
                mermaid += 1
            }
            Event::End(TagEnd::CodeBlock) => {}
            _ => {}
        }
    }
    (headings, items, mermaid)
}

#[test]
fn the_markdown_is_a_comment_with_a_marked_diagram_and_no_html() {
    let (old, new) = reviews_bounded_then_unbounded();
    let d = diff(&old, &new);
    for lang in Lang::ALL {
        let md = to_markdown(&old, &new, &d, lang);
        let (headings, items, mermaid) = shape(lang.code(), &md);
        assert!(headings >= 4 && items >= 4, "{md}");
        assert_eq!(mermaid, 1, "{md}");
        assert!(md.contains(": \"~ "), "the changed relation is marked: {md}");
    }
    let none = to_markdown(&old, &old, &diff(&old, &old), Lang::En);
    assert!(none.contains("No change to the design.") && shape("none", &none).2 == 0, "{none}");
    for (label, old, new, d) in gallery_pairs() {
        shape(&label, &to_markdown(&old, &new, &d, Lang::Es));
    }
}

#[test]
fn the_json_names_what_scripts_match_on() {
    let (old, new) = reviews_bounded_then_unbounded();
    let v = to_json(&old, &new, &diff(&old, &new), Lang::Pt);
    assert_eq!(v["diffVersion"], 1);
    assert_eq!(v["lang"], "pt");
    assert_eq!(v["summary"]["errorsIntroduced"], 1);
    assert_eq!(v["relations"][0]["status"], "changed");
    assert_eq!(v["relations"][0]["properties"][1]["property"], "cardinality.max");
    assert_eq!(v["consequences"]["findingsIntroduced"][0]["code"], "DS101");
    assert!(v["consequences"]["verdicts"][0]["text"].as_str().unwrap().contains("recomenda"));
}

fn node() -> Option<&'static str> {
    ["/usr/bin/node", "node"]
        .into_iter()
        .find(|n| Command::new(n).arg("--version").output().is_ok_and(|o| o.status.success()))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch");
    dir.join(name)
}

#[test]
fn the_migration_section_parses_and_says_it_was_not_run() {
    let Some(node) = node() else {
        println!("diff: node is not installed: the migration sections are not parsed");
        return;
    };
    let mut checked = 0;
    for (label, old, new, d) in
        gallery_pairs().into_iter().filter(|(l, ..)| l.starts_with("orders") || l.contains("unbounded"))
    {
        for lang in Lang::ALL {
            let section = migration::section(&old, &new, &d, lang);
            if section.is_empty() {
                continue;
            }
            assert!(section.contains("function migrate_design_change()"), "{section}");
            assert!(
                ["NOT RUN", "NO SE HA EJECUTADO", "NÃO FOI EXECUTADA"].iter().any(|w| section.contains(w)),
                "{section}"
            );
            let file = scratch(&format!("{}.{}.js", label.replace(' ', "_").replace('>', ""), lang.code()));
            std::fs::write(&file, section).expect("write");
            let out = Command::new(node).arg("--check").arg(&file).output().expect("node");
            assert!(out.status.success(), "{label}: {}", String::from_utf8_lossy(&out.stderr));
            checked += 1;
        }
    }
    assert!(checked >= 6, "{checked} sections checked");
}

fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).arg("diff").args(args).output().expect("run docshape");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn files_with_versions_diff_and_check_as_their_design() {
    use docshape::designs::in_file::{file_with_versions, FileVersion};
    let (old, new) = reviews_bounded_then_unbounded();
    let versions = [FileVersion { name: "before \u{202e}\"x\"".into(), at: 1_764_000_000_000, model: old.clone() }];
    let (a, b, b2) = (scratch("v-old.json"), scratch("v-new.json"), scratch("v-new-with-versions.json"));
    std::fs::write(&a, old.to_json()).expect("write");
    std::fs::write(&b, new.to_json()).expect("write");
    std::fs::write(&b2, file_with_versions(&new, &versions)).expect("write");
    let (a, b, b2) = (a.to_str().unwrap(), b.to_str().unwrap(), b2.to_str().unwrap());
    // The versions a file carries do not change what it is compared as, nor the exit code.
    let plain = run_cli(&[a, b, "--format", "json"]);
    let with = run_cli(&[a, b2, "--format", "json"]);
    assert_eq!(plain.0, 0);
    assert_eq!(with, plain);
    assert_eq!(run_cli(&[a, b2, "--fail-on", "new-errors"]).0, 1);
    // `check` reads the design and names no unknown member.
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).args(["check", b2]).output().expect("run docshape");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!said.contains("unknown member") && !said.contains("versions"), "{said}");
}

#[test]
fn the_cli_exit_codes_gate_a_pull_request() {
    let (old, new) = reviews_bounded_then_unbounded();
    let (a, b) = (scratch("old.json"), scratch("new.json"));
    std::fs::write(&a, old.to_json()).expect("write");
    std::fs::write(&b, new.to_json()).expect("write");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    assert_eq!(run_cli(&[a, b]).0, 0);
    assert_eq!(run_cli(&[a, b, "--fail-on", "new-errors"]).0, 1);
    assert_eq!(run_cli(&[a, b, "--fail-on", "any-finding"]).0, 1);
    // Backwards the change resolves the error and introduces the outlier warning.
    assert_eq!(run_cli(&[b, a, "--fail-on", "new-errors"]).0, 0);
    assert_eq!(run_cli(&[b, a, "--fail-on", "any-finding"]).0, 1);
    assert_eq!(run_cli(&[a, a, "--fail-on", "any-finding"]).0, 0);
    let (code, json, _) = run_cli(&[a, b, "--format", "json", "--lang", "es"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["lang"], "es");
    // Bad input: a usage error names the problem, exit 2, nothing on stdout.
    for (args, wanted) in [
        (vec![a], "required arguments were not provided"),
        (vec![a, b, "--fail-on", "warnings"], "invalid value 'warnings' for '--fail-on <WHEN>'"),
        (vec![a, b, "--format", "html"], "invalid value 'html' for '--format <FORMAT>'"),
        (vec![a, "/nonexistent/x.json"], "cannot read /nonexistent/x.json"),
    ] {
        let (code, stdout, stderr) = run_cli(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stderr.contains(wanted) && stdout.is_empty(), "{args:?}: {stderr}");
    }
    // --out writes safely and never over an input.
    let out = scratch("review.md");
    let (code, stdout, _) = run_cli(&[a, b, "--out", out.to_str().unwrap()]);
    assert!(code == 0 && stdout.is_empty());
    assert!(std::fs::read_to_string(&out).expect("written").contains("```mermaid"));
    let (code, _, stderr) = run_cli(&[a, b, "--out", a]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("never writes over its input"));
    let (_, script, _) = run_cli(&[a, b, "--format", "mongosh"]);
    assert!(script.contains("db.createCollection"), "the new design's script comes first");
    let _ = Path::new(a);
}
