//! Text for the screen: the app's views put model strings into the page as text (never as
//! HTML), but a bidirectional control in a name still reorders what the reader sees, within the
//! name ("b<U+202E>gnp.exe" reads "bexe.png") and in the sentence around it, and an invisible
//! character hides. Shown here as `<U+XXXX>`, as the exports show them.

use super::hazard::{first_hazard, must_show, push_visible};
use std::borrow::Cow;

/// A name (of a collection, field, access pattern, design) as the screen must show it: every
/// hazardous character but the joiners as `<U+XXXX>`. Borrowed when there is none.
pub fn name(s: &str) -> Cow<'_, str> {
    shown(s, must_show)
}

/// A sentence that may quote names: as [`name`], but its own line feeds and tabs stay.
pub fn sentence(s: &str) -> Cow<'_, str> {
    shown(s, |c| c != '\n' && c != '\t' && must_show(c))
}

fn shown(s: &str, show: impl Fn(char) -> bool) -> Cow<'_, str> {
    if first_hazard(s).is_none() {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if show(c) {
            push_visible(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bidi_override_is_shown_not_obeyed() {
        assert_eq!(name("b\u{202e}gnp.exe"), "b<U+202E>gnp.exe");
        assert_eq!(sentence("embed b\u{202e}gnp.exe: criteria agree"), "embed b<U+202E>gnp.exe: criteria agree");
    }

    #[test]
    fn invisible_and_control_characters_are_shown() {
        assert_eq!(name("a\u{200b}b\u{feff}"), "a<U+200B>b<U+FEFF>");
        assert_eq!(name("line\nbreak\u{2028}"), "line<U+000A>break<U+2028>");
        assert_eq!(sentence("one\ntwo\tthree\u{2029}"), "one\ntwo\tthree<U+2029>");
    }

    #[test]
    fn ordinary_text_is_borrowed_and_joiners_stay() {
        assert!(matches!(name("catálogo ñandú 書名"), Cow::Borrowed(_)));
        let family = "👨\u{200d}👩\u{200d}👧";
        assert_eq!(name(family), family);
        assert_eq!(name("<b>bold</b>"), "<b>bold</b>", "markup is the view's business: it shows text as text");
    }
}
