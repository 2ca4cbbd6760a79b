//! The kept versions of the design on screen, in the browser's storage next to the design
//! (`docshape.versions.<id>`; the list itself is `crate::designs::versions`): keep one, open one
//! read-only, compare with one, restore one (one undoable edit), delete one.

use super::compare::Compare;
use super::designs::{help, Designs};
use super::state::{Editor, NoticeKind};
use super::storage::{local_storage, read, write};
use crate::designs::versions::{versions_key, Version, Versions};
use crate::i18n::pick;
use crate::model::load;
use leptos::prelude::*;

/// The versions of the design on screen, newest first (empty before its first save).
pub fn list() -> Vec<Version> {
    read_versions().map(|(_, v)| v.list).unwrap_or_default()
}

/// The stored versions of the design on screen and their key; `None` when the design is not
/// saved yet or storage is unavailable. Text that is not a list of versions reads as none, and
/// is not overwritten (see [`keep`]).
fn read_versions() -> Option<(String, Versions)> {
    let id = Designs::get().current.get_untracked()?;
    let storage = local_storage()?;
    let key = versions_key(&id);
    let versions = match read(&storage, &key) {
        Some(text) => Versions::parse(&text)?,
        None => Versions::default(),
    };
    Some((key, versions))
}

fn say(editor: &Editor, forms: [&'static str; 3]) -> &'static str {
    pick(editor.lang.get_untracked(), forms)
}

/// Keeps the design on screen as a version named `name`; true when it was stored.
pub fn keep(editor: &Editor, name: &str) -> bool {
    let designs = Designs::get();
    // The untouched demo is saved first, so its versions have a design to belong to.
    designs.autosave();
    let Some(storage) = local_storage() else {
        editor.notify(NoticeKind::Error, editor.text(help(super::storage::Failure::Unavailable)));
        return false;
    };
    let Some((key, mut versions)) = read_versions() else {
        let why = say(
            editor,
            [
                "The versions of this design could not be read; nothing was kept.",
                "No se pudieron leer las versiones de este diseño; no se guardó nada.",
                "Não foi possível ler as versões deste projeto; nada foi guardado.",
            ],
        );
        editor.notify(NoticeKind::Error, why);
        return false;
    };
    let fallback = match editor.lang.get_untracked() {
        crate::i18n::Lang::En => format!("Version {}", versions.next_number()),
        crate::i18n::Lang::Es => format!("Versión {}", versions.next_number()),
        crate::i18n::Lang::Pt => format!("Versão {}", versions.next_number()),
    };
    let model = editor.model.with_untracked(crate::model::Model::to_json);
    let id = versions.keep(name, &fallback, js_sys::Date::now(), model);
    match write(&storage, &key, &versions.to_json()) {
        Ok(()) => {
            let shown = versions.get(&id).map(|v| v.name.clone()).unwrap_or_default();
            let text = match editor.lang.get_untracked() {
                crate::i18n::Lang::En => format!("Version “{shown}” kept."),
                crate::i18n::Lang::Es => format!("Versión «{shown}» guardada."),
                crate::i18n::Lang::Pt => format!("Versão “{shown}” guardada."),
            };
            editor.notify(NoticeKind::Info, text);
            true
        }
        Err(f) => {
            editor.notify(NoticeKind::Error, editor.text(help(f)));
            false
        }
    }
}

/// The model of version `id`, or a notice saying why it cannot be read.
fn model_of(editor: &Editor, id: &str) -> Option<(Version, crate::model::Model)> {
    let version = read_versions().and_then(|(_, v)| v.get(id).cloned());
    let Some(version) = version else {
        editor.notify(
            NoticeKind::Error,
            say(editor, ["That version is gone.", "Esa versión ya no existe.", "Essa versão não existe mais."]),
        );
        return None;
    };
    match load(&version.model) {
        Ok(model) => Some((version, model)),
        Err(e) => {
            editor.notify(NoticeKind::Error, e.to_string());
            None
        }
    }
}

pub fn open(editor: &Editor, id: &str) {
    if let Some((v, model)) = model_of(editor, id) {
        expect_context::<Compare>().show_version(&v.id, &v.name, model);
    }
}

pub fn compare(editor: &Editor, id: &str) {
    if let Some((v, model)) = model_of(editor, id) {
        let label = match editor.lang.get_untracked() {
            crate::i18n::Lang::En => format!("version “{}”", v.name),
            crate::i18n::Lang::Es => format!("la versión «{}»", v.name),
            crate::i18n::Lang::Pt => format!("a versão “{}”", v.name),
        };
        expect_context::<Compare>().compare_with(model, label);
    }
}

/// Puts version `id` in place of the design being edited: one edit, which undo takes back.
pub fn restore(editor: &Editor, id: &str) {
    if let Some((v, model)) = model_of(editor, id) {
        expect_context::<Compare>().leave();
        editor.replace(model);
        let text = match editor.lang.get_untracked() {
            crate::i18n::Lang::En => format!("Version “{}” restored. Undo takes it back.", v.name),
            crate::i18n::Lang::Es => format!("Versión «{}» restaurada. Deshacer la retira.", v.name),
            crate::i18n::Lang::Pt => format!("Versão “{}” restaurada. Desfazer a retira.", v.name),
        };
        editor.notify(NoticeKind::Info, text);
    }
}

/// Deletes version `id`; true when the list was written.
pub fn delete(editor: &Editor, id: &str) -> bool {
    let (Some(storage), Some((key, mut versions))) = (local_storage(), read_versions()) else { return false };
    versions.remove(id);
    match write(&storage, &key, &versions.to_json()) {
        Ok(()) => true,
        Err(f) => {
            editor.notify(NoticeKind::Error, editor.text(help(f)));
            false
        }
    }
}
