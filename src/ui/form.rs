//! Labelled inputs for the panels. Each reads a signal and reports changes through a
//! callback; numbers are parsed and checked here, so an absurd value never reaches the model.

use super::state::Editor;
use crate::i18n::{Lang, Msg};
use leptos::prelude::*;

/// Escape in a panel's input leaves it, keeping what was typed (each keystroke is already
/// applied): the focus leaves the input and the shortcuts work again. Returns whether it did.
pub fn leave_on_escape(editor: &Editor, ev: &web_sys::KeyboardEvent) -> bool {
    if ev.key() != "Escape" {
        return false;
    }
    ev.prevent_default();
    editor.seal();
    if let Some(el) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok()) {
        let _ = el.blur();
    }
    true
}

#[component]
pub fn TextInput(
    label: Msg,
    #[prop(into)] value: Signal<String>,
    on_change: Callback<String>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional)] placeholder: &'static str,
    /// A placeholder in the interface language (instead of `placeholder`).
    #[prop(optional)]
    hint: Option<Msg>,
    #[prop(optional, into)] error: Signal<Option<String>>,
    /// Completion: the values offered as the user types (a `<datalist>`).
    #[prop(optional, into)]
    suggestions: Option<Signal<Vec<String>>>,
    /// Run on Enter (after the value is applied).
    #[prop(optional)]
    on_enter: Option<Callback<()>>,
) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let list_id = suggestions.map(|_| next_list_id());
    view! {
        <label class="row">
            <span>{move || editor.t(label)}</span>
            <input
                type="text"
                data-testid=testid
                placeholder=move || hint.map(|h| editor.t(h)).unwrap_or(placeholder)
                list=list_id.clone()
                prop:value=move || value.get()
                aria-invalid=move || error.get().is_some().to_string()
                title=move || error.get().unwrap_or_default()
                on:input=move |ev| on_change.run(event_target_value(&ev))
                on:blur=move |_| editor.seal()
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    ev.stop_propagation();
                    if leave_on_escape(&editor, &ev) {
                        return;
                    }
                    if ev.key() == "Enter" {
                        if let Some(cb) = on_enter {
                            ev.prevent_default();
                            editor.seal();
                            cb.run(());
                        }
                    }
                }
            />
        </label>
        {list_id.zip(suggestions).map(|(id, options)| view! {
            <datalist id=id>
                {move || options.get().into_iter().map(|o| view! { <option value=o></option> }).collect_view()}
            </datalist>
        })}
        {move || error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
    }
}

/// A fresh id for a `<datalist>`.
fn next_list_id() -> String {
    thread_local! {
        static NEXT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }
    let n = NEXT.get() + 1;
    NEXT.set(n);
    format!("completion-{n}")
}

#[component]
pub fn TextArea(label: Msg, #[prop(into)] value: Signal<String>, on_change: Callback<String>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        <label class="row column">
            <span>{move || editor.t(label)}</span>
            <textarea
                rows="2"
                prop:value=move || value.get()
                on:input=move |ev| on_change.run(event_target_value(&ev))
                on:blur=move |_| editor.seal()
                on:keydown=move |ev| {
                    ev.stop_propagation();
                    leave_on_escape(&editor, &ev);
                }
            ></textarea>
        </label>
    }
}

/// Parses a number typed by the user; `None` for an empty box. Rejects what is not a finite
/// number, below `min`, or above 10^15 (an absurd figure for any count or size here), saying
/// why in `lang`.
pub fn parse_number(text: &str, min: f64, lang: Lang) -> Result<Option<f64>, String> {
    let t = text.trim().replace('_', "");
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<f64>() {
        Ok(v) if !v.is_finite() => Err(Msg::NotFinite.fill(lang, &[&text])),
        Ok(v) if v < min => Err(Msg::BelowMin.fill(lang, &[&v, &min])),
        Ok(v) if v > 1e15 => Err(Msg::TooLarge.fill(lang, &[&v])),
        Ok(v) => Ok(Some(v)),
        Err(_) => Err(Msg::NotANumber.fill(lang, &[&text])),
    }
}

#[component]
pub fn NumberInput(
    label: Msg,
    #[prop(into)] value: Signal<Option<f64>>,
    on_change: Callback<Option<f64>>,
    #[prop(optional)] min: Option<f64>,
    /// The largest value accepted (a percentage: 100).
    #[prop(optional)]
    max: Option<f64>,
    #[prop(optional)] testid: &'static str,
    #[prop(optional)] placeholder: Option<Msg>,
) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let error = RwSignal::new(None::<String>);
    let text = RwSignal::new(String::new());
    // Show the model's value unless the user is in the middle of typing something invalid.
    Effect::new(move |_| {
        let v = value.get();
        if error.get_untracked().is_none() {
            text.set(v.map(fmt_number).unwrap_or_default());
        }
    });
    let min = min.unwrap_or(f64::MIN);
    view! {
        <label class="row">
            <span>{move || editor.t(label)}</span>
            <input
                type="text"
                inputmode="decimal"
                data-testid=testid
                placeholder=move || placeholder.map(|p| editor.t(p)).unwrap_or_default()
                prop:value=move || text.get()
                aria-invalid=move || error.get().is_some().to_string()
                on:input=move |ev| {
                    let raw = event_target_value(&ev);
                    text.set(raw.clone());
                    let lang = editor.lang.get_untracked();
                    match parse_number(&raw, min, lang) {
                        Ok(Some(v)) if max.is_some_and(|m| v > m) => {
                            error.set(Some(Msg::AboveMax.fill(lang, &[&v, &max.unwrap_or(v)])))
                        }
                        Ok(v) => {
                            error.set(None);
                            on_change.run(v);
                        }
                        Err(e) => error.set(Some(e)),
                    }
                }
                on:blur=move |_| {
                    editor.seal();
                    // The blur can come after the inspector unmounted this input (a click on
                    // the canvas clears the selection first): its signals may be gone.
                    if error.try_get_untracked().flatten().is_some() {
                        error.try_set(None);
                        if let Some(v) = value.try_get_untracked() {
                            text.try_set(v.map(fmt_number).unwrap_or_default());
                        }
                    }
                }
                on:keydown=move |ev| {
                    ev.stop_propagation();
                    leave_on_escape(&editor, &ev);
                }
            />
        </label>
        {move || error.get().map(|e| view! { <p class="field-error" role="alert">{e}{move || editor.t(Msg::NotApplied)}</p> })}
    }
}

pub fn fmt_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

#[component]
pub fn Checkbox(
    label: Msg,
    #[prop(into)] value: Signal<bool>,
    on_change: Callback<bool>,
    #[prop(optional)] testid: &'static str,
) -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        <label class="row check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || value.get()
                on:change=move |ev| on_change.run(event_target_checked(&ev))
                on:keydown=move |ev| {
                    ev.stop_propagation();
                    leave_on_escape(&editor, &ev);
                }
            />
            <span>{move || editor.t(label)}</span>
        </label>
    }
}

/// A `<select>` over `(value, label)` options; the options may follow the language.
#[component]
pub fn Select(
    label: Msg,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    #[prop(into)] value: Signal<String>,
    on_change: Callback<String>,
    #[prop(optional)] testid: &'static str,
) -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        <label class="row">
            <span>{move || editor.t(label)}</span>
            <select
                data-testid=testid
                prop:value=move || value.get()
                on:change=move |ev| on_change.run(event_target_value(&ev))
                on:keydown=move |ev| {
                    ev.stop_propagation();
                    leave_on_escape(&editor, &ev);
                }
            >
                {move || {
                    options
                        .get()
                        .into_iter()
                        .map(|(v, l)| {
                            let v2 = v.clone();
                            view! { <option value=v selected=move || value.get() == v2>{l}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

/// Options for enum values labelled from the catalogue, re-labelled when the language changes;
/// the option values stay the serialized names.
pub fn labelled_options<T>(values: &'static [T]) -> Signal<Vec<(String, String)>>
where
    T: serde::Serialize + crate::i18n::Labelled + Send + Sync + 'static,
{
    let lang = expect_context::<Editor>().lang;
    Signal::derive(move || {
        let lang = lang.get();
        values.iter().map(|v| (enum_name(v), v.msg().text(lang).to_string())).collect()
    })
}

/// Options for a unit enum that serializes to a string (camelCase names).
pub fn enum_options<T: serde::Serialize>(values: &[T], label: impl Fn(&T) -> String) -> Vec<(String, String)> {
    values.iter().map(|v| (enum_name(v), label(v))).collect()
}

pub fn enum_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

pub fn enum_from<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
}
