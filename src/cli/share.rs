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
        let link = if link == "-" {
            let mut text = String::new();
            std::io::stdin()
                .take(docshape::share::MAX_LINK_CHARS as u64 + 1)
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read the link from stdin: {e}"))?;
            text
        } else {
            link.to_string()
        };
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
