//! A rough BSON size of a child from its fields, for relations whose `childBytes` is not
//! given and whose child has no size estimate (embedded children, values, bucket elements).

use crate::model::{BsonType, Entity, EntityKind, Field};

/// A sub-document with no fields listed is taken to be this big.
pub(crate) const DEFAULT_DOC_BYTES: u64 = 200;
/// A string with no size hint is taken to be this long.
const DEFAULT_STRING_BYTES: u64 = 16;
/// An array with no size hint is taken to hold this many items.
const DEFAULT_ITEMS: u64 = 4;
/// Type byte and index key (`"12"`) of one array element.
const ELEMENT_OVERHEAD: u64 = 4;

/// A rough BSON size of one entity's document (or value), for when no estimate is given.
pub(crate) fn entity_bytes(e: &Entity) -> u64 {
    match e.kind {
        EntityKind::Value => scalar_bytes(e.value_type.unwrap_or(BsonType::String), DEFAULT_STRING_BYTES),
        _ if e.fields.is_empty() => DEFAULT_DOC_BYTES,
        _ => 5u64.saturating_add(fields_bytes(&e.fields, 0)),
    }
}

/// One element of an array field: a sub-document or a scalar, with its element overhead.
pub(crate) fn element_bytes(f: &Field) -> u64 {
    let item = match f.items {
        Some(BsonType::Object) | None if !f.fields.is_empty() => 5u64.saturating_add(fields_bytes(&f.fields, 1)),
        Some(t) => scalar_bytes(t, f.size.avg_bytes.unwrap_or(DEFAULT_STRING_BYTES)),
        None => DEFAULT_STRING_BYTES,
    };
    item.saturating_add(ELEMENT_OVERHEAD)
}

fn fields_bytes(fields: &[Field], depth: u32) -> u64 {
    if depth > 16 {
        return DEFAULT_DOC_BYTES;
    }
    let mut total: u64 = 0;
    for f in fields {
        let name = 2u64.saturating_add(f.name.len() as u64);
        let value = match f.bson_type {
            BsonType::Object if f.fields.is_empty() => DEFAULT_DOC_BYTES,
            BsonType::Object => 5u64.saturating_add(fields_bytes(&f.fields, depth + 1)),
            BsonType::Array => {
                let items = f.size.avg_items.unwrap_or(DEFAULT_ITEMS).min(1_000_000);
                let one = match f.items {
                    Some(BsonType::Object) | None if !f.fields.is_empty() => {
                        5u64.saturating_add(fields_bytes(&f.fields, depth + 1))
                    }
                    Some(t) => scalar_bytes(t, f.size.avg_bytes.unwrap_or(DEFAULT_STRING_BYTES)),
                    None => DEFAULT_STRING_BYTES,
                };
                5u64.saturating_add(items.saturating_mul(one.saturating_add(ELEMENT_OVERHEAD)))
            }
            t => scalar_bytes(t, f.size.avg_bytes.unwrap_or(DEFAULT_STRING_BYTES)),
        };
        total = total.saturating_add(name).saturating_add(value);
    }
    total
}

fn scalar_bytes(t: BsonType, avg: u64) -> u64 {
    match t {
        BsonType::String => 5u64.saturating_add(avg),
        BsonType::BinData => 5u64.saturating_add(avg),
        BsonType::Int => 4,
        BsonType::Long | BsonType::Double | BsonType::Date | BsonType::Timestamp => 8,
        BsonType::Decimal => 16,
        BsonType::Bool => 1,
        BsonType::ObjectId => 12,
        BsonType::Null => 0,
        BsonType::Object | BsonType::Array => DEFAULT_DOC_BYTES,
    }
}
