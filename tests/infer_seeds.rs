//! The seeds' example documents, rebuilt in mongosh syntax, Extended JSON and NDJSON, import
//! to the seeds' aggregates; every sampled field and type survives into the inferred entity.

use docshape::infer::{infer_text, observations, parse_document, Accumulator, Dialect, Format, Kind, Value};
use docshape::model::{check_structure, BsonType, Entity, Field, Model, Thresholds};
use std::collections::BTreeMap;

fn read(name: &str) -> String {
    let path = format!("{}/tests/fixtures/samples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn infer(name: &str) -> (Entity, &'static str, u64) {
    let mut acc = Accumulator::default();
    let summary = infer_text(&read(name), Format::Auto, &mut acc);
    assert_eq!(summary.malformed, 0, "{name}: {:?}", summary.messages);
    let entity = acc.report().to_entity("e", name.split('.').next().unwrap_or(name));
    (entity, summary.format, summary.documents)
}

/// `path type[/items] req|opt`, one line per field, depth first.
fn shape(fields: &[Field], prefix: &str, out: &mut Vec<String>) {
    for f in fields {
        let path = format!("{prefix}{}", f.name);
        let items = f.items.map(|i| format!("/{}", i.name())).unwrap_or_default();
        let req = if f.required { "req" } else { "opt" };
        out.push(format!("{path} {}{items} {req}", f.bson_type.name()));
        shape(&f.fields, &format!("{path}."), out);
    }
}

fn shape_of(e: &Entity) -> Vec<String> {
    let mut out = Vec::new();
    shape(&e.fields, "", &mut out);
    out
}

#[test]
fn seed000_user_with_direccion() {
    let expected = [
        "_id objectId req",
        "nombre string req",
        "direccion object req",
        "direccion.calle string req",
        "direccion.ciudad string req",
        "direccion.cp string req",
    ];
    for (file, format) in [("seed000_usuarios.shell.txt", "shell"), ("seed000_usuarios.ejson", "ejson")] {
        let (e, detected, n) = infer(file);
        assert_eq!((detected, n), (format, 3), "{file}");
        assert_eq!(shape_of(&e), expected, "{file}");
    }
}

#[test]
fn seed004_pedido() {
    let expected = [
        "_id objectId req",
        "cliente object req",
        "cliente._id objectId req",
        "cliente.nome string req",
        "itens array/object req",
        "itens.sku string req",
        "itens.qtd int req",
        "itens.preco decimal req",
        "total decimal req",
        "status string req",
        "criado_em date req",
        "_schema int req",
    ];
    for (file, format) in [("seed004_pedidos.shell.txt", "shell"), ("seed004_pedidos.ndjson", "ndjson")] {
        let (e, detected, n) = infer(file);
        assert_eq!((detected, n), (format, 2), "{file}");
        assert_eq!(shape_of(&e), expected, "{file}");
        let itens = e.field("itens").unwrap();
        assert_eq!((itens.size.max_items, itens.size.avg_items), (Some(2), Some(2)), "{file}: 1 and 2 items");
        assert!(itens.notes.contains("median 1, p99 2, max 2"), "{}", itens.notes);
    }
}

#[test]
fn seed004_sensor_day_bucket() {
    let (e, detected, _) = infer("seed004_sensores.shell.txt");
    assert_eq!(detected, "shell");
    assert_eq!(
        shape_of(&e),
        [
            "_id objectId req",
            "sensor_id string req",
            "dia date req",
            "leituras array/object req",
            "leituras.t date req",
            "leituras.v double req",
            "min double req",
            "max double req",
            "media double req",
        ]
    );
}

#[test]
fn seed000_hourly_bucket_with_compound_id() {
    let (e, detected, _) = infer("seed000_lecturas.ejson");
    assert_eq!(detected, "ejson");
    assert_eq!(
        shape_of(&e),
        [
            "_id object req",
            "_id.dispositivoId string req",
            "_id.hora date req",
            "dispositivoId string req",
            "hora date req",
            "conteo int req",
            "lecturas array/object req",
            "lecturas.ts date req",
            "lecturas.temp double req",
        ]
    );
}

/// Every key path of the documents with the kinds it held (array elements under the array).
fn collect(fields: &[(String, Value)], prefix: &str, out: &mut BTreeMap<String, Vec<Kind>>) {
    for (k, v) in fields {
        let path = format!("{prefix}{k}");
        let kinds = out.entry(path.clone()).or_default();
        if !kinds.contains(&v.kind()) {
            kinds.push(v.kind());
        }
        match v {
            Value::Document(sub) => collect(sub, &format!("{path}."), out),
            Value::Array(items) => {
                for item in items {
                    if let Value::Document(sub) = item {
                        collect(sub, &format!("{path}."), out);
                    }
                }
            }
            _ => {}
        }
    }
}

#[test]
fn inferred_entity_keeps_every_sampled_field_and_type() {
    let samples = [
        ("seed000_usuarios.shell.txt", Dialect::Shell),
        ("seed004_pedidos.shell.txt", Dialect::Shell),
        ("seed004_sensores.shell.txt", Dialect::Shell),
        ("seed000_lecturas.ejson", Dialect::Json),
    ];
    for (file, _) in samples {
        let text = read(file);
        let mut docs = Vec::new();
        for item in docshape::infer::open(text.as_bytes(), Format::Auto).unwrap() {
            docs.push(item.unwrap());
        }
        let mut keys = BTreeMap::new();
        for d in &docs {
            collect(d, "", &mut keys);
        }
        let (entity, _, n) = infer(file);
        assert_eq!(n as usize, docs.len());
        for (path, kinds) in &keys {
            let field = entity.field(path).unwrap_or_else(|| panic!("{file}: {path} lost"));
            assert_eq!(kinds.len(), 1, "{file}: {path} has one type in these samples");
            assert_eq!(Some(field.bson_type), kinds[0].model_type(), "{file}: {path}");
        }
        assert_eq!(shape_of(&entity).len(), keys.len(), "{file}: no invented fields");
        let mut model = Model::new("inferred");
        model.entities.push(entity);
        assert!(check_structure(&model).is_empty(), "{file}: {:?}", check_structure(&model));
    }
}

#[test]
fn seeds_give_no_spurious_observations() {
    for file in ["seed000_usuarios.shell.txt", "seed004_pedidos.ndjson", "seed004_sensores.shell.txt"] {
        let mut acc = Accumulator::default();
        infer_text(&read(file), Format::Auto, &mut acc);
        let obs = observations(&acc.report(), &Thresholds::default());
        assert!(obs.is_empty(), "{file}: {obs:?}");
    }
}

#[test]
fn shell_and_ejson_parse_to_the_same_values() {
    let shell = parse_document(
        "{ _id: ObjectId('65a1f0c2e4b0a1b2c3d4e5f1'), n: NumberLong(5), d: ISODate('2024-01-01T10:00Z'), x: Decimal128('1.5') }",
        Dialect::Shell,
    )
    .unwrap();
    let ejson = parse_document(
        r#"{"_id": {"$oid": "65a1f0c2e4b0a1b2c3d4e5f1"}, "n": {"$numberLong": "5"}, "d": {"$date": "2024-01-01T10:00:00Z"}, "x": {"$numberDecimal": "1.5"}}"#,
        Dialect::Json,
    )
    .unwrap();
    assert_eq!(shell, ejson);
    assert_eq!(shell[2].1, Value::Date(Some(1_704_103_200_000)));
    assert_eq!(shell[1].1.kind().model_type(), Some(BsonType::Long));
}
