//! Design patterns that fit (advisor-relations fills this in).

use super::{PatternSuggestion, RelationAdvice, SizeEstimate};
use crate::model::Model;

pub fn suggest(_model: &Model, _relations: &[RelationAdvice], _sizes: &[SizeEstimate]) -> Vec<PatternSuggestion> {
    Vec::new()
}
