//! Naming fields on the box itself: double-click a field (or choose Rename field) to edit its
//! name in place; Enter commits and adds the next field with its name ready to type; Esc or a
//! click elsewhere commits what was typed and leaves (a field just added and left untouched
//! goes away again). The field actions of the context menu live here too.

use super::state::{Editor, FieldRename, MenuTarget, NoticeKind};
use crate::editor::edit;
use crate::model::{find_path_mut, name_problem, BsonType, Field};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The field the menu was opened on, if it was.
fn menu_field(e: &Editor) -> Option<(String, String)> {
    e.menu.with_untracked(|m| match m.as_ref().map(|m| &m.target) {
        Some(MenuTarget::Field { entity, path }) => Some((entity.clone(), path.clone())),
        _ => None,
    })
}

/// Adds a field after the menu's field, or at the end of the selected box, and opens its name.
pub fn add_field(e: &Editor) {
    let (entity, after) = match menu_field(e) {
        Some((entity, path)) => (entity, Some(path)),
        None => match e.selection.with_untracked(|s| s.entities.first().cloned()) {
            Some(id) => (id, None),
            None => return,
        },
    };
    add_after(e, &entity, after.as_deref());
}

/// Adds a field after `after` (or last) in `entity` as one undo step, and opens its name.
fn add_after(e: &Editor, entity: &str, after: Option<&str>) {
    let mut path = None;
    // The name a new field gets before the user types one, in the interface language.
    let stem = e.text(crate::i18n::Msg::NewFieldName);
    e.edit(None, |m| {
        let field = Field::new(stem, BsonType::String);
        path = match after {
            Some(p) => edit::insert_field_after(m, entity, p, field),
            None => edit::add_field(m, entity, None, field),
        };
    });
    if let Some(path) = path {
        // Fields are drawn only at a legible zoom: the name box must be seen to be typed in.
        e.reveal_legibly(entity);
        e.renaming_field.set(Some(FieldRename { entity: entity.to_string(), path, fresh: true }));
    }
}

pub fn rename_field(e: &Editor) {
    if let Some((entity, path)) = menu_field(e) {
        e.reveal_legibly(&entity);
        e.renaming_field.set(Some(FieldRename { entity, path, fresh: false }));
    }
}

pub fn delete_field(e: &Editor) {
    if let Some((entity, path)) = menu_field(e) {
        e.edit(None, |m| {
            edit::remove_field(m, &entity, &path);
        });
    }
}

/// Renames the field at `path` of `entity`; returns its new path, or `None` (with a notice)
/// when the name is not allowed.
fn commit(e: &Editor, entity: &str, path: &str, name: &str) -> Option<String> {
    let old = path.rsplit('.').next().unwrap_or(path);
    if name == old {
        return Some(path.to_string());
    }
    if let Some(problem) = name_problem(name) {
        e.notify(NoticeKind::Error, problem.render(e.lang.get_untracked()));
        return None;
    }
    e.edit(None, |m| {
        if let Some(f) = m.entity_mut(entity).and_then(|x| find_path_mut(&mut x.fields, path)) {
            f.name = name.to_string();
        }
    });
    Some(match path.rsplit_once('.') {
        Some((parent, _)) => format!("{parent}.{name}"),
        None => name.to_string(),
    })
}

/// The in-place name input of a field on its box. Enter commits the name and opens the next
/// field; Escape or a click elsewhere commits what was typed and leaves. A field just added
/// and left untouched (nothing typed) goes away again, so no stray "field" is left behind.
/// Its state is plain cells, not signals: the blur that follows Enter or Esc can arrive after
/// the box re-rendered, when the component's signals are gone.
#[component]
pub fn FieldName(rename: FieldRename, name: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let draft = Rc::new(RefCell::new(name.clone()));
    let touched = Rc::new(Cell::new(false));
    let done = Rc::new(Cell::new(false));
    let FieldRename { entity, path, fresh } = rename;
    let close = move || editor.renaming_field.set(None);
    // Leaves the input: commits what was typed, or takes back a fresh field left untouched.
    let leave = {
        let (draft, touched, done, entity, path) =
            (draft.clone(), touched.clone(), done.clone(), entity.clone(), path.clone());
        move || {
            if done.replace(true) {
                return;
            }
            let text = draft.borrow().trim().to_string();
            let untouched = !touched.get() || text.is_empty();
            if editor.renaming_field.with_untracked(Option::is_some) {
                close();
            }
            if fresh && untouched {
                editor.undo();
            } else if !text.is_empty() {
                commit(&editor, &entity, &path, &text);
            }
        }
    };
    let on_key = {
        let (draft, touched, done, entity, path, leave) =
            (draft.clone(), touched.clone(), done.clone(), entity.clone(), path.clone(), leave.clone());
        move |ev: web_sys::KeyboardEvent| {
            ev.stop_propagation();
            match ev.key().as_str() {
                "Enter" => {
                    ev.prevent_default();
                    let text = draft.borrow().trim().to_string();
                    // Nothing typed in a field just added: it goes, and no next one opens.
                    if text.is_empty() || (fresh && !touched.get()) {
                        leave();
                        return;
                    }
                    if let Some(new_path) = commit(&editor, &entity, &path, &text) {
                        done.set(true);
                        close();
                        add_after(&editor, &entity, Some(&new_path));
                    }
                }
                "Escape" => {
                    ev.prevent_default();
                    leave();
                }
                _ => {}
            }
        }
    };
    let on_blur = move |_| leave();
    let input = NodeRef::<leptos::html::Input>::new();
    // The value is set here too: the node can load before its `value` property is applied, and
    // selecting an empty input then leaves the caret after the old name instead of replacing it.
    let initial = name.clone();
    input.on_load(move |el| {
        el.set_value(&initial);
        let _ = el.focus();
        el.select();
    });
    view! {
        <input
            class="rename field-rename"
            data-testid="field-rename"
            aria-label=super::text::tr(crate::i18n::Msg::FieldName)
            prop:value=name
            node_ref=input
            on:pointerdown=|ev| ev.stop_propagation()
            on:dblclick=|ev| ev.stop_propagation()
            on:keydown=on_key
            on:input=move |ev| {
                touched.set(true);
                *draft.borrow_mut() = event_target_value(&ev);
            }
            on:blur=on_blur
        />
    }
}
