//! Export: example documents (mongosh and Extended JSON), `$jsonSchema` validators, the
//! mongosh script, decision sheets, the review report, the diagram, code for the application
//! (a language or format picked in the Code tab) and the model file, each with copy and
//! download. Only the tab on screen is rendered.

use super::state::Editor;
use super::storage::{copy, download};
use super::text::tr;
use crate::export::code::Target;
use crate::export::ExportTarget;
use crate::i18n::Msg;
use leptos::prelude::*;

/// The dialog's tabs, from the one list of exports: each tab with the first export it shows
/// (the Code tab shows the language picked).
fn tabs() -> Vec<(ExportTarget, Msg)> {
    let mut tabs: Vec<(ExportTarget, Msg)> = Vec::new();
    for target in ExportTarget::ALL {
        if let Some(tab) = target.tab().filter(|tab| !tabs.iter().any(|(_, t)| t == tab)) {
            tabs.push((target, tab));
        }
    }
    tabs
}

#[component]
pub fn ExportDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // The export on screen (in the Code tab, the language picked).
    let kind = RwSignal::new(ExportTarget::Script);
    // The Code tab's language or format, kept while another tab is on screen.
    let code = RwSignal::new(Target::Mongoose);
    // The tab's text: `None` while the worker prepares it, then the text or why it failed.
    let text = RwSignal::new(None::<Result<String, String>>);
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        let (k, lang) = (kind.get(), editor.lang.get());
        let model = editor.model.get();
        // The model file is the page's own to write.
        if k == ExportTarget::Model {
            text.set(Some(Ok(model.to_json())));
            return;
        }
        text.set(None);
        asked.update_value(|n| *n += 1);
        let this = asked.get_value();
        let share_base = (k == ExportTarget::Report).then(super::share_ui::page_address).flatten();
        leptos::task::spawn_local(async move {
            let answer = super::worker_client::export(k, &model, lang, share_base).await;
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
                {tabs().into_iter().map(|(first, label)| {
                    let k = move || match first { ExportTarget::Code(_) => ExportTarget::Code(code.get_untracked()), first => first };
                    view! {
                        <button role="tab" data-testid="export-tab" aria-selected=move || (kind.get().tab() == Some(label)).to_string() on:click=move |_| if kind.get_untracked() != k() { text.set(None); kind.set(k()) }>{tr(label)}</button>
                    }
                }).collect_view()}
            </div>
            <Show when=move || kind.get() == ExportTarget::Schema && editor.model.with(|m| !m.collections().any(|c| c.collection.validate))>
                <SchemaEmpty />
            </Show>
            <Show when=move || matches!(kind.get(), ExportTarget::Code(_))>
                <CodePicker kind code text />
            </Show>
            <Show when=move || kind.get() == ExportTarget::Image fallback=move || view! { <ExportText text kind /> }>
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
                        let k = kind.get_untracked();
                        let name = editor.model.with_untracked(|m| k.file_name(m));
                        if let Some(t) = ready() { download(&name, k.mime(), &t) }
                        // The report links its diagram as a file beside it: download that too.
                        if k == ExportTarget::Report {
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
fn CodePicker(
    kind: RwSignal<ExportTarget>,
    code: RwSignal<Target>,
    text: RwSignal<Option<Result<String, String>>>,
) -> impl IntoView {
    let pick = move |ev| {
        if let Some(ExportTarget::Code(t)) = ExportTarget::from_name(&event_target_value(&ev)) {
            if code.get_untracked() != t {
                text.set(None);
                code.set(t);
                kind.set(ExportTarget::Code(t));
            }
        }
    };
    let languages = ExportTarget::ALL.into_iter().filter_map(|k| match k {
        ExportTarget::Code(t) => Some(t),
        _ => None,
    });
    view! {
        <div class="code-export">
            <label class="row">
                <span>{tr(Msg::CodeTarget)}</span>
                <select data-testid="code-target" on:change=pick>
                    {languages.map(|t| view! {
                        <option value=ExportTarget::Code(t).name() selected=move || code.get() == t>{t.label()}</option>
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">{tr(Msg::CodeHint)}</p>
        </div>
    }
}

/// The tab's text, "preparing…" while the worker writes it, or the worker's error.
#[component]
fn ExportText(text: RwSignal<Option<Result<String, String>>>, kind: RwSignal<ExportTarget>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    // The preview scrolls: it takes the focus, so the keyboard scrolls it too.
    let name = move || kind.get().tab().map(|t| editor.t(t)).unwrap_or_default();
    move || match text.get() {
        None => {
            view! { <p class="hint" role="status" data-testid="export-preparing">{tr(Msg::Preparing)}</p> }.into_any()
        }
        Some(Ok(t)) => {
            view! { <pre class="code" data-testid="export-text" tabindex="0" role="region" aria-label=name>{t}</pre> }
                .into_any()
        }
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
