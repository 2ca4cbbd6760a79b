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
    Report,
    Image,
    Model,
}

const TABS: [(Kind, &str); 8] = [
    (Kind::Examples, "Example documents"),
    (Kind::Ejson, "Extended JSON"),
    (Kind::Schema, "$jsonSchema"),
    (Kind::Script, "mongosh script"),
    (Kind::Sheets, "Decision sheets"),
    (Kind::Report, "Review report"),
    (Kind::Image, "Diagram image"),
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
        Kind::Report => (".review.md", "text/markdown"),
        Kind::Image => (".svg", "image/svg+xml"),
        Kind::Model => (".docshape.json", "application/json"),
    }
}

/// The text of one export.
fn render(kind: Kind, model: &Model, report: &crate::advisor::Report) -> String {
    match kind {
        Kind::Model => return model.to_json(),
        Kind::Image => return crate::share::diagram_svg(model, Some(report), &Default::default()),
        Kind::Report => {
            let opts = crate::share::ReportOptions {
                diagram: crate::share::Diagram::Inline(Default::default()),
                share_url: None,
            };
            return crate::share::review_markdown(model, report, &opts);
        }
        _ => {}
    }
    let builder = Builder::new(model);
    match kind {
        Kind::Examples => export::examples::render_shell(&export::examples::examples_with(&builder)),
        Kind::Ejson => export::examples::render_ejson(&export::examples::examples_with(&builder), Flavor::Relaxed),
        Kind::Schema => export::schema::render_json(&export::schema::validators(&builder)),
        Kind::Script => export::mongosh::script_with(&builder, &report.indexes),
        _ => export::sheet::sheets_with(&builder, report),
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Script);
    let text = Memo::new(move |_| {
        let k = kind.get();
        if k == Kind::Report {
            return super::share_ui::review_report(&editor);
        }
        editor.model.with(|m| editor.report.with(|r| render(k, m, r)))
    });
    let dark = RwSignal::new(false);
    let selection_only = RwSignal::new(false);
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {TABS.into_iter().map(|(k, label)| view! {
                    <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| kind.set(k)>{label}</button>
                }).collect_view()}
            </div>
            <Show when=move || kind.get() == Kind::Image fallback=move || view! { <pre class="code" data-testid="export-text">{move || text.get()}</pre> }>
                <div class="image-export" data-testid="image-export">
                    <label class="row check"><input type="checkbox" prop:checked=move || dark.get() on:change=move |ev| dark.set(event_target_checked(&ev)) /><span>"dark theme"</span></label>
                    <label class="row check"><input type="checkbox" prop:checked=move || selection_only.get() on:change=move |ev| selection_only.set(event_target_checked(&ev)) /><span>"only the selected aggregates"</span></label>
                    <div class="buttons">
                        <button data-testid="download-svg" on:click=move |_| super::share_ui::download_svg(&editor, dark.get_untracked(), selection_only.get_untracked())>"Download SVG"</button>
                        <button class="primary" data-testid="download-png" on:click=move |_| super::share_ui::download_png(&editor, dark.get_untracked(), selection_only.get_untracked())>"Download PNG"</button>
                    </div>
                    <p class="hint">"The image is drawn from the same geometry as the canvas, with the advisor's size badges and marks."</p>
                </div>
            </Show>
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
