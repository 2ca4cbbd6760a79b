//! No edit is lost when the page goes away. Autosave follows every change of the model within
//! the same turn, but an in-place rename keeps its text as a draft until Enter or a click
//! elsewhere; closing the tab, following a link or hiding the page (`pagehide`, and
//! `visibilitychange` to hidden, the last event a phone's browser is sure to send) commits that
//! draft, as leaving the input would, and saves at once. A tab left while another tab's save
//! conflicts with its own edits keeps them as a copy, as "Keep mine as a copy" would: the
//! question it was asking cannot be answered once the tab is gone.

use super::designs::{Designs, Status};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Listens for the page being left or hidden, for the app's life.
pub fn save_on_leave(designs: Designs) {
    let hide = window_event_listener_untyped("pagehide", move |_| flush(designs, true));
    let hidden = window_event_listener_untyped("visibilitychange", move |_| {
        if web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden()) {
            flush(designs, false);
        }
    });
    on_cleanup(move || {
        hide.remove();
        hidden.remove();
    });
}

/// Commits what is being typed (the focused input's own blur handler does it) and saves now,
/// without waiting for the effect that saves after a change. `leaving` on `pagehide` (the tab
/// closes or navigates away); a tab that is only hidden keeps its conflict's question open.
fn flush(designs: Designs, leaving: bool) {
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    if let Some(input) = focused.and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        let _ = input.blur();
    }
    if leaving && designs.status.get_untracked() == Status::Conflict {
        designs.keep_copy();
    }
    designs.autosave();
}
