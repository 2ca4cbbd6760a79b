//! The inspector for one aggregate: name and kind, collection settings, fields, size.

use super::field_editor::FieldList;
use super::form::{
    enum_from, enum_name, enum_options, labelled_options, Checkbox, NumberInput, Select, TextArea, TextInput,
};
use super::state::Editor;
use super::text::tr;
use crate::i18n::Msg;
use crate::model::structure_problem_for_name;
use crate::model::{BsonType, CollectionSettings, Entity, EntityKind, ValidationAction, ValidationLevel};
use crate::share::labels::bytes_label;
use leptos::prelude::*;

fn edit_entity(editor: &Editor, id: &str, what: &str, f: impl FnOnce(&mut Entity)) {
    let key = format!("entity:{id}:{what}");
    editor.edit(Some(&key), |m| {
        if let Some(e) = m.entity_mut(id) {
            f(e);
        }
    });
}

#[component]
pub fn EntityInspector(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let idv = StoredValue::new(id.clone());
    let entity = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| m.entity(&id).cloned()))
    };
    let is_collection = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| m.entity(&id).is_some_and(|e| m.is_collection(e))))
    };
    let s =
        move |f: fn(&Entity) -> String| Signal::derive(move || entity.with(|e| e.as_ref().map(f).unwrap_or_default()));
    let cb = move |what: &'static str, f: fn(&mut Entity, String)| {
        Callback::new(move |v: String| edit_entity(&editor, &idv.get_value(), what, |e| f(e, v)))
    };
    let cs = move |what: &'static str, f: fn(&mut CollectionSettings, Option<f64>)| {
        Callback::new(move |v: Option<f64>| edit_entity(&editor, &idv.get_value(), what, |e| f(&mut e.collection, v)))
    };
    let cbool = move |what: &'static str, f: fn(&mut CollectionSettings, bool)| {
        Callback::new(move |v: bool| edit_entity(&editor, &idv.get_value(), what, |e| f(&mut e.collection, v)))
    };
    let name_error = {
        let id = id.clone();
        Signal::derive(move || {
            let lang = editor.lang.get();
            editor.model.with(|m| structure_problem_for_name(m, &id).map(|t| t.render(lang)))
        })
    };
    let size = {
        let id = id.clone();
        move || {
            editor.report.with(|r| {
                r.size(&id).map(|s| {
                    // Figures in the language's notation (`3,5 KB`), the horizon in its words.
                    let lang = editor.lang.get();
                    Msg::SizeLine.fill(
                        lang,
                        &[
                            &bytes_label(s.avg_bytes, lang),
                            &bytes_label(s.worst_bytes, lang),
                            &bytes_label(s.horizon_bytes, lang),
                            &s.horizon_label.render(lang),
                        ],
                    )
                })
            })
        }
    };
    let kinds = labelled_options(&[EntityKind::Document, EntityKind::Value, EntityKind::External]);
    let levels = enum_options(&[ValidationLevel::Strict, ValidationLevel::Moderate, ValidationLevel::Off], enum_name);
    let actions = enum_options(&[ValidationAction::Error, ValidationAction::Warn], enum_name);
    let value_types: Vec<(String, String)> =
        BsonType::ALL.iter().map(|t| (t.name().to_string(), t.name().to_string())).collect();
    view! {
        <div class="panel inspector" data-testid="entity-inspector">
            <h2>{move || editor.t(if is_collection.get() { Msg::Collection } else { Msg::SubDocument })}</h2>
            <TextInput label=Msg::Name value=s(|e| e.name.clone()) on_change=cb("name", |e, v| e.name = v) error=name_error testid="entity-name" />
            <Select label=Msg::Kind options=kinds value=s(|e| enum_name(&e.kind)) on_change=cb("kind", |e, v| e.kind = enum_from(&v).unwrap_or_default()) />
            <Show when=move || entity.with(|e| e.as_ref().is_some_and(|e| e.kind == EntityKind::Value))>
                <Select label=Msg::ValueType options=value_types.clone() value=s(|e| e.value_type.unwrap_or(BsonType::String).name().to_string()) on_change=cb("vtype", |e, v| e.value_type = BsonType::from_name(&v)) />
            </Show>
            <Show when=move || entity.with(|e| e.as_ref().is_some_and(Entity::is_external))>
                <TextInput label=Msg::KeptIn placeholder="PostgreSQL" value=s(|e| e.system.clone().unwrap_or_default()) on_change=cb("system", |e, v| e.system = Some(v)) />
            </Show>
            <p class="size-line">{size}</p>
            <h3>{tr(Msg::Fields)}</h3>
            <FieldList id=id.clone() />
            <Show when=move || is_collection.get()>
                <h3>{tr(Msg::CollectionSettings)}</h3>
                <TextInput label=Msg::SchemaVersionField placeholder="schema_v" value=s(|e| e.collection.schema_version_field.clone().unwrap_or_default()) on_change=cb("sv", |e, v| e.collection.schema_version_field = (!v.is_empty()).then_some(v)) />
                <Checkbox label=Msg::ValidateWithSchema value=Signal::derive(move || entity.with(|e| e.as_ref().is_some_and(|e| e.collection.validate))) on_change=cbool("validate", |c, v| c.validate = v) />
                <Select label=Msg::ValidationLevel options=levels.clone() value=s(|e| enum_name(&e.collection.validation_level)) on_change=cb("level", |e, v| e.collection.validation_level = enum_from(&v).unwrap_or_default()) />
                <Select label=Msg::ValidationAction options=actions.clone() value=s(|e| enum_name(&e.collection.validation_action)) on_change=cb("action", |e, v| e.collection.validation_action = enum_from(&v).unwrap_or_default()) />
                <Checkbox label=Msg::AllowOtherProps value=Signal::derive(move || entity.with(|e| e.as_ref().is_some_and(|e| e.collection.additional_properties))) on_change=cbool("addl", |c, v| c.additional_properties = v) />
                <TextInput label=Msg::Discriminator hint=Msg::DiscriminatorPlaceholder value=s(|e| e.collection.discriminator.clone().unwrap_or_default()) on_change=cb("disc", |e, v| e.collection.discriminator = (!v.is_empty()).then_some(v)) />
                <NumberInput label=Msg::DocumentsNow min=0.0 value=Signal::derive(move || entity.with(|e| e.as_ref().and_then(|e| e.collection.documents.map(|d| d as f64)))) on_change=cs("docs", |c, v| c.documents = v.map(|v| v as u64)) />
                <NumberInput label=Msg::NewDocsPerDay min=0.0 value=Signal::derive(move || entity.with(|e| e.as_ref().and_then(|e| e.collection.growth_per_day))) on_change=cs("growth", |c, v| c.growth_per_day = v) />
            </Show>
            <TextArea label=Msg::Notes value=s(|e| e.notes.clone()) on_change=cb("notes", |e, v| e.notes = v) />
        </div>
    }
}
