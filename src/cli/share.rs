//! `docshape share MODEL.json [--base URL]`: the share link of a model.
//! `docshape share --decode LINK`: the model a link carries (`-` reads the link from stdin).

use crate::args::{emit, read_model};
use clap::ValueHint;
use docshape::share::{decode_link, share_link};
use std::io::Read;
use std::process::ExitCode;

/// The share link (#m=...) that carries a model, or the model a link carries.
///
/// A model too large for a link gets no link, but the reason (share the file instead). With
/// --decode, a link that does not open as a model exits 2 with what is wrong with it.
#[derive(clap::Args)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", required_unless_present = "decode", value_hint = ValueHint::FilePath)]
    model: Option<String>,
    /// Put this address (the app's URL) before the link.
    #[arg(long, value_name = "URL", value_hint = ValueHint::Url)]
    base: Option<String>,
    /// Print the model this link carries; `-` reads the link from stdin. Quote the link: `#`
    /// starts a comment in a shell.
    #[arg(long, value_name = "LINK", conflicts_with = "model")]
    decode: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, base, decode } = args;
    if let Some(link) = decode {
        let link = if link == "-" { read_link_from_stdin()? } else { link };
        let model = decode_link(&link).map_err(|e| e.to_string())?;
        emit(&format!("{}\n", model.to_json()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = path else {
        return Err("a model file is needed, or --decode LINK".into());
    };
    let model = read_model(&path)?;
    // Never print a link that would not open as this model: say why, and offer the file.
    let link = share_link(&model)
        .map_err(|e| format!("{path}: no share link was made. {e} ({path} itself can be shared.)"))?;
    emit(&format!("{}{link}\n", base.unwrap_or_default()))?;
    Ok(ExitCode::SUCCESS)
}

/// The link on standard input, read no further than the longest link docshape opens (so its
/// length is told as "longer than", never as the count where reading stopped).
fn read_link_from_stdin() -> Result<String, String> {
    let limit = docshape::share::MAX_LINK_CHARS;
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read the link from stdin: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "the link on standard input is longer than {limit} characters, the longest docshape opens (it was not read further). Share the model file instead."
        ));
    }
    String::from_utf8(bytes).map_err(|_| "the link on standard input is not UTF-8 text".to_string())
}
