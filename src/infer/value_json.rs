//! Between [`Value`] and `serde_json::Value`, in relaxed Extended JSON v2 form.

use super::value::Value;
use serde_json::{json, Map, Value as Json};

/// The relaxed Extended JSON form of a value (`{"$oid": ...}`, `{"$date": ...}`, plain numbers).
pub fn to_json(value: &Value) -> Json {
    match value {
        Value::Double(f) => serde_json::Number::from_f64(*f).map(Json::Number).unwrap_or_else(|| {
            let text = if f.is_nan() {
                "NaN"
            } else if *f > 0.0 {
                "Infinity"
            } else {
                "-Infinity"
            };
            json!({ "$numberDouble": text })
        }),
        Value::String(s) => Json::String(s.clone()),
        Value::Document(fields) => {
            Json::Object(fields.iter().map(|(k, v)| (k.clone(), to_json(v))).collect::<Map<_, _>>())
        }
        Value::Array(items) => Json::Array(items.iter().map(to_json).collect()),
        // the bytes are not kept: binary data is summarized by its length
        Value::Binary { subtype, len } => json!({ "$binary": { "bytes": len, "subType": format!("{subtype:02x}") } }),
        Value::Undefined => json!({ "$undefined": true }),
        Value::ObjectId(id) => json!({ "$oid": id }),
        Value::Bool(b) => Json::Bool(*b),
        Value::Date(Some(ms)) => json!({ "$date": { "$numberLong": ms.to_string() } }),
        Value::Date(None) => json!({ "$date": null }),
        Value::Null => Json::Null,
        Value::Regex { pattern, options } => {
            json!({ "$regularExpression": { "pattern": pattern, "options": options } })
        }
        Value::DbPointer { namespace, id } => json!({ "$dbPointer": { "$ref": namespace, "$id": { "$oid": id } } }),
        Value::JavaScript(code) => json!({ "$code": code }),
        Value::Symbol(s) => json!({ "$symbol": s }),
        Value::JavaScriptWithScope { code, scope } => {
            json!({ "$code": code, "$scope": to_json(&Value::Document(scope.clone())) })
        }
        Value::Int32(n) => json!(n),
        Value::Timestamp { t, i } => json!({ "$timestamp": { "t": t, "i": i } }),
        Value::Int64(n) => json!(n),
        Value::Decimal128(d) => json!({ "$numberDecimal": d }),
        Value::MinKey => json!({ "$minKey": 1 }),
        Value::MaxKey => json!({ "$maxKey": 1 }),
    }
}

/// A `serde_json` value as a [`Value`] (numbers as relaxed Extended JSON reads them; wrapper
/// objects are kept as documents).
pub fn from_json(json: &Json) -> Value {
    match json {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i32::try_from(i).map(Value::Int32).unwrap_or(Value::Int64(i)),
            (None, Some(f)) => Value::Double(f),
            (None, None) => Value::Null,
        },
        Json::String(s) => Value::String(s.clone()),
        Json::Array(items) => Value::Array(items.iter().map(from_json).collect()),
        Json::Object(map) => Value::Document(map.iter().map(|(k, v)| (k.clone(), from_json(v))).collect()),
    }
}
