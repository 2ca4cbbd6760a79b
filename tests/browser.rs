//! Browser tests (wasm-bindgen-test in headless Chromium): mount the real app and check the
//! DOM it builds. Run with `cargo test --target wasm32-unknown-unknown --test browser`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).map(|l| l.length()).unwrap_or(0)
}

#[wasm_bindgen_test]
fn the_app_mounts_with_the_demo_model() {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
    docshape::ui::mount();
    // Every box of the BiblioRed demo is drawn and every relation has an arrow.
    let model = docshape::model::load(include_str!("../public/templates/bibliored.json")).unwrap();
    assert_eq!(count("[data-testid=entity]"), model.entities.len() as u32);
    assert_eq!(count("[data-testid=query-item]"), model.queries.len() as u32);
    let names: Vec<String> = (0..count("[data-testid=entity]"))
        .filter_map(|i| document().query_selector_all("[data-testid=entity]").ok()?.get(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok()?.get_attribute("data-name"))
        .collect();
    assert!(names.contains(&"catalogo".to_string()), "{names:?}");
}

#[wasm_bindgen_test]
fn the_editor_records_and_undoes_an_edit() {
    use docshape::ui::state::Editor;
    use leptos::prelude::*;
    let owner = Owner::new();
    owner.with(|| {
        let editor = Editor::new(docshape::model::Model::new("t"));
        editor.edit(None, |m| {
            docshape::editor::edit::add_entity(m, Default::default());
        });
        assert_eq!(editor.model.with_untracked(|m| m.entities.len()), 1);
        assert!(editor.can_undo.get_untracked());
        editor.undo();
        assert_eq!(editor.model.with_untracked(|m| m.entities.len()), 0);
        assert!(editor.can_redo.get_untracked());
    });
}
