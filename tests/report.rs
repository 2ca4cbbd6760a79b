//! `docshape report` and `docshape share` on the BiblioRed template, through the binary.

use docshape::model::load;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIBLIORED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/public/templates/bibliored.json");

fn docshape(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_docshape")).args(args).output().expect("run docshape")
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("report-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn report_writes_markdown_and_a_sibling_svg() {
    let dir = scratch("sibling");
    let out = dir.join("review.md");
    let run = docshape(&["report", BIBLIORED, "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let md = std::fs::read_to_string(&out).expect("report written");
    let svg = std::fs::read_to_string(dir.join("review.svg")).expect("diagram written beside it");
    roxmltree::Document::parse(&svg).expect("the diagram is well-formed XML");
    assert!(md.starts_with("# Design review: BiblioRed\n"), "{}", &md[..60]);
    assert!(md.contains("![Diagram of BiblioRed](review.svg)"));
    let model = load(&std::fs::read_to_string(BIBLIORED).unwrap()).unwrap();
    for q in &model.queries {
        assert!(md.contains(&format!("| `{}` |", q.id)), "access pattern {} in the table", q.id);
    }
    for c in model.collections() {
        assert!(md.contains(&format!("\n### {}\n", c.name)), "collection {}", c.name);
    }
    assert!(md.contains("### catalogo → resenas"), "relations by name");
    for section in ["## Access patterns", "## Findings", "## Relations", "## Collections"] {
        assert!(md.contains(section), "{section}");
    }
}

#[test]
fn svg_option_places_the_diagram_and_the_link_is_relative() {
    let dir = scratch("relative");
    std::fs::create_dir_all(dir.join("docs")).unwrap();
    std::fs::create_dir_all(dir.join("img")).unwrap();
    let out = dir.join("docs/review.md");
    let svg = dir.join("img/biblio.svg");
    let run = docshape(&[
        "report",
        BIBLIORED,
        "--out",
        out.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--theme",
        "dark",
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(md.contains("](../img/biblio.svg)"), "relative from docs/: {md}");
    let svg = std::fs::read_to_string(&svg).unwrap();
    assert!(svg.contains(".bg{fill:#11161d}"), "dark theme");
}

#[test]
fn report_to_stdout_inlines_the_diagram() {
    let run = docshape(&["report", BIBLIORED]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let md = text(&run.stdout);
    let start = md.find("src=\"data:image/svg+xml;base64,").expect("inline image") + 31;
    let end = start + md[start..].find('"').expect("closing quote");
    let url_alphabet: String = md[start..end]
        .trim_end_matches('=')
        .chars()
        .map(|c| {
            if c == '+' {
                '-'
            } else if c == '/' {
                '_'
            } else {
                c
            }
        })
        .collect();
    let svg = docshape::share::base64url_decode(&url_alphabet).expect("valid base64");
    roxmltree::Document::parse(std::str::from_utf8(&svg).unwrap()).expect("an SVG inside");
    assert!(text(&run.stderr).contains("GitHub does not show"), "the user is told");
}

#[test]
fn share_round_trips_through_the_command_line() {
    let run = docshape(&["share", BIBLIORED, "--base", "https://docshape.test/"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let link = text(&run.stdout).trim().to_string();
    assert!(link.starts_with("https://docshape.test/#m="), "{link}");
    assert!(link.len() < 8_000);

    let back = docshape(&["share", "--decode", &link]);
    assert!(back.status.success(), "{}", text(&back.stderr));
    let model = load(&text(&back.stdout)).expect("the decoded model loads");
    let original = load(&std::fs::read_to_string(BIBLIORED).unwrap()).unwrap();
    assert_eq!(model, original);

    let mut child = Command::new(env!("CARGO_BIN_EXE_docshape"))
        .args(["share", "--decode", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().unwrap().write_all(format!("{link}\n").as_bytes()).unwrap();
    let piped = child.wait_with_output().unwrap();
    assert!(piped.status.success());
    assert_eq!(load(&text(&piped.stdout)).unwrap(), original);
}

#[test]
fn bad_links_exit_2_with_the_reason() {
    let link = text(&docshape(&["share", BIBLIORED]).stdout).trim().to_string();
    let cases = [
        ("https://docshape.test/", "not a docshape share link"),
        ("#m=abc*def", "character 4 after \"#m=\" is '*'"),
        (&link[..link.len() / 2], "cut short"),
    ];
    for (bad, message) in cases {
        let run = docshape(&["share", "--decode", bad]);
        assert_eq!(run.status.code(), Some(2), "{bad}");
        let stderr = text(&run.stderr);
        assert!(stderr.contains(message), "{bad}: {stderr}");
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn missing_model_file_is_an_error() {
    let run = docshape(&["report", "/nonexistent/model.json"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("cannot read /nonexistent/model.json"));
}
