//! The messages between the UI and the worker, as JSON text. A request:
//!
//! ```json
//! {"id": 7, "lang": "en", "model": "{\"format\": \"docshape\", ...}", "job": {"export": {"kind": "schema"}}}
//! {"id": 8, "lang": "es", "model": "...", "job": {"svg": {"dark": true, "only": ["libro"]}}}
//! {"id": 9, "lang": "pt", "model": "...", "job": {"import": {"text": "{...}\n{...}", "name": "samples", "source": "pasted"}}}
//! {"id": 10, "lang": "en", "model": "...", "job": {"shareLink": {}}}
//! {"id": 11, "lang": "en", "model": "...", "job": {"diff": {"base": "{\"format\": \"docshape\", ...}"}}}
//! ```
//!
//! and its answer, with the same `id`: `{"id": 7, "outcome": {"text": "..."}}`,
//! (a long job, `importDump`, first sends `{"id": 12, "outcome": {"progress": 0.4}}` messages),
//! `{"id": 9, "outcome": {"preview": {...}}}` or `{"id": 7, "outcome": {"error": "..."}}`.
//! The worker sends [`READY`] once, when it can take requests.
//!
//! Both shapes avoid serde's `flatten` and internally tagged enums: those buffer the input and
//! instantiate a second (de)serializer of every type inside (the whole `Entity` of a preview),
//! which cost the main module about 26 KB of gzipped wasm.

use crate::export::ExportTarget;
use crate::i18n::Lang;
use crate::model::Entity;
use serde::{Deserialize, Serialize};

/// The message the worker sends once its module is loaded; requests sent before are queued.
pub const READY: &str = "ready";

/// One job for the worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the sender; the response carries it back.
    pub id: u32,
    /// The interface's language code (`"en"`, `"es"`, `"pt"`); unknown codes mean English.
    #[serde(default = "english")]
    pub lang: String,
    /// The model file (JSON text, as saved).
    pub model: String,
    /// What to do with it.
    pub job: Job,
    /// The texts file of the request's language (`data/i18n/<lang>.json`), which the browser's
    /// worker needs to write in Spanish or Portuguese (`i18n::fetched`); installed once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub texts: Option<String>,
}

fn english() -> String {
    Lang::En.code().to_string()
}

impl Request {
    /// The request's language (English for an unknown code).
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.lang).unwrap_or_default()
    }
}

/// The work a request asks for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Job {
    /// The text of one export tab.
    Export {
        kind: ExportTarget,
        /// For the review report: the page's address (origin and path). The worker appends
        /// the model's share link (`#m=...`) to it, so the link that opens the design is in
        /// the report; the UI does not link the share-link encoder.
        #[serde(default, rename = "shareBase", skip_serializing_if = "Option::is_none")]
        share_base: Option<String>,
    },
    /// The model's share link fragment (`#m=...`), for the Share action. Encoding (compact
    /// JSON, DEFLATE) lives in the worker; the page only decodes links.
    ShareLink {},
    /// The diagram as SVG, light or dark, of every entity or only of the given ids.
    Svg {
        #[serde(default)]
        dark: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only: Option<Vec<String>>,
    },
    /// The compare view of the request's model against `base` (another model file: a version,
    /// a file, a share link's design).
    Diff { base: String },
    /// Sample documents or a `$jsonSchema` to preview as a new collection.
    Import { text: String, name: String, source: String },
    /// A dropped mongodump (a folder's files, or one archive) to preview as collections and
    /// the relations found; the worker sends [`Outcome::Progress`] messages while it reads.
    ImportDump {
        files: Vec<DroppedFile>,
        /// Documents sampled per collection (`crate::dump::DEFAULT_SAMPLE` when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sample: Option<u64>,
    },
}

/// One dropped file: its name (a folder's relative path is fine) and its bytes in base64 (a
/// `data:` URL as `FileReader.readAsDataURL` gives it is accepted too).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DroppedFile {
    pub name: String,
    pub base64: String,
}

/// On the wire an export is its name (`"schema"`, `"mongosh"`, `"typescript"`: the names
/// `docshape export --what` takes, from the one list of exports, `export::ExportTarget`).
impl Serialize for ExportTarget {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for ExportTarget {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        ExportTarget::from_name(&name).ok_or_else(|| serde::de::Error::custom(format!("no export is named {name:?}")))
    }
}

/// The answer to one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Response {
    /// The request's id.
    pub id: u32,
    pub outcome: Outcome,
}

/// What a job gave.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    /// An export's text.
    Text(String),
    /// An import's preview.
    Preview(Box<ImportPreview>),
    /// A compare view.
    Compare(Box<super::compare::ComparePreview>),
    /// A dropped dump's preview: entities, the relations found (each with its evidence, to be
    /// accepted or rejected: `crate::dump::preview::accept`) and what was read.
    Dump(Box<crate::dump::preview::DumpPreview>),
    /// Not an answer: how far a long job is (0 to 1), sent before its answer with its id.
    Progress(f64),
    /// Why the job could not be done (shown to the user).
    Error(String),
}

/// What an import would add: the entity, a summary line and the messages (malformed lines,
/// observations), all in the request's language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportPreview {
    pub entity: Entity,
    pub summary: String,
    pub messages: Vec<String>,
}
