//! Extended JSON v2 (MongoDB's specification), relaxed and canonical, compact or pretty.
//!
//! | BSON      | canonical                                   | relaxed                          |
//! |-----------|---------------------------------------------|----------------------------------|
//! | ObjectId  | `{"$oid": "<hex>"}`                         | same                             |
//! | Date      | `{"$date": {"$numberLong": "<ms>"}}`        | `{"$date": "<ISO-8601>"}` for years 1970–9999, else canonical |
//! | Decimal128| `{"$numberDecimal": "<text>"}`              | same                             |
//! | Int64     | `{"$numberLong": "<n>"}`                    | a JSON integer                   |
//! | Int32     | `{"$numberInt": "<n>"}`                     | a JSON integer                   |
//! | Double    | `{"$numberDouble": "<text>"}`               | a JSON number with a fraction or exponent; non-finite as canonical |
//! | Binary    | `{"$binary": {"base64": "…", "subType": "00"}}` | same                         |
//! | Timestamp | `{"$timestamp": {"t": n, "i": n}}`          | same                             |
//!
//! Relaxed JSON loses the difference between Int32 and Int64: a parser reads a small integer
//! back as Int32. Use canonical output when `long` fields must keep their type.

use super::bson::{base64, push_oid_hex, Bson, Doc};
use super::datetime::{push_iso, year_of};
use std::fmt::Write;

/// Which form of Extended JSON to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    Relaxed,
    Canonical,
}

/// One line of Extended JSON (for NDJSON).
pub fn to_string(value: &Bson, flavor: Flavor) -> String {
    let mut out = String::new();
    write(&mut out, value, flavor, None);
    out
}

/// Extended JSON indented by two spaces.
pub fn to_string_pretty(value: &Bson, flavor: Flavor) -> String {
    let mut out = String::new();
    write(&mut out, value, flavor, Some(0));
    out
}

/// Appends a document, pretty-printed as if nested `level` deep.
pub fn write_doc_pretty_at(out: &mut String, doc: &Doc, flavor: Flavor, level: usize) {
    write_doc(out, doc, flavor, Some(level));
}

/// Appends one compact document to `out` (no allocation of an intermediate string).
pub fn write_doc_line(out: &mut String, doc: &Doc, flavor: Flavor) {
    write_doc(out, doc, flavor, None);
}

/// A JSON string literal: [`crate::escape::js::push_string`], which escapes, besides JSON's
/// own, the characters that could end or hide a line of a script (the same text is valid
/// JavaScript and JSON).
pub fn quote(out: &mut String, s: &str) {
    crate::escape::js::push_string(out, s);
}

/// Appends the decimal digits of `n` (what `{n}` prints), without going through the formatter:
/// example documents and validators are full of small integers.
pub fn push_int(out: &mut String, n: i64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut v = n.unsigned_abs();
    while at > 0 {
        at -= 1;
        if let Some(slot) = buf.get_mut(at) {
            *slot = b'0' + (v % 10) as u8;
        }
        v /= 10;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        out.push('-');
    }
    if let Some(Ok(digits)) = buf.get(at..).map(std::str::from_utf8) {
        out.push_str(digits);
    }
}

/// A double as JSON text that reads back as a double (`4.0`, not `4`).
pub fn double_text(x: f64) -> String {
    let mut out = String::new();
    push_double_text(&mut out, x);
    out
}

/// Appends [`double_text`] of `x` to `out`.
pub fn push_double_text(out: &mut String, x: f64) {
    let start = out.len();
    // Writing to a String cannot fail.
    let _ = write!(out, "{x:?}");
    if x.is_finite() && !out.get(start..).is_some_and(|s| s.contains(['.', 'e', 'E'])) {
        out.push_str(".0");
    }
}

impl Bson {
    /// Converts to a plain `serde_json::Value` (keys sorted, types as relaxed JSON): for tests
    /// and for comparing schemas, where key order does not matter.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Bson::Int(n) => Value::from(*n),
            Bson::Long(n) => Value::from(*n),
            Bson::Double(x) => serde_json::Number::from_f64(*x).map(Value::Number).unwrap_or(Value::Null),
            Bson::String(s) => Value::String(s.to_string()),
            Bson::Bool(b) => Value::Bool(*b),
            Bson::Null => Value::Null,
            Bson::Array(items) => Value::Array(items.iter().map(Bson::to_json).collect()),
            Bson::Document(d) => Value::Object(d.0.iter().map(|(k, v)| (k.to_string(), v.to_json())).collect()),
            other => match serde_json::from_str(&to_string(other, Flavor::Relaxed)) {
                Ok(v) => v,
                Err(_) => Value::Null,
            },
        }
    }
}

fn write(out: &mut String, value: &Bson, flavor: Flavor, indent: Option<usize>) {
    let canonical = flavor == Flavor::Canonical;
    match value {
        Bson::ObjectId(b) => {
            out.push_str("{\"$oid\": \"");
            push_oid_hex(out, b);
            out.push_str("\"}");
        }
        Bson::Date(ms) => {
            let year = year_of(*ms);
            if !canonical && (1970..=9999).contains(&year) {
                out.push_str("{\"$date\": \"");
                push_iso(out, *ms);
                out.push_str("\"}");
            } else {
                out.push_str("{\"$date\": {\"$numberLong\": \"");
                push_int(out, *ms);
                out.push_str("\"}}");
            }
        }
        Bson::Decimal(s) => {
            out.push_str("{\"$numberDecimal\": ");
            quote(out, s);
            out.push('}');
        }
        Bson::Long(n) if canonical => {
            out.push_str("{\"$numberLong\": \"");
            push_int(out, *n);
            out.push_str("\"}");
        }
        Bson::Long(n) => push_int(out, *n),
        Bson::Int(n) if canonical => {
            out.push_str("{\"$numberInt\": \"");
            push_int(out, *n as i64);
            out.push_str("\"}");
        }
        Bson::Int(n) => push_int(out, *n as i64),
        Bson::Double(x) if canonical || !x.is_finite() => {
            out.push_str("{\"$numberDouble\": \"");
            if x.is_nan() {
                out.push_str("NaN");
            } else if x.is_infinite() {
                out.push_str(if *x > 0.0 { "Infinity" } else { "-Infinity" });
            } else {
                push_double_text(out, *x);
            }
            out.push_str("\"}");
        }
        Bson::Double(x) => push_double_text(out, *x),
        Bson::String(s) => quote(out, s),
        Bson::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Bson::Null => out.push_str("null"),
        Bson::Binary(bytes) => {
            out.push_str("{\"$binary\": {\"base64\": \"");
            out.push_str(&base64(bytes));
            out.push_str("\", \"subType\": \"00\"}}");
        }
        Bson::Timestamp { t, i } => {
            let _ = write!(out, "{{\"$timestamp\": {{\"t\": {t}, \"i\": {i}}}}}");
        }
        Bson::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (n, item) in items.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                    if indent.is_none() {
                        out.push(' ');
                    }
                }
                newline(out, indent.map(|i| i + 1));
                write(out, item, flavor, indent.map(|i| i + 1));
            }
            newline(out, indent);
            out.push(']');
        }
        Bson::Document(doc) => write_doc(out, doc, flavor, indent),
    }
}

fn write_doc(out: &mut String, doc: &Doc, flavor: Flavor, indent: Option<usize>) {
    if doc.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push('{');
    for (n, (key, value)) in doc.0.iter().enumerate() {
        if n > 0 {
            out.push(',');
            if indent.is_none() {
                out.push(' ');
            }
        }
        newline(out, indent.map(|i| i + 1));
        quote(out, key);
        out.push_str(": ");
        write(out, value, flavor, indent.map(|i| i + 1));
    }
    newline(out, indent);
    out.push('}');
}

fn newline(out: &mut String, indent: Option<usize>) {
    if let Some(level) = indent {
        push_newline(out, level);
    }
}

/// A newline and `level` two-space indents, in one piece for the usual depths.
pub(super) fn push_newline(out: &mut String, level: usize) {
    const LINE: &str = "\n                                                                ";
    match LINE.get(..1 + 2 * level) {
        Some(line) => out.push_str(line),
        None => {
            out.push('\n');
            for _ in 0..level {
                out.push_str("  ");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::datetime::date_ms;

    #[test]
    fn quoting_reads_back_as_the_same_string_at_every_offset() {
        let specials = [
            '"', '\\', '\n', '\r', '\t', '\u{0}', '\u{1f}', '\u{8}', 'é', '€', '😀', ' ', '~', '\u{7f}', '<',
            '\u{2028}', '\u{202e}', '\u{85}',
        ];
        let mut checked = 0;
        for len in 0..20 {
            for (k, c) in specials.iter().enumerate() {
                for at in 0..=len {
                    let mut s: String = (0..len).map(|i| (b'a' + ((i * 7 + k) % 26) as u8) as char).collect();
                    s.insert(at, *c);
                    let mut out = String::new();
                    quote(&mut out, &s);
                    let back: String = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{out}: {e}"));
                    assert_eq!(back, s, "{out}");
                    // The quick test never misses a character that must be escaped.
                    let must = s
                        .chars()
                        .any(|c| c == '"' || c == '\\' || c == '<' || crate::escape::hazard::hazard(c).is_some());
                    assert!(!must || !crate::escape::js::is_plain(&s), "{s:?}");
                    assert!(!(out.contains('<') || out.contains('\u{2028}') || out.contains('\u{202e}')), "{out}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 2000);
    }

    fn sample() -> Bson {
        Bson::Document(
            Doc::new()
                .with("_id", Bson::ObjectId([0x65, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))
                .with("d", Bson::Date(date_ms(2026, 8, 2)))
                .with("old", Bson::Date(date_ms(1960, 1, 1)))
                .with("p", Bson::Decimal("29.99".into()))
                .with("l", Bson::Long(5))
                .with("i", Bson::Int(-3))
                .with("x", Bson::Double(4.0))
                .with("s", Bson::str("a\"b\n")),
        )
    }

    #[test]
    fn integers_print_as_the_formatter_prints_them() {
        for n in [0, 7, -7, 10, 99, 100, -100, 1_785_628_800_000, i64::MIN, i64::MAX, i32::MIN as i64, i32::MAX as i64]
        {
            let mut out = String::from("x");
            push_int(&mut out, n);
            assert_eq!(out, format!("x{n}"));
        }
    }

    #[test]
    fn relaxed_follows_the_spec() {
        assert_eq!(
            to_string(&sample(), Flavor::Relaxed),
            r#"{"_id": {"$oid": "650000000000000000000001"}, "d": {"$date": "2026-08-02T00:00:00.000Z"}, "old": {"$date": {"$numberLong": "-315619200000"}}, "p": {"$numberDecimal": "29.99"}, "l": 5, "i": -3, "x": 4.0, "s": "a\"b\n"}"#
        );
    }

    #[test]
    fn canonical_follows_the_spec() {
        let text = to_string(&sample(), Flavor::Canonical);
        assert!(text.contains(r#""d": {"$date": {"$numberLong": "1785628800000"}}"#), "{text}");
        assert!(text.contains(r#""l": {"$numberLong": "5"}"#));
        assert!(text.contains(r#""i": {"$numberInt": "-3"}"#));
        assert!(text.contains(r#""x": {"$numberDouble": "4.0"}"#));
    }

    #[test]
    fn output_is_valid_json() {
        for flavor in [Flavor::Relaxed, Flavor::Canonical] {
            let pretty = to_string_pretty(&sample(), flavor);
            assert!(serde_json::from_str::<serde_json::Value>(&pretty).is_ok(), "{pretty}");
        }
        assert_eq!(to_string(&Bson::Double(f64::NAN), Flavor::Relaxed), r#"{"$numberDouble": "NaN"}"#);
    }
}
