//! Importing a `$jsonSchema` validator into a collection [`Entity`].
//!
//! Accepts what people have at hand: the output of `db.getCollectionInfos()` (an array of
//! `{name, options: {validator: {$jsonSchema}, validationLevel, validationAction}}`), the
//! options document, a `db.createCollection("name", {...})` call, `{$jsonSchema: {...}}`, or
//! the bare schema; in JSON or mongosh syntax. Keywords the model cannot hold are listed in
//! [`SchemaImport::warnings`], never silently dropped.

use super::parser::{Dialect, Parser};
use super::source::Source;
use super::to_entity::entity_id;
use super::value::{Document, Kind, Value};
use crate::model::{BsonType, Entity, Field, ValidationAction, ValidationLevel, Variant};

/// Marks a field the validator requires without giving a type (the model needs one; the
/// round-trip helper writes no property back for it).
pub const UNTYPED_NOTE: &str = "(required by the validator, which gives no bsonType)";
/// Marks a type taken from `enum` values because the schema gave no `bsonType`.
pub const ENUM_TYPE_NOTE: &str = "(bsonType not given: taken from the enum values)";

/// An imported validator.
#[derive(Debug, Clone, PartialEq)]
pub struct SchemaImport {
    pub entity: Entity,
    /// What the model could not keep, with the path (`itens.items: uniqueItems`).
    pub warnings: Vec<String>,
}

fn get<'a>(doc: &'a Document, key: &str) -> Option<&'a Value> {
    doc.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Imports validator text; `name` is used when the text does not name the collection.
pub fn import_json_schema(text: &str, name: &str) -> Result<SchemaImport, String> {
    let mut p = Parser::new(Source::new(text.as_bytes()), Dialect::Shell);
    p.skip_ws().map_err(|e| e.to_string())?;
    let mut name = name.to_string();
    if text.trim_start().starts_with("db.") {
        // db.createCollection("name", { ...options })
        while let Some(b) = p.src.bump() {
            if b == b'(' {
                break;
            }
        }
        p.skip_ws().map_err(|e| e.to_string())?;
        if let Value::String(n) = p.value(0).map_err(|e| e.to_string())? {
            name = n;
        }
        p.skip_ws().map_err(|e| e.to_string())?;
        if p.src.bump() != Some(b',') {
            return Err("expected db.createCollection(\"name\", { validator: ... })".into());
        }
        p.skip_ws().map_err(|e| e.to_string())?;
    }
    let value = p.value(0).map_err(|e| e.to_string())?;
    let doc = match value {
        Value::Document(d) => d,
        Value::Array(items) => {
            let found = items.into_iter().find_map(|v| match v {
                Value::Document(d) if get(&d, "options").is_some() => Some(d),
                _ => None,
            });
            found.ok_or("the array holds no collection info with options")?
        }
        other => return Err(format!("expected a document, found a value of type {}", other.kind().name())),
    };
    entity_from_schema_document(&doc, &name)
}

/// Imports a parsed validator, options or schema document (see [`import_json_schema`]).
pub fn entity_from_schema_document(doc: &Document, name: &str) -> Result<SchemaImport, String> {
    let mut name = name.to_string();
    let mut doc = doc;
    if let (Some(Value::Document(options)), Some(Value::String(n))) = (get(doc, "options"), get(doc, "name")) {
        name = n.clone();
        doc = options;
    }
    let mut level = None;
    let mut action = None;
    if let Some(Value::String(l)) = get(doc, "validationLevel") {
        level = Some(match l.as_str() {
            "moderate" => ValidationLevel::Moderate,
            "off" => ValidationLevel::Off,
            _ => ValidationLevel::Strict,
        });
    }
    if let Some(Value::String(a)) = get(doc, "validationAction") {
        action = Some(if a == "warn" { ValidationAction::Warn } else { ValidationAction::Error });
    }
    if let Some(Value::Document(v)) = get(doc, "validator") {
        doc = v;
    }
    let schema = match get(doc, "$jsonSchema") {
        Some(Value::Document(s)) => s,
        Some(_) => return Err("$jsonSchema must be a document".into()),
        None if ["bsonType", "properties", "required", "type"].iter().any(|k| get(doc, k).is_some()) => doc,
        None => return Err("no $jsonSchema found (query-operator validators are not imported)".into()),
    };
    let mut warnings = Vec::new();
    let mut entity = Entity::new(&entity_id(&name), &name);
    entity.fields = object_fields(schema, "", &mut warnings);
    let c = &mut entity.collection;
    c.validate = true;
    c.validation_level = level.unwrap_or_default();
    c.validation_action = action.unwrap_or_default();
    c.additional_properties = !matches!(get(schema, "additionalProperties"), Some(Value::Bool(false)));
    if let Some(Value::String(d)) = get(schema, "description") {
        entity.notes = d.clone();
    }
    variants(schema, &mut entity, &mut warnings);
    unsupported(
        schema,
        "",
        &[
            "bsonType",
            "type",
            "required",
            "properties",
            "additionalProperties",
            "description",
            "title",
            "oneOf",
            "anyOf",
        ],
        &mut warnings,
    );
    Ok(SchemaImport { entity, warnings })
}

fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(items)) => {
            items.iter().filter_map(|i| if let Value::String(s) = i { Some(s.clone()) } else { None }).collect()
        }
        _ => Vec::new(),
    }
}

fn object_fields(schema: &Document, path: &str, warnings: &mut Vec<String>) -> Vec<Field> {
    let required = strings(get(schema, "required"));
    let mut fields = Vec::new();
    if let Some(Value::Document(props)) = get(schema, "properties") {
        for (name, prop) in props {
            let at = if path.is_empty() { name.clone() } else { format!("{path}.{name}") };
            match prop {
                Value::Document(prop) => fields.push(field(name, prop, required.contains(name), &at, warnings)),
                _ => warnings.push(format!("{at}: the property is not a schema document; skipped")),
            }
        }
    }
    let missing: Vec<&String> = required.iter().filter(|r| !fields.iter().any(|f| &f.name == *r)).collect();
    for name in missing {
        let mut f = Field::new(name, BsonType::String);
        f.required = true;
        f.notes = UNTYPED_NOTE.to_string();
        fields.push(f);
    }
    if !path.is_empty() && get(schema, "additionalProperties").is_some() {
        warnings.push(format!("{path}: additionalProperties on a sub-document is not kept"));
    }
    fields
}

/// The types a schema allows: `bsonType` (one or a list), JSON `type`, or simple `anyOf`/`oneOf`.
fn schema_types(prop: &Document) -> Vec<Kind> {
    let name_to_kind = |n: &str| match n {
        "number" => Some(Kind::Double),
        "integer" => Some(Kind::Int),
        "boolean" => Some(Kind::Bool),
        other => Kind::from_name(other),
    };
    let mut out = Vec::new();
    for key in ["bsonType", "type"] {
        match get(prop, key) {
            Some(Value::String(s)) => out.extend(name_to_kind(s)),
            Some(Value::Array(list)) => {
                out.extend(list.iter().filter_map(|v| if let Value::String(s) = v { name_to_kind(s) } else { None }))
            }
            _ => {}
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(alts)) = get(prop, key) {
            for alt in alts {
                if let Value::Document(alt) = alt {
                    if alt.len() == 1 {
                        out.extend(schema_types(alt));
                    }
                }
            }
        }
    }
    out
}

fn field(name: &str, prop: &Document, required: bool, path: &str, warnings: &mut Vec<String>) -> Field {
    let types = schema_types(prop);
    let mut notes = Vec::new();
    let non_null: Vec<Kind> = types.iter().copied().filter(|k| *k != Kind::Null).collect();
    let kind = match (non_null.first(), types.first()) {
        (Some(k), _) => *k,
        (None, Some(k)) => *k,
        (None, None) => implicit_type(prop, &mut notes),
    };
    if types.len() > 1 {
        let names: Vec<&str> = types.iter().map(|k| k.name()).collect();
        warnings.push(format!("{path}: bsonType [{}] kept as {} only", names.join(", "), kind.name()));
    }
    let bson_type = kind.model_type().unwrap_or_else(|| {
        warnings.push(format!("{path}: bsonType {} has no model type; kept as string", kind.name()));
        BsonType::String
    });
    let mut f = Field::new(name, bson_type);
    f.required = required;
    constraints(prop, &mut f, path, warnings);
    match bson_type {
        BsonType::Object => f.fields = object_fields(prop, path, warnings),
        BsonType::Array => match get(prop, "items") {
            Some(Value::Document(items)) => {
                let item_types = schema_types(items);
                let item_kind = item_types.iter().copied().find(|k| *k != Kind::Null).or(item_types.first().copied());
                let item_kind = item_kind.or_else(|| get(items, "properties").map(|_| Kind::Object));
                f.items = item_kind.and_then(Kind::model_type);
                if f.items == Some(BsonType::Object) {
                    f.fields = object_fields(items, path, warnings);
                }
                let kept = ["bsonType", "type", "properties", "required", "additionalProperties", "description"];
                unsupported(items, &format!("{path}.items"), &kept, warnings);
            }
            Some(_) => warnings.push(format!("{path}: tuple-style items are not kept")),
            None => {}
        },
        _ => {}
    }
    if let Some(Value::String(d)) = get(prop, "description") {
        notes.insert(0, d.clone());
    }
    f.notes = notes.join(" ");
    let kept = [
        "bsonType",
        "type",
        "enum",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "minItems",
        "maxItems",
        "properties",
        "required",
        "items",
        "description",
        "title",
        "additionalProperties",
        "anyOf",
        "oneOf",
    ];
    unsupported(prop, path, &kept, warnings);
    f
}

/// A type when the schema gives none: from `enum` values, `properties`, `items`; else string.
fn implicit_type(prop: &Document, notes: &mut Vec<String>) -> Kind {
    if let Some(Value::Array(values)) = get(prop, "enum") {
        let kinds: Vec<Kind> = values.iter().map(Value::kind).collect();
        if let Some(first) = kinds.first() {
            if kinds.iter().all(|k| k == first) {
                notes.push(ENUM_TYPE_NOTE.to_string());
                return *first;
            }
        }
    }
    if get(prop, "properties").is_some() {
        return Kind::Object;
    }
    if get(prop, "items").is_some() {
        return Kind::Array;
    }
    notes.push(UNTYPED_NOTE.to_string());
    Kind::String
}

fn constraints(prop: &Document, f: &mut Field, path: &str, warnings: &mut Vec<String>) {
    let c = &mut f.constraints;
    let float = |k| get(prop, k).and_then(|v| super::scalars::float(v).filter(|_| !matches!(v, Value::String(_))));
    let count = |k| get(prop, k).and_then(super::scalars::integer).and_then(|n| u64::try_from(n).ok());
    c.minimum = float("minimum");
    c.maximum = float("maximum");
    c.min_length = count("minLength");
    c.max_length = count("maxLength");
    c.min_items = count("minItems");
    c.max_items = count("maxItems");
    if let Some(Value::String(p)) = get(prop, "pattern") {
        c.pattern = Some(p.clone());
    }
    if let Some(Value::Array(values)) = get(prop, "enum") {
        c.r#enum = values.iter().map(super::value_json::to_json).collect();
    }
    if get(prop, "maxItems").is_some() && c.max_items.is_none() {
        warnings.push(format!("{path}: maxItems is not a non-negative integer; not kept"));
    }
}

/// Root `oneOf`/`anyOf` whose alternatives all fix one discriminator property with a
/// single-value `enum` become the entity's variants.
fn variants(schema: &Document, entity: &mut Entity, warnings: &mut Vec<String>) {
    let Some((key, Value::Array(alts))) = schema.iter().find(|(k, _)| k == "oneOf" || k == "anyOf") else {
        return;
    };
    let docs: Vec<&Document> =
        alts.iter().filter_map(|a| if let Value::Document(d) = a { Some(d) } else { None }).collect();
    let discriminator = docs.first().and_then(|d| match get(d, "properties") {
        Some(Value::Document(props)) => {
            props.iter().map(|(n, _)| n.clone()).find(|n| docs.iter().all(|d| single_enum(d, n).is_some()))
        }
        _ => None,
    });
    let Some(disc) = discriminator.filter(|_| docs.len() == alts.len()) else {
        warnings.push(format!("root {key}: not a simple set of variants with a discriminator; not kept"));
        return;
    };
    for d in docs {
        let mut fields = object_fields(d, "", warnings);
        fields.retain(|f| f.name != disc);
        let value = single_enum(d, &disc).unwrap_or_default();
        entity.collection.variants.push(Variant { value, fields, share: None });
    }
    entity.collection.discriminator = Some(disc);
}

fn single_enum(alt: &Document, name: &str) -> Option<String> {
    let Some(Value::Document(props)) = get(alt, "properties") else { return None };
    let Some(Value::Document(prop)) = get(props, name) else { return None };
    match get(prop, "enum") {
        Some(Value::Array(values)) if values.len() == 1 => match &values[0] {
            Value::String(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn unsupported(doc: &Document, path: &str, kept: &[&str], warnings: &mut Vec<String>) {
    for (k, _) in doc {
        if !kept.contains(&k.as_str()) {
            let at = if path.is_empty() { "root".to_string() } else { path.to_string() };
            warnings.push(format!("{at}: {k} is not kept by the model"));
        }
    }
}
