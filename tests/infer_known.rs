//! Inference over fixtures whose figures are known by construction
//! (`tests/fixtures/samples/known.md`).

use docshape::infer::{infer_from, observations, Accumulator, Format, InferOptions, Inference, Kind};
use docshape::model::{check_structure, BsonType, Model, Thresholds};
use std::fs::File;

fn sample(name: &str) -> String {
    format!("{}/tests/fixtures/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn infer_file(name: &str, format: Format) -> (Inference, docshape::infer::ReadSummary) {
    let mut acc = Accumulator::default();
    let file = File::open(sample(name)).expect("fixture");
    let summary = infer_from(file, format, &mut acc, |_, _| {}).expect("read");
    (acc.report(), summary)
}

fn types(inf: &Inference, path: &str) -> Vec<(Kind, u64)> {
    inf.field(path).unwrap_or_else(|| panic!("no field {path}")).types.iter().map(|t| (t.kind, t.count)).collect()
}

#[test]
fn known_sample_types_and_presence() {
    let (inf, summary) = infer_file("known.ndjson", Format::Auto);
    assert_eq!(summary.format, "ndjson");
    assert_eq!((summary.documents, summary.malformed), (200, 0));
    assert_eq!(inf.documents, 200);
    let email = inf.field("email").unwrap();
    assert_eq!((email.present, email.out_of), (150, 200));
    assert!((email.presence() - 0.75).abs() < 1e-9);
    assert_eq!(types(&inf, "phone"), vec![(Kind::String, 100), (Kind::Long, 60), (Kind::Object, 40)]);
    assert_eq!(types(&inf, "score"), vec![(Kind::Double, 100), (Kind::Int, 100)]);
    assert_eq!(types(&inf, "created"), vec![(Kind::Date, 200)]);
    let zip = inf.field("address.zip").unwrap();
    assert_eq!((zip.present, zip.out_of), (100, 200));
    let number = inf.field("phone.number").unwrap();
    assert_eq!((number.present, number.out_of), (40, 40));
}

#[test]
fn known_sample_array_percentiles() {
    let (inf, _) = infer_file("known.ndjson", Format::Ndjson);
    let tags = inf.field("tags").unwrap().array.as_ref().unwrap();
    assert_eq!((tags.lengths.count, tags.lengths.median, tags.lengths.p99, tags.lengths.max), (200, 4, 9, 2000));
    assert_eq!((tags.over_few, tags.over_warn, tags.over_atlas), (1, 1, 0));
    let items: u64 = (0..199u64).map(|i| i % 10).sum::<u64>() + 2000;
    assert_eq!(tags.elements[0].kind, Kind::String);
    assert_eq!(tags.elements[0].count, items);
}

#[test]
fn known_sample_observations() {
    let (inf, _) = infer_file("known.ndjson", Format::Auto);
    let obs = observations(&inf, &Thresholds::default());
    let find = |code: &str, path: &str| obs.iter().find(|o| o.code == code && o.path.as_deref() == Some(path));
    let outlier = find("array-outlier", "tags").expect("outlier");
    assert!(outlier.message.contains("≤ 9 items") && outlier.message.contains("2,000"), "{}", outlier.message);
    assert!(find("array-over-warn", "tags").is_some());
    let mixed = find("mixed-types", "phone").expect("mixed phone types");
    assert!(mixed.message.contains("3 types"), "{}", mixed.message);
    let formats = find("string-formats", "phone").expect("phone formats");
    assert!(formats.message.contains("3 formats"), "{}", formats.message);
    assert!(formats.message.contains("\"+9 9 9-9\""), "{}", formats.message);
    assert!(find("string-formats", "name").is_none(), "free text is not a format finding");
    assert!(find("mixed-types", "score").is_some());
    assert!(!obs.iter().any(|o| o.code.starts_with("doc-over")));
}

#[test]
fn known_sample_entity_fields() {
    let (inf, _) = infer_file("known.ndjson", Format::Auto);
    let e = inf.to_entity("known", "known");
    let f = |p: &str| e.field(p).unwrap_or_else(|| panic!("no {p}"));
    assert_eq!((f("_id").bson_type, f("_id").required), (BsonType::Int, true));
    assert_eq!((f("email").bson_type, f("email").required), (BsonType::String, false));
    assert!(f("email").notes.starts_with("seen in 150 of 200 documents (75%)"), "{}", f("email").notes);
    // The share the notes state is the field's presence, which the advisor reads.
    assert_eq!((f("email").presence, f("_id").presence), (Some(0.75), None));
    assert_eq!(f("score").bson_type, BsonType::Double, "int and double widen to double");
    assert_eq!(f("phone").bson_type, BsonType::String);
    assert!(f("phone").notes.contains("also seen as a sub-document"), "{}", f("phone").notes);
    let tags = f("tags");
    assert_eq!((tags.bson_type, tags.items), (BsonType::Array, Some(BsonType::String)));
    assert_eq!((tags.size.max_items, tags.size.avg_items), (Some(2000), Some(14)));
    assert!(tags.size.avg_bytes.is_some());
    assert!(!f("address.zip").required);
    assert!(f("address.city").required);
    assert!(f("address.zip").notes.contains("of 200 `address` sub-documents"), "{}", f("address.zip").notes);
    let zip = f("address.zip").presence.expect("measured within the address sub-documents");
    assert!(zip > 0.0 && zip < 1.0, "{zip}");
    assert_eq!(f("address.city").presence, None, "required: in every address");
    let mut model = Model::new("inferred");
    model.entities.push(e);
    assert!(check_structure(&model).is_empty(), "{:?}", check_structure(&model));
}

#[test]
fn malformed_lines_are_reported_with_their_numbers() {
    let (inf, summary) = infer_file("malformed.ndjson", Format::Auto);
    assert_eq!(summary.format, "ndjson");
    assert_eq!(summary.documents, 5);
    assert_eq!(summary.malformed, 5);
    let lines: Vec<u64> = summary.messages.iter().map(|m| m.line).collect();
    assert_eq!(lines, vec![4, 6, 7, 9, 10]);
    assert_eq!(summary.messages[0].column, 9, "{:?}", summary.messages[0]);
    let b = inf.field("b").unwrap();
    assert_eq!((b.present, b.out_of), (4, 5));
}

#[test]
fn only_the_first_messages_are_kept() {
    let text: String =
        (0..100).map(|i| if i % 2 == 0 { "{\"a\": 1}\n".to_string() } else { format!("bad {i}\n") }).collect();
    let mut acc = Accumulator::default();
    let summary = docshape::infer::infer_text(&text, Format::Ndjson, &mut acc);
    assert_eq!((summary.documents, summary.malformed), (50, 50));
    assert_eq!(summary.messages.len(), docshape::infer::MAX_MESSAGES);
    assert_eq!(summary.messages[19].line, 40);
}

#[test]
fn field_paths_are_capped() {
    // keys that are data: every document adds new paths
    let text: String = (0..300).map(|i| format!("{{\"k{i}\": 1, \"common\": true}}\n")).collect();
    let mut acc = Accumulator::new(InferOptions { max_paths: 50, ..InferOptions::default() });
    docshape::infer::infer_text(&text, Format::Ndjson, &mut acc);
    let inf = acc.report();
    assert_eq!(inf.fields.len(), 50);
    assert!(inf.field("common").is_some());
    assert_eq!(inf.untracked_fields, 300 - 49);
    let obs = observations(&inf, &Thresholds::default());
    assert!(obs.iter().any(|o| o.code == "untracked-fields"));
}

#[test]
fn large_documents_are_counted_against_thresholds() {
    let big = "x".repeat(1_100_000);
    let text = format!("{{\"a\": \"{big}\"}}\n{{\"a\": \"small\"}}\n");
    let mut acc = Accumulator::default();
    docshape::infer::infer_text(&text, Format::Ndjson, &mut acc);
    let inf = acc.report();
    assert_eq!(inf.size_counts.over_target, 1);
    assert_eq!(inf.size_counts.over_atlas, 0);
    assert_eq!(inf.document_size.max, 4 + 1 + 1 + 1 + 4 + 1_100_000 + 1 + 1);
    let obs = observations(&inf, &Thresholds::default());
    let o = obs.iter().find(|o| o.code == "doc-over-target").expect("over 1 MB");
    assert_eq!(o.count, 1);
}

/// `count` documents, document `i` carrying the characteristics `pick(i)` chooses.
fn ndjson(count: usize, fields: &[&str], pick: impl Fn(usize, usize) -> bool) -> String {
    let mut out = String::new();
    for i in 0..count {
        let mut doc = format!("{{\"_id\": {i}, \"name\": \"item {i}\"");
        for (j, f) in fields.iter().enumerate() {
            if pick(i, j) {
                doc.push_str(&format!(", \"{f}\": \"v{}\"", i % 7));
            }
        }
        out.push_str(&doc);
        out.push_str("}\n");
    }
    out
}

/// The inferred collection with searches on three of `fields`.
fn inferred_with_searches(text: &str, fields: &[&str]) -> Model {
    let mut acc = Accumulator::default();
    docshape::infer::infer_text(text, Format::Ndjson, &mut acc);
    let mut model = Model::new("inferred");
    model.entities.push(acc.report().to_entity("items", "items"));
    for (i, f) in fields.iter().take(3).enumerate() {
        let mut q = docshape::model::AccessPattern::new(&format!("S{i}"), "search", "items");
        q.filters = vec![docshape::model::Filter::new(f, docshape::model::FilterOp::Equality)];
        model.queries.push(q);
    }
    model
}

#[test]
fn measured_presence_is_the_evidence_for_the_attribute_pattern() {
    use docshape::advisor::{analyze, PatternKind};
    let traits = ["color", "voltage", "author", "pages", "wattage", "screen", "ram", "isbn"];
    let attribute =
        |m: &Model| analyze(m).patterns.into_iter().filter(|p| p.pattern == PatternKind::Attribute).collect::<Vec<_>>();
    // A catalogue: each document carries two of the eight characteristics (25% each).
    let sparse = inferred_with_searches(&ndjson(400, &traits, |i, j| j == i % 8 || j == (i + 1) % 8), &traits);
    let color = sparse.entities[0].field("color").and_then(|f| f.presence);
    assert_eq!(color, Some(0.25), "measured and written to the model");
    let found = attribute(&sparse);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].change.en().contains("8 characteristics, each in at most 25% of its documents"),
        "{}",
        found[0].change
    );
    // The model file keeps the figures: loaded back, the advice is the same.
    let back = docshape::model::load(&sparse.to_json()).expect("the inferred model loads back");
    assert_eq!(attribute(&back).len(), 1);
    // Orders whose optional fields are in nine documents of ten: ordinary fields, no pattern.
    let dense = inferred_with_searches(&ndjson(400, &traits, |i, j| (i + j) % 10 != 0), &traits);
    assert_eq!(dense.entities[0].field("color").and_then(|f| f.presence), Some(0.9));
    assert!(attribute(&dense).is_empty());
}
