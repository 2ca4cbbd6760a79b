//! A rule's documentation in each language of the interface, and its sections by position.
//!
//! The English text is the rule's doc comment (`RuleMeta::docs`). The Spanish and Portuguese
//! translations live in `public/rules/<lang>/<code>.md`, one Markdown file per rule, with the
//! same level-2 sections in the same order (What it does / Why is this bad? / Example / Use
//! instead / References). The browser app fetches `public/rules/<lang>/<code>.md` at run time
//! for every language, English included (`public/rules/en/` is generated from the doc comments
//! and kept current by a test), so none of the texts is in its wasm. The texts are linked only
//! into what calls [`docs`]: the CLI, the generated pages, the tests and the export worker (its
//! review report explains each finding in the reader's language).
//!
//! Sections are found by position, not by their English heading, so [`summary_of`] and
//! [`why_of`] work on a translation as well as on the doc comment.

use super::registry::english_docs;
use super::RuleMeta;
use crate::i18n::Lang;

impl RuleMeta {
    /// The rule's doc comment, Markdown: What it does / Why is this bad? / Example /
    /// Use instead / References. Translations: [`docs`].
    ///
    /// Kept out of `RuleMeta` itself (see [`english_docs`]) so that a binary
    /// that never calls this, the browser app, does not carry the text: it fetches
    /// `rules/en/<code>.md` instead.
    pub fn docs(&self) -> &'static str {
        english_docs(self.code)
    }

    /// The first paragraph of the first section ("What it does"), for short explanations.
    pub fn summary(&self) -> &'static str {
        summary_of(self.docs())
    }

    /// The second section ("Why is this bad?"), up to the next heading.
    pub fn why(&self) -> &'static str {
        why_of(self.docs())
    }

    /// The documentation in `lang` (the doc comment for English).
    pub fn docs_in(&self, lang: Lang) -> &'static str {
        docs(self, lang)
    }
}

/// The documentation of `meta` in `lang`: the doc comment for English, the translated file
/// for Spanish and Portuguese (English if a translation were missing).
pub fn docs(meta: &RuleMeta, lang: Lang) -> &'static str {
    match lang {
        Lang::En => meta.docs(),
        Lang::Es | Lang::Pt => translated(meta.code, lang).unwrap_or_else(|| meta.docs()),
    }
}

/// Where the browser finds the documentation of rule `code` in `lang`, relative to the site
/// root (`rules/es/DS101.md`; `rules/en/DS101.md` is the doc comment without the space `///`
/// leaves at the start of each line, see [`english_markdown`]).
pub fn doc_path(code: &str, lang: Lang) -> String {
    format!("rules/{}/{code}.md", lang.code())
}

/// The English documentation of `meta` as the file `public/rules/en/<code>.md` holds it: the
/// doc comment without the leading space of each line, ending with a newline.
pub fn english_markdown(meta: &RuleMeta) -> String {
    let mut out = String::new();
    for line in meta.docs().lines() {
        out.push_str(line.strip_prefix(' ').unwrap_or(line));
        out.push('\n');
    }
    out
}

/// Declares the table of translated files: each code gets its Spanish and Portuguese file.
macro_rules! translations {
    ($($code:literal),* $(,)?) => {
        /// The translated file of rule `code` in `lang`, if there is one.
        pub fn translated(code: &str, lang: Lang) -> Option<&'static str> {
            match (code, lang) {
                $(
                    ($code, Lang::Es) => Some(include_str!(concat!("../../public/rules/es/", $code, ".md"))),
                    ($code, Lang::Pt) => Some(include_str!(concat!("../../public/rules/pt/", $code, ".md"))),
                )*
                _ => None,
            }
        }
    };
}

translations!(
    "DS001", "DS002", "DS101", "DS102", "DS103", "DS104", "DS105", "DS106", "DS107", "DS108", "DS109", "DS110",
    "DS111", "DS112", "DS501", "DS502", "DS503", "DS504", "DS505", "DS506", "DS507", "DS201", "DS202", "DS203",
    "DS204", "DS205", "DS206", "DS207", "DS301", "DS302", "DS303", "DS304", "DS305", "DS306", "DS307", "DS308",
    "DS309", "DS310", "DS311", "DS312", "DS313", "DS314", "DS315", "DS316", "DS401", "DS402", "DS403", "DS404",
    "DS405", "DS601", "DS602", "DS603", "DS604",
);

/// Whether `line` is a level-2 heading. Doc comment lines keep the space after `///`, so one
/// leading space is allowed.
fn is_heading(line: &str) -> bool {
    line.strip_prefix(' ').unwrap_or(line).starts_with("## ")
}

/// The level-2 sections of `docs`, in order, as (heading text, trimmed body). Text before the
/// first heading is not a section.
pub fn sections(docs: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    // (heading, start of its body) of the section being read.
    let mut open: Option<(&str, usize)> = None;
    let mut at = 0;
    for line in docs.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if is_heading(bare) {
            if let Some((heading, start)) = open {
                out.push((heading, docs[start..at].trim()));
            }
            let heading = bare.trim_start().trim_start_matches('#').trim();
            open = Some((heading, at + line.len()));
        }
        at += line.len();
    }
    if let Some((heading, start)) = open {
        out.push((heading, docs[start..].trim()));
    }
    out
}

/// The body of the `index`-th section (0 = what it does, 1 = why, 2 = example, 3 = use
/// instead, 4 = references); empty when there is no such section.
pub fn section_at(docs: &str, index: usize) -> &str {
    sections(docs).get(index).map(|(_, body)| *body).unwrap_or("")
}

/// The first paragraph of the first section ("What it does"), for short explanations.
pub fn summary_of(docs: &str) -> &str {
    first_paragraph(section_at(docs, 0))
}

/// The second section ("Why is this bad?"), whole.
pub fn why_of(docs: &str) -> &str {
    section_at(docs, 1)
}

/// `text` up to its first blank line (a line with only whitespace), trimmed.
fn first_paragraph(text: &str) -> &str {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim().is_empty() {
            break;
        }
        at += line.len();
    }
    text[..at].trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::RULES;

    /// `RuleMeta::summary` as it was before sections were found by position: the text after
    /// the English heading, up to the first blank line or heading.
    fn legacy_summary(docs: &str) -> &str {
        let body = docs.split("## What it does").nth(1).unwrap_or(docs);
        let body = body.trim_start();
        let end = body.find("\n\n").or_else(|| body.find("\n#")).unwrap_or(body.len());
        body[..end].trim()
    }

    /// The English "Why is this bad?" section found by its heading.
    fn why_by_heading(docs: &str) -> &str {
        let rest = docs.split_once("## Why is this bad?").map(|(_, r)| r).unwrap_or("");
        let end = rest.find("\n ## ").or_else(|| rest.find("\n## ")).unwrap_or(rest.len());
        rest[..end].trim()
    }

    #[test]
    fn english_summary_and_why_are_unchanged_by_position_lookup() {
        for rule in RULES {
            let m = rule.meta();
            assert_eq!(summary_of(m.docs()), legacy_summary(m.docs()), "{}", m.code);
            assert_eq!(m.summary(), legacy_summary(m.docs()), "{}", m.code);
            assert_eq!(why_of(m.docs()), why_by_heading(m.docs()), "{}", m.code);
            assert!(!m.why().is_empty() && !m.why().contains("## "), "{}: why runs into the next section", m.code);
        }
    }

    #[test]
    fn sections_work_without_the_doc_comment_space() {
        let text = "## Qué hace\nPrimer párrafo\nsigue.\n\nSegundo.\n\n## Por qué es un problema\nPorque sí.\n\n## Ejemplo\n`x`\n";
        let s = sections(text);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].0, "Qué hace");
        assert_eq!(summary_of(text), "Primer párrafo\nsigue.");
        assert_eq!(why_of(text), "Porque sí.");
        assert_eq!(section_at(text, 2), "`x`");
        assert_eq!(section_at(text, 7), "");
        assert_eq!(summary_of("no headings at all"), "");
        let crlf = "## A\r\nuno\r\n\r\ndos\r\n## B\r\ntres\r\n";
        assert_eq!(summary_of(crlf), "uno");
        assert_eq!(why_of(crlf), "tres");
    }

    #[test]
    fn english_is_the_doc_comment_and_paths_name_the_files() {
        let m = RULES[0].meta();
        assert_eq!(docs(m, Lang::En), m.docs());
        assert!(m.docs().contains("## What it does"));
        assert_eq!(crate::advisor::registry::english_docs("DS999"), "");
        assert_eq!(doc_path("DS101", Lang::Es), "rules/es/DS101.md");
        assert_eq!(doc_path("DS101", Lang::Pt), "rules/pt/DS101.md");
        assert_eq!(doc_path("DS101", Lang::En), "rules/en/DS101.md");
    }
}
