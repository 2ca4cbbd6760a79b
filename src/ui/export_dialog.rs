//! Export: example documents (mongosh and Extended JSON), `$jsonSchema` validators, the
//! mongosh script, decision sheets, the review report, the diagram, code for the application
//! (a language or format picked in the Code tab) and the model file, each with copy and
//! download. Only the tab on screen is rendered.

use super::state::Editor;
use super::storage::{copy, download, file_name};
use super::text::tr;
use crate::i18n::Msg;
use crate::offload::protocol::ExportKind;
use leptos::prelude::*;

/// A tab: an export the worker writes, code in the language picked, or the model file, written
/// here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Export(ExportKind),
    Code,
    Model,
}

const TABS: [(Kind, Msg); 9] = [
    (Kind::Export(ExportKind::Examples), Msg::TabExamples),
    (Kind::Export(ExportKind::Ejson), Msg::TabEjson),
    (Kind::Export(ExportKind::Schema), Msg::TabSchema),
    (Kind::Export(ExportKind::Script), Msg::TabScript),
    (Kind::Export(ExportKind::Sheets), Msg::TabSheets),
    (Kind::Export(ExportKind::Report), Msg::TabReport),
    (Kind::Export(ExportKind::Image), Msg::TabImage),
    (Kind::Code, Msg::TabCode),
    (Kind::Model, Msg::TabModel),
];

/// The file name and MIME type of one export of `model`.
fn file_kind(kind: Kind, model: &crate::model::Model) -> (String, &'static str) {
    use crate::export::code::{java, Target};
    if let Some(target) = match kind {
        Kind::Export(e) => e.code_target(),
        _ => None,
    } {
        return match target {
            // A public Java class lives in the file of its name.
            Target::Java => (format!("{}.java", java::class_name(&model.name)), "text/x-java"),
            Target::Mongoose => (file_name(model, target.suffix()), "text/javascript"),
            _ => (file_name(model, target.suffix()), "text/plain"),
        };
    }
    let (suffix, mime) = match kind {
        Kind::Export(ExportKind::Examples) => (".examples.js", "text/javascript"),
        Kind::Export(ExportKind::Ejson) => (".examples.json", "application/json"),
        Kind::Export(ExportKind::Schema) => (".schema.json", "application/json"),
        Kind::Export(ExportKind::Script) => (".mongosh.js", "text/javascript"),
        Kind::Export(ExportKind::Sheets) => (".sheets.md", "text/markdown"),
        Kind::Export(ExportKind::Report) => (".review.md", "text/markdown"),
        Kind::Export(ExportKind::Image) => (".svg", "image/svg+xml"),
        Kind::Model | Kind::Code => (".docshape.json", "application/json"),
        Kind::Export(_) => (".txt", "text/plain"),
    };
    (file_name(model, suffix), mime)
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let kind = RwSignal::new(Kind::Export(ExportKind::Script));
    // The Code tab's language or format.
    let code = RwSignal::new(ExportKind::Mongoose);
    // The tab's text: `None` while the worker prepares it, then the text or why it failed.
    let text = RwSignal::new(None::<Result<String, String>>);
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        let (k, lang) = (kind.get(), editor.lang.get());
        let model = editor.model.get();
        let job = match k {
            Kind::Export(job) => job,
            Kind::Code => code.get(),
            Kind::Model => {
                text.set(Some(Ok(model.to_json())));
                return;
            }
        };
        text.set(None);
        asked.update_value(|n| *n += 1);
        let this = asked.get_value();
        let share_base = (k == Kind::Export(ExportKind::Report)).then(super::share_ui::page_address).flatten();
        leptos::task::spawn_local(async move {
            let answer = super::worker_client::export(job, &model, lang, share_base).await;
            // A newer request (another tab) replaces this one.
            if asked.get_value() == this {
                text.set(Some(answer.map_err(|e| e.message(lang))));
            }
        });
    });
    let ready = move || text.with_untracked(|t| t.as_ref().and_then(|r| r.as_ref().ok()).cloned());
    let preparing = move || text.with(|t| !matches!(t, Some(Ok(_))));
    let dark = RwSignal::new(false);
    let selection_only = RwSignal::new(false);
    view! {
        <div class="export" data-testid="export">
            <div class="tabs" role="tablist">
                {TABS.into_iter().map(|(k, label)| view! {
                    <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get() == k).to_string() on:click=move |_| if kind.get_untracked() != k { text.set(None); kind.set(k) }>{tr(label)}</button>
                }).collect_view()}
            </div>
            <Show when=move || kind.get() == Kind::Export(ExportKind::Schema) && editor.model.with(|m| !m.collections().any(|c| c.collection.validate))>
                <SchemaEmpty />
            </Show>
            <Show when=move || kind.get() == Kind::Code>
                <CodePicker code text />
            </Show>
            <Show when=move || kind.get() == Kind::Export(ExportKind::Image) fallback=move || view! { <ExportText text /> }>
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
                <button disabled=preparing on:click=move |_| { if let Some(t) = ready() { copy(editor, t, editor.text(Msg::Copied).to_string()) } }>{tr(Msg::Copy)}</button>
                <button
                    class="primary"
                    disabled=preparing
                    on:click=move |_| {
                        editor.model.with_untracked(|m| {
                            let k = match kind.get_untracked() { Kind::Code => Kind::Export(code.get_untracked()), k => k };
                            let (name, mime) = file_kind(k, m);
                            if let Some(t) = ready() { download(&name, mime, &t) }
                        });
                        // The report links its diagram as a file beside it: download that too.
                        if kind.get_untracked() == Kind::Export(ExportKind::Report) {
                            let name = editor.model.with_untracked(crate::share::report_svg_name);
                            super::share_ui::download_svg_named(&editor, name);
                        }
                    }
                >
                    {tr(Msg::Download)}
                </button>
            </div>
        </div>
    }
}

/// The Code tab's choice of language or format, with what the code keeps of the design.
#[component]
fn CodePicker(code: RwSignal<ExportKind>, text: RwSignal<Option<Result<String, String>>>) -> impl IntoView {
    let pick = move |ev| {
        let value = event_target_value(&ev);
        if let Some(k) = ExportKind::CODE.into_iter().find(|k| k.code_target().is_some_and(|t| t.code() == value)) {
            if code.get_untracked() != k {
                text.set(None);
                code.set(k);
            }
        }
    };
    view! {
        <div class="code-export">
            <label class="row">
                <span>{tr(Msg::CodeTarget)}</span>
                <select data-testid="code-target" on:change=pick>
                    {ExportKind::CODE.into_iter().filter_map(|k| k.code_target()).map(|t| view! {
                        <option value=t.code() selected=move || code.get().code_target() == Some(t)>{t.label()}</option>
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">{tr(Msg::CodeHint)}</p>
        </div>
    }
}

/// The tab's text, "preparing…" while the worker writes it, or the worker's error.
#[component]
fn ExportText(text: RwSignal<Option<Result<String, String>>>) -> impl IntoView {
    move || match text.get() {
        None => {
            view! { <p class="hint" role="status" data-testid="export-preparing">{tr(Msg::Preparing)}</p> }.into_any()
        }
        Some(Ok(t)) => view! { <pre class="code" data-testid="export-text">{t}</pre> }.into_any(),
        Some(Err(e)) => view! { <p class="notice error" role="alert" data-testid="export-error">{e}</p> }.into_any(),
    }
}

/// Why the `$jsonSchema` tab is `{}` (no collection is validated) and how to get validators.
#[component]
fn SchemaEmpty() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let any = move || editor.model.with(|m| m.collections().next().is_some());
    let validate_all = move |_| {
        editor.edit(None, |m| {
            let ids: Vec<String> = m.collections().map(|c| c.id.clone()).collect();
            for id in ids {
                if let Some(e) = m.entity_mut(&id) {
                    e.collection.validate = true;
                }
            }
        })
    };
    view! {
        <div class="notice" role="status" data-testid="schema-empty">
            <p>{tr(Msg::SchemaEmpty)}</p>
            <Show when=any>
                <button data-testid="validate-all" on:click=validate_all>{tr(Msg::ValidateAll)}</button>
            </Show>
        </div>
    }
}
