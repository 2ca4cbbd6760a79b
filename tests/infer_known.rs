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
