//! The two report sections the exporters (`crate::export`, on another branch) produce: a
//! collection's decision sheet and its `$jsonSchema` validator.
//!
//! **Filled by the exporter after merge.** `crate::export` has no public function in this
//! branch yet, so both return `None` and the report leaves the sections out; after the merge,
//! each becomes a one-line call into `crate::export` (the report already places and titles
//! their output).

use crate::advisor::Report;
use crate::model::{Entity, Model};

/// The collection's decision sheet, as Markdown. Filled by the exporter after merge.
pub fn decision_sheet(_model: &Model, _report: &Report, _collection: &Entity) -> Option<String> {
    None
}

/// The collection's `$jsonSchema` validator, as mongosh/JSON text. Filled by the exporter
/// after merge.
pub fn validator(_model: &Model, _collection: &Entity) -> Option<String> {
    None
}
