//! The Versions dialog (keep a version; open, compare, restore or delete one; compare with a
//! file or a share link), the banner of a version opened read-only, and the compare panel: the
//! summary, the changes and what they do to the design, in the interface's language, with the
//! canvas' marks (colour and symbol) and the review report of the change to download.
//!
//! The toolbar's button, the "Comparing…" banner, the marks and [`frame`] are in the page's
//! wasm; the dialog's content, the version's banner and the compare panel come in the `compare`
//! chunk, fetched when one is first opened (src/ui/chunks.rs, src/main.rs).

use super::compare::{glyph, meaning, Aside, Base, Compare};
use super::state::{Dialog, Editor, NoticeKind};
use super::versions;
use crate::designs::versions::Version;
use crate::i18n::{pick, Msg};
use leptos::prelude::*;

/// A label in the interface's language.
fn l(editor: Editor, forms: [&'static str; 3]) -> impl Fn() -> &'static str + Copy {
    move || pick(editor.lang.get(), forms)
}

/// The toolbar's Versions button.
#[component]
pub fn VersionsButton() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    view! {
        <button
            class="tool"
            data-testid="action-versions"
            title=move || format!("{} (V)", editor.t(Msg::ActVersions))
            aria-label=l(editor, ["Versions and compare", "Versiones y comparación", "Versões e comparação"])
            disabled=move || editor.review.get() && !compare.showing()
            on:click=move |_| editor.dialog.set(Some(Dialog::Versions))
        >
            <super::icons::Icon name="versions" />
        </button>
    }
}

#[component]
pub fn VersionsDialog() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    let list = RwSignal::new(versions::list());
    let name = RwSignal::new(String::new());
    let link = RwSignal::new(String::new());
    let keep = move || {
        if versions::keep(&editor, &name.get_untracked()) {
            name.set(String::new());
            list.set(versions::list());
        }
    };
    let close = move || editor.dialog.set(None);
    let from_link = move || match crate::share::decode_link(&link.get_untracked()) {
        Ok(model) => {
            close();
            compare.compare_with(model, Base::Link);
        }
        Err(e) => editor.notify(NoticeKind::Error, editor.fill(Msg::BrokenLink, &[&e])),
    };
    let from_file = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        let label = file.name();
        input.set_value("");
        if file.size() > crate::model::MAX_FILE_BYTES as f64 {
            return editor.notify(NoticeKind::Error, editor.fill(Msg::FileTooBig, &[&label, &file.size()]));
        }
        close();
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
            match text.map(|t| crate::model::load(&t).map_err(|e| e.to_string())) {
                Some(Ok(model)) => compare.compare_with(model, Base::File(label)),
                Some(Err(e)) => editor.notify(NoticeKind::Error, editor.fill(Msg::CouldNotOpen, &[&label, &e])),
                None => editor.notify(NoticeKind::Error, editor.fill(Msg::CouldNotRead, &[&label])),
            }
        });
    };
    let editing = move || !editor.review.get();
    view! {
        <p class="hint">{l(editor, [
            "A version is a copy of this design kept in this browser: open it read-only, compare the design with it, or restore it (undo takes a restore back).",
            "Una versión es una copia de este diseño guardada en este navegador: ábrela en solo lectura, compara el diseño con ella o restáurala (deshacer retira la restauración).",
            "Uma versão é uma cópia deste projeto guardada neste navegador: abra-a somente leitura, compare o projeto com ela ou restaure-a (desfazer retira a restauração).",
        ])}</p>
        <Show when=editing>
            <div class="version-new">
                <input
                    data-testid="version-name"
                    prop:value=move || name.get()
                    placeholder=l(editor, ["Name of the version (optional)", "Nombre de la versión (opcional)", "Nome da versão (opcional)"])
                    aria-label=l(editor, ["Name of the version", "Nombre de la versión", "Nome da versão"])
                    on:input=move |ev| name.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { keep() }
                />
                <button class="primary" data-testid="version-keep" on:click=move |_| keep()>
                    {l(editor, ["Keep this version", "Guardar esta versión", "Guardar esta versão"])}
                </button>
            </div>
        </Show>
        {move || {
            let items = list.get();
            if items.is_empty() {
                return view! { <p class="hint" data-testid="versions-empty">{l(editor, ["No version kept yet.", "Aún no hay versiones.", "Nenhuma versão guardada ainda."])}</p> }.into_any();
            }
            let n = items.len();
            let include = move || match editor.lang.get() {
                crate::i18n::Lang::En => format!("Download the model file with its versions ({n})"),
                crate::i18n::Lang::Es => format!("Descargar el archivo de modelo con sus versiones ({n})"),
                crate::i18n::Lang::Pt => format!("Baixar o arquivo de modelo com suas versões ({n})"),
            };
            view! {
                <ul class="designs" data-testid="versions">
                    {items.into_iter().map(|v| view! { <VersionRow version=v list=list /> }).collect_view()}
                </ul>
                <p>
                    <button data-testid="versions-download" on:click=move |_| versions::download_with_versions(&editor)>{include}</button>
                </p>
            }
            .into_any()
        }}
        <h3>{l(editor, ["Compare with a file or a share link", "Comparar con un archivo o un enlace compartido", "Comparar com um arquivo ou um link compartilhado"])}</h3>
        <div class="version-new">
            <label class="button">
                {l(editor, ["A model file…", "Un archivo de modelo…", "Um arquivo de modelo…"])}
                <input type="file" accept=".json,application/json" data-testid="compare-file" class="visually-hidden" on:change=from_file />
            </label>
            <input
                data-testid="compare-link"
                prop:value=move || link.get()
                placeholder=l(editor, ["Paste a share link", "Pega un enlace compartido", "Cole um link compartilhado"])
                aria-label=l(editor, ["Share link to compare with", "Enlace compartido para comparar", "Link compartilhado para comparar"])
                on:input=move |ev| link.set(event_target_value(&ev))
            />
            <button data-testid="compare-link-go" on:click=move |_| from_link()>{l(editor, ["Compare", "Comparar", "Comparar"])}</button>
        </div>
    }
}

#[component]
fn VersionRow(version: Version, list: RwSignal<Vec<Version>>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let id = StoredValue::new(version.id.clone());
    let when = move || {
        String::from(
            js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(version.saved))
                .to_locale_string(editor.lang.get().code(), &wasm_bindgen::JsValue::UNDEFINED),
        )
    };
    let done = move || editor.dialog.set(None);
    let editing = move || !editor.review.get();
    view! {
        <li class="design" data-testid="version" data-name=version.name.clone()>
            <span class="design-title">
                <strong>{super::text::shown_name(&version.name)}</strong>
                <small>{when}</small>
            </span>
            <button data-testid="version-open" on:click=move |_| { done(); versions::open(&editor, &id.get_value()) }>
                {l(editor, ["Open read-only", "Abrir en solo lectura", "Abrir somente leitura"])}
            </button>
            <button class="primary" data-testid="version-compare" on:click=move |_| { done(); versions::compare(&editor, &id.get_value()) }>
                {l(editor, ["Compare", "Comparar", "Comparar"])}
            </button>
            <button data-testid="version-restore" on:click=move |_| { done(); versions::restore(&editor, &id.get_value()) }>
                {l(editor, ["Restore", "Restaurar", "Restaurar"])}
            </button>
            <Show when=editing>
                <button data-testid="version-delete" on:click=move |_| {
                    if versions::delete(&editor, &id.get_value()) { list.set(versions::list()) }
                }>{tr_delete(editor)}</button>
            </Show>
        </li>
    }
}

fn tr_delete(editor: Editor) -> impl Fn() -> &'static str {
    move || editor.t(Msg::DeleteDesign)
}

/// Which aside is on screen, without the compare panel's sentences: a comparison's panel is made
/// once, and a change of language replaces its texts in place (the list keeps its place).
#[derive(Clone, PartialEq)]
enum Shown {
    Version { id: String, name: String },
    Compare { id: u32, base: Base },
}

/// The banner of a version opened read-only, or the compare panel.
#[component]
pub fn AsideView() -> impl IntoView {
    let compare = expect_context::<Compare>();
    let shown = Memo::new(move |_| {
        compare.aside.with(|a| match a {
            None => None,
            Some(Aside::Version { id, name }) => Some(Shown::Version { id: id.clone(), name: name.clone() }),
            Some(Aside::Compare { id, base, .. }) => Some(Shown::Compare { id: *id, base: base.clone() }),
        })
    });
    move || match shown.get() {
        None => None,
        Some(Shown::Version { id, name }) => Some(view! { <VersionBanner id=id name=name /> }.into_any()),
        Some(Shown::Compare { base, .. }) => Some(view! { <ComparePanel base=base /> }.into_any()),
    }
}

#[component]
fn VersionBanner(id: String, name: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    let id = StoredValue::new(id);
    let name = super::text::shown_name(&name);
    let title = move || match editor.lang.get() {
        crate::i18n::Lang::En => format!("Version “{name}”, read-only"),
        crate::i18n::Lang::Es => format!("Versión «{name}», solo lectura"),
        crate::i18n::Lang::Pt => format!("Versão “{name}”, somente leitura"),
    };
    view! {
        <div class="review-banner" role="status" data-testid="version-banner">
            <strong>{title}</strong>
            <button class="primary" data-testid="banner-restore" on:click=move |_| versions::restore(&editor, &id.get_value())>
                {l(editor, ["Restore this version", "Restaurar esta versión", "Restaurar esta versão"])}
            </button>
            <button data-testid="banner-compare" on:click=move |_| versions::compare(&editor, &id.get_value())>
                {l(editor, ["Compare with my design", "Comparar con mi diseño", "Comparar com meu projeto"])}
            </button>
            <button data-testid="aside-close" on:click=move |_| compare.leave()>{move || editor.t(Msg::BackToMyModel)}</button>
        </div>
    }
}

#[component]
fn ComparePanel(base: Base) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    let comments = expect_context::<super::comments::Comments>();
    let base = StoredValue::new(base);
    // The panel's sentences, in the language they were last made in.
    let preview = Memo::new(move |_| {
        compare.aside.with(|a| match a {
            Some(Aside::Compare { preview, .. }) => Some(preview.clone()),
            _ => None,
        })
    });
    let title = move || {
        let lang = editor.lang.get();
        let label = super::text::shown_name(&base.with_value(|b| b.label(lang)));
        match lang {
            crate::i18n::Lang::En => format!("Changes since {label}"),
            crate::i18n::Lang::Es => format!("Cambios desde {label}"),
            crate::i18n::Lang::Pt => format!("Mudanças desde {label}"),
        }
    };
    let download = move |_| {
        let Some(p) = preview.get_untracked() else { return };
        let name = compare.own_model().name;
        let file = super::storage::file_name(&crate::model::Model::new(&format!("{name}-change")), ".md");
        let lang = editor.lang.get_untracked();
        let report = crate::diff::sides::with_base(&p.report, &base.with_value(|b| b.label(lang)), lang);
        super::storage::download(&file, "text/markdown", &report);
        editor.notify(
            NoticeKind::Info,
            pick(
                editor.lang.get_untracked(),
                [
                    "Review report of the change downloaded.",
                    "Informe de revisión del cambio descargado.",
                    "Relatório de revisão da mudança baixado.",
                ],
            ),
        );
    };
    // The list keeps the change that was at the top of its view when its lines are written
    // again in another language (noted on every scroll, put back after the new lines are in).
    let list = NodeRef::<leptos::html::Ul>::new();
    let place = StoredValue::new(super::scroll_anchor::Place::default());
    Effect::new(move |_| {
        preview.track();
        // Taken now, before a scroll event of the replaced lines could note another place.
        let at = place.get_value();
        request_animation_frame(move || {
            if let Some(el) = list.get_untracked() {
                super::scroll_anchor::restore(&el, at);
            }
        });
    });
    // A new comparison comes to the front: the Comments panel, on the same side, closes.
    comments.open.set(false);
    let lines = move || {
        let lines = preview.with(|p| p.as_ref().map(|p| p.lines.clone()).unwrap_or_default());
        lines
            .into_iter()
            .map(|line| {
                let heading = line.kind == "heading";
                let class = format!("line-{}", line.kind);
                view! {
                    <li class=class data-testid="compare-line" data-kind=line.kind.clone()>
                        {line.mark.filter(|_| !heading).map(mark_badge)}
                        <span>{line.text}</span>
                    </li>
                }
            })
            .collect_view()
    };
    let summary = move || preview.with(|p| p.as_ref().map(|p| p.summary.clone()).unwrap_or_default());
    let legend = ['+', '-', '~'];
    view! {
        // Behind the Comments panel while it is open (one panel on the right at a time): kept,
        // with its place, for when the comments close.
        <aside class="compare-panel" data-testid="compare-panel" aria-label=title hidden=move || comments.open.get()>
            <header>
                <h2>{title}</h2>
                <button class="link close" data-testid="aside-close" aria-label=move || editor.t(Msg::BackToMyModel) on:click=move |_| compare.leave()>"×"</button>
            </header>
            <p class="legend" data-testid="compare-legend">
                {legend.map(|m| view! { <span class="diff-key">{mark_badge(m)}{move || meaning(m, editor.lang.get())}</span> }).into_iter().collect_view()}
            </p>
            <p class="summary" data-testid="compare-summary"><strong>{summary}</strong></p>
            <ul
                class="compare-lines"
                data-testid="compare-lines"
                node_ref=list
                on:scroll=move |_| {
                    if let Some(el) = list.get_untracked() {
                        place.set_value(super::scroll_anchor::note(&el));
                    }
                }
            >
                {lines}
            </ul>
            <footer>
                <button class="primary" data-testid="compare-report" on:click=download>
                    {l(editor, ["Download the review report (Markdown)", "Descargar el informe de revisión (Markdown)", "Baixar o relatório de revisão (Markdown)"])}
                </button>
                <button data-testid="compare-close" on:click=move |_| compare.leave()>{move || editor.t(Msg::BackToMyModel)}</button>
            </footer>
        </aside>
    }
}

/// The place of a version's banner or the compare panel while their code loads or when it
/// cannot: the note, and the way back to the design being edited.
pub fn frame(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    view! {
        <div class="review-banner" role="status" data-testid="aside-waiting">
            {note}
            <button data-testid="aside-close" on:click=move |_| compare.leave()>{move || editor.t(Msg::BackToMyModel)}</button>
        </div>
    }
    .into_any()
}

/// While the worker makes a comparison.
#[component]
pub fn CompareBusy() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let compare = expect_context::<Compare>();
    view! {
        <Show when=move || compare.busy.get()>
            <div class="review-banner" role="status" data-testid="compare-busy">
                {l(editor, ["Comparing…", "Comparando…", "Comparando…"])}
            </div>
        </Show>
    }
}

/// The symbol of a mark on a box or a field row: colour and symbol, so it reads on a projector
/// and without telling colours apart.
pub fn mark_badge(mark: char) -> impl IntoView {
    let lang = expect_context::<Editor>().lang;
    view! {
        <svg
            class=format!("diff-mark {}", super::compare::class(mark))
            data-testid="diff-mark"
            data-mark=String::from(mark)
            viewBox="-14 -14 28 28"
            width="22"
            height="22"
            role="img"
            aria-label=move || meaning(mark, lang.get())
        >
            <title>{move || meaning(mark, lang.get())}</title>
            <path d=super::compare::shape(mark) />
            <text text-anchor="middle" y="6">{glyph(mark)}</text>
        </svg>
    }
}
