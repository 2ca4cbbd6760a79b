//! Learning from real data: sample documents and `$jsonSchema` validators in, a model out.
//!
//! - Parsers (hand-written, streaming, never panicking): mongosh output ([`Format::Shell`]),
//!   Extended JSON v2 relaxed and canonical ([`Format::Ejson`]) and NDJSON / mongoexport
//!   ([`Format::Ndjson`]), with [`detect`]ion; values are a small type-aware [`Value`].
//! - Inference: a bounded-memory [`Accumulator`] fed one document at a time ([`infer_from`]
//!   drives it over a reader), producing an [`Inference`] report and an
//!   [`Entity`](crate::model::Entity) (a collection) via [`Inference::to_entity`].
//! - [`observations`]: what the measured figures say (outlier arrays, mixed types, string
//!   formats, documents near MongoDB's thresholds).
//! - `$jsonSchema` import into an entity ([`import_json_schema`]).

mod accumulator;
mod ejson;
mod histogram;
mod literals;
mod observation_text;
mod observations;
mod parser;
mod report;
mod run;
mod scalars;
mod schema_import;
#[cfg(test)]
mod schema_roundtrip;
mod shell;
mod source;
mod stream;
mod to_entity;
mod value;
mod value_json;

pub use accumulator::{string_format, Accumulator, InferOptions, SizeCounts};
pub use histogram::{Histogram, EXACT_MAX};
pub use observation_text::observation_text;
pub use observations::{observations, Observation, OUTLIER_MIN_ARRAYS};
pub use parser::{parse_document, Dialect, Parser, MAX_DEPTH};
pub use report::{percent, thousands, ArrayReport, Distribution, FieldReport, FormatShare, Inference, TypeShare};
pub use run::{infer_from, infer_text, ReadSummary, MAX_MESSAGES};
pub use scalars::iso_date;
pub use schema_import::{entity_from_schema_document, import_json_schema, SchemaImport};
pub use source::{ParseError, Source};
pub use stream::{detect, open, Documents, Format, Malformed, MAX_LINE_BYTES};
pub use to_entity::{dominant_type, entity_id};
pub use value::{document_size, Document, Kind, Value};
pub use value_json::{from_json, to_json};
