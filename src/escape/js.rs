//! JavaScript (and JSON) output of model strings: string literals, object keys, member access
//! and `//` comments. Every name, note, id or value the model gives a script goes through one
//! of these; nothing is interpolated into code any other way.
//!
//! - [`push_string`]: a string literal that is also valid JSON. Besides JSON's escapes it
//!   escapes every character of [`super::hazard`] (line terminators U+2028/U+2029 included,
//!   which end a line in a comment and, before ES2019, a string) and `<`, so `</script>` or
//!   `<!--` never appear in the output. The value is unchanged.
//! - [`push_key`]: an object key, bare when it is an ASCII identifier, a literal otherwise;
//!   `__proto__` is computed (`["__proto__"]`) so it stays a property.
//! - [`push_comment`]: `//` comment lines that nothing can end early: every line break, control,
//!   bidirectional or invisible character is shown as `<U+XXXX>`, and every line of the text
//!   starts with `//`.

use super::hazard::{hazard, Hazard};
use std::fmt::Write;

/// Appends `s` as a double-quoted JavaScript / JSON string literal.
pub fn push_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    if !needs_escape(bytes) {
        out.push_str(s);
        out.push('"');
        return;
    }
    // Copy the runs between escaped characters in one call each; every cut is at the start of
    // a character (an ASCII byte or a lead byte).
    let mut run = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let (escape, len): (&str, usize) = match b {
            b'"' => ("\\\"", 1),
            b'\\' => ("\\\\", 1),
            b'\n' => ("\\n", 1),
            b'\r' => ("\\r", 1),
            b'\t' => ("\\t", 1),
            b'<' => ("\\u003c", 1),
            b if b < 0x20 || b == 0x7f => ("", 1),
            0xc2 | 0xd8 | 0xe2 | 0xef => match s.get(i..).and_then(|r| r.chars().next()) {
                Some(c) if hazard(c).is_some() => ("", c.len_utf8()),
                _ => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(s.get(run..i).unwrap_or_default());
        if escape.is_empty() {
            let c = s.get(i..).and_then(|r| r.chars().next()).unwrap_or('\u{fffd}');
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push_str(escape);
        }
        i += len;
        run = i;
    }
    out.push_str(s.get(run..).unwrap_or_default());
    out.push('"');
}

/// `s` as a string literal ([`push_string`]).
pub fn string(s: &str) -> String {
    let mut out = String::new();
    push_string(&mut out, s);
    out
}

/// Whether any byte of `bytes` may need escaping in a string literal (a control character,
/// `"`, `\`, `<`, or a non-ASCII byte that may start a hazardous character), eight bytes at a
/// time: most strings of an example document need no escaping, and this scan was the
/// exporters' single most expensive loop.
fn needs_escape(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of `w` is below `n` (n ≤ 128) / zero: the classic bit tricks, exact when asked
    // whether any byte matches.
    let below = |w: u64, n: u64| w.wrapping_sub(ONES * n) & !w & HIGH != 0;
    let zero = |w: u64| w.wrapping_sub(ONES) & !w & HIGH != 0;
    let has = |w: u64, b: u8| zero(w ^ (ONES * b as u64));
    let test = |w: u64| below(w, 0x20) || has(w, b'"') || has(w, b'\\') || has(w, b'<') || has(w, 0x7f);
    let mut high = false;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        if test(w) {
            return true;
        }
        high |= w & HIGH != 0;
    }
    // The last bytes (most keys are shorter than eight) as one word padded with a letter.
    let rest = chunks.remainder();
    let mut word = [b'a'; 8];
    if let Some(head) = word.get_mut(..rest.len()) {
        head.copy_from_slice(rest);
    }
    let w = u64::from_le_bytes(word);
    if test(w) {
        return true;
    }
    (high || w & HIGH != 0) && super::hazard::may_hold_hazard(bytes)
}

/// Whether `s` needs no escape inside a string literal: written between quotes as it is.
pub fn is_plain(s: &str) -> bool {
    !needs_escape(s.as_bytes())
}

/// Whether `name` can be written bare as an object key or after a dot: an ASCII identifier.
pub fn is_identifier(name: &str) -> bool {
    match name.as_bytes().split_first() {
        Some((&first, rest)) if first.is_ascii_alphabetic() || first == b'_' || first == b'$' => {
            rest.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
        }
        _ => false,
    }
}

/// Appends `name` as an object key: bare when it is an identifier, a string literal otherwise,
/// and `["__proto__"]` for the one key a literal would turn into the object's prototype.
pub fn push_key(out: &mut String, name: &str) {
    if name == "__proto__" {
        out.push_str("[\"__proto__\"]");
    } else if is_identifier(name) {
        out.push_str(name);
    } else {
        push_string(out, name);
    }
}

/// `name` as an object key ([`push_key`]).
pub fn key(name: &str) -> String {
    let mut out = String::new();
    push_key(&mut out, name);
    out
}

/// `object.name` when `name` is an identifier, `object["odd name"]` otherwise.
pub fn member(object: &str, name: &str) -> String {
    let mut out = String::with_capacity(object.len() + name.len() + 4);
    out.push_str(object);
    if is_identifier(name) {
        out.push('.');
        out.push_str(name);
    } else {
        out.push('[');
        push_string(&mut out, name);
        out.push(']');
    }
    out
}

/// `s` made safe to stand on a comment line: every character a renderer must show
/// ([`must_show`]: line breaks, controls, bidirectional and invisible characters) is written
/// as `<U+XXXX>`. For the names and ids a comment quotes.
pub fn comment_text(s: &str) -> std::borrow::Cow<'_, str> {
    super::hazard::visible(s)
}

/// Appends `text` as `//` comment lines, each ending with `\n`. `text` may already carry the
/// `// ` of its lines (the translated comments do); a line that does not start with `//`
/// (after its indentation) gets one, and within a line every other line terminator, control,
/// bidirectional or invisible character is shown as `<U+XXXX>`: nothing in `text` can end the
/// comment and become code. An empty `text` writes nothing.
pub fn push_comment(out: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    let text = text.strip_suffix('\n').unwrap_or(text);
    for line in text.split('\n') {
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        out.push_str(line.get(..indent).unwrap_or_default());
        if !body.starts_with("//") {
            out.push_str("// ");
        }
        out.push_str(&comment_text(body));
        out.push('\n');
    }
}

/// Whether `c` would end a `//` comment: what [`push_comment`] never lets through.
pub fn ends_comment(c: char) -> bool {
    hazard(c) == Some(Hazard::LineBreak)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_literals_escape_what_could_end_or_hide_them() {
        assert_eq!(string("plain"), "\"plain\"");
        assert_eq!(string("reseñas…"), "\"reseñas…\"");
        assert_eq!(string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(string("l1\nl2\rl3\u{2028}l4\u{2029}l5\u{85}"), r#""l1\nl2\rl3\u2028l4\u2029l5\u0085""#);
        assert_eq!(string("\u{1}\u{7f}\u{9b}"), r#""\u0001\u007f\u009b""#);
        assert_eq!(string("x\u{202e}y\u{2066}z\u{200b}\u{feff}"), r#""x\u202ey\u2066z\u200b\ufeff""#);
        assert_eq!(string("</script><!--"), r#""\u003c/script>\u003c!--""#);
        assert_eq!(string("${x}`"), "\"${x}`\"");
        // Long strings take the word-at-a-time path and its remainder.
        let long = format!("{}\u{2028}{}", "a".repeat(13), "b".repeat(5));
        assert_eq!(string(&long), format!("\"{}\\u2028{}\"", "a".repeat(13), "b".repeat(5)));
        assert_eq!(string("abcdefgh–ijk"), "\"abcdefgh–ijk\"");
    }

    #[test]
    fn keys_and_members() {
        assert_eq!(key("socio_id"), "socio_id");
        assert_eq!(key("a-b"), "\"a-b\"");
        assert_eq!(key("1a"), "\"1a\"");
        assert_eq!(key(""), "\"\"");
        assert_eq!(key("__proto__"), "[\"__proto__\"]");
        assert_eq!(key("x\"}); evil(); ({\""), r#""x\"}); evil(); ({\"""#);
        assert_eq!(member("doc", "version"), "doc.version");
        assert_eq!(member("doc", "schema-v"), "doc[\"schema-v\"]");
    }

    #[test]
    fn comments_cannot_be_ended() {
        let mut out = String::new();
        push_comment(&mut out, "// a\u{2028}evil()\rmore\u{85}x\n  // indented\nbare line\n");
        assert_eq!(out, "// a<U+2028>evil()<U+000D>more<U+0085>x\n  // indented\n// bare line\n");
        for line in out.lines() {
            assert!(line.trim_start().starts_with("//"), "{line:?}");
        }
        assert!(!out.chars().any(|c| ends_comment(c) && c != '\n'));
        assert_eq!(comment_text("résumé 📚\u{200d}x"), "résumé 📚\u{200d}x");
        assert_eq!(comment_text("a\u{202e}b"), "a<U+202E>b");
        let mut none = String::new();
        push_comment(&mut none, "");
        assert!(none.is_empty());
    }
}
