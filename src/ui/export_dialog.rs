//! Export: example documents (mongosh and Extended JSON), `$jsonSchema` validators, the
//! mongosh script, decision sheets and the model file, each with copy and download. Only the
//! tab on screen is rendered.

use super::state::Editor;
use super::storage::{copy, download, file_name};
use super::text::tr;
use crate::i18n::Msg;
use crate::offload::protocol::ExportKind;
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Examples,
    Ejson,
    Schema,
    Script,
    Sheets,
    Report,
    Image,
    Model,
}

const TABS: [(Kind, Msg); 8] = [
    (Kind::Examples, Msg::TabExamples),
    (Kind::Ejson, Msg::TabEjson),
    (Kind::Schema, Msg::TabSchema),
    (Kind::Script, Msg::TabScript),
    (Kind::Sheets, Msg::TabSheets),
    (Kind::Report, Msg::TabReport),
    (Kind::Image, Msg::TabImage),
    (Kind::Model, Msg::TabModel),
];

/// The file suffix and MIME type of one export.
fn file_kind(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Examples => (".examples.js", "text/javascript"),
        Kind::Ejson => (".examples.json", "application/json"),
        Kind::Schema => (".schema.json", "application/json"),
        Kind::Script => (".mongosh.js", "text/javascript"),
        Kind::Sheets => (".sheets.md", "text/markdown"),
        Kind::Report => (".review.md", "text/markdown"),
        Kind::Image => (".svg", "image/svg+xml"),
        Kind::Model => (".docshape.json", "application/json"),
    }
}

/// What the worker writes for a tab (`None`: the model file, written here).
fn worker_kind(kind: Kind) -> Option<ExportKind> {
    match kind {
        Kind::Examples => Some(ExportKind::Examples),
        Kind::Ejson => Some(ExportKind::Ejson),
        Kind::Schema => Some(ExportKind::Schema),
        Kind::Script => Some(ExportKind::Script),
        Kind::Sheets => Some(ExportKind::Sheets),
        Kind::Report => Some(ExportKind::Report),
        Kind::Image => Some(ExportKind::Image),
        Kind::Model => None,
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Script);
    // The tab's text: `None` while the worker prepares it, then the text or why it failed.
    let text = RwSignal::new(None::<Result<String, String>>);
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        let (k, lang) = (kind.get(), editor.lang.get());
        let model = editor.model.get();
        let Some(job) = worker_kind(k) else {
            text.set(Some(Ok(model.to_json())));
            return;
        };
        text.set(None);
        asked.update_value(|n| *n += 1);
        let this = asked.get_value();
        let share_base = (k == Kind::Report).then(super::share_ui::page_address).flatten();
        leptos::task::spawn_local(async move {
            let answer = super::worker_client::export(job, &model, lang, share_base).await;
            // A newer request (another tab) replaces this one.
            if asked.get_value() == this {
                text.set(Some(answer.map_err(|e| e.message(lang))));
            }
        });
    });
    let ready = move || text.with_untracked(|t| t.as_ref().and_then(|r| r.as_ref().ok()).cloned());
    let preparing = move || text.with(|t| !matches!(t, Some(Ok(_))));
    let dark = RwSignal::new(false);
    let selection_only = RwSignal::new(false);
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {TABS.into_iter().map(|(k, label)| view! {
                    <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| if kind.get_untracked() != k { text.set(None); kind.set(k) }>{tr(label)}</button>
                }).collect_view()}
            </div>
            <Show when=move || kind.get() == Kind::Image fallback=move || view! { <ExportText text /> }>
                <div class="image-export" data-testid="image-export">
                    <label class="row check"><input type="checkbox" prop:checked=move || dark.get() on:change=move |ev| dark.set(event_target_checked(&ev)) /><span>{tr(Msg::DarkTheme)}</span></label>
                    <label class="row check"><input type="checkbox" prop:checked=move || selection_only.get() on:change=move |ev| selection_only.set(event_target_checked(&ev)) /><span>{tr(Msg::OnlySelected)}</span></label>
                    <div class="buttons">
                        <button data-testid="download-svg" on:click=move |_| super::share_ui::download_svg(&editor, dark.get_untracked(), selection_only.get_untracked())>{tr(Msg::DownloadSvg)}</button>
                        <button class="primary" data-testid="download-png" on:click=move |_| super::share_ui::download_png(&editor, dark.get_untracked(), selection_only.get_untracked())>{tr(Msg::DownloadPng)}</button>
                    </div>
                    <p class="hint">{tr(Msg::ImageHint)}</p>
                </div>
            </Show>
            <div class="buttons">
                <button disabled=preparing on:click=move |_| { if let Some(t) = ready() { copy(editor, t) } }>{tr(Msg::Copy)}</button>
                <button
                    class="primary"
                    disabled=preparing
                    on:click=move |_| editor.model.with_untracked(|m| {
                        let (suffix, mime) = file_kind(kind.get_untracked());
                        if let Some(t) = ready() { download(&file_name(m, suffix), mime, &t) }
                    })
                >
                    {tr(Msg::Download)}
                </button>
            </div>
        </div>
    }
}

/// The tab's text, "preparing…" while the worker writes it, or the worker's error.
#[component]
fn ExportText(text: RwSignal<Option<Result<String, String>>>) -> impl IntoView {
    move || match text.get() {
        None => {
            view! { <p class="hint" role="status" data-testid="export-preparing">{tr(Msg::Preparing)}</p> }.into_any()
        }
        Some(Ok(t)) => view! { <pre class="code" data-testid="export-text">{t}</pre> }.into_any(),
        Some(Err(e)) => view! { <p class="notice error" role="alert" data-testid="export-error">{e}</p> }.into_any(),
    }
}
