//! User text made safe for GitHub-flavoured Markdown: no HTML gets through, no stray emphasis,
//! links or headings, table cells that stay one cell, and nothing that reorders or hides text.
//!
//! Every line break (`\n`, `\r`, U+0085, U+2028, U+2029) in a name becomes a space, so a name
//! cannot start a block (a heading, a list item, a rule, an HTML block); controls,
//! bidirectional and invisible characters are shown as `<U+XXXX>` (see [`super::hazard`]).

use super::hazard::{hazard, must_show, Hazard};
use std::fmt::Write;

/// Prose on one line: markup characters are backslash-escaped, `<`, `>`, `&` become entities,
/// line breaks become spaces, and a leading `-`, `+`, `=` or `1.` is escaped so that the text
/// cannot start a list or a heading where it begins a line. A name such as `<script>` or
/// `*draft*` shows as typed.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    push_text(&mut out, s);
    out
}

/// Appends [`text`] of `s` to `out`.
pub fn push_text(out: &mut String, s: &str) {
    let s = block_start(out, s);
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '*' | '_' | '`' | '[' | ']' | '#' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            c if hazard(c) == Some(Hazard::LineBreak) => out.push(' '),
            c if must_show(c) => {
                let _ = write!(out, "&lt;U+{:04X}&gt;", c as u32);
            }
            c => out.push(c),
        }
    }
}

/// Writes a backslash before what would open a block at the start of a line: `-`, `+`, `=`
/// (a list item, a setext underline) or the `.` / `)` after leading digits (an ordered list).
/// Returns the rest of `s` to write.
fn block_start<'a>(out: &mut String, s: &'a str) -> &'a str {
    // A marker opens a block only when a space, the end, or (for rules) the same character
    // follows it: `-x` and `8.800` stay as they are.
    let opens = |at: usize, marker: u8| {
        matches!(s.as_bytes().get(at), None | Some(b' ' | b'\t')) || s.as_bytes().get(at) == Some(&marker)
    };
    match s.as_bytes().first() {
        Some(&m @ (b'-' | b'+' | b'=')) if opens(1, m) => out.push('\\'),
        Some(b'0'..=b'9') => {
            let digits = s.bytes().take_while(u8::is_ascii_digit).count();
            if matches!(s.as_bytes().get(digits), Some(b'.' | b')')) && opens(digits + 1, b' ') {
                // The digits are ASCII: the cut is a char boundary.
                let (head, rest) = s.split_at(digits);
                out.push_str(head);
                out.push('\\');
                return rest;
            }
        }
        _ => {}
    }
    s
}

/// Prose inside a table cell: one line (what [`text`] always writes).
pub fn cell(s: &str) -> String {
    text(s)
}

/// Free text of several paragraphs (a note): each paragraph, separated from the next by a
/// blank line, is written as [`text`] on one line (Markdown joins the lines of a paragraph
/// anyway), paragraphs separated by a blank line.
pub fn paragraphs(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut para = String::new();
    let flush = |para: &mut String, out: &mut String| {
        let one = para.split_whitespace().collect::<Vec<_>>().join(" ");
        if !one.is_empty() {
            if !out.is_empty() {
                out.push_str("\n\n");
            }
            push_text(out, &one);
        }
        para.clear();
    };
    for line in s.split(|c| hazard(c) == Some(Hazard::LineBreak)) {
        if line.trim().is_empty() {
            flush(&mut para, &mut out);
        } else {
            para.push(' ');
            para.push_str(line);
        }
    }
    flush(&mut para, &mut out);
    out
}

/// An identifier in a code span, fenced with enough backticks; pipes are escaped so it also
/// works inside a table (GFM splits cells before reading code spans). HTML is inert in a code
/// span; line breaks become spaces and hazardous characters show as `<U+XXXX>`.
pub fn code(s: &str) -> String {
    let mut safe = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        match c {
            '|' => safe.push_str("\\|"),
            c if hazard(c) == Some(Hazard::LineBreak) => safe.push(' '),
            c if must_show(c) => super::hazard::push_visible(&mut safe, c),
            c => safe.push(c),
        }
    }
    if safe.is_empty() {
        return String::new();
    }
    let longest = safe.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if safe.starts_with('`') || safe.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{safe}{pad}{fence}")
}

/// A table with a header row; every cell is expected to be escaped already.
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut out = format!("| {} |\n|{}\n", header.join(" | "), "---|".repeat(header.len()));
    for row in rows {
        out.push_str(&format!("| {} |\n", row.join(" | ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_and_markup_are_neutralised() {
        assert_eq!(text("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
        assert_eq!(text("*draft* & a_b"), "\\*draft\\* &amp; a\\_b");
        assert_eq!(cell("a | b\nc"), "a \\| b c");
        assert_eq!(text("x\n## heading\r- item\u{2028}y"), "x \\#\\# heading - item y");
        assert_eq!(text("- item"), "\\- item");
        assert_eq!(text("12. twelve"), "12\\. twelve");
        assert_eq!(text("12 items"), "12 items");
        assert_eq!(text("8.800 B"), "8.800 B");
        assert_eq!(text("-x ---"), "-x ---");
        assert_eq!(text("---"), "\\---");
        assert_eq!(text("a\u{202e}b\u{1}"), "a&lt;U+202E&gt;b&lt;U+0001&gt;");
        assert_eq!(text("[x](javascript:alert(1))"), "\\[x\\](javascript:alert(1))");
    }

    #[test]
    fn notes_keep_their_paragraphs_and_nothing_else() {
        assert_eq!(paragraphs("one\ntwo\n\n<b>three</b>\n- four"), "one two\n\n&lt;b&gt;three&lt;/b&gt; - four");
        assert_eq!(paragraphs("- x\r\n\r\n1) y"), "\\- x\n\n1\\) y");
        assert_eq!(paragraphs("  \n"), "");
    }

    #[test]
    fn code_spans_survive_backticks_and_pipes() {
        assert_eq!(code("socio_id"), "`socio_id`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code(""), "");
        assert_eq!(code("a\nb\u{202e}"), "`a b<U+202E>`");
    }

    #[test]
    fn tables() {
        let t = table(&["a", "b"], &[vec!["1".into(), "2".into()]]);
        assert_eq!(t, "| a | b |\n|---|---|\n| 1 | 2 |\n");
    }
}
