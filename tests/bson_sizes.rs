//! `bson_size_of_value` against sizes computed by pymongo (`len(bson.encode(doc))`), stored in
//! `tests/fixtures/bson_sizes.jsonl` (the first line is a note).
use docshape::advisor::bson_size_of_value;

#[test]
fn sizes_match_pymongo() {
    let text = include_str!("fixtures/bson_sizes.jsonl");
    let mut checked = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).expect("fixture line is JSON");
        let expected = case["size"].as_u64().expect("size");
        assert_eq!(bson_size_of_value(&case["doc"]), expected, "{}", case["doc"]);
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} cases");
}
