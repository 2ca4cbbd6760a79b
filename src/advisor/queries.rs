//! How each access pattern is served (advisor-collections fills this in).

use super::{IndexAdvice, QueryAdvice};
use crate::model::Model;

pub fn advise(_model: &Model, _indexes: &[IndexAdvice]) -> Vec<QueryAdvice> {
    Vec::new()
}
