//! Bucket summaries: top-level `min`, `max`, `media`/`avg`, `suma`/`sum` fields of a bucket
//! document computed from its events, so the summary always agrees with the array.

use super::bson::{Bson, Doc};
use super::facts::round2;
use super::shape::{Op, Role, Shape};
use crate::model::BsonType;

/// Sets each summary field of `doc` from the first numeric field of the events.
pub fn fill(doc: &mut Doc, shape: &Shape, array_field: &str, events: &[Doc]) {
    let Some(events_node) = shape.field(array_field) else { return };
    let Some(value_field) = events_node.children.iter().find(|c| c.ty.is_numeric()).map(|c| &*c.name) else {
        return;
    };
    let values: Vec<f64> = events.iter().filter_map(|e| e.get(value_field).and_then(Bson::as_f64)).collect();
    if values.is_empty() {
        return;
    }
    for node in &shape.fields {
        if node.role != Role::Plain || !node.ty.is_numeric() {
            continue;
        }
        let Some(op) = Op::parse(&node.name) else { continue };
        let x = match op {
            Op::Min => values.iter().copied().fold(f64::INFINITY, f64::min),
            Op::Max => values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            Op::Sum => values.iter().sum(),
            Op::Avg => round2(values.iter().sum::<f64>() / values.len() as f64),
            Op::Count => values.len() as f64,
        };
        let value = match node.ty {
            BsonType::Int => Bson::Int(x.round() as i32),
            BsonType::Long => Bson::Long(x.round() as i64),
            BsonType::Decimal => Bson::Decimal(format!("{x:.2}")),
            _ => Bson::Double(round2(x)),
        };
        doc.insert(node.name.to_string(), value);
    }
}
