//! The interface's Spanish and Portuguese texts in the browser: not compiled into the page's
//! wasm but read from `data/i18n/<lang>.json` (see `i18n::fetched`). The language the page
//! starts in is fetched by web/start.js in parallel with the wasm and installed before the
//! first render, so the first paint is already in it; another one is fetched when the user
//! chooses it. The file's text is kept to hand to the export worker with each request.

use super::page::fetch_text;
use crate::i18n::{install_texts, Lang, Msg};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;

thread_local! {
    /// The texts files read this session, as fetched, for the worker.
    static RAW: RefCell<Vec<(Lang, Rc<str>)>> = const { RefCell::new(Vec::new()) };
    /// Why the start language's texts could not be used, for a notice once the app is up.
    static START_PROBLEM: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs what web/start.js left in `window.docshapeTexts` (`{lang, text}` or
/// `{lang, error}`). A language whose file failed stays unavailable: the app starts in English
/// (`storage::initial_lang`) and says so.
pub fn install_at_start() {
    let Some(window) = web_sys::window() else { return };
    let given = js_sys::Reflect::get(&window, &JsValue::from_str("docshapeTexts")).unwrap_or(JsValue::UNDEFINED);
    if given.is_undefined() {
        return;
    }
    let field = |name: &str| js_sys::Reflect::get(&given, &JsValue::from_str(name)).ok().and_then(|v| v.as_string());
    let Some(lang) = field("lang").and_then(|c| Lang::from_code(&c)) else { return };
    let outcome = match (field("text"), field("error")) {
        (Some(text), _) => install(lang, text),
        (None, error) => Err(error.unwrap_or_else(|| "no file".to_string())),
    };
    if let Err(why) = outcome {
        START_PROBLEM.with(|p| *p.borrow_mut() = Some(problem(lang, Lang::En, &why)));
    }
}

/// The notice for a start language that could not be loaded, once.
pub fn start_problem() -> Option<String> {
    START_PROBLEM.with(|p| p.borrow_mut().take())
}

/// Makes `lang`'s texts available, fetching them if needed. The error is the notice to show,
/// in `shown` (the language on screen).
pub async fn load(lang: Lang, shown: Lang) -> Result<(), String> {
    if crate::i18n::has_texts(lang) {
        return Ok(());
    }
    let text = fetch_text(&format!("i18n/{}.json", lang.code())).await;
    text.and_then(|text| install(lang, text)).map_err(|why| problem(lang, shown, &why))
}

/// The texts file of `lang` as read, for the worker (`None` for English, or when not loaded).
pub fn raw(lang: Lang) -> Option<String> {
    RAW.with(|r| r.borrow().iter().find(|(l, _)| *l == lang).map(|(_, text)| text.to_string()))
}

fn install(lang: Lang, text: String) -> Result<(), String> {
    install_texts(lang, &text)?;
    RAW.with(|r| r.borrow_mut().push((lang, text.into())));
    Ok(())
}

fn problem(lang: Lang, shown: Lang, why: &str) -> String {
    Msg::TextsUnavailable.fill(shown, &[&lang.native_name(), &why])
}
