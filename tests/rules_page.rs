//! `docs/rules.md` is generated from the rules' doc comments (`docshape rules`); this test
//! fails when it is stale. `UPDATE_SNAPSHOTS=1 cargo test --test rules_page` rewrites it.

#[test]
fn the_rules_page_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
    let fresh = docshape::advisor::rules_markdown();
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let saved = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(saved == fresh, "docs/rules.md is stale: run `UPDATE_SNAPSHOTS=1 cargo test --test rules_page`");
    for rule in docshape::advisor::RULES {
        assert!(saved.contains(rule.meta().code), "{} is missing from the page", rule.meta().code);
    }
}
