//! `docshape export MODEL.json --what ...`: example documents, validators, the mongosh script,
//! the decision sheets, or code for the application (Mongoose, TypeScript, zod, Pydantic, Rust,
//! Java) and the diagram (Mermaid, DBML), on standard output. `--lang` sets the language of the
//! decision sheets, of the mongosh script's comments and of the diagrams' words; documents,
//! validators, JSON and code do not change.

use crate::args::{emit, read_model, Args};
use docshape::export;
use docshape::export::target::{ExportTarget, Options};
use std::process::ExitCode;

/// The names `--what` takes, from the one list of exports, in its order.
fn what_names() -> Vec<&'static str> {
    ExportTarget::ALL.into_iter().filter(|t| t.on_command_line()).map(ExportTarget::name).collect()
}

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["what", "collection", "lang"])?;
    let names = what_names();
    let what = args.choice("what", &names)?;
    let lang = args.lang()?;
    let [path] = args.positional.as_slice() else {
        return Err(format!(
            "usage: docshape export MODEL.json --what {} [--collection NAME] [--lang en|es|pt]",
            names.join("|")
        ));
    };
    let target = ExportTarget::from_name(what).ok_or_else(|| format!("--what {what} is not available yet"))?;
    if let (ExportTarget::Code(t), Some(_)) = (target, args.option("collection")) {
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
    let text = target.render(&builder, &Options { lang, only: only.as_deref(), share_url: None });
    let newline = if text.ends_with('\n') { "" } else { "\n" };
    emit(&format!("{text}{newline}"))?;
    Ok(ExitCode::SUCCESS)
}
