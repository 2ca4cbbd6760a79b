//! The editor's state: the model and everything derived from it or about viewing it. Every
//! change to the model goes through the editor's store (`editor::store`), which records the
//! history step and announces the change to its listeners (the room, the autosave); the editor
//! then re-runs the advisor. Views only read signals and call these methods.

use crate::advisor::{analyze_votes, Report};
use crate::editor::arrange::place_stacked;
use crate::editor::geometry::{bounds, fit, Camera, Rect};
use crate::editor::store::{Event, ListenerId, Slot, Store};
use crate::i18n::{Lang, Msg};
use crate::model::{Model, Place, Point};
use leptos::prelude::*;
use std::collections::HashSet;
use std::rc::Rc;

/// What is selected on the canvas. Not part of the model, so never undone.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Selection {
    pub entities: Vec<String>,
    pub relation: Option<String>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.entities.is_empty() && self.relation.is_none()
    }

    pub fn has_entity(&self, id: &str) -> bool {
        self.entities.iter().any(|e| e == id)
    }
}

/// A drag in progress, previewed without touching the model (so one drag is one undo step and
/// the advisor does not run on every pointer move).
#[derive(Debug, Clone, PartialEq)]
pub enum Drag {
    /// Moving these boxes; how far is `Editor::drag_delta`, a signal of its own so that only
    /// the dragged boxes and their arrows subscribe to the pointer moves.
    Move {
        ids: HashSet<String>,
    },
    Connect {
        from: String,
        to: Point,
    },
    Band {
        from: Point,
        to: Point,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

/// A message in the status area (opening a broken file, a forbidden name...).
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub kind: NoticeKind,
    pub text: String,
    /// The one thing the notice offers to do about it, as a button beside the text.
    pub action: Option<NoticeAction>,
}

/// What a notice's button does.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeAction {
    /// Downloads the model file (as Ctrl+S does): when a share link cannot carry the design.
    DownloadFile,
    /// Puts back the comments just deleted in review mode (which has no undo).
    BringBackComments,
    /// Takes back the edit the notice reports (a one-click fix).
    Undo,
    /// Puts back this person's value that a colleague's concurrent edit replaced in a room.
    UseMine(Box<crate::collab::Lost>),
}

/// A field whose name is being edited in place on its box. `fresh` when Enter just added it:
/// cancelling a fresh field removes it again.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldRename {
    pub entity: String,
    pub path: String,
    pub fresh: bool,
}

/// What a context menu was opened on.
#[derive(Debug, Clone, PartialEq)]
pub enum MenuTarget {
    Canvas,
    Entity(String),
    Field { entity: String, path: String },
    Relation(String),
}

/// An open context menu: where (client pixels), on what, and the diagram point under it
/// (where "add" and "paste" put boxes).
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    pub x: f64,
    pub y: f64,
    pub at: Point,
    pub target: MenuTarget,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    Help,
    Export,
    New,
    Import,
    Designs,
    Versions,
    /// Deleting the selected reference arrow: keep its field in the child, or delete it too.
    DeleteArrow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Inspector,
    Advisor,
}

/// Which side panels are open: the access patterns (left) and the inspector and advisor (right).
/// Toggled from the toolbar or with `[` / `]`, remembered in this browser (`ui::layout`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Panels {
    pub queries: bool,
    pub side: bool,
}

impl Default for Panels {
    fn default() -> Panels {
        Panels { queries: true, side: true }
    }
}

#[derive(Clone, Copy)]
pub struct Editor {
    pub model: RwSignal<Model>,
    pub report: RwSignal<Report>,
    /// Milliseconds the last advisor run took (shown in the status bar, read by the benchmark).
    pub analysis_ms: RwSignal<f64>,
    pub selection: RwSignal<Selection>,
    pub camera: RwSignal<Camera>,
    pub drag: RwSignal<Option<Drag>>,
    /// The distance of the move in progress, in diagram units.
    pub drag_delta: RwSignal<(f64, f64)>,
    /// The undo history and the listeners of every change.
    store: StoredValue<Rc<Store>, LocalStorage>,
    pub can_undo: RwSignal<bool>,
    pub can_redo: RwSignal<bool>,
    pub active_query: RwSignal<Option<String>>,
    pub notice: RwSignal<Option<Notice>>,
    pub dialog: RwSignal<Option<Dialog>>,
    pub tab: RwSignal<Tab>,
    pub snap: RwSignal<bool>,
    pub dark: RwSignal<bool>,
    /// The canvas' size in pixels.
    pub viewport: RwSignal<(f64, f64)>,
    /// The entity whose name is being edited in place.
    pub renaming: RwSignal<Option<String>>,
    /// The field whose name is being edited in place.
    pub renaming_field: RwSignal<Option<FieldRename>>,
    /// The boxes grabbed last, drawn above the others (so the next grab picks what is seen).
    pub front: RwSignal<Vec<String>>,
    /// The open context menu.
    pub menu: RwSignal<Option<Menu>>,
    /// Presentation mode: the current step, or `None` when editing.
    pub presenting: RwSignal<Option<usize>>,
    /// How many slides the presentation has (counted by the slide's piece, `ui::presentation`;
    /// `None` until it is loaded).
    pub slides: RwSignal<Option<usize>>,
    /// The Scale view is open (`ui::scale`).
    pub scale_open: RwSignal<bool>,
    /// Review mode: a shared design, read-only, never autosaved over the user's own model.
    pub review: RwSignal<bool>,
    /// The interface language; every label reads it, so switching re-renders them.
    pub lang: RwSignal<Lang>,
    pub panels: RwSignal<Panels>,
    /// The access patterns added here whose start the person has not chosen yet (added in a
    /// design with no box): the advisor's DS001 about their entity "" is not shown while they
    /// are being created. A file's pattern that starts nowhere is reported as `check` does.
    pub starting: RwSignal<Vec<String>>,
}

/// The design on screen is kept in the signal the views read.
impl Slot for RwSignal<Model> {
    fn read<R>(&self, f: impl FnOnce(&Model) -> R) -> R {
        self.with_untracked(f)
    }

    fn replace(&self, model: Model) -> Model {
        self.try_update(move |m| std::mem::replace(m, model)).unwrap_or_default()
    }
}

impl Editor {
    pub fn new(mut model: Model) -> Editor {
        place_stacked(&mut model);
        // The relations' six reasons are written when shown (`relation_inspector`, presentation mode).
        let report = super::timing::timed("analyze", || analyze_votes(&model, None));
        Editor {
            model: RwSignal::new(model),
            report: RwSignal::new(report),
            analysis_ms: RwSignal::new(0.0),
            selection: RwSignal::new(Selection::default()),
            camera: RwSignal::new(Camera::default()),
            drag: RwSignal::new(None),
            drag_delta: RwSignal::new((0.0, 0.0)),
            store: StoredValue::new_local(Rc::new(Store::default())),
            can_undo: RwSignal::new(false),
            can_redo: RwSignal::new(false),
            active_query: RwSignal::new(None),
            notice: RwSignal::new(None),
            dialog: RwSignal::new(None),
            tab: RwSignal::new(Tab::Advisor),
            snap: RwSignal::new(true),
            dark: RwSignal::new(false),
            viewport: RwSignal::new((1200.0, 800.0)),
            renaming: RwSignal::new(None),
            renaming_field: RwSignal::new(None),
            front: RwSignal::new(Vec::new()),
            menu: RwSignal::new(None),
            presenting: RwSignal::new(None),
            slides: RwSignal::new(None),
            scale_open: RwSignal::new(false),
            review: RwSignal::new(false),
            lang: RwSignal::new(Lang::En),
            panels: RwSignal::new(Panels::default()),
            starting: RwSignal::new(Vec::new()),
        }
    }

    /// Applies an edit as one history step and re-runs the advisor. Edits with the same
    /// `coalesce` key in a row (typing in one input) merge into one step.
    pub fn edit(&self, coalesce: Option<&str>, f: impl FnOnce(&mut Model)) {
        self.edit_inner(coalesce, true, f);
    }

    /// An edit that only moves boxes: recorded, but the advisor need not run.
    pub fn edit_layout(&self, f: impl FnOnce(&mut Model)) {
        self.edit_inner(None, false, f);
    }

    /// An edit of the review comments: one undo step; the advisor need not run (comments are
    /// not part of what it judges). Review mode's comments go through `comments::apply`.
    pub fn edit_comments(&self, f: impl FnOnce(&mut Model)) {
        self.edit_inner(None, false, f);
    }

    fn edit_inner(&self, coalesce: Option<&str>, reanalyze: bool, f: impl FnOnce(&mut Model)) {
        if !self.may_edit() {
            return;
        }
        let mut after = self.model.with_untracked(Model::clone);
        f(&mut after);
        self.commit(after, coalesce, reanalyze);
    }

    /// Review mode is read-only: says so.
    fn may_edit(&self) -> bool {
        let review = self.review.get_untracked();
        if review {
            self.notify(NoticeKind::Info, self.text(Msg::ReadOnlyNotice));
        }
        !review
    }

    /// Puts the design after an edit on screen through the store (one code path for every
    /// edit, whatever closure made it).
    fn commit(&self, after: Model, coalesce: Option<&str>, reanalyze: bool) {
        if !self.store().commit(&self.model, after, coalesce) {
            return;
        }
        if reanalyze {
            self.reanalyze();
        }
        self.sync_history_flags();
    }

    fn store(&self) -> Rc<Store> {
        self.store.get_value()
    }

    /// Calls `f` with every change of the design and the other announcements of the store
    /// (`editor::store::Event`): how the room and the autosave hear of edits.
    pub fn listen(&self, f: impl Fn(&Event) + 'static) -> ListenerId {
        self.store().listen(f)
    }

    /// Shows a design changed elsewhere (a colleague's edit in the room, or this person's undo
    /// there): not a step of the record history, and the focus stays where it is.
    pub fn show_shared(&self, model: Model) {
        if !self.store().show_remote(&self.model, model) {
            return;
        }
        self.prune_selection();
        self.reanalyze();
    }

    /// Ends typing coalescence (on blur), so the next keystroke starts a new undo step.
    pub fn seal(&self) {
        self.store().seal();
    }

    /// Hands the undo history to a room, which keeps this person's steps (`true`), or takes it
    /// back: edits are then not recorded here, and undo and redo are asked of the room.
    pub fn keep_history_elsewhere(&self, elsewhere: bool) {
        self.store().keep_history_elsewhere(elsewhere);
    }

    /// Whether a room keeps the undo history.
    pub fn history_elsewhere(&self) -> bool {
        self.store().history_elsewhere()
    }

    pub fn reanalyze(&self) {
        let start = now_ms();
        // With the reasons of the relation selected (the inspector's).
        let shown = self.selection.with_untracked(|s| s.relation.clone());
        let mut report = self.model.with_untracked(|m| analyze_votes(m, shown.as_deref()));
        self.analysis_ms.set(now_ms() - start);
        self.starting.with_untracked(|starting| hide_unchosen_starts(&mut report, starting));
        self.report.set(report);
    }

    /// Marks access pattern `id` as being created with no start chosen yet (see `starting`).
    pub fn mark_starting(&self, id: &str) {
        self.starting.update(|s| s.push(id.to_string()));
        self.report.update(|r| hide_unchosen_starts(r, &[id.to_string()]));
    }

    fn sync_history_flags(&self) {
        let store = self.store();
        // In a room the flags are the room's (`ui::together`).
        if store.history_elsewhere() {
            return;
        }
        self.can_undo.set(store.can_undo());
        self.can_redo.set(store.can_redo());
    }

    pub fn undo(&self) {
        self.step(true);
    }

    pub fn redo(&self) {
        self.step(false);
    }

    fn step(&self, back: bool) {
        if self.review.get_untracked() {
            return;
        }
        // With the history in a room, the store asks the room for the step.
        let store = self.store();
        let done = if back { store.undo(&self.model) } else { store.redo(&self.model) };
        if done {
            self.prune_selection();
            self.reanalyze();
            self.sync_history_flags();
        }
    }

    /// Replaces the whole model (open, template, import) as one undoable step.
    pub fn replace(&self, mut model: Model) {
        place_stacked(&mut model);
        self.edit(None, |m| *m = model);
        self.selection.set(Selection::default());
        self.active_query.set(None);
        self.fit_view();
    }

    /// Shows a whole other model (another design, or another tab's save of this one) with a
    /// fresh history: undo never walks from one design into another. Boxes written without a
    /// position are laid out first (`editor::arrange`); the autosave then keeps their places.
    /// (Hearing it, a room this design was in is left: `ui::together`.)
    pub fn load(&self, mut model: Model, fit: bool) {
        place_stacked(&mut model);
        self.starting.set(Vec::new());
        self.store().load(&self.model, model);
        self.prune_selection();
        self.reanalyze();
        self.sync_history_flags();
        if fit {
            self.selection.set(Selection::default());
            self.active_query.set(None);
            self.fit_view();
        }
    }

    /// Starts a fresh record history (leaving a room: its steps were the room's, and the design
    /// may hold colleagues' edits the record history never saw).
    pub fn reset_history(&self) {
        self.store().reset_history();
        self.sync_history_flags();
    }

    /// Drops selected ids that no longer exist (after undo or delete).
    pub fn prune_selection(&self) {
        let model = self.model;
        self.selection.update(|s| {
            model.with_untracked(|m| {
                s.entities.retain(|id| m.entity(id).is_some());
                if s.relation.as_ref().is_some_and(|r| m.relation(r).is_none()) {
                    s.relation = None;
                }
            })
        });
    }

    pub fn select_entity(&self, id: &str, additive: bool) {
        self.selection.update(|s| {
            s.relation = None;
            if additive {
                if let Some(i) = s.entities.iter().position(|e| e == id) {
                    s.entities.remove(i);
                } else {
                    s.entities.push(id.to_string());
                }
            } else if !s.has_entity(id) {
                s.entities = vec![id.to_string()];
            }
        });
        self.tab.set(Tab::Inspector);
    }

    pub fn select_relation(&self, id: &str) {
        self.selection.set(Selection { entities: Vec::new(), relation: Some(id.to_string()) });
        self.tab.set(Tab::Inspector);
    }

    pub fn clear_selection(&self) {
        self.selection.set(Selection::default());
    }

    /// The text of `m` in the current language, tracked: a view that calls it re-renders
    /// when the language changes.
    pub fn t(&self, m: Msg) -> &'static str {
        m.text(self.lang.get())
    }

    /// The text of `m` in the current language, untracked (for notices and event handlers).
    pub fn text(&self, m: Msg) -> &'static str {
        m.text(self.lang.get_untracked())
    }

    /// `m` with its `{}` filled, in the current language, untracked.
    pub fn fill(&self, m: Msg, args: &[&dyn std::fmt::Display]) -> String {
        m.fill(self.lang.get_untracked(), args)
    }

    /// How far the drag in progress moves entity `id`. Reactive: a box that is not dragged
    /// does not read `drag_delta`, so it does not re-render on pointer moves.
    pub fn drag_offset(&self, id: &str) -> (f64, f64) {
        let dragged = self.drag.with(|d| matches!(d, Some(Drag::Move { ids }) if ids.contains(id)));
        if dragged {
            self.drag_delta.get()
        } else {
            (0.0, 0.0)
        }
    }

    pub fn notify(&self, kind: NoticeKind, text: impl Into<String>) {
        self.notice.set(Some(Notice { kind, text: text.into(), action: None }));
    }

    /// A notice with a button that does `action`.
    pub fn notify_offering(&self, kind: NoticeKind, text: impl Into<String>, action: NoticeAction) {
        self.notice.set(Some(Notice { kind, text: text.into(), action: Some(action) }));
    }

    /// Frames the whole diagram in the canvas; an empty one is shown at 100%, so the first box
    /// added to a blank design is drawn readable, with its fields.
    pub fn fit_view(&self) {
        let (w, h) = self.viewport.get_untracked();
        match self.model.with_untracked(bounds) {
            Some(content) => self.camera.set(fit(&content, w, h)),
            None => self.camera.set(Camera::default()),
        }
    }

    /// Sets the zoom (1.0 is 100%), around the canvas centre.
    pub fn zoom_to(&self, zoom: f64) {
        let factor = zoom / self.camera.with_untracked(|c| c.zoom);
        self.zoom_by(factor);
    }

    /// Zooms around the canvas centre.
    pub fn zoom_by(&self, factor: f64) {
        let (w, h) = self.viewport.get_untracked();
        self.camera.update(|c| *c = c.zoom_at(Point { x: w / 2.0, y: h / 2.0 }, factor));
    }

    /// The centre of the visible area, in diagram coordinates (where new boxes go).
    pub fn view_center(&self) -> Point {
        let (w, h) = self.viewport.get_untracked();
        self.camera.with_untracked(|c| c.to_diagram(Point { x: w / 2.0 - 120.0, y: h / 2.0 - 60.0 }))
    }

    /// The part of the diagram on screen, less a small margin: where new boxes go.
    pub fn view_area(&self) -> Rect {
        let (w, h) = self.viewport.get_untracked();
        self.camera.with_untracked(|c| {
            let v = c.visible(w, h);
            let margin = 16.0 / c.zoom.max(0.1);
            Rect { x: v.x + margin, y: v.y + margin, w: v.w - 2.0 * margin, h: v.h - 2.0 * margin }
        })
    }

    /// Deletes what is selected (boxes, an arrow), else the access pattern being looked at, as
    /// one undo step.
    pub fn delete_selection(&self) {
        let sel = self.selection.get_untracked();
        let query = self.active_query.get_untracked();
        if sel.is_empty() && query.is_none() {
            return;
        }
        // An arrow alone whose field the child holds: the person says what becomes of the field
        // (`ui::delete_arrow`).
        if let (true, Some(rel)) = (sel.entities.is_empty(), &sel.relation) {
            if !self.review.get_untracked() && self.model.with_untracked(|m| m.reference_field(rel).is_some()) {
                self.dialog.set(Some(Dialog::DeleteArrow));
                return;
            }
        }
        let entities: HashSet<String> = sel.entities.into_iter().collect();
        let relations: HashSet<String> = sel.relation.into_iter().collect();
        let queries: HashSet<String> =
            if entities.is_empty() && relations.is_empty() { query.into_iter().collect() } else { HashSet::new() };
        if !queries.is_empty() {
            self.active_query.set(None);
        }
        self.edit(None, |m| crate::editor::edit::delete(m, &entities, &relations, &queries));
        self.prune_selection();
    }

    /// Deletes arrow `id`, keeping the child's reference field as a plain field or deleting it
    /// too: one undo step either way.
    pub fn delete_arrow(&self, id: &str, keep_field: bool) {
        self.edit(None, |m| crate::editor::edit::delete_arrow(m, id, keep_field));
        self.prune_selection();
    }

    /// As [`Editor::reveal`], but first zooms to 100% around the box when the view is zoomed
    /// out past the level of detail (fields not drawn): for an in-place rename, whose box must
    /// be seen to be typed in.
    pub fn reveal_legibly(&self, id: &str) {
        if self.camera.with_untracked(|c| c.zoom) < crate::editor::geometry::FAR_ZOOM {
            let Some(r) = self.model.with_untracked(|m| m.entity(id).map(crate::editor::geometry::entity_rect)) else {
                return;
            };
            let (w, h) = self.viewport.get_untracked();
            let c = r.center();
            self.camera.set(Camera { zoom: 1.0, x: w / 2.0 - c.x, y: h / 2.0 - c.y });
        }
        self.reveal(id);
    }

    /// Pans (at the same zoom) so that entity `id` is wholly on screen, if it is not: a new or
    /// pasted box is always seen, and its rename box drawn.
    pub fn reveal(&self, id: &str) {
        let Some(r) = self.model.with_untracked(|m| m.entity(id).map(crate::editor::geometry::entity_rect)) else {
            return;
        };
        let (w, h) = self.viewport.get_untracked();
        let view = self.camera.with_untracked(|c| c.visible(w, h));
        let margin = 24.0 / self.camera.with_untracked(|c| c.zoom).max(0.1);
        let dx = if r.x - margin < view.x {
            view.x - (r.x - margin)
        } else if r.right() + margin > view.right() {
            view.right() - (r.right() + margin)
        } else {
            0.0
        };
        let dy = if r.y - margin < view.y {
            view.y - (r.y - margin)
        } else if r.bottom() + margin > view.bottom() {
            view.bottom() - (r.bottom() + margin)
        } else {
            0.0
        };
        if dx != 0.0 || dy != 0.0 {
            self.camera.update(|c| {
                c.x += dx * c.zoom;
                c.y += dy * c.zoom;
            });
        }
    }
}

/// Drops DS001's "it names the entity \"\"" about the access patterns being created
/// (`starting`): where such a pattern starts is a choice not made yet, not an error.
fn hide_unchosen_starts(report: &mut Report, starting: &[String]) {
    if starting.is_empty() {
        return;
    }
    let unchosen = crate::model::names_missing_entity("");
    report.findings.retain(|f| {
        let creating = matches!(&f.place, Place::Query { id } if starting.iter().any(|s| s.as_str() == id.as_str()));
        !(creating && f.code == "DS001" && f.message == unchosen)
    });
}

/// High-resolution time in milliseconds.
pub fn now_ms() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}
