//! Document sizes with BSON's encoding rules (advisor-collections fills this in).

use super::SizeEstimate;
use crate::model::{Entity, Model};

pub fn estimate(_model: &Model) -> Vec<SizeEstimate> {
    Vec::new()
}

/// Size estimate of one collection's documents.
pub fn estimate_entity(_model: &Model, _entity: &Entity) -> Option<SizeEstimate> {
    None
}

/// Exact BSON size of a document given as Extended JSON (canonical or relaxed).
pub fn bson_size_of_value(_doc: &serde_json::Value) -> u64 {
    0
}
