//! What each fuzz target does with one input, shared by the fuzzer (`fuzz/`, run by
//! `make fuzz`) and by the regression test (`tests/fuzz_regressions.rs`, in `make test`), so a
//! crash the fuzzer finds is replayed by exactly the code that found it.
//!
//! A target must not panic on any input; where docshape accepts an input, what it then writes
//! must read back (a share link of a loaded model opens to the same model).

use docshape::export::{self, Builder, Flavor};
use docshape::i18n::Lang;
use docshape::infer::{import_json_schema, infer_text, parse_document, Accumulator, Dialect, Format, InferOptions};
use docshape::model::{load, Model};
use docshape::share::{decode_link, diagram_svg, ShareError, SvgOptions};

/// The biggest input a target looks at: the fuzzer's inputs are small, and the regression files
/// are too; past this the exporters' time, not their correctness, is what would be measured.
const MAX_INPUT: usize = 64 * 1024;

/// A model file: load it; if it loads, run the advisor and every exporter on it and check that
/// its share link is made and opens to the same model (only size may refuse a link).
pub fn model_file(data: &[u8]) {
    let Some(text) = text_of(data) else { return };
    let Ok(model) = load(text) else { return };
    exercise(&model);
    match docshape::share::share_link(&model) {
        Ok(link) => match decode_link(&link) {
            Ok(back) => assert_eq!(back.to_json(), model.to_json(), "a share link opened to another model"),
            Err(e) => panic!("docshape refused the share link it wrote: {e}"),
        },
        Err(ShareError::ModelTooLarge(_) | ShareError::TooLong(_)) => {}
        Err(e) => panic!("a model that loads cannot be shared: {e}"),
    }
}

/// A share link: decode it; if it opens, the model it carries goes through the advisor and the
/// exporters like a loaded file.
pub fn share_link(data: &[u8]) {
    let Some(text) = text_of(data) else { return };
    if let Ok(model) = decode_link(text) {
        exercise(&model);
    }
}

/// Sample documents and `$jsonSchema` validators, as the import dialog and `docshape infer`
/// read them: every format and both parser dialects.
pub fn importers(data: &[u8]) {
    let Some(text) = text_of(data) else { return };
    let _ = parse_document(text, Dialect::Json);
    let _ = parse_document(text, Dialect::Shell);
    for format in [Format::Auto, Format::Ndjson, Format::Ejson, Format::Shell] {
        let mut acc = Accumulator::new(InferOptions::default());
        let _ = infer_text(text, format, &mut acc);
    }
    let _ = import_json_schema(text, "fuzzed");
}

/// A dump's bytes, as `docshape infer` and the import dialog read them: as a collection's
/// `.bson` file, as an `--archive`, and as a `metadata.json`. No input may panic; a dump that is
/// read makes a model that loads again.
pub fn bson_dump(data: &[u8]) {
    use docshape::dump::{read_dump, read_metadata, BytesInput, CollectionFiles, DumpOptions, DumpSource};
    if data.len() > MAX_INPUT {
        return;
    }
    let options = DumpOptions { sample: 3, max_ids: 1_000, ..DumpOptions::default() };
    let folder = DumpSource::Folder(vec![
        CollectionFiles {
            db: "fuzz".into(),
            name: "a".into(),
            data: Some(Box::new(BytesInput { name: "a.bson".into(), bytes: data.to_vec() })),
            metadata: None,
        },
        CollectionFiles {
            db: "fuzz".into(),
            name: "b".into(),
            data: Some(Box::new(BytesInput { name: "b.bson".into(), bytes: data.to_vec() })),
            metadata: None,
        },
    ]);
    let archive = DumpSource::Archive(Box::new(BytesInput { name: "fuzz.archive".into(), bytes: data.to_vec() }));
    for source in [folder, archive] {
        let mut model = Model::new("fuzz");
        if read_dump(&source, &mut model, &options, "fuzz", &mut |_| {}).is_ok() {
            let json = model.to_json();
            if let Err(e) = load(&json) {
                panic!("a model read from a dump does not load again: {e}");
            }
            let _ = docshape::advisor::analyze(&model);
        }
    }
    if let Some(text) = text_of(data) {
        let _ = read_metadata(text);
    }
}

/// A workload file (mongod's log, profiler documents, `$queryStats`), as `--workload` reads it.
/// No input may panic; the patterns it makes load again and go through the advisor.
pub fn workload(data: &[u8]) {
    use docshape::dump::BytesInput;
    use docshape::workload::{read_workload, WorkloadOptions};
    if data.len() > MAX_INPUT {
        return;
    }
    // A log line read straight from its text reads as the same line parsed whole (where the
    // whole parse succeeds: it also checks the Extended JSON of parts nobody reads).
    for line in String::from_utf8_lossy(data).lines() {
        let line = line.trim();
        if let Some(fast) = docshape::workload::records::read_log_line(line) {
            if let Ok(whole) = docshape::infer::parse_document(line, docshape::infer::Dialect::Json) {
                assert_eq!(fast, docshape::workload::records::read_record(&whole), "{line}");
            }
        }
    }
    let input = BytesInput { name: "fuzz.log".into(), bytes: data.to_vec() };
    let mut model = Model::new("fuzz");
    if read_workload(&[&input], &mut model, &WorkloadOptions::default(), &mut |_, _| {}).is_ok() {
        let json = model.to_json();
        if let Err(e) = load(&json) {
            panic!("a model read from a workload does not load again: {e}");
        }
        let _ = docshape::advisor::analyze(&model);
    }
}

fn text_of(data: &[u8]) -> Option<&str> {
    if data.len() > MAX_INPUT {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// The advisor, the exporters and the diagram, on a model that loaded.
fn exercise(model: &Model) {
    let report = docshape::advisor::analyze(model);
    let _ = serde_json::to_string(&report).expect("the report serializes");
    let builder = Builder::new(model);
    let examples = export::examples::examples_with(&builder);
    let _ = export::examples::render_shell(&examples);
    let _ = export::examples::render_ejson(&examples, Flavor::Canonical);
    let _ = export::schema::render_json(&export::schema::validators(&builder));
    let _ = export::mongosh::script_with(&builder, &report.indexes, Lang::En);
    let _ = export::sheet::sheets_with(&builder, &report, Lang::Es);
    let _ = diagram_svg(model, Some(&report), &SvgOptions::default());
}
