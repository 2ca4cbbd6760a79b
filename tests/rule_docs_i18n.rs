//! The translated rule documentation (`public/rules/<lang>/<code>.md`) against the English doc
//! comments: one file per registered rule and language, the same sections in the same order,
//! no section left empty, every inline code span and every figure kept, no stale file. Also
//! the generated English files (`public/rules/en/<code>.md`, what the browser app fetches):
//! `UPDATE_SNAPSHOTS=1 cargo test --test rule_docs_i18n` rewrites them from the doc comments.

use docshape::advisor::rule_docs::{docs, english_markdown, sections, summary_of, why_of};
use docshape::advisor::RULES;
use docshape::i18n::Lang;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The translated languages.
const TRANSLATED: [Lang; 2] = [Lang::Es, Lang::Pt];

/// Each English section heading and its Spanish and Portuguese translation.
const HEADINGS: &[(&str, &str, &str)] = &[
    ("What it does", "Qué hace", "O que faz"),
    ("Why is this bad?", "Por qué es un problema", "Por que é um problema"),
    ("Example", "Ejemplo", "Exemplo"),
    ("Use instead", "Alternativa", "Alternativa"),
    ("References", "Referencias", "Referências"),
];

/// Inline code spans or figures of the English text that a translation may legitimately
/// render differently: (rule code, language code, span or figure). Each entry says why.
/// Empty today: every span and figure of every rule is kept as is.
const ALLOWED_DIFFERENCES: &[(&str, &str, &str)] = &[];

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("public/rules")
}

fn file_of(code: &str, lang: Lang) -> PathBuf {
    rules_dir().join(lang.code()).join(format!("{code}.md"))
}

fn allowed(code: &str, lang: Lang, item: &str) -> bool {
    ALLOWED_DIFFERENCES.iter().any(|(c, l, i)| *c == code && *l == lang.code() && *i == item)
}

/// The expected heading in `lang` for the English heading `en`.
fn heading_in(en: &str, lang: Lang) -> Option<&'static str> {
    HEADINGS.iter().find(|(e, _, _)| *e == en).map(|(_, es, pt)| if lang == Lang::Es { *es } else { *pt })
}

/// The inline code spans of `text`, whitespace-normalised (a span may wrap across lines).
fn code_spans(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

/// The figures of `text` outside code spans: each run of digits, with the thousands and
/// decimal separators between digits removed (`10,000` and `10.000` are both `10000`,
/// `99.8` and `99,8` are both `998`), so locale formatting does not count as a change.
fn figures(text: &str) -> Vec<String> {
    let prose: String = text.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let chars: Vec<char> = prose.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            current.push(*c);
            continue;
        }
        let joins =
            (*c == ',' || *c == '.') && !current.is_empty() && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        if !joins && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[test]
fn every_rule_has_a_spanish_and_a_portuguese_file_linked_in() {
    for rule in RULES {
        let m = rule.meta();
        for lang in TRANSLATED {
            let path = file_of(m.code, lang);
            let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(!on_disk.trim().is_empty(), "{} is empty", path.display());
            assert_eq!(docs(m, lang), on_disk, "{}: the core links another text than {}", m.code, path.display());
            assert_eq!(m.docs_in(lang), on_disk);
        }
        assert_eq!(docs(m, Lang::En), m.docs());
    }
}

#[test]
fn translations_have_the_english_sections_in_order_and_none_empty() {
    for rule in RULES {
        let m = rule.meta();
        let english = sections(m.docs());
        assert!(!english.is_empty(), "{} has no sections", m.code);
        for lang in TRANSLATED {
            let text = docs(m, lang);
            let translated = sections(text);
            let headings: Vec<_> = translated.iter().map(|(h, _)| *h).collect();
            let expected: Vec<_> = english
                .iter()
                .map(|(h, _)| {
                    heading_in(h, lang).unwrap_or_else(|| panic!("{}: no translation for heading {h:?}", m.code))
                })
                .collect();
            assert_eq!(headings, expected, "{} ({}): headings", m.code, lang.code());
            assert_eq!(text.lines().filter(|l| l.starts_with("## ")).count(), english.len(), "{}", m.code);
            for (heading, body) in &translated {
                assert!(!body.is_empty(), "{} ({}): section {heading:?} is empty", m.code, lang.code());
            }
            assert!(
                !text.trim_start().is_empty() && text.trim_start().starts_with("## "),
                "{}: text before the first heading",
                m.code
            );
            assert!(!summary_of(text).is_empty() && !why_of(text).is_empty(), "{} ({})", m.code, lang.code());
            assert!(!why_of(text).contains("## "), "{} ({}): why runs into the next section", m.code, lang.code());
        }
    }
}

#[test]
fn no_translation_is_the_english_text() {
    for rule in RULES {
        let m = rule.meta();
        let english = english_markdown(m);
        let (es, pt) = (docs(m, Lang::Es), docs(m, Lang::Pt));
        for (lang, text) in [("es", es), ("pt", pt)] {
            assert_ne!(text.trim(), english.trim(), "{} ({lang}) is the English text", m.code);
            // References are citations (titles, section numbers) and may read the same.
            let prose = sections(m.docs()).into_iter().filter(|(h, _)| *h != "References");
            for (i, ((_, en_body), (_, body))) in prose.zip(sections(text)).enumerate() {
                let en_body: String = en_body.split_whitespace().collect::<Vec<_>>().join(" ");
                let body: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
                // A section that is nothing but code (an index key) may be identical.
                let only_code = !en_body.split('`').step_by(2).any(|prose| prose.chars().any(char::is_alphabetic));
                assert!(only_code || en_body != body, "{} ({lang}): section {} is untranslated", m.code, i + 1);
            }
        }
        assert_ne!(es, pt, "{}: the Spanish and Portuguese files are the same", m.code);
    }
}

#[test]
fn every_inline_code_span_of_the_english_is_kept() {
    let mut missing = Vec::new();
    for rule in RULES {
        let m = rule.meta();
        for lang in TRANSLATED {
            let spans: BTreeSet<String> = code_spans(docs(m, lang)).into_iter().collect();
            for span in code_spans(m.docs()) {
                if !spans.contains(&span) && !allowed(m.code, lang, &span) {
                    missing.push(format!("{} ({}): `{span}`", m.code, lang.code()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "code spans lost in translation:\n{}", missing.join("\n"));
}

#[test]
fn every_figure_of_the_english_is_kept() {
    let mut missing = Vec::new();
    for rule in RULES {
        let m = rule.meta();
        for lang in TRANSLATED {
            let found: BTreeSet<String> = figures(docs(m, lang)).into_iter().collect();
            for figure in figures(m.docs()) {
                if !found.contains(&figure) && !allowed(m.code, lang, &figure) {
                    missing.push(format!("{} ({}): {figure}", m.code, lang.code()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "figures lost in translation:\n{}", missing.join("\n"));
}

#[test]
fn figures_and_spans_are_read_as_intended() {
    assert_eq!(figures("over 10,000 entries, 99.8% and 16 MiB; `maxItems: 500`"), ["10000", "998", "16"]);
    assert_eq!(figures("más de 10.000 entradas, 99,8 % y 16 MiB. Fin 3."), ["10000", "998", "16", "3"]);
    assert_eq!(code_spans("a `x: 1` b `{y:\n 2}`"), ["x: 1", "{y: 2}"]);
}

#[test]
fn no_stale_translation_for_an_unregistered_code() {
    let codes: BTreeSet<&str> = RULES.iter().map(|r| r.meta().code).collect();
    let mut langs = Vec::new();
    for entry in std::fs::read_dir(rules_dir()).expect("public/rules exists") {
        let entry = entry.expect("readable entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        let lang = Lang::from_code(&name);
        assert!(lang.is_some() && entry.path().is_dir(), "public/rules/{name} is not a language of the interface");
        langs.push(name.clone());
        for file in std::fs::read_dir(entry.path()).expect("readable language folder") {
            let file = file.expect("readable file").file_name().to_string_lossy().into_owned();
            let code = file.strip_suffix(".md").unwrap_or_else(|| panic!("public/rules/{name}/{file} is not Markdown"));
            assert!(codes.contains(code), "public/rules/{name}/{file} documents no registered rule");
        }
    }
    langs.sort();
    assert_eq!(langs, ["en", "es", "pt"]);
}

#[test]
fn the_english_files_are_the_doc_comments() {
    for rule in RULES {
        let m = rule.meta();
        let path = file_of(m.code, Lang::En);
        let fresh = english_markdown(m);
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::create_dir_all(rules_dir().join("en")).expect("public/rules/en can be created");
            std::fs::write(&path, &fresh).expect("public/rules/en is writable");
        }
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            saved == fresh,
            "{} is stale: run `UPDATE_SNAPSHOTS=1 cargo test --test rule_docs_i18n`",
            path.display()
        );
        // What the browser shows from the file is what the doc comment says.
        let one_line = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(one_line(summary_of(&saved)), one_line(m.summary()), "{}", m.code);
        assert_eq!(one_line(why_of(&saved)), one_line(m.why()), "{}", m.code);
    }
}
