//! The arguments of a [`Text`](super::Text): names, figures, lists and nested sentences, each
//! rendered in the conventions of the language shown.
//!
//! An analysis builds tens of thousands of sentences, so an argument is small (24 bytes) and
//! allocates as little as possible: a short name (a collection, a field path, a query id) is
//! kept inline, a longer one is shared (`Arc<str>`), and a nested sentence without arguments is
//! only its templates.

use super::figures::{Bytes, Count, Percent, Thousands};
pub use super::nested::{FigureKind, Tiny};
use super::text::{lang_index, Template, Text};
use super::Lang;
use std::fmt::{self, Display, Write};
use std::sync::Arc;

/// An argument of a [`Text`]: a value rendered in the conventions of the language shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A short name or any short text that is the same in every language (a collection, a
    /// field, code), kept inline: no allocation. Built by `Arg::from(&str)` / `Arg::from(String)`.
    Short(ShortStr),
    /// A static name or code.
    Static(&'static str),
    /// A name shared by many sentences (an entity's name in every reason about it), or a name
    /// too long to keep inline: cloning it does not allocate.
    Shared(Arc<str>),
    /// A count or rate: `1,440`, `0.02`, `12.5`.
    Count(f64),
    /// An integer with thousands separators.
    Int(u64),
    /// Bytes in decimal units: `704 KB`, `1.2 MB`, `16 MiB`.
    Bytes(f64),
    /// A share (0..1) as a percentage: `0.2%`.
    Percent(f64),
    /// Days, as years when they make whole years: `5 years`, `30 days`.
    Days(u64),
    /// Names joined as `a, b and c` (each item a name argument).
    List(Arc<[Arg]>),
    /// A nested sentence, rendered in the same language.
    Text(Arc<Text>),
    /// A nested sentence without arguments (what a fixed [`Text`] converts to): no allocation.
    Fixed(&'static Template),
    /// A nested sentence whose only argument is a short name (what such a [`Text`] converts
    /// to): no allocation.
    TextName(&'static Template, Tiny),
    /// A nested sentence whose only argument is a figure of this kind, its value as 64 bits
    /// (what such a [`Text`] converts to): no allocation.
    TextFigure(&'static Template, FigureKind, u64),
    /// An English decimal figure without thousands separators (`150.0 KB`, `0.02`), shown with
    /// a decimal comma in Spanish and Portuguese.
    Decimal(ShortStr),
    /// A word of the interface's catalogue (a storage, a vote, a criterion), in the language shown.
    Msg(super::Msg),
}

/// Bytes a [`ShortStr`] holds: what fits in an [`Arg`] of 24 bytes beside its tag and length.
const SHORT: usize = 22;

/// A string of up to 22 bytes stored inline.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ShortStr {
    len: u8,
    bytes: [u8; SHORT],
}

impl ShortStr {
    /// `s` inline, if it fits.
    pub fn new(s: &str) -> Option<ShortStr> {
        let mut bytes = [0u8; SHORT];
        bytes.get_mut(..s.len())?.copy_from_slice(s.as_bytes());
        Some(ShortStr { len: s.len() as u8, bytes })
    }

    /// ASCII `bytes` inline, if they fit (`None` for any other byte): figures written digit by
    /// digit, made inline without checking their UTF-8 as a `&str` (ASCII is UTF-8).
    pub fn from_ascii(bytes: &[u8]) -> Option<ShortStr> {
        let mut inline = [0u8; SHORT];
        inline.get_mut(..bytes.len()).filter(|_| bytes.is_ascii())?.copy_from_slice(bytes);
        Some(ShortStr { len: bytes.len() as u8, bytes: inline })
    }

    /// The empty string: a figure is written into it piece by piece
    /// ([`Self::with_digits`], [`Self::with_ascii`]), in place, without a buffer to copy from.
    pub const EMPTY: ShortStr = ShortStr { len: 0, bytes: [0; SHORT] };

    /// This string followed by the ASCII `bytes` (`None` if they do not fit or are not ASCII).
    pub fn with_ascii(mut self, bytes: &[u8]) -> Option<ShortStr> {
        for &byte in bytes {
            *self.bytes.get_mut(usize::from(self.len)).filter(|_| byte.is_ascii())? = byte;
            self.len += 1;
        }
        Some(self)
    }

    /// This string followed by the decimal digits of `n` (`None` if they do not fit).
    pub fn with_digits(mut self, mut n: u64) -> Option<ShortStr> {
        let start = usize::from(self.len);
        let end = start + n.checked_ilog10().map_or(1, |d| d as usize + 1);
        // Written from the last digit back: the count is known, so no buffer to copy from.
        for slot in self.bytes.get_mut(start..end)?.iter_mut().rev() {
            *slot = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self.len = end as u8;
        Some(self)
    }

    /// The string's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The string (always whole: it was copied from a `&str` in one piece).
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

/// Writes into a [`ShortStr`]'s bytes; fails when the text does not fit.
struct ShortWriter {
    len: u8,
    bytes: [u8; SHORT],
}

impl Write for ShortWriter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let start = usize::from(self.len);
        let end = start + s.len();
        self.bytes.get_mut(start..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end as u8;
        Ok(())
    }
}

impl fmt::Debug for ShortStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Arg {
    /// A name: inline when short, shared otherwise.
    pub fn str(s: &str) -> Arg {
        match ShortStr::new(s) {
            Some(short) => Arg::Short(short),
            None => Arg::Shared(Arc::from(s)),
        }
    }

    /// A value's `Display` text as a name (a number shown as the file has it, digits without
    /// separators): written inline when short, without an intermediate `String`.
    pub fn display(value: impl Display) -> Arg {
        let mut short = ShortWriter { len: 0, bytes: [0; SHORT] };
        if write!(short, "{value}").is_ok() {
            return Arg::Short(ShortStr { len: short.len, bytes: short.bytes });
        }
        Arg::from(value.to_string())
    }

    /// An English decimal figure (`150.0 KB`, `0.02`) written inline: [`Arg::Decimal`] when it
    /// has a decimal point, a short name when it has none (`96 B`), `None` when it does not fit.
    pub fn decimal_display(value: impl Display) -> Option<Arg> {
        let mut short = ShortWriter { len: 0, bytes: [0; SHORT] };
        write!(short, "{value}").ok()?;
        let short = ShortStr { len: short.len, bytes: short.bytes };
        Some(if short.as_bytes().contains(&b'.') { Arg::Decimal(short) } else { Arg::Short(short) })
    }

    /// A dotted name `a.b` (a holder and its field): inline when short, without the formatter.
    pub fn dotted(a: &str, b: &str) -> Arg {
        let mut short = ShortWriter { len: 0, bytes: [0; SHORT] };
        match short.write_str(a).and_then(|()| short.write_str(".")).and_then(|()| short.write_str(b)) {
            Ok(()) => Arg::Short(ShortStr { len: short.len, bytes: short.bytes }),
            Err(_) => Arg::Shared(Arc::from(format!("{a}.{b}"))),
        }
    }

    /// The pieces written one after the other as one name (`field:1, other:-1`): inline when
    /// short, without the formatter; shared otherwise.
    pub fn concat<'a>(parts: impl Iterator<Item = &'a str> + Clone) -> Arg {
        let mut short = ShortWriter { len: 0, bytes: [0; SHORT] };
        if parts.clone().try_for_each(|part| short.write_str(part)).is_ok() {
            return Arg::Short(ShortStr { len: short.len, bytes: short.bytes });
        }
        let mut long = String::with_capacity(parts.clone().map(str::len).sum());
        parts.for_each(|part| long.push_str(part));
        Arg::Shared(Arc::from(long))
    }

    /// A list of names (`a, b and c`), in one allocation.
    pub fn list<S: AsRef<str>>(items: &[S]) -> Arg {
        Arg::List(items.iter().map(|s| Arg::str(s.as_ref())).collect())
    }

    pub(super) fn write(&self, lang: Lang, out: &mut impl Write) -> fmt::Result {
        match self {
            Arg::Short(s) => out.write_str(s.as_str()),
            Arg::Static(s) => out.write_str(s),
            Arg::Shared(s) => out.write_str(s),
            Arg::Count(x) if x.is_nan() => {
                out.write_str(pick(lang, ["an unknown number", "un número desconocido", "um número desconhecido"]))
            }
            Arg::Count(x) => figure(lang, Count(*x), out),
            Arg::Int(n) => figure(lang, Thousands(*n), out),
            Arg::Bytes(b) if b.is_nan() || *b == f64::INFINITY => {
                out.write_str(pick(lang, ["an unbounded size", "un tamaño sin límite", "um tamanho sem limite"]))
            }
            Arg::Bytes(b) => figure(lang, Bytes(*b), out),
            Arg::Percent(p) if !p.is_finite() => out.write_str(pick(
                lang,
                ["an unknown share", "una proporción desconocida", "uma proporção desconhecida"],
            )),
            Arg::Percent(p) => figure(lang, Percent(*p), out),
            Arg::Days(d) => days(lang, *d, out),
            Arg::List(items) => {
                let and = pick(lang, [" and ", " y ", " e "]);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_str(if i + 1 == items.len() { and } else { ", " })?;
                    }
                    item.write(lang, out)?;
                }
                Ok(())
            }
            Arg::Text(t) => t.write(lang, out),
            Arg::Fixed(tpl) => out.write_str(tpl.form(lang)),
            Arg::TextName(..) | Arg::TextFigure(..) => match super::nested::sentence(self) {
                Some(t) => t.write(lang, out),
                None => Ok(()),
            },
            Arg::Decimal(s) => super::nested::write_decimal(s.as_str(), lang, out),
            Arg::Msg(m) => out.write_str(m.text(lang)),
        }
    }
}

fn pick(lang: Lang, forms: [&'static str; 3]) -> &'static str {
    forms[lang_index(lang)]
}

/// A figure in English notation, with the separators swapped for Spanish and Portuguese.
pub(super) fn figure(lang: Lang, value: impl Display, out: &mut impl Write) -> fmt::Result {
    if lang == Lang::En {
        return write!(out, "{value}");
    }
    let mut buf = String::with_capacity(24);
    write!(buf, "{value}")?;
    for c in buf.chars() {
        out.write_char(match c {
            ',' => '.',
            '.' => ',',
            c => c,
        })?;
    }
    Ok(())
}

fn days(lang: Lang, d: u64, out: &mut impl Write) -> fmt::Result {
    let (one_year, years, one_day, days) = match lang {
        Lang::En => ("1 year", "years", "1 day", "days"),
        Lang::Es => ("1 año", "años", "1 día", "días"),
        Lang::Pt => ("1 ano", "anos", "1 dia", "dias"),
    };
    match d {
        365 => out.write_str(one_year),
        d if d % 365 == 0 && d > 0 => {
            figure(lang, Thousands(d / 365), out)?;
            write!(out, " {years}")
        }
        1 => out.write_str(one_day),
        d => {
            figure(lang, Thousands(d), out)?;
            write!(out, " {days}")
        }
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        match ShortStr::new(&s) {
            Some(short) => Arg::Short(short),
            None => Arg::Shared(Arc::from(s)),
        }
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::str(s)
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::str(s)
    }
}

impl From<&&str> for Arg {
    fn from(s: &&str) -> Arg {
        Arg::str(s)
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Arg {
        Arg::Int(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Int(n as u64)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Int(n as u64)
    }
}

impl From<Text> for Arg {
    /// A nested text; one without arguments is kept as its templates alone, one with a single
    /// short name or figure beside its templates (neither allocates).
    fn from(t: Text) -> Arg {
        t.into_arg()
    }
}

impl From<Arc<str>> for Arg {
    fn from(s: Arc<str>) -> Arg {
        Arg::Shared(s)
    }
}

impl From<&Arc<str>> for Arg {
    fn from(s: &Arc<str>) -> Arg {
        Arg::Shared(Arc::clone(s))
    }
}

impl From<&crate::model::Id> for Arg {
    /// An id as a name, sharing its text.
    fn from(id: &crate::model::Id) -> Arg {
        Arg::Shared(Arc::clone(id.shared()))
    }
}

impl From<crate::model::Id> for Arg {
    fn from(id: crate::model::Id) -> Arg {
        Arg::from(&id)
    }
}

impl From<&Arg> for Arg {
    /// A copy of an argument kept elsewhere (a name inline, or shared: no allocation).
    fn from(a: &Arg) -> Arg {
        a.clone()
    }
}

impl From<super::Msg> for Arg {
    fn from(m: super::Msg) -> Arg {
        Arg::Msg(m)
    }
}

impl From<Vec<String>> for Arg {
    fn from(items: Vec<String>) -> Arg {
        Arg::list(&items)
    }
}

impl From<&Vec<String>> for Arg {
    fn from(items: &Vec<String>) -> Arg {
        Arg::list(items)
    }
}

impl From<&[String]> for Arg {
    fn from(items: &[String]) -> Arg {
        Arg::list(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_bytes_inline_as_their_string_and_nothing_else() {
        for s in ["", "96 B", "150.0 KB", "18446744073709551615", &"x".repeat(22)] {
            assert_eq!(ShortStr::from_ascii(s.as_bytes()), ShortStr::new(s), "{s}");
        }
        assert!(ShortStr::from_ascii("x".repeat(23).as_bytes()).is_none(), "too long");
        assert!(ShortStr::from_ascii("año".as_bytes()).is_none() && ShortStr::from_ascii(&[0xff]).is_none());
    }

    #[test]
    fn figures_written_in_place_are_their_strings_and_stop_when_full() {
        for n in [0, 7, 10, 99, 100, 1_000_000_007, u64::MAX] {
            assert_eq!(ShortStr::EMPTY.with_digits(n), ShortStr::new(&n.to_string()), "{n}");
        }
        let figure = ShortStr::EMPTY.with_ascii(b"-").and_then(|s| s.with_digits(150)?.with_ascii(b".0 KB"));
        assert_eq!(figure, ShortStr::new("-150.0 KB"));
        assert_eq!(ShortStr::EMPTY.with_ascii(b""), ShortStr::new(""));
        let nineteen = ShortStr::new(&"9".repeat(19));
        assert_eq!(nineteen.and_then(|s| s.with_digits(123)), ShortStr::new(&format!("{}123", "9".repeat(19))), "full");
        assert!(nineteen.and_then(|s| s.with_digits(1234)).is_none(), "one digit too many");
        assert!(ShortStr::EMPTY.with_ascii("x".repeat(23).as_bytes()).is_none(), "too long");
        assert!(ShortStr::EMPTY.with_ascii("ñ".as_bytes()).is_none(), "not ASCII");
    }

    #[test]
    fn an_argument_is_small_and_short_names_stay_inline() {
        assert!(std::mem::size_of::<Arg>() <= 24, "{} bytes", std::mem::size_of::<Arg>());
        assert!(matches!(Arg::from("coll_123.f9"), Arg::Short(_)));
        assert!(matches!(Arg::from("x".repeat(22)), Arg::Short(_)));
        let long = "a_collection_name_longer_than_inline";
        assert!(matches!(Arg::from(long), Arg::Shared(ref s) if &**s == long));
        // A multi-byte name is kept whole.
        let name = "reseñas_ñandú_é";
        let mut out = String::new();
        Arg::from(name).write(Lang::Es, &mut out).unwrap();
        assert_eq!(out, name);
        let mut out = String::new();
        Arg::list(&["C1", "C2", "a_very_long_query_identifier_name"]).write(Lang::Pt, &mut out).unwrap();
        assert_eq!(out, "C1, C2 e a_very_long_query_identifier_name");
        assert_eq!(Arg::display(-3.5), Arg::from("-3.5"));
        assert_eq!(Arg::dotted("items", "votos"), Arg::from("items.votos"));
        assert_eq!(Arg::dotted("a_long_holder_name", "field"), Arg::from("a_long_holder_name.field"));
        assert_eq!(Arg::concat(["a:1", ", ", "b:-1"].into_iter()), Arg::from("a:1, b:-1"));
        assert!(matches!(Arg::concat(["x".repeat(22).as_str()].into_iter()), Arg::Short(_)));
        let long = ["a_long_field:1", ", ", "another_one:-1"];
        assert!(matches!(Arg::concat(long.into_iter()), Arg::Shared(ref s) if **s == long.concat()));
        assert_eq!(Arg::display(f64::NAN), Arg::from("NaN"));
        assert_eq!(Arg::display(format_args!("{:>30}", 1)), Arg::from(format!("{:>30}", 1)), "too long: shared");
    }
}
