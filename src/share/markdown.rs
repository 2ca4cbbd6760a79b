//! User text made safe for GitHub-flavoured Markdown: no HTML gets through, no stray emphasis,
//! and table cells that stay one cell.

/// Prose: markup characters are backslash-escaped and `<`, `>` become entities, so a name such
/// as `<script>` or `*draft*` shows as typed.
pub fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '*' | '_' | '`' | '[' | ']' | '#' | '|' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Prose inside a table cell: one line.
pub fn cell(s: &str) -> String {
    text(&s.replace(['\n', '\r'], " "))
}

/// An identifier in a code span, fenced with enough backticks; pipes are escaped so it also
/// works inside a table (GFM splits cells before reading code spans).
pub fn code(s: &str) -> String {
    let s = s.replace(['\n', '\r'], " ").replace('|', "\\|");
    if s.is_empty() {
        return String::new();
    }
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{s}{pad}{fence}")
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
    }

    #[test]
    fn code_spans_survive_backticks_and_pipes() {
        assert_eq!(code("socio_id"), "`socio_id`");
        assert_eq!(code("a`b"), "``a`b``");
        assert_eq!(code("`x"), "`` `x ``");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code(""), "");
    }

    #[test]
    fn tables() {
        let t = table(&["a", "b"], &[vec!["1".into(), "2".into()]]);
        assert_eq!(t, "| a | b |\n|---|---|\n| 1 | 2 |\n");
    }
}
