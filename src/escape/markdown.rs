//! User text made safe for GitHub-flavoured Markdown: no HTML gets through, no stray emphasis,
//! links or headings, table cells that stay one cell, and nothing that reorders or hides text.
//!
//! Every line break (`\n`, `\r`, U+0085, U+2028, U+2029) in a name becomes a space, so a name
//! cannot start a block (a heading, a list item, a rule, an HTML block); controls,
//! bidirectional and invisible characters are shown as `<U+XXXX>` (see [`super::hazard`]).

use super::hazard::{hazard, must_show, Hazard};
use crate::i18n::{Lang, Text};
use std::fmt::Write;

/// Writes the sentence `t` in `lang` as Markdown: its templates (the product's own Markdown)
/// as they are, every name it carries through [`push_text`], or, where the template puts the
/// name in a code span, through [`push_code_content`].
pub fn write_text(out: &mut String, t: &Text, lang: Lang) {
    t.write_escaped(lang, out, &|out, name, in_code| {
        if in_code {
            push_code_content(out, name);
        } else {
            push_text(out, name);
        }
    });
}

/// [`write_text`] into a new string.
pub fn render(t: &Text, lang: Lang) -> String {
    let mut out = String::new();
    write_text(&mut out, t, lang);
    out
}

/// Appends `s` inside a code span a template opened with one backtick: HTML is inert there and
/// backslashes are literal, so only what would end the span or the table cell is changed — a
/// backtick becomes `ˋ` (U+02CB), a pipe `\|`, a line break a space — and hazardous characters
/// show as `<U+XXXX>`.
pub fn push_code_content(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '`' => out.push('\u{2cb}'),
            '|' => out.push_str("\\|"),
            c if hazard(c) == Some(Hazard::LineBreak) => out.push(' '),
            c if must_show(c) => super::hazard::push_visible(out, c),
            c => out.push(c),
        }
    }
}

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
    let mut prev: Option<char> = None;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        let last = prev.replace(c);
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            // Between two letters or digits `_` can neither open nor close emphasis
            // (`socio_id`): left as typed, so the Markdown stays readable.
            '_' if last.is_some_and(char::is_alphanumeric) && next.is_some_and(char::is_alphanumeric) => out.push('_'),
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

/// `body` in a fenced code block tagged `info`, fenced with more backticks than any run in
/// `body`, so no line of it can close the block early.
pub fn fenced(info: &str, body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{info}\n{body}\n{fence}")
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
        assert_eq!(text("*draft* & a_b _c_ d__"), "\\*draft\\* &amp; a_b \\_c\\_ d\\_\\_");
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
    fn sentences_escape_their_names_by_context() {
        use crate::text;
        let t = text!(
            en: "`{field}` of {child}: **{n}**", es: "`{field}` de {child}: **{n}**", pt: "`{field}` de {child}: **{n}**";
            field = "a`b|c<d>", child = "<img src=x onerror=alert(1)>_x", n = crate::i18n::Arg::Int(1440)
        );
        assert_eq!(render(&t, Lang::En), "`a\u{2cb}b\\|c<d>` of &lt;img src=x onerror=alert(1)&gt;\\_x: **1,440**");
        assert_eq!(render(&t, Lang::Es), "`a\u{2cb}b\\|c<d>` de &lt;img src=x onerror=alert(1)&gt;\\_x: **1.440**");
        let list = text!(en: "in {l}", es: "en {l}", pt: "em {l}"; l = crate::i18n::Arg::list(&["*a*", "b"]));
        let nested = text!(en: "see {x}", es: "ver {x}", pt: "ver {x}"; x = list);
        assert_eq!(render(&nested, Lang::Pt), "ver em \\*a\\* e b");
    }

    #[test]
    fn fences_outgrow_their_body() {
        assert_eq!(fenced("js", "a"), "```js\na\n```");
        assert_eq!(fenced("js", "x\n```\n<b>"), "````js\nx\n```\n<b>\n````");
    }

    #[test]
    fn tables() {
        let t = table(&["a", "b"], &[vec!["1".into(), "2".into()]]);
        assert_eq!(t, "| a | b |\n|---|---|\n| 1 | 2 |\n");
    }
}
