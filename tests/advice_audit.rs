//! The precision audit (`docs/advice-audit.md`): every warning and error the advisor gives on
//! the gallery's templates and on the corpus cases, each with a one-line judgement written by a
//! person. The test fails when a finding appears that nobody judged, when the page lists one
//! that no longer appears, or when a judgement is missing.
//!
//! After a change to the advice: `UPDATE_AUDIT=1 cargo test --test advice_audit` rewrites the
//! table, keeps every judgement whose finding is still there and marks new ones `TODO`, which
//! fails until someone writes the judgement (or fixes the rule).

use docshape::advisor::{analyze, Severity};
use docshape::model::{load, Place};
use std::collections::BTreeMap;
use std::path::Path;

const PAGE: &str = "docs/advice-audit.md";
const HEADER: &str = "| where | code | at | finding | judgement |";
const TODO: &str = "TODO";

/// One finding: where it was given, its code, the element it points at and its English text.
struct Row {
    source: String,
    code: String,
    at: String,
    message: String,
}

impl Row {
    fn key(&self) -> (String, String, String) {
        (self.source.clone(), self.code.clone(), self.at.clone())
    }
}

fn place_id(place: &Place) -> String {
    match place {
        Place::Model => "(model)".into(),
        Place::Entity { id } | Place::Relation { id } | Place::Query { id } => id.to_string(),
        Place::Field { entity, path } => format!("{entity}.{path}"),
    }
}

fn rows_of(source: &str, model_text: &str, out: &mut Vec<Row>) {
    let model = load(model_text).unwrap_or_else(|e| panic!("{source}: {e}"));
    for f in analyze(&model).findings {
        if matches!(f.severity, Severity::Error | Severity::Warning) {
            let mut message = f.message.en().replace('\n', " ");
            if message.chars().count() > 140 {
                message = message.chars().take(139).collect::<String>() + "…";
            }
            out.push(Row { source: source.into(), code: f.code.into(), at: place_id(&f.place), message });
        }
    }
}

fn json_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

fn current_rows() -> Vec<Row> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rows = Vec::new();
    for path in json_files(&root.join("public/templates")) {
        let name = path.file_name().unwrap().to_string_lossy();
        rows_of(&format!("template {name}"), &std::fs::read_to_string(&path).unwrap(), &mut rows);
    }
    for path in json_files(&root.join("tests/corpus")) {
        let name = path.file_stem().unwrap().to_string_lossy();
        let case: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        rows_of(&format!("case {name}"), &case["model"].to_string(), &mut rows);
    }
    rows
}

/// A table cell as Markdown: pipes escaped, so a finding's text cannot break the table.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\").replace('|', "\\|")
}

/// Splits a table line at its unescaped pipes and unescapes the cells.
fn cells(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = line.trim().trim_start_matches('|').chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.last_mut().unwrap().push(chars.next().unwrap_or('\\')),
            '|' => out.push(String::new()),
            c => out.last_mut().unwrap().push(c),
        }
    }
    if out.last().is_some_and(|c| c.trim().is_empty()) {
        out.pop();
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

/// The judgements on the page, by finding (a finding may appear more than once at one place).
fn judgements(page: &str) -> BTreeMap<(String, String, String), Vec<String>> {
    let mut out: BTreeMap<_, Vec<String>> = BTreeMap::new();
    let table = page.split_once(HEADER).map(|(_, t)| t).unwrap_or_default();
    for line in table.lines().skip(2).take_while(|l| l.trim_start().starts_with('|')) {
        let c = cells(line);
        assert_eq!(c.len(), 5, "{PAGE}: a row needs five cells: {line}");
        out.entry((c[0].clone(), c[1].clone(), c[2].clone())).or_default().push(c[4].clone());
    }
    out
}

fn table(rows: &[Row], mut judged: BTreeMap<(String, String, String), Vec<String>>) -> String {
    let mut out = format!("{HEADER}\n|---|---|---|---|---|\n");
    for row in rows {
        let judgement = judged.get_mut(&row.key()).and_then(|j| (!j.is_empty()).then(|| j.remove(0)));
        let judgement = judgement.filter(|j| !j.is_empty()).unwrap_or_else(|| TODO.into());
        out += &format!(
            "| {} | {} | {} | {} | {} |\n",
            cell(&row.source),
            cell(&row.code),
            cell(&row.at),
            cell(&row.message),
            cell(&judgement)
        );
    }
    out
}

#[test]
fn every_warning_and_error_on_the_gallery_and_the_corpus_is_judged() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE);
    let page = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{PAGE}: {e}"));
    let rows = current_rows();
    let judged = judgements(&page);

    if std::env::var_os("UPDATE_AUDIT").is_some() {
        let (head, rest) = page.split_once(HEADER).unwrap_or((page.as_str(), ""));
        let tail: String =
            rest.lines().skip(2).skip_while(|l| l.trim_start().starts_with('|')).map(|l| format!("{l}\n")).collect();
        std::fs::write(&path, format!("{head}{}{tail}", table(&rows, judged.clone()))).unwrap();
    }

    let mut listed: BTreeMap<_, usize> = judged.iter().map(|(k, v)| (k.clone(), v.len())).collect();
    let mut unlisted = Vec::new();
    for row in &rows {
        match listed.get_mut(&row.key()) {
            Some(n) if *n > 0 => *n -= 1,
            _ => unlisted.push(format!("{} {} at {}: {}", row.source, row.code, row.at, row.message)),
        }
    }
    let gone: Vec<String> =
        listed.iter().filter(|(_, n)| **n > 0).map(|((s, c, a), n)| format!("{s} {c} at {a} (×{n})")).collect();
    let unjudged: Vec<String> = judged
        .iter()
        .flat_map(|((s, c, a), js)| {
            js.iter().filter(|j| j.is_empty() || j.starts_with(TODO)).map(move |_| format!("{s} {c} at {a}"))
        })
        .collect();
    assert!(
        unlisted.is_empty() && gone.is_empty() && unjudged.is_empty(),
        "{PAGE} is out of date (UPDATE_AUDIT=1 cargo test --test advice_audit, then judge each TODO)\n\
         findings not listed: {unlisted:#?}\nlisted but no longer given: {gone:#?}\nnot judged: {unjudged:#?}"
    );
}

#[test]
fn a_finding_with_pipes_and_backslashes_survives_the_table() {
    let text = r"a | b \ c \| d";
    assert_eq!(cells(&format!("| {} | x |", cell(text))), vec![text.to_string(), "x".to_string()]);
}
