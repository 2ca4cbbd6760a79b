//! The browser UI (Leptos). It reads the core and dispatches edits; it never holds model logic.

mod app;

pub use app::App;

/// Mounts the app on the page body.
pub fn mount() {
    leptos::mount::mount_to_body(App);
}
