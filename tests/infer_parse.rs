//! The parsers: shell constructors and Extended JSON wrappers keep BSON types, errors carry
//! line and column, recovery goes on after a bad document, and bad input never panics.

use docshape::infer::{detect, open, parse_document, Dialect, Format, Kind, Value};

fn kinds(text: &str, dialect: Dialect) -> Vec<(String, Kind)> {
    parse_document(text, dialect).unwrap_or_else(|e| panic!("{e}")).into_iter().map(|(k, v)| (k, v.kind())).collect()
}

fn k(pairs: &[(&str, Kind)]) -> Vec<(String, Kind)> {
    pairs.iter().map(|(n, k)| (n.to_string(), *k)).collect()
}

#[test]
fn shell_constructors_keep_bson_types() {
    let text = r#"{
      a: ObjectId('65a1f0c2e4b0a1b2c3d4e5f1'), b: ISODate("2024-01-01T10:00Z"), c: new Date("2024-01-01"),
      d: NumberDecimal("1.10"), e: Decimal128('2.5'), f: NumberLong(7), g: NumberLong("9007199254740993"),
      h: NumberInt(3), i: Timestamp(1700000000, 1), j: Timestamp({ t: 1700000000, i: 2 }),
      k: BinData(0, "aGVsbG8="), l: UUID("0f9c3a1e-6f0c-4b7e-9a55-1c2d3e4f5a6b"), m: Long('5'), n: Int32(4),
      o: Binary.createFromBase64('AAAA', 0), p: /ab+c/i, q: MinKey(), r: MaxKey, s: 'single', t: "double",
      u: 12, v: 1.5, w: 3000000000, x: -7, y: true, z: null, aa: undefined, ab: -Infinity, ac: Double(2),
    }"#;
    let got = kinds(text, Dialect::Shell);
    use Kind::*;
    let want = k(&[
        ("a", ObjectId),
        ("b", Date),
        ("c", Date),
        ("d", Decimal),
        ("e", Decimal),
        ("f", Long),
        ("g", Long),
        ("h", Int),
        ("i", Timestamp),
        ("j", Timestamp),
        ("k", BinData),
        ("l", BinData),
        ("m", Long),
        ("n", Int),
        ("o", BinData),
        ("p", Regex),
        ("q", MinKey),
        ("r", MaxKey),
        ("s", String),
        ("t", String),
        ("u", Int),
        ("v", Double),
        ("w", Long),
        ("x", Int),
        ("y", Bool),
        ("z", Null),
        ("aa", Undefined),
        ("ab", Double),
        ("ac", Double),
    ]);
    assert_eq!(got, want);
    let doc = parse_document(text, Dialect::Shell).unwrap();
    let get = |key: &str| doc.iter().find(|(n, _)| n == key).map(|(_, v)| v.clone()).unwrap();
    assert_eq!(get("g"), Value::Int64(9_007_199_254_740_993), "NumberLong keeps precision beyond 2^53");
    assert_eq!(get("k"), Value::Binary { subtype: 0, len: 5 });
    assert_eq!(get("l"), Value::Binary { subtype: 4, len: 16 });
    assert_eq!(get("j"), Value::Timestamp { t: 1_700_000_000, i: 2 });
    assert_eq!(get("x"), Value::Int32(-7));
}

#[test]
fn extended_json_canonical_and_relaxed() {
    let canonical = r#"{"a": {"$numberInt": "5"}, "b": {"$numberLong": "5"}, "c": {"$numberDouble": "5.0"},
        "d": {"$numberDecimal": "5"}, "e": {"$date": {"$numberLong": "1704103200000"}},
        "f": {"$binary": {"base64": "AAECAw==", "subType": "00"}}, "g": {"$timestamp": {"t": 1, "i": 2}},
        "h": {"$regularExpression": {"pattern": "^a", "options": "i"}}, "i": {"$oid": "65a1f0c2e4b0a1b2c3d4e5f1"},
        "j": {"$minKey": 1}, "k": {"$maxKey": 1}, "l": {"$numberDouble": "-Infinity"}, "m": {"$uuid": "0f9c3a1e-6f0c-4b7e-9a55-1c2d3e4f5a6b"},
        "n": {"$binary": "AAECAw==", "$type": "80"}, "o": {"$symbol": "s"}, "p": {"$code": "x"}}"#;
    use Kind::*;
    assert_eq!(
        kinds(canonical, Dialect::Json),
        k(&[
            ("a", Int),
            ("b", Long),
            ("c", Double),
            ("d", Decimal),
            ("e", Date),
            ("f", BinData),
            ("g", Timestamp),
            ("h", Regex),
            ("i", ObjectId),
            ("j", MinKey),
            ("k", MaxKey),
            ("l", Double),
            ("m", BinData),
            ("n", BinData),
            ("o", Symbol),
            ("p", JavaScript),
        ])
    );
    let relaxed = r#"{"a": 5, "b": 5000000000, "c": 5.5, "e": {"$date": "2024-01-01T10:00:00.000Z"}, "q": {"$regex": "x", "$options": ""}, "r": {"$in": [1, 2]}}"#;
    assert_eq!(
        kinds(relaxed, Dialect::Json),
        k(&[("a", Int), ("b", Long), ("c", Double), ("e", Date), ("q", Regex), ("r", Object)])
    );
    let doc = parse_document(canonical, Dialect::Json).unwrap();
    assert_eq!(doc[5].1, Value::Binary { subtype: 0, len: 4 });
    assert_eq!(doc[4].1, Value::Date(Some(1_704_103_200_000)));
}

#[test]
fn bad_wrappers_are_errors_with_positions() {
    let err = parse_document("{\n  \"a\": {\"$numberLong\": \"five\"}\n}", Dialect::Json).unwrap_err();
    assert_eq!((err.line, err.column), (2, 8), "{err}");
    assert!(err.message.contains("$numberLong"), "{err}");
    assert!(parse_document(r#"{"d": {"$date": "yesterday"}}"#, Dialect::Json).is_err());
}

#[test]
fn strict_json_rejects_shell_syntax_with_a_hint() {
    let err = parse_document("{\n  name: 'x'\n}", Dialect::Json).unwrap_err();
    assert_eq!((err.line, err.column), (2, 3));
    assert!(err.message.contains("--format shell"), "{err}");
    let err = parse_document(r#"{"a": ObjectId("x")}"#, Dialect::Json).unwrap_err();
    assert_eq!(err.column, 7, "{err}");
    assert!(parse_document(r#"{"a": 1,}"#, Dialect::Json).is_err(), "trailing comma");
    assert!(parse_document(r#"{"a": 1,}"#, Dialect::Shell).is_ok());
}

#[test]
fn errors_name_line_and_column() {
    let err = parse_document("{\n  a: 1,\n  b: [1, 2,, 3]\n}", Dialect::Shell).unwrap_err();
    assert_eq!((err.line, err.column), (3, 12), "{err}");
    let err = parse_document("{ a: 'unterminated }", Dialect::Shell).unwrap_err();
    assert!(err.message.contains("unterminated"), "{err}");
    let err = parse_document("{ a: Foo(1) }", Dialect::Shell).unwrap_err();
    assert!(err.message.contains("unknown constructor Foo"), "{err}");
    let err = parse_document("{ a: { b: [Object] } }", Dialect::Shell).unwrap_err();
    assert!(err.message.contains("inspectDepth"), "{err}");
    let err = parse_document("{ seguidores: [ id1, id2 ] }", Dialect::Shell).unwrap_err();
    assert!(err.message.contains("id1"), "{err}");
}

#[test]
fn strings_escapes_and_unicode() {
    let doc =
        parse_document(r#"{"a": "tab\tquote\" \u00e9 \ud83d\ude00", b: 'it\'s', "ç": 1}"#, Dialect::Shell).unwrap();
    assert_eq!(doc[0].1, Value::String("tab\tquote\" é 😀".into()));
    assert_eq!(doc[1].1, Value::String("it's".into()));
    assert_eq!(doc[2].0, "ç");
    let err = parse_document("{\n \"é\": x }", Dialect::Json).unwrap_err();
    assert_eq!((err.line, err.column), (2, 7), "columns count characters: {err}");
}

#[test]
fn mongosh_elided_array_items_count() {
    let doc = parse_document("{ a: [ 1, 2, 3, ... 97 more items ] }", Dialect::Shell).unwrap();
    match &doc[0].1 {
        Value::Array(items) => assert_eq!(items.len(), 100),
        other => panic!("{other:?}"),
    }
}

#[test]
fn nesting_is_capped() {
    let deep = "[".repeat(10_000);
    let err = parse_document(&format!("{{\"a\": {deep}"), Dialect::Json).unwrap_err();
    assert!(err.message.contains("nested deeper"), "{err}");
}

#[test]
fn detection() {
    assert_eq!(detect(b"{\"a\": 1}\n{\"a\": 2}\n"), Format::Ndjson);
    assert_eq!(detect(b"{\n  \"a\": 1\n}\n"), Format::Ejson);
    assert_eq!(detect(b"[\n  {\n    \"a\": {\"$oid\": \"5f1d7a3b9c1e4a0012345678\"}\n  }\n]"), Format::Ejson);
    assert_eq!(detect(b"[\n  {\n    _id: ObjectId('x')\n  }\n]"), Format::Shell);
    assert_eq!(detect(b"{\n  \"_id\" : ObjectId(\"x\")\n}"), Format::Shell);
    assert_eq!(detect(b"test> db.c.find()\n[ { a: 1 } ]"), Format::Shell);
    assert_eq!(detect(b"{ a: 1 }\n{ a: 2 }\n"), Format::Ndjson);
}

#[test]
fn multiline_recovery_after_a_bad_document() {
    let text =
        "[\n  {\n    a: 1,\n    b: oops\n  },\n  {\n    a: 2\n  },\n  {\n    a: 3,\n  }\n]\nType \"it\" for more\n";
    let mut docs = open(text.as_bytes(), Format::Shell).unwrap();
    let items: Vec<_> = docs.by_ref().collect();
    assert_eq!(items.len(), 3, "{items:?}");
    let bad = items[0].as_ref().unwrap_err();
    assert_eq!((bad.line, bad.column), (4, 8), "{bad:?}");
    assert_eq!(items[1].as_ref().unwrap()[0].1, Value::Int32(2));
    assert_eq!(items[2].as_ref().unwrap()[0].1, Value::Int32(3));
    assert_eq!(docs.skipped_lines, 1);
}

#[test]
fn truncated_input_is_reported_not_fatal() {
    let text = "{ a: 1 }\n{ a: 2, b: [1, 2";
    let items: Vec<_> = open(text.as_bytes(), Format::Shell).unwrap().collect();
    assert_eq!(items.len(), 2);
    assert!(items[0].is_ok());
    let err = items[1].as_ref().unwrap_err();
    assert!(err.message.contains("truncated"), "{err:?}");
}

/// xorshift64*: a tiny deterministic PRNG for the fuzz tests.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn run_all_formats(bytes: &[u8]) {
    for format in [Format::Auto, Format::Ndjson, Format::Ejson, Format::Shell] {
        if let Ok(docs) = open(bytes, format) {
            let mut acc = docshape::infer::Accumulator::default();
            for d in docs.take(10_000).flatten() {
                acc.add(&d);
            }
            let report = acc.report();
            let _ = report.to_entity("f", "f");
            let _ = docshape::infer::observations(&report, &Default::default());
        }
    }
    let text = String::from_utf8_lossy(bytes);
    let _ = parse_document(&text, Dialect::Shell);
    let _ = parse_document(&text, Dialect::Json);
    let _ = docshape::infer::import_json_schema(&text, "x");
}

#[test]
fn fuzz_random_bytes_never_panic() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let alphabet = b"{}[]():,'\"\\/*.-+0123456789eEaxnulltrue$ObjectIdISODate\n \t\xc3\xa9\xff";
    for _ in 0..2_000 {
        let len = (rng.next() % 200) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = rng.next();
                if r % 4 == 0 {
                    (r >> 8) as u8
                } else {
                    alphabet[(r >> 8) as usize % alphabet.len()]
                }
            })
            .collect();
        run_all_formats(&bytes);
    }
}

#[test]
fn fuzz_truncated_and_mutated_documents_never_panic() {
    let samples = [
        include_str!("fixtures/samples/seed000_usuarios.shell.txt"),
        include_str!("fixtures/samples/seed004_pedidos.shell.txt"),
        include_str!("fixtures/samples/seed004_pedidos.ndjson"),
        include_str!("fixtures/samples/seed000_lecturas.ejson"),
        include_str!("fixtures/samples/bibliored_actividad.collinfo.txt"),
        include_str!("fixtures/samples/seed004_pedidos.validator.js"),
    ];
    let mut rng = Rng(42);
    for text in samples {
        let bytes = text.as_bytes();
        for cut in 0..bytes.len() {
            run_all_formats(&bytes[..cut]);
        }
        for _ in 0..300 {
            let mut mutated = bytes.to_vec();
            for _ in 0..1 + rng.next() % 4 {
                let i = (rng.next() as usize) % mutated.len();
                mutated[i] = (rng.next() >> 16) as u8;
            }
            run_all_formats(&mutated);
        }
    }
}
