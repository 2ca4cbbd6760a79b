//! Importing `$jsonSchema` validators into collection entities.

use docshape::infer::import_json_schema;
use docshape::model::{check_structure, BsonType, Model, ValidationAction, ValidationLevel};

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/samples/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn seed000_create_collection_call() {
    let imported = import_json_schema(&read("seed000_usuarios.validator.js"), "ignored").unwrap();
    let e = &imported.entity;
    assert_eq!(e.name, "usuarios", "the name comes from createCollection");
    let nombre = e.field("nombre").unwrap();
    assert!(nombre.required);
    assert_eq!((nombre.constraints.min_length, nombre.constraints.max_length), (Some(2), Some(100)));
    let email = e.field("email").unwrap();
    assert!(email.required);
    assert_eq!(email.constraints.pattern.as_deref(), Some("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$"));
    let edad = e.field("edad").unwrap();
    assert_eq!((edad.bson_type, edad.required), (BsonType::Int, false));
    assert_eq!((edad.constraints.minimum, edad.constraints.maximum), (Some(0.0), Some(150.0)));
    assert!(e.collection.validate);
    assert_eq!(e.collection.validation_action, ValidationAction::Error);
    assert!(e.collection.additional_properties, "no additionalProperties: extra fields allowed");
}

#[test]
fn seed004_pedidos_with_untyped_required_fields() {
    let imported = import_json_schema(&read("seed004_pedidos.validator.js"), "x").unwrap();
    let e = &imported.entity;
    let names: Vec<&str> = e.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["status", "total", "itens", "cliente", "criado_em"]);
    assert!(e.fields.iter().all(|f| f.required));
    let status = e.field("status").unwrap();
    assert_eq!(status.bson_type, BsonType::String, "taken from the enum values");
    assert_eq!(status.constraints.r#enum.len(), 4);
    assert_eq!(e.field("total").unwrap().bson_type, BsonType::Decimal);
    let itens = e.field("itens").unwrap();
    assert_eq!((itens.constraints.min_items, itens.constraints.max_items), (Some(1), Some(200)));
    assert!(e.field("cliente").unwrap().notes.contains("no bsonType"));
}

#[test]
fn get_collection_infos_output() {
    let imported = import_json_schema(&read("bibliored_actividad.collinfo.txt"), "x").unwrap();
    assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
    let e = &imported.entity;
    assert_eq!(e.name, "actividad");
    assert_eq!(e.collection.validation_level, ValidationLevel::Moderate);
    assert_eq!(e.collection.validation_action, ValidationAction::Warn);
    let eventos = e.field("eventos").unwrap();
    assert_eq!((eventos.bson_type, eventos.items), (BsonType::Array, Some(BsonType::Object)));
    assert_eq!(eventos.constraints.max_items, Some(500));
    assert!(e.field("eventos.t").unwrap().required);
    assert_eq!(e.field("eventos.tipo").unwrap().constraints.r#enum.len(), 5);
    assert!(!e.field("eventos.material_id").unwrap().required);
    assert_eq!(e.field("socio_id").unwrap().notes, "positive member id");
    let mut model = Model::new("m");
    model.entities.push(imported.entity);
    assert!(check_structure(&model).is_empty());
}

#[test]
fn what_the_model_cannot_keep_is_warned() {
    let text = r#"{
      "bsonType": "object",
      "properties": {
        "apodo": { "bsonType": ["string", "null"] },
        "tags": { "bsonType": "array", "uniqueItems": true, "items": { "bsonType": "string", "maxLength": 20 } },
        "x": { "bsonType": "int", "exclusiveMinimum": 0 }
      },
      "patternProperties": { "^f_": { "bsonType": "string" } }
    }"#;
    let imported = import_json_schema(text, "perfiles").unwrap();
    assert_eq!(imported.entity.name, "perfiles");
    assert_eq!(imported.entity.field("apodo").unwrap().bson_type, BsonType::String);
    let w = imported.warnings.join("\n");
    for expected in [
        "apodo: bsonType [string, null]",
        "tags: uniqueItems",
        "tags.items: maxLength",
        "x: exclusiveMinimum",
        "root: patternProperties",
    ] {
        assert!(w.contains(expected), "missing {expected:?} in\n{w}");
    }
}

#[test]
fn non_schema_input_is_an_error() {
    assert!(import_json_schema("{ validator: { status: { $in: ['a'] } } }", "x").unwrap_err().contains("$jsonSchema"));
    assert!(import_json_schema("[1, 2]", "x").is_err());
    assert!(import_json_schema("{ oops", "x").is_err());
}

/// The exporter's validators survive import and export: for every collection with a validator
/// in every template, `$jsonSchema` → imported entity → `$jsonSchema` gives the same document.
#[test]
fn exported_validators_round_trip_through_the_importer() {
    use docshape::export::{ejson, schema, Bson, Builder, Flavor};
    let mut checked = 0;
    for t in docshape::templates::TEMPLATES {
        let model = docshape::model::load(t.json()).unwrap();
        let builder = Builder::new(&model);
        for v in schema::validators(&builder) {
            let text = ejson::to_string(&Bson::Document(v.options()), Flavor::Relaxed);
            let imported =
                import_json_schema(&text, &v.collection).unwrap_or_else(|e| panic!("{}/{}: {e}", t.id, v.collection));
            let mut again = Model::new("round trip");
            let mut entity = imported.entity;
            entity.id = "x".into();
            again.entities.push(entity);
            assert!(check_structure(&again).is_empty(), "{}/{}", t.id, v.collection);
            let back = schema::validator(&Builder::new(&again), "x").unwrap();
            assert_eq!(
                ejson::to_string(&Bson::Document(back.options()), Flavor::Relaxed),
                text,
                "{}/{} changed in the round trip",
                t.id,
                v.collection
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} validators checked");
}
