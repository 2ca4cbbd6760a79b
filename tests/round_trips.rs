//! Whatever docshape writes, docshape reads back: each writer against the reader a person would
//! hand its output to, on every template of the gallery. Where a writer's round trip is tested
//! elsewhere, the list below says where, so a writer without one stands out.
//!
//! | writer                                        | read back by                      | test |
//! |-----------------------------------------------|-----------------------------------|------|
//! | model file (app's Save, `infer --out`, My designs, `share --decode`) | `load`     | here: `model_files_load_back_identically` |
//! | model file with its versions (Versions → "Download with versions") | `load`, `in_file::versions_in`, `load_reporting` | here: `model_files_with_versions_load_back` |
//! | share link (CLI, app's Share, report's link)  | `decode_link`                     | `share_link.rs`, `cli_safety.rs::every_writer_is_read_back`, `offload::tests` |
//! | share link's payload (compact JSON)           | `load`                            | here: `model_files_load_back_identically` |
//! | example documents, Extended JSON (relaxed, canonical) | the importer (`infer`), one collection's array at a time | here: `example_documents_are_read_back_by_the_importer`; the whole export file (one array per collection) is read as one document, and `infer` says so: `cli_safety.rs` |
//! | `generate` (NDJSON, relaxed and canonical)    | the importer (`infer`)            | here: `synthetic_documents_are_read_back_by_the_importer`; CLI: `cli_safety.rs` |
//! | `$jsonSchema` validators                      | the `$jsonSchema` importer        | `infer_schema.rs::exported_validators_round_trip_through_the_importer` |
//! | `infer`'s model                               | `load` and `check`                | `cli_safety.rs::infer_writes_models_that_check_reads_whatever_the_nesting` |
//! | mongosh script, snippets, shell examples      | `node --check` + a recording `db` | `hostile_names.rs` |
//! | decision sheets, review report (Markdown)     | a CommonMark parser               | `hostile_names.rs`, `report.rs` |
//! | diagram SVG (app, `report --svg`)             | an XML parser                     | here: `every_diagram_is_well_formed_xml`; `share_svg.rs` |
//! | `check --format json`                         | its JSON Schema                   | `tests/python` (pytest), `report_json.rs` |
//! | box clipboard (copy/paste)                    | paste                             | `editor::clipboard` tests |
//! | My designs' index                             | `Index::parse`                    | `designs` tests |
//! | worker messages                               | the other side                    | `offload::tests` |
//! | `diff --format json`                          | its JSON Schema                   | `tests/python/test_diff_schema.py` |
//! | `diff --format md` (comment, Mermaid block)   | a CommonMark parser; mermaid's parser | `diff.rs`, `hostile_names.rs`; `test_diff_schema.py` |
//! | `diff --format mongosh` (migration section)   | `node --check` + a recording `db` | `diff.rs`, `hostile_names.rs` |
//! | `versions --format json` (a file's kept versions) | `serde_json`, names as kept   | `diff_versions.rs::versions_lists_number_date_and_name_as_text_and_json` |
//! | a diff's list of changes                      | `diff::apply` (gives the new design) | `diff::tests` |

use docshape::designs::in_file::{file_with_versions, versions_in, FileVersion};
use docshape::export::examples::examples_with;
use docshape::export::{ejson, synthetic, Builder, Flavor};
use docshape::infer::{infer_text, Accumulator, Format};
use docshape::model::{load, load_reporting, BsonType, Entity, Model, Thresholds};
use docshape::share::{compact_json, diagram_svg, SvgOptions};
use docshape::templates::TEMPLATES;

fn templates() -> Vec<(&'static str, Model)> {
    let all: Vec<_> =
        TEMPLATES.iter().map(|t| (t.id, load(t.json()).unwrap_or_else(|e| panic!("{}: {e}", t.id)))).collect();
    assert!(all.len() >= 10, "the gallery has its templates");
    all
}

/// Reads `text` as `format` and makes the collection it describes, as `docshape infer` does.
fn infer(text: &str, format: Format, what: &str) -> (Entity, u64) {
    let mut acc = Accumulator::default();
    let summary = infer_text(text, format, &mut acc);
    assert_eq!(summary.malformed, 0, "{what}: {:?}", summary.messages);
    assert!(summary.io_error.is_none(), "{what}");
    let entity = acc.report().to_measured_entity("x", "x", &Thresholds::default(), what);
    (entity, summary.documents)
}

/// The type a collection's shape gives top-level field `name` (in any variant), if it has one.
fn declared(builder: &Builder, entity: &str, name: &str) -> Option<BsonType> {
    let shape = builder.shape(entity)?;
    let variants = shape.variants.iter().flat_map(|v| v.fields.iter());
    shape.fields.iter().chain(variants).find(|n| n.name == name).map(|n| n.ty)
}

/// Every field the importer found is one the design declares, with the declared type when the
/// documents carry types exactly (canonical Extended JSON: an int64 stays an int64).
fn same_fields(builder: &Builder, entity: &str, inferred: &Entity, exact_types: bool, what: &str) {
    assert!(!inferred.fields.is_empty(), "{what}: no field read back");
    for field in &inferred.fields {
        let Some(ty) = declared(builder, entity, &field.name) else {
            panic!("{what}: the importer found {:?}, which the design does not declare", field.name)
        };
        if exact_types {
            assert_eq!(field.bson_type, ty, "{what}: field {:?}", field.name);
        }
    }
}

#[test]
fn model_files_load_back_identically() {
    for (id, model) in templates() {
        assert_eq!(load(&model.to_json()).unwrap(), model, "{id}: the saved file");
        assert_eq!(load(&compact_json(&model)).unwrap(), model, "{id}: the share link's payload");
        // Saving what was loaded gives the same text: nothing drifts over save / open cycles.
        assert_eq!(load(&model.to_json()).unwrap().to_json(), model.to_json(), "{id}");
    }
}

#[test]
fn model_files_with_versions_load_back() {
    let all = templates();
    for (i, (id, model)) in all.iter().enumerate() {
        // The other templates as this one's versions, one with a hostile name.
        let versions: Vec<FileVersion> = all
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .take(3)
            .map(|(j, (other, m))| FileVersion {
                name: format!("{other} \u{202e}\"</script>"),
                at: 1_700_000_000_000 + j as u64,
                model: m.clone(),
            })
            .collect();
        let text = file_with_versions(model, &versions);
        assert_eq!(&load(&text).unwrap(), model, "{id}: the model is the same with its versions");
        assert_eq!(versions_in(&text).unwrap(), versions, "{id}: the versions read back");
        let (_, unknown) = load_reporting(&text).unwrap();
        assert!(unknown.is_empty(), "{id}: `versions` is a known member: {unknown:?}");
    }
}

#[test]
fn example_documents_are_read_back_by_the_importer() {
    let mut collections = 0;
    for (id, model) in templates() {
        let builder = Builder::new(&model);
        for c in examples_with(&builder) {
            for flavor in [Flavor::Relaxed, Flavor::Canonical] {
                // One collection's examples as the importer takes them: an array of documents.
                let mut text = String::from("[\n");
                for (i, e) in c.examples.iter().enumerate() {
                    if i > 0 {
                        text.push_str(",\n");
                    }
                    ejson::write_doc_pretty_at(&mut text, &e.doc, flavor, 1);
                }
                text.push_str("\n]\n");
                let what = format!("{id}/{} ({flavor:?})", c.collection);
                let (entity, documents) = infer(&text, Format::Ejson, &what);
                assert_eq!(documents, c.examples.len() as u64, "{what}");
                same_fields(&builder, &c.entity, &entity, flavor == Flavor::Canonical, &what);
            }
            collections += 1;
        }
    }
    println!("{collections} collections' examples read back");
    assert!(collections >= 20);
}

#[test]
fn synthetic_documents_are_read_back_by_the_importer() {
    const N: u64 = 40;
    let mut collections = 0;
    for (id, model) in templates() {
        let builder = Builder::new(&model);
        for entity in builder.lookup.collections() {
            for flavor in [Flavor::Relaxed, Flavor::Canonical] {
                let mut bytes = Vec::new();
                synthetic::write_ndjson(&builder, &entity.id, 7, N, flavor, &mut bytes, &mut |_, _, _| {})
                    .expect("written to memory");
                let text = String::from_utf8(bytes).expect("NDJSON is UTF-8");
                let what = format!("{id}/{} ({flavor:?})", entity.name);
                let (inferred, documents) = infer(&text, Format::Ndjson, &what);
                assert_eq!(documents, N, "{what}");
                same_fields(&builder, &entity.id, &inferred, flavor == Flavor::Canonical, &what);
            }
            collections += 1;
        }
    }
    println!("{collections} collections' synthetic documents read back");
}

#[test]
fn every_diagram_is_well_formed_xml() {
    for (id, model) in templates() {
        let report = docshape::advisor::analyze(&model);
        let svg = diagram_svg(&model, Some(&report), &SvgOptions::default());
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{id}");
        // Every collection's name is drawn, as text.
        let texts: String = doc.descendants().filter_map(|n| n.text()).collect();
        for e in model.entities.iter().filter(|e| !e.name.is_empty()) {
            assert!(texts.contains(&e.name), "{id}: {} is not drawn", e.name);
        }
    }
}
