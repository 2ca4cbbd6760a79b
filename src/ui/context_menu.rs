//! The context menu (right-click, the menu key or Shift+F10) on the canvas, a box, a field or an
//! arrow: the actions of the action table that apply there, each dispatched through it.
//! Keyboard: the first item takes the focus, ↑/↓ (Home/End) move, Enter runs, Esc closes.
//! The menu's view comes in a chunk of its own (`ui::chunks`), fetched when it first opens.

use super::actions::{self, action};
use super::state::{Editor, Menu, MenuTarget};
use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The action ids the menu offers on `target`, in order.
pub fn items(e: &Editor, target: &MenuTarget) -> Vec<&'static str> {
    let two = e.selection.with_untracked(|s| s.entities.len() == 2);
    let list: Vec<&'static str> = match target {
        MenuTarget::Canvas => vec!["add-entity", "paste", "add-query", "select-all", "layout", "fit"],
        MenuTarget::Entity(_) => {
            let mut v = vec!["rename", "add-field", "duplicate", "copy", "cut", "comment", "delete"];
            if two {
                v.push("connect");
            }
            v.push("add-query");
            v
        }
        MenuTarget::Field { .. } => vec!["rename-field", "add-field", "delete-field", "copy", "comment"],
        MenuTarget::Relation(_) => vec!["inspect", "comment", "delete"],
    };
    if e.review.get_untracked() {
        // A shared design is read only: what does not change it, and comments (how a reviewer
        // speaks).
        return list
            .into_iter()
            .filter(|id| matches!(*id, "comment" | "copy" | "select-all" | "fit" | "inspect"))
            .collect();
    }
    list
}

/// The element under a pointer event that the menu is about, and the selection it implies.
fn target_of(el: Option<web_sys::Element>) -> (MenuTarget, Option<web_sys::Element>) {
    let Some(el) = el else { return (MenuTarget::Canvas, None) };
    let closest = |sel: &str| el.closest(sel).ok().flatten();
    if let Some(f) = closest("li.field[data-path]") {
        let entity = f.closest("[data-testid=\"entity\"]").ok().flatten();
        if let (Some(path), Some(id)) = (f.get_attribute("data-path"), entity.and_then(|b| b.get_attribute("data-id")))
        {
            return (MenuTarget::Field { entity: id, path }, Some(f));
        }
    }
    if let Some(b) = closest("[data-testid=\"entity\"]") {
        if let Some(id) = b.get_attribute("data-id") {
            return (MenuTarget::Entity(id), Some(b));
        }
    }
    if let Some(r) = closest("[data-testid=\"relation\"], [data-testid=\"relation-words\"]") {
        if let Some(id) = r.get_attribute("data-id") {
            return (MenuTarget::Relation(id), Some(r));
        }
    }
    (MenuTarget::Canvas, None)
}

/// Opens the menu for a `contextmenu` event on the canvas, selecting what it is on.
pub fn open(e: &Editor, ev: &web_sys::MouseEvent) {
    ev.prevent_default();
    let el = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let (target, hit) = target_of(el.clone());
    let (mut x, mut y) = (ev.client_x() as f64, ev.client_y() as f64);
    // Opened from the keyboard: at the focused element.
    if x == 0.0 && y == 0.0 {
        if let Some(r) = hit.or(el).map(|el| el.get_bounding_client_rect()) {
            (x, y) = (r.left() + r.width().min(240.0) / 2.0, r.top() + r.height().min(40.0) / 2.0);
        }
    }
    match &target {
        MenuTarget::Entity(id) | MenuTarget::Field { entity: id, .. } => e.select_entity(id, false),
        MenuTarget::Relation(id) => e.select_relation(id),
        MenuTarget::Canvas => {}
    }
    let at = super::viewport::diagram_point(e, x, y);
    e.menu.set(Some(Menu { x, y, at, target }));
}

/// Closes the menu and gives the focus back to the canvas.
fn close(e: &Editor) {
    e.menu.set(None);
    if let Some(canvas) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("canvas"))
        .and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = canvas.focus();
    }
}

/// Moves the focus among the menu's items.
pub fn focus_item(menu: &web_sys::Element, step: i32, absolute: bool) {
    let Ok(items) = menu.query_selector_all("[role=\"menuitem\"]") else { return };
    let n = items.length() as i32;
    if n == 0 {
        return;
    }
    let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let current =
        (0..n).find(|&i| items.item(i as u32).is_some_and(|it| Some(&it) == active.as_ref().map(|a| a.as_ref())));
    let next = if absolute { step.rem_euclid(n) } else { (current.unwrap_or(-1) + step).rem_euclid(n) };
    if let Some(el) = items.item(next as u32).and_then(|it| it.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// A key pressed in a menu (this one, the zoom menu): no key goes on to the app; the arrows,
/// Home and End move among its items. Any other key is returned for the menu to handle (Escape
/// and Tab close it).
pub fn menu_keys(ev: &web_sys::KeyboardEvent, menu: Option<web_sys::Element>) -> Option<String> {
    ev.stop_propagation();
    let key = ev.key();
    let (step, absolute) = match key.as_str() {
        "ArrowDown" => (1, false),
        "ArrowUp" => (-1, false),
        "Home" => (0, true),
        "End" => (-1, true),
        _ => return Some(key),
    };
    if let Some(menu) = menu {
        focus_item(&menu, step, absolute);
        ev.prevent_default();
    }
    None
}

/// While the menu is shown, a press outside it closes it.
fn close_on_press_outside(editor: Editor) {
    let outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        if editor.menu.with_untracked(Option::is_none) {
            return;
        }
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.closest(".context-menu").ok().flatten().is_some());
        if !inside {
            editor.menu.set(None);
        }
    });
    on_cleanup(move || outside.remove());
}

/// The menu's place while its chunk loads (or cannot): the note where the menu opens, while it
/// is open; Escape or a press outside closes it.
pub fn waiting(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    close_on_press_outside(editor);
    let (left, top) = editor.menu.with_untracked(|m| m.as_ref().map_or((0.0, 0.0), |m| (m.x, m.y)));
    view! {
        <div
            class="context-menu"
            role="menu"
            aria-label=tr(Msg::ContextMenu)
            style:display=move || editor.menu.with(Option::is_none).then_some("none")
            style:left=format!("{left}px")
            style:top=format!("{top}px")
            on:pointerdown=|ev| ev.stop_propagation()
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                ev.stop_propagation();
                if ev.key() == "Escape" {
                    close(&editor);
                }
            }
        >
            {note}
        </div>
    }
    .into_any()
}

/// The menu (a piece: `ui::pieces::context_menu`).
#[component]
pub fn ContextMenu() -> impl IntoView {
    let editor = expect_context::<Editor>();
    close_on_press_outside(editor);
    move || {
        editor.menu.get().map(|m| {
            let ids = items(&editor, &m.target);
            let (w, h) = web_sys::window()
                .map(|w| {
                    let num = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64()).unwrap_or(1280.0);
                    (num(w.inner_width()), num(w.inner_height()))
                })
                .unwrap_or((1280.0, 720.0));
            let left = m.x.min(w - 250.0).max(0.0);
            let top = m.y.min(h - 34.0 * ids.len() as f64 - 16.0).max(0.0);
            let menu = NodeRef::<leptos::html::Div>::new();
            menu.on_load(|el| focus_item(&el, 0, true));
            view! {
                <div
                    class="context-menu"
                    role="menu"
                    aria-label=tr(Msg::ContextMenu)
                    data-testid="context-menu"
                    style:left=format!("{left}px")
                    style:top=format!("{top}px")
                    node_ref=menu
                    on:pointerdown=|ev| ev.stop_propagation()
                    on:dblclick=|ev| ev.stop_propagation()
                    on:contextmenu=|ev| ev.prevent_default()
                    on:keydown=move |ev: web_sys::KeyboardEvent| {
                        if let Some("Escape" | "Tab") = menu_keys(&ev, menu.get_untracked().map(Into::into)).as_deref() {
                            ev.prevent_default();
                            close(&editor);
                        }
                    }
                >
                    {ids.into_iter().filter_map(action).map(|a| {
                        let id = a.id;
                        view! {
                            <button
                                role="menuitem"
                                data-testid=format!("menu-{id}")
                                on:click=move |_| {
                                    // The action reads where the menu was (add and paste go
                                    // there), so it runs before the menu closes.
                                    actions::run(&editor, id);
                                    close(&editor);
                                }
                            >
                                <span>{tr(a.label)}</span>
                                <kbd>{a.shortcut}</kbd>
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
        })
    }
}
