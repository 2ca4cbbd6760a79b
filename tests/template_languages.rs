//! The gallery's designs in each interface language (`public/i18n/templates/<lang>/<id>.json`,
//! written by `scripts/translate_templates.py`) are the same designs as the originals: the same
//! ids, relations and access patterns, no structural problem, and the advisor finds the same
//! things (its codes, each as often, at the same places); only the words differ, and they
//! differ from one language to the next.

use docshape::advisor::analyze;
use docshape::i18n::Lang;
use docshape::model::{check_structure, load, Model, Place};
use docshape::templates::{template, TRANSLATED};
use std::path::Path;

fn read(path: &str) -> Model {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("public").join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    load(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What the advisor finds, by code and place (ids, which a translation keeps), sorted.
fn findings(m: &Model) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = analyze(m)
        .findings
        .iter()
        .map(|f| {
            let place = match &f.place {
                Place::Field { entity, .. } => format!("field of {}", entity.as_str()),
                other => format!("{other:?}"),
            };
            (f.code.to_string(), place)
        })
        .collect();
    out.sort();
    out
}

fn shape(m: &Model) -> (Vec<String>, Vec<String>, Vec<String>, Vec<usize>) {
    (
        m.entities.iter().map(|e| e.id.clone()).collect(),
        m.relations.iter().map(|r| format!("{} {}→{} {:?}", r.id, r.parent, r.child, r.storage)).collect(),
        m.queries.iter().map(|q| format!("{} {} {:?}", q.id, q.entity, q.kind)).collect(),
        m.entities.iter().map(|e| e.fields.len()).collect(),
    )
}

#[test]
fn every_translated_design_is_the_original_in_other_words() {
    assert!(!TRANSLATED.is_empty());
    for id in TRANSLATED {
        let t = template(id).expect("a gallery design");
        let original = load(t.json()).expect("the original loads");
        let mut names = Vec::new();
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            let path = t.path(lang);
            assert_eq!(path, format!("i18n/templates/{}/{id}.json", lang.code()));
            let m = read(&path);
            assert_eq!(shape(&m), shape(&original), "{path}: another design");
            assert!(check_structure(&m).is_empty(), "{path}: {:?}", check_structure(&m));
            assert_eq!(findings(&m), findings(&original), "{path}: the advisor finds other things");
            let words: Vec<String> = m
                .entities
                .iter()
                .map(|e| e.name.clone())
                .chain(m.queries.iter().map(|q| q.name.clone()))
                .chain([m.name.clone(), m.notes.clone()])
                .collect();
            names.push(words);
        }
        assert_ne!(names[0], names[1], "{id}: English and Spanish read the same");
        assert_ne!(names[0], names[2], "{id}: English and Portuguese read the same");
        assert_ne!(names[1], names[2], "{id}: Spanish and Portuguese read the same");
    }
}

#[test]
fn the_english_orders_design_reads_in_english() {
    let m = read("i18n/templates/en/orders.json");
    let names: Vec<&str> = m.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["orders", "items", "customers"]);
    assert_eq!(m.name, "Orders (one aggregate, one read)");
    let order = &m.entities[0];
    let fields: Vec<&str> = order.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(fields, ["_id", "customer", "items", "total", "status", "created_at", "_schema"]);
    assert_eq!(m.relations[1].reference.child_field.as_deref(), Some("customer._id"));
    let patterns: Vec<&str> = m.queries.iter().map(|q| q.name.as_str()).collect();
    assert_eq!(patterns, ["Order page", "A customer's orders", "Orders by status", "Create an order", "Pay an order"]);
    let es = read("i18n/templates/es/orders.json");
    assert_eq!(es.entities[0].fields[2].fields[1].name, "cant");
    assert!(es.notes.starts_with("El pedido de"), "{}", es.notes);
}

#[test]
fn every_card_of_the_gallery_opens_in_each_language() {
    for t in docshape::templates::TEMPLATES {
        assert!(TRANSLATED.contains(&t.id), "{}: the gallery opens it as its course wrote it, in one language", t.id);
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            read(&t.path(lang));
        }
    }
}
