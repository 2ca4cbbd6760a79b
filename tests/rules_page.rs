//! `docs/rules.md`, `docs/rules.es.md` and `docs/rules.pt.md` are generated from the rules'
//! doc comments and their translations (`docshape rules --lang ...`); this test fails when
//! one is stale. `UPDATE_SNAPSHOTS=1 cargo test --test rules_page` rewrites them.

use docshape::i18n::Lang;

/// The generated page of each language.
fn page_path(lang: Lang) -> std::path::PathBuf {
    let name = match lang {
        Lang::En => "rules.md".to_string(),
        other => format!("rules.{}.md", other.code()),
    };
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs").join(name)
}

#[test]
fn the_rules_pages_are_current() {
    for lang in Lang::ALL {
        let path = page_path(lang);
        let fresh = docshape::advisor::rules_markdown_in(lang);
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let saved = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(saved == fresh, "{} is stale: run `UPDATE_SNAPSHOTS=1 cargo test --test rules_page`", path.display());
        for rule in docshape::advisor::RULES {
            assert!(saved.contains(rule.meta().code), "{} is missing from {}", rule.meta().code, path.display());
        }
    }
    assert_eq!(docshape::advisor::rules_markdown(), docshape::advisor::rules_markdown_in(Lang::En));
}

#[test]
fn each_page_carries_its_own_language() {
    let es = docshape::advisor::rules_markdown_in(Lang::Es);
    let pt = docshape::advisor::rules_markdown_in(Lang::Pt);
    let en = docshape::advisor::rules_markdown_in(Lang::En);
    let count = docshape::advisor::RULES.len();
    assert_eq!(en.matches("\n### What it does\n").count(), count);
    assert_eq!(es.matches("\n### Qué hace\n").count(), count, "every rule has its Spanish text");
    assert_eq!(pt.matches("\n### O que faz\n").count(), count, "every rule has its Portuguese text");
    assert!(!es.contains("### What it does") && !pt.contains("### What it does"));
}
