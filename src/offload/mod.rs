//! Work the browser runs in a second WebAssembly module, a Web Worker (`docshape-worker`),
//! loaded only when the export or import dialog opens or a share link is made: the exporters,
//! the importer, the review report, the SVG diagram and the share-link encoder. The live editor (model, advisor, UI) never links them, which
//! keeps the first download small.
//!
//! The messages are JSON text ([`protocol`]): the UI sends a [`protocol::Request`] with the
//! model file, the language and the job; [`handle`] answers a [`protocol::Response`]. Plain
//! Rust, so the whole exchange is tested natively.

mod exports;
mod import;
pub mod protocol;

pub use import::analyse;
use protocol::{Job, Outcome, Request, Response};

/// Answers one request message (JSON text) with one response message (JSON text). Never
/// panics on its input: a malformed request or model is answered with an error outcome.
pub fn handle(message: &str) -> String {
    let response = match serde_json::from_str::<Request>(message) {
        Ok(request) => Response { id: request.id, outcome: run(&request) },
        Err(e) => Response { id: 0, outcome: Outcome::Error(format!("unreadable request: {e}")) },
    };
    serde_json::to_string(&response).unwrap_or_default()
}

/// Runs one request's job on its model.
pub fn run(request: &Request) -> Outcome {
    let model = match crate::model::load(&request.model) {
        Ok(model) => model,
        Err(e) => return Outcome::Error(e.to_string()),
    };
    let lang = request.lang();
    match &request.job {
        Job::Export { kind, share_base } => {
            let share_url = share_base.as_ref().map(|base| format!("{base}{}", crate::share::encode_link(&model)));
            Outcome::Text(exports::render(*kind, &model, lang, share_url))
        }
        Job::ShareLink {} => Outcome::Text(crate::share::encode_link(&model)),
        Job::Svg { dark, only } => Outcome::Text(exports::svg(&model, *dark, only.clone(), lang)),
        Job::Import { text, name, source } => match analyse(text, name, source, &model, lang) {
            Ok(preview) => Outcome::Preview(Box::new(preview)),
            Err(message) => Outcome::Error(message),
        },
    }
}

#[cfg(test)]
mod tests;
