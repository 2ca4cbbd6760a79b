//! A mongodump on the import dialog: its folder or files dropped (or chosen), read
//! in the worker with a progress bar, then every collection and every relation found listed
//! with its evidence. Each relation is ticked to be added or unticked to be left out (a
//! rejected embedding nests back into its parent: `crate::dump::preview::accept`); what is
//! accepted is added in one undoable step.

use super::state::{Editor, NoticeKind};
use super::text::tr;
use super::worker_client::import_dump;
use crate::dump::preview::{accept, choose_dropped, dropped_names, DumpPreview, NotADump};
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
    // A drop or a choice holding no dump: said beside what is already here, which stays.
    let refused = RwSignal::new(None::<String>);
    // Every file dropped or chosen, by its path in the drop; only the dump's are read.
    let read = move |files: Vec<(String, web_sys::File)>| {
        if files.is_empty() {
            return;
        }
        let lang = editor.lang.get_untracked();
        let paths: Vec<String> = files.iter().map(|(path, _)| path.clone()).collect();
        let chosen = match choose_dropped(&paths) {
            Ok(chosen) => chosen,
            Err(why) => {
                refused.set(Some(refusal(why, &paths, lang)));
                return;
            }
        };
        refused.set(None);
        let files: Vec<(String, web_sys::File)> =
            files.into_iter().enumerate().filter(|(i, _)| chosen.contains(i)).map(|(_, f)| f).collect();
        let total: f64 = files.iter().map(|(_, f)| f.size()).sum();
        if total > MAX_DUMP_BYTES {
            let named = dropped_names(&paths);
            result.set(Some(Err(editor.fill(Msg::ImportTooBig, &[&named, &(total / 1e6).round(), &"DUMP_DIR"]))));
            return;
        }
        result.set(None);
        rejected.set(HashSet::new());
        progress.set(Some(0.0));
        let model = editor.model.get_untracked();
        leptos::task::spawn_local(async move {
            let mut dropped = Vec::with_capacity(files.len());
            for (name, file) in files {
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
        let files = file_list(input.files())
            .into_iter()
            .map(|file| {
                // A chosen folder's files carry their path in it (`webkitRelativePath`, a
                // property web-sys does not bind); files chosen one by one their name.
                let path = js_sys::Reflect::get(&file, &"webkitRelativePath".into()).ok().and_then(|v| v.as_string());
                (path.filter(|p| !p.is_empty()).unwrap_or_else(|| file.name()), file)
            })
            .collect();
        read(files);
        // The same files chosen again are read again.
        input.set_value("");
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        over.set(false);
        let Some(transfer) = ev.data_transfer() else { return };
        // The drop's entries are only there while the event is handled: taken now, walked after.
        let entries = dropped_entries(&transfer);
        let names: Vec<String> = entries.iter().map(|e| e.name()).collect();
        let loose = file_list(transfer.files());
        leptos::task::spawn_local(async move {
            let files = if entries.is_empty() {
                loose.into_iter().map(|f| (f.name(), f)).collect()
            } else {
                match walk(entries).await {
                    Ok(files) => files,
                    Err(path) => {
                        refused.set(Some(Msg::DumpUnreadable.fill(editor.lang.get_untracked(), &[&path])));
                        return;
                    }
                }
            };
            if files.is_empty() {
                // An empty folder: named by itself.
                refused.set(Some(refusal(NotADump::NoDumpFiles, &names, editor.lang.get_untracked())));
            }
            read(files);
        });
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
        {move || refused.get().map(|text| view! { <p class="notice error" role="alert" data-testid="dump-refused">{text}</p> })}
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

/// What the dialog says of files that make no dump, naming what was dropped or chosen.
fn refusal(why: NotADump, paths: &[String], lang: Lang) -> String {
    let named = dropped_names(paths);
    match why {
        NotADump::NoDumpFiles => Msg::DumpNothingDropped.fill(lang, &[&named]),
        NotADump::SeveralDatabases(names) => Msg::DumpSeveralDatabases.fill(lang, &[&named, &names.join(", ")]),
    }
}

/// The entries of a drop (files and folders), when the browser gives them: `webkitGetAsEntry`,
/// in every browser today, under that name.
fn dropped_entries(transfer: &web_sys::DataTransfer) -> Vec<web_sys::FileSystemEntry> {
    let items = transfer.items();
    (0..items.length())
        .filter_map(|i| items.get(i))
        .filter(|item| item.kind() == "file")
        .filter_map(|item| item.webkit_get_as_entry().ok().flatten())
        .collect()
}

/// Every file under the dropped entries, with its path in the drop (`dump/shop/orders.bson`),
/// as a chosen folder's files have it. Only the files' handles: their bytes are read later, for
/// the dump's files alone. `Err`: the path that could not be listed or opened.
async fn walk(roots: Vec<web_sys::FileSystemEntry>) -> Result<Vec<(String, web_sys::File)>, String> {
    let mut out = Vec::new();
    let mut pending = roots;
    while let Some(entry) = pending.pop() {
        let path = entry.full_path().trim_start_matches('/').to_string();
        if entry.is_directory() {
            let reader = entry.unchecked_ref::<web_sys::FileSystemDirectoryEntry>().create_reader();
            // A folder is listed a batch at a time (a hundred in Chrome), until an empty one.
            loop {
                let batch = called_back(|done, failed| {
                    let _ = reader.read_entries_with_callback_and_error_callback(done, failed);
                })
                .await
                .map_err(|_| path.clone())?;
                let batch: js_sys::Array = batch.unchecked_into();
                if batch.length() == 0 {
                    break;
                }
                pending.extend(batch.iter().map(|e| e.unchecked_into::<web_sys::FileSystemEntry>()));
            }
        } else if entry.is_file() {
            let file = called_back(|done, failed| {
                entry
                    .unchecked_ref::<web_sys::FileSystemFileEntry>()
                    .file_with_callback_and_error_callback(done, failed)
            })
            .await
            .map_err(|_| path.clone())?;
            out.push((path, file.unchecked_into::<web_sys::File>()));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// A call of the entries' API, which answers through callbacks, as a future: `call` is handed
/// the callback for the answer and the one for a failure.
async fn called_back(
    call: impl FnOnce(&js_sys::Function, &web_sys::ErrorCallback),
) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
    let mut call = Some(call);
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let failed = web_sys::ErrorCallback::new();
        failed.set_handle_event(&reject);
        if let Some(call) = call.take() {
            call(&resolve, &failed);
        }
    });
    wasm_bindgen_futures::JsFuture::from(promise).await
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
