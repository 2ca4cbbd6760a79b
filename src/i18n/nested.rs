//! Nested sentences kept inside their [`Arg`]: the common ones have a single short name or a
//! single figure as their argument (`over the {n} elements MongoDB advises`, ` with the
//! highest {field}`), and an English decimal figure (`150.0 KB`) is a nested sentence too.
//! Each fits beside its template in an argument's 24 bytes, so building one does not allocate
//! and dropping one frees nothing; what it renders, checks and compares as is the sentence it
//! was built from.

use super::arg::Arg;
use super::text::{Template, Text};
use super::Lang;
use std::fmt::{self, Write};

/// Bytes a [`Tiny`] name holds: what fits in an [`Arg`] beside its tag, length and template.
const TINY: usize = 14;

/// A name of up to 14 bytes stored inline (the argument of an inline nested sentence).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Tiny {
    len: u8,
    bytes: [u8; TINY],
}

impl Tiny {
    /// The bytes of a whole string inline, if they fit.
    fn new(s: &[u8]) -> Option<Tiny> {
        let mut bytes = [0u8; TINY];
        bytes.get_mut(..s.len())?.copy_from_slice(s);
        Some(Tiny { len: s.len() as u8, bytes })
    }

    /// The name (always whole: it was copied from a `&str` in one piece).
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl fmt::Debug for Tiny {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Which figure argument an inline nested sentence holds (its value is kept as 64 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FigureKind {
    /// [`Arg::Count`].
    Count,
    /// [`Arg::Int`].
    Int,
    /// [`Arg::Bytes`].
    Bytes,
    /// [`Arg::Percent`].
    Percent,
    /// [`Arg::Days`].
    Days,
}

/// The inline form of a nested sentence `tpl` whose only argument is `arg`, when there is
/// one (`arg` back otherwise).
pub(super) fn inline(tpl: &'static Template, arg: Arg) -> Result<Arg, Arg> {
    let figure = |kind, bits| Ok(Arg::TextFigure(tpl, kind, bits));
    match arg {
        Arg::Short(s) => Tiny::new(s.as_bytes()).map(|name| Arg::TextName(tpl, name)).ok_or(arg),
        Arg::Count(x) => figure(FigureKind::Count, x.to_bits()),
        Arg::Int(n) => figure(FigureKind::Int, n),
        Arg::Bytes(b) => figure(FigureKind::Bytes, b.to_bits()),
        Arg::Percent(p) => figure(FigureKind::Percent, p.to_bits()),
        Arg::Days(d) => figure(FigureKind::Days, d),
        arg => Err(arg),
    }
}

/// The sentence an inline nested argument stands for (`None` for any other argument).
pub(super) fn sentence(arg: &Arg) -> Option<Text> {
    match arg {
        Arg::TextName(tpl, name) => Some(Text::new(tpl, [Arg::str(name.as_str())])),
        Arg::TextFigure(tpl, kind, bits) => {
            let value = match kind {
                FigureKind::Count => Arg::Count(f64::from_bits(*bits)),
                FigureKind::Int => Arg::Int(*bits),
                FigureKind::Bytes => Arg::Bytes(f64::from_bits(*bits)),
                FigureKind::Percent => Arg::Percent(f64::from_bits(*bits)),
                FigureKind::Days => Arg::Days(*bits),
            };
            Some(Text::new(tpl, [value]))
        }
        _ => None,
    }
}

/// Writes an English decimal figure (`150.0 KB`, `0.02`) with its first point as a comma in
/// Spanish and Portuguese.
pub(super) fn write_decimal(english: &str, lang: Lang, out: &mut impl Write) -> fmt::Result {
    match (lang, english.split_once('.')) {
        (Lang::Es | Lang::Pt, Some((whole, frac))) => {
            out.write_str(whole)?;
            out.write_char(',')?;
            out.write_str(frac)
        }
        _ => out.write_str(english),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;
    use std::sync::Arc;

    fn one_name(field: &str) -> Text {
        text!(en: " with the highest {field}", es: " con el valor de {field} más alto", pt: " com o valor de {field} mais alto"; field)
    }

    fn outer(inner: Arg) -> Text {
        text!(en: "keep the top{inner}", es: "guarda los primeros{inner}", pt: "mantenha os primeiros{inner}"; inner)
    }

    #[test]
    fn one_short_name_or_figure_stays_inline_and_says_the_same() {
        assert_eq!(std::mem::size_of::<Arg>(), 24);
        let inline = Arg::from(one_name("votos"));
        assert!(matches!(inline, Arg::TextName(..)), "{inline:?}");
        let boxed = Arg::Text(Arc::new(one_name("votos")));
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            assert_eq!(outer(inline.clone()).render(lang), outer(boxed.clone()).render(lang));
        }
        assert_eq!(outer(inline.clone()).render(Lang::Es), "guarda los primeros con el valor de votos más alto");
        assert_eq!(inline, Arg::from(one_name("votos")));
        assert_ne!(inline, Arg::from(one_name("votes")));
        // A name too long to keep beside the template is shared as before.
        assert!(matches!(Arg::from(one_name("a_longer_field_name")), Arg::Text(_)));

        let rate = text!(en: "{n} a day", es: "{n} al día", pt: "{n} por dia"; n = Arg::Count(1440.5));
        let figure = Arg::from(rate.clone());
        assert!(matches!(figure, Arg::TextFigure(_, FigureKind::Count, _)), "{figure:?}");
        assert_eq!(outer(figure.clone()).render(Lang::Pt), "mantenha os primeiros1.441 por dia");
        assert_eq!(outer(figure).render(Lang::En), outer(Arg::Text(Arc::new(rate))).render(Lang::En));
        for (arg, es) in [
            (Arg::Int(12_000), "12.000"),
            (Arg::Bytes(1_500.0), "1,5 KB"),
            (Arg::Percent(0.002), "0,2%"),
            (Arg::Days(730), "2 años"),
        ] {
            let nested = Arg::from(text!(en: "({a})", es: "({a})", pt: "({a})"; a = arg.clone()));
            assert!(matches!(nested, Arg::TextFigure(..)), "{nested:?}");
            assert_eq!(outer(nested).render(Lang::Es), format!("guarda los primeros({es})"));
        }
    }

    #[test]
    fn inline_nested_sentences_are_checked_like_the_others() {
        assert!(outer(Arg::from(one_name("f1"))).is_translated());
        assert!(outer(Arg::from(one_name("f1"))).check().is_ok());
        // A plain text nested inline is still flagged.
        let plain = Arg::from(Text::plain("f1"));
        assert!(matches!(plain, Arg::TextName(..)));
        assert!(!outer(plain).is_translated());
        // Spanish names a placeholder that has no argument.
        static BROKEN: Template = Template { forms: ["over {n}", "sobre {m}", "sobre {n}"], names: &["n"] };
        let broken = Text::new(&BROKEN, [Arg::Int(3)]);
        assert!(outer(Arg::from(broken)).check().is_err());
    }

    #[test]
    fn a_decimal_gets_a_comma_in_spanish_and_portuguese() {
        let mut out = String::new();
        write_decimal("150.0 KB", Lang::Es, &mut out).unwrap();
        write_decimal("0.02", Lang::Pt, &mut out).unwrap();
        write_decimal("1.5", Lang::En, &mut out).unwrap();
        write_decimal("2000", Lang::Es, &mut out).unwrap();
        assert_eq!(out, "150,0 KB0,021.52000");
    }
}
