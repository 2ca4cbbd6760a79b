//! Modal dialogs: keyboard shortcuts, a new model from a template, export, import, My designs
//! and Versions; most of their content comes in a chunk of its own (`ui::chunks`).

use super::actions::ACTIONS;
use super::chunks::{OnDemand, Piece};
use super::delete_arrow::DeleteArrow;
use super::designs::Designs;
use super::modal::Modal;
use super::page::fetch_text;
use super::state::{Dialog, Editor, NoticeKind};
use super::text::tr;
use crate::i18n::Msg;
use crate::model::{load, Model};
use crate::templates::TEMPLATES;
use leptos::prelude::*;

#[component]
pub fn Dialogs() -> impl IntoView {
    let editor = expect_context::<Editor>();
    move || {
        editor.dialog.get().map(|d| {
            let (title, body) = match d {
                // The content of most dialogs is a chunk of its own (`ui::chunks`), fetched
                // the first time the dialog opens.
                Dialog::Help => (Msg::ActHelp, view! { <OnDemand piece=Piece::Help when=true frame=|note| note /> }.into_any()),
                Dialog::New => (Msg::DialogNew, view! { <OnDemand piece=Piece::NewModel when=true frame=|note| note /> }.into_any()),
                Dialog::Export => (Msg::Export, view! { <OnDemand piece=Piece::Export when=true frame=|note| note /> }.into_any()),
                Dialog::Import => (Msg::DialogImport, view! { <OnDemand piece=Piece::Import when=true frame=|note| note /> }.into_any()),
                Dialog::Designs => (Msg::MyDesigns, view! { <OnDemand piece=Piece::Designs when=true frame=|note| note /> }.into_any()),
                Dialog::Versions => (Msg::VersionsAndCompare, view! { <OnDemand piece=Piece::Versions when=true frame=|note| note /> }.into_any()),
                Dialog::DeleteArrow => (Msg::DeleteArrow, view! { <DeleteArrow /> }.into_any()),
            };
            view! {
                <Modal title=Signal::derive(move || editor.t(title).to_string()) on_close=move || editor.dialog.set(None)>
                    {body}
                </Modal>
            }
        })
    }
}

/// The Shortcuts dialog's content (a piece: `ui::pieces::help`).
#[component]
pub fn Help() -> impl IntoView {
    view! {
        <table class="shortcuts" data-testid="shortcuts">
            <tbody>
                {ACTIONS.iter().filter(|a| !a.shortcut.is_empty()).map(|a| view! { <tr><td>{tr(a.label)}</td><td><kbd>{a.shortcut}</kbd></td></tr> }).collect_view()}
                <tr><td>{tr(Msg::HelpPan)}</td><td><kbd>{tr(Msg::HelpSpaceDrag)}</kbd>" · "<kbd>{tr(Msg::HelpWheel)}</kbd>" · "{tr(Msg::HelpMiddleButton)}</td></tr>
                <tr><td>{tr(Msg::HelpZoomAtPointer)}</td><td><kbd>{tr(Msg::HelpCtrlWheel)}</kbd>" · "{tr(Msg::HelpPinch)}</td></tr>
                <tr><td>{tr(Msg::HelpAddToSelection)}</td><td><kbd>{tr(Msg::HelpShiftClick)}</kbd>" · "{tr(Msg::HelpDragEmpty)}</td></tr>
                <tr><td>{tr(Msg::HelpConnectTwo)}</td><td>{tr(Msg::HelpDragFromDot)}</td></tr>
            </tbody>
        </table>
    }
}

/// The New model dialog's content (a piece: `ui::pieces::new_model`).
#[component]
pub fn NewModel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // A new design: the one on screen stays in My designs.
    let open = move |model: Model| {
        Designs::get().open_new(model);
        editor.dialog.set(None);
    };
    view! {
        <p class="hint">{tr(Msg::NewModelHint)}</p>
        <ul class="templates" data-testid="templates">
            <li>
                <button class="template" data-testid="template-blank" on:click=move |_| open(Model::new(editor.text(Msg::UntitledDesign)))>
                    <strong>{tr(Msg::Blank)}</strong>
                    <span>{tr(Msg::BlankBlurb)}</span>
                </button>
            </li>
            {TEMPLATES.iter().map(|t| view! {
                <li>
                    <button
                        class="template"
                        data-testid="template"
                        data-template=t.id
                        on:click=move |_| {
                            leptos::task::spawn_local(async move {
                                match fetch_text(&t.path(editor.lang.get_untracked())).await.and_then(|text| load(&text).map_err(|e| e.to_string())) {
                                    Ok(m) => open(m),
                                    Err(e) => editor.notify(NoticeKind::Error, editor.fill(Msg::TemplateError, &[&t.title(editor.lang.get_untracked()), &e])),
                                }
                            })
                        }
                    >
                        <strong>{move || t.title(editor.lang.get())}</strong>
                        <span>{move || t.blurb(editor.lang.get())}</span>
                    </button>
                </li>
            }).collect_view()}
        </ul>
    }
}
