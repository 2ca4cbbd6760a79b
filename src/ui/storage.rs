//! The browser's storage (raw reads and writes, the language choice), downloads and the
//! clipboard. The designs kept in storage are `designs.rs`; the model file opened and saved is
//! `model_file.rs`.

use super::state::{Editor, NoticeKind};
use crate::i18n::{Lang, Msg};
use crate::model::{load, Model};
use wasm_bindgen::JsCast;

/// The interface language the user chose (`en`, `es`, `pt`).
const LANG_KEY: &str = "docshape.lang";

/// The demo design a newcomer sees, BiblioRed: a file of the data folder, not part of the
/// page's wasm. On a visit with no design saved, web/start.js fetches it while the wasm streams
/// in and leaves its text in `window.docshapeDemo`, so the first paint has it
/// ([`handed_demo`]); otherwise it is fetched when asked for ([`fetch_demo`]).
pub const DEMO_PATH: &str = "templates/bibliored.json";

/// The demo web/start.js fetched, if it did (no design was saved) and it loads.
pub fn handed_demo() -> Option<Model> {
    let window = web_sys::window()?;
    let text = js_sys::Reflect::get(&window, &wasm_bindgen::JsValue::from_str("docshapeDemo")).ok()?.as_string()?;
    load(&text).ok()
}

/// The demo, from web/start.js' copy or fetched; the error is why it could not be had.
pub async fn fetch_demo() -> Result<Model, String> {
    if let Some(demo) = handed_demo() {
        return Ok(demo);
    }
    let text = super::page::fetch_text(DEMO_PATH).await?;
    load(&text).map_err(|e| e.to_string())
}

pub fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// This tab's own storage (it survives a reload of the tab, not its closing).
pub fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// Why a write to the browser's storage failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The origin's quota is used up (`QuotaExceededError`).
    Full,
    /// No storage (private mode, storage turned off) or another error.
    Unavailable,
}

/// Writes `text` under `key`, saying why when the browser refuses.
pub fn write(storage: &web_sys::Storage, key: &str, text: &str) -> Result<(), Failure> {
    storage.set_item(key, text).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &wasm_bindgen::JsValue::from_str("name"))
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        // Firefox calls it NS_ERROR_DOM_QUOTA_REACHED.
        if name == "QuotaExceededError" || name.contains("QUOTA") {
            Failure::Full
        } else {
            Failure::Unavailable
        }
    })
}

pub fn read(storage: &web_sys::Storage, key: &str) -> Option<String> {
    storage.get_item(key).ok().flatten()
}

/// The language to start in: the saved choice, else the browser's language, else English;
/// English too when that language's texts could not be loaded (`texts`). web/start.js picks
/// the same way to fetch them.
pub fn initial_lang() -> Lang {
    let saved = local_storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten()).and_then(|c| Lang::from_code(&c));
    let wanted = saved.unwrap_or_else(|| {
        web_sys::window().and_then(|w| w.navigator().language()).map(|tag| Lang::from_tag(&tag)).unwrap_or_default()
    });
    if crate::i18n::has_texts(wanted) {
        wanted
    } else {
        Lang::En
    }
}

/// Remembers the user's language in this browser.
pub fn save_lang(lang: Lang) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}

/// Offers `text` as a file download.
pub fn download(filename: &str, mime: &str, text: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    if let Ok(a) = document.create_element("a") {
        if let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>() {
            a.set_href(&url);
            a.set_download(filename);
            a.click();
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// A file name made from the model's name: `BiblioRed` → `bibliored.docshape.json`.
pub fn file_name(model: &Model, suffix: &str) -> String {
    format!("{}{suffix}", crate::share::file_stem(&model.name))
}

/// Copies text to the clipboard, then says `done` (or that the browser refused).
pub fn copy(editor: Editor, text: String, done: String) {
    let Some(window) = web_sys::window() else { return };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => editor.notify(NoticeKind::Info, done),
            Err(_) => editor.notify(NoticeKind::Error, editor.text(Msg::ClipboardRefused)),
        }
    });
}
