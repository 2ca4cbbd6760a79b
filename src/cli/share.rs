//! `docshape share MODEL.json [--base URL]`: the share link of a model.
//! `docshape share --decode LINK`: the model a link carries (`-` reads the link from stdin).

use crate::args::{emit, read_model, Args};
use docshape::share::{decode_link, share_link};
use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: docshape share MODEL.json [--base URL] | docshape share --decode LINK|-";

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["base", "decode"])?;
    if let Some(link) = args.option("decode") {
        if !args.positional.is_empty() {
            return Err(USAGE.into());
        }
        let link = if link == "-" { read_link_from_stdin()? } else { link.to_string() };
        let model = decode_link(&link).map_err(|e| e.to_string())?;
        emit(&format!("{}\n", model.to_json()))?;
        return Ok(ExitCode::SUCCESS);
    }
    let [path] = args.positional.as_slice() else {
        return Err(USAGE.into());
    };
    let model = read_model(path)?;
    // Never print a link that would not open as this model: say why, and offer the file.
    let link = share_link(&model)
        .map_err(|e| format!("{path}: no share link was made. {e} ({path} itself can be shared.)"))?;
    emit(&format!("{}{link}\n", args.option("base").unwrap_or_default()))?;
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
