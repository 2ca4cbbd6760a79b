//! The one dialog mechanism every dialog uses (New model, Export, Shortcuts, My designs,
//! Versions, Import, Edit together) and the comment form borrows: when it opens it takes the
//! focus (its `data-autofocus` element, else its first field, else its main action), Tab and
//! Shift+Tab go round inside it, Escape closes it, and closing gives the focus back to where it
//! was. While a modal dialog is open no key reaches the app behind it (`App`'s key handler asks
//! [`open`]), and the focus cannot be left behind it: a focus that lands outside is brought
//! back in.
//!
//! The dialogs' stack is plain data in this module (not signals): a dialog opened from another
//! is on top, and Escape closes the top one only.

use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;

/// One dialog on screen: how to close it, its element, and where the focus was before it.
struct Open {
    id: u32,
    modal: bool,
    close: Callback<()>,
    node: Option<web_sys::HtmlElement>,
    opener: Option<web_sys::HtmlElement>,
}

thread_local! {
    static STACK: RefCell<Vec<Open>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u32> = const { Cell::new(0) };
}

/// Whether a modal dialog is open (then no shortcut of the app runs).
pub fn open() -> bool {
    STACK.with_borrow(|s| s.iter().any(|o| o.modal))
}

/// What may take the focus by Tab inside a dialog.
const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]):not([type=\"hidden\"]), \
     select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";

/// The elements of `root` that Tab reaches, in order (those drawn: a hidden one is skipped).
fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(FOCUSABLE) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()))
        .filter(drawn)
        .collect()
}

/// Whether an element takes room on the page (a hidden one takes no focus).
fn drawn(el: &web_sys::HtmlElement) -> bool {
    let r = el.get_bounding_client_rect();
    r.width() > 0.0 || r.height() > 0.0
}

fn active() -> Option<web_sys::HtmlElement> {
    web_sys::window()?.document()?.active_element()?.dyn_into().ok()
}

/// The element a dialog gives the focus to when it opens: the one marked `data-autofocus`,
/// else its first field that takes text, else its main action (`.primary`), else the first
/// thing Tab reaches after the close button, else the close button.
fn first_choice(root: &web_sys::Element) -> Option<web_sys::HtmlElement> {
    let pick = |selector: &str| {
        root.query_selector_all(selector).ok().and_then(|list| {
            (0..list.length())
                .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()))
                .find(drawn)
        })
    };
    pick("[data-autofocus]:not([disabled])")
        .or_else(|| {
            pick(
                "input:not([disabled]):not([readonly]):not([type]), input[type=\"text\"]:not([disabled]):not([readonly]), \
                 textarea:not([disabled]):not([readonly])",
            )
        })
        .or_else(|| pick(".primary:not([disabled])"))
        .or_else(|| focusables(root).into_iter().find(|el| !el.has_attribute("data-close")))
        .or_else(|| pick("[data-close]"))
}

/// Gives the focus to the dialog's first choice. A dialog whose content comes later (a chunk
/// being fetched: Versions) has only its close button at first: it is asked again for a few
/// seconds, as long as the focus has not moved on.
fn focus_first(root: web_sys::Element, tries: u32) {
    let Some(el) = first_choice(&root) else { return };
    let _ = el.focus();
    if el.has_attribute("data-close") && tries > 0 {
        gloo::timers::callback::Timeout::new(100, move || {
            if root.is_connected() && active().is_some_and(|a| a.has_attribute("data-close")) {
                focus_first(root, tries - 1);
            }
        })
        .forget();
    } else if let Ok(input) = el.clone().dyn_into::<web_sys::HtmlInputElement>() {
        input.select();
    }
}

/// Tab at the last element goes to the first, Shift+Tab at the first to the last; a Tab with
/// the focus outside the dialog goes in.
fn wrap(ev: &web_sys::KeyboardEvent, root: &web_sys::Element) {
    let list = focusables(root);
    let (Some(first), Some(last)) = (list.first(), list.last()) else {
        ev.prevent_default();
        return;
    };
    let current = active();
    let inside = current.as_ref().is_some_and(|a| root.contains(Some(a)));
    let shift = ev.shift_key();
    let target = if !inside {
        Some(if shift { last } else { first })
    } else if shift && current.as_ref() == Some(first) {
        Some(last)
    } else if !shift && current.as_ref() == Some(last) {
        Some(first)
    } else {
        None
    };
    if let Some(t) = target {
        ev.prevent_default();
        let _ = t.focus();
    }
}

/// A key pressed in the dialog `id`: Escape closes it (unless a control inside used it and said
/// so with `preventDefault`, as a rename box does), Tab goes round; no key goes on to the app.
fn on_key(id: u32, ev: &web_sys::KeyboardEvent) {
    let Some((close, node)) = STACK.with_borrow(|s| s.iter().find(|o| o.id == id).map(|o| (o.close, o.node.clone())))
    else {
        return;
    };
    ev.stop_propagation();
    match ev.key().as_str() {
        "Escape" if !ev.default_prevented() => {
            ev.prevent_default();
            close.try_run(());
        }
        "Tab" => {
            if let Some(node) = node {
                wrap(ev, &node);
            }
        }
        _ => {}
    }
}

/// A key that reached the window while a modal dialog is open (the focus was on nothing, or
/// outside it): Escape closes the top dialog, Tab goes into it, and nothing else happens.
pub fn key_outside(ev: &web_sys::KeyboardEvent) {
    let Some((close, node)) =
        STACK.with_borrow(|s| s.iter().rev().find(|o| o.modal).map(|o| (o.close, o.node.clone())))
    else {
        return;
    };
    match ev.key().as_str() {
        "Escape" => {
            ev.prevent_default();
            close.try_run(());
        }
        "Tab" => {
            if let Some(node) = node {
                wrap(ev, &node);
            }
        }
        _ => {}
    }
}

/// Registers a dialog while it is on screen: the focus goes in when `node` loads, and back to
/// where it was when the dialog goes. A modal one keeps the focus inside while it is on top.
/// Returns its id, for [`on_key`].
fn hold(node: NodeRef<leptos::html::Div>, close: Callback<()>, modal: bool) -> u32 {
    let id = NEXT.get() + 1;
    NEXT.set(id);
    let opener = active();
    STACK.with_borrow_mut(|s| s.push(Open { id, modal, close, node: None, opener }));
    node.on_load(move |el| {
        let el: web_sys::HtmlElement = el.unchecked_into();
        STACK.with_borrow_mut(|s| {
            if let Some(o) = s.iter_mut().find(|o| o.id == id) {
                o.node = Some(el.clone());
            }
        });
        // After the content is laid out (a hidden element takes no focus).
        request_animation_frame(move || focus_first(el.into(), 30));
    });
    if modal {
        // A focus that lands behind the dialog on top (a click that found nothing to focus, a
        // script) comes back in.
        let guard = window_event_listener(leptos::ev::focusin, move |ev| {
            let top = STACK.with_borrow(|s| s.iter().rev().find(|o| o.modal).map(|o| (o.id, o.node.clone())));
            let Some((top, Some(root))) = top else { return };
            if top != id {
                return;
            }
            let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            if target.is_some_and(|t| !root.contains(Some(&t))) {
                focus_first(root.into(), 0);
            }
        });
        on_cleanup(move || guard.remove());
    }
    on_cleanup(move || {
        let gone = STACK.with_borrow_mut(|s| s.iter().position(|o| o.id == id).map(|i| s.remove(i)));
        // The focus goes back where it was, if that is still on the page (the dialog may have
        // replaced what opened it) and no other dialog holds it.
        let covered = STACK.with_borrow(|s| s.iter().any(|o| o.modal));
        if let Some(opener) = gone.and_then(|o| o.opener) {
            if opener.is_connected() && !covered {
                let _ = opener.focus();
            }
        }
    });
    id
}

/// A modal dialog: a backdrop (a press on it closes the dialog), a heading that names it and
/// a close button, then `children`. See the module's documentation for the focus.
#[component]
pub fn Modal(
    /// The dialog's heading and accessible name.
    #[prop(into)]
    title: Signal<String>,
    /// Closes the dialog (the caller's state says whether it is on screen).
    #[prop(into)]
    on_close: Callback<()>,
    /// More classes for the dialog box.
    #[prop(optional)]
    class: &'static str,
    #[prop(default = "dialog")] testid: &'static str,
    #[prop(default = "dialog-close")] close_testid: &'static str,
    children: Children,
) -> impl IntoView {
    let node = NodeRef::<leptos::html::Div>::new();
    let id = hold(node, on_close, true);
    let heading = format!("dialog-title-{id}");
    view! {
        <div class="backdrop" on:pointerdown=move |_| on_close.run(())>
            <div
                class=format!("dialog {class}")
                role="dialog"
                aria-modal="true"
                aria-labelledby=heading.clone()
                data-testid=testid
                tabindex="-1"
                node_ref=node
                on:pointerdown=|ev| ev.stop_propagation()
                on:keydown=move |ev| on_key(id, &ev)
            >
                <header>
                    <h2 id=heading.clone()>{move || title.get()}</h2>
                    <button class="link close" aria-label=tr(Msg::Close) data-close="" data-testid=close_testid on:click=move |_| on_close.run(())>"×"</button>
                </header>
                {children()}
            </div>
        </div>
    }
}

/// The comment form's share of the mechanism: a form inside a panel (not modal: the diagram
/// stays usable beside it) that takes the focus when it opens, keeps Tab inside itself, closes
/// on Escape and gives the focus back. Returns the key handler for the form's element.
pub fn hold_form(node: NodeRef<leptos::html::Div>, close: Callback<()>) -> impl Fn(web_sys::KeyboardEvent) + Copy {
    let id = hold(node, close, false);
    move |ev: web_sys::KeyboardEvent| on_key(id, &ev)
}
