//! Text that is safe inside XML (SVG) content and attribute values.

use super::hazard::must_show;
use std::fmt::Write;

/// Escapes `&`, `<`, `>`, `"` and `'`; shows line breaks, controls, bidirectional and invisible
/// characters as `<U+XXXX>` (escaped), so a name cannot reorder or hide the text around it and
/// no character XML 1.0 forbids gets through; replaces U+FFFE and U+FFFF with U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if must_show(c) => {
                let _ = write!(out, "&lt;U+{:04X}&gt;", c as u32);
            }
            '\u{FFFE}' | '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_forbidden_characters() {
        assert_eq!(
            escape(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;&lt;/script&gt;"
        );
        assert_eq!(escape("a\u{1}b\u{FFFF}"), "a&lt;U+0001&gt;b\u{FFFD}");
        assert_eq!(escape("catálogo ñ 📚"), "catálogo ñ 📚");
        assert_eq!(escape("a\u{202e}b\nc"), "a&lt;U+202E&gt;b&lt;U+000A&gt;c");
    }
}
