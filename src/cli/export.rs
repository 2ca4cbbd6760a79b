//! `docshape export MODEL.json --what ...`: example documents, validators, the mongosh script,
//! the decision sheets, or code for the application (Mongoose, TypeScript, zod, Pydantic, Rust,
//! Java) and the diagram (Mermaid, DBML), on standard output. `--lang` sets the language of the
//! decision sheets, of the mongosh script's comments and of the diagrams' words; documents,
//! validators, JSON and code do not change.

use crate::args::{emit, lang, read_model, LANGUAGES};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::ValueHint;
use docshape::export::code::Target;
use docshape::export::{self, Flavor};
use docshape::i18n::Lang;
use std::process::ExitCode;

/// Examples, validators, the mongosh script, decision sheets, or code for the application.
///
/// Everything goes to stdout. --lang sets the language of the decision sheets, of the mongosh
/// script's comments and of the diagrams' words; documents, validators, JSON and code are the
/// same in every language.
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// What to write: the design's data and scripts, code for the application, or the diagram.
    #[arg(long, default_value = "examples", value_parser = what())]
    what: String,
    /// One collection's examples, validator, sheet or sizes (not for code or the script).
    #[arg(long, value_name = "NAME")]
    collection: Option<String>,
    /// The language of the decision sheets, the mongosh script's comments and the diagrams.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
}

/// The values of `--what`: the design's data and scripts, then every code target.
fn what() -> PossibleValuesParser {
    let data = [
        ("examples", "example documents in mongosh syntax"),
        ("ejson", "the examples as Extended JSON v2 (relaxed)"),
        ("ejson-canonical", "the examples as canonical Extended JSON v2"),
        ("schema", "$jsonSchema validators"),
        ("mongosh", "the whole mongosh script"),
        ("sheets", "decision sheets in Markdown"),
        ("sizes", "the BSON size of each example"),
    ];
    let data = data.into_iter().map(|(name, help)| PossibleValue::new(name).help(help));
    let code = export::code::Target::ALL.into_iter().map(|t| {
        let help = match t {
            Target::Mermaid | Target::Dbml => format!("the diagram in {}", t.label()),
            _ => format!("code for the application: {}", t.label()),
        };
        PossibleValue::new(t.code()).help(help)
    });
    PossibleValuesParser::new(data.chain(code))
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, what, collection, lang } = args;
    let path = path.as_str();
    let what = what.as_str();
    let target = Target::from_code(what);
    if let (Some(t), Some(_)) = (target, &collection) {
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
    let only = match collection {
        Some(name) => Some(
            builder
                .lookup
                .collection_named(&name)
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
