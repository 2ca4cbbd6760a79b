//! String literals and `//` / `#` comments of the generated code in Python, Rust and Java
//! (the JavaScript and TypeScript targets use [`super::js`]). Each literal escapes its quote,
//! the backslash, every line break and control character, and every other [hazard]
//! (bidirectional and invisible characters), so a model string can neither end the literal nor
//! hide what the code says; the value read back is the original string. Comments show those
//! characters as `<U+XXXX>` ([`super::hazard::visible`]) and start every line with their marker.
//!
//! Java reads `\uXXXX` escapes before anything else, in comments and strings alike, so a
//! `\u000a` written in a comment would end it: in Java every backslash is doubled (an escape
//! needs an odd run of backslashes before its `u`), and controls are written as octal escapes,
//! never as `\u`.
//!
//! [hazard]: super::hazard::hazard

use super::hazard::{hazard, visible};
use std::fmt::Write;

/// A language whose literals and comments this module writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Python,
    Rust,
    Java,
}

/// Appends `s` as a double-quoted string literal of `lang`.
pub fn push_string(out: &mut String, lang: Lang, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if hazard(c).is_some() || c.is_control() => escape_char(out, lang, c),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn escape_char(out: &mut String, lang: Lang, c: char) {
    let n = c as u32;
    let _ = match lang {
        Lang::Python if n < 0x100 => write!(out, "\\x{n:02x}"),
        Lang::Python => write!(out, "\\u{n:04x}"),
        Lang::Rust => write!(out, "\\u{{{n:x}}}"),
        // Octal below U+0100: a `\u000a` would be a line break before the string is read.
        Lang::Java if n < 0x100 => write!(out, "\\{n:03o}"),
        // The hazards above U+00FF are neither line breaks, quotes nor backslashes for Java.
        Lang::Java => write!(out, "\\u{n:04x}"),
    };
}

/// `s` as a string literal of `lang`.
pub fn string(lang: Lang, s: &str) -> String {
    let mut out = String::new();
    push_string(&mut out, lang, s);
    out
}

/// `s` made safe to stand inside a comment line of `lang`: hazards shown as `<U+XXXX>`, and in
/// Java every backslash doubled.
pub fn comment_text(lang: Lang, s: &str) -> String {
    let shown = visible(s);
    if lang == Lang::Java {
        shown.replace('\\', "\\\\")
    } else {
        shown.into_owned()
    }
}

/// Appends `text` as comment lines (`#` in Python, `//` otherwise) at `indent`, one per line of
/// `text`, each ending with `\n`; nothing in `text` can end a line early.
pub fn push_comment(out: &mut String, lang: Lang, indent: &str, text: &str) {
    let marker = if lang == Lang::Python { "#" } else { "//" };
    for line in text.split('\n') {
        out.push_str(indent);
        out.push_str(marker);
        let body = comment_text(lang, line);
        if !body.is_empty() {
            out.push(' ');
            out.push_str(&body);
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_keep_the_value_and_show_no_hazard() {
        let s = "a\"b\\c\nd\u{2028}e\u{202e}f\u{1}\u{85}ñ📚";
        assert_eq!(string(Lang::Python, s), r#""a\"b\\c\nd\u2028e\u202ef\x01\x85ñ📚""#);
        assert_eq!(string(Lang::Rust, s), r#""a\"b\\c\nd\u{2028}e\u{202e}f\u{1}\u{85}ñ📚""#);
        assert_eq!(string(Lang::Java, s), r#""a\"b\\c\nd\u2028e\u202ef\001\205ñ📚""#);
    }

    #[test]
    fn java_unicode_escapes_cannot_end_a_comment() {
        let mut out = String::new();
        push_comment(&mut out, Lang::Java, "  ", "x \\u000a evil(); \\\\u000d\nsecond\u{2028}line");
        assert_eq!(out, "  // x \\\\u000a evil(); \\\\\\\\u000d\n  // second<U+2028>line\n");
        // Every backslash before a `u` follows an odd run: javac reads no escape there.
        for (i, _) in out.match_indices("\\u") {
            let run = out[..=i].chars().rev().take_while(|&c| c == '\\').count();
            assert_eq!(run % 2, 0, "{out}");
        }
        let mut py = String::new();
        push_comment(&mut py, Lang::Python, "", "a\rb");
        assert_eq!(py, "# a<U+000D>b\n");
    }
}
