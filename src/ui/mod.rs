//! The browser UI (Leptos). It reads the core and dispatches edits; it never holds model logic.

mod actions;
mod advisor_panel;
mod app;
mod canvas;
pub mod chunks;
mod clipboard;
mod comments;
mod comments_ui;
mod compare;
mod compare_ui;
mod context_menu;
mod delete_arrow;
mod designs;
mod designs_ui;
mod dialogs;
mod dump_import;
mod edges;
mod entity_box;
mod entity_inspector;
mod export_dialog;
mod field_editor;
mod field_rename;
mod form;
mod icons;
mod import_dialog;
mod inspector;
mod keys;
mod layout;
mod lookup;
mod modal;
mod model_file;
mod page;
mod page_leave;
pub mod pieces;
mod presentation;
mod progressive;
mod queries_panel;
mod query_call;
mod relation_inspector;
mod review_keep;
mod routes;
mod scale;
mod scale_view;
mod scroll_anchor;
mod share_ui;
pub mod state;
mod storage;
mod text;
mod texts;
pub mod timing;
mod toast;
mod together;
mod together_ui;
mod update_notice;
mod versions;
mod viewport;
mod worker_client;
mod zoom_menu;

pub use app::App;

/// Mounts the app on the page body.
pub fn mount() {
    #[cfg(not(feature = "wasm-split"))]
    pieces::link_all();
    texts::install_at_start();
    timing::timed("mount", || leptos::mount::mount_to_body(App));
}

/// Bytes of WebAssembly memory in use (read by the UI benchmark as `wasmBindings.wasm_memory_bytes()`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn wasm_memory_bytes() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|m| m.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map(|b| b.byte_length() as f64)
        .unwrap_or(0.0)
}
