//! `docshape diff FILE@VERSION …` and `docshape versions FILE`: a version kept in a model file as
//! either side of a diff (by name or by number), what the output says about it, the exit codes
//! (3 for a version the file does not keep, with the file, the version asked and the versions
//! there are), a path holding `@` that exists, and hostile version names on the terminal and in
//! the Markdown.

use docshape::designs::in_file::{file_with_versions, FileVersion};
use docshape::model::{load, Model};
use docshape::templates::TEMPLATES;
use pulldown_cmark::{Event, Parser, Tag};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// A name with everything that must not reach a terminal or a pull-request comment as is: a line
/// break, a terminal escape, a bidi override, HTML, Markdown pipes and backticks, quotes.
const HOSTILE: &str = "x\n| `y` <script>alert(1)</script>\u{1b}[31m\u{202e}\"q\" *z*";

/// The outlier lesson's design with its reviews capped (old) and unbounded (new): the change
/// introduces an error-level finding.
fn capped_then_unbounded() -> (Model, Model) {
    let t = TEMPLATES.iter().find(|t| t.id == "anti-outlier-misapplied").expect("template");
    let old = load(t.json()).expect("loads");
    let mut v: Value = serde_json::from_str(&old.to_json()).expect("json");
    let r = v["relations"].as_array_mut().unwrap().iter_mut().find(|r| r["id"] == "material-resenas").unwrap();
    r["cardinality"] = serde_json::json!({"typical": 30, "growthPerDay": 0.05});
    (old, load(&v.to_string()).expect("loads"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-diff-versions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch");
    dir.join(name)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).args(args).output().expect("run docshape");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

/// The design file `name` holding `new`, with the capped version (1, "before reviews"), the
/// hostile one (2) and a version named "1" (3), newest first.
fn design_file(name: &str) -> (String, Model, Model) {
    let (old, new) = capped_then_unbounded();
    let versions = [
        FileVersion { name: "before reviews".into(), at: 1_764_500_000_000, model: old.clone() },
        FileVersion { name: HOSTILE.into(), at: 1_764_400_000_000, model: old.clone() },
        FileVersion { name: "1".into(), at: 1_764_300_000_000, model: new.clone() },
    ];
    let path = scratch(name);
    std::fs::write(&path, file_with_versions(&new, &versions)).expect("write");
    (path.to_str().expect("utf-8").to_string(), old, new)
}

#[test]
fn a_version_by_name_or_by_number_is_a_side_of_the_diff() {
    let (file, old, _) = design_file("design.json");
    let plain = scratch("old.json");
    std::fs::write(&plain, old.to_json()).expect("write");
    let plain = plain.to_str().unwrap();
    let (code, expected, _) = run(&["diff", plain, &file, "--format", "json"]);
    assert_eq!(code, 0);
    let mut expected: Value = serde_json::from_str(&expected).expect("JSON");
    expected["old"]["version"] = serde_json::json!({"number": 1, "name": "before reviews", "at": 1_764_500_000_000u64});
    for asked in [format!("{file}@before reviews"), format!("{file}@2")] {
        let (code, json, stderr) = run(&["diff", &asked, &file, "--format", "json"]);
        assert_eq!(code, 0, "{asked}: {stderr}");
        let mut v: Value = serde_json::from_str(&json).expect("JSON");
        if asked.ends_with("@2") {
            assert_eq!(v["old"]["version"]["name"], HOSTILE);
            v["old"]["version"] = expected["old"]["version"].clone();
        }
        assert_eq!(v, expected, "{asked}: the diff of the version is the diff of its design");
    }
    // A name wins over a number: "1" is the version named so (the current design: no change).
    let (_, json, _) = run(&["diff", &format!("{file}@1"), &file, "--format", "json"]);
    let v: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!((v["old"]["version"]["number"].as_u64(), v["summary"]["changes"].as_u64()), (Some(3), Some(0)));
    // On the new side, and gating a pull request: the change introduces an error.
    let (code, md, _) = run(&["diff", &format!("{file}@before reviews"), &file, "--fail-on", "new-errors"]);
    assert_eq!(code, 1, "{md}");
    assert!(md.contains("**Compared:** version 1 “before reviews” of `"), "{md}");
    let (code, md, _) = run(&["diff", &file, &format!("{file}@before reviews"), "--lang", "es"]);
    assert_eq!(code, 0);
    assert!(md.contains("→ la versión 1 «before reviews» de `"), "{md}");
    // Two files, no version: no such line, no such member.
    let (_, md, _) = run(&["diff", plain, &file]);
    assert!(!md.contains("Compared"), "{md}");
    assert!(expected["new"].get("version").is_none());
}

#[test]
fn a_version_the_file_does_not_keep_exits_3_and_lists_those_it_keeps() {
    let (file, old, new) = design_file("kept.json");
    for asked in ["before review", "4", "0", ""] {
        let (code, stdout, stderr) = run(&["diff", &format!("{file}@{asked}"), &file]);
        assert_eq!(code, 3, "{asked:?}: {stderr}");
        assert!(stdout.is_empty(), "nothing written: {stdout}");
        assert!(stderr.contains(&format!("{file} has no version \"{asked}\"")), "{stderr}");
        assert!(stderr.contains("by number from 1 to 3"), "{stderr}");
        for listed in ["  1  2025-11-30 10:53 UTC  before reviews", "  3  2025-11-28 03:20 UTC  1"] {
            assert!(stderr.contains(listed), "{listed:?} in {stderr}");
        }
    }
    // A file that keeps no versions.
    let bare = scratch("bare.json");
    std::fs::write(&bare, new.to_json()).expect("write");
    let bare = bare.to_str().unwrap();
    let (code, _, stderr) = run(&["diff", &file, &format!("{bare}@before reviews")]);
    assert_eq!(code, 3);
    assert!(stderr.contains(&format!("{bare} keeps no versions, so it has no version \"before reviews\"")), "{stderr}");
    // Two versions of one name: refused with their numbers.
    let twice = scratch("twice.json");
    let versions: Vec<FileVersion> =
        [1, 2].iter().map(|&at| FileVersion { name: "same".into(), at, model: old.clone() }).collect();
    std::fs::write(&twice, file_with_versions(&new, &versions)).expect("write");
    let twice = twice.to_str().unwrap();
    let (code, _, stderr) = run(&["diff", &format!("{twice}@same"), twice]);
    assert_eq!(code, 3);
    assert!(stderr.contains("keeps 2 versions named \"same\" (numbers 1, 2)"), "{stderr}");
    assert_eq!(run(&["diff", &format!("{twice}@2"), twice]).0, 0, "by number it is one");
    // A missing file is not a missing version: exit 2, and the message says how @ is read.
    let (code, _, stderr) = run(&["diff", "/nonexistent/d.json@v1", &file]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read /nonexistent/d.json@v1") && stderr.contains("FILE@VERSION"), "{stderr}");
}

#[test]
fn a_path_that_exists_with_an_at_sign_is_a_file() {
    let (file, old, _) = design_file("d@v.json");
    let other = scratch("d");
    std::fs::write(&other, old.to_json()).expect("write");
    // `…/d@v.json` exists: it is the file, though `…/d` exists too.
    let (code, md, stderr) = run(&["diff", other.to_str().unwrap(), &file]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!md.contains("Compared"), "{md}");
    // And a version of it: the last `@` that leaves a file on its left, not the first.
    let (code, md, stderr) = run(&["diff", &format!("{file}@before reviews"), &file]);
    assert_eq!(code, 0, "{stderr}");
    assert!(md.contains("d@v.json` (kept"), "{md}");
}

#[test]
fn hostile_version_names_reach_the_terminal_and_the_markdown_as_text() {
    let (file, ..) = design_file("hostile.json");
    let (code, md, _) = run(&["diff", &format!("{file}@2"), &file]);
    assert_eq!(code, 0);
    let line = md.lines().find(|l| l.starts_with("**Compared:**")).expect("the line");
    assert!(!line.contains('\u{202e}') && !line.contains('\u{1b}') && !line.contains("<script>"), "{line}");
    assert!(line.contains("&lt;script&gt;") && line.contains("&lt;U+202E&gt;") && line.contains("\\|"), "{line}");
    // One paragraph, no HTML, no table, no code span opened by the name.
    let events: Vec<Event> = Parser::new_ext(line, pulldown_cmark::Options::all()).collect();
    assert!(!events.iter().any(|e| matches!(e, Event::Html(_) | Event::InlineHtml(_))), "{events:?}");
    assert!(
        !events.iter().any(|e| matches!(e, Event::Start(Tag::Table(_)) | Event::Start(Tag::Emphasis))),
        "{events:?}"
    );
    let spans: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Code(_))).collect();
    assert_eq!(spans.len(), 2, "only the file's name and the right-hand file are code spans: {events:?}");
    // The terminal: the listing and an error quoting the name.
    for args in [vec!["versions", file.as_str()], vec!["diff", &format!("{file}@nope"), &file]] {
        let (_, stdout, stderr) = run(&args);
        let said = format!("{stdout}{stderr}");
        let hostile_line = said.lines().find(|l| l.starts_with("  2  ")).expect("the hostile version's line");
        assert!(
            hostile_line.contains("<U+000A>| `y` <script>alert(1)</script><U+001B>[31m<U+202E>\"q\" *z*"),
            "{hostile_line}"
        );
        assert!(!said.contains('\u{1b}') && !said.contains('\u{202e}'), "{said:?}");
    }
    // A version whose design does not load: exit 2, its name quoted safely.
    let broken = scratch("broken.json");
    let text = format!(
        "{{\"format\":\"docshape\",\"formatVersion\":3,\"name\":\"b\",\"versions\":[{{\"name\":{},\"at\":1,\"model\":{{\"format\":\"x\"}}}}]}}",
        serde_json::to_string(HOSTILE).unwrap()
    );
    std::fs::write(&broken, text).expect("write");
    let broken = broken.to_str().unwrap();
    for args in [vec!["versions", broken], vec!["diff", &format!("{broken}@1"), &file]] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stdout.is_empty());
        assert!(stderr.contains("version \"x<U+000A>| `y`") && stderr.lines().count() == 1, "{stderr:?}");
        assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{202e}'), "{stderr:?}");
    }
}

#[test]
fn versions_lists_number_date_and_name_as_text_and_json() {
    let (file, ..) = design_file("listed.json");
    let (code, text, _) = run(&["versions", &file]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].contains("keeps 3 version(s)"), "{text}");
    assert_eq!(lines[1], "  1  2025-11-30 10:53 UTC  before reviews");
    let (code, json, _) = run(&["versions", &file, "--format", "json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).expect("JSON");
    let list = v["versions"].as_array().expect("a list");
    assert_eq!(list.len(), 3);
    assert_eq!((list[1]["number"].as_u64(), list[1]["name"].as_str()), (Some(2), Some(HOSTILE)));
    assert_eq!(list[0]["kept"], "2025-11-30 10:53 UTC");
    assert_eq!(list[0]["at"], 1_764_500_000_000u64);
    // A file without versions, a file that is not there, a bad option.
    let bare = scratch("plain.json");
    std::fs::write(&bare, capped_then_unbounded().0.to_json()).expect("write");
    let (code, text, _) = run(&["versions", bare.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(text.ends_with("keeps no versions\n"), "{text}");
    let (_, json, _) = run(&["versions", bare.to_str().unwrap(), "--format", "json"]);
    assert_eq!(serde_json::from_str::<Value>(&json).expect("JSON")["versions"], serde_json::json!([]));
    assert_eq!(run(&["versions", "/nonexistent.json"]).0, 2);
    assert_eq!(run(&["versions", &file, "--format", "yaml"]).0, 2);
    assert_eq!(run(&["versions"]).0, 2);
}
