//! BSON's encoding rules (bsonspec.org), and the exact size of a document written in
//! MongoDB Extended JSON.
//!
//! document = int32 length + elements + 0x00; element = type byte + key cstring + value;
//! string = int32 length + UTF-8 bytes + 0x00; arrays are documents keyed "0", "1", ...

use crate::model::BsonType;
use serde_json::{Map, Value};

/// int32 length + the 0x00 terminator of any document or array.
pub(crate) const DOC_OVERHEAD: u64 = 5;
/// int32 length + the 0x00 terminator of a string.
pub(crate) const STRING_OVERHEAD: u64 = 5;
/// int32 length + subtype byte of a binData.
pub(crate) const BINARY_OVERHEAD: u64 = 5;

/// Bytes of an element's header: the type byte and the key as a cstring.
pub(crate) fn element_header(key: &str) -> u64 {
    2 + key.len() as u64
}

/// Value bytes of a fixed-size scalar type; `None` for variable-size types (string, binData,
/// object, array).
pub(crate) fn fixed_size(t: BsonType) -> Option<u64> {
    match t {
        BsonType::Int => Some(4),
        BsonType::Long | BsonType::Double | BsonType::Date | BsonType::Timestamp => Some(8),
        BsonType::Decimal => Some(16),
        BsonType::ObjectId => Some(12),
        BsonType::Bool => Some(1),
        BsonType::Null => Some(0),
        BsonType::String | BsonType::BinData | BsonType::Object | BsonType::Array => None,
    }
}

/// Total bytes of the keys "0", "1", ... "n-1" (without their NULs): the decimal digits of
/// every index below `n`. Exact for whole `n`; a fractional `n` (an average) counts its
/// fraction at the width of the next index.
pub(crate) fn array_key_digits(n: f64) -> f64 {
    if !n.is_finite() || n <= 0.0 {
        return 0.0;
    }
    if n <= 10.0 {
        return n; // one digit each (the loop's first step, exactly)
    }
    let mut total = 0.0;
    let mut low = 0.0_f64; // first index with `digits` digits
    let mut high = 10.0_f64; // first index with `digits + 1` digits
    let mut digits = 1.0;
    while low < n {
        total += (n.min(high) - low) * digits;
        low = high;
        high *= 10.0;
        digits += 1.0;
    }
    total
}

/// Bytes of an array of `n` items whose values average `item` bytes each.
pub(crate) fn array_bytes(n: f64, item: f64) -> f64 {
    let n = n.max(0.0);
    DOC_OVERHEAD as f64 + n * (2.0 + item) + array_key_digits(n)
}

/// Exact BSON size of a document given as Extended JSON, canonical or relaxed, as a driver
/// would encode it after parsing (`{"$oid": ..}` is an ObjectId, a plain integer that fits
/// int32 is an int32, otherwise an int64, any other number a double). A top-level value that
/// is not an object is sized as the value alone.
pub fn bson_size_of_value(doc: &Value) -> u64 {
    match doc {
        Value::Object(map) => document_size(map),
        other => value_size(other),
    }
}

fn document_size(map: &Map<String, Value>) -> u64 {
    let elements: u64 = map.iter().map(|(k, v)| element_header(k) + value_size(v)).sum();
    DOC_OVERHEAD + elements
}

fn value_size(v: &Value) -> u64 {
    match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(n) => match n.as_i64() {
            Some(i) if i32::try_from(i).is_ok() => 4,
            _ => 8,
        },
        Value::String(s) => string_size(s),
        Value::Array(items) => {
            let keys = array_key_digits(items.len() as f64) as u64;
            DOC_OVERHEAD + keys + items.iter().map(|i| 2 + value_size(i)).sum::<u64>()
        }
        Value::Object(map) => extended_size(map).unwrap_or_else(|| document_size(map)),
    }
}

fn string_size(s: &str) -> u64 {
    STRING_OVERHEAD + s.len() as u64
}

/// The size of an Extended JSON type wrapper, or `None` for an ordinary sub-document.
/// Wrappers are recognised by their exact key set, whatever the key order.
fn extended_size(map: &Map<String, Value>) -> Option<u64> {
    let regex = |pattern: &Value, options: Option<&Value>| {
        let options = options.and_then(Value::as_str).unwrap_or("");
        Some(pattern.as_str()?.len() as u64 + 1 + options.len() as u64 + 1)
    };
    if map.len() == 2 {
        if map.contains_key("$binary") && map.contains_key("$type") {
            return binary_size(map);
        }
        if let (Some(p), Some(o)) = (map.get("$regex"), map.get("$options")) {
            return regex(p, Some(o));
        }
        if let (Some(code), Some(Value::Object(scope))) = (map.get("$code"), map.get("$scope")) {
            return Some(4 + string_size(code.as_str()?) + document_size(scope));
        }
        return None;
    }
    let (key, value) = map.iter().next().filter(|_| map.len() == 1)?;
    match key.as_str() {
        "$oid" => Some(12),
        "$date" => Some(8),
        "$numberLong" | "$numberDouble" => Some(8),
        "$numberInt" => Some(4),
        "$numberDecimal" => Some(16),
        "$timestamp" => Some(8),
        "$minKey" | "$maxKey" | "$undefined" => Some(0),
        "$symbol" | "$code" => Some(string_size(value.as_str()?)),
        "$uuid" => Some(BINARY_OVERHEAD + 16),
        "$binary" => binary_size(map),
        "$regex" => regex(value, None),
        "$regularExpression" => regex(value.get("pattern")?, value.get("options")),
        "$dbPointer" => Some(string_size(value.get("$ref")?.as_str()?) + 12),
        _ => None,
    }
}

/// `{"$binary": {"base64": .., "subType": ..}}`, or the legacy `{"$binary": .., "$type": ..}`.
fn binary_size(map: &Map<String, Value>) -> Option<u64> {
    let (data, subtype) = match map.get("$binary")? {
        Value::Object(inner) if map.len() == 1 => {
            (inner.get("base64")?.as_str()?, inner.get("subType").and_then(Value::as_str).unwrap_or("00"))
        }
        Value::String(data) if map.len() == 2 => (data.as_str(), map.get("$type")?.as_str()?),
        _ => return None,
    };
    let bytes = base64_decoded_len(data);
    // Subtype 2 (the old binary) repeats the length inside the payload.
    let old_binary = u8::from_str_radix(subtype, 16).ok() == Some(2);
    Some(BINARY_OVERHEAD + bytes + if old_binary { 4 } else { 0 })
}

/// Bytes encoded by a base64 string (standard or URL alphabet, padding optional).
fn base64_decoded_len(data: &str) -> u64 {
    let symbols = data.bytes().filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_')).count();
    (symbols as u64 * 6) / 8
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hand_computed_documents() {
        assert_eq!(bson_size_of_value(&json!({})), 5);
        // 4 + (1 type + "a\0" 2 + int32 4) + 1
        assert_eq!(bson_size_of_value(&json!({"a": 1})), 12);
        // 4 + (1 + 2 + (4 + "ab" 2 + 1)) + 1
        assert_eq!(bson_size_of_value(&json!({"s": "ab"})), 15);
        // 2^31 does not fit int32: int64
        assert_eq!(bson_size_of_value(&json!({"a": 2147483648_i64})), 16);
        assert_eq!(bson_size_of_value(&json!({"a": -2147483648_i64})), 12);
        assert_eq!(bson_size_of_value(&json!({"a": 1.5})), 16);
        assert_eq!(bson_size_of_value(&json!({"a": null, "b": true})), 4 + 3 + 4 + 1);
        // "é" is two bytes in UTF-8
        assert_eq!(bson_size_of_value(&json!({"é": "é"})), 4 + (1 + 3 + (4 + 2 + 1)) + 1);
    }

    #[test]
    fn arrays_are_documents_keyed_by_index() {
        // {"a": [1, 2]}: array = 4 + (1+2+4)*2 + 1 = 19; document = 4 + 1 + 2 + 19 + 1
        assert_eq!(bson_size_of_value(&json!({"a": [1, 2]})), 27);
        assert_eq!(array_key_digits(10.0), 10.0);
        assert_eq!(array_key_digits(11.0), 12.0);
        assert_eq!(array_key_digits(1000.0), 10.0 + 180.0 + 2700.0);
        let big: Vec<i32> = (0..1234).collect();
        let expected = 4 + 1 + 2 + (5 + 10 + 180 + 2700 + 234 * 4 + 1234 * (2 + 4)) + 1;
        assert_eq!(bson_size_of_value(&json!({ "a": big })), expected);
    }

    #[test]
    fn extended_json_types() {
        let head = 4 + 1 + 2 + 1; // length, type, "v\0", terminator
        let size = |v: Value| bson_size_of_value(&json!({ "v": v })) - head;
        assert_eq!(size(json!({"$oid": "5f1d7a2b9c8e4a0012345678"})), 12);
        assert_eq!(size(json!({"$date": "2026-08-02T00:00:00Z"})), 8);
        assert_eq!(size(json!({"$date": {"$numberLong": "1700000000000"}})), 8);
        assert_eq!(size(json!({"$numberDecimal": "12.50"})), 16);
        assert_eq!(size(json!({"$numberLong": "5"})), 8);
        assert_eq!(size(json!({"$numberInt": "5"})), 4);
        assert_eq!(size(json!({"$numberDouble": "Infinity"})), 8);
        assert_eq!(size(json!({"$timestamp": {"t": 1, "i": 2}})), 8);
        // "aGVsbG8=" is "hello": 4 + subtype + 5
        assert_eq!(size(json!({"$binary": {"base64": "aGVsbG8=", "subType": "00"}})), 10);
        assert_eq!(size(json!({"$binary": {"base64": "aGVsbG8=", "subType": "02"}})), 14);
        assert_eq!(size(json!({"$binary": "aGVsbG8=", "$type": "00"})), 10);
        assert_eq!(size(json!({"$regularExpression": {"pattern": "^a", "options": "i"}})), 5);
        // A `$`-less object is a sub-document; one with unknown `$` keys too.
        assert_eq!(size(json!({"x": 1})), 12);
        // Not a wrapper: a document {"$oid": string(24), "extra": int32}.
        assert_eq!(size(json!({"$oid": "5f1d7a2b9c8e4a0012345678", "extra": 1})), 5 + (6 + 29) + (7 + 4));
        assert_eq!(size(json!({"$regex": "^a", "$options": "i"})), 5);
        assert_eq!(size(json!({"$code": "f()", "$scope": {}})), 4 + 8 + 5);
    }
}
