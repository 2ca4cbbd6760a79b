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
    // web/start.js fetches the demo for a visit with no design saved and hands it over.
    let demo = include_str!("../public/templates/bibliored.json");
    let window = web_sys::window().expect("a window");
    js_sys::Reflect::set(&window, &"docshapeDemo".into(), &demo.into()).expect("handed over");
    docshape::ui::mount();
    // Every box of the BiblioRed demo is drawn and every relation has an arrow.
    let model = docshape::model::load(demo).unwrap();
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

/// Lets Leptos' scheduled effects run.
async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

#[wasm_bindgen_test]
async fn switching_the_language_relabels_the_interface_and_is_remembered() {
    use wasm_bindgen::JsCast;
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten()).expect("localStorage");
    let _ = storage.clear();
    docshape::ui::mount();
    tick().await;
    // Other tests may have mounted an app too: work inside the one just mounted (the last).
    let selects = document().query_selector_all("[data-testid=language]").expect("query");
    let select: web_sys::HtmlSelectElement =
        selects.get(selects.length() - 1).expect("a language switcher").dyn_into().expect("a <select>");
    let app = select.closest("[data-testid=app]").ok().flatten().expect("inside the app");
    let text = |sel: &str| app.query_selector(sel).ok().flatten().and_then(|e| e.text_content()).unwrap_or_default();
    // Headless Chromium reports en-US: English is the default.
    assert_eq!(select.value(), "en");
    assert!(text("[data-testid=tab-advisor]").starts_with("Advisor"), "{}", text("[data-testid=tab-advisor]"));

    // The page fetches the Spanish and Portuguese texts (data/i18n/, not served to this test
    // page): installed here as that fetch would.
    use docshape::i18n::{install_texts, Lang};
    install_texts(Lang::Es, include_str!("../public/i18n/es.json")).expect("the Spanish texts");
    install_texts(Lang::Pt, include_str!("../public/i18n/pt.json")).expect("the Portuguese texts");
    select.set_value("es");
    let _ = select.dispatch_event(&web_sys::Event::new("change").expect("an event"));
    tick().await;
    assert!(text("[data-testid=tab-advisor]").starts_with("Asesor"), "{}", text("[data-testid=tab-advisor]"));
    assert!(text("[data-testid=queries]").contains("Patrones de acceso"));
    assert_eq!(storage.get_item("docshape.lang").ok().flatten().as_deref(), Some("es"));
    assert_eq!(document().document_element().and_then(|e| e.get_attribute("lang")).as_deref(), Some("es"));

    select.set_value("pt");
    let _ = select.dispatch_event(&web_sys::Event::new("change").expect("an event"));
    tick().await;
    assert!(text("[data-testid=queries]").contains("Padrões de acesso"));
    let _ = storage.clear();
    // Leave the page as the other tests expect it: their counts are page-wide.
    app.remove();
}
