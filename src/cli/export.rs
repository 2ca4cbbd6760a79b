//! `docshape export MODEL.json --what ...`: example documents, validators, the mongosh script,
//! the decision sheets, or code for the application (Mongoose, TypeScript, zod, Pydantic, Rust,
//! Java) and the diagram (Mermaid, DBML), on standard output. `--lang` sets the language of the
//! decision sheets, of the mongosh script's comments and of the diagrams' words; documents,
//! validators, JSON and code do not change.

use crate::args::{emit, lang, read_model, LANGUAGES};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::ValueHint;
use docshape::export;
use docshape::export::code::Target;
use docshape::export::target::{ExportTarget, Options};
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

/// The values of `--what`, from the one list of exports, in its order, each with its help.
fn what() -> PossibleValuesParser {
    let values = ExportTarget::ALL.into_iter().filter(|t| t.on_command_line()).map(|t| {
        let help = match t {
            ExportTarget::Examples => "example documents in mongosh syntax".to_string(),
            ExportTarget::Ejson => "the examples as Extended JSON v2 (relaxed)".to_string(),
            ExportTarget::EjsonCanonical => "the examples as canonical Extended JSON v2".to_string(),
            ExportTarget::Schema => "$jsonSchema validators".to_string(),
            ExportTarget::Script => "the whole mongosh script".to_string(),
            ExportTarget::Sheets => "decision sheets in Markdown".to_string(),
            ExportTarget::Sizes => "the BSON size of each example".to_string(),
            ExportTarget::Code(c @ (Target::Mermaid | Target::Dbml)) => format!("the diagram in {}", c.label()),
            ExportTarget::Code(c) => format!("code for the application: {}", c.label()),
            ExportTarget::Report | ExportTarget::Image | ExportTarget::Model => String::new(),
        };
        PossibleValue::new(t.name()).help(help)
    });
    PossibleValuesParser::new(values)
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, what, collection, lang } = args;
    let path = path.as_str();
    let target = ExportTarget::from_name(&what).ok_or_else(|| format!("--what {what} is not available yet"))?;
    if let (ExportTarget::Code(t), Some(_)) = (target, &collection) {
        return Err(format!(
            "--collection does not apply to --what {}: the code covers the whole design (it applies to examples, ejson, schema, sheets and sizes)",
            t.code()
        ));
    }
    let model = read_model(path)?;
    let builder = export::Builder::new(&model);
    if let ExportTarget::Code(_) = target {
        emit(&target.render(&builder, &Options { lang, ..Options::default() }))?;
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
    let text = target.render(&builder, &Options { lang, only: only.as_deref(), share_url: None });
    let newline = if text.ends_with('\n') { "" } else { "\n" };
    emit(&format!("{text}{newline}"))?;
    Ok(ExitCode::SUCCESS)
}
