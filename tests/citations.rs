//! What users read cites public sources by their titles (MongoDB documentation pages, "6 Rules
//! of Thumb for MongoDB Schema Design", the "Building with Patterns" posts, the BiblioRed lesson
//! on document modelling and the course's other lessons by title), never the internal labels
//! of the project's notes ("Seed 001 §11", "seed 004", "DOMAIN.md §7"): nobody outside can
//! look those up.
//!
//! Walked, in English, Spanish and Portuguese: every rule's documentation, the generated and
//! written pages under `docs/` and `public/rules/`, the README, the template gallery's cards
//! and model notes, every interface message, every advisor sentence of every template's
//! report, the JSON report, the exports people read (decision sheets, mongosh script, review
//! report) and the CLI's help.

use docshape::advisor::report_json::json_report_text;
use docshape::advisor::{analyze, RULES};
use docshape::export::{mongosh, sheet};
use docshape::i18n::{Lang, Msg};
use docshape::model::load;
use docshape::share::{review_markdown, ReportOptions};
use docshape::templates::TEMPLATES;
use std::path::{Path, PathBuf};

/// The internal label `text` carries, if any: "seed" followed by a number or a possessive,
/// DOMAIN.md, or a section sign followed by a digit.
fn internal_label(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let chars: Vec<char> = lower.chars().collect();
    for (i, window) in chars.windows(6).enumerate() {
        let word: String = window[..4].iter().collect();
        let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '-');
        if word == "seed" && starts_word {
            let rest: String = chars[i + 4..].iter().take(4).collect();
            let after = rest.trim_start_matches([' ', 's']);
            if after.starts_with(|c: char| c.is_ascii_digit()) || rest.starts_with("'s") || rest.starts_with("’s") {
                return Some(chars[i..(i + 12).min(chars.len())].iter().collect());
            }
        }
    }
    if lower.contains("domain.md") {
        return Some("DOMAIN.md".into());
    }
    let mut it = lower.char_indices().peekable();
    while let Some((at, c)) = it.next() {
        if c == '§' && it.peek().is_some_and(|(_, d)| d.is_ascii_digit() || *d == ' ') {
            return Some(lower[at..].chars().take(8).collect());
        }
    }
    None
}

fn assert_clean(what: &str, text: &str) {
    if let Some(label) = internal_label(text) {
        panic!("{what} cites an internal label ({label:?}); cite the source by its title instead");
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory").flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

#[test]
fn the_check_recognises_the_labels_and_spares_ordinary_words() {
    for bad in [
        "Seed 001 §11",
        "see seed 004",
        "(seed 002)",
        "seed 000's outlier",
        "El seed 001 lo llama",
        "DOMAIN.md §4",
        "§3",
    ] {
        assert!(internal_label(bad).is_some(), "{bad}");
    }
    for fine in [
        "--seed 7 draws other documents",
        "seeded by the collection",
        "the BiblioRed lesson, \"Anti-patrones que hay que reconocer\"",
        "a seed of 42",
    ] {
        assert_eq!(internal_label(fine), None, "{fine}");
    }
}

#[test]
fn rule_docs_and_pages_cite_titles() {
    for rule in RULES {
        for lang in Lang::ALL {
            assert_clean(&format!("{} docs ({})", rule.meta().code, lang.code()), rule.meta().docs_in(lang));
        }
    }
    let mut files = Vec::new();
    files_under(&root().join("docs"), "md", &mut files);
    files_under(&root().join("public/rules"), "md", &mut files);
    files.push(root().join("README.md"));
    assert!(files.len() > 80, "{} files", files.len());
    for path in files {
        assert_clean(&path.display().to_string(), &std::fs::read_to_string(&path).expect("readable"));
    }
}

#[test]
fn the_interface_and_the_gallery_cite_titles() {
    for lang in Lang::ALL {
        for msg in Msg::ALL {
            assert_clean(&format!("{msg:?} ({})", lang.code()), msg.text(lang));
        }
        for t in TEMPLATES {
            assert_clean(&format!("template {} card ({})", t.id, lang.code()), t.title(lang));
            assert_clean(&format!("template {} card ({})", t.id, lang.code()), t.blurb(lang));
        }
    }
    let mut files = Vec::new();
    files_under(&root().join("public/templates"), "json", &mut files);
    for path in files {
        assert_clean(&path.display().to_string(), &std::fs::read_to_string(&path).expect("readable"));
    }
}

#[test]
fn what_the_advisor_and_the_exports_write_cites_titles() {
    for t in TEMPLATES {
        let model = load(t.json()).expect("the template loads");
        let report = analyze(&model);
        for lang in Lang::ALL {
            let at = |what: &str| format!("{} {what} ({})", t.id, lang.code());
            for (source, text) in report.texts() {
                assert_clean(&at(&source), &text.render(lang));
            }
            assert_clean(&at("JSON report"), &json_report_text(&model, &report, lang));
            assert_clean(&at("decision sheets"), &sheet::sheets(&model, &report, lang));
            assert_clean(&at("mongosh script"), &mongosh::script(&model, &report.indexes, lang));
            let opts = ReportOptions { lang, ..ReportOptions::default() };
            assert_clean(&at("review report"), &review_markdown(&model, &report, &opts));
        }
    }
}

#[test]
fn the_cli_help_cites_titles() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_docshape")).arg("help").output().expect("run docshape");
    assert!(out.status.success());
    assert_clean("docshape help", &String::from_utf8_lossy(&out.stdout));
}
