//! The field list of an aggregate in the inspector: name, type, required, order, constraints,
//! size hints and the share of documents that carry an optional field. Rows are keyed by index
//! path so renaming keeps the focus.

use super::form::{parse_number, Checkbox, NumberInput, Select, TextInput};
use super::state::Editor;
use super::text::tr;
use crate::editor::edit::{field_at_mut, index_paths, name_path};
use crate::i18n::{Lang, Msg};
use crate::model::{name_problem, BsonType, Field};
use leptos::prelude::*;

fn type_options() -> Vec<(String, String)> {
    BsonType::ALL.iter().map(|t| (t.name().to_string(), t.name().to_string())).collect()
}

/// Edits the field at `path` of entity `id` as one coalesced step per input.
fn edit_field(editor: &Editor, id: &str, path: &[usize], what: &str, f: impl FnOnce(&mut Field)) {
    let key = format!("field:{id}:{path:?}:{what}");
    editor.edit(Some(&key), |m| {
        if let Some(e) = m.entity_mut(id) {
            if let Some(field) = field_at_mut(&mut e.fields, path) {
                f(field);
            }
        }
    });
}

#[component]
pub fn FieldList(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let paths = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| m.entity(&id).map(|e| index_paths(&e.fields)).unwrap_or_default()))
    };
    // The new field's name is where one types next.
    let add = {
        let id = id.clone();
        move |_| {
            let mut added = None;
            editor.edit(None, |m| {
                added = crate::editor::edit::add_field(
                    m,
                    &id,
                    None,
                    Field::new(editor.text(Msg::NewFieldName), BsonType::String),
                );
            });
            if added.is_some() {
                focus_row_of(&editor, &id, |paths| paths.len().checked_sub(1));
            }
        }
    };
    view! {
        <div class="field-list" data-testid="field-list">
            <For each=move || paths.get() key=|p| p.clone() let:path>
                <FieldRow id=id.clone() path=path />
            </For>
            <button class="add" data-testid="add-field" on:click=add>{tr(Msg::AddField)}</button>
        </div>
    }
}

/// After the next render, focuses the name of the row `which` picks among entity `id`'s rows.
fn focus_row_of(editor: &Editor, id: &str, which: impl FnOnce(&[Vec<usize>]) -> Option<usize> + 'static) {
    let at = editor.model.with_untracked(|m| m.entity(id).map(|e| index_paths(&e.fields))).and_then(|p| which(&p));
    if let Some(at) = at {
        request_animation_frame(move || focus_name(at));
    }
}

/// Focuses (and selects) the name of the `at`-th field row of the inspector.
fn focus_name(at: usize) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(inputs) = doc.query_selector_all("[data-testid=\"field-list\"] [data-testid=\"field-name\"]") else {
        return;
    };
    if let Some(input) =
        inputs.item(at as u32).and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(n).ok())
    {
        let _ = input.focus();
        input.select();
    }
}

#[component]
fn FieldRow(id: String, path: Vec<usize>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let field = {
        let (id, path) = (id.clone(), path.clone());
        Memo::new(move |_| {
            editor.model.with(|m| {
                let e = m.entity(&id)?;
                let mut list = &e.fields;
                let mut found = None;
                for &i in &path {
                    let f = list.get(i)?;
                    list = &f.fields;
                    found = Some(f.clone());
                }
                found
            })
        })
    };
    let depth = path.len() - 1;
    let open = RwSignal::new(false);
    let get = move |f: fn(&Field) -> Option<f64>| Signal::derive(move || field.with(|x| x.as_ref().and_then(f)));
    let set = {
        let (id, path) = (id.clone(), path.clone());
        move |what: &'static str, f: fn(&mut Field, Option<f64>)| {
            let (id, path) = (id.clone(), path.clone());
            Callback::new(move |v: Option<f64>| edit_field(&editor, &id, &path, what, |x| f(x, v)))
        }
    };
    let name_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: String| edit_field(&editor, &id, &path, "name", |f| f.name = v))
    };
    let type_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: String| {
            if let Some(t) = BsonType::from_name(&v) {
                edit_field(&editor, &id, &path, "type", |f| {
                    f.bson_type = t;
                    if t == BsonType::Array && f.items.is_none() {
                        f.items = Some(BsonType::String);
                    }
                });
            }
        })
    };
    let items_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: String| edit_field(&editor, &id, &path, "items", |f| f.items = BsonType::from_name(&v)))
    };
    let required_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: bool| edit_field(&editor, &id, &path, "required", |f| f.required = v))
    };
    let enum_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: String| {
            edit_field(&editor, &id, &path, "enum", |f| {
                f.constraints.r#enum = v
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| match parse_number(s, f64::MIN, Lang::En) {
                        Ok(Some(n)) if f.bson_type.is_numeric() => serde_json::json!(n),
                        _ => serde_json::json!(s),
                    })
                    .collect()
            })
        })
    };
    let pattern_cb = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |v: String| {
            edit_field(&editor, &id, &path, "pattern", |f| f.constraints.pattern = (!v.is_empty()).then_some(v))
        })
    };
    let mv = {
        let (id, path) = (id.clone(), path.clone());
        move |delta: i32| {
            let (id, path) = (id.clone(), path.clone());
            move |_| {
                editor.edit(None, |m| {
                    let name = m.entity(&id).and_then(|e| name_path(&e.fields, &path));
                    if let Some(name) = name {
                        crate::editor::edit::move_field(m, &id, &name, delta);
                    }
                })
            }
        }
    };
    let remove = {
        let (id, path) = (id.clone(), path.clone());
        move |_| {
            editor.edit(None, |m| {
                if let Some(name) = m.entity(&id).and_then(|e| name_path(&e.fields, &path)) {
                    crate::editor::edit::remove_field(m, &id, &name);
                }
            })
        }
    };
    let add_child = {
        let (id, path) = (id.clone(), path.clone());
        move |_| {
            let mut added = None;
            editor.edit(None, |m| {
                if let Some(name) = m.entity(&id).and_then(|e| name_path(&e.fields, &path)) {
                    added = crate::editor::edit::add_field(
                        m,
                        &id,
                        Some(&name),
                        Field::new(editor.text(Msg::NewFieldName), BsonType::String),
                    );
                }
            });
            if added.is_some() {
                // The sub-field added is the parent's last child: the last row under it.
                let parent = path.clone();
                focus_row_of(&editor, &id, move |paths| paths.iter().rposition(|p| p.starts_with(&parent)));
            }
        }
    };
    // Enter in a name adds the next field (a sibling below) with its name ready to type.
    let next_field = {
        let (id, path) = (id.clone(), path.clone());
        Callback::new(move |()| {
            let mut added = None;
            editor.edit(None, |m| {
                if let Some(name) = m.entity(&id).and_then(|e| name_path(&e.fields, &path)) {
                    added = crate::editor::edit::insert_field_after(
                        m,
                        &id,
                        &name,
                        Field::new(editor.text(Msg::NewFieldName), BsonType::String),
                    );
                }
            });
            let at = added.and_then(|_| {
                let mut next = path.clone();
                *next.last_mut()? += 1;
                editor.model.with_untracked(|m| {
                    m.entity(&id).and_then(|e| index_paths(&e.fields).iter().position(|p| *p == next))
                })
            });
            if let Some(at) = at {
                request_animation_frame(move || focus_name(at));
            }
        })
    };
    let name = Signal::derive(move || field.with(|f| f.as_ref().map(|f| f.name.clone()).unwrap_or_default()));
    let name_error = Signal::derive(move || name_problem(&name.get()).map(|t| t.render(editor.lang.get())));
    let required = move || field.with(|f| f.as_ref().is_some_and(|f| f.required));
    // Presence is a share (0..1) in the model and a percentage on screen.
    let presence = get(|f| f.presence.map(|p| (p * 10_000.0).round() / 100.0));
    let presence_cb = set("presence", |f, v| f.presence = v.map(|v| (v * 100.0).round() / 10_000.0));
    let is_array = move || field.with(|f| f.as_ref().is_some_and(|f| f.bson_type == BsonType::Array));
    let nests = move || field.with(|f| f.as_ref().is_some_and(|f| f.is_subdocument()));
    view! {
        <div class="field-row" style:margin-left=format!("{}px", depth * 14) data-testid="field-row">
            <div class="line">
                <TextInput label=Msg::Name value=name on_change=name_cb error=name_error testid="field-name" on_enter=next_field />
                <Select
                    label=Msg::Type
                    options=type_options()
                    value=Signal::derive(move || field.with(|f| f.as_ref().map(|f| f.bson_type.name().to_string()).unwrap_or_default()))
                    on_change=type_cb
                    testid="field-type"
                />
                <Checkbox label=Msg::Required value=Signal::derive(move || field.with(|f| f.as_ref().is_some_and(|f| f.required))) on_change=required_cb />
                <div class="row-buttons">
                    <button title=tr(Msg::MoveUp) aria-label=tr(Msg::MoveFieldUp) on:click=mv(-1)>"↑"</button>
                    <button title=tr(Msg::MoveDown) aria-label=tr(Msg::MoveFieldDown) on:click=mv(1)>"↓"</button>
                    <button title=tr(Msg::ConstraintsAndSize) aria-label=tr(Msg::ConstraintsAndSize) aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>"⋯"</button>
                    <button title=tr(Msg::RemoveField) aria-label=tr(Msg::RemoveField) on:click=remove>"✕"</button>
                </div>
            </div>
            <Show when=is_array>
                <Select
                    label=Msg::Items
                    options=type_options()
                    value=Signal::derive(move || field.with(|f| f.as_ref().and_then(|f| f.items).map(|t| t.name().to_string()).unwrap_or_default()))
                    on_change=items_cb
                />
            </Show>
            <Show when=move || open.get()>
                <div class="constraints">
                    <TextInput
                        label=Msg::Enum
                        placeholder="a, b, c"
                        value=Signal::derive(move || field.with(|f| f.as_ref().map(|f| f.constraints.r#enum.iter().map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).collect::<Vec<_>>().join(", ")).unwrap_or_default()))
                        on_change=enum_cb
                    />
                    <NumberInput label=Msg::Minimum value=get(|f| f.constraints.minimum) on_change=set("min", |f, v| f.constraints.minimum = v) />
                    <NumberInput label=Msg::Maximum value=get(|f| f.constraints.maximum) on_change=set("max", |f, v| f.constraints.maximum = v) />
                    <NumberInput label=Msg::MinLength min=0.0 value=get(|f| f.constraints.min_length.map(|v| v as f64)) on_change=set("minlen", |f, v| f.constraints.min_length = v.map(|v| v as u64)) />
                    <NumberInput label=Msg::MaxLength min=0.0 value=get(|f| f.constraints.max_length.map(|v| v as f64)) on_change=set("maxlen", |f, v| f.constraints.max_length = v.map(|v| v as u64)) />
                    <TextInput label=Msg::Pattern value=Signal::derive(move || field.with(|f| f.as_ref().and_then(|f| f.constraints.pattern.clone()).unwrap_or_default())) on_change=pattern_cb />
                    <NumberInput label=Msg::MinItems min=0.0 value=get(|f| f.constraints.min_items.map(|v| v as f64)) on_change=set("minitems", |f, v| f.constraints.min_items = v.map(|v| v as u64)) />
                    <NumberInput label=Msg::MaxItemsCap min=0.0 value=get(|f| f.constraints.max_items.map(|v| v as f64)) on_change=set("maxitems", |f, v| f.constraints.max_items = v.map(|v| v as u64)) />
                    <NumberInput label=Msg::AvgBytes min=0.0 value=get(|f| f.size.avg_bytes.map(|v| v as f64)) on_change=set("avgbytes", |f, v| f.size.avg_bytes = v.map(|v| v as u64)) />
                    <NumberInput label=Msg::AvgItems min=0.0 value=get(|f| f.size.avg_items.map(|v| v as f64)) on_change=set("avgitems", |f, v| f.size.avg_items = v.map(|v| v as u64)) />
                    <NumberInput label=Msg::MostItems min=0.0 value=get(|f| f.size.max_items.map(|v| v as f64)) on_change=set("hintmax", |f, v| f.size.max_items = v.map(|v| v as u64)) />
                    // The share of documents that carry an optional field, typed as a percentage.
                    <Show when=move || !required()>
                        <NumberInput label=Msg::PresencePercent min=0.0 max=100.0 placeholder=Msg::NotStated testid="field-presence" value=presence on_change=presence_cb />
                    </Show>
                </div>
            </Show>
            <Show when=nests>
                <button class="add sub" on:click=add_child.clone()>{tr(Msg::AddSubField)}</button>
            </Show>
        </div>
    }
}
