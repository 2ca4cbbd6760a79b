//! The views of "Edit together": the toolbar button, the dialog with the room link, the room's
//! banner (connection, who is here, this person's name, leave), and the others' pointers and
//! selections on the canvas. Peers' names and colours come from other browsers: names are
//! rendered as text inside `<bdi>` (a right-to-left override cannot turn the words around it),
//! colours pass [`safe_colour`] before they reach a `style`.
//!
//! The toolbar's button, the marks in the access patterns' list and [`frame`] are in the page's
//! wasm; the banner, the dialog and the presence views come in the `room` chunk, fetched when a
//! room starts or a room link opens (src/ui/chunks.rs, src/main.rs), while the room joins.

use super::icons::Icon;
use super::modal::Modal;
use super::state::Editor;
use super::text::tr;
use super::together::{self, Together};
use super::viewport::diagram_point;
use crate::editor::geometry::entity_rect;
use crate::i18n::Msg;
use crate::together::protocol::Status;
use crate::together::setup::{safe_colour, shown_name};
use leptos::prelude::*;

/// "Edit together" in the toolbar.
#[component]
pub fn TogetherButton() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let together = expect_context::<Together>();
    view! {
        <button
            class="together-button editing"
            class:on=move || together.active()
            data-testid="action-together"
            title=tr(Msg::TogetherTitle)
            aria-label=tr(Msg::EditTogether)
            on:click=move |_| together::start(&editor)
        >
            <Icon name="together" />
            // At projector widths only the icon shows (style/main.css), so the design's name
            // keeps its room; the button's name and title stay.
            <span class="label">{tr(Msg::EditTogether)}</span>
        </button>
    }
}

/// The banner's place while the room's views load or when they cannot: the note, and leaving
/// (the room itself runs meanwhile; only its views wait).
pub fn frame(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    view! {
        <div class="together-banner" role="status" data-testid="together-banner-waiting">
            {note}
            <span class="spacer"></span>
            <button data-testid="together-leave" on:click=move |_| together::leave(&editor, true)>{tr(Msg::TogetherLeave)}</button>
        </div>
    }
    .into_any()
}

/// The room link to copy, and what it means.
#[component]
pub fn TogetherDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let together = expect_context::<Together>();
    view! {
        <Show when=move || together.dialog.get()>
            <Modal
                title=Signal::derive(move || editor.t(Msg::TogetherTitle).to_string())
                on_close=move || together.dialog.set(false)
                class="together-dialog"
                testid="together-dialog"
                close_testid="together-close"
            >
                <p>{tr(Msg::TogetherExplain)}</p>
                <div class="together-link">
                    <input readonly=true data-testid="together-link" aria-label=tr(Msg::TogetherTitle) prop:value=move || together.link.get().unwrap_or_default() on:focus=|ev| {
                        if let Some(input) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok()) {
                            input.select();
                        }
                    } />
                    <button class="primary" data-testid="together-copy" data-autofocus="" on:click=move |_| {
                        if let Some(link) = together.link.get_untracked() {
                            super::storage::copy(editor, link, editor.text(Msg::TogetherLinkCopied).to_string());
                        }
                    }>{tr(Msg::TogetherCopyLink)}</button>
                </div>
                <NameField />
            </Modal>
        </Show>
    }
}

/// This person's name, as the others see it (remembered in this browser).
#[component]
fn NameField() -> impl IntoView {
    let together = expect_context::<Together>();
    view! {
        <label class="together-name">
            <span class="swatch" style:background=move || safe_colour(&together.colour.get()).to_string()></span>
            {tr(Msg::TogetherYourName)}
            <input
                data-testid="together-name"
                maxlength="40"
                prop:value=move || together.name.get()
                on:input=move |ev| together.set_name(event_target_value(&ev))
            />
        </label>
    }
}

/// The room's banner: the connection, who is here, the link again, leaving.
#[component]
pub fn TogetherBanner() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let together = expect_context::<Together>();
    let status_text = move || {
        let lang = editor.lang.get();
        match together.status.get() {
            Some(Status::Live) => match together.peers.with(Vec::len) {
                0 => Msg::TogetherLiveAlone.text(lang).to_string(),
                n => Msg::TogetherLivePeople.fill(lang, &[&(n + 1)]),
            },
            Some(Status::Offline) => Msg::TogetherOffline.text(lang).to_string(),
            Some(Status::Refused { .. }) => Msg::RoomLinkInvalid.text(lang).to_string(),
            Some(Status::Connecting) | None => Msg::TogetherConnecting.text(lang).to_string(),
        }
    };
    // The banner may be taller or shorter than its place while its code loaded: measure the
    // canvas again when it comes (src/ui/canvas.rs does when a room starts and ends).
    Effect::new(move |_| {
        together.active();
        request_animation_frame(move || super::viewport::measure(&editor));
    });
    let state = move || match together.status.get() {
        Some(Status::Live) => "live",
        Some(Status::Offline) | Some(Status::Refused { .. }) => "offline",
        _ => "connecting",
    };
    view! {
        <Show when=move || together.active()>
            <div class="together-banner" role="status" data-testid="together-banner">
                <span class="together-status" data-state=state data-testid="together-status">{status_text}</span>
                <ul class="together-people" aria-label=tr(Msg::TogetherWho) data-testid="together-people">
                    <li class="me">
                        <span class="swatch" style:background=move || safe_colour(&together.colour.get()).to_string()></span>
                        <bdi>{move || shown_name(&together.name.get())}</bdi>" "
                        <span class="muted">{tr(Msg::TogetherYou)}</span>
                    </li>
                    {move || {
                        together
                            .peers
                            .get()
                            .into_iter()
                            .map(|peer| {
                                view! {
                                    <li data-testid="together-peer">
                                        <span class="swatch" style:background=safe_colour(&peer.presence.colour).to_string()></span>
                                        <bdi data-testid="together-peer-name">{shown_name(&peer.presence.name)}</bdi>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
                <span class="spacer"></span>
                <button data-testid="together-invite" on:click=move |_| together.dialog.set(true)>{tr(Msg::TogetherInvite)}</button>
                <button data-testid="together-leave" on:click=move |_| together::leave(&editor, true)>{tr(Msg::TogetherLeave)}</button>
            </div>
            <PresenceSender />
        </Show>
    }
}

/// Sends this person's selection when it changes and the pointer as it moves: at most every
/// 50 ms, and always where it came to rest (the last move of a burst is sent when its 50 ms
/// are up), while in a room.
#[component]
fn PresenceSender() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // Where the pointer is (None: off the canvas), and whether that was sent.
    let pointer = StoredValue::new(None::<(f64, f64)>);
    let sent = StoredValue::new(true);
    let waiting = StoredValue::new(false);
    let last_sent = StoredValue::new(0.0f64);
    // Boxes, the arrow and the access pattern open in the list (ids are unique across them).
    let selection = move || {
        let mut ids = editor
            .selection
            .with_untracked(|s| s.entities.iter().cloned().chain(s.relation.iter().cloned()).collect::<Vec<_>>());
        ids.extend(editor.active_query.get_untracked());
        ids
    };
    let send = move || {
        last_sent.set_value(super::state::now_ms());
        sent.set_value(true);
        together::send_presence(selection(), pointer.get_value());
    };
    Effect::new(move |_| {
        editor.selection.track();
        editor.active_query.track();
        send();
    });
    let moves = window_event_listener(leptos::ev::pointermove, move |ev| {
        let on_canvas = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| el.closest("[data-testid=\"canvas\"]").ok().flatten().is_some());
        let at = on_canvas.then(|| {
            let p = diagram_point(&editor, ev.client_x() as f64, ev.client_y() as f64);
            (p.x, p.y)
        });
        if at.is_none() && pointer.get_value().is_none() {
            return;
        }
        pointer.set_value(at);
        sent.set_value(false);
        let wait = 50.0 - (super::state::now_ms() - last_sent.get_value());
        if wait <= 0.0 {
            send();
        } else if !waiting.get_value() {
            waiting.set_value(true);
            gloo::timers::callback::Timeout::new(wait.ceil() as u32, move || {
                waiting.set_value(false);
                if !sent.get_value() {
                    send();
                }
            })
            .forget();
        }
    });
    on_cleanup(move || moves.remove());
}

/// The arrows the others selected: a wide stroke in each one's colour under the arrow (inside
/// the canvas' SVG of arrows, drawn before them), as a box they selected is outlined.
#[component]
pub fn PeerArrows() -> impl IntoView {
    let together = expect_context::<Together>();
    let routes = expect_context::<super::routes::Routes>();
    move || {
        together.peers.with(|peers| {
            peers
                .iter()
                .flat_map(|p| {
                    let colour = safe_colour(&p.presence.colour).to_string();
                    p.presence.selection.iter().map(move |id| (id.clone(), colour.clone()))
                })
                .filter_map(|(id, colour)| {
                    // Only a relation has a route (a selection also names boxes).
                    if !routes.base.with(|b| b.0.index.contains_key(&id)) {
                        return None;
                    }
                    let drawn = routes.slot(&id).get()?;
                    let (main, copy) = drawn.0;
                    let d = main.d();
                    let copy = copy.map(|c| c.d());
                    Some(view! {
                        <g class="peer-arrow" data-testid="peer-arrow" data-id=id style:stroke=colour>
                            <path d=d />
                            {copy.map(|d| view! { <path d=d /> })}
                        </g>
                    })
                })
                .collect_view()
        })
    }
}

/// The marks of the others on access pattern `query` in the list: a dot in each one's colour
/// with the name (as text), for those who have it open.
pub fn query_marks(query: String) -> impl IntoView {
    let together = use_context::<Together>();
    move || {
        let together = together?;
        let marks = together.peers.with(|peers| {
            let here: Vec<_> = peers.iter().filter(|p| p.presence.selection.contains(&query)).collect();
            (!here.is_empty()).then(|| {
                here.into_iter()
                .map(|p| {
                    let name = shown_name(&p.presence.name);
                    let title = name.clone();
                    view! {
                        <span class="peer-query" data-testid="peer-query" title=title>
                            <span class="swatch" style:background=safe_colour(&p.presence.colour).to_string()></span>
                            <bdi>{name}</bdi>
                        </span>
                    }
                })
                .collect_view()
            })
        })?;
        Some(view! { <span class="peer-marks">{marks}</span> })
    }
}

/// The others' pointers and selections, drawn in the diagram's coordinates (inside the
/// canvas' world layer). Redrawn whole when someone moves: a room holds a few people.
#[component]
pub fn PeerLayer() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let together = expect_context::<Together>();
    let outlines = move || {
        together.peers.with(|peers| {
            editor.model.with(|m| {
                peers
                    .iter()
                    .flat_map(|p| {
                        let colour = safe_colour(&p.presence.colour).to_string();
                        p.presence
                            .selection
                            .iter()
                            .filter_map(move |id| m.entity(id).map(|e| (entity_rect(e), colour.clone())))
                    })
                    .map(|(r, colour)| {
                        view! {
                            <div
                                class="peer-selection"
                                data-testid="peer-selection"
                                style:left=format!("{}px", r.x - 4.0)
                                style:top=format!("{}px", r.y - 4.0)
                                style:width=format!("{}px", r.w + 8.0)
                                style:height=format!("{}px", r.h + 8.0)
                                style:border-color=colour
                            ></div>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let pointers = move || {
        let zoom = editor.camera.with(|c| c.zoom).max(0.05);
        together.peers.with(|peers| {
            peers
                .iter()
                .filter_map(|p| p.presence.pointer.map(|at| (at, p)))
                .map(|((x, y), p)| {
                    let colour = safe_colour(&p.presence.colour).to_string();
                    let label = colour.clone();
                    view! {
                        <div
                            class="peer-pointer"
                            data-testid="peer-pointer"
                            style:transform=format!("translate({x}px, {y}px) scale({})", 1.0 / zoom)
                            style:color=colour
                        >
                            <svg width="16" height="20" viewBox="0 0 16 20" aria-hidden="true">
                                <path d="M1 1 L1 17 L5.5 12.5 L9 19 L11.5 18 L8 11.5 L14 11.5 Z" fill="currentColor" stroke="white" stroke-width="1.2" />
                            </svg>
                            <bdi class="peer-name" style:background=label>{shown_name(&p.presence.name)}</bdi>
                        </div>
                    }
                })
                .collect_view()
        })
    };
    view! { {outlines} {pointers} }
}
