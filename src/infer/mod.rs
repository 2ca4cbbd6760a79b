//! Learning from real data: sample documents and `$jsonSchema` validators in, a model out.
//!
//! - Parsers (hand-written, streaming, never panicking): mongosh output ([`Format::Shell`]),
//!   Extended JSON v2 relaxed and canonical ([`Format::Ejson`]) and NDJSON / mongoexport
//!   ([`Format::Ndjson`]), with [`detect`]ion; values are a small type-aware [`Value`].
//! - Inference: a bounded-memory [`Accumulator`] fed one document at a time, producing an
//!   [`Inference`] report and an [`Entity`](crate::model::Entity) (a collection).
//! - [`observations`]: what the measured figures say (outlier arrays, mixed types, documents
//!   near MongoDB's thresholds).
//! - `$jsonSchema` import into an entity ([`import_json_schema`]).

mod ejson;
mod parser;
mod scalars;
mod shell;
mod source;
mod stream;
mod value;

pub use parser::{parse_document, Dialect, Parser, MAX_DEPTH};
pub use source::{ParseError, Source};
pub use stream::{detect, open, Documents, Format, Malformed, MAX_LINE_BYTES};
pub use value::{document_size, Document, Kind, Value};
