//! Learn from real data: paste or open sample documents (mongosh output, Extended JSON,
//! NDJSON) or a `$jsonSchema`, see what was measured, and add the collection on confirmation
//! (one undoable step). Or drop a whole mongodump (`super::dump_import`, in a chunk of the page).
//! The dialog's content is a chunk of its own too (`ui::chunks`), fetched when it first opens.

use super::chunks::{OnDemand, Piece};
use super::state::{Editor, NoticeKind};
use super::text::tr;
use crate::i18n::Msg;
use crate::offload::protocol::ImportPreview as Preview;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Files above this size are refused in the browser (the CLI streams any size).
const MAX_BROWSER_BYTES: f64 = 256.0 * 1024.0 * 1024.0;

#[component]
pub fn ImportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let text = RwSignal::new(String::new());
    let name = RwSignal::new("samples".to_string());
    let source = RwSignal::new("pasted".to_string());
    let result = RwSignal::new(None::<Result<Preview, String>>);
    // The worker reads the samples; `busy` shows "preparing…" meanwhile.
    let busy = RwSignal::new(false);
    let run = move || {
        let model = editor.model.get_untracked();
        let (text, name, source) = (text.get_untracked(), name.get_untracked(), source.get_untracked());
        result.set(None);
        busy.set(true);
        leptos::task::spawn_local(async move {
            let lang = editor.lang.get_untracked();
            let r = super::worker_client::import(text, name, source, &model, lang).await;
            busy.set(false);
            result.set(Some(r.map_err(|e| e.message(lang))));
        });
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        if file.size() > MAX_BROWSER_BYTES {
            let name = file.name();
            result.set(Some(Err(editor.fill(Msg::ImportTooBig, &[&name, &(file.size() / 1e6).round(), &name]))));
            return;
        }
        let file_name = file.name();
        let stem = file_name.split('.').next().unwrap_or("samples").to_string();
        name.set(stem);
        source.set(file_name);
        leptos::task::spawn_local(async move {
            if let Ok(v) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                text.set(v.as_string().unwrap_or_default());
                run();
            }
        });
    };
    let confirm = move |_| {
        let Some(Ok(preview)) = result.get_untracked() else { return };
        let entity = preview.entity;
        let id = entity.id.clone();
        let label = entity.name.clone();
        // In view, over no other box, as a new box is placed.
        let (at, view) = (editor.view_center(), editor.view_area());
        editor.edit(None, move |m| crate::editor::edit::add_placed(m, entity, at, Some(view)));
        editor.dialog.set(None);
        editor.select_entity(&id, false);
        editor.reveal(&id);
        editor.notify(NoticeKind::Info, editor.fill(Msg::AddedCollection, &[&label]));
    };
    view! {
        <div class="import" data-testid="import">
            <p class="hint">{tr(Msg::ImportHint)}</p>
            <label class="row"><span>{tr(Msg::CollectionName)}</span>
                <input type="text" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label class="row"><span>{tr(Msg::File)}</span><input type="file" data-testid="import-file" on:change=on_file /></label>
            <textarea
                class="paste"
                rows="10"
                aria-label=tr(Msg::SampleDocuments)
                data-testid="import-text"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))
                data-autofocus=""
            ></textarea>
            <div class="buttons">
                <button data-testid="import-analyse" on:click=move |_| run()>{tr(Msg::Analyse)}</button>
                <button class="primary" data-testid="import-confirm" disabled=move || !matches!(result.get(), Some(Ok(_))) on:click=confirm>{tr(Msg::AddCollection)}</button>
            </div>
            <Show when=move || busy.get()><p class="hint" role="status" data-testid="import-preparing">{tr(Msg::Preparing)}</p></Show>
            {move || result.get().map(|r| match r {
                Ok(p) => view! {
                    <div class="verdict-box" data-testid="import-preview">
                        <p>{p.summary}</p>
                        <ul>{p.messages.into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
                    </div>
                }.into_any(),
                Err(e) => view! { <p class="notice error" role="alert" data-testid="import-error">{e}</p> }.into_any(),
            })}
            // The dump's part comes in a chunk of its own, fetched when the dialog first opens.
            <OnDemand piece=Piece::DumpImport when=true frame=|note| note />
        </div>
    }
}
