//! mongosh syntax: `ObjectId("…")`, `ISODate("…")`, `NumberDecimal("…")`, `NumberLong(…)`, bare
//! keys where JavaScript allows them. Used for example documents, validators and snippets.

use super::bson::{base64, push_oid_hex, Bson, Doc};
use super::datetime::push_iso;
use super::ejson::{push_double_text, push_int, quote};
use std::fmt::Write;

/// Pretty mongosh text of a value, indented by two spaces from `level`.
pub fn to_shell(value: &Bson, level: usize) -> String {
    let mut out = String::new();
    write(&mut out, value, level);
    out
}

/// A document in mongosh syntax.
pub fn doc_to_shell(doc: &Doc, level: usize) -> String {
    let mut out = String::new();
    write_doc(&mut out, doc, level);
    out
}

/// Appends a document in mongosh syntax, indented as if nested `level` deep.
pub fn push_doc(out: &mut String, doc: &Doc, level: usize) {
    write_doc(out, doc, level);
}

/// A key as JavaScript reads it: bare when it is an identifier, quoted otherwise
/// ([`crate::escape::js::key`]).
pub fn key(name: &str) -> String {
    crate::escape::js::key(name)
}

/// Appends [`key`] of `name` to `out`.
pub fn push_key(out: &mut String, name: &str) {
    crate::escape::js::push_key(out, name);
}

/// A JavaScript string literal ([`crate::escape::js::string`]).
pub fn js_string(s: &str) -> String {
    crate::escape::js::string(s)
}

/// Writes a non-empty array of scalars on one line when its items take (with a separator each)
/// fewer than 72 bytes; otherwise writes nothing and returns false.
fn write_inline(out: &mut String, items: &[Bson], level: usize) -> bool {
    if items.iter().any(|v| matches!(v, Bson::Document(_) | Bson::Array(_))) {
        return false;
    }
    let start = out.len();
    out.push('[');
    let mut width = 0;
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            out.push_str(", ");
        }
        let before = out.len();
        write(out, item, level);
        width += out.len() - before + 2;
        if width >= 72 {
            out.truncate(start);
            return false;
        }
    }
    out.push(']');
    true
}

fn write(out: &mut String, value: &Bson, level: usize) {
    match value {
        Bson::ObjectId(b) => {
            out.push_str("ObjectId(\"");
            push_oid_hex(out, b);
            out.push_str("\")");
        }
        Bson::Date(ms) => {
            out.push_str("ISODate(\"");
            push_iso(out, *ms);
            out.push_str("\")");
        }
        Bson::Decimal(s) => {
            out.push_str("NumberDecimal(");
            quote(out, s);
            out.push(')');
        }
        Bson::Long(n) if n.unsigned_abs() < (1u64 << 53) => {
            out.push_str("NumberLong(");
            push_int(out, *n);
            out.push(')');
        }
        Bson::Long(n) => {
            let _ = write!(out, "NumberLong(\"{n}\")");
        }
        Bson::Int(n) => push_int(out, *n as i64),
        // An integral double would be stored as an int by mongosh: say it is a double.
        Bson::Double(x) if x.is_finite() && x.fract() == 0.0 => {
            out.push_str("Double(");
            push_double_text(out, *x);
            out.push(')');
        }
        Bson::Double(x) if x.is_nan() => out.push_str("NaN"),
        Bson::Double(x) if x.is_infinite() => out.push_str(if *x > 0.0 { "Infinity" } else { "-Infinity" }),
        Bson::Double(x) => push_double_text(out, *x),
        Bson::String(s) => quote(out, s),
        Bson::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Bson::Null => out.push_str("null"),
        Bson::Binary(bytes) => {
            out.push_str("BinData(0, \"");
            out.push_str(&base64(bytes));
            out.push_str("\")");
        }
        Bson::Timestamp { t, i } => {
            let _ = write!(out, "Timestamp({{ t: {t}, i: {i} }})");
        }
        Bson::Array(items) if items.is_empty() => out.push_str("[]"),
        Bson::Array(items) if write_inline(out, items, level) => {}
        Bson::Array(items) => {
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                newline(out, level + 1);
                write(out, item, level + 1);
            }
            newline(out, level);
            out.push(']');
        }
        Bson::Document(doc) => write_doc(out, doc, level),
    }
}

fn write_doc(out: &mut String, doc: &Doc, level: usize) {
    if doc.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push('{');
    for (n, (k, v)) in doc.0.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        newline(out, level + 1);
        push_key(out, k);
        out.push_str(": ");
        write(out, v, level + 1);
    }
    newline(out, level);
    out.push('}');
}

fn newline(out: &mut String, level: usize) {
    super::ejson::push_newline(out, level);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::datetime::date_ms;

    #[test]
    fn shell_types_and_keys() {
        let doc = Doc::new()
            .with("_id", Bson::ObjectId([1; 12]))
            .with("dia", Bson::Date(date_ms(2026, 8, 2)))
            .with("total", Bson::Decimal("249.90".into()))
            .with("n", Bson::Long(7))
            .with("media", Bson::Double(4.0))
            .with("a-b", Bson::Array(vec![Bson::str("x"), Bson::Int(2)]));
        assert_eq!(
            doc_to_shell(&doc, 0),
            "{\n  _id: ObjectId(\"010101010101010101010101\"),\n  dia: ISODate(\"2026-08-02T00:00:00.000Z\"),\n  total: NumberDecimal(\"249.90\"),\n  n: NumberLong(7),\n  media: Double(4.0),\n  \"a-b\": [\"x\", 2]\n}"
        );
    }
}
