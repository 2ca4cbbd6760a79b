//! Text that is safe inside XML (SVG) content and attribute values.

/// Escapes `&`, `<`, `>`, `"` and `'`, and replaces characters XML 1.0 forbids (control
/// characters other than tab, line feed and carriage return; U+FFFE, U+FFFF) with U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
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
        assert_eq!(escape("a\u{1}b\u{FFFF}"), "a\u{FFFD}b\u{FFFD}");
        assert_eq!(escape("catálogo\tñ"), "catálogo\tñ");
    }
}
