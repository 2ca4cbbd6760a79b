//! `docshape export MODEL.json --what ...`: example documents, validators, the mongosh script,
//! the decision sheets, or code for the application (Mongoose, TypeScript, zod, Pydantic, Rust,
//! Java) and the diagram (Mermaid, DBML), on standard output. `--lang` sets the language of the
//! decision sheets, of the mongosh script's comments and of the diagrams' words; documents,
//! validators, JSON and code do not change.

use crate::args::{emit, read_model, Args};
use docshape::export::{self, Flavor};
use std::process::ExitCode;

const WHAT: &[&str] = &[
    "examples",
    "ejson",
    "ejson-canonical",
    "schema",
    "mongosh",
    "sheets",
    "sizes",
    "mongoose",
    "typescript",
    "zod",
    "pydantic",
    "rust",
    "java",
    "mermaid",
    "dbml",
];

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["what", "collection", "lang"])?;
    let what = args.choice("what", WHAT)?;
    let lang = args.lang()?;
    let [path] = args.positional.as_slice() else {
        return Err(format!(
            "usage: docshape export MODEL.json --what {} [--collection NAME] [--lang en|es|pt]",
            WHAT.join("|")
        ));
    };
    let target = export::code::Target::from_code(what);
    if let (Some(t), Some(_)) = (target, args.option("collection")) {
        return Err(format!(
            "--collection does not apply to --what {}: the code covers the whole design (it applies to examples, ejson, schema, sheets and sizes)",
            t.code()
        ));
    }
    let model = read_model(path)?;
    let builder = export::Builder::new(&model);
    if let Some(target) = target {
        let text = export::code::generate_with(&builder, target, lang);
        emit(&text)?;
        return Ok(ExitCode::SUCCESS);
    }
    let only = match args.option("collection") {
        Some(name) => Some(
            builder
                .lookup
                .collection_named(name)
                .ok_or_else(|| format!("{path} has no collection named \"{name}\""))?
                .id
                .clone(),
        ),
        None => None,
    };
    let examples: Vec<_> = match &only {
        Some(id) => export::examples::collection_examples(&builder, id).into_iter().collect(),
        None => export::examples::examples_with(&builder),
    };
    let text = match what {
        "examples" => export::examples::render_shell(&examples),
        "ejson" => export::examples::render_ejson(&examples, Flavor::Relaxed),
        "ejson-canonical" => export::examples::render_ejson(&examples, Flavor::Canonical),
        "schema" => {
            let validators: Vec<_> = match &only {
                Some(id) => export::schema::validator(&builder, id).into_iter().collect(),
                None => export::schema::validators(&builder),
            };
            export::schema::render_json(&validators)
        }
        "mongosh" => {
            let report = docshape::advisor::analyze(&model);
            export::mongosh::script_with(&builder, &report.indexes, lang)
        }
        "sheets" => {
            let report = docshape::advisor::analyze(&model);
            match &only {
                Some(id) => match builder.lookup.entity(id) {
                    Some(e) => export::sheet::sheet(&builder, &report, e, lang),
                    None => String::new(),
                },
                None => export::sheet::sheets_with(&builder, &report, lang),
            }
        }
        "sizes" => {
            let sizes: Vec<serde_json::Value> = examples
                .iter()
                .flat_map(|c| {
                    c.examples.iter().map(move |e| {
                        serde_json::json!({ "collection": c.collection, "entity": c.entity, "variant": e.label, "bsonBytes": e.doc.bson_size() })
                    })
                })
                .collect();
            serde_json::to_string_pretty(&sizes).unwrap_or_default()
        }
        _ => return Err(format!("--what {what} is not available yet")),
    };
    let newline = if text.ends_with('\n') { "" } else { "\n" };
    emit(&format!("{text}{newline}"))?;
    Ok(ExitCode::SUCCESS)
}
