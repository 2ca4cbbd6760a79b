//! Export: the model file and (once the exporters land) example documents, validators,
//! the mongosh script and decision sheets, each with copy and download.

use super::state::Editor;
use super::storage::{copy, download, file_name};
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Model,
}

fn render(kind: Kind, model: &crate::model::Model) -> (String, &'static str, &'static str) {
    match kind {
        Kind::Model => (model.to_json(), ".docshape.json", "application/json"),
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Model);
    let text = Memo::new(move |_| editor.model.with(|m| render(kind.get(), m).0));
    let tabs = [(Kind::Model, "Model file")];
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {tabs.into_iter().map(|(k, label)| view! {
                    <button role="tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| kind.set(k)>{label}</button>
                }).collect_view()}
            </div>
            <pre class="code" data-testid="export-text">{move || text.get()}</pre>
            <div class="buttons">
                <button on:click=move |_| copy(editor, text.get_untracked())>"Copy"</button>
                <button
                    class="primary"
                    on:click=move |_| editor.model.with_untracked(|m| {
                        let (body, suffix, mime) = render(kind.get_untracked(), m);
                        download(&file_name(m, suffix), mime, &body);
                    })
                >
                    "Download"
                </button>
            </div>
        </div>
    }
}
