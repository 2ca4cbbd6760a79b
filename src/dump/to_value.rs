//! A stored document ([`RawDocument`], read by MongoDB's `bson` crate) as the inference's
//! [`Value`]: the accumulator `docshape infer` feeds on samples measures a dump the same way.
//! Nesting past [`MAX_NESTING`] levels, and any element the crate cannot read, is an error.

use super::documents::MAX_NESTING;
use crate::infer::{Document, Value};
use bson::raw::{RawArray, RawBsonRef, RawDocument};

/// The document as a [`Value`] document; `Err` says why it cannot be read.
pub fn to_document(doc: &RawDocument) -> Result<Document, String> {
    fields(doc, 1)
}

fn fields(doc: &RawDocument, depth: usize) -> Result<Document, String> {
    if depth > MAX_NESTING {
        return Err(format!("the document nests deeper than {MAX_NESTING} levels (MongoDB's limit)"));
    }
    let mut out = Vec::new();
    for element in doc.iter() {
        let (key, value) = element.map_err(|e| format!("a malformed element: {e}"))?;
        out.push((key.as_str().to_string(), value_of(value, depth)?));
    }
    Ok(out)
}

fn items(array: &RawArray, depth: usize) -> Result<Vec<Value>, String> {
    if depth > MAX_NESTING {
        return Err(format!("the document nests deeper than {MAX_NESTING} levels (MongoDB's limit)"));
    }
    let mut out = Vec::new();
    for item in array {
        out.push(value_of(item.map_err(|e| format!("a malformed array element: {e}"))?, depth)?);
    }
    Ok(out)
}

/// One value; `depth` is the level of the document holding it.
fn value_of(value: RawBsonRef<'_>, depth: usize) -> Result<Value, String> {
    Ok(match value {
        RawBsonRef::Double(d) => Value::Double(d),
        RawBsonRef::String(s) => Value::String(s.to_string()),
        RawBsonRef::Document(d) => Value::Document(fields(d, depth + 1)?),
        RawBsonRef::Array(a) => Value::Array(items(a, depth + 1)?),
        RawBsonRef::Boolean(b) => Value::Bool(b),
        RawBsonRef::Null => Value::Null,
        RawBsonRef::RegularExpression(r) => {
            Value::Regex { pattern: r.pattern.as_str().to_string(), options: r.options.as_str().to_string() }
        }
        RawBsonRef::JavaScriptCode(code) => Value::JavaScript(code.to_string()),
        RawBsonRef::JavaScriptCodeWithScope(c) => {
            Value::JavaScriptWithScope { code: c.code.to_string(), scope: fields(c.scope, depth + 1)? }
        }
        RawBsonRef::Int32(n) => Value::Int32(n),
        RawBsonRef::Int64(n) => Value::Int64(n),
        RawBsonRef::Timestamp(t) => Value::Timestamp { t: t.time, i: t.increment },
        RawBsonRef::Binary(b) => Value::Binary { subtype: u8::from(b.subtype), len: b.bytes.len() as u64 },
        RawBsonRef::ObjectId(id) => Value::ObjectId(id.to_hex()),
        RawBsonRef::DateTime(d) => Value::Date(Some(d.timestamp_millis())),
        RawBsonRef::Symbol(s) => Value::Symbol(s.to_string()),
        RawBsonRef::Decimal128(d) => Value::Decimal128(d.to_string()),
        RawBsonRef::Undefined => Value::Undefined,
        RawBsonRef::MaxKey => Value::MaxKey,
        RawBsonRef::MinKey => Value::MinKey,
        // The crate keeps a DBPointer's parts to itself; the inference needs only its type.
        RawBsonRef::DbPointer(_) => Value::DbPointer { namespace: String::new(), id: String::new() },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infer::document_size;
    use bson::{doc, oid::ObjectId, rawdoc, RawDocumentBuf};

    #[test]
    fn every_type_converts_and_keeps_its_bson_size() {
        let raw = rawdoc! {
            "_id": ObjectId::from_bytes([1; 12]),
            "s": "héllo", "i": 7, "l": 7_i64, "d": 2.5, "b": true, "n": bson::RawBson::Null,
            "at": bson::DateTime::from_millis(1_700_000_000_000),
            "sub": { "x": [1, "two", { "y": 3 }] },
            "bin": bson::Binary { subtype: bson::spec::BinarySubtype::Uuid, bytes: vec![0; 16] },
            "dec": bson::Decimal128::from_bytes([0; 16]),
            "re": bson::Regex { pattern: "^a".try_into().unwrap(), options: "i".try_into().unwrap() },
        };
        let doc = to_document(&raw).unwrap();
        assert_eq!(document_size(&doc), raw.as_bytes().len() as u64);
        assert_eq!(doc[0].1, Value::ObjectId("01".repeat(12)));
        assert_eq!(doc[7].1, Value::Date(Some(1_700_000_000_000)));
    }

    #[test]
    fn nesting_past_one_hundred_levels_is_refused() {
        let mut nested = doc! { "leaf": 1 };
        for _ in 0..99 {
            nested = doc! { "a": nested };
        }
        let fine = RawDocumentBuf::try_from(&nested).unwrap();
        assert!(to_document(&fine).is_ok(), "100 levels are MongoDB's limit, allowed");
        let deeper = RawDocumentBuf::try_from(&doc! { "a": nested }).unwrap();
        let e = to_document(&deeper).unwrap_err();
        assert!(e.contains("100 levels"), "{e}");
    }
}
