//! Never lose work: autosave to the browser's storage, files in and out, downloads.

use super::state::{Editor, NoticeKind};
use crate::i18n::{Lang, Msg};
use crate::model::{check_structure, load, Model};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

const AUTOSAVE_KEY: &str = "docshape.model";
/// Where an autosave that no longer loads is kept, so it is never silently lost.
const RESCUE_KEY: &str = "docshape.model.unreadable";
/// The interface language the user chose (`en`, `es`, `pt`).
const LANG_KEY: &str = "docshape.lang";

/// The demo model a newcomer sees: BiblioRed.
pub const DEMO: &str = include_str!("../../public/templates/bibliored.json");

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The model to start with: the autosave if there is one and it loads, else the demo. A
/// broken autosave is moved aside (not deleted) and reported.
pub fn initial_model() -> (Model, Option<String>) {
    let demo = || load(DEMO).unwrap_or_else(|_| Model::new("BiblioRed"));
    let Some(storage) = local_storage() else { return (demo(), None) };
    match storage.get_item(AUTOSAVE_KEY).ok().flatten() {
        None => (demo(), None),
        Some(text) => match load(&text) {
            Ok(model) => (model, None),
            Err(e) => {
                let _ = storage.set_item(RESCUE_KEY, &text);
                (demo(), Some(Msg::AutosaveBroken.fill(initial_lang(), &[&e])))
            }
        },
    }
}

/// The language to start in: the saved choice, else the browser's language, else English.
pub fn initial_lang() -> Lang {
    let saved = local_storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten()).and_then(|c| Lang::from_code(&c));
    saved.unwrap_or_else(|| {
        web_sys::window().and_then(|w| w.navigator().language()).map(|tag| Lang::from_tag(&tag)).unwrap_or_default()
    })
}

/// Remembers the user's language in this browser.
pub fn save_lang(lang: Lang) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}

pub fn autosave(model: &Model) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(AUTOSAVE_KEY, &model.to_json());
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

/// Opens a model file chosen by the user. An invalid file is reported and the current model
/// stays as it is.
pub fn open_text(editor: &Editor, file_label: &str, text: &str) {
    match load(text) {
        Ok(model) => {
            let problems = check_structure(&model);
            let name = model.name.clone();
            editor.replace(model);
            if problems.is_empty() {
                editor.notify(NoticeKind::Info, editor.fill(Msg::Opened, &[&name, &file_label]));
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

/// Copies text to the clipboard.
pub fn copy(editor: Editor, text: String) {
    let Some(window) = web_sys::window() else { return };
    let promise = window.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => editor.notify(NoticeKind::Info, editor.text(Msg::Copied)),
            Err(_) => editor.notify(NoticeKind::Error, editor.text(Msg::ClipboardRefused)),
        }
    });
}
