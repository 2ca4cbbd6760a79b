//! Minimal argument parsing shared by the subcommands: positionals and `--name value` options.

use docshape::i18n::Lang;
use docshape::model::{load_reporting, text_of, LoadError, Model, MAX_FILE_BYTES};

pub struct Args {
    pub positional: Vec<String>,
    options: Vec<(String, String)>,
}

impl Args {
    /// Splits `args` into positionals and `--name value` pairs; `known` lists the option names.
    pub fn parse(args: &[String], known: &[&str]) -> Result<Args, String> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            if let Some(name) = arg.strip_prefix("--") {
                // An unknown option is named as such, before its value is looked for.
                let bare = name.split_once('=').map_or(name, |(n, _)| n);
                if !known.contains(&bare) {
                    return Err(unknown_option(bare, known));
                }
                let (name, value) = match name.split_once('=') {
                    Some((n, v)) => (n.to_string(), v.to_string()),
                    None => {
                        let v = iter.next().ok_or_else(|| format!("option --{name} needs a value"))?;
                        (name.to_string(), v.clone())
                    }
                };
                options.push((name, value));
            } else {
                positional.push(arg.clone());
            }
        }
        Ok(Args { positional, options })
    }

    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The one-of option `name`, defaulting to the first of `allowed`.
    pub fn choice(&self, name: &str, allowed: &[&'static str]) -> Result<&'static str, String> {
        match self.option(name) {
            None => Ok(allowed[0]),
            Some(v) => allowed
                .iter()
                .find(|a| **a == v)
                .copied()
                .ok_or_else(|| format!("--{name} must be one of {}, not \"{v}\"", allowed.join(", "))),
        }
    }
}

/// "unknown option --frobnicate; this command takes --format, --lang".
fn unknown_option(name: &str, known: &[&str]) -> String {
    if known.is_empty() {
        return format!("unknown option --{name}; this command takes no options");
    }
    let list: Vec<String> = known.iter().map(|k| format!("--{k}")).collect();
    format!("unknown option --{name}; this command takes {}", list.join(", "))
}

impl Args {
    /// The `--lang` option: `en` (the default), `es` or `pt`; anything else is an error.
    pub fn lang(&self) -> Result<Lang, String> {
        match self.option("lang") {
            None => Ok(Lang::En),
            Some(code) => Lang::from_code(code).ok_or_else(|| {
                let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                format!("--lang must be one of {}, not \"{code}\"", codes.join(", "))
            }),
        }
    }
}

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
