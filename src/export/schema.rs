//! `$jsonSchema` validators for the collections with `validate: true` (DOMAIN.md §9).
//!
//! Each field gives `bsonType` and its constraints (`enum`, `minimum`/`maximum`,
//! `minLength`/`maxLength`, `pattern`, `minItems`/`maxItems`); sub-documents and embedded
//! entities are inlined with their own `required` and `properties`; the caps the relations set
//! (an embedded relation's maximum, a subset's size, a bucket's cap) become `maxItems`. A
//! polymorphic collection gets a `oneOf` keyed on its discriminator, one branch per variant.
//! The top level states `additionalProperties`; when it is false every variant's fields are
//! listed at the top too (JSON Schema's `additionalProperties` only sees its own `properties`),
//! and `_id` is always declared. `_id` is never listed in `required`: MongoDB adds it.
//! Nested sub-documents stay open (events of different kinds carry different fields).

use super::bson::{Bson, Doc};
use super::document::Builder;
use super::ejson::{self, Flavor};
use super::shape::{Node, Role, Shape};
use super::values::json_to_bson;
use crate::model::{BsonType, CopyCategory, Propagation, ValidationAction, ValidationLevel};

/// The validator of one collection, with how the server applies it.
#[derive(Debug, Clone, PartialEq)]
pub struct Validator {
    pub entity: String,
    pub collection: String,
    /// The `$jsonSchema` document.
    pub schema: Doc,
    pub level: &'static str,
    pub action: &'static str,
}

impl Validator {
    /// `{validator: {$jsonSchema}, validationLevel, validationAction}`: the options of
    /// `createCollection` and `collMod`.
    pub fn options(&self) -> Doc {
        Doc::new()
            .with("validator", Bson::Document(Doc::new().with("$jsonSchema", Bson::Document(self.schema.clone()))))
            .with("validationLevel", Bson::word(self.level))
            .with("validationAction", Bson::word(self.action))
    }
}

/// Validators of every collection that asks for one, in model order.
pub fn validators(builder: &Builder) -> Vec<Validator> {
    builder.lookup.collections().filter(|e| e.collection.validate).filter_map(|e| validator(builder, &e.id)).collect()
}

/// The validator of one collection (entity id), whether or not `validate` is set.
pub fn validator(builder: &Builder, entity: &str) -> Option<Validator> {
    let e = builder.lookup.entity(entity)?;
    let shape = builder.shape(entity)?;
    let settings = &e.collection;
    Some(Validator {
        entity: e.id.clone(),
        collection: e.name.to_string(),
        schema: json_schema(builder, shape, settings.additional_properties),
        level: match settings.validation_level {
            ValidationLevel::Strict => "strict",
            ValidationLevel::Moderate => "moderate",
            ValidationLevel::Off => "off",
        },
        action: match settings.validation_action {
            ValidationAction::Error => "error",
            ValidationAction::Warn => "warn",
        },
    })
}

/// `{"actividad": {"validator": {"$jsonSchema": …}, "validationLevel": …, …}, …}` as JSON.
pub fn render_json(validators: &[Validator]) -> String {
    // Written by hand around each schema so no schema is copied into a bigger tree.
    if validators.is_empty() {
        return "{}".to_string();
    }
    // Room for the text (a large generated model's validators take about 2 KB each), so it is
    // rarely copied as it grows.
    let mut out = String::with_capacity(validators.len() * 2304);
    out.push('{');
    for (i, v) in validators.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        ejson::quote(&mut out, &v.collection);
        out.push_str(": {\n    \"validator\": {\n      \"$jsonSchema\": ");
        ejson::write_doc_pretty_at(&mut out, &v.schema, Flavor::Relaxed, 3);
        out.push_str(&format!(
            "\n    }},\n    \"validationLevel\": \"{}\",\n    \"validationAction\": \"{}\"\n  }}",
            v.level, v.action
        ));
    }
    out.push_str("\n}");
    out
}

/// The `$jsonSchema` of a collection's documents.
pub fn json_schema(builder: &Builder, shape: &Shape, additional_properties: bool) -> Doc {
    let mut schema = Doc::new().with("bsonType", Bson::word("object"));
    let required: Vec<Bson> =
        shape.fields.iter().filter(|n| n.required && n.name != "_id").map(|n| Bson::str(n.name.to_string())).collect();
    if !required.is_empty() {
        schema.insert("required", Bson::Array(required));
    }
    let mut properties = Doc(shape
        .fields
        .iter()
        .map(|n| (n.name.to_string().into(), Bson::Document(node_schema(builder, n))))
        .collect());
    if !additional_properties {
        for node in shape.variants.iter().flat_map(|v| &v.fields) {
            let types: Vec<&str> = shape
                .variants
                .iter()
                .flat_map(|v| &v.fields)
                .filter(|n| n.name == node.name)
                .map(|n| n.ty.name())
                .fold(Vec::new(), |mut acc, t| {
                    if !acc.contains(&t) {
                        acc.push(t);
                    }
                    acc
                });
            if properties.get(&node.name).is_none() {
                let ty = match types.as_slice() {
                    [one] => Bson::word(one),
                    many => Bson::Array(many.iter().map(|t| Bson::word(t)).collect()),
                };
                properties.insert(node.name.to_string(), Bson::Document(Doc::new().with("bsonType", ty)));
            }
        }
    }
    schema.insert("properties", Bson::Document(properties));
    if let (Some(d), false) = (&shape.discriminator, shape.variants.is_empty()) {
        schema.insert("oneOf", Bson::Array(variant_branches(builder, shape, d)));
    }
    schema.insert("additionalProperties", Bson::Bool(additional_properties));
    schema
}

fn variant_branches(builder: &Builder, shape: &Shape, discriminator: &str) -> Vec<Bson> {
    let mut branches = Vec::new();
    for v in &shape.variants {
        let mut required = vec![Bson::str(discriminator)];
        required.extend(v.fields.iter().filter(|n| n.required).map(|n| Bson::str(n.name.to_string())));
        let mut properties = Doc::new().with(
            discriminator.to_string(),
            Bson::Document(Doc::new().with("enum", Bson::Array(vec![Bson::str(v.value.clone())]))),
        );
        for n in &v.fields {
            properties.insert(n.name.to_string(), Bson::Document(node_schema(builder, n)));
        }
        branches.push(Bson::Document(
            Doc::new().with("required", Bson::Array(required)).with("properties", Bson::Document(properties)),
        ));
    }
    // Documents whose discriminator names no variant stay valid (with their own fields only).
    let named: Vec<Bson> = shape.variants.iter().map(|v| Bson::str(v.value.clone())).collect();
    let others: Vec<Bson> = shape
        .field(discriminator)
        .map(|n| {
            n.constraints.r#enum.iter().filter_map(|v| json_to_bson(v, n.ty)).filter(|v| !named.contains(v)).collect()
        })
        .unwrap_or_default();
    let declared_enum = shape.field(discriminator).is_some_and(|n| !n.constraints.r#enum.is_empty());
    let rest = if !others.is_empty() {
        Some(Doc::new().with("enum", Bson::Array(others)))
    } else if !declared_enum {
        Some(Doc::new().with("not", Bson::Document(Doc::new().with("enum", Bson::Array(named)))))
    } else {
        None
    };
    if let Some(rest) = rest {
        branches.push(Bson::Document(
            Doc::new()
                .with("required", Bson::Array(vec![Bson::str(discriminator)]))
                .with("properties", Bson::Document(Doc::new().with(discriminator.to_string(), Bson::Document(rest)))),
        ));
    }
    branches
}

/// The schema of one field.
pub fn node_schema(builder: &Builder, node: &Node) -> Doc {
    let mut s = Doc::new();
    match node.ty {
        BsonType::Array => {
            s.insert("bsonType", Bson::word("array"));
            if let Some(n) = node.constraints.min_items {
                s.insert("minItems", Bson::number(n as f64));
            }
            if let Some(n) = node.constraints.max_items {
                s.insert("maxItems", Bson::number(n as f64));
            }
            let item_ty = node.items.unwrap_or(BsonType::String);
            let items = if node.has_children() || item_ty == BsonType::Object {
                object_schema(builder, &node.children)
            } else {
                let mut items = Doc::new().with("bsonType", Bson::word(item_ty.name()));
                scalar_constraints(&mut items, node, item_ty);
                items
            };
            s.insert("items", Bson::Document(items));
        }
        BsonType::Object => s = object_schema(builder, &node.children),
        ty => {
            s.insert("bsonType", Bson::word(ty.name()));
            scalar_constraints(&mut s, node, ty);
        }
    }
    if let Some(text) = description(builder, node) {
        s.insert("description", Bson::String(text.into()));
    }
    s
}

fn object_schema(builder: &Builder, children: &[Node]) -> Doc {
    let mut s = Doc::new().with("bsonType", Bson::word("object"));
    let required: Vec<Bson> = children.iter().filter(|n| n.required).map(|n| Bson::str(n.name.to_string())).collect();
    if !required.is_empty() {
        s.insert("required", Bson::Array(required));
    }
    if !children.is_empty() {
        s.insert(
            "properties",
            Bson::Document(Doc(children
                .iter()
                .map(|n| (n.name.to_string().into(), Bson::Document(node_schema(builder, n))))
                .collect())),
        );
    }
    s
}

fn scalar_constraints(s: &mut Doc, node: &Node, ty: BsonType) {
    let c = &node.constraints;
    if !c.r#enum.is_empty() {
        let values = c
            .r#enum
            .iter()
            .map(|v| json_to_bson(v, ty).unwrap_or_else(|| Bson::String(v.to_string().into())))
            .collect();
        s.insert("enum", Bson::Array(values));
    }
    let number = Bson::number;
    if ty.is_numeric() {
        if let Some(x) = c.minimum.filter(|x| x.is_finite()) {
            s.insert("minimum", number(x));
        }
        if let Some(x) = c.maximum.filter(|x| x.is_finite()) {
            s.insert("maximum", number(x));
        }
    }
    if ty == BsonType::String {
        if let Some(n) = c.min_length {
            s.insert("minLength", Bson::number(n as f64));
        }
        if let Some(n) = c.max_length {
            s.insert("maxLength", Bson::number(n as f64));
        }
        if let Some(p) = &c.pattern {
            s.insert("pattern", Bson::String(p.clone().into()));
        }
    }
}

/// The field's notes, or what a copied field copies and how it is kept coherent.
pub(crate) fn description(builder: &Builder, node: &Node) -> Option<String> {
    if !node.notes.is_empty() {
        return Some(node.notes.to_string());
    }
    let Role::Copy { rel, source } = &node.role else { return None };
    let r = builder.lookup.relation(*rel)?;
    let copy = r.extended.iter().find(|c| &c.field == source)?;
    let category = match r.copy_category(copy) {
        CopyCategory::Immutable => "immutable",
        CopyCategory::Historical => "historical: never propagated",
        CopyCategory::Live => "live",
    };
    let propagation = match copy.propagation {
        Some(Propagation::Immediate) => ", propagated immediately",
        Some(Propagation::Deferred) => ", propagated by a deferred job",
        Some(Propagation::Reread) => ", re-read from the source",
        None => "",
    };
    Some(format!("Copy of {}.{source} ({category}{propagation}).", builder.lookup.name(&r.parent)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn bibliored() -> crate::model::Model {
        crate::model::load(include_str!("../../public/templates/bibliored.json")).unwrap()
    }

    /// Seed 001, exercise 3 (DOMAIN.md §10): the `actividad` validator.
    #[test]
    fn actividad_validator_is_seed_001_exercise_3() {
        let model = bibliored();
        let builder = Builder::new(&model);
        let v = validator(&builder, "actividad").unwrap();
        assert_eq!((v.level, v.action), ("moderate", "warn"));
        let expected = json!({
            "bsonType": "object",
            "required": ["socio_id", "dia", "eventos"],
            "properties": {
                "_id": { "bsonType": "string" },
                "socio_id": { "bsonType": "int", "minimum": 1 },
                "dia": { "bsonType": "date" },
                "num_eventos": { "bsonType": "int", "minimum": 0, "maximum": 500 },
                "eventos": {
                    "bsonType": "array",
                    "maxItems": 500,
                    "items": {
                        "bsonType": "object",
                        "required": ["t", "tipo"],
                        "properties": {
                            "t": { "bsonType": "date" },
                            "tipo": { "bsonType": "string", "enum": ["busqueda", "ficha", "filtro", "reserva", "descarga"] },
                            "termino": { "bsonType": "string" },
                            "material_id": { "bsonType": "objectId" },
                            "campo": { "bsonType": "string" },
                            "valor": { "bsonType": "string" }
                        }
                    }
                }
            },
            "additionalProperties": false
        });
        assert_eq!(Bson::Document(v.schema.clone()).to_json(), expected);
        // Key order as written in the model, `required` in field order.
        assert_eq!(v.schema.keys().collect::<Vec<_>>(), ["bsonType", "required", "properties", "additionalProperties"]);
    }

    #[test]
    fn polymorphic_catalogue_gets_one_branch_per_variant() {
        let model = bibliored();
        let builder = Builder::new(&model);
        let v = validator(&builder, "material").unwrap().schema;
        let branches = v.get("oneOf").and_then(Bson::as_array).unwrap();
        assert_eq!(branches.len(), 3, "every enum value has a variant, so no catch-all branch");
        let libro = branches[0].to_json();
        assert_eq!(libro["required"], json!(["tipo", "isbn"]));
        assert_eq!(libro["properties"]["tipo"], json!({ "enum": ["libro"] }));
        assert_eq!(libro["properties"]["isbn"]["pattern"], json!("^97[89][0-9]{10}$"));
        let props = v.get("properties").and_then(Bson::as_doc).unwrap();
        assert_eq!(props.get("etiquetas").unwrap().to_json()["maxItems"], json!(8), "the relation's max is a cap");
        assert_eq!(props.get("resenas_destacadas").unwrap().to_json()["maxItems"], json!(5));
        assert_eq!(v.get("additionalProperties"), Some(&Bson::Bool(true)));
    }

    #[test]
    fn closed_schema_lists_variant_fields_and_id() {
        let mut model = bibliored();
        if let Some(e) = model.entity_mut("material") {
            e.collection.additional_properties = false;
        }
        let builder = Builder::new(&model);
        let v = validator(&builder, "material").unwrap().schema;
        let props = v.get("properties").and_then(Bson::as_doc).unwrap();
        for name in ["_id", "isbn", "issn", "duracion_min", "narrador"] {
            assert!(props.get(name).is_some(), "{name} must be allowed by the closed schema");
        }
        let copy = validator(&builder, "resena").unwrap().schema.get_path("properties.material").unwrap().to_json();
        assert_eq!(
            copy["properties"]["titulo"]["description"],
            json!("Copy of catalogo.titulo (live, propagated by a deferred job).")
        );
    }
}
