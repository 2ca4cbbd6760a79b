//! Review mode's comments kept at once. In review mode the comments live in the share link in
//! the address bar, and that link is made by the worker, a moment after the comment (see
//! `share_ui::keep_in_address`). A reload in that moment would open the old link, without the
//! comment. So a comment edit also writes the design on screen to this tab's storage
//! (sessionStorage, which a reload keeps), at once and synchronously, next to the link it was
//! made on; opening that same link in this tab reads it back, through the same checks as any
//! model file.
//!
//! The entry is not removed when the address bar catches up: a reload already on its way to
//! the old link still runs this page's tasks until the new page arrives, so the worker's answer
//! can land after the reload began, and the reload would then open the old link with nothing
//! held. It is dropped when a page of this tab opens another link (the address bar had caught
//! up, or the tab went elsewhere).
//!
//! A page that opens the old link with the design held marks it not carried again: its own
//! address bar shows the old link until its worker answers.
//!
//! One entry per tab: it always holds the design on screen and the link in the address bar
//! when it was written (a second comment before the worker answers rewrites it, still keyed
//! by the link the address bar shows).

use super::storage::{read, session_storage, write};
use crate::model::{self, Model};
use serde::{Deserialize, Serialize};

/// The key in this tab's sessionStorage.
const KEY: &str = "docshape.review.pending";

#[derive(Serialize, Deserialize)]
struct Pending {
    /// The share link's fragment (`#m=…`) the design was commented on.
    link: String,
    /// The design with its comments, as a model file's text.
    model: String,
    /// The address bar has since caught up: it carries this design in a newer link.
    #[serde(default)]
    carried: bool,
}

fn hash() -> Option<String> {
    web_sys::window()?.location().hash().ok()
}

/// Keeps `model` (the design on screen, just commented) for the link in the address bar.
/// Returns false when this tab's storage refused it (the comment then rests on the worker's
/// link alone).
pub fn hold(model: &Model) -> bool {
    let (Some(storage), Some(link)) = (session_storage(), hash()) else { return false };
    let pending = Pending { link, model: model.to_json(), carried: false };
    let Ok(text) = serde_json::to_string(&pending) else { return false };
    write(&storage, KEY, &text).is_ok()
}

/// The address bar carries the design held (the worker's link for the design on screen is in
/// it). The entry stays, for a reload already on its way to the old link; it says so.
pub fn carried() {
    let Some(storage) = session_storage() else { return };
    let Some(mut pending) = read(&storage, KEY).and_then(|t| serde_json::from_str::<Pending>(&t).ok()) else { return };
    pending.carried = true;
    if let Ok(text) = serde_json::to_string(&pending) {
        let _ = write(&storage, KEY, &text);
    }
}

/// Nothing is pending any more.
fn release() {
    if let Some(storage) = session_storage() {
        let _ = storage.remove_item(KEY);
    }
}

/// The design commented in this tab on share link `link` (a fragment, `#m=…`) that the link does
/// not carry yet, if any. A held design that does not load is dropped, and so is one held for
/// another link (the link opened now is newer, or another design).
pub fn restore(link: &str) -> Option<Model> {
    let storage = session_storage()?;
    let pending: Pending = serde_json::from_str(&read(&storage, KEY)?).ok()?;
    if pending.link != link {
        release();
        return None;
    }
    match model::load(&pending.model) {
        Ok(m) => {
            // This page shows the old link: its address bar does not carry the design held, even
            // when the page before it had made the newer link after its reload began.
            if pending.carried {
                let fresh = Pending { carried: false, ..pending };
                if let Ok(text) = serde_json::to_string(&fresh) {
                    let _ = write(&storage, KEY, &text);
                }
            }
            Some(m)
        }
        Err(_) => {
            release();
            None
        }
    }
}

/// Whether a design is held for the link in the address bar.
pub fn holding() -> bool {
    let (Some(storage), Some(link)) = (session_storage(), hash()) else { return false };
    read(&storage, KEY).and_then(|t| serde_json::from_str::<Pending>(&t).ok()).is_some_and(|p| p.link == link)
}
