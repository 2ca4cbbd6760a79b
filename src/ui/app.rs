//! The application shell: toolbar, access patterns on the left, canvas, inspector and advisor
//! on the right, status bar; global keyboard shortcuts and autosave.

use super::actions::{self, for_combo};
use super::advisor_panel::AdvisorPanel;
use super::canvas::Canvas;
use super::chunks::{once_wanted, OnDemand, Piece};
use super::designs::{self, Designs};
use super::designs_ui::SaveStatus;
use super::dialogs::Dialogs;
use super::icons::Icon;
use super::layout::{self, PanelToggles};
use super::queries_panel::QueriesPanel;
use super::share_ui;
use super::state::{Editor, NoticeKind, Tab};
use super::storage;
use super::text::tr;
use super::update_notice::UpdateNotice;
use crate::i18n::counts::{counted, Noun};
use crate::i18n::{Lang, Msg};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn App() -> impl IntoView {
    let mut start = super::timing::timed("load", designs::start);
    let problem = start.problem.take();
    // A share link opens the shared design read-only; a broken link keeps the user's model.
    let own = std::mem::take(&mut start.model);
    let (mut model, review, problem) = match share_ui::model_from_location() {
        Some(Ok(shared)) => (shared, true, problem),
        Some(Err(why)) => (own, false, Some(why)),
        None => (own, false, problem),
    };
    // A saved design written without positions is laid out here, and saved so right below:
    // not an edit (no undo step), but the places it opens with are the ones it keeps.
    let laid_out = !review && start.saved() && crate::editor::arrange::place_stacked(&mut model);
    let editor = Editor::new(model);
    let demo_missing = start.demo_missing();
    let designs = Designs::new(editor, start);
    if laid_out {
        designs.autosave();
    }
    editor.review.set(review);
    editor.lang.set(storage::initial_lang());
    let window = layout::window_size();
    let own = editor.model.with_untracked(|m| layout::initial_panels(m, window));
    let panels = if review { editor.model.with_untracked(|m| layout::for_review(m, window, own)) } else { own };
    editor.panels.set(panels);
    provide_context(editor);
    super::compare::Compare::provide(editor);
    let comments = super::comments::Comments::provide();
    super::together::Together::provide(editor, comments);
    super::comments_ui::provide_badges();
    super::scale::ShardKeys::provide(editor);
    // The Comments panel and the Scale view take the same place: one at a time.
    Effect::new(move |_| {
        if comments.open.get() {
            editor.scale_open.set(false);
        }
    });
    // Frame the diagram before the first render, from the window's size less the panels, so the
    // first render already draws only what will be on screen (the canvas re-measures on load).
    editor.viewport.set(layout::canvas_size(window, panels));
    editor.fit_view();
    if let Some(p) = super::texts::start_problem() {
        editor.notify(NoticeKind::Error, p);
    }
    if let Some(p) = problem {
        editor.notify(NoticeKind::Error, p);
    }
    // Comments made on this link just before a reload: the address bar catches up.
    if review && super::review_keep::holding() {
        share_ui::keep_in_address(&editor);
    }
    // A room link joins its room (the room's design replaces this one when it arrives).
    let in_room = !review && super::together::join_from_location(&editor, || ());
    // The demo web/start.js did not fetch, for a newcomer's own design (not a link's).
    if demo_missing && !review && !in_room {
        designs.show_demo();
    }
    let prefers_dark = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches());
    editor.dark.set(prefers_dark);

    // Autosave on every change of the model (not on start-up: what was loaded is what is saved).
    designs.save_on_change();
    // Closing or hiding the page commits a rename being typed and saves at once.
    super::page_leave::save_on_leave(designs);
    // Another tab saved: follow it, or say so (see `designs.rs`).
    let storage_event = window_event_listener(leptos::ev::storage, move |ev| designs.on_storage(ev.key()));
    on_cleanup(move || storage_event.remove());
    // `<html lang>` follows the interface language (screen readers, hyphenation).
    Effect::new(move |_| {
        let code = editor.lang.get().code();
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", code);
        }
    });
    // The theme is a class on <html>, so dialogs and the page background follow it.
    Effect::new(move |_| {
        let dark = editor.dark.get();
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.class_list().toggle_with_force("dark", dark);
        }
    });

    // A share link pasted into this tab opens like one followed from elsewhere. A version or a
    // comparison on screen is closed first, as its close button does (the design being edited
    // comes back and is saved), so the link's design never stands in for the user's own.
    let compare = expect_context::<super::compare::Compare>();
    let hashchange = window_event_listener(leptos::ev::hashchange, move |_| match share_ui::model_from_location() {
        // A room link pasted into this tab joins its room; a share link being reviewed, a
        // version or a comparison on screen is left first (the user's own design comes back).
        None if super::together::join_from_location(&editor, || {
            if compare.showing() || compare.busy.get_untracked() {
                compare.leave();
            } else if editor.review.get_untracked() {
                share_ui::end_review(&editor);
            }
        }) => {}
        Some(Ok(shared)) => {
            if compare.showing() || compare.busy.get_untracked() {
                compare.leave();
            }
            editor.review.set(true);
            editor.model.set(shared);
            editor.reanalyze();
            editor.clear_selection();
            editor.fit_view();
            layout::enter_review(&editor, layout::window_size());
            if super::review_keep::holding() {
                share_ui::keep_in_address(&editor);
            }
        }
        Some(Err(why)) => editor.notify(NoticeKind::Error, why),
        None => {}
    });
    on_cleanup(move || hashchange.remove());
    let keydown = window_event_listener(leptos::ev::keydown, move |ev| on_key(&editor, &ev));
    let keyup = window_event_listener(leptos::ev::keyup, move |ev| {
        if ev.key() == " " {
            super::viewport::set_space(false);
        }
    });
    on_cleanup(move || {
        keydown.remove();
        keyup.remove();
    });

    // The side panel scrolls as one: a tab switched or an element selected opens at its top
    // (not where the advisor's list was scrolled to).
    let together = expect_context::<super::together::Together>();
    let side = NodeRef::<leptos::html::Aside>::new();
    Effect::new(move |before: Option<Tab>| {
        let tab = editor.tab.get();
        editor.selection.track();
        if before.is_some_and(|b| b != tab || tab == Tab::Inspector) {
            if let Some(el) = side.get_untracked() {
                el.set_scroll_top(0);
            }
        }
        tab
    });
    view! {
        <div
            class="app"
            class:presenting=move || editor.presenting.get().is_some()
            class:review=move || editor.review.get()
            data-testid="app"
        >
            <Toolbar />
            <share_ui::ReviewBanner />
            <OnDemand piece=Piece::RoomBanner when=move || together.active() frame=super::together_ui::frame />
            <OnDemand piece=Piece::Aside when=move || compare.showing() frame=super::compare_ui::frame />
            <super::compare_ui::CompareBusy />
            <main
                class="workspace"
                class:no-queries=move || !editor.panels.get().queries
                class:no-side=move || !editor.panels.get().side
            >
                <QueriesPanel />
                <Canvas />
                <aside class="side" aria-label=tr(Msg::InspectorAndAdvisor) node_ref=side>
                    <div class="tabs" role="tablist">
                        <button
                            role="tab"
                            data-testid="tab-advisor"
                            aria-selected=move || (editor.tab.get() == Tab::Advisor).to_string()
                            on:click=move |_| editor.tab.set(Tab::Advisor)
                        >
                            {tr(Msg::TabAdvisor)}" "
                            <span class="count">{move || editor.report.with(|r| r.findings.len())}</span>
                        </button>
                        <button
                            role="tab"
                            data-testid="tab-inspector"
                            aria-selected=move || (editor.tab.get() == Tab::Inspector).to_string()
                            on:click=move |_| editor.tab.set(Tab::Inspector)
                        >
                            {tr(Msg::TabInspector)}
                        </button>
                    </div>
                    <Show when=move || editor.tab.get() == Tab::Advisor fallback=move || view! { <fieldset class="plain" disabled=move || editor.review.get()><OnDemand piece=Piece::Inspector when=true frame=super::inspector::frame /></fieldset> }>
                        <AdvisorPanel />
                    </Show>
                </aside>
                <OnDemand piece=Piece::Presentation when=once_wanted(move || editor.presenting.get().is_some()) frame=super::presentation::waiting />
                // Inside the workspace: it starts below the toolbar and every banner (review,
                // room, compare), so it never covers their buttons.
                <OnDemand piece=Piece::Comments when=move || comments.open.get() frame=super::comments_ui::frame />
                <OnDemand piece=Piece::Scale when=move || editor.scale_open.get() frame=super::scale::frame />
            </main>
            <StatusBar />
            <UpdateNotice />
            <Dialogs />
            <OnDemand piece=Piece::RoomDialog when=move || together.active() />
            <input
                type="file"
                id="open-file"
                accept=".json,application/json"
                hidden=true
                data-testid="open-file"
                on:change=move |ev| {
                    if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                        super::model_file::open_from_input(editor, input);
                    }
                }
            />
        </div>
    }
}

fn on_key(editor: &Editor, ev: &web_sys::KeyboardEvent) {
    // No key reaches the app behind a dialog (a key with the focus inside one stops there:
    // `ui::modal`; this is a key with the focus on nothing).
    if super::modal::open() {
        super::modal::key_outside(ev);
        return;
    }
    // Typing in a form field or a rename box is not a shortcut, nor is pressing a button.
    if super::keys::typing(editor, ev) || super::keys::activates_control(ev) {
        return;
    }
    if ev.key() == " " {
        super::viewport::set_space(true);
        return;
    }
    let key = super::keys::combo(&ev.key(), ev.ctrl_key() || ev.meta_key(), ev.shift_key(), ev.alt_key());
    if editor.presenting.get_untracked().is_some() {
        match key.as_str() {
            "arrowright" | "pagedown" | "enter" => super::presentation::step_by(editor, 1),
            "arrowleft" | "pageup" => super::presentation::step_by(editor, -1),
            "escape" | "p" => actions::run(editor, "present"),
            _ => return,
        }
        ev.prevent_default();
        return;
    }
    if let Some(action) = for_combo(&key) {
        ev.prevent_default();
        (action.run)(editor);
    }
}

#[component]
fn ToolButton(
    action: &'static str,
    icon: &'static str,
    #[prop(optional, into)] disabled: Signal<bool>,
    /// A view the button opens and closes: `aria-pressed` says whether it is open.
    #[prop(optional, into)]
    pressed: Option<Signal<bool>>,
) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let a = actions::action(action);
    let label = move || a.map(|a| editor.t(a.label)).unwrap_or(action);
    let title = move || a.map(|a| format!("{} ({})", editor.t(a.label), a.shortcut)).unwrap_or_default();
    view! {
        <button
            class="tool"
            title=title
            aria-label=label
            data-testid=format!("action-{action}")
            disabled=move || disabled.get()
            class:on=move || pressed.is_some_and(|p| p.get())
            aria-pressed=move || pressed.map(|p| p.get().to_string())
            on:click=move |_| actions::run(&editor, action)
        >
            <Icon name=icon />
        </button>
    }
}

#[component]
fn Toolbar() -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        // The page's banner: the design's name and the tools (a `toolbar` role would not hold
        // the name field and the language list).
        <header class="toolbar" aria-label=tr(Msg::Tools) data-testid="toolbar">
            <h1 class="brand">"docshape"</h1>
            <input
                class="model-name"
                aria-label=tr(Msg::ModelName)
                data-testid="model-name"
                title=move || editor.model.with(|m| m.name.clone())
                prop:value=move || editor.model.with(|m| m.name.clone())
                readonly=move || editor.review.get()
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    editor.edit(Some("model-name"), |m| m.name = v);
                }
                on:blur=move |_| editor.seal()
                on:keydown=move |ev| {
                    super::form::leave_on_escape(&editor, &ev);
                }
            />
            <PanelToggles />
            <SaveStatus />
            <div class="group editing">
                <ToolButton action="designs" icon="designs" />
                <super::compare_ui::VersionsButton />
                <ToolButton action="new" icon="new" />
                <ToolButton action="open" icon="open" />
                <ToolButton action="save" icon="save" />
                <ToolButton action="import" icon="import" />
            </div>
            <div class="group editing">
                <ToolButton action="undo" icon="undo" disabled=Signal::derive(move || !editor.can_undo.get()) />
                <ToolButton action="redo" icon="redo" disabled=Signal::derive(move || !editor.can_redo.get()) />
            </div>
            <div class="group editing">
                <ToolButton action="add-entity" icon="box" />
                <ToolButton action="add-query" icon="query" />
                <ToolButton action="duplicate" icon="duplicate" />
                <ToolButton action="delete" icon="trash" />
            </div>
            <div class="group">
                <super::comments_ui::CommentsButton />
                <ToolButton action="scale" icon="scale" pressed=Signal::derive(move || editor.scale_open.get()) />
            </div>
            <div class="group">
                <ToolButton action="zoom-out" icon="minus" />
                <super::zoom_menu::ZoomMenu />
                <ToolButton action="zoom-in" icon="plus" />
                <ToolButton action="fit" icon="fit" />
                <span class="editing">
                    <ToolButton action="layout" icon="layout" />
                </span>
                <button
                    class="tool editing"
                    class:on=move || editor.snap.get()
                    title=tr(Msg::GridSnapping)
                    aria-label=tr(Msg::GridSnapping)
                    aria-pressed=move || editor.snap.get().to_string()
                    on:click=move |_| editor.snap.update(|s| *s = !*s)
                >
                    <Icon name="grid" />
                </button>
            </div>
            <div class="spacer"></div>
            <super::together_ui::TogetherButton />
            <ToolButton action="share" icon="share" />
            <button
                class="primary"
                data-testid="action-export"
                title=move || format!("{} (Ctrl+E)", editor.t(Msg::ActExport))
                on:click=move |_| actions::run(&editor, "export")
            >
                {tr(Msg::Export)}
            </button>
            <ToolButton action="present" icon="present" />
            <ToolButton action="theme" icon="theme" />
            <ToolButton action="help" icon="help" />
            <LanguageSwitch />
        </header>
    }
}

#[component]
fn StatusBar() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let counts = move || {
        let lang = editor.lang.get();
        editor.model.with(|m| {
            let c = counted(lang, m.collections().count(), Noun::Collection);
            let b = counted(lang, m.entities.len(), Noun::Box);
            let r = counted(lang, m.relations.len(), Noun::Relation);
            let q = counted(lang, m.queries.len(), Noun::AccessPattern);
            [c, b, r, q].join(" · ")
        })
    };
    view! {
        <footer class="status">
            <span>{counts}</span>
            <span data-testid="analysis-ms">{move || {
                let lang = editor.lang.get();
                Msg::AdvisorMs.fill(lang, &[&milliseconds(editor.analysis_ms.get(), lang)])
            }}</span>
            <span class="spacer"></span>
            <super::toast::Toast />
        </footer>
    }
}

/// The interface language: EN / ES / PT. The choice is remembered in this browser.
#[component]
fn LanguageSwitch() -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        <select
            class="lang"
            aria-label="Language"
            title=tr(Msg::LanguageTitle)
            data-testid="language"
            prop:value=move || editor.lang.get().code()
            on:change=move |ev| {
                let Some(lang) = Lang::from_code(&event_target_value(&ev)) else { return };
                let shown = editor.lang.get_untracked();
                leptos::task::spawn_local(async move {
                    match super::texts::load(lang, shown).await {
                        Ok(()) => {
                            editor.lang.set(lang);
                            storage::save_lang(lang);
                        }
                        Err(notice) => {
                            // The list shows the language on screen again.
                            editor.lang.set(shown);
                            editor.notify(NoticeKind::Error, notice);
                        }
                    }
                });
            }
            on:keydown=|ev| ev.stop_propagation()
        >
            {Lang::ALL
                .into_iter()
                .map(|l| view! { <option value=l.code() title=l.native_name() selected=move || editor.lang.get() == l>{l.short_name()}</option> })
                .collect_view()}
        </select>
    }
}

/// A duration in milliseconds for the status bar, with the language's decimal separator: one
/// decimal, and "< 0.1" below it (the browser's clock is coarsened to 0.1 ms, so a small model,
/// analysed in hundredths of a millisecond, would read a meaningless 0.00).
fn milliseconds(ms: f64, lang: Lang) -> String {
    let text = if ms < 0.1 { "< 0.1".to_string() } else { format!("{ms:.1}") };
    if lang == Lang::En {
        text
    } else {
        text.replace('.', ",")
    }
}
