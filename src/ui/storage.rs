//! The browser's storage (raw reads and writes, the language choice), files in and out,
//! downloads. The designs kept in storage are `designs.rs`.

use super::designs::Designs;
use super::state::{Editor, NoticeKind};
use crate::i18n::{Lang, Msg};
use crate::model::{check_structure, load, Model};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The interface language the user chose (`en`, `es`, `pt`).
const LANG_KEY: &str = "docshape.lang";

/// The demo model a newcomer sees: BiblioRed.
pub const DEMO: &str = include_str!("../../public/templates/bibliored.json");

pub fn demo() -> Model {
    load(DEMO).unwrap_or_else(|_| Model::new("BiblioRed"))
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

pub fn save_file(editor: &Editor) {
    let (name, json) = editor.model.with_untracked(|m| (file_name(m, ".docshape.json"), m.to_json()));
    download(&name, "application/json", &json);
}

/// Opens a model file chosen by the user as a new design (the one on screen stays in My
/// designs). An invalid file is reported and the current model stays as it is.
pub fn open_text(editor: &Editor, file_label: &str, text: &str) {
    match load(text) {
        Ok(model) => {
            let problems = check_structure(&model);
            let name = model.name.clone();
            Designs::get().open_new(model);
            if problems.is_empty() {
                let opened = editor.fill(Msg::Opened, &[&name, &file_label]);
                // The versions the file carries join the new design's versions.
                match super::versions::adopt_from_file(editor, text) {
                    Ok(0) => editor.notify(NoticeKind::Info, opened),
                    Ok(n) => editor.notify(NoticeKind::Info, format!("{opened} {}", versions_added(editor, n))),
                    Err(why) => {
                        editor.notify(NoticeKind::Error, format!("{opened} {}", versions_refused(editor, &why)))
                    }
                }
            } else {
                editor.notify(
                    NoticeKind::Error,
                    editor.fill(Msg::OpenedWithProblems, &[&name, &file_label, &problems.len()]),
                );
            }
        }
        Err(e) => editor.notify(NoticeKind::Error, editor.fill(Msg::CouldNotOpen, &[&file_label, &e])),
    }
}

fn versions_added(editor: &Editor, n: usize) -> String {
    match editor.lang.get_untracked() {
        crate::i18n::Lang::En => format!("Its {n} version(s) are in Versions."),
        crate::i18n::Lang::Es => format!("Sus {n} versión(es) están en Versiones."),
        crate::i18n::Lang::Pt => format!("Suas {n} versão(ões) estão em Versões."),
    }
}

fn versions_refused(editor: &Editor, why: &str) -> String {
    match editor.lang.get_untracked() {
        crate::i18n::Lang::En => format!("Its versions could not be read ({why}); the design opened without them."),
        crate::i18n::Lang::Es => format!("Sus versiones no se pudieron leer ({why}); el diseño se abrió sin ellas."),
        crate::i18n::Lang::Pt => format!("Suas versões não puderam ser lidas ({why}); o projeto abriu sem elas."),
    }
}

/// Reads the first file of an `<input type=file>` and opens it.
pub fn open_from_input(editor: Editor, input: web_sys::HtmlInputElement) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
    let label = file.name();
    input.set_value("");
    if file.size() > crate::model::MAX_FILE_BYTES as f64 {
        editor.notify(NoticeKind::Error, editor.fill(Msg::FileTooBig, &[&label, &file.size()]));
        return;
    }
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(value) => open_text(&editor, &label, &value.as_string().unwrap_or_default()),
            Err(_) => editor.notify(NoticeKind::Error, editor.fill(Msg::CouldNotRead, &[&label])),
        }
    });
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
