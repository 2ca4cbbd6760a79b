//! Every sentence the advisor says about the whole gallery, in the three languages, in one file
//! to read (`tests/snapshots/advisor-sentences.md`): findings (what, why, what to do, the fix's
//! button), the arrows' verdicts, the access patterns' explanations and the patterns' changes.
//! A change to any of them shows in the file's diff, where it is read before it is accepted:
//!
//! ```text
//! UPDATE_SNAPSHOTS=1 cargo test --test advisor_sentences
//! git diff tests/snapshots/advisor-sentences.md
//! ```

use docshape::advisor::analyze;
use docshape::i18n::{Lang, Text};
use docshape::model::load;
use docshape::templates::TEMPLATES;
use std::fmt::Write;
use std::path::PathBuf;

/// The sentences of one template's report in `lang`, each on a line of its own.
fn sentences(json: &str, lang: Lang, out: &mut String) {
    let model = load(json).expect("the template loads");
    let report = analyze(&model);
    let mut line = |kind: &str, text: &Text| {
        let _ = writeln!(out, "- {kind}: {}", text.render(lang));
    };
    for f in &report.findings {
        line(&format!("{} what", f.code), &f.message);
        line(&format!("{} why", f.code), &f.why);
        line(&format!("{} do", f.code), &f.fix_hint);
        if let Some(fix) = &f.fix {
            line(&format!("{} button", f.code), &fix.label());
        }
    }
    for r in &report.relations {
        line("arrow", r.summary());
    }
    for q in &report.queries {
        line("access pattern", &q.explanation);
    }
    for p in &report.patterns {
        line("pattern", &p.change);
    }
}

#[test]
fn every_advisor_sentence_over_the_gallery_reads_as_pinned() {
    let mut out = String::from("# Every advisor sentence over the gallery\n");
    for t in TEMPLATES {
        for (lang, name) in [(Lang::En, "English"), (Lang::Es, "Español"), (Lang::Pt, "Português")] {
            let _ = writeln!(out, "\n## {} · {name}\n", t.id);
            sentences(t.json(), lang, &mut out);
        }
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/advisor-sentences.md");
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &out).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!("{} is missing: UPDATE_SNAPSHOTS=1 cargo test --test advisor_sentences", path.display())
    });
    if pinned != out {
        let at = pinned.lines().zip(out.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "advisor-sentences.md changed at line {}:\n  pinned: {:?}\n  now:    {:?}\n(read the diff, then UPDATE_SNAPSHOTS=1 to accept)",
            at + 1,
            pinned.lines().nth(at).unwrap_or("<end>"),
            out.lines().nth(at).unwrap_or("<end>")
        );
    }
}
