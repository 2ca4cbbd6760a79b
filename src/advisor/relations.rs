//! Per-relation recommendation from the six criteria (advisor-relations fills this in).

use super::{RelationAdvice, SizeEstimate};
use crate::model::Model;

pub fn advise(_model: &Model, _sizes: &[SizeEstimate]) -> Vec<RelationAdvice> {
    Vec::new()
}
