//! The Scale view's place in the page: opening and closing it (the focus goes back where it
//! was), the frame its chunk is fetched into, and the badge of a sharded collection on the
//! canvas. The view itself is a chunk of its own (`scale_view.rs`, `Piece::Scale`): only
//! this file's few lines are in the page's wasm at start. What it shows is the advisor's scale
//! advice (`advisor::scale`), computed with every analysis.

use super::state::Editor;
use super::text::tr;
use crate::advisor::scale::{key_doc, CollectionScale};
use crate::advisor::Report;
use crate::i18n::Msg;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::JsCast;

thread_local! {
    /// What had the focus when the view opened, to give it back when it closes.
    static RETURN_TO: RefCell<Option<web_sys::HtmlElement>> = const { RefCell::new(None) };
}

/// The action (`S`, the toolbar's button): opens the view, or closes it.
pub fn toggle(editor: &Editor) {
    if editor.scale_open.get_untracked() {
        close(editor);
    } else {
        open(editor);
    }
}

fn open(editor: &Editor) {
    RETURN_TO.set(super::keys::focused());
    // The view and the Comments panel take the same place: one at a time.
    if let Some(comments) = super::comments::Comments::get() {
        comments.open.set(false);
    }
    editor.scale_open.set(true);
}

/// Closes the view; the focus goes back to what had it (or to the toolbar's button).
pub fn close(editor: &Editor) {
    editor.scale_open.set(false);
    let back = RETURN_TO.take().filter(|el| el.is_connected()).or_else(|| {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("[data-testid=\"action-scale\"]").ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    });
    if let Some(el) = back {
        request_animation_frame(move || {
            let _ = el.focus();
        });
    }
}

/// The view's frame while its chunk loads (or cannot): the title and a close button around
/// the note (`chunks::OnDemand`).
pub fn frame(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    view! {
        <aside class="scale-panel" aria-label=tr(Msg::ActScale)>
            <header>
                <h2>{tr(Msg::ActScale)}</h2>
                <button class="link close" data-testid="scale-close" aria-label=tr(Msg::Close) on:click=move |_| close(&editor)>"×"</button>
            </header>
            {note}
        </aside>
    }
    .into_any()
}

/// The sharded collections and their keys (entity id, key), a context the app provides to the
/// boxes: worked out once per analysis, so each box looks in a list that is nearly always empty
/// rather than in every collection's scale.
#[derive(Clone, Copy)]
pub struct ShardKeys(Memo<Vec<(String, String)>>);

impl ShardKeys {
    pub fn provide(editor: Editor) {
        provide_context(ShardKeys(Memo::new(move |_| editor.report.with(shard_keys))));
    }
}

/// Each sharded collection's key: the design's own when it states a valid one, else the one the
/// advice recommends. A collection without shard key advice (one replica set holds it and the
/// design states no key) is not listed.
fn shard_keys(report: &Report) -> Vec<(String, String)> {
    report
        .sharded()
        .filter_map(|(s, advice): (&CollectionScale, _)| {
            let option = advice.stated_option().or_else(|| advice.recommended_option())?;
            Some((s.entity.to_string(), key_doc(&option.key)))
        })
        .collect()
}

/// The badge on the box of a sharded collection: "Sharded" and its key, in words (not a
/// colour), on the box's top edge, where no arrow or field is drawn. Pressing it opens the
/// Scale view.
pub fn box_badge(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let keys = use_context::<ShardKeys>();
    let key = Memo::new(move |_| {
        keys.and_then(|ShardKeys(k)| k.with(|k| k.iter().find(|(e, _)| *e == id).map(|(_, key)| key.clone())))
    });
    move || {
        key.get().map(|key| {
            let name = Msg::ShardedOn.fill(editor.lang.get(), &[&key]);
            view! {
                <button
                    class="shard-badge"
                    data-testid="shard-badge"
                    title=name.clone()
                    aria-label=name
                    on:pointerdown=|ev| ev.stop_propagation()
                    on:click=move |_| {
                        if !editor.scale_open.get_untracked() {
                            open(&editor);
                        }
                    }
                >
                    <b>{tr(Msg::Sharded)}</b>" "<code>{key}</code>
                </button>
            }
        })
    }
}
