//! A sentence written for a markup language: its templates are written as they are (they are
//! the product's own text), every name argument through an escaper. The escaper is told
//! whether the placeholder sits inside a code span of the template (after an odd number of
//! backticks), so one call serves prose and code spans.

use super::{find_open_brace, Text};
use crate::i18n::{Arg, Lang};

/// Writes a name argument: `(out, name, in_code_span)`.
pub type Escaper<'a> = &'a dyn Fn(&mut String, &str, bool);

impl Text {
    /// Writes the sentence in `lang` to `out`, each name argument (and each name of a list
    /// argument, and the names of nested sentences) through `escape`; figures, catalogue words
    /// and the templates are written as they are.
    pub fn write_escaped(&self, lang: Lang, out: &mut String, escape: Escaper) {
        let template = self.template(lang);
        let bytes = template.as_bytes();
        let (mut literal, mut from) = (0, 0);
        let mut ticks = 0usize;
        while let Some(open) = find_open_brace(bytes, from) {
            let start = open + 1;
            let len = bytes
                .get(start..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || **b == b'_')
                .count();
            let end = start + len;
            let arg = (len > 0 && bytes.get(end) == Some(&b'}'))
                .then(|| template.get(start..end).and_then(|name| self.arg(name)))
                .flatten();
            match arg {
                Some(arg) => {
                    let piece = template.get(literal..open).unwrap_or_default();
                    ticks += piece.bytes().filter(|&b| b == b'`').count();
                    out.push_str(piece);
                    write_arg(arg, lang, out, escape, ticks % 2 == 1);
                    literal = end + 1;
                    from = end + 1;
                }
                None => from = start,
            }
        }
        out.push_str(template.get(literal..).unwrap_or_default());
    }
}

fn write_arg(arg: &Arg, lang: Lang, out: &mut String, escape: Escaper, in_code: bool) {
    match arg {
        Arg::Short(s) => escape(out, s.as_str(), in_code),
        Arg::Static(s) => escape(out, s, in_code),
        Arg::Shared(s) => escape(out, s, in_code),
        Arg::List(items) => {
            let and = crate::i18n::pick(lang, [" and ", " y ", " e "]);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(if i + 1 == items.len() { and } else { ", " });
                }
                write_arg(item, lang, out, escape, in_code);
            }
        }
        Arg::Text(t) => t.write_escaped(lang, out, escape),
        Arg::TextName(..) | Arg::TextFigure(..) => {
            if let Some(t) = super::super::nested::sentence(arg) {
                t.write_escaped(lang, out, escape);
            }
        }
        // Figures, catalogue words and argument-free sentences: the product's own text.
        other => {
            // Writing to a String cannot fail.
            let _ = other.write(lang, out);
        }
    }
}
