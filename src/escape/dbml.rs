//! DBML (dbdiagram.io) names and strings: a name is always written in double quotes and a
//! note or setting in single quotes, with `\\`, the quote, line breaks, controls and every other
//! hazard escaped (`\n`, `\u202e`), so a model string can neither end it nor hide in it, and
//! `@dbml/core` reads back the original.

use super::hazard::hazard;
use std::fmt::Write;

fn push_quoted(out: &mut String, s: &str, quote: char) {
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if hazard(c).is_some() || c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

/// A table, column or project name: `"reseñas"`.
pub fn name(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s, '"');
    out
}

/// A note or setting value: `'it\'s'`.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s, '\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_hazards_are_escaped() {
        assert_eq!(name("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(string("it's\n\u{202e}x"), r"'it\'s\n\u202ex'");
        assert_eq!(name("it's"), "\"it's\"");
    }
}
