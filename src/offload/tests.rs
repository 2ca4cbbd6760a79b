//! The worker's exchange, natively: requests as the UI writes them, answers as it reads them.

use super::handle;
use super::protocol::{Job, Outcome, Request, Response, READY};
use crate::export::ExportTarget;
use crate::export::{self, Builder};
use crate::model::{load, Model};

const BIBLIORED: &str = include_str!("../../public/templates/bibliored.json");

fn bibliored() -> Model {
    load(BIBLIORED).expect("the demo model loads")
}

fn ask(lang: &str, job: Job) -> Outcome {
    let request = Request { id: 41, lang: lang.into(), model: bibliored().to_json(), job, texts: None };
    let answer = handle(&serde_json::to_string(&request).expect("a request serialises"));
    let response: Response = serde_json::from_str(&answer).expect("the answer is a response");
    assert_eq!(response.id, 41, "the answer carries the request's id");
    response.outcome
}

fn text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Text(text) => text,
        other => panic!("expected a text, got {other:?}"),
    }
}

#[test]
fn schema_export_is_the_exporters_own_text() {
    let model = bibliored();
    let direct = export::schema::render_json(&export::schema::validators(&Builder::new(&model)));
    let answered = text(ask("en", Job::Export { kind: ExportTarget::Schema, share_base: None }));
    assert_eq!(answered, direct);
    assert!(answered.contains("\"$jsonSchema\""));
}

#[test]
fn script_export_uses_the_advisors_indexes() {
    let model = bibliored();
    let report = crate::advisor::analyze(&model);
    let direct = export::mongosh::script_with(&Builder::new(&model), &report.indexes, crate::i18n::Lang::En);
    let answered = text(ask("en", Job::Export { kind: ExportTarget::Script, share_base: None }));
    assert_eq!(answered, direct);
    assert!(answered.contains("createIndex"), "the script creates the advised indexes");
}

#[test]
fn every_export_answers_a_text() {
    for kind in ExportTarget::ALL {
        let t = text(ask("en", Job::Export { kind, share_base: None }));
        assert!(!t.trim().is_empty(), "{kind:?} is empty");
    }
}

#[test]
fn the_report_carries_the_share_link() {
    let base = "https://example.test/app/".to_string();
    let t = text(ask("en", Job::Export { kind: ExportTarget::Report, share_base: Some(base.clone()) }));
    let url = format!("{base}{}", crate::share::share_link(&bibliored()).unwrap());
    assert!(t.contains(&url), "{t}");
    let start = t.find(&base).expect("the link is in the report");
    let link = &t[start..start + url.len()];
    assert_eq!(crate::share::decode_link(link).expect("the report's link opens"), bibliored());
}

#[test]
fn the_share_link_opens_the_same_model() {
    let fragment = text(ask("en", Job::ShareLink {}));
    assert!(fragment.starts_with(crate::share::LINK_PREFIX), "{fragment}");
    assert_eq!(fragment, crate::share::share_link(&bibliored()).unwrap());
    assert_eq!(crate::share::decode_link(&fragment).expect("the link opens"), bibliored());
    let request = Request { id: 3, lang: "en".into(), model: String::new(), job: Job::ShareLink {}, texts: None };
    assert!(serde_json::to_string(&request).unwrap().contains(r#""job":{"shareLink":{}}"#));
}

/// BiblioRed with notes that do not compress (base64url of pseudo-random bytes), so that its link
/// would be longer than any link docshape opens, while its file is an ordinary size.
fn with_incompressible_notes() -> Model {
    let mut m = bibliored();
    let mut rng = crate::rng::Rng::new(11);
    let bytes: Vec<u8> = (0..crate::share::MAX_LINK_CHARS).map(|_| rng.next_u64() as u8).collect();
    m.notes = crate::share::base64url_encode(&bytes);
    m
}

fn ask_about(model: &Model, lang: &str, job: Job) -> Outcome {
    let request = Request { id: 5, lang: lang.into(), model: model.to_json(), job, texts: None };
    serde_json::from_str::<Response>(&handle(&serde_json::to_string(&request).unwrap())).unwrap().outcome
}

#[test]
fn a_model_too_large_for_a_link_is_refused_in_the_users_language() {
    let big = with_incompressible_notes();
    let Outcome::Error(why) = ask_about(&big, "es", Job::ShareLink {}) else { panic!("a link was made") };
    assert!(why.starts_with("No se creó el enlace") && why.contains("Comparte el archivo del modelo"), "{why}");
    // The review report of the same model is written, without a link that would not open.
    let base = "https://example.test/app/".to_string();
    let job = Job::Export { kind: ExportTarget::Report, share_base: Some(base.clone()) };
    let report = text(ask_about(&big, "en", job));
    assert!(report.contains("# ") && !report.contains(&base), "no share link in the report");
}

#[test]
fn svg_options_travel() {
    let light = text(ask("en", Job::Svg { dark: false, only: None }));
    let dark = text(ask("en", Job::Svg { dark: true, only: None }));
    assert!(light.starts_with("<svg") || light.starts_with("<?xml"));
    assert_ne!(light, dark, "the theme changes the drawing");
    let first = bibliored().entities[0].id.clone();
    let only = text(ask("en", Job::Svg { dark: false, only: Some(vec![first]) }));
    assert!(only.len() < light.len(), "a selection draws less than the whole diagram");
    let empty = text(ask("en", Job::Svg { dark: false, only: Some(vec![]) }));
    assert_eq!(empty, light, "an empty selection means the whole diagram");
}

const SAMPLES: &str = concat!(
    "{\"_id\": 1, \"nombre\": \"Ana\", \"tags\": [\"a\"]}\n",
    "{\"_id\": 2, \"nombre\": \"Luis\", oops}\n",
    "{\"_id\": 3, \"nombre\": \"Eva\", \"tags\": []}\n",
);

fn import(lang: &str, text: &str) -> Outcome {
    ask(lang, Job::Import { text: text.into(), name: "samples".into(), source: "pasted".into() })
}

#[test]
fn import_previews_the_collection_in_the_requests_language() {
    let Outcome::Preview(preview) = import("en", SAMPLES) else { panic!("no preview") };
    assert_eq!(preview.entity.id, "samples");
    assert!(preview.entity.fields.iter().any(|f| f.name == "nombre"));
    assert!(preview.summary.contains("2 documents"), "{}", preview.summary);
    assert!(preview.messages.iter().any(|m| m.contains("line 2")), "{:?}", preview.messages);
    let Outcome::Preview(es) = import("es", SAMPLES) else { panic!("no preview") };
    assert_ne!(es.summary, preview.summary, "the summary follows the language: {}", es.summary);
    assert!(es.messages.iter().any(|m| m.contains("línea 2")), "{:?}", es.messages);
}

#[test]
fn import_without_documents_says_why() {
    match import("en", "not json at all") {
        Outcome::Error(message) => assert!(!message.is_empty()),
        other => panic!("expected an error, got {other:?}"),
    }
}

#[test]
fn a_schema_imports_as_a_schema_even_with_accents_near_the_cut() {
    // Multi-byte characters around byte 400 must not split a character.
    let title = "é".repeat(250);
    let schema = format!(
        "{{\"bsonType\": \"object\", \"title\": \"{title}\", \"properties\": {{\"nombre\": {{\"bsonType\": \"string\"}}}}}}"
    );
    assert!(!schema.is_char_boundary(400), "the test must cut inside a character");
    let Outcome::Preview(preview) = import("en", &schema) else { panic!("no preview") };
    assert!(preview.entity.fields.iter().any(|f| f.name == "nombre"));
}

#[test]
fn malformed_requests_and_models_are_answered_not_panicked() {
    let answer: Response = serde_json::from_str(&handle("{not json")).expect("a response");
    assert_eq!(answer.id, 0);
    assert!(matches!(answer.outcome, Outcome::Error(_)));
    let bad_model = r#"{"id": 5, "lang": "en", "model": "{}", "job": {"export": {"kind": "schema"}}}"#;
    let answer: Response = serde_json::from_str(&handle(bad_model)).expect("a response");
    assert_eq!(answer.id, 5);
    assert!(matches!(answer.outcome, Outcome::Error(_)));
    assert_ne!(handle(bad_model), READY);
}

#[test]
fn the_documented_wire_format_reads() {
    let wire = format!(
        r#"{{"id": 3, "model": {}, "job": {{"svg": {{"dark": true, "only": ["x"]}}}}}}"#,
        serde_json::to_string(BIBLIORED).expect("a string")
    );
    let request: Request = serde_json::from_str(&wire).expect("the documented shape reads");
    assert_eq!(request.lang, "en", "a missing language is English");
    assert_eq!(request.job, Job::Svg { dark: true, only: Some(vec!["x".into()]) });
    let unknown = Request { lang: "fr".into(), ..request };
    assert_eq!(unknown.lang(), crate::i18n::Lang::En);
    let answer = handle(&wire);
    assert!(answer.contains(r#""outcome":{"text":"#), "{}", &answer[..answer.len().min(80)]);
}

#[test]
fn code_exports_are_the_generators_own_text() {
    let model = bibliored();
    for target in export::code::Target::ALL {
        let kind = ExportTarget::Code(target);
        let direct = export::code::generate(&model, target, crate::i18n::Lang::Es);
        let answered = text(ask("es", Job::Export { kind, share_base: None }));
        assert_eq!(answered, direct, "{kind:?}");
        // The kind's JSON name is the CLI's --what name.
        assert_eq!(serde_json::to_value(kind).unwrap(), serde_json::json!(target.code()));
    }
}

#[test]
fn a_dropped_dump_is_previewed_with_progress_then_answered() {
    use super::handle_reporting;
    use super::protocol::DroppedFile;
    use base64::Engine;
    let encode = |docs: Vec<bson::Document>| {
        let bytes: Vec<u8> =
            docs.iter().flat_map(|d| bson::RawDocumentBuf::try_from(d).unwrap().into_bytes()).collect();
        base64::engine::general_purpose::STANDARD.encode(bytes)
    };
    let users = encode((0..300).map(|i| bson::doc! { "_id": format!("u{i}") }).collect());
    let posts = encode(
        (0..3000)
            .map(|i| bson::doc! { "_id": i, "author": format!("u{}", i % 300), "body": "x".repeat(300) })
            .collect(),
    );
    let files = vec![
        DroppedFile { name: "blog/users.bson".into(), base64: format!("data:application/octet-stream;base64,{users}") },
        DroppedFile { name: "blog/posts.bson".into(), base64: posts },
    ];
    let request = Request {
        id: 9,
        lang: "en".into(),
        model: Model::new("t").to_json(),
        job: Job::ImportDump { files, sample: Some(500) },
        texts: None,
    };
    let mut heard = Vec::new();
    let answer = handle_reporting(&serde_json::to_string(&request).unwrap(), &mut |m| heard.push(m));
    let progress: Vec<f64> = heard
        .iter()
        .map(|m| match serde_json::from_str::<Response>(m).unwrap() {
            Response { id: 9, outcome: Outcome::Progress(p) } => p,
            other => panic!("a progress message, got {other:?}"),
        })
        .collect();
    assert!(
        progress.len() >= 3
            && progress.windows(2).all(|w| w[0] <= w[1])
            && progress.iter().all(|p| (0.0..=1.0).contains(p)),
        "{progress:?}"
    );
    let response: Response = serde_json::from_str(&answer).unwrap();
    let Outcome::Dump(preview) = response.outcome else { panic!("a dump preview") };
    let r = preview.relations.iter().find(|r| r.parent == "users").expect("posts.author → users");
    assert_eq!(r.evidence.as_ref().map(|e| e.matched), Some(1.0));
    assert!(preview.summary.iter().any(|s| s == "posts: 3,000 documents, 500 sampled"), "{:?}", preview.summary);
    // The summary is written in the request's language.
    let spanish = Request { id: 11, lang: "es".into(), ..request };
    let Outcome::Dump(es) = super::run(&spanish) else { panic!("a dump preview") };
    assert!(es.summary.iter().any(|s| s == "posts: 3.000 documentos, 500 en la muestra"), "{:?}", es.summary);
    let broken = Request {
        id: 10,
        lang: "en".into(),
        model: Model::new("t").to_json(),
        job: Job::ImportDump {
            files: vec![DroppedFile { name: "x.bson".into(), base64: "AAAA".into() }],
            sample: None,
        },
        texts: None,
    };
    let Outcome::Error(message) =
        serde_json::from_str::<Response>(&handle(&serde_json::to_string(&broken).unwrap())).unwrap().outcome
    else {
        panic!("an error")
    };
    assert!(message.starts_with("x.bson: at byte 0:"), "{message}");
}

#[test]
fn an_export_travels_by_its_name() {
    for kind in ExportTarget::ALL {
        let wire = serde_json::to_string(&Job::Export { kind, share_base: None }).unwrap();
        assert_eq!(wire, format!(r#"{{"export":{{"kind":"{}"}}}}"#, kind.name()));
        assert_eq!(serde_json::from_str::<Job>(&wire).unwrap(), Job::Export { kind, share_base: None });
    }
    let unknown = r#"{"id": 5, "lang": "en", "model": "{}", "job": {"export": {"kind": "pdf"}}}"#;
    let answer: Response = serde_json::from_str(&handle(unknown)).expect("a response");
    assert!(matches!(answer.outcome, Outcome::Error(_)));
}
