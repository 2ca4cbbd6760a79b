//! The save status in the toolbar and the My designs dialog (open, rename, delete).

use super::designs::{help, Designs, Status};
use super::state::Editor;
use super::storage::Failure;
use super::text::tr;
use crate::designs::Entry;
use crate::i18n::Msg;
use leptos::prelude::*;

/// "Saved" quietly; a refused save or a conflict with another tab loudly, with what to do.
#[component]
pub fn SaveStatus() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let designs = Designs::get();
    move || {
        if editor.review.get() {
            return None;
        }
        let view = match designs.status.get() {
            Status::Idle => return None,
            Status::Saved => view! {
                <span class="save-status" data-testid="save-status" data-state="saved" title=tr(Msg::SavedTitle)>{tr(Msg::Saved)}</span>
            }
            .into_any(),
            Status::Failed(why) => {
                let short = if why == Failure::Full { Msg::NotSavedFull } else { Msg::NotSavedUnavailable };
                view! {
                    <span class="save-status failed" role="alert" data-testid="save-status" data-state="failed" title=tr(help(why))>
                        {tr(short)}
                        <button class="link" data-testid="save-status-download" title=tr(help(why)) on:click=move |_| super::model_file::save_file(&editor)>
                            {tr(Msg::Download)}
                        </button>
                    </span>
                }
                .into_any()
            }
            Status::Conflict => view! {
                <span class="save-status failed" role="alert" data-testid="save-status" data-state="conflict" title=tr(Msg::ChangedElsewhereHelp)>
                    {tr(Msg::ChangedElsewhere)}
                    <button class="link" data-testid="keep-copy" on:click=move |_| designs.keep_copy()>{tr(Msg::KeepMineAsCopy)}</button>
                    <button class="link" data-testid="take-theirs" on:click=move |_| designs.take_theirs()>{tr(Msg::TakeTheirs)}</button>
                </span>
            }
            .into_any(),
        };
        Some(view)
    }
}

/// The saved designs, most recent first: open, rename or delete each.
#[component]
pub fn DesignsDialog() -> impl IntoView {
    let designs = Designs::get();
    view! {
        <p class="hint">{tr(Msg::DesignsHint)}</p>
        {move || {
            let list = designs.list.get();
            if list.is_empty() {
                return view! { <p class="hint" data-testid="designs-empty">{tr(Msg::DesignsEmpty)}</p> }.into_any();
            }
            view! {
                <ul class="designs" data-testid="designs">
                    {list.into_iter().map(|e| view! { <DesignRow entry=e /> }).collect_view()}
                </ul>
            }
            .into_any()
        }}
    }
}

#[derive(Clone, Copy, PartialEq)]
enum RowMode {
    Show,
    Rename,
    ConfirmDelete,
}

#[component]
fn DesignRow(entry: Entry) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let designs = Designs::get();
    let mode = RwSignal::new(RowMode::Show);
    let id = StoredValue::new(entry.id.clone());
    let is_open = move || designs.current.get().as_deref() == Some(id.get_value().as_str()) && !editor.review.get();
    let name = entry.name.clone();
    let meta = move || {
        let lang = editor.lang.get();
        let when = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(entry.updated))
            .to_locale_string(lang.code(), &wasm_bindgen::JsValue::UNDEFINED);
        let kb = (entry.bytes as f64 / 1024.0).ceil();
        Msg::DesignMeta.fill(lang, &[&String::from(when), &kb])
    };
    let draft = RwSignal::new(entry.name.clone());
    let commit = move || {
        let name = draft.get_untracked().trim().to_string();
        if !name.is_empty() {
            designs.rename(&id.get_value(), name);
        }
        mode.set(RowMode::Show);
    };
    let open = move |_| {
        designs.open(&id.get_value());
        editor.dialog.set(None);
    };
    view! {
        <li class="design" class:open=is_open data-testid="design" data-name=entry.name.clone()>
            {move || match mode.get() {
                RowMode::Rename => view! {
                    <input
                        class="design-name"
                        data-testid="design-name-input"
                        aria-label=tr(Msg::RenameDesign)
                        prop:value=move || draft.get()
                        on:input=move |ev| draft.set(event_target_value(&ev))
                        on:keydown=move |ev| {
                            match ev.key().as_str() {
                                "Enter" => commit(),
                                // Leaves renaming, what was typed kept (the dialog stays open).
                                "Escape" => {
                                    ev.prevent_default();
                                    commit();
                                }
                                _ => {}
                            }
                        }
                    />
                    <button data-testid="design-rename-save" on:click=move |_| commit()>{tr(Msg::RenameDesign)}</button>
                }
                .into_any(),
                RowMode::ConfirmDelete => {
                    let question = Msg::ConfirmDelete.fill(editor.lang.get(), &[&super::text::shown_name(&name)]);
                    view! {
                        <span class="design-question">{question}</span>
                        <button class="danger" data-testid="design-delete-confirm" on:click=move |_| designs.delete(&id.get_value())>{tr(Msg::DeleteDesign)}</button>
                        <button data-testid="design-delete-cancel" on:click=move |_| mode.set(RowMode::Show)>{tr(Msg::CancelAction)}</button>
                    }
                    .into_any()
                }
                RowMode::Show => view! {
                    <span class="design-title">
                        <strong>{super::text::shown_name(&name)}</strong>
                        {move || is_open().then(|| view! { <span class="badge">{tr(Msg::DesignOpenNow)}</span> })}
                        <small>{meta}</small>
                    </span>
                    <button class="primary" data-testid="design-open" disabled=is_open on:click=open>{tr(Msg::OpenDesign)}</button>
                    <button data-testid="design-rename" on:click=move |_| mode.set(RowMode::Rename)>{tr(Msg::RenameDesign)}</button>
                    <button data-testid="design-delete" on:click=move |_| mode.set(RowMode::ConfirmDelete)>{tr(Msg::DeleteDesign)}</button>
                }
                .into_any(),
            }}
        </li>
    }
}
