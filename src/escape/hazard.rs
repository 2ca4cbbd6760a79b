//! Characters that MongoDB accepts in a name but that change what a script, a comment or a
//! review shows or does: line breaks of every kind, other control characters, bidirectional
//! controls (the "Trojan Source" characters) and invisible characters. One classification,
//! read by every escaper and by the advisor rule that reports such names.

use std::fmt::Write;

/// What makes a character hazardous.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hazard {
    /// Ends a line for JavaScript or for Markdown: `\n`, `\r`, U+0085, U+2028, U+2029.
    LineBreak,
    /// Any other control character (C0, DEL, C1), the tab included.
    Control,
    /// Reorders the text around it: U+061C, U+200E/U+200F, U+202A–U+202E, U+2066–U+2069.
    Bidi,
    /// Shows nothing: U+200B, U+2060–U+2064, U+FEFF.
    Invisible,
    /// A zero-width joiner or non-joiner (U+200C, U+200D): invisible, but part of emoji
    /// sequences and of several scripts' spelling.
    Joiner,
}

/// The hazard of `c`, if it has one.
pub fn hazard(c: char) -> Option<Hazard> {
    match c {
        '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => Some(Hazard::LineBreak),
        '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}' => Some(Hazard::Control),
        '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => Some(Hazard::Bidi),
        '\u{200b}' | '\u{2060}'..='\u{2064}' | '\u{feff}' => Some(Hazard::Invisible),
        '\u{200c}' | '\u{200d}' => Some(Hazard::Joiner),
        _ => None,
    }
}

/// Whether a renderer must replace `c` by its visible form ([`push_visible`]): every hazard
/// but the joiners, which emoji and some scripts need and which change no structure.
pub fn must_show(c: char) -> bool {
    hazard(c).is_some_and(|h| h != Hazard::Joiner)
}

/// Appends the visible form of `c`: `<U+202E>`. Each target escapes the `<` and `>` as it
/// escapes any other text.
pub fn push_visible(out: &mut String, c: char) {
    let _ = write!(out, "<U+{:04X}>", c as u32);
}

/// Whether any byte of `bytes` may start a hazardous character: an ASCII control, or the lead
/// byte of one of the multi-byte hazards (U+0080–U+009F, U+061C, U+200B–U+206x, U+FEFF).
/// A quick filter: a `true` still needs [`hazard`] on the character.
pub fn may_hold_hazard(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xd8 || b == 0xe2 || b == 0xef)
}

/// The first hazardous character of `s` with its hazard, if any.
pub fn first_hazard(s: &str) -> Option<(char, Hazard)> {
    if !may_hold_hazard(s.as_bytes()) {
        return None;
    }
    s.chars().find_map(|c| hazard(c).map(|h| (c, h)))
}

/// The first character of a name that makes it dangerous in a script or a review, with its
/// hazard: any [`hazard`], except a joiner between two characters of a script that needs it
/// (both neighbours at U+0590 or above: Hebrew, Arabic, the Indic scripts, emoji sequences).
/// NUL is left to the structure check, which reports it as a name MongoDB refuses.
pub fn name_hazard(s: &str) -> Option<(char, Hazard)> {
    first_hazard(s)?;
    let chars: Vec<char> = s.chars().collect();
    let wide = |c: Option<&char>| c.is_some_and(|&c| c >= '\u{590}' && hazard(c).is_none());
    chars.iter().enumerate().find_map(|(i, &c)| match hazard(c) {
        None => None,
        Some(_) if c == '\0' => None,
        Some(Hazard::Joiner) if i > 0 && wide(chars.get(i - 1)) && wide(chars.get(i + 1)) => None,
        Some(h) => Some((c, h)),
    })
}

/// The first character of free text (a note) that is dangerous in a script or a review: as
/// [`name_hazard`], but a note may hold line feeds, `\r\n` line ends and tabs.
pub fn note_hazard(s: &str) -> Option<(char, Hazard)> {
    first_hazard(s)?;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, hazard(c)) {
            ('\n' | '\t', _) => {}
            ('\r', _) if chars.peek() == Some(&'\n') => {}
            (_, None) | (_, Some(Hazard::Joiner)) => {}
            (c, Some(h)) => return Some((c, h)),
        }
    }
    None
}

/// `s` with every character a renderer must show ([`must_show`]) written as `<U+XXXX>`: what a
/// message quoting a dangerous name prints, so the message itself is not reordered or hidden.
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    if !may_hold_hazard(s.as_bytes()) || !s.chars().any(must_show) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if must_show(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_named_and_ordinary_text_is_not() {
        for c in ['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'] {
            assert_eq!(hazard(c), Some(Hazard::LineBreak), "{:?}", c);
        }
        for c in ['\0', '\t', '\u{1b}', '\u{7f}', '\u{9f}'] {
            assert_eq!(hazard(c), Some(Hazard::Control), "{:?}", c);
        }
        for c in ['\u{202e}', '\u{2066}', '\u{2069}', '\u{200f}', '\u{61c}'] {
            assert_eq!(hazard(c), Some(Hazard::Bidi), "{:?}", c);
        }
        assert_eq!(hazard('\u{200b}'), Some(Hazard::Invisible));
        assert_eq!(hazard('\u{feff}'), Some(Hazard::Invisible));
        assert_eq!(hazard('\u{200d}'), Some(Hazard::Joiner));
        for c in ['a', 'ñ', '…', '—', '“', '€', '📚', ' ', '<', '"', '\u{a0}'] {
            assert_eq!(hazard(c), None, "{:?}", c);
        }
        for s in ["reseñas", "a…b", "x\u{202e}y", "\u{feff}bom", "tab\there", "emoji📚"] {
            let found = s.chars().any(|c| hazard(c).is_some());
            assert!(!found || may_hold_hazard(s.as_bytes()), "the quick filter misses {s:?}");
        }
        assert_eq!(first_hazard("ok\u{2028}x"), Some(('\u{2028}', Hazard::LineBreak)));
        assert_eq!(first_hazard("reseñas…"), None);
        let mut out = String::new();
        push_visible(&mut out, '\u{202e}');
        push_visible(&mut out, '\n');
        assert_eq!(out, "<U+202E><U+000A>");
    }

    #[test]
    fn names_and_notes() {
        assert_eq!(name_hazard("users"), None);
        assert_eq!(name_hazard("a\0b"), None, "NUL is the structure check's");
        assert_eq!(name_hazard("a\tb"), Some(('\t', Hazard::Control)));
        assert_eq!(name_hazard("x\u{202e}"), Some(('\u{202e}', Hazard::Bidi)));
        assert_eq!(name_hazard("👨\u{200d}👩"), None, "an emoji sequence");
        assert_eq!(name_hazard("می\u{200c}خواهم"), None, "Persian spelling");
        assert_eq!(name_hazard("ad\u{200d}min"), Some(('\u{200d}', Hazard::Joiner)));
        assert_eq!(name_hazard("\u{200d}👩"), Some(('\u{200d}', Hazard::Joiner)));
        assert_eq!(note_hazard("line one\r\nline two\n\tindented"), None);
        assert_eq!(note_hazard("a\rb"), Some(('\r', Hazard::LineBreak)));
        assert_eq!(note_hazard("a\u{2028}b"), Some(('\u{2028}', Hazard::LineBreak)));
        assert_eq!(visible("a\u{202e}b\u{200d}"), "a<U+202E>b\u{200d}");
    }
}
