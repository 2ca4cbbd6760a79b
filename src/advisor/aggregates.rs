//! Aggregate boundaries and writes that span them (advisor-relations fills this in).

use super::{AggregateInfo, SpanningWrite};
use crate::model::Model;

pub fn aggregates(_model: &Model) -> Vec<AggregateInfo> {
    Vec::new()
}

pub fn spanning_writes(_model: &Model) -> Vec<SpanningWrite> {
    Vec::new()
}
