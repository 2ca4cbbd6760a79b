//! The browser UI (Leptos). It reads the core and dispatches edits; it never holds model logic.

mod actions;
mod advisor_panel;
mod app;
mod canvas;
mod dialogs;
mod edges;
mod entity_box;
mod entity_inspector;
mod export_dialog;
mod field_editor;
mod form;
mod icons;
mod import_dialog;
mod inspector;
mod queries_panel;
mod relation_inspector;
pub mod state;
mod storage;
mod templates;

pub use app::App;

/// Mounts the app on the page body.
pub fn mount() {
    leptos::mount::mount_to_body(App);
}
