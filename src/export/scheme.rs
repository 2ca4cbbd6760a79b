//! Bucket `_id` schemes: `ACT-{socio_id}-{dia}` filled with a document's values.

use super::bson::{Bson, Doc};
use super::datetime::period_label;
use super::facts::{self, SchemePart};
use crate::model::BsonType;

/// `ACT-{socio_id}-{dia}` with the document's values (the period formatted for its length).
pub fn render_scheme(scheme: &str, doc: &Doc, period_field: Option<&str>, start: i64, period: &str) -> String {
    let scheme = if scheme.is_empty() {
        format!("{{{}}}", doc.keys().nth(1).unwrap_or("id"))
            + &period_field.map(|p| format!("-{{{p}}}")).unwrap_or_default()
    } else {
        scheme.to_string()
    };
    facts::split_scheme(&scheme)
        .into_iter()
        .map(|part| match part {
            SchemePart::Literal(l) => l,
            SchemePart::Slot(name) if Some(name.as_str()) == period_field => period_label(start, period),
            SchemePart::Slot(name) => match doc.get_path(&name) {
                Some(Bson::String(s)) => s.to_string(),
                Some(Bson::Int(n)) => n.to_string(),
                Some(Bson::Long(n)) => n.to_string(),
                Some(Bson::ObjectId(b)) => super::bson::oid_hex(b),
                Some(Bson::Date(ms)) => period_label(*ms, period),
                _ => name,
            },
        })
        .collect()
}

pub fn placeholder_json(text: &str, ty: BsonType) -> serde_json::Value {
    match ty {
        BsonType::Int | BsonType::Long => text.parse::<i64>().map(serde_json::Value::from).unwrap_or_default(),
        _ => serde_json::Value::String(text.to_string()),
    }
}
