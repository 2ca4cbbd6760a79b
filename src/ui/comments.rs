//! Review comments in the app: the panel's state (open, the filter, a thread being started),
//! the author's name (asked once, kept in this browser under `docshape.name`, the key the
//! collaboration's presence reads too), and how a comment edit is applied.
//!
//! Comments are the one edit review mode allows (it is how a reviewer speaks). Outside review
//! mode a comment edit is an ordinary edit: one undo step, saved by the autosave. In review mode
//! (a share link) there is no design of the reviewer's own to save into and no undo history:
//! the edit is applied to the shared design and the link in the address bar is replaced by one
//! that carries it, so a reload keeps the comments and the link the reviewer copies or sends
//! back has them (until that link is made, `review_keep` holds them for a reload). A version or a comparison on screen takes no comments (it is not a design).

use super::compare::Compare;
use super::state::{Editor, NoticeAction, NoticeKind};
use super::storage::{local_storage, read, write};
use crate::editor::geometry::{entity_rect, fit, Rect};
use crate::i18n::pick;
use crate::i18n::Msg;
use crate::model::{Anchor, Comment, Model};
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// This page's comments state (for the action table, which runs outside any view).
    static COMMENTS: std::cell::Cell<Option<Comments>> = const { std::cell::Cell::new(None) };
    /// The comments last deleted in review mode, with their places in the list (for
    /// [`bring_back`]: review mode has no undo).
    static DELETED: RefCell<Vec<(usize, Comment)>> = const { RefCell::new(Vec::new()) };
}

/// Where the author's name is kept: the same key as the name the others see in a room
/// (`ui::together`, which follows the author's name), so a person is one name in comments and
/// in presence.
pub const NAME_KEY: &str = "docshape.name";

/// The panel's width in CSS pixels (`.comments-panel` in style/main.css).
const PANEL_WIDTH: f64 = 360.0;

/// Which threads the panel lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Open,
    Resolved,
    All,
}

/// The panel's state, a context provided by the app.
#[derive(Clone, Copy)]
pub struct Comments {
    pub open: RwSignal<bool>,
    pub filter: RwSignal<Filter>,
    /// A thread being started, about this element.
    pub draft: RwSignal<Option<Anchor>>,
    /// The author's name ("" until given).
    pub author: RwSignal<String>,
}

impl Comments {
    pub fn provide() -> Comments {
        let author =
            local_storage().and_then(|s| read(&s, NAME_KEY).filter(|n| !n.trim().is_empty())).unwrap_or_default();
        let c = Comments {
            open: RwSignal::new(false),
            filter: RwSignal::new(Filter::Open),
            draft: RwSignal::new(None),
            author: RwSignal::new(author.trim().to_string()),
        };
        provide_context(c);
        COMMENTS.set(Some(c));
        c
    }

    /// This page's comments state, once the app set it up.
    pub fn get() -> Option<Comments> {
        COMMENTS.get()
    }

    /// Opens the panel with a new thread about `anchor` to write.
    pub fn start(&self, anchor: Anchor) {
        self.draft.set(Some(anchor));
        self.filter.set(Filter::Open);
        self.open.set(true);
    }

    /// Keeps the author's name in this browser.
    pub fn remember(&self, name: &str) {
        let name = name.trim().to_string();
        if let Some(s) = local_storage() {
            // A refused write only means the name is asked again next time.
            let _ = write(&s, NAME_KEY, &name);
        }
        // One name for one person: the room follows it (`ui::together`).
        self.author.set(name);
    }
}

/// Applies a comment edit (see the module's documentation); true when it was applied.
pub fn apply(editor: &Editor, f: impl FnOnce(&mut Model) -> bool) -> bool {
    if use_context::<Compare>().is_some_and(|c| c.showing()) {
        let why = pick(
            editor.lang.get_untracked(),
            [
                "Comments go on a design: go back to it to comment.",
                "Los comentarios van en un diseño: vuelve a él para comentar.",
                "Os comentários vão em um projeto: volte a ele para comentar.",
            ],
        );
        editor.notify(NoticeKind::Info, why);
        return false;
    }
    if editor.review.get_untracked() {
        let mut changed = false;
        editor.model.update(|m| changed = f(m));
        if changed {
            // Kept at once for a reload; the address bar catches up when the worker answers.
            editor.model.with_untracked(super::review_keep::hold);
            super::share_ui::keep_in_address(editor);
        }
        changed
    } else {
        let mut changed = false;
        editor.edit_comments(|m| changed = f(m));
        changed
    }
}

/// Deletes `name`'s comment `id` (see `editor::comments::delete`). Outside review mode undo
/// brings it back; in review mode, which has no undo, the notice offers to.
pub fn delete_own(editor: &Editor, id: &str, name: &str) {
    let before = editor.model.with_untracked(|m| m.comments.clone());
    if !apply(editor, |m| crate::editor::comments::delete(m, id, name)) || !editor.review.get_untracked() {
        return;
    }
    let gone: Vec<(usize, Comment)> = editor
        .model
        .with_untracked(|m| before.into_iter().enumerate().filter(|(_, c)| m.comment(&c.id).is_none()).collect());
    DELETED.with_borrow_mut(|d| *d = gone);
    editor.notify_offering(NoticeKind::Info, editor.text(Msg::CommentDeleted), NoticeAction::BringBackComments);
}

/// Puts back the comments [`delete_own`] deleted in review mode, at their places (one whose id
/// was taken meanwhile stays out: ids are unique).
pub fn bring_back(editor: &Editor) {
    let gone = DELETED.with_borrow_mut(std::mem::take);
    if gone.is_empty() {
        return;
    }
    apply(editor, |m| {
        let mut changed = false;
        for (at, c) in gone {
            if m.comment(&c.id).is_none() {
                m.comments.insert(at.min(m.comments.len()), c);
                changed = true;
            }
        }
        changed
    });
    editor.notice.set(None);
}

/// Milliseconds since 1970 (the browser's clock).
pub fn now() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// Selects the element a thread is about and frames it (at 100% at most).
pub fn show_anchor(editor: &Editor, anchor: &Anchor) {
    let element = match anchor {
        Anchor::Finding { on, .. } => on.as_ref(),
        other => other,
    };
    let area: Option<Rect> = editor.model.with_untracked(|m| match element {
        Anchor::Entity { entity } | Anchor::Field { entity, .. } => m.entity(entity).map(entity_rect),
        Anchor::Relation { relation } => m.relation(relation).and_then(|r| {
            let (a, b) = (m.entity(&r.parent)?, m.entity(&r.child)?);
            Some(entity_rect(a).union(&entity_rect(b)))
        }),
        _ => None,
    });
    match element {
        Anchor::Entity { entity } | Anchor::Field { entity, .. } => editor.select_entity(entity, false),
        Anchor::Relation { relation } => editor.select_relation(relation),
        Anchor::Query { query } => editor.active_query.set(Some(query.clone())),
        _ => {}
    }
    if let Some(area) = area {
        // Framed in the part of the canvas the panel leaves (it lies over the canvas' right side).
        let (w, h) = editor.viewport.get_untracked();
        let w = (w - PANEL_WIDTH).max(w / 2.0);
        let mut camera = fit(&area, w, h);
        if camera.zoom > 1.0 {
            let c = area.center();
            camera = crate::editor::geometry::Camera { zoom: 1.0, x: w / 2.0 - c.x, y: h / 2.0 - c.y };
        }
        editor.camera.set(camera);
    }
}
