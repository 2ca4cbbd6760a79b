//! An access pattern in MongoDB's own language, under its form: the call the application
//! would write for it (`mql::call_of`), shown as text with a Copy button, and a field where a
//! call pasted or typed fills the pattern (`mql::read_into`), as one undoable step. A call the
//! reader cannot read is answered beside the field with its line and column, and nothing
//! changes.

use super::form::leave_on_escape;
use super::state::Editor;
use super::storage::copy;
use super::text::tr;
use crate::i18n::Msg;
use crate::mql::{call_of, read_into};
use leptos::prelude::*;

#[component]
pub fn QueryCall(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let idv = StoredValue::new(id);
    let call = Memo::new(move |_| {
        editor.model.with(|m| m.query(&idv.read_value()).map(|q| call_of(q, m)).unwrap_or_default())
    });
    let typed = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    // The answer to a bad call comes into view below the field, at the panel's foot.
    let problem_shown = NodeRef::<leptos::html::P>::new();
    Effect::new(move |_| {
        if let Some(p) = problem_shown.get() {
            p.scroll_into_view_with_bool(false);
        }
    });
    let apply = move || {
        let text = typed.get_untracked();
        if text.trim().is_empty() {
            return;
        }
        let id = idv.get_value();
        let read = editor.model.with_untracked(|m| {
            let mut pattern = m.query(&id)?.clone();
            Some(read_into(&mut pattern, &text, m).map(|_| pattern))
        });
        match read {
            Some(Ok(pattern)) => {
                editor.edit(None, move |m| {
                    if let Some(slot) = m.queries.iter_mut().find(|q| q.id == pattern.id) {
                        *slot = pattern;
                    }
                });
                problem.set(None);
                typed.set(String::new());
            }
            Some(Err(e)) => problem.set(Some(editor.fill(Msg::CallBad, &[&e.line, &e.column, &e.message]))),
            None => {}
        }
    };
    view! {
        <section class="query-call" aria-label=tr(Msg::CallLabel) data-testid="query-call-block">
            <div class="query-call-head">
                <span>{tr(Msg::CallLabel)}</span>
                <button
                    data-testid="query-call-copy"
                    on:click=move |_| copy(editor, call.get_untracked(), editor.text(Msg::Copied).to_string())
                >{tr(Msg::Copy)}</button>
            </div>
            // Text, never markup: the call is the design's names and values.
            <pre class="code call" data-testid="query-call">{move || call.get()}</pre>
            // Reading a call is editing: a reviewer sees and copies it, but fills nothing.
            <fieldset class="plain" disabled=move || editor.review.get()>
                <label class="row column">
                    <span class="hint">{tr(Msg::CallHint)}</span>
                    <textarea
                        class="paste"
                        rows="3"
                        spellcheck="false"
                        data-testid="query-call-input"
                        aria-invalid=move || problem.with(|p| if p.is_some() { "true" } else { "false" })
                        aria-describedby=move || problem.with(|p| p.is_some().then_some("query-call-problem"))
                        prop:value=move || typed.get()
                        on:input=move |ev| {
                            typed.set(event_target_value(&ev));
                            problem.set(None);
                        }
                        on:keydown=move |ev| {
                            ev.stop_propagation();
                            if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                                ev.prevent_default();
                                apply();
                            } else {
                                leave_on_escape(&editor, &ev);
                            }
                        }
                    ></textarea>
                </label>
                {move || problem.get().map(|text| view! {
                    <p class="field-error" role="alert" id="query-call-problem" data-testid="query-call-problem" node_ref=problem_shown>{text}</p>
                })}
                <div class="buttons">
                    <button data-testid="query-call-apply" on:click=move |_| apply()>{tr(Msg::CallApply)}</button>
                </div>
            </fieldset>
        </section>
    }
}
