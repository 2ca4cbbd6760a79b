//! The zoom figure in the toolbar: it says the zoom, and a click (or Enter) opens a menu of
//! zoom levels: fit, 50%, 100%, 200%. The keyboard works as in the context menu (the first item
//! takes the focus, ↑/↓ move, Esc closes and gives the focus back to the figure).

use super::actions;
use super::context_menu::{focus_item, menu_keys};
use super::state::Editor;
use super::text::tr;
use crate::i18n::Msg;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The menu's choices: the action or zoom each runs, its test id, and its label.
const LEVELS: [(Option<f64>, &str); 4] = [(None, "fit"), (Some(0.5), "50"), (Some(1.0), "100"), (Some(2.0), "200")];

#[component]
pub fn ZoomMenu() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let open = RwSignal::new(false);
    let button = NodeRef::<leptos::html::Button>::new();
    let close = move |focus_back: bool| {
        open.set(false);
        if focus_back {
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    // A press outside the menu closes it.
    let outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        if !open.get_untracked() {
            return;
        }
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.closest(".zoom-menu, [data-testid=\"zoom\"]").ok().flatten().is_some());
        if !inside {
            open.set(false);
        }
    });
    on_cleanup(move || outside.remove());
    let figure = move || format!("{:.0}%", editor.camera.with(|c| c.zoom * 100.0));
    let title = move || {
        format!(
            "{} · {} (Ctrl+0) · {} (Ctrl+1)",
            editor.t(Msg::ZoomChoose),
            editor.t(Msg::ActZoom100),
            editor.t(Msg::ActFit)
        )
    };
    view! {
        <span class="zoom-wrap">
            <button
                class="zoom"
                data-testid="zoom"
                node_ref=button
                title=title
                aria-haspopup="menu"
                aria-expanded=move || open.get().to_string()
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {figure}
            </button>
            {move || {
                open.get().then(|| {
                    let menu = NodeRef::<leptos::html::Div>::new();
                    menu.on_load(|el| focus_item(&el, 0, true));
                    view! {
                        <div
                            class="zoom-menu context-menu"
                            role="menu"
                            aria-label=tr(Msg::ZoomChoose)
                            data-testid="zoom-menu"
                            node_ref=menu
                            on:keydown=move |ev: web_sys::KeyboardEvent| {
                                match menu_keys(&ev, menu.get_untracked().map(Into::into)).as_deref() {
                                    Some("Escape") => {
                                        ev.prevent_default();
                                        close(true);
                                    }
                                    // The focus goes back to the figure, and Tab moves on from it.
                                    Some("Tab") => close(true),
                                    _ => {}
                                }
                            }
                        >
                            {LEVELS.into_iter().map(|(zoom, id)| {
                                let label = move || match zoom {
                                    None => editor.t(Msg::ActFit).to_string(),
                                    Some(z) => format!("{:.0}%", z * 100.0),
                                };
                                let key = match id {
                                    "fit" => "Ctrl+1",
                                    "100" => "Ctrl+0",
                                    _ => "",
                                };
                                view! {
                                    <button
                                        role="menuitem"
                                        data-testid=format!("zoom-{id}")
                                        on:click=move |_| {
                                            match zoom {
                                                None => actions::run(&editor, "fit"),
                                                Some(z) => editor.zoom_to(z),
                                            }
                                            close(true);
                                        }
                                    >
                                        <span>{label}</span>
                                        <kbd>{key}</kbd>
                                    </button>
                                }
                            }).collect_view()}
                        </div>
                    }
                })
            }}
        </span>
    }
}
