//! `FILE@VERSION`: a version kept in a model file (its optional `versions` array, written by the
//! app's "Download the model file with its versions"), as a side of `docshape diff`, and
//! `docshape versions FILE`, which lists them.
//!
//! How an argument is read:
//! 1. a path that exists as written is that file, whatever it holds (`a@b.json` is the file
//!    `a@b.json` when there is one);
//! 2. otherwise, at the last `@` whose left part is an existing file, the left part is the file
//!    and the right part the version: `dir@2/design.json@v1` is version `v1` of
//!    `dir@2/design.json`, and `design.json@v2@prod` version `v2@prod` of `design.json` (unless
//!    a file `design.json@v2` exists);
//! 3. the version is the one whose name is exactly the text after `@` (case and spaces count);
//!    when no name is, a number `N` is the N-th version in the file's list, from 1, as
//!    `docshape versions FILE` numbers them (newest first, as the file keeps them). A name wins
//!    over a number: a version named "2" is `@2`; the other is reached by its own name.
//!    Two versions with the same name are refused with their numbers, to pick one.
//!
//! A version that is not in the file exits with [`NO_VERSION`] (3), its message naming the file,
//! the version asked and the versions there are; anything else that stops the command exits 2.
//! Names reach the terminal through `escape::hazard::visible` (a line break, a terminal escape or
//! a bidirectional control is written as `<U+XXXX>`).

use crate::args::{emit, read_limited, read_model};
use clap::{ValueEnum, ValueHint};
use docshape::designs::in_file::{versions_in, FileVersion};
use docshape::diff::sides::{KeptVersion, Side};
use docshape::escape::hazard::visible;
use docshape::export::datetime::utc_minute;
use docshape::model::{text_of, Model, MAX_FILE_BYTES};
use std::fmt::Write;
use std::path::Path;
use std::process::ExitCode;

/// The exit code when the version asked for is not in the file (or is not one version).
pub const NO_VERSION: u8 = 3;

/// Why a side could not be read.
pub enum Refused {
    /// The command cannot run: exit 2, with this message.
    Cannot(String),
    /// The version is not in the file: exit [`NO_VERSION`], with this message.
    NoVersion(String),
}

impl From<String> for Refused {
    fn from(message: String) -> Refused {
        Refused::Cannot(message)
    }
}

impl Refused {
    /// Prints the message and gives the exit code.
    pub fn exit(self) -> ExitCode {
        let (message, code) = match self {
            Refused::Cannot(m) => (m, 2),
            Refused::NoVersion(m) => (m, NO_VERSION),
        };
        eprintln!("docshape: {message}");
        ExitCode::from(code)
    }
}

/// A name or path as the terminal shows it.
fn shown(s: &str) -> String {
    visible(s).into_owned()
}

/// The versions a model file keeps, in the file's order.
fn versions_of(path: &str) -> Result<Vec<FileVersion>, String> {
    let bytes = read_limited(path, MAX_FILE_BYTES)?;
    let (text, _) = text_of(&bytes).map_err(|e| format!("{path}: {e}"))?;
    // The message quotes a broken version's name: shown as the terminal must show it.
    versions_in(text).map_err(|e| shown(&format!("{path}: {e}")))
}

/// "  1  before reviews  2026-11-30 14:05 UTC" for each version, one a line.
fn listing(versions: &[FileVersion]) -> String {
    let width = versions.len().to_string().len();
    let mut out = String::new();
    for (i, v) in versions.iter().enumerate() {
        let _ = writeln!(out, "  {:>width$}  {}  {}", i + 1, utc_minute(v.at), shown(&v.name));
    }
    out
}

/// The version of `versions` that `asked` names (see the module's documentation).
fn pick(file: &str, versions: Vec<FileVersion>, asked: &str) -> Result<(usize, FileVersion), Refused> {
    let file = shown(file);
    if versions.is_empty() {
        return Err(Refused::NoVersion(format!(
            "{file} keeps no versions, so it has no version \"{}\" (a file keeps them when the app's \
             Versions dialog downloads it \"with its versions\")",
            shown(asked)
        )));
    }
    let named: Vec<usize> = (0..versions.len()).filter(|&i| versions[i].name == asked).collect();
    let index = match named.as_slice() {
        [i] => Some(*i),
        [] => asked.parse::<usize>().ok().filter(|n| (1..=versions.len()).contains(n)).map(|n| n - 1),
        many => {
            let numbers: Vec<String> = many.iter().map(|i| (i + 1).to_string()).collect();
            return Err(Refused::NoVersion(format!(
                "{file} keeps {} versions named \"{}\" (numbers {}): name one by its number, as in {file}@{}\n{}",
                many.len(),
                shown(asked),
                numbers.join(", "),
                numbers[0],
                listing(&versions).trim_end()
            )));
        }
    };
    match index {
        Some(i) => Ok((i + 1, versions.into_iter().nth(i).expect("an index in the list"))),
        None => Err(Refused::NoVersion(format!(
            "{file} has no version \"{}\" (by name, or by number from 1 to {}); the versions it keeps:\n{}",
            shown(asked),
            versions.len(),
            listing(&versions).trim_end()
        ))),
    }
}

/// Reads a side of `docshape diff`: a model file, or `FILE@VERSION`.
pub fn read_side(arg: &str) -> Result<(Model, Side), Refused> {
    if Path::new(arg).exists() {
        return Ok((read_model(arg)?, Side { file: arg.to_string(), version: None }));
    }
    for (at, _) in arg.rmatch_indices('@') {
        let (file, asked) = (&arg[..at], &arg[at + 1..]);
        if !Path::new(file).is_file() {
            continue;
        }
        let (number, v) = pick(file, versions_of(file)?, asked)?;
        let version = KeptVersion { number, name: v.name, at: v.at };
        return Ok((v.model, Side { file: file.to_string(), version: Some(version) }));
    }
    read_model(arg).map(|m| (m, Side { file: arg.to_string(), version: None })).map_err(|e| {
        let hint = if arg.contains('@') {
            " (nor is the part before any `@` a file: FILE@VERSION names a version kept in FILE)"
        } else {
            ""
        };
        Refused::Cannot(format!("{e}{hint}"))
    })
}

/// The versions a model file keeps (number, when kept, name), as FILE@N reads them.
///
/// A file keeps versions when the app's Versions dialog downloads it "with its versions";
/// `docshape diff FILE@N ...` compares one of them.
#[derive(clap::Args)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// text: a numbered list; json: the list for scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// `docshape versions FILE [--format text|json]`: the versions a model file keeps, numbered as
/// `FILE@N` reads them, with when each was kept.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, format } = args;
    let path = path.as_str();
    let versions = versions_of(path)?;
    let text = if format == Format::Json {
        let list: Vec<serde_json::Value> = versions
            .iter()
            .enumerate()
            .map(|(i, v)| {
                serde_json::json!({
                    "number": i + 1, "name": v.name, "at": v.at, "kept": utc_minute(v.at), "design": v.model.name,
                })
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&serde_json::json!({ "file": path, "versions": list }))
            .map_err(|e| e.to_string())?;
        text.push('\n');
        text
    } else if versions.is_empty() {
        format!("{} keeps no versions\n", shown(path))
    } else {
        format!(
            "{} keeps {} version(s), in the file's order (docshape diff {}@N reads the N-th):\n{}",
            shown(path),
            versions.len(),
            shown(path),
            listing(&versions)
        )
    };
    emit(&text)?;
    Ok(ExitCode::SUCCESS)
}
