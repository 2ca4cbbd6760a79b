//! Exporters: example documents, `$jsonSchema` validators, mongosh scripts, decision sheets and
//! synthetic data, all pure functions of the model.
//!
//! Everything starts from one [`shape::Shape`] per collection (declared fields plus what the
//! relations put there), turned into a [`bson::Bson`] value tree and rendered as mongosh syntax
//! or Extended JSON v2 (relaxed or canonical).

mod arrays;
pub mod bson;
pub mod code;
mod computed;
pub mod datetime;
mod document;
pub mod ejson;
pub mod examples;
mod facts;
pub(crate) mod lexicon;
pub mod lookup;
pub mod mongosh;
pub mod pattern;
/// The deterministic generator the exporters seed their values from (shared with the model
/// generator).
pub use crate::rng;
pub mod scale_markdown;
pub mod schema;
mod scheme;
mod semantic;
pub mod shape;
mod shard_script;
pub mod sheet;
pub mod sheet_batch;
mod sheet_copies;
mod sheet_index;
mod sheet_parts;
pub mod shell;
mod snippet_comments;
pub mod snippets;
mod summaries;
pub mod synthetic;
pub mod target;
mod values;

pub use bson::{Bson, Doc};
pub use document::{Builder, Which, EXAMPLE_SEED};
pub use ejson::Flavor;
pub use examples::{examples, CollectionExamples, Example};
pub(crate) use sheet_parts::{decimal, pick, severity as severity_word};
pub use target::ExportTarget;
