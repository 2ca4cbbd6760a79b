//! The constructors mongosh and the legacy mongo shell print: `ObjectId("...")`,
//! `ISODate("...")`, `NumberLong(5)`, `Long("5")`, `Decimal128("1.5")`, `Timestamp({t, i})`,
//! `BinData(0, "...")`, `Binary.createFromBase64(...)`, `UUID("...")`...

use super::scalars::{base64_len, float, hex_len, integer, iso_date};
use super::value::Value;

/// The value a constructor call stands for, or why it cannot be read.
pub fn construct(name: &str, args: Vec<Value>) -> Result<Value, String> {
    let name = name.strip_prefix("BSON.").unwrap_or(name);
    let text = |i: usize| match args.get(i) {
        Some(Value::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let wrong = |what: &str| format!("{name}(...) expects {what}");
    match name {
        "ObjectId" | "ObjectID" => match args.first() {
            None => Ok(Value::ObjectId(String::new())),
            Some(Value::String(s)) => Ok(Value::ObjectId(s.clone())),
            Some(Value::ObjectId(s)) => Ok(Value::ObjectId(s.clone())),
            Some(_) => Err(wrong("a hexadecimal string")),
        },
        "ISODate" | "Date" => match args.first() {
            None => Ok(Value::Date(None)),
            Some(Value::String(s)) => Ok(Value::Date(iso_date(s))),
            Some(Value::Date(d)) => Ok(Value::Date(*d)),
            Some(v) => match integer(v) {
                Some(ms) if args.len() == 1 => Ok(Value::Date(Some(ms))),
                _ => Ok(Value::Date(None)),
            },
        },
        "NumberDecimal" | "Decimal128" | "Decimal128.fromString" => match args.first() {
            Some(Value::String(s)) => Ok(Value::Decimal128(s.trim().to_string())),
            Some(v) => float(v).map(|f| Value::Decimal128(f.to_string())).ok_or_else(|| wrong("a decimal string")),
            None => Err(wrong("a decimal string")),
        },
        "NumberLong" | "Long" | "Long.fromString" | "Long.fromNumber" | "Long.fromBigInt" | "Int64" => {
            match (args.first(), args.get(1).and_then(integer)) {
                // Long(low, high): two 32-bit halves
                (Some(low), Some(high)) if name == "Long" => {
                    let low = integer(low).ok_or_else(|| wrong("two 32-bit integers"))?;
                    Ok(Value::Int64((high << 32) | (low & 0xFFFF_FFFF)))
                }
                (Some(v), _) => integer(v).map(Value::Int64).ok_or_else(|| wrong("an integer")),
                (None, _) => Ok(Value::Int64(0)),
            }
        }
        "NumberInt" | "Int32" => match args.first() {
            None => Ok(Value::Int32(0)),
            Some(v) => integer(v)
                .and_then(|n| i32::try_from(n).ok())
                .map(Value::Int32)
                .ok_or_else(|| wrong("a 32-bit integer")),
        },
        "Double" | "NumberDouble" => match args.first() {
            None => Ok(Value::Double(0.0)),
            Some(v) => float(v).map(Value::Double).ok_or_else(|| wrong("a number")),
        },
        "Timestamp" => {
            let (t, i) = match (args.first(), args.get(1)) {
                (Some(Value::Document(fields)), None) => {
                    let get = |k: &str| fields.iter().find(|(key, _)| key == k).and_then(|(_, v)| integer(v));
                    (get("t"), get("i"))
                }
                (Some(t), Some(i)) => (integer(t), integer(i)),
                (None, None) => (Some(0), Some(0)),
                _ => (None, None),
            };
            match (t.and_then(|t| u32::try_from(t).ok()), i.and_then(|i| u32::try_from(i).ok())) {
                (Some(t), Some(i)) => Ok(Value::Timestamp { t, i }),
                _ => Err(wrong("({ t: seconds, i: increment }) or (seconds, increment)")),
            }
        }
        "BinData" | "HexData" => {
            let subtype = args
                .first()
                .and_then(integer)
                .and_then(|n| u8::try_from(n).ok())
                .ok_or_else(|| wrong("(subtype, data)"))?;
            let data = text(1).ok_or_else(|| wrong("(subtype, data)"))?;
            let len = if name == "HexData" { hex_len(data) } else { base64_len(data) };
            Ok(Value::Binary { subtype, len })
        }
        "Binary.createFromBase64" | "Binary.createFromHexString" | "Binary" => {
            let subtype = match args.get(1) {
                None => 0,
                Some(v) => {
                    integer(v).and_then(|n| u8::try_from(n).ok()).ok_or_else(|| wrong("a subtype from 0 to 255"))?
                }
            };
            let len = match (name, args.first()) {
                ("Binary.createFromBase64", Some(Value::String(s))) => base64_len(s),
                ("Binary.createFromHexString", Some(Value::String(s))) => hex_len(s),
                ("Binary", Some(Value::String(s))) => s.len() as u64,
                ("Binary", Some(Value::Binary { len, .. })) => *len,
                _ => return Err(wrong("the data")),
            };
            Ok(Value::Binary { subtype, len })
        }
        "Buffer.from" => {
            let data = text(0).ok_or_else(|| wrong("a string"))?;
            let len = match text(1) {
                Some("hex") => hex_len(data),
                Some("base64" | "base64url") => base64_len(data),
                _ => data.len() as u64,
            };
            Ok(Value::Binary { subtype: 0, len })
        }
        "UUID" => Ok(Value::Binary { subtype: 4, len: 16 }),
        "MD5" => Ok(Value::Binary { subtype: 5, len: 16 }),
        "MinKey" => Ok(Value::MinKey),
        "MaxKey" => Ok(Value::MaxKey),
        "RegExp" | "BSONRegExp" => match text(0) {
            Some(p) => Ok(Value::Regex { pattern: p.to_string(), options: text(1).unwrap_or("").to_string() }),
            None => Err(wrong("a pattern string")),
        },
        "Code" => match (text(0), args.get(1)) {
            (Some(code), None) => Ok(Value::JavaScript(code.to_string())),
            (Some(code), Some(Value::Document(scope))) => {
                Ok(Value::JavaScriptWithScope { code: code.to_string(), scope: scope.clone() })
            }
            _ => Err(wrong("a code string and an optional scope document")),
        },
        "Symbol" | "BSONSymbol" => text(0).map(|s| Value::Symbol(s.to_string())).ok_or_else(|| wrong("a string")),
        "DBRef" => {
            let mut args = args.into_iter();
            let (Some(Value::String(ns)), Some(id)) = (args.next(), args.next()) else {
                return Err(wrong("(collection, id)"));
            };
            let mut fields = vec![("$ref".to_string(), Value::String(ns)), ("$id".to_string(), id)];
            if let Some(db) = args.next() {
                fields.push(("$db".to_string(), db));
            }
            Ok(Value::Document(fields))
        }
        "DBPointer" => match (text(0), args.get(1)) {
            (Some(ns), Some(Value::ObjectId(id) | Value::String(id))) => {
                Ok(Value::DbPointer { namespace: ns.to_string(), id: id.clone() })
            }
            _ => Err(wrong("(namespace, ObjectId)")),
        },
        _ => Err(format!("unknown constructor {name}(...)")),
    }
}
