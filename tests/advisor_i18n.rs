//! Every sentence the advisor writes exists in English, Spanish and Portuguese.
//!
//! Two complementary checks. The source scan reads every `text!` invocation under `src/` and
//! checks its three templates against its arguments (this covers branches no model reaches).
//! The report walk analyses the template gallery and hundreds of generated models and checks
//! every sentence of every report: translated (not built from an English `String`), every
//! placeholder filled in every language, every argument used in every language.

use docshape::advisor::{analyze, Report};
use docshape::i18n::{named_placeholders as placeholders, Lang};
use docshape::model::{load, synthetic};
use docshape::templates::TEMPLATES;
use std::path::Path;

/// One `text!` invocation found in the sources.
struct Invocation {
    at: String,
    forms: Vec<(String, String)>,
    args: Vec<String>,
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Reads a string literal starting at `s[0] == '"'`; returns its value and the rest.
fn literal(s: &str) -> Option<(String, &str)> {
    let mut chars = s.char_indices();
    if chars.next()?.1 != '"' {
        return None;
    }
    let mut value = String::new();
    let mut escaped = false;
    for (i, c) in chars {
        if escaped {
            match c {
                'n' => value.push('\n'),
                '\n' => {}
                c => value.push(c),
            }
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            return Some((value, &s[i + 1..]));
        } else {
            value.push(c);
        }
    }
    None
}

/// The body of a macro call starting after `text!(`, up to its closing parenthesis.
fn body(s: &str) -> &str {
    let mut depth = 1;
    let mut in_str = false;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        if in_str {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return &s[..i];
                }
            }
            _ => {}
        }
    }
    s
}

/// The argument names after `;`: the identifier at the start of each top-level segment.
fn arg_names(args: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0;
    let mut start = true;
    let mut in_str = false;
    for c in args.chars() {
        if in_str {
            in_str = c != '"';
            continue;
        }
        match c {
            '"' => in_str = true,
            '(' | '[' | '{' | '<' => depth += 1,
            ')' | ']' | '}' | '>' => depth -= 1,
            ',' if depth == 0 => {
                start = true;
                continue;
            }
            _ => {}
        }
        if start && !c.is_whitespace() {
            if c.is_ascii_alphabetic() || c == '_' {
                names.push(String::new());
            }
            start = false;
        }
        if let Some(last) = names.last_mut() {
            if depth == 0 && (c.is_ascii_alphanumeric() || c == '_') && !last.ends_with(' ') {
                last.push(c);
            } else if !last.ends_with(' ') {
                last.push(' ');
            }
        }
    }
    names.into_iter().map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect()
}

fn invocations() -> Vec<Invocation> {
    let mut files = Vec::new();
    rust_files(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")), &mut files);
    let mut out = Vec::new();
    // The macro's own unit tests hold deliberately broken examples.
    files.retain(|f| !f.ends_with("i18n/text.rs"));
    for file in files {
        let source = std::fs::read_to_string(&file).expect("source is readable");
        let mut rest = source.as_str();
        while let Some(at) = rest.find("text!(") {
            let line = source[..source.len() - rest.len() + at].lines().count();
            let call = body(&rest[at + 6..]);
            rest = &rest[at + 6..];
            if !call.trim_start().starts_with("en:") {
                continue; // the macro's own definition and documentation
            }
            let mut forms = Vec::new();
            let mut cursor = call;
            for lang in ["en:", "es:", "pt:"] {
                let Some(i) = cursor.find(lang) else { break };
                let after = cursor[i + lang.len()..].trim_start();
                let Some((value, tail)) = literal(after) else { break };
                forms.push((lang.trim_end_matches(':').to_string(), value));
                cursor = tail;
            }
            let args = cursor.trim_start().strip_prefix(';').map(arg_names).unwrap_or_default();
            out.push(Invocation { at: format!("{}:{line}", file.display()), forms, args });
        }
    }
    out
}

#[test]
fn every_text_macro_has_three_consistent_languages() {
    let found = invocations();
    assert!(found.len() >= 7, "the scan finds the advisor's sentences ({} found)", found.len());
    let mut problems = Vec::new();
    for inv in &found {
        if inv.forms.len() != 3 {
            problems.push(format!("{}: expected en, es and pt literals", inv.at));
            continue;
        }
        let mut args = inv.args.clone();
        args.sort();
        for (lang, form) in &inv.forms {
            let mut used: Vec<String> = placeholders(form).into_iter().map(str::to_string).collect();
            used.sort();
            used.dedup();
            if used != args {
                problems.push(format!("{}: {lang} uses {used:?} but the arguments are {args:?}", inv.at));
            }
        }
        let has_words = |s: &str| {
            let mut t = s.to_string();
            for p in placeholders(s) {
                t = t.replace(&format!("{{{p}}}"), "");
            }
            t.chars().any(char::is_alphabetic)
        };
        let en = &inv.forms[0].1;
        if has_words(en) && inv.forms[1..].iter().any(|(_, f)| f == en) {
            problems.push(format!("{}: a translation repeats the English {en:?}", inv.at));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// The models the report walk analyses: the gallery and generated models of several sizes.
fn models() -> Vec<(String, docshape::model::Model)> {
    let mut out = Vec::new();
    for t in TEMPLATES {
        let m = load(t.json()).unwrap_or_else(|e| panic!("template {} loads: {e}", t.id));
        out.push((t.id.to_string(), m));
    }
    for seed in 0..40 {
        out.push((format!("synthetic seed {seed}"), synthetic::generate(6 + seed as usize % 30, seed)));
    }
    out
}

/// What is wrong with the sentences of `report`, each line naming the model and the place.
pub fn untranslated(model: &str, report: &Report) -> Vec<String> {
    let mut out = Vec::new();
    for (place, text) in report.texts() {
        if !text.is_translated() {
            out.push(format!("{model}: {place}: untranslated {:?}", text.en()));
        } else if let Err(e) = text.check() {
            out.push(format!("{model}: {place}: {e}"));
        } else {
            // Braces that the English rendering shows too come from the model's data (an id
            // scheme such as `ACT-{socio_id}-{dia}`), not from a template left unfilled.
            let en = text.en();
            for lang in [Lang::Es, Lang::Pt] {
                let s = text.render(lang);
                if s.contains('{') && placeholders(&s).iter().any(|p| !en.contains(&format!("{{{p}}}"))) {
                    out.push(format!("{model}: {place}: unfilled placeholder in {lang:?}: {s}"));
                }
            }
        }
    }
    out
}

#[test]
fn every_sentence_of_every_report_is_translated() {
    // Grouped by kind of sentence (the place without element ids), one example each.
    let mut problems: std::collections::BTreeMap<String, (usize, String)> = Default::default();
    for (name, m) in models() {
        let report = analyze(&m);
        for p in untranslated(&name, &report) {
            let kind: String = p.split(": ").nth(1).unwrap_or("").split(' ').take(2).collect::<Vec<_>>().join(" ");
            let kind = if kind.starts_with("relation") { "relation".to_string() } else { kind };
            let entry = problems.entry(kind).or_insert((0, p));
            entry.0 += 1;
        }
    }
    let lines: Vec<String> = problems.iter().map(|(k, (n, example))| format!("{k} ({n}×), e.g. {example}")).collect();
    assert!(lines.is_empty(), "{} kinds of untranslated or broken sentences:\n{}", lines.len(), lines.join("\n"));
}
