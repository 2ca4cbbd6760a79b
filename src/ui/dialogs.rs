//! Modal dialogs: keyboard shortcuts, a new model from a template, and export.

use super::actions::ACTIONS;
use super::chunks::{OnDemand, Piece};
use super::delete_arrow::DeleteArrow;
use super::designs::Designs;
use super::designs_ui::DesignsDialog;
use super::export_dialog::ExportDialog;
use super::import_dialog::ImportDialog;
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
                Dialog::Help => (Msg::ActHelp, view! { <Help /> }.into_any()),
                Dialog::New => (Msg::DialogNew, view! { <NewModel /> }.into_any()),
                Dialog::Export => (Msg::Export, view! { <ExportDialog /> }.into_any()),
                Dialog::Import => (Msg::DialogImport, view! { <ImportDialog /> }.into_any()),
                Dialog::Designs => (Msg::MyDesigns, view! { <DesignsDialog /> }.into_any()),
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

#[component]
fn Help() -> impl IntoView {
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

#[component]
fn NewModel() -> impl IntoView {
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
