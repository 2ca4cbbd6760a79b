//! "A new version is ready": a quiet notice when a new release of the app has been installed in
//! the background (the page's start-up script, web/start.js, says so with a `docshape-update`
//! event). Reloading takes it, once this tab's edits are saved; until then the open page keeps
//! working on its own release.

use super::designs::Designs;
use super::state::{Editor, NoticeKind};
use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

#[component]
pub fn UpdateNotice() -> impl IntoView {
    let ready = RwSignal::new(false);
    let refused = RwSignal::new(false);
    let listener = window_event_listener_untyped("docshape-update", move |_| ready.set(true));
    on_cleanup(move || listener.remove());
    let reload = move |_| {
        if !Designs::get().nothing_unsaved() {
            refused.set(true);
            return;
        }
        take_update();
    };
    move || {
        ready.get().then(|| {
            view! {
                <div class="update-notice" role="status" data-testid="update-notice">
                    <span>{move || if refused.get() { tr(Msg::UpdateNotSaved)() } else { tr(Msg::UpdateReady)() }}</span>
                    <button class="link" data-testid="update-reload" on:click=reload>{tr(Msg::UpdateReload)}</button>
                    <button class="link" aria-label=tr(Msg::Dismiss) on:click=move |_| ready.set(false)>"×"</button>
                </div>
            }
        })
    }
}

/// Reloads into the newest release once the design is saved; until then says why not. For a
/// part of the interface that a new release took away from this tab (src/ui/chunks.rs).
pub fn reload_when_saved(editor: &Editor) {
    if Designs::get().nothing_unsaved() {
        take_update();
    } else {
        editor.notify(NoticeKind::Error, editor.text(Msg::UpdateNotSaved).to_string());
    }
}

/// Calls `window.docshapeUpdate()` (web/start.js): the waiting release takes over and the page
/// reloads into it.
fn take_update() {
    let Some(window) = web_sys::window() else { return };
    let update = js_sys::Reflect::get(&window, &JsValue::from_str("docshapeUpdate")).ok();
    match update.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        Some(update) => {
            let _ = update.call0(&JsValue::NULL);
        }
        None => {
            let _ = window.location().reload();
        }
    }
}
