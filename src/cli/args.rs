//! What the subcommands share: the `--lang` option, the help's section on languages, reading a
//! model file and writing to stdout. Each subcommand declares its own arguments (clap's derive,
//! beside its `run`).

use clap::builder::{PossibleValuesParser, TypedValueParser};
use docshape::i18n::Lang;
use docshape::model::{load_reporting, text_of, LoadError, Model, MAX_FILE_BYTES};

/// The values of `--lang`: `en`, `es` or `pt` (the codes of [`Lang::ALL`]); anything else is a
/// usage error that lists them.
pub fn lang() -> impl TypedValueParser<Value = Lang> {
    PossibleValuesParser::new(Lang::ALL.map(Lang::code)).map(|code| Lang::from_code(&code).unwrap_or_default())
}

/// The help's last section for the commands that take `--lang`, and for `docshape help`.
pub const LANGUAGES: &str = "\
Languages:
  --lang en|es|pt (English, Spanish, Brazilian Portuguese; default en) sets the language of what
  people read: check's human output, the decision sheets, the mongosh script's comments and the
  review report. check --format json writes its sentences in --lang too, beside the codes and
  ids scripts match on (docs/report-format.md). Data stays unchanged whatever --lang says:
  Extended JSON, $jsonSchema validators, NDJSON.";

/// Reads and loads a model file, with the file name in any error. The size is checked before
/// reading (from the file's metadata, and again while reading, so `/dev/zero` or a pipe stops
/// at the limit); a UTF-8 byte-order mark is skipped with a note on stderr.
pub fn read_model(path: &str) -> Result<Model, String> {
    let bytes = read_limited(path, MAX_FILE_BYTES)?;
    let (text, bom) = text_of(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if bom {
        eprintln!("docshape: note: {path} starts with a UTF-8 byte-order mark, which was ignored");
    }
    let (model, unknown) = load_reporting(text).map_err(|e| format!("{path}: {e}"))?;
    for member in unknown {
        eprintln!("docshape: warning: {path}: {member}");
    }
    Ok(model)
}

/// The bytes of `path`, refused once they pass `limit`.
pub fn read_limited(path: &str, limit: usize) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let too_large = |n: u64| format!("{path}: {}", LoadError::TooLarge(n.try_into().unwrap_or(usize::MAX)));
    let meta = file.metadata().map_err(|e| format!("cannot read {path}: {e}"))?;
    if meta.is_file() && meta.len() > limit as u64 {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(if meta.is_file() { meta.len() as usize } else { 1 << 16 });
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {path}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "{path}: it holds more than {limit} bytes (it was not read further); docshape opens models up to {limit} bytes."
        ));
    }
    Ok(bytes)
}

/// Writes to stdout; a closed pipe (`| head`) is not an error.
pub fn emit(text: &str) -> Result<(), String> {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(format!("cannot write to stdout: {e}")),
        _ => Ok(()),
    }
}
