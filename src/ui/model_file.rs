//! The model file: opening one as a new design (the one on screen stays in My designs), with
//! the versions it carries joining the new design's, and saving the design on screen as one.

use super::designs::Designs;
use super::state::{Editor, NoticeKind};
use super::storage::{download, file_name};
use crate::i18n::Msg;
use crate::model::{check_structure, load, MAX_FILE_BYTES};
use leptos::prelude::*;

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
    if file.size() > MAX_FILE_BYTES as f64 {
        editor.notify(NoticeKind::Error, editor.fill(Msg::FileTooBig, &[&label, &file.size()]));
        return;
    }
    leptos::task::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            // What opens it comes in a chunk of its own (`ui::chunks`), fetched the first time.
            Ok(value) => super::chunks::open_file(editor, label, value.as_string().unwrap_or_default()).await,
            Err(_) => editor.notify(NoticeKind::Error, editor.fill(Msg::CouldNotRead, &[&label])),
        }
    });
}
