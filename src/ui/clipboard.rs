//! Copy, cut and paste of boxes through the system clipboard. Keyboard copies arrive as the
//! page's `copy`, `cut` and `paste` events, whose data is the system clipboard (no permission
//! asked); the context menu uses the asynchronous Clipboard API, and falls back to the last
//! payload copied in this page when the browser refuses to read. The payload is
//! `editor::clipboard`'s JSON in `text/plain`, so it pastes into another model, tab or window.

use super::state::{Editor, NoticeKind};
use crate::editor::clipboard;
use crate::i18n::Msg;
use crate::model::Point;
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// The last payload copied in this page.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The payload of the selected boxes, remembered as the last copy.
fn payload(e: &Editor) -> Option<String> {
    let ids = e.selection.with_untracked(|s| s.entities.clone());
    let text = e.model.with_untracked(|m| clipboard::copy(m, &ids))?;
    LAST.set(Some(text.clone()));
    Some(text)
}

/// The menu's Copy: writes the payload with the Clipboard API.
pub fn copy(e: &Editor) {
    let Some(text) = payload(e) else { return };
    if let Some(window) = web_sys::window() {
        let promise = window.navigator().clipboard().write_text(&text);
        leptos::task::spawn_local(async move {
            // Refused (no permission, page not focused): the in-page copy still pastes here.
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}

/// The menu's Cut: copies, then deletes the boxes (one undo step).
pub fn cut(e: &Editor) {
    if e.selection.with_untracked(|s| s.entities.is_empty()) {
        return;
    }
    copy(e);
    e.delete_selection();
}

/// The menu's Paste: reads the system clipboard, or the last copy when reading is refused.
pub fn paste(e: &Editor) {
    let at = super::viewport::place_point(e);
    let editor = *e;
    let Some(window) = web_sys::window() else { return };
    let promise = window.navigator().clipboard().read_text();
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_string());
        let text = text.filter(|t| clipboard::parse(t).is_some()).or_else(|| LAST.with_borrow(Clone::clone));
        match text {
            Some(t) => {
                paste_text(&editor, &t, at);
            }
            None => editor.notify(NoticeKind::Info, editor.text(Msg::NothingToPaste)),
        }
    });
}

/// Pastes a payload at `at` as one undo step and selects what it added. Returns whether the
/// text was a payload.
pub fn paste_text(e: &Editor, text: &str, at: Point) -> bool {
    let Some(payload) = clipboard::parse(text) else { return false };
    let mut ids = Vec::new();
    e.edit(None, |m| ids = clipboard::paste(m, payload, at));
    if let Some(first) = ids.first() {
        e.reveal(first);
    }
    e.selection.update(|s| {
        s.entities = ids;
        s.relation = None;
    });
    true
}

/// Listens to the page's copy, cut and paste events while the canvas lives. Text fields keep
/// their own clipboard behaviour.
pub fn listen(editor: Editor) {
    let on_copy = move |ev: web_sys::ClipboardEvent, cut: bool| {
        if super::keys::focus_is_editable()
            || editor.menu.with_untracked(Option::is_some)
            || editor.dialog.with_untracked(Option::is_some)
        {
            return;
        }
        let Some(text) = payload(&editor) else { return };
        if let Some(data) = ev.clipboard_data() {
            if data.set_data("text/plain", &text).is_ok() {
                ev.prevent_default();
            }
        }
        if cut {
            editor.delete_selection();
        }
    };
    let copy = window_event_listener(leptos::ev::copy, move |ev| on_copy(ev, false));
    let cut = window_event_listener(leptos::ev::cut, move |ev| on_copy(ev, true));
    let paste = window_event_listener(leptos::ev::paste, move |ev: web_sys::ClipboardEvent| {
        if super::keys::focus_is_editable() || editor.dialog.with_untracked(Option::is_some) {
            return;
        }
        let text = ev.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default();
        let at = super::viewport::place_point(&editor);
        if paste_text(&editor, &text, at) {
            ev.prevent_default();
        }
    });
    on_cleanup(move || {
        copy.remove();
        cut.remove();
        paste.remove();
    });
}
