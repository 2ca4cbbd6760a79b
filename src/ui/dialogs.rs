//! Modal dialogs: keyboard shortcuts, a new model from a template, and export.

use super::actions::ACTIONS;
use super::export_dialog::ExportDialog;
use super::import_dialog::ImportDialog;
use super::state::{Dialog, Editor, NoticeKind};
use crate::model::{load, Model};
use crate::templates::TEMPLATES;
use leptos::prelude::*;

#[component]
pub fn Dialogs() -> impl IntoView {
    let editor = expect_context::<Editor>();
    move || {
        editor.dialog.get().map(|d| {
            let (title, body) = match d {
                Dialog::Help => ("Keyboard shortcuts", view! { <Help /> }.into_any()),
                Dialog::New => ("New model", view! { <NewModel /> }.into_any()),
                Dialog::Export => ("Export", view! { <ExportDialog /> }.into_any()),
                Dialog::Import => ("Import sample documents or a validator", view! { <ImportDialog /> }.into_any()),
            };
            view! {
                <div class="backdrop" on:pointerdown=move |_| editor.dialog.set(None)>
                    <div
                        class="dialog"
                        role="dialog"
                        aria-modal="true"
                        aria-label=title
                        data-testid="dialog"
                        on:pointerdown=|ev| ev.stop_propagation()
                    >
                        <header>
                            <h2>{title}</h2>
                            <button class="link close" aria-label="Close" data-testid="dialog-close" on:click=move |_| editor.dialog.set(None)>"×"</button>
                        </header>
                        {body}
                    </div>
                </div>
            }
        })
    }
}

#[component]
fn Help() -> impl IntoView {
    view! {
        <table class="shortcuts" data-testid="shortcuts">
            <tbody>
                {ACTIONS.iter().map(|a| view! { <tr><td>{a.label}</td><td><kbd>{a.shortcut}</kbd></td></tr> }).collect_view()}
                <tr><td>"Pan"</td><td><kbd>"Space + drag"</kbd>" · "<kbd>"wheel"</kbd>" · middle button"</td></tr>
                <tr><td>"Zoom at the pointer"</td><td><kbd>"Ctrl + wheel"</kbd>" · pinch"</td></tr>
                <tr><td>"Add to selection"</td><td><kbd>"Shift + click"</kbd>" · drag on empty canvas"</td></tr>
                <tr><td>"Connect two aggregates"</td><td>"drag from the dot on a box's right edge"</td></tr>
            </tbody>
        </table>
    }
}

#[component]
fn NewModel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let open = move |model: Model| {
        editor.replace(model);
        editor.dialog.set(None);
    };
    view! {
        <p class="hint">"The current model stays in the undo history (Ctrl+Z brings it back)."</p>
        <ul class="templates" data-testid="templates">
            <li>
                <button class="template" data-testid="template-blank" on:click=move |_| open(Model::new("Untitled design"))>
                    <strong>"Blank"</strong>
                    <span>"Start from the access patterns."</span>
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
                                match fetch_text(&format!("templates/{}.json", t.id)).await.and_then(|text| load(&text).map_err(|e| e.to_string())) {
                                    Ok(m) => open(m),
                                    Err(e) => editor.notify(NoticeKind::Error, format!("The template \"{}\" could not be opened: {e}", t.title)),
                                }
                            })
                        }
                    >
                        <strong>{t.title}</strong>
                        <span>{t.blurb}</span>
                    </button>
                </li>
            }).collect_view()}
        </ul>
    }
}

/// GETs a text file next to the app (templates are served, not bundled).
async fn fetch_text(url: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let window = web_sys::window().ok_or("no window")?;
    let response =
        JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| format!("{url} could not be fetched"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("{url} answered {}", response.status()));
    }
    let text =
        JsFuture::from(response.text().map_err(|_| "no body")?).await.map_err(|_| "the body could not be read")?;
    text.as_string().ok_or_else(|| "the body is not text".to_string())
}
