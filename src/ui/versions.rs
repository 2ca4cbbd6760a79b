//! The kept versions of the design on screen, in the browser's storage next to the design
//! (`docshape.versions.<id>`; the list itself is `crate::designs::versions`): keep one, open one
//! read-only, compare with one, restore one (one undoable edit), delete one.

use super::compare::{Base, Compare};
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
            let shown = versions.get(&id).map(|v| super::text::shown_name(&v.name)).unwrap_or_default();
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
        expect_context::<Compare>().compare_with(model, Base::Version(v.name));
    }
}

/// Puts version `id` in place of the design being edited: one edit, which undo takes back.
pub fn restore(editor: &Editor, id: &str) {
    if let Some((v, model)) = model_of(editor, id) {
        expect_context::<Compare>().leave();
        editor.replace(model);
        let v = Version { name: super::text::shown_name(&v.name), ..v };
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

/// Downloads the model file of the design being edited with its kept versions in it
/// (`crate::designs::in_file`).
pub fn download_with_versions(editor: &Editor) {
    let own = expect_context::<Compare>().own_model();
    let (carried, skipped) = crate::designs::in_file::from_stored(&list());
    let text = crate::designs::in_file::file_with_versions(&own, &carried);
    super::storage::download(&super::storage::file_name(&own, ".docshape.json"), "application/json", &text);
    let n = carried.len();
    let said = match editor.lang.get_untracked() {
        crate::i18n::Lang::En => format!("Model file downloaded with {n} version(s)."),
        crate::i18n::Lang::Es => format!("Archivo de modelo descargado con {n} versión(es)."),
        crate::i18n::Lang::Pt => format!("Arquivo de modelo baixado com {n} versão(ões)."),
    };
    if skipped == 0 {
        editor.notify(NoticeKind::Info, said);
    } else {
        let why = match editor.lang.get_untracked() {
            crate::i18n::Lang::En => format!("{said} {skipped} stored version(s) could not be read and were left out."),
            crate::i18n::Lang::Es => {
                format!("{said} {skipped} versión(es) guardada(s) no se pudieron leer y quedaron fuera.")
            }
            crate::i18n::Lang::Pt => {
                format!("{said} {skipped} versão(ões) guardada(s) não puderam ser lidas e ficaram de fora.")
            }
        };
        editor.notify(NoticeKind::Error, why);
    }
}

/// Adds the versions a just-opened model file carries to the versions of its design (saved
/// first, so it has an id): how many were added, or why none could be.
pub fn adopt_from_file(editor: &Editor, text: &str) -> Result<usize, String> {
    let incoming = crate::designs::in_file::versions_in(text)?;
    if incoming.is_empty() {
        return Ok(0);
    }
    Designs::get().autosave();
    let unavailable = || editor.text(help(super::storage::Failure::Unavailable)).to_string();
    let storage = local_storage().ok_or_else(unavailable)?;
    let (key, mut versions) = read_versions().ok_or_else(unavailable)?;
    let added = versions.merge(&incoming);
    write(&storage, &key, &versions.to_json()).map_err(|f| editor.text(help(f)).to_string())?;
    Ok(added)
}
