//! Export: example documents (mongosh and Extended JSON), `$jsonSchema` validators, the
//! mongosh script, decision sheets and the model file, each with copy and download. Only the
//! tab on screen is rendered.

use super::state::Editor;
use super::storage::{copy, download, file_name};
use crate::export::{self, Builder, Flavor};
use crate::model::Model;
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Examples,
    Ejson,
    Schema,
    Script,
    Sheets,
    Model,
}

const TABS: [(Kind, &str); 6] = [
    (Kind::Examples, "Example documents"),
    (Kind::Ejson, "Extended JSON"),
    (Kind::Schema, "$jsonSchema"),
    (Kind::Script, "mongosh script"),
    (Kind::Sheets, "Decision sheets"),
    (Kind::Model, "Model file"),
];

/// The file suffix and MIME type of one export.
fn file_kind(kind: Kind) -> (&'static str, &'static str) {
    match kind {
        Kind::Examples => (".examples.js", "text/javascript"),
        Kind::Ejson => (".examples.json", "application/json"),
        Kind::Schema => (".schema.json", "application/json"),
        Kind::Script => (".mongosh.js", "text/javascript"),
        Kind::Sheets => (".sheets.md", "text/markdown"),
        Kind::Model => (".docshape.json", "application/json"),
    }
}

/// The text of one export.
fn render(kind: Kind, model: &Model, report: &crate::advisor::Report) -> String {
    if kind == Kind::Model {
        return model.to_json();
    }
    let builder = Builder::new(model);
    match kind {
        Kind::Examples => export::examples::render_shell(&export::examples::examples_with(&builder)),
        Kind::Ejson => export::examples::render_ejson(&export::examples::examples_with(&builder), Flavor::Relaxed),
        Kind::Schema => export::schema::render_json(&export::schema::validators(&builder)),
        Kind::Script => export::mongosh::script_with(&builder, &report.indexes),
        Kind::Sheets | Kind::Model => export::sheet::sheets_with(&builder, report),
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Script);
    let text = Memo::new(move |_| editor.model.with(|m| editor.report.with(|r| render(kind.get(), m, r))));
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {TABS.into_iter().map(|(k, label)| view! {
                    <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| kind.set(k)>{label}</button>
                }).collect_view()}
            </div>
            <pre class="code" data-testid="export-text">{move || text.get()}</pre>
            <div class="buttons">
                <button on:click=move |_| copy(editor, text.get_untracked())>"Copy"</button>
                <button
                    class="primary"
                    on:click=move |_| editor.model.with_untracked(|m| {
                        let (suffix, mime) = file_kind(kind.get_untracked());
                        download(&file_name(m, suffix), mime, &text.get_untracked());
                    })
                >
                    "Download"
                </button>
            </div>
        </div>
    }
}
