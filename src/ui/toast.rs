//! The notice in the status bar (a toast): what just happened or went wrong, with the one thing
//! it offers to do. It leaves by itself: an information after 6 seconds, one that offers a
//! button (Undo, Use mine, Download…) after 10, an error after 15 (an error is read, and often
//! acted on, more slowly). The time stands still while the pointer is over it or the focus is in
//! it, and starts again when they leave; Escape (the app's, `actions::deselect`) and its ×
//! dismiss it at once.

use super::state::{Editor, Notice, NoticeAction, NoticeKind};
use super::text::tr;
use crate::i18n::Msg;
use gloo::timers::callback::Timeout;
use leptos::prelude::*;
use std::cell::RefCell;

/// How long a notice stays, in milliseconds.
fn lifetime(n: &Notice) -> u32 {
    match (n.kind, &n.action) {
        (NoticeKind::Error, _) => 15_000,
        (NoticeKind::Info, Some(_)) => 10_000,
        (NoticeKind::Info, None) => 6_000,
    }
}

thread_local! {
    /// The timer of the notice on screen (dropping it cancels it).
    static TIMER: RefCell<Option<Timeout>> = const { RefCell::new(None) };
}

/// Starts (again) the time the notice on screen has left; `None` stops it.
fn set_timer(editor: Editor, ms: Option<u32>) {
    let timer = ms.map(|ms| {
        let shown = editor.notice.get_untracked();
        Timeout::new(ms, move || {
            // Only the notice it was started for (a newer one has its own time).
            if editor.notice.try_with_untracked(|n| *n == shown).unwrap_or(false) {
                editor.notice.set(None);
            }
        })
    });
    TIMER.set(timer);
}

#[component]
pub fn Toast() -> impl IntoView {
    let editor = expect_context::<Editor>();
    Effect::new(move |_| {
        let ms = editor.notice.with(|n| n.as_ref().map(lifetime));
        set_timer(editor, ms);
    });
    // Held while the pointer is over it or the focus in it; a few seconds more once they leave.
    let hold = move || set_timer(editor, None);
    let release = move || set_timer(editor, editor.notice.with_untracked(|n| n.as_ref().map(|_| 4_000)));
    move || {
        editor.notice.get().map(|n| {
            let class = if n.kind == NoticeKind::Error { "notice error" } else { "notice" };
            view! {
                <span
                    class=class
                    role=if n.kind == NoticeKind::Error { "alert" } else { "status" }
                    data-testid="notice"
                    on:pointerenter=move |_| hold()
                    on:pointerleave=move |_| release()
                    on:focusin=move |_| hold()
                    on:focusout=move |_| release()
                >
                    {n.text}
                    {n.action.map(|action| button(editor, action))}
                    <button class="link" aria-label=tr(Msg::Dismiss) data-testid="notice-dismiss" on:click=move |_| editor.notice.set(None)>"×"</button>
                </span>
            }
        })
    }
}

/// The button of a notice that offers something to do; doing it ends the notice.
fn button(editor: Editor, action: NoticeAction) -> impl IntoView {
    let label = match &action {
        NoticeAction::DownloadFile => Msg::DownloadTheFile,
        NoticeAction::BringBackComments => Msg::BringBackComment,
        NoticeAction::Undo => Msg::ActUndo,
        NoticeAction::UseMine(_) => Msg::UseMine,
    };
    let run = move |_| match &action {
        NoticeAction::DownloadFile => super::model_file::save_file(&editor),
        NoticeAction::BringBackComments => super::comments::bring_back(&editor),
        NoticeAction::Undo => {
            editor.notice.set(None);
            editor.undo();
        }
        NoticeAction::UseMine(lost) => {
            editor.notice.set(None);
            super::together::use_mine(&editor, lost);
        }
    };
    view! { <button class="link" data-testid="notice-action" on:click=run>{tr(label)}</button> }
}
