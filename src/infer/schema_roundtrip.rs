//! A private, minimal entity → `$jsonSchema` writer used **only** to test that importing a
//! validator keeps its meaning (schema → entity → schema). It is not the product's exporter
//! (that lives in `src/export/` on another branch); after merging, the round-trip tests should
//! call the real exporter and this file should go.

use super::schema_import::{ENUM_TYPE_NOTE, UNTYPED_NOTE};
use crate::model::{BsonType, Constraints, Entity, Field, ValidationAction, ValidationLevel};
use serde_json::{json, Map, Value as Json};

/// `{validator: {$jsonSchema}, validationLevel, validationAction}` for a collection entity.
pub(crate) fn entity_to_json_schema_roundtrip_helper(entity: &Entity) -> Json {
    let c = &entity.collection;
    let level = match c.validation_level {
        ValidationLevel::Strict => "strict",
        ValidationLevel::Moderate => "moderate",
        ValidationLevel::Off => "off",
    };
    let action = if c.validation_action == ValidationAction::Warn { "warn" } else { "error" };
    let mut schema = object_schema(&entity.fields);
    if !c.additional_properties {
        schema.insert("additionalProperties".into(), json!(false));
    }
    if !entity.notes.is_empty() {
        schema.insert("description".into(), json!(entity.notes));
    }
    if let Some(disc) = &c.discriminator {
        let variants: Vec<Json> = c
            .variants
            .iter()
            .map(|v| {
                let mut alt = object_schema(&v.fields);
                alt.remove("bsonType");
                let props = alt.entry("properties").or_insert_with(|| json!({}));
                if let Json::Object(props) = props {
                    props.insert(disc.clone(), json!({ "enum": [v.value] }));
                }
                Json::Object(alt)
            })
            .collect();
        schema.insert("oneOf".into(), Json::Array(variants));
    }
    json!({ "validator": { "$jsonSchema": Json::Object(schema) }, "validationLevel": level, "validationAction": action })
}

fn object_schema(fields: &[Field]) -> Map<String, Json> {
    let mut out = Map::new();
    out.insert("bsonType".into(), json!("object"));
    let required: Vec<&str> = fields.iter().filter(|f| f.required).map(|f| f.name.as_str()).collect();
    if !required.is_empty() {
        out.insert("required".into(), json!(required));
    }
    let props: Map<String, Json> =
        fields.iter().filter(|f| !f.notes.contains(UNTYPED_NOTE)).map(|f| (f.name.clone(), field_schema(f))).collect();
    if !props.is_empty() {
        out.insert("properties".into(), Json::Object(props));
    }
    out
}

fn number(f: f64) -> Json {
    if f.fract() == 0.0 && f.abs() < 9e15 {
        json!(f as i64)
    } else {
        json!(f)
    }
}

fn field_schema(f: &Field) -> Json {
    let mut out = Map::new();
    if !f.notes.contains(ENUM_TYPE_NOTE) {
        out.insert("bsonType".into(), json!(f.bson_type.name()));
    }
    let description = f.notes.replace(ENUM_TYPE_NOTE, "");
    if !description.trim().is_empty() {
        out.insert("description".into(), json!(description.trim()));
    }
    constraints(&f.constraints, &mut out);
    match f.bson_type {
        BsonType::Object => out.extend(object_schema(&f.fields).into_iter().filter(|(k, _)| k != "bsonType")),
        BsonType::Array => {
            if let Some(items) = f.items {
                let mut item = if items == BsonType::Object { object_schema(&f.fields) } else { Map::new() };
                item.insert("bsonType".into(), json!(items.name()));
                out.insert("items".into(), Json::Object(item));
            }
        }
        _ => {}
    }
    Json::Object(out)
}

fn constraints(c: &Constraints, out: &mut Map<String, Json>) {
    if !c.r#enum.is_empty() {
        out.insert("enum".into(), Json::Array(c.r#enum.clone()));
    }
    let numbers = [("minimum", c.minimum), ("maximum", c.maximum)];
    for (k, v) in numbers {
        if let Some(v) = v {
            out.insert(k.into(), number(v));
        }
    }
    let counts = [
        ("minLength", c.min_length),
        ("maxLength", c.max_length),
        ("minItems", c.min_items),
        ("maxItems", c.max_items),
    ];
    for (k, v) in counts {
        if let Some(v) = v {
            out.insert(k.into(), json!(v));
        }
    }
    if let Some(p) = &c.pattern {
        out.insert("pattern".into(), json!(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infer::{import_json_schema, parse_document, to_json, Dialect, Parser, Source};

    /// Canonical form for comparing schemas by meaning: `required` sorted, numbers as floats,
    /// `additionalProperties: true` dropped (the default), levels defaulted.
    fn normalize(v: &Json) -> Json {
        match v {
            Json::Object(map) => {
                let mut out = Map::new();
                for (k, v) in map {
                    if k == "additionalProperties" && v == &json!(true) {
                        continue;
                    }
                    let v = match (k.as_str(), v) {
                        ("required", Json::Array(items)) => {
                            let mut names: Vec<String> =
                                items.iter().filter_map(|i| i.as_str().map(str::to_string)).collect();
                            names.sort();
                            json!(names)
                        }
                        _ => normalize(v),
                    };
                    out.insert(k.clone(), v);
                }
                Json::Object(out)
            }
            Json::Array(items) => Json::Array(items.iter().map(normalize).collect()),
            Json::Number(n) => n.as_f64().map(|f| json!(f)).unwrap_or(Json::Null),
            other => other.clone(),
        }
    }

    /// The validator options a text describes, as JSON with defaults filled in.
    fn options_of(text: &str) -> Json {
        let text = text.trim();
        let body = match text.strip_prefix("db.createCollection(") {
            Some(rest) => rest.split_once(',').map(|(_, r)| r.trim_end().trim_end_matches(')')).unwrap_or(rest),
            None => text,
        };
        let mut p = Parser::new(Source::new(body.as_bytes()), Dialect::Shell);
        p.skip_ws().unwrap();
        let mut json = to_json(&p.value(0).unwrap());
        if let Json::Array(items) = &json {
            json = items[0]["options"].clone();
        }
        let map = json.as_object_mut().unwrap();
        map.entry("validationLevel").or_insert(json!("strict"));
        map.entry("validationAction").or_insert(json!("error"));
        normalize(&json)
    }

    fn round_trip(file: &str, text: &str) {
        let imported = import_json_schema(text, "x").unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(imported.warnings.is_empty(), "{file}: {:?}", imported.warnings);
        let back = normalize(&entity_to_json_schema_roundtrip_helper(&imported.entity));
        assert_eq!(back, options_of(text), "{file}");
    }

    #[test]
    fn seed_validators_round_trip() {
        round_trip("seed000", include_str!("../../tests/fixtures/samples/seed000_usuarios.validator.js"));
        round_trip("seed004", include_str!("../../tests/fixtures/samples/seed004_pedidos.validator.js"));
        round_trip("actividad", include_str!("../../tests/fixtures/samples/bibliored_actividad.collinfo.txt"));
    }

    #[test]
    fn variants_and_nested_objects_round_trip() {
        let text = r#"{ validator: { $jsonSchema: {
            bsonType: "object", required: ["tipo", "titulo"], additionalProperties: false,
            properties: {
              tipo: { bsonType: "string" }, titulo: { bsonType: "string", minLength: 1 },
              valoracion: { bsonType: "object", required: ["media"], properties: {
                media: { bsonType: "double", minimum: 0, maximum: 5 }, cuenta: { bsonType: "long" } } },
              etiquetas: { bsonType: "array", maxItems: 8, items: { bsonType: "string" } }
            },
            oneOf: [
              { required: ["isbn"], properties: { tipo: { enum: ["libro"] }, isbn: { bsonType: "string", pattern: "^97[89]" } } },
              { properties: { tipo: { enum: ["revista"] }, numero: { bsonType: "int" } } }
            ]
          } }, validationLevel: "moderate", validationAction: "warn" }"#;
        round_trip("variants", text);
        let imported = import_json_schema(text, "catalogo").unwrap();
        let c = &imported.entity.collection;
        assert_eq!(c.discriminator.as_deref(), Some("tipo"));
        assert_eq!(c.variants.iter().map(|v| v.value.as_str()).collect::<Vec<_>>(), ["libro", "revista"]);
        assert!(!c.additional_properties);
        assert!(parse_document(text, Dialect::Shell).is_ok());
    }
}
