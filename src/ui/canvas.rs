//! The canvas: pan and zoom, boxes and arrows (only those on screen), and the pointer gestures
//! (move, connect, rubber band). Geometry comes from `editor::geometry`; edits go through
//! `Editor::edit`, one history step per gesture.

use super::chunks::{once_wanted, OnDemand, Piece};
use super::edges::{ArrowMarkers, EdgeView, EdgeWords};
use super::entity_box::{Embedded, EntityBox};
use super::lookup::Lookup;
use super::routes::Routes;
use super::state::{Drag, Editor};
use super::text::tr;
use super::viewport::{diagram_point, measure, origin, start_pointer};
use crate::editor::edit;
use crate::editor::geometry::{entities_in, entity_at, entity_rect, wheel_pixels, wheel_zoom, Rect, FAR_ZOOM};
use crate::i18n::Msg;
use crate::model::Point;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

thread_local! {
    static PANNING: Cell<bool> = const { Cell::new(false) };
    /// Active touch pointers, for pinch zoom.
    static TOUCHES: RefCell<HashMap<i32, (f64, f64)>> = RefCell::new(HashMap::new());
}

#[component]
pub fn Canvas() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let canvas = NodeRef::<leptos::html::Div>::new();
    provide_context(Embedded(Memo::new(move |_| {
        editor.model.with(|m| {
            m.relations.iter().filter(|r| r.storage == crate::model::Storage::Embed).map(|r| r.child.clone()).collect()
        })
    })));

    let lookup = Lookup::new(editor);
    provide_context(lookup);
    // The others' pointers and selections: their code comes with the room's (src/ui/chunks.rs).
    let together = expect_context::<super::together::Together>();
    let in_room = move || together.active();
    // The room's banner (or its place while its code loads) moves the canvas down, and back up
    // when it goes: measure again, so a pointer's place on the diagram is read right.
    Effect::new(move |_| {
        in_room();
        request_animation_frame(move || measure(&editor));
    });
    let routes = Routes::new(editor, lookup);
    provide_context(routes);
    super::clipboard::listen(editor);

    canvas.on_load(move |_| {
        request_animation_frame(move || {
            super::timing::timed("fit", || {
                measure(&editor);
                editor.fit_view();
            })
        });
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| measure(&editor));
    on_cleanup(move || resize.remove());

    let visible_area = Memo::new(move |_| {
        let (w, h) = editor.viewport.get();
        let v = editor.camera.with(|c| c.visible(w, h));
        let m = 200.0 / editor.camera.with(|c| c.zoom).max(0.1);
        Rect { x: v.x - m, y: v.y - m, w: v.w + 2.0 * m, h: v.h + 2.0 * m }
    });
    // Render only what is on screen (tldraw culls the same way).
    let visible_entities = Memo::new(move |_| {
        let area = visible_area.get();
        editor.model.with(|m| {
            m.entities.iter().filter(|e| entity_rect(e).intersects(&area)).map(|e| e.id.clone()).collect::<Vec<_>>()
        })
    });
    // Arrows by the area of their routes (with their labels), which may pass outside their ends.
    let visible_relations = Memo::new(move |_| {
        let area = visible_area.get();
        editor.model.with(|m| routes.relations_in(&area, |i| m.relations.get(i).map(|r| r.id.clone())))
    });
    // A memo, not a derived signal: every box and arrow reads it, and a pan or the fit on start
    // changes the camera without crossing the level of detail; a derived signal would re-run
    // all of them (each arrow redrawn) on every camera change.
    let far: Signal<bool> = Memo::new(move |_| editor.camera.with(|c| c.zoom) < FAR_ZOOM).into();

    let move_listener = window_event_listener(leptos::ev::pointermove, move |ev| on_move(&editor, routes, &ev));
    let up_listener = window_event_listener(leptos::ev::pointerup, move |ev| on_up(&editor, routes, &ev));
    on_cleanup(move || {
        move_listener.remove();
        up_listener.remove();
    });

    let on_down = move |ev: web_sys::PointerEvent| {
        if ev.pointer_type() == "touch" {
            TOUCHES.with_borrow_mut(|t| t.insert(ev.pointer_id(), (ev.client_x() as f64, ev.client_y() as f64)));
        }
        start_pointer(ev.client_x() as f64, ev.client_y() as f64);
        let pan = ev.button() == 1 || super::viewport::space_down() || ev.alt_key() || ev.pointer_type() == "touch";
        if pan {
            PANNING.set(true);
            ev.prevent_default();
        } else if ev.button() == 0 {
            if !ev.shift_key() {
                editor.clear_selection();
            }
            let p = diagram_point(&editor, ev.client_x() as f64, ev.client_y() as f64);
            editor.drag.set(Some(Drag::Band { from: p, to: p }));
        }
    };
    // A double-click on empty canvas adds an aggregate there.
    let on_dblclick = move |ev: web_sys::MouseEvent| {
        let on_empty =
            ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()).is_some_and(|el| {
                el.closest("[data-testid=\"entity\"], [data-testid=\"relation\"], [data-testid=\"relation-words\"], .context-menu")
                    .ok()
                    .flatten()
                    .is_none()
            });
        if on_empty && ev.button() == 0 && !editor.review.get_untracked() {
            let p = diagram_point(&editor, ev.client_x() as f64, ev.client_y() as f64);
            // The box's middle under the pointer, not its corner.
            super::actions::add_entity_at(&editor, Point { x: p.x - 120.0, y: p.y - 20.0 });
        }
    };
    let on_wheel = move |ev: web_sys::WheelEvent| {
        ev.prevent_default();
        let (ox, oy) = origin();
        let at = Point { x: ev.client_x() as f64 - ox, y: ev.client_y() as f64 - oy };
        let page = editor.viewport.get_untracked().1;
        let (dx, dy) =
            (wheel_pixels(ev.delta_x(), ev.delta_mode(), page), wheel_pixels(ev.delta_y(), ev.delta_mode(), page));
        if ev.ctrl_key() || ev.meta_key() {
            // A pinch on a trackpad arrives as ctrl+wheel too, in small steps.
            editor.camera.update(|c| *c = c.zoom_at(at, wheel_zoom(dy)));
        } else {
            let (dx, dy) = if ev.shift_key() { (dy, dx) } else { (dx, dy) };
            editor.camera.update(|c| {
                c.x -= dx;
                c.y -= dy;
            });
        }
    };

    let world_transform = move || editor.camera.with(|c| format!("translate({}px, {}px) scale({})", c.x, c.y, c.zoom));
    // Zoomed out, the arrows keep their look on screen (main.css): a reference's dash stays 7 px
    // long (`--far`), and a line stays 1 px wide down to 40% (`--thin`, which stops there: on a
    // whole 300-aggregate diagram at 10%, 1 px lines and their heads were a mesh that hid the
    // boxes). Drawn at the world's scale instead, at 39% a dash was 2.7 px on a 0.6 px line,
    // neither dashed nor solid to the eye, and at 10% the raster of thousands of sub-pixel
    // dashes made every frame of a drag at 300 aggregates take ~100 ms more
    // (scripts/trace-drag.mjs).
    let far_scale = Memo::new(move |_| editor.camera.with(|c| (100.0 / c.zoom.min(1.0)).round() / 100.0));
    let edges_style = move || {
        let far = far_scale.get();
        format!("--far: {far}; --thin: {}", far.min(2.5))
    };
    let grid_style = move || {
        editor.camera.with(|c| {
            let size = 20.0 * c.zoom;
            format!("background-size: {size}px {size}px; background-position: {}px {}px", c.x, c.y)
        })
    };

    view! {
        <div
            class="canvas"
            class:grid=move || editor.snap.get()
            id="canvas"
            data-testid="canvas"
            role="application"
            aria-label=tr(Msg::DiagramCanvas)
            tabindex="0"
            node_ref=canvas
            style=grid_style
            on:pointerdown=on_down
            on:wheel=on_wheel
            on:dblclick=on_dblclick
            on:contextmenu=move |ev| super::context_menu::open(&editor, &ev)
        >
            <div class="world" style:transform=world_transform>
                <svg class="edges" aria-hidden="true" style=edges_style>
                    <ArrowMarkers />
                    <OnDemand piece=Piece::PeerArrows when=move || in_room() />
                    <For each=move || visible_relations.get() key=|id| id.clone() let:id>
                        <EdgeView id=id />
                    </For>
                    // The arrows' words above all their lines (`edges`).
                    <For each=move || visible_relations.get() key=|id| id.clone() let:id>
                        <EdgeWords id=id far=far />
                    </For>
                    <Preview />
                </svg>
                <For each=move || visible_entities.get() key=|id| id.clone() let:id>
                    <EntityBox id=id far=far />
                </For>
                <OnDemand piece=Piece::PeerLayer when=move || in_room() />
            </div>
            <Show when=move || editor.model.with(|m| m.entities.is_empty())>
                <p class="empty-hint">{tr(Msg::EmptyHint)}</p>
            </Show>
            <OnDemand piece=Piece::ContextMenu when=once_wanted(move || editor.menu.with(Option::is_some)) frame=super::context_menu::waiting />
        </div>
    }
}

/// The connection line and the rubber band while they are dragged.
#[component]
fn Preview() -> impl IntoView {
    let editor = expect_context::<Editor>();
    move || match editor.drag.get() {
        Some(Drag::Connect { from, to }) => {
            let start = editor.model.with(|m| m.entity(&from).map(|e| entity_rect(&e.clone()))).map(|r| r.center());
            start.map(|s| view! { <line class="connect-preview" x1=s.x y1=s.y x2=to.x y2=to.y /> }.into_any())
        }
        Some(Drag::Band { from, to }) => {
            let r = Rect::from_corners(from, to);
            Some(view! { <rect class="band" x=r.x y=r.y width=r.w height=r.h /> }.into_any())
        }
        _ => None,
    }
}

fn on_move(editor: &Editor, routes: Routes, ev: &web_sys::PointerEvent) {
    let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
    super::viewport::hover(x, y);
    if ev.pointer_type() == "touch" && pinch(editor, ev.pointer_id(), x, y) {
        return;
    }
    let (lx, ly) = super::viewport::move_pointer(x, y);
    if PANNING.get() {
        editor.camera.update(|c| {
            c.x += x - lx;
            c.y += y - ly;
        });
        return;
    }
    let zoom = editor.camera.with_untracked(|c| c.zoom);
    if editor.drag.with_untracked(|d| matches!(d, Some(Drag::Move { .. }))) {
        editor.drag_delta.update(|(dx, dy)| {
            *dx += (x - lx) / zoom;
            *dy += (y - ly) / zoom;
        });
        routes.follow(editor);
        return;
    }
    // A move is the hot path: it touches only the delta (no clone of the dragged ids).
    let Some(drag) = editor.drag.get_untracked() else { return };
    match drag {
        Drag::Move { .. } => {}
        Drag::Connect { from, .. } => {
            editor.drag.set(Some(Drag::Connect { from, to: diagram_point(editor, x, y) }));
        }
        Drag::Band { from, .. } => editor.drag.set(Some(Drag::Band { from, to: diagram_point(editor, x, y) })),
    }
}

/// Two touch pointers on the canvas zoom around their midpoint. Returns whether it handled
/// the move.
fn pinch(editor: &Editor, id: i32, x: f64, y: f64) -> bool {
    TOUCHES.with_borrow_mut(|t| {
        let Some(prev) = t.get(&id).copied() else { return false };
        if t.len() != 2 {
            t.insert(id, (x, y));
            return false;
        }
        let other = t.iter().find(|(k, _)| **k != id).map(|(_, v)| *v).unwrap_or(prev);
        let d0 = ((prev.0 - other.0).powi(2) + (prev.1 - other.1).powi(2)).sqrt().max(1.0);
        let d1 = ((x - other.0).powi(2) + (y - other.1).powi(2)).sqrt().max(1.0);
        t.insert(id, (x, y));
        let (ox, oy) = origin();
        let at = Point { x: (x + other.0) / 2.0 - ox, y: (y + other.1) / 2.0 - oy };
        editor.camera.update(|c| *c = c.zoom_at(at, d1 / d0));
        true
    })
}

fn on_up(editor: &Editor, routes: Routes, ev: &web_sys::PointerEvent) {
    TOUCHES.with_borrow_mut(|t| t.remove(&ev.pointer_id()));
    PANNING.set(false);
    let Some(drag) = editor.drag.get_untracked() else { return };
    editor.drag.set(None);
    match drag {
        Drag::Move { ids } => {
            let (dx, dy) = editor.drag_delta.get_untracked();
            editor.drag_delta.set((0.0, 0.0));
            routes.settle();
            if dx != 0.0 || dy != 0.0 {
                let snap = editor.snap.get_untracked();
                editor.edit_layout(|m| edit::move_entities(m, &ids, dx, dy, snap));
            }
        }
        Drag::Connect { from, .. } => {
            let p = diagram_point(editor, ev.client_x() as f64, ev.client_y() as f64);
            let target = editor.model.with_untracked(|m| entity_at(m, p).map(|e| e.id.clone()));
            if let Some(to) = target.filter(|t| *t != from) {
                let mut id = None;
                editor.edit(None, |m| id = edit::connect(m, &from, &to));
                if let Some(id) = id {
                    editor.select_relation(&id);
                }
            }
        }
        Drag::Band { from, to } => {
            let area = Rect::from_corners(from, to);
            if area.w > 2.0 || area.h > 2.0 {
                let ids = editor.model.with_untracked(|m| entities_in(m, &area));
                editor.selection.update(|s| {
                    for id in ids {
                        if !s.has_entity(&id) {
                            s.entities.push(id);
                        }
                    }
                });
            }
        }
    }
}
