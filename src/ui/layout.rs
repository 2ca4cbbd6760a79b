//! The workspace's side panels: the access patterns (left) and the inspector and advisor
//! (right) collapse to give the diagram the room a projector needs, from the toolbar or with
//! `[` and `]`; the choice is remembered in this browser. When the canvas changes size (a
//! panel, a slide) it is measured again, and a diagram that was fitted stays fitted.

use super::icons::Icon;
use super::state::{Editor, Panels};
use super::text::tr;
use crate::editor::geometry::{bounds, fit, Camera};
use crate::i18n::Msg;
use crate::model::{Model, Point};
use leptos::prelude::*;

const PANELS_KEY: &str = "docshape.panels";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The panels as this person last left them in this browser; `None` until they choose (a
/// toggle, `[` or `]`).
pub fn chosen_panels() -> Option<Panels> {
    let saved = local_storage().and_then(|s| s.get_item(PANELS_KEY).ok().flatten())?;
    Some(decode(&saved))
}

/// The panels the editor opens with: this person's own choice when they made one; else both
/// open, unless the design would then be fitted too small to read in this window
/// ([`first_view`]).
pub fn initial_panels(model: &Model, window: (f64, f64)) -> Panels {
    chosen_panels().unwrap_or_else(|| first_view(model, window))
}

/// The zoom at which the boxes' field text is read without effort (12.5 px drawn at 7.5 px or
/// more), the first view's aim.
pub const READABLE_ZOOM: f64 = 0.6;

/// The panels of a first visit: the diagram is what a new person must be able to read, and
/// the advisor is what answers their edits. So when the design, fitted between both panels,
/// would be drawn below [`READABLE_ZOOM`] (BiblioRed at 1280×720: 41%, its fields grey bars),
/// the access patterns' list is folded first (BiblioRed: 64%; the list is a click, `[` or an
/// added access pattern away); if that is not enough, the advisor too. A design too large to
/// be read whole at this size keeps both panels: folding them would not make it readable.
pub fn first_view(model: &Model, window: (f64, f64)) -> Panels {
    let Some(content) = bounds(model) else { return Panels::default() };
    let readable = |panels: Panels| {
        let (w, h) = canvas_size(window, panels);
        fit(&content, w, h).zoom >= READABLE_ZOOM
    };
    [Panels::default(), Panels { queries: false, side: true }, Panels { queries: false, side: false }]
        .into_iter()
        .find(|p| readable(*p))
        .unwrap_or_default()
}

/// `"queries,side"` lists the open panels; anything else reads as both open.
fn decode(saved: &str) -> Panels {
    if saved.is_empty() || !saved.split(',').all(|p| matches!(p, "queries" | "side" | "none")) {
        return Panels::default();
    }
    Panels { queries: saved.split(',').any(|p| p == "queries"), side: saved.split(',').any(|p| p == "side") }
}

fn encode(p: Panels) -> &'static str {
    match (p.queries, p.side) {
        (true, true) => "queries,side",
        (true, false) => "queries",
        (false, true) => "side",
        (false, false) => "none",
    }
}

/// The zoom at which the boxes' field text (12.5 px) is drawn at 11 px or more.
pub const LEGIBLE_ZOOM: f64 = 0.88;

/// The canvas a window of `width` × `height` leaves with `panels` open: the grid's columns
/// (`style/main.css`), less the toolbar and status bar.
pub fn canvas_size((width, height): (f64, f64), panels: Panels) -> (f64, f64) {
    let narrow = width <= 1100.0;
    let queries = if !panels.queries {
        0.0
    } else if narrow {
        240.0
    } else {
        300.0
    };
    let side = if !panels.side {
        0.0
    } else if narrow {
        320.0
    } else {
        380.0
    };
    ((width - queries - side).max(300.0), (height - 70.0).max(200.0))
}

/// The panels a shared design opens with. A reviewer comes to read the diagram: when it would
/// fit between the reader's panels only below a legible zoom, both start collapsed (for this
/// visit, not remembered), one key (`[`, `]`), toggle or banner button away.
pub fn for_review(model: &Model, window: (f64, f64), own: Panels) -> Panels {
    let Some(content) = bounds(model) else { return own };
    let (w, h) = canvas_size(window, own);
    if fit(&content, w, h).zoom >= LEGIBLE_ZOOM {
        own
    } else {
        Panels { queries: false, side: false }
    }
}

/// Opens review mode for `model` in a window of this size: collapses the panels if the diagram
/// needs their room to be read (see [`for_review`]).
pub fn enter_review(editor: &Editor, window: (f64, f64)) {
    let panels = editor.model.with_untracked(|m| for_review(m, window, editor.panels.get_untracked()));
    if panels != editor.panels.get_untracked() {
        editor.panels.set(panels);
        relayout(editor);
    }
}

/// Leaves review mode: the reader's own panels come back.
pub fn leave_review(editor: &Editor) {
    let own = editor.model.with_untracked(|m| initial_panels(m, window_size()));
    if own != editor.panels.get_untracked() {
        editor.panels.set(own);
        relayout(editor);
    }
}

/// The browser window's inner size.
pub fn window_size() -> (f64, f64) {
    let Some(w) = web_sys::window() else { return (1200.0, 800.0) };
    let width = w.inner_width().ok().and_then(|v| v.as_f64()).unwrap_or(1200.0);
    let height = w.inner_height().ok().and_then(|v| v.as_f64()).unwrap_or(800.0);
    (width, height)
}

/// Opens or closes panels; remembered, except in review mode (a reader opening the advisor of
/// a shared design is not choosing the layout of their own editor).
fn set(editor: &Editor, panels: Panels) {
    editor.panels.set(panels);
    if let Some(s) = local_storage().filter(|_| !editor.review.get_untracked()) {
        let _ = s.set_item(PANELS_KEY, encode(panels));
    }
    relayout(editor);
}

pub fn toggle_queries(editor: &Editor) {
    let p = editor.panels.get_untracked();
    set(editor, Panels { queries: !p.queries, ..p });
}

pub fn toggle_side(editor: &Editor) {
    let p = editor.panels.get_untracked();
    set(editor, Panels { side: !p.side, ..p });
}

/// After the page lays out again, measures the canvas; a fitted diagram is fitted again to the
/// new size, otherwise the point at the centre of the view stays there, at the same zoom.
pub fn relayout(editor: &Editor) {
    let editor = *editor;
    let (w0, h0) = editor.viewport.get_untracked();
    let before = editor.camera.get_untracked();
    let was_fitted = editor.model.with_untracked(bounds).is_some_and(|b| same(&fit(&b, w0, h0), &before));
    request_animation_frame(move || {
        super::viewport::measure(&editor);
        if was_fitted {
            editor.fit_view();
            return;
        }
        let (w1, h1) = editor.viewport.get_untracked();
        let centre = before.to_diagram(Point { x: w0 / 2.0, y: h0 / 2.0 });
        editor.camera.set(Camera {
            zoom: before.zoom,
            x: w1 / 2.0 - centre.x * before.zoom,
            y: h1 / 2.0 - centre.y * before.zoom,
        });
    });
}

fn same(a: &Camera, b: &Camera) -> bool {
    (a.zoom - b.zoom).abs() < 1e-6 && (a.x - b.x).abs() < 0.5 && (a.y - b.y).abs() < 0.5
}

/// The two toggles in the toolbar: each says which panel it hides or shows and whether it is
/// open (`aria-expanded`), with its key in the tooltip.
#[component]
pub fn PanelToggles() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let toggle =
        move |icon: &'static str, label: Msg, key: &'static str, open: fn(Panels) -> bool, run: fn(&Editor)| {
            let label = tr(label);
            view! {
                <button
                    class="tool"
                    class:on=move || open(editor.panels.get())
                    data-testid=format!("toggle-{icon}")
                    aria-label=label
                    title=move || format!("{} ({key})", label())
                    aria-expanded=move || open(editor.panels.get()).to_string()
                    on:click=move |_| run(&editor)
                >
                    <Icon name=icon />
                </button>
            }
        };
    view! {
        <div class="group panels-toggles">
            {toggle("panel-left", Msg::ToggleQueries, "[", |p| p.queries, toggle_queries)}
            {toggle("panel-right", Msg::ToggleSide, "]", |p| p.side, toggle_side)}
        </div>
    }
}
