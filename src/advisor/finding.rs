//! What the advisor reports: findings with a severity, a place, and an optional fix.

use crate::i18n::{Labelled, Text};
use crate::model::{BsonType, CopyCategory, Id, IndexSpec, Model, Place, Propagation, Storage, TimeSeries};
use crate::text;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn label(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Category {
    /// The model itself is malformed (dangling ids, forbidden names).
    Structure,
    /// Embed-or-reference decisions and their consequences.
    Relations,
    /// Anti-patterns (DOMAIN.md §7).
    AntiPattern,
    /// Design patterns that fit (DOMAIN.md §6).
    Pattern,
    /// Document size against MongoDB's limits.
    Size,
    /// Indexes and query shapes.
    Indexes,
    /// Validation and schema evolution.
    Validation,
    /// Figures measured from sample documents.
    Measured,
}

/// A one-click change that resolves a finding. Applying it is a pure edit of the model, so the
/// UI can record it in its history like any other edit. Serialised as the JSON report's `fix`
/// (`{"kind": "setArrayCap", "entity": ..., "path": ..., "maxItems": ...}`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Fix {
    SetStorage {
        relation: Id,
        storage: Storage,
    },
    SetArrayCap {
        entity: Id,
        path: Id,
        max_items: u64,
    },
    SetPropagation {
        relation: Id,
        field: Id,
        propagation: Propagation,
    },
    /// States a copy's category (historical for a copy written once with a holder that never
    /// changes: nothing is rewritten).
    SetCopyCategory {
        relation: Id,
        field: Id,
        category: CopyCategory,
    },
    AddSchemaVersionField {
        entity: Id,
        field: Id,
    },
    EnableValidation {
        entity: Id,
    },
    /// Retypes a field of type `from` (or the items of an array of `from`) as `to`: money
    /// held as `double` becomes `decimal`, a date held as `string` becomes `date`.
    SetFieldType {
        entity: Id,
        path: Id,
        from: BsonType,
        to: BsonType,
    },
    AddIndex {
        entity: Id,
        index: IndexSpec,
    },
    DropIndex {
        entity: Id,
        index: IndexSpec,
    },
    /// Makes a collection a time series collection (MongoDB 5.0+) with these options.
    MakeTimeSeries {
        entity: Id,
        timeseries: TimeSeries,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// Stable code of the rule (`DS012`).
    pub code: &'static str,
    /// Kebab-case rule name (`unbounded-array`).
    pub rule: &'static str,
    pub severity: Severity,
    pub place: Place,
    /// What is wrong, with the figures.
    pub message: Text,
    /// Why it matters. Most rules give a fixed text, borrowed rather than copied.
    pub why: Text,
    /// What to do (borrowed when fixed, owned when it names the model's elements).
    pub fix_hint: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

impl Fix {
    /// A short label for the button that applies the fix.
    pub fn label(&self) -> Text {
        match self {
            Fix::SetStorage { storage, .. } => text!(
                en: "Change storage to {storage}",
                es: "Cambiar el almacenamiento a {storage}",
                pt: "Mudar o armazenamento para {storage}";
                storage = storage.msg()
            ),
            Fix::SetArrayCap { path, max_items, .. } => text!(
                en: "Cap {path} at {n} items",
                es: "Limitar {path} a {n} elementos",
                pt: "Limitar {path} a {n} itens";
                path, n = *max_items
            ),
            Fix::SetPropagation { field, propagation, .. } => text!(
                en: "Propagate {field}: {how}",
                es: "Propagar {field}: {how}",
                pt: "Propagar {field}: {how}";
                field, how = propagation.msg()
            ),
            Fix::SetCopyCategory { field, category, .. } => text!(
                en: "Mark {field} {category}",
                es: "Marcar {field} como {category}",
                pt: "Marcar {field} como {category}";
                field, category = category.msg()
            ),
            Fix::AddSchemaVersionField { field, .. } => {
                text!(en: "Add {field}", es: "Añadir {field}", pt: "Adicionar {field}"; field)
            }
            Fix::EnableValidation { .. } => text!(
                en: "Add a $jsonSchema validator",
                es: "Añadir un validador $jsonSchema",
                pt: "Adicionar um validador $jsonSchema"
            ),
            Fix::SetFieldType { path, to, .. } => text!(
                en: "Change {path} to {type}",
                es: "Cambiar {path} a {type}",
                pt: "Mudar {path} para {type}";
                path, type = to.name()
            ),
            Fix::AddIndex { index, .. } => match &index.collation {
                Some(c) => text!(
                    en: "Create index {keys} with collation {locale}, strength {strength}",
                    es: "Crear el índice {keys} con collation {locale}, strength {strength}",
                    pt: "Criar o índice {keys} com collation {locale}, strength {strength}";
                    keys = index.key_doc(), locale = &c.locale, strength = u64::from(c.strength.unwrap_or(3))
                ),
                None => text!(
                    en: "Create index {keys}",
                    es: "Crear el índice {keys}",
                    pt: "Criar o índice {keys}";
                    keys = index.key_doc()
                ),
            },
            Fix::DropIndex { index, .. } => text!(
                en: "Drop index {keys}",
                es: "Eliminar el índice {keys}",
                pt: "Remover o índice {keys}";
                keys = index.key_doc()
            ),
            Fix::MakeTimeSeries { timeseries, .. } => text!(
                en: "Make this a time-series collection (timeField {time})",
                es: "Convertirla en colección de series temporales (timeField {time})",
                pt: "Torná-la uma coleção de séries temporais (timeField {time})";
                time = &timeseries.time_field
            ),
        }
    }

    /// Applies the fix to `model`. Returns false (and leaves the model as it was) when the
    /// element it names no longer exists.
    pub fn apply(&self, model: &mut Model) -> bool {
        use crate::model::Field;
        match self {
            // A reference keeps its field in the child (`Model::set_storage`).
            Fix::SetStorage { relation, storage } => model.set_storage(relation, *storage),
            Fix::SetArrayCap { entity, path, max_items } => {
                let Some(e) = model.entity_mut(entity) else { return false };
                match crate::model::find_path_mut(&mut e.fields, path) {
                    Some(f) => {
                        f.constraints.max_items = Some(*max_items);
                        true
                    }
                    None => false,
                }
            }
            Fix::SetPropagation { relation, field, propagation } => {
                let Some(r) = model.relations.iter_mut().find(|r| &r.id == relation) else { return false };
                match r.extended.iter_mut().find(|c| &c.field == field) {
                    Some(c) => {
                        c.propagation = Some(*propagation);
                        true
                    }
                    None => false,
                }
            }
            Fix::SetCopyCategory { relation, field, category } => {
                let Some(r) = model.relations.iter_mut().find(|r| &r.id == relation) else { return false };
                match r.extended.iter_mut().find(|c| &c.field == field) {
                    Some(c) => {
                        c.category = Some(*category);
                        true
                    }
                    None => false,
                }
            }
            Fix::AddSchemaVersionField { entity, field } => {
                let Some(e) = model.entity_mut(entity) else { return false };
                if e.fields.iter().all(|f| &f.name != field) {
                    let mut f = Field::new(field, BsonType::Int);
                    f.required = true;
                    f.constraints.minimum = Some(1.0);
                    e.fields.push(f);
                }
                e.collection.schema_version_field = Some(field.to_string());
                true
            }
            Fix::EnableValidation { entity } => match model.entity_mut(entity) {
                Some(e) => {
                    e.collection.validate = true;
                    true
                }
                None => false,
            },
            Fix::SetFieldType { entity, path, from, to } => {
                let Some(e) = model.entity_mut(entity) else { return false };
                match crate::model::find_path_mut(&mut e.fields, path) {
                    Some(f) if f.bson_type == *from => {
                        f.bson_type = *to;
                        true
                    }
                    Some(f) if f.bson_type == BsonType::Array && f.items == Some(*from) => {
                        f.items = Some(*to);
                        true
                    }
                    _ => false,
                }
            }
            Fix::AddIndex { entity, index } => match model.entity_mut(entity) {
                Some(e) => {
                    if !e.collection.indexes.contains(index) {
                        e.collection.indexes.push(index.clone());
                    }
                    true
                }
                None => false,
            },
            Fix::DropIndex { entity, index } => match model.entity_mut(entity) {
                Some(e) => {
                    let before = e.collection.indexes.len();
                    e.collection.indexes.retain(|i| i != index);
                    e.collection.indexes.len() != before
                }
                None => false,
            },
            Fix::MakeTimeSeries { entity, timeseries } => match model.entity_mut(entity) {
                Some(e) => {
                    e.collection.timeseries = Some(timeseries.clone());
                    true
                }
                None => false,
            },
        }
    }
}
