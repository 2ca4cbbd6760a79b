//! mongosh syntax: `ObjectId("…")`, `ISODate("…")`, `NumberDecimal("…")`, `NumberLong(…)`, bare
//! keys where JavaScript allows them. Used for example documents, validators and snippets.

use super::bson::{base64, oid_hex, Bson, Doc};
use super::datetime::iso;
use super::ejson::{double_text, quote};

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

/// A key as JavaScript reads it: bare when it is an identifier, quoted otherwise.
pub fn key(name: &str) -> String {
    let mut chars = name.chars();
    let ident = match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
            chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        }
        _ => false,
    };
    if ident {
        name.to_string()
    } else {
        let mut out = String::new();
        quote(&mut out, name);
        out
    }
}

/// A JavaScript string literal.
pub fn js_string(s: &str) -> String {
    let mut out = String::new();
    quote(&mut out, s);
    out
}

/// Whether the value prints on one line (scalars, and short arrays of scalars).
fn is_inline(value: &Bson) -> bool {
    match value {
        Bson::Document(d) => d.is_empty(),
        Bson::Array(items) => {
            items.iter().all(|v| !matches!(v, Bson::Document(_) | Bson::Array(_)))
                && items.iter().map(|v| to_shell(v, 0).len() + 2).sum::<usize>() < 72
        }
        _ => true,
    }
}

fn write(out: &mut String, value: &Bson, level: usize) {
    match value {
        Bson::ObjectId(b) => out.push_str(&format!("ObjectId(\"{}\")", oid_hex(b))),
        Bson::Date(ms) => out.push_str(&format!("ISODate(\"{}\")", iso(*ms))),
        Bson::Decimal(s) => out.push_str(&format!("NumberDecimal({})", js_string(s))),
        Bson::Long(n) if n.unsigned_abs() < (1u64 << 53) => out.push_str(&format!("NumberLong({n})")),
        Bson::Long(n) => out.push_str(&format!("NumberLong(\"{n}\")")),
        Bson::Int(n) => out.push_str(&n.to_string()),
        // An integral double would be stored as an int by mongosh: say it is a double.
        Bson::Double(x) if x.is_finite() && x.fract() == 0.0 => out.push_str(&format!("Double({})", double_text(*x))),
        Bson::Double(x) if x.is_nan() => out.push_str("NaN"),
        Bson::Double(x) if x.is_infinite() => out.push_str(if *x > 0.0 { "Infinity" } else { "-Infinity" }),
        Bson::Double(x) => out.push_str(&double_text(*x)),
        Bson::String(s) => quote(out, s),
        Bson::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Bson::Null => out.push_str("null"),
        Bson::Binary(bytes) => out.push_str(&format!("BinData(0, \"{}\")", base64(bytes))),
        Bson::Timestamp { t, i } => out.push_str(&format!("Timestamp({{ t: {t}, i: {i} }})")),
        Bson::Array(items) if items.is_empty() => out.push_str("[]"),
        Bson::Array(items) if is_inline(value) => {
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push_str(", ");
                }
                write(out, item, level);
            }
            out.push(']');
        }
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
        out.push_str(&key(k));
        out.push_str(": ");
        write(out, v, level + 1);
    }
    newline(out, level);
    out.push('}');
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
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
