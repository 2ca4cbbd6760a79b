//! Indexes derived from the access patterns (advisor-collections fills this in).

use super::IndexAdvice;
use crate::model::Model;

pub fn derive(_model: &Model) -> Vec<IndexAdvice> {
    Vec::new()
}
