//! The canvas on the page: where it is and how large (read by [`measure`]), where the pointer
//! is, and client pixels as diagram points. The canvas' gestures, the context menu, the boxes,
//! the room's pointers and the commands that place a box all read it here.

use super::state::Editor;
use crate::model::Point;
use leptos::prelude::*;
use std::cell::Cell;

thread_local! {
    /// The last pointer position (client pixels) of the gesture in progress.
    static LAST: Cell<(f64, f64)> = const { Cell::new((0.0, 0.0)) };
    /// Top-left corner of the canvas in client pixels.
    static ORIGIN: Cell<(f64, f64)> = const { Cell::new((0.0, 0.0)) };
    /// The space bar is held down: a drag pans.
    static SPACE: Cell<bool> = const { Cell::new(false) };
    /// Where the pointer last was (client pixels), whatever it was doing: pastes go there.
    static HOVER: Cell<Option<(f64, f64)>> = const { Cell::new(None) };
}

/// Top-left corner of the canvas in client pixels.
pub fn origin() -> (f64, f64) {
    ORIGIN.get()
}

/// A gesture starts at client point (`x`, `y`).
pub fn start_pointer(x: f64, y: f64) {
    LAST.set((x, y));
}

/// The gesture in progress moved to (`x`, `y`); where it was before.
pub fn move_pointer(x: f64, y: f64) -> (f64, f64) {
    LAST.replace((x, y))
}

/// The pointer is at (`x`, `y`), over the canvas or not.
pub fn hover(x: f64, y: f64) {
    HOVER.set(Some((x, y)));
}

pub fn set_space(down: bool) {
    SPACE.set(down);
}

pub fn space_down() -> bool {
    SPACE.get()
}

/// Converts client pixels to diagram coordinates.
pub fn diagram_point(editor: &Editor, client_x: f64, client_y: f64) -> Point {
    let (ox, oy) = ORIGIN.get();
    editor.camera.with_untracked(|c| c.to_diagram(Point { x: client_x - ox, y: client_y - oy }))
}

/// The diagram point under the pointer, when the pointer is over the canvas.
pub fn pointer_on_canvas(editor: &Editor) -> Option<Point> {
    let (x, y) = HOVER.get()?;
    let (ox, oy) = ORIGIN.get();
    let (w, h) = editor.viewport.get_untracked();
    let inside = x >= ox && y >= oy && x <= ox + w && y <= oy + h;
    inside.then(|| diagram_point(editor, x, y))
}

/// Where an added or pasted box goes: under the context menu, else under the pointer when it
/// is over the canvas, else the middle of the view.
pub fn place_point(e: &Editor) -> Point {
    e.menu
        .with_untracked(|m| m.as_ref().map(|m| m.at))
        .or_else(|| pointer_on_canvas(e))
        .unwrap_or_else(|| e.view_center())
}

/// Reads the canvas' size and position on the page (on load, on resize, and when the panels
/// around it open, close or give way to a slide).
pub fn measure(editor: &Editor) {
    if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("canvas")) {
        let r = el.get_bounding_client_rect();
        ORIGIN.set((r.left(), r.top()));
        editor.viewport.set((r.width(), r.height()));
    }
}
