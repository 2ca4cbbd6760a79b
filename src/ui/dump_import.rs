//! A mongodump on the import dialog: its files dropped (or chosen, or its folder chosen), read
//! in the worker with a progress bar, then every collection and every relation found listed
//! with its evidence. Each relation is ticked to be added or unticked to be left out (a
//! rejected embedding nests back into its parent: `crate::dump::preview::accept`); what is
//! accepted is added in one undoable step.

use super::state::{Editor, NoticeKind};
use super::text::tr;
use super::worker_client::import_dump;
use crate::dump::preview::{accept, DumpPreview};
use crate::i18n::{Lang, Msg};
use crate::model::{Relation, Storage};
use crate::offload::protocol::DroppedFile;
use base64::Engine;
use leptos::prelude::*;
use std::collections::HashSet;
use wasm_bindgen::JsCast;

/// Dumps above this size (all files together) are refused in the browser: the page holds
/// the files and their base64 copy. `docshape infer DUMP_DIR` streams any size.
const MAX_DUMP_BYTES: f64 = 256.0 * 1024.0 * 1024.0;

#[component]
pub fn DumpImport() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // While the worker reads: how far it is (0 to 1).
    let progress = RwSignal::new(None::<f64>);
    let result = RwSignal::new(None::<Result<DumpPreview, String>>);
    // The relations unticked, by id.
    let rejected = RwSignal::new(HashSet::<String>::new());
    let over = RwSignal::new(false);
    let read = move |files: Vec<web_sys::File>| {
        if files.is_empty() {
            return;
        }
        let total: f64 = files.iter().map(|f| f.size()).sum();
        if total > MAX_DUMP_BYTES {
            let first = files[0].name();
            result.set(Some(Err(editor.fill(Msg::ImportTooBig, &[&first, &(total / 1e6).round(), &"DUMP_DIR"]))));
            return;
        }
        result.set(None);
        rejected.set(HashSet::new());
        progress.set(Some(0.0));
        let model = editor.model.get_untracked();
        let lang = editor.lang.get_untracked();
        leptos::task::spawn_local(async move {
            let mut dropped = Vec::with_capacity(files.len());
            for file in files {
                // A chosen folder's files carry their path in it; dropped ones their name.
                // (`webkitRelativePath` is a property web-sys does not bind.)
                let path = js_sys::Reflect::get(&file, &"webkitRelativePath".into()).ok().and_then(|v| v.as_string());
                let name = path.filter(|p| !p.is_empty()).unwrap_or_else(|| file.name());
                let Ok(buffer) = wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await else {
                    progress.set(None);
                    result.set(Some(Err(Msg::DumpUnreadable.fill(lang, &[&name]))));
                    return;
                };
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                dropped.push(DroppedFile { name, base64: base64::engine::general_purpose::STANDARD.encode(bytes) });
            }
            let answer = import_dump(dropped, &model, lang, move |p| progress.set(Some(p))).await;
            progress.set(None);
            result.set(Some(answer.map_err(|e| e.message(lang))));
        });
    };
    let on_files = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        read(file_list(input.files()));
        // The same files chosen again are read again.
        input.set_value("");
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        over.set(false);
        read(file_list(ev.data_transfer().and_then(|d| d.files())));
    };
    let on_drag_over = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        over.set(true);
    };
    // The folder picker: `webkitdirectory` is no attribute the view knows.
    let folder = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        if let Some(input) = folder.get() {
            let _ = input.set_attribute("webkitdirectory", "");
        }
    });
    let confirm = move |_| {
        let Some(Ok(preview)) = result.get_untracked() else { return };
        let rejected: Vec<String> = rejected.get_untracked().into_iter().collect();
        let (entities, relations) = accept(preview, &rejected);
        let (collections, links) = (entities.len(), relations.len());
        let at = editor.view_center();
        editor.edit(None, move |m| crate::editor::edit::add_group(m, entities, relations, at));
        editor.dialog.set(None);
        editor.notify(NoticeKind::Info, editor.fill(Msg::AddedDump, &[&collections, &links]));
    };
    let lang = editor.lang;
    view! {
        <div
            class="dump-drop"
            class:over=move || over.get()
            data-testid="dump-drop"
            on:dragover=on_drag_over
            on:dragleave=move |_| over.set(false)
            on:drop=on_drop
        >
            <p class="hint">{tr(Msg::DumpHint)}</p>
            <label class="row"><span>{tr(Msg::DumpFiles)}</span>
                <input type="file" multiple data-testid="dump-files" on:change=on_files />
            </label>
            <label class="row"><span>{tr(Msg::DumpFolder)}</span>
                <input type="file" multiple node_ref=folder data-testid="dump-folder" on:change=on_files />
            </label>
        </div>
        {move || progress.get().map(|p| view! {
            <p class="hint" role="status" data-testid="dump-progress">
                {move || Msg::DumpReading.text(lang.get())}
                " "
                <progress max="100" value=format!("{}", (p * 100.0).round())></progress>
                {format!(" {}%", (p * 100.0).round())}
            </p>
        })}
        {move || result.get().map(|r| match r {
            Ok(preview) => {
                let lang = lang.get();
                let relations: Vec<_> = preview
                    .relations
                    .iter()
                    .map(|r| {
                        let id = r.id.to_string();
                        let label = relation_label(r, &preview, lang);
                        let key = id.clone();
                        view! {
                            <li><label>
                                <input
                                    type="checkbox"
                                    data-testid="dump-relation"
                                    prop:checked=move || !rejected.get().contains(&key)
                                    on:change=move |ev| {
                                        let keep = event_target_checked(&ev);
                                        rejected.update(|set| {
                                            if keep { set.remove(&id); } else { set.insert(id.clone()); }
                                        });
                                    }
                                />
                                " " {label}
                            </label></li>
                        }
                    })
                    .collect();
                let none = relations.is_empty();
                view! {
                    <div class="verdict-box" data-testid="dump-preview">
                        <ul>{preview.summary.iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view()}</ul>
                        <Show when=move || !none>
                            <p>{tr(Msg::DumpRelations)}</p>
                        </Show>
                        <ul class="dump-relations">{relations}</ul>
                    </div>
                }.into_any()
            }
            Err(e) => view! { <p class="notice error" role="alert" data-testid="dump-error">{e}</p> }.into_any(),
        })}
        <div class="buttons">
            <button
                class="primary"
                data-testid="dump-confirm"
                disabled=move || !matches!(result.get(), Some(Ok(_)))
                on:click=confirm
            >{tr(Msg::AddDump)}</button>
        </div>
    }
}

/// The files of a file list (an input's or a drop's).
fn file_list(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

/// One relation found, as the dialog lists it: its ends by name and its evidence.
fn relation_label(r: &Relation, preview: &DumpPreview, lang: Lang) -> String {
    let name = |id: &str| preview.entities.iter().find(|e| e.id == id).map_or(id.to_string(), |e| e.name.clone());
    let matched = share(r.evidence.as_ref().map_or(1.0, |e| e.matched), lang);
    let (parent, child) = (name(&r.parent), name(&r.child));
    match r.storage {
        Storage::Embed => Msg::DumpEmbedded.fill(lang, &[&child, &parent, &matched]),
        _ => {
            let field = r.reference.child_field.clone().unwrap_or_default();
            Msg::DumpReference.fill(lang, &[&format!("{child}.{field}"), &parent, &matched])
        }
    }
}

/// A share as a percentage with one decimal at most, in the language's notation.
fn share(x: f64, lang: Lang) -> String {
    let tenths = (x * 1000.0).round() / 10.0;
    let text = if tenths.fract() == 0.0 { format!("{tenths:.0}%") } else { format!("{tenths:.1}%") };
    match lang {
        Lang::En => text,
        _ => text.replace('.', ","),
    }
}
