//! MongoDB Extended JSON v2 (relaxed and canonical) and the v1 forms mongoexport still
//! writes: a document whose keys are a type wrapper (`{"$oid": ...}`, `{"$date": ...}`,
//! `{"$numberLong": "..."}`...) is that typed value.

use super::scalars::{base64_len, float, integer, iso_date};
use super::value::{Document, Value};

fn get<'a>(fields: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn text<'a>(fields: &'a [(String, Value)], key: &str) -> Option<&'a str> {
    match get(fields, key) {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The typed value a wrapper document stands for, the document itself when it is not a
/// wrapper, or why a wrapper's content is wrong.
pub fn decode(fields: Document) -> Result<Value, String> {
    let Some((first, _)) = fields.first() else {
        return Ok(Value::Document(fields));
    };
    if !first.starts_with('$') || fields.len() > 2 {
        return Ok(Value::Document(fields));
    }
    let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    let has = |k: &str| keys.contains(&k);
    let wrong = |key: &str, what: &str| format!("Extended JSON {key} must hold {what}");
    let value = |key: &str| get(&fields, key);
    let decoded = match keys.as_slice() {
        ["$oid"] => match value("$oid") {
            Some(Value::String(s)) if s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Value::ObjectId(s.clone())
            }
            _ => return Err(wrong("$oid", "24 hexadecimal digits")),
        },
        ["$date"] => match value("$date") {
            Some(Value::String(s)) => Value::Date(Some(iso_date(s).ok_or_else(|| wrong("$date", "an ISO-8601 date"))?)),
            Some(Value::Int64(ms)) => Value::Date(Some(*ms)),
            Some(Value::Int32(ms)) => Value::Date(Some(*ms as i64)),
            Some(Value::Double(ms)) if ms.is_finite() => Value::Date(Some(*ms as i64)),
            // {"$numberLong": "..."} inside was already decoded to a long
            _ => return Err(wrong("$date", "an ISO-8601 string or {\"$numberLong\": \"<millis>\"}")),
        },
        ["$numberDecimal"] => match value("$numberDecimal") {
            Some(Value::String(s)) if is_decimal(s) => Value::Decimal128(s.clone()),
            _ => return Err(wrong("$numberDecimal", "a decimal number string such as \"12.50\"")),
        },
        ["$numberLong"] => match value("$numberLong").and_then(integer) {
            Some(n) => Value::Int64(n),
            None => return Err(wrong("$numberLong", "a 64-bit integer string")),
        },
        ["$numberInt"] => match value("$numberInt").and_then(integer).and_then(|n| i32::try_from(n).ok()) {
            Some(n) => Value::Int32(n),
            None => return Err(wrong("$numberInt", "a 32-bit integer string")),
        },
        ["$numberDouble"] => match value("$numberDouble").and_then(float) {
            Some(f) => Value::Double(f),
            None => return Err(wrong("$numberDouble", "a number string")),
        },
        ["$binary"] => match value("$binary") {
            Some(Value::Document(inner)) => match (text(inner, "base64"), text(inner, "subType")) {
                (Some(data), Some(sub)) => Value::Binary { subtype: subtype(sub)?, len: base64_len(data) },
                _ => return Err(wrong("$binary", "{\"base64\": ..., \"subType\": ...}")),
            },
            _ => return Err(wrong("$binary", "{\"base64\": ..., \"subType\": ...}")),
        },
        _ if has("$binary") && has("$type") => match (text(&fields, "$binary"), text(&fields, "$type")) {
            (Some(data), Some(sub)) => Value::Binary { subtype: subtype(sub)?, len: base64_len(data) },
            _ => return Err(wrong("$binary", "a base64 string beside \"$type\"")),
        },
        ["$uuid"] => Value::Binary { subtype: 4, len: 16 },
        ["$timestamp"] => match value("$timestamp") {
            Some(Value::Document(inner)) => {
                let part = |k| get(inner, k).and_then(integer).and_then(|n| u32::try_from(n).ok());
                match (part("t"), part("i")) {
                    (Some(t), Some(i)) => Value::Timestamp { t, i },
                    _ => return Err(wrong("$timestamp", "{\"t\": <seconds>, \"i\": <increment>}")),
                }
            }
            _ => return Err(wrong("$timestamp", "{\"t\": <seconds>, \"i\": <increment>}")),
        },
        ["$regularExpression"] => match value("$regularExpression") {
            Some(Value::Document(inner)) => match (text(inner, "pattern"), text(inner, "options")) {
                (Some(p), o) => Value::Regex { pattern: p.to_string(), options: o.unwrap_or("").to_string() },
                _ => return Err(wrong("$regularExpression", "{\"pattern\": ..., \"options\": ...}")),
            },
            _ => return Err(wrong("$regularExpression", "{\"pattern\": ..., \"options\": ...}")),
        },
        // the v1 form; with other value types it is a query operator, left as a document
        _ if has("$regex") && has("$options") => match (text(&fields, "$regex"), text(&fields, "$options")) {
            (Some(p), Some(o)) => Value::Regex { pattern: p.to_string(), options: o.to_string() },
            _ => Value::Document(fields),
        },
        ["$minKey"] => Value::MinKey,
        ["$maxKey"] => Value::MaxKey,
        ["$undefined"] => Value::Undefined,
        ["$symbol"] => match text(&fields, "$symbol") {
            Some(s) => Value::Symbol(s.to_string()),
            None => return Err(wrong("$symbol", "a string")),
        },
        ["$code"] => match text(&fields, "$code") {
            Some(s) => Value::JavaScript(s.to_string()),
            None => return Err(wrong("$code", "a string")),
        },
        _ if has("$code") && has("$scope") => match (text(&fields, "$code"), get(&fields, "$scope")) {
            (Some(code), Some(Value::Document(scope))) => {
                Value::JavaScriptWithScope { code: code.to_string(), scope: scope.clone() }
            }
            _ => return Err(wrong("$code", "a string beside a \"$scope\" document")),
        },
        ["$dbPointer"] => match value("$dbPointer") {
            Some(Value::Document(inner)) => match (text(inner, "$ref"), get(inner, "$id")) {
                (Some(ns), Some(Value::ObjectId(id))) => Value::DbPointer { namespace: ns.to_string(), id: id.clone() },
                _ => return Err(wrong("$dbPointer", "{\"$ref\": ..., \"$id\": {\"$oid\": ...}}")),
            },
            _ => return Err(wrong("$dbPointer", "{\"$ref\": ..., \"$id\": {\"$oid\": ...}}")),
        },
        _ => Value::Document(fields),
    };
    Ok(decoded)
}

/// A binary subtype written as hex text (`"00"`, `"04"`, `"80"`).
/// A Decimal128 string as Extended JSON writes it: `-12.50`, `1E+3`, `Infinity`, `NaN`.
fn is_decimal(text: &str) -> bool {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if matches!(unsigned, "Infinity" | "Inf") || text == "NaN" {
        return true;
    }
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e.strip_prefix(['-', '+']).unwrap_or(e))),
        None => (unsigned, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        Some((whole, frac)) => {
            (digits(whole) || whole.is_empty()) && (digits(frac) || frac.is_empty()) && mantissa.len() > 1
        }
        None => digits(mantissa),
    };
    mantissa_ok && exponent.is_none_or(digits)
}

fn subtype(text: &str) -> Result<u8, String> {
    u8::from_str_radix(text.trim(), 16).map_err(|_| format!("\"{text}\" is not a binary subtype (two hex digits)"))
}
