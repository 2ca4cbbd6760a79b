//! Export: example documents (mongosh and Extended JSON), `$jsonSchema` validators, the
//! mongosh script, decision sheets and the model file, each with copy and download. Only the
//! tab on screen is rendered.

use super::state::Editor;
use super::storage::{copy, download, file_name};
use super::text::tr;
use crate::export::{self, Builder, Flavor};
use crate::i18n::{Lang, Msg};
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

const TABS: [(Kind, Msg); 8] = [
    (Kind::Examples, Msg::TabExamples),
    (Kind::Ejson, Msg::TabEjson),
    (Kind::Schema, Msg::TabSchema),
    (Kind::Script, Msg::TabScript),
    (Kind::Sheets, Msg::TabSheets),
    (Kind::Report, Msg::TabReport),
    (Kind::Image, Msg::TabImage),
    (Kind::Model, Msg::TabModel),
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

/// The text of one export; what people read (sheets, the script's comments, the report, the
/// image's words) is in `lang`, the rest is the same in every language.
fn render(kind: Kind, model: &Model, report: &crate::advisor::Report, lang: Lang) -> String {
    match kind {
        Kind::Model => return model.to_json(),
        Kind::Image => {
            let opts = crate::share::SvgOptions { lang, ..Default::default() };
            return crate::share::diagram_svg(model, Some(report), &opts);
        }
        Kind::Report => {
            let opts = crate::share::ReportOptions {
                diagram: crate::share::Diagram::Inline(crate::share::SvgOptions { lang, ..Default::default() }),
                share_url: None,
                lang,
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
        Kind::Script => export::mongosh::script_with(&builder, &report.indexes, lang),
        _ => export::sheet::sheets_with(&builder, report, lang),
    }
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Script);
    let text = Memo::new(move |_| {
        let k = kind.get();
        // Tracked, so the open tab follows a change of language.
        let lang = editor.lang.get();
        if k == Kind::Report {
            return super::share_ui::review_report(&editor);
        }
        editor.model.with(|m| editor.report.with(|r| render(k, m, r, lang)))
    });
    let dark = RwSignal::new(false);
    let selection_only = RwSignal::new(false);
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {TABS.into_iter().map(|(k, label)| view! {
                    <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| kind.set(k)>{tr(label)}</button>
                }).collect_view()}
            </div>
            <Show when=move || kind.get() == Kind::Image fallback=move || view! { <pre class="code" data-testid="export-text">{move || text.get()}</pre> }>
                <div class="image-export" data-testid="image-export">
                    <label class="row check"><input type="checkbox" prop:checked=move || dark.get() on:change=move |ev| dark.set(event_target_checked(&ev)) /><span>{tr(Msg::DarkTheme)}</span></label>
                    <label class="row check"><input type="checkbox" prop:checked=move || selection_only.get() on:change=move |ev| selection_only.set(event_target_checked(&ev)) /><span>{tr(Msg::OnlySelected)}</span></label>
                    <div class="buttons">
                        <button data-testid="download-svg" on:click=move |_| super::share_ui::download_svg(&editor, dark.get_untracked(), selection_only.get_untracked())>{tr(Msg::DownloadSvg)}</button>
                        <button class="primary" data-testid="download-png" on:click=move |_| super::share_ui::download_png(&editor, dark.get_untracked(), selection_only.get_untracked())>{tr(Msg::DownloadPng)}</button>
                    </div>
                    <p class="hint">{tr(Msg::ImageHint)}</p>
                </div>
            </Show>
            <div class="buttons">
                <button on:click=move |_| copy(editor, text.get_untracked())>{tr(Msg::Copy)}</button>
                <button
                    class="primary"
                    on:click=move |_| editor.model.with_untracked(|m| {
                        let (suffix, mime) = file_kind(kind.get_untracked());
                        download(&file_name(m, suffix), mime, &text.get_untracked());
                    })
                >
                    {tr(Msg::Download)}
                </button>
            </div>
        </div>
    }
}
