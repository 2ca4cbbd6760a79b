//! Work the browser runs in a second WebAssembly module, a Web Worker (`docshape-worker`),
//! loaded only when the export or import dialog opens or a share link is made: the exporters,
//! the importer, the review report, the SVG diagram, the share-link encoder and the diff of
//! the compare view. The live editor (model, advisor, UI) never links them, which
//! keeps the first download small.
//!
//! The messages are JSON text ([`protocol`]): the UI sends a [`protocol::Request`] with the
//! model file, the language and the job; [`handle`] answers a [`protocol::Response`]. Plain
//! Rust, so the whole exchange is tested natively.

pub mod compare;
mod dropped_dump;
mod exports;
mod import;
pub mod protocol;

pub use import::analyse;
use protocol::{Job, Outcome, Request, Response};

/// Answers one request message (JSON text) with one response message (JSON text). Never
/// panics on its input: a malformed request or model is answered with an error outcome.
pub fn handle(message: &str) -> String {
    handle_reporting(message, &mut |_| {})
}

/// [`handle`], sending a long job's progress messages (JSON text, [`Outcome::Progress`] with
/// the request's id) to `post` before the answer is returned.
pub fn handle_reporting(message: &str, post: &mut dyn FnMut(String)) -> String {
    let response = match serde_json::from_str::<Request>(message) {
        Ok(request) => {
            let id = request.id;
            let mut progress = |share: f64| {
                let message = Response { id, outcome: Outcome::Progress(share) };
                post(serde_json::to_string(&message).unwrap_or_default());
            };
            Response { id, outcome: run_reporting(&request, &mut progress) }
        }
        Err(e) => Response { id: 0, outcome: Outcome::Error(format!("unreadable request: {e}")) },
    };
    serde_json::to_string(&response).unwrap_or_default()
}

/// Runs one request's job on its model.
pub fn run(request: &Request) -> Outcome {
    run_reporting(request, &mut |_| {})
}

/// Runs one request's job, telling `progress` how far a long one is (0 to 1).
pub fn run_reporting(request: &Request, progress: &mut dyn FnMut(f64)) -> Outcome {
    let model = match crate::model::load(&request.model) {
        Ok(model) => model,
        Err(e) => return Outcome::Error(e.to_string()),
    };
    let lang = request.lang();
    if let Some(texts) = &request.texts {
        // A file the page could install; if it cannot be read here, the answer is in English.
        let _ = crate::i18n::install_texts(lang, texts);
    }
    match &request.job {
        Job::Export { kind, share_base } => {
            // A model too large for a link gets a report without one (the file is shared).
            let share_url = share_base
                .as_ref()
                .and_then(|base| crate::share::share_link(&model).ok().map(|link| format!("{base}{link}")));
            Outcome::Text(exports::render(*kind, &model, lang, share_url))
        }
        // The same checked link as the command line's: a link that would not open is refused,
        // in the request's language, and the app offers the file instead.
        Job::ShareLink {} => match crate::share::share_link(&model) {
            Ok(link) => Outcome::Text(link),
            Err(e) => Outcome::Error(e.refusal(lang)),
        },
        Job::Svg { dark, only } => Outcome::Text(exports::svg(&model, *dark, only.clone(), lang)),
        // The design on screen is the request's model; the base is what it is compared with.
        Job::Diff { base } => match crate::model::load(base) {
            Ok(base) => Outcome::Compare(Box::new(compare::compare(&base, &model, lang))),
            Err(e) => Outcome::Error(e.to_string()),
        },
        Job::Import { text, name, source } => match analyse(text, name, source, &model, lang) {
            Ok(preview) => Outcome::Preview(Box::new(preview)),
            Err(message) => Outcome::Error(message),
        },
        Job::ImportDump { files, sample } => match dropped_dump::preview(files, *sample, &model, lang, progress) {
            Ok(preview) => Outcome::Dump(Box::new(preview)),
            Err(message) => Outcome::Error(message),
        },
    }
}

#[cfg(test)]
mod tests;
