//! Sentences in three languages with named arguments: a [`Text`] is a message (its static
//! [`Template`], three forms) and its arguments ([`Arg`]), formatted when it is written.
//!
//! Figures follow the language's conventions (`1,440.5` in English, `1.440,5` in Spanish and
//! Portuguese), names are written as they are, nested sentences in the same language.
//!
//! ```
//! use docshape::{text, i18n::{Arg, Lang}};
//! let t = text!(
//!     en: "{parent} embeds {n} {child}",
//!     es: "{parent} incrusta {n} {child}",
//!     pt: "{parent} incorpora {n} {child}";
//!     parent = "catalogo", child = "etiquetas", n = Arg::Count(1440.0)
//! );
//! assert_eq!(t.render(Lang::En), "catalogo embeds 1,440 etiquetas");
//! assert_eq!(t.render(Lang::Es), "catalogo incrusta 1.440 etiquetas");
//! ```
//!
//! A placeholder is `{name}` with a lowercase identifier; any other brace is literal text, so
//! templates can quote MongoDB syntax such as `{ $inc: … }` (see `placeholder.rs`).

use super::figures;
use super::lang::{pick, Lang};
use super::msg::Msg;
use super::placeholder::{pieces, placeholders, without_placeholders, Piece};
use crate::model::Id;
use serde::{Serialize, Serializer};
use std::fmt::{self, Display, Formatter, Write};
use std::sync::Arc;

/// The templates of one sentence: English, Spanish, Portuguese.
pub type Forms = [&'static str; 3];

/// A sentence's templates and the names of its arguments, in the order they are given: static,
/// written once where the sentence is (what [`text!`](crate::text) builds).
#[derive(Debug, PartialEq)]
pub struct Template {
    /// English, Spanish, Portuguese.
    pub forms: Forms,
    /// The argument names, in the order of the arguments.
    pub names: &'static [&'static str],
}

/// The forms of a text that has no translation: its single argument, `{plain}`, as given.
static PLAIN: Template = Template { forms: ["{plain}", "{plain}", "{plain}"], names: &["plain"] };

/// The empty text's template.
static EMPTY: Template = Template { forms: ["", "", ""], names: &[] };

impl Template {
    /// The form for `lang`. In the browser, Spanish and Portuguese are looked up by the English
    /// form in the language's fetched texts (English when they are not loaded).
    pub fn form(&self, lang: Lang) -> &'static str {
        if cfg!(target_arch = "wasm32") && lang != Lang::En {
            return super::fetched::form(lang, self.forms[0]);
        }
        pick(lang, self.forms)
    }

    /// Whether this is the template of [`Text::plain`] (compared by its forms and names).
    fn is_plain(&self) -> bool {
        *self == PLAIN
    }
}

/// A sentence in the three languages, with its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    template: &'static Template,
    /// One per name of the template, in order.
    args: Vec<Arg>,
}

/// An argument of a [`Text`]: a value rendered in the conventions of the language shown.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// Text that reads the same in every language: a name (a collection, a field path, an
    /// id), code, a figure already written. Built by `Arg::from(&str)`, `Arg::from(String)`, or
    /// shared with `Arg::from(&Id)` / `Arg::from(Arc<str>)`.
    Name(Arc<str>),
    /// A whole count, with thousands separators: `1,440`.
    Int(u64),
    /// A count or a rate, measured or estimated: `1,440`, `0.02`, `12.5`.
    Count(f64),
    /// Bytes in decimal units: `704 KB`, `1.2 MB`, `16 MiB`.
    Bytes(f64),
    /// A share (0..1) as a percentage: `0.2%`.
    Percent(f64),
    /// Days, as years when they make whole years: `5 years`, `30 days`.
    Days(u64),
    /// A figure as English writes it, with its unit when it has one (`1.5 GB`, `0.02`,
    /// `128 MiB`), shown with the reader's decimal separator: its first `.` is a comma in
    /// Spanish and Portuguese. For figures written by rules of their own (a chunk size in
    /// MiB, one decimal at most) that `Count` and `Bytes` do not write.
    Decimal(String),
    /// Items joined as `a, b and c`.
    List(Vec<Arg>),
    /// A nested sentence, rendered in the same language (kept in place: its arguments are
    /// already behind the `Vec` of its own).
    Text(Text),
    /// A word of the interface's catalogue (a storage, a vote, a criterion), in the language shown.
    Msg(Msg),
}

/// The decimal separator of `lang`: `.` in English, `,` in Spanish and Portuguese.
fn decimal_separator(lang: Lang) -> &'static str {
    match lang {
        Lang::En => ".",
        Lang::Es | Lang::Pt => ",",
    }
}

/// Writes a name argument: `(out, name, in_code_span)` (see [`Text::write_escaped`]).
pub type Escaper<'a> = &'a dyn Fn(&mut String, &str, bool);

impl Text {
    /// A text with no arguments.
    pub const fn fixed(template: &'static Template) -> Text {
        Text { template, args: Vec::new() }
    }

    /// A text with arguments, one per name of `template`, in order (what
    /// [`text!`](crate::text) expands to).
    pub fn new<const N: usize>(template: &'static Template, args: [Arg; N]) -> Text {
        Text { template, args: Vec::from(args) }
    }

    /// Text that is not translated: shown as given in every language. Meant for content that
    /// is language-neutral (code, a user's note); the translation tests flag any advisor
    /// sentence built this way.
    pub fn plain(s: impl Into<String>) -> Text {
        Text::new(&PLAIN, [Arg::from(s.into())])
    }

    /// The empty text.
    pub const fn empty() -> Text {
        Text::fixed(&EMPTY)
    }

    /// Whether this text and every nested one has its three languages (is not [`Text::plain`]).
    pub fn is_translated(&self) -> bool {
        !self.template.is_plain() && self.args.iter().all(Arg::is_translated)
    }

    /// Whether the English rendering is empty.
    pub fn is_empty(&self) -> bool {
        self.template.forms[0].is_empty() || (self.template.is_plain() && self.en().is_empty())
    }

    /// The template for `lang`.
    pub fn template(&self, lang: Lang) -> &'static str {
        self.template.form(lang)
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write(lang, &mut out);
        out
    }

    /// The sentence in English.
    pub fn en(&self) -> String {
        self.render(Lang::En)
    }

    /// Whether the English sentence contains `needle` (for tests and filters).
    pub fn contains(&self, needle: &str) -> bool {
        self.en().contains(needle)
    }

    /// Writes the sentence in `lang` to `out`.
    pub fn write(&self, lang: Lang, out: &mut impl Write) -> fmt::Result {
        for piece in self.pieces(lang) {
            match piece {
                Piece::Literal(text) => out.write_str(text)?,
                Piece::Arg(arg) => arg.write(lang, out)?,
            }
        }
        Ok(())
    }

    /// Writes the sentence in `lang` for a markup language: the templates (the product's own
    /// text), figures and catalogue words as they are, each name (in a list, in a nested
    /// sentence too) through `escape`, told whether the placeholder sits inside a code span of
    /// the template (after an odd number of backticks), so one call serves prose and code spans.
    pub fn write_escaped(&self, lang: Lang, out: &mut String, escape: Escaper) {
        let mut ticks = 0;
        for piece in self.pieces(lang) {
            match piece {
                Piece::Literal(text) => {
                    ticks += text.bytes().filter(|&b| b == b'`').count();
                    out.push_str(text);
                }
                Piece::Arg(arg) => arg.write_escaped(lang, out, escape, ticks % 2 == 1),
            }
        }
    }

    /// The literal text and the arguments of the template for `lang`, in order.
    fn pieces(&self, lang: Lang) -> impl Iterator<Item = Piece<'static, &Arg>> {
        pieces(self.template(lang), |name| self.arg(name))
    }

    fn arg(&self, name: &str) -> Option<&Arg> {
        let i = self.template.names.iter().position(|n| *n == name)?;
        self.args.get(i)
    }

    /// Checks the templates against the arguments: every placeholder of every language has an
    /// argument, every argument is used in every language, and the Spanish and Portuguese
    /// templates are not the English one (unless it has no words of its own). Nested texts are
    /// checked too. Returns what is wrong, naming the English template.
    pub fn check(&self) -> Result<(), String> {
        let forms = &self.template.forms;
        let names: Vec<&str> = self.template.names.iter().take(self.args.len()).copied().collect();
        for (i, form) in forms.iter().enumerate() {
            let used = placeholders(form);
            if let Some(missing) = used.iter().find(|p| !names.contains(p)) {
                return Err(format!("{{{missing}}} has no argument in {:?} (form {i})", forms[0]));
            }
            if let Some(unused) = names.iter().find(|n| !used.contains(n)) {
                return Err(format!("argument {unused} is not used in form {i} of {:?}", forms[0]));
            }
        }
        let has_words = |form: &str| without_placeholders(form).chars().any(char::is_alphabetic);
        if !self.template.is_plain() && has_words(forms[0]) {
            for (i, form) in forms.iter().enumerate().skip(1) {
                if *form == forms[0] {
                    return Err(format!("form {i} of {:?} is the English text", forms[0]));
                }
            }
        }
        self.args.iter().try_for_each(Arg::check)
    }
}

impl Arg {
    /// A name.
    pub fn str(s: &str) -> Arg {
        Arg::Name(Arc::from(s))
    }

    /// A list of names (`a, b and c`).
    pub fn list<S: AsRef<str>>(items: &[S]) -> Arg {
        Arg::List(items.iter().map(|s| Arg::str(s.as_ref())).collect())
    }

    /// The argument alone, as a sentence writes it in `lang` (a figure in a table's cell).
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write(lang, &mut out);
        out
    }

    pub(super) fn write(&self, lang: Lang, out: &mut impl Write) -> fmt::Result {
        match self {
            Arg::Name(s) => out.write_str(s),
            Arg::Int(n) => figures::write_int(lang, *n, out),
            Arg::Count(x) => figures::write_count(lang, *x, out),
            Arg::Bytes(b) => figures::write_bytes(lang, *b, out),
            Arg::Percent(p) => figures::write_percent(lang, *p, out),
            Arg::Days(d) => figures::write_days(lang, *d, out),
            Arg::Decimal(english) => match english.split_once('.') {
                Some((whole, fraction)) => {
                    out.write_str(whole)?;
                    out.write_str(decimal_separator(lang))?;
                    out.write_str(fraction)
                }
                None => out.write_str(english),
            },
            Arg::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    out.write_str(separator(lang, i, items.len()))?;
                    item.write(lang, out)?;
                }
                Ok(())
            }
            Arg::Text(t) => t.write(lang, out),
            Arg::Msg(m) => out.write_str(m.text(lang)),
        }
    }

    /// [`Arg::write`] with each name through `escape` (see [`Text::write_escaped`]).
    fn write_escaped(&self, lang: Lang, out: &mut String, escape: Escaper, in_code: bool) {
        match self {
            Arg::Name(s) => escape(out, s, in_code),
            // The figure's parts as names, around the reader's separator.
            Arg::Decimal(english) => match english.split_once('.') {
                Some((whole, fraction)) => {
                    escape(out, whole, in_code);
                    out.push_str(decimal_separator(lang));
                    escape(out, fraction, in_code);
                }
                None => escape(out, english, in_code),
            },
            Arg::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    out.push_str(separator(lang, i, items.len()));
                    item.write_escaped(lang, out, escape, in_code);
                }
            }
            Arg::Text(t) => t.write_escaped(lang, out, escape),
            // Figures and catalogue words: the product's own text. Writing to a String cannot fail.
            _ => {
                let _ = self.write(lang, out);
            }
        }
    }

    /// See [`Text::is_translated`].
    fn is_translated(&self) -> bool {
        match self {
            Arg::Text(t) => t.is_translated(),
            Arg::List(items) => items.iter().all(Arg::is_translated),
            _ => true,
        }
    }

    /// See [`Text::check`].
    fn check(&self) -> Result<(), String> {
        match self {
            Arg::Text(t) => t.check(),
            Arg::List(items) => items.iter().try_for_each(Arg::check),
            _ => Ok(()),
        }
    }
}

/// What goes before item `i` of a list of `n`: nothing before the first, ` and ` before the
/// last, `, ` between.
fn separator(lang: Lang, i: usize, n: usize) -> &'static str {
    match i {
        0 => "",
        i if i + 1 == n => pick(lang, [" and ", " y ", " e "]),
        _ => ", ",
    }
}

impl Display for Text {
    /// The English sentence.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.write(Lang::En, f)
    }
}

impl Serialize for Text {
    /// Serialised as the English sentence (machine-readable output stays stable).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::plain(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::plain(s)
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Name(Arc::from(s))
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

impl From<Arc<str>> for Arg {
    fn from(s: Arc<str>) -> Arg {
        Arg::Name(s)
    }
}

impl From<&Arc<str>> for Arg {
    fn from(s: &Arc<str>) -> Arg {
        Arg::Name(Arc::clone(s))
    }
}

impl From<&Id> for Arg {
    /// An id as a name, sharing its text.
    fn from(id: &Id) -> Arg {
        Arg::Name(Arc::clone(id.shared()))
    }
}

impl From<Id> for Arg {
    fn from(id: Id) -> Arg {
        Arg::from(&id)
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
        Arg::Int(u64::from(n))
    }
}

impl From<Text> for Arg {
    fn from(t: Text) -> Arg {
        Arg::Text(t)
    }
}

impl From<&Arg> for Arg {
    fn from(a: &Arg) -> Arg {
        a.clone()
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(m)
    }
}

impl From<Vec<String>> for Arg {
    fn from(items: Vec<String>) -> Arg {
        Arg::List(items.into_iter().map(Arg::from).collect())
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

/// A [`Text`] in English, Spanish and Portuguese with named arguments:
/// `text!(en: "…{name}…", es: "…", pt: "…"; name = value, other)` (a bare `other` means
/// `other = other`). Values convert with `Arg::from`; use `Arg::Count(x)`, `Arg::Bytes(b)`,
/// `Arg::Percent(s)` or `Arg::Days(d)` for figures.
#[macro_export]
macro_rules! text {
    (en: $en:literal, es: $es:literal, pt: $pt:literal $(,)?) => {
        $crate::i18n::Text::fixed(&$crate::i18n::Template { forms: $crate::forms!($en, $es, $pt), names: &[] })
    };
    (en: $en:literal, es: $es:literal, pt: $pt:literal; $($name:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::i18n::Text::new(
            &$crate::i18n::Template { forms: $crate::forms!($en, $es, $pt), names: &[$(stringify!($name)),+] },
            [$($crate::text!(@value $name $(= $value)?)),+],
        )
    };
    (@value $name:ident = $value:expr) => { $crate::i18n::Arg::from($value) };
    (@value $name:ident) => { $crate::i18n::Arg::from($name) };
}

/// The three forms of a [`text!`](crate::text). In the browser the Spanish and Portuguese ones
/// are left out of the wasm: they come from the language's data file (`i18n::fetched`).
#[doc(hidden)]
#[cfg(not(target_arch = "wasm32"))]
#[macro_export]
macro_rules! forms {
    ($en:literal, $es:literal, $pt:literal) => {
        [$en, $es, $pt]
    };
}

#[doc(hidden)]
#[cfg(target_arch = "wasm32")]
#[macro_export]
macro_rules! forms {
    ($en:literal, $es:literal, $pt:literal) => {
        [$en, "", ""]
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_that_are_not_placeholders_stay_literal() {
        static TPL: Template = Template {
            forms: [
                "{ $inc: {n} } {unknown} {} {N} a{b}c é{n}ü {{n}} { n } ends with {n",
                "{n}{n}",
                "sin marcadores, más de ocho bytes: {",
            ],
            names: &["n", "b"],
        };
        let t = Text::new(&TPL, [Arg::Int(1440), Arg::str("B")]);
        assert_eq!(t.render(Lang::En), "{ $inc: 1,440 } {unknown} {} {N} aBc é1,440ü {1,440} { n } ends with {n");
        assert_eq!(t.render(Lang::Es), "1.4401.440");
        assert_eq!(t.render(Lang::Pt), "sin marcadores, más de ocho bytes: {");
        for at in 0..20 {
            let template: &'static str =
                Box::leak(format!("{}{{n}}{}", "x".repeat(at), "y".repeat(at)).into_boxed_str());
            let tpl: &'static Template =
                Box::leak(Box::new(Template { forms: [template, template, template], names: &["n"] }));
            let t = Text::new(tpl, [Arg::str("N")]);
            assert_eq!(t.render(Lang::En), format!("{}N{}", "x".repeat(at), "y".repeat(at)));
        }
    }

    #[test]
    fn renders_each_language_with_its_figures() {
        let t = text!(
            en: "{who} has {n} of {m} items ({share}), {size} at {when}",
            es: "{who} tiene {n} de {m} elementos ({share}), {size} a {when}",
            pt: "{who} tem {n} de {m} itens ({share}), {size} em {when}";
            who = "catalogo", n = Arg::Count(14.5), m = Arg::Int(1440), share = Arg::Percent(0.125), size = Arg::Bytes(1_250_000.0),
            when = Arg::Days(1825)
        );
        assert_eq!(t.render(Lang::En), "catalogo has 14.5 of 1,440 items (12.5%), 1.3 MB at 5 years");
        assert_eq!(t.render(Lang::Es), "catalogo tiene 14,5 de 1.440 elementos (12,5%), 1,3 MB a 5 años");
        assert_eq!(t.render(Lang::Pt), "catalogo tem 14,5 de 1.440 itens (12,5%), 1,3 MB em 5 anos");
        assert_eq!(t.to_string(), t.en());
        assert!(t.check().is_ok());
    }

    #[test]
    fn nested_texts_and_lists_follow_the_language() {
        let why = text!(en: "no maximum", es: "sin máximo", pt: "sem máximo");
        let t = text!(
            en: "{items}: {why}", es: "{items}: {why}", pt: "{items}: {why}";
            items = vec!["a".to_string(), "b".to_string(), "c".to_string()], why
        );
        assert_eq!(t.render(Lang::En), "a, b and c: no maximum");
        assert_eq!(t.render(Lang::Pt), "a, b e c: sem máximo");
        assert!(t.check().is_ok(), "a template without words of its own may repeat the English");
        let mut out = String::new();
        Arg::list(&["C1", "C2", "a_very_long_query_identifier_name"]).write(Lang::Pt, &mut out).unwrap();
        assert_eq!(out, "C1, C2 e a_very_long_query_identifier_name");
        let id = Id::new("reseñas_ñandú_é");
        assert_eq!(Arg::from(&id), Arg::str("reseñas_ñandú_é"), "an id is a name");
    }

    #[test]
    fn literal_braces_stay_and_missing_arguments_are_caught() {
        let t = text!(en: "use { $inc: 1 } on {field}", es: "usa { $inc: 1 } en {field}", pt: "use { $inc: 1 } em {fieldd}"; field = "n");
        assert_eq!(t.render(Lang::En), "use { $inc: 1 } on n");
        assert_eq!(t.render(Lang::Pt), "use { $inc: 1 } em {fieldd}");
        assert!(t.check().unwrap_err().contains("fieldd"));
    }

    #[test]
    fn untranslated_text_is_flagged() {
        assert!(!Text::plain("x embeds y").is_translated());
        let t = text!(en: "{x}", es: "{x}", pt: "{x}"; x = Text::plain("oops"));
        assert!(!t.is_translated());
        let listed =
            text!(en: "{x}", es: "{x}", pt: "{x}"; x = Arg::List(vec![Arg::str("a"), Text::plain("b").into()]));
        assert!(!listed.is_translated(), "a plain text in a list is flagged too");
        let same = text!(en: "Embed it", es: "Embed it", pt: "Incorpore");
        assert!(same.check().unwrap_err().contains("English"));
        assert_eq!(Text::plain("16 MiB").render(Lang::Es), "16 MiB");
        assert!(Text::plain("").is_empty() && Text::empty().is_empty() && !Text::plain("x").is_empty());
    }

    #[test]
    fn odd_figures_read_as_words() {
        let t = text!(en: "{n}", es: "{n}", pt: "{n}"; n = Arg::Count(f64::NAN));
        assert_eq!(t.render(Lang::Es), "un número desconocido");
        let t = text!(en: "{b}", es: "{b}", pt: "{b}"; b = Arg::Bytes(f64::INFINITY));
        assert_eq!(t.render(Lang::Pt), "um tamanho sem limite");
        let t = text!(en: "{p}", es: "{p}", pt: "{p}"; p = Arg::Percent(f64::NAN));
        assert_eq!(t.render(Lang::En), "an unknown share");
    }

    #[test]
    fn texts_of_up_to_eight_arguments_render_each_one() {
        let t = text!(
            en: "{a}{b}{c}{d}{e}{f}{g}{h}", es: "{h}{g}{f}{e}{d}{c}{b}{a}", pt: "{a}-{h}";
            a = "1", b = "2", c = "3", d = "4", e = "5", f = "6", g = "7", h = "8"
        );
        assert_eq!(t.render(Lang::En), "12345678");
        assert_eq!(t.render(Lang::Es), "87654321");
        assert!(t.check().unwrap_err().contains("not used"), "Portuguese leaves six out");
        let four =
            text!(en: "{a}{b}{c}{d}", es: "{d}{c}{b}{a}", pt: "{a}{d}{b}{c}"; a = "1", b = "2", c = "3", d = "4");
        assert_eq!(four.render(Lang::Pt), "1423");
        assert_eq!(four.clone(), four);
    }

    #[test]
    fn nested_fixed_texts_render_and_are_checked() {
        let name: Arc<str> = Arc::from("resenas");
        let t = text!(
            en: "{child}: {why}", es: "{child}: {why}", pt: "{child}: {why}";
            child = &name, why = text!(en: "no maximum", es: "sin máximo", pt: "sem máximo")
        );
        assert_eq!(t.render(Lang::Es), "resenas: sin máximo");
        assert!(t.is_translated() && t.check().is_ok());
        let bad = text!(en: "{why}", es: "{why}", pt: "{why}"; why = text!(en: "Embed", es: "Embed", pt: "Embutir"));
        assert!(bad.check().is_err(), "a nested fixed text is checked too");
    }

    #[test]
    fn nested_texts_render_in_the_outer_language() {
        let inner = |n: u64| text!(en: "{n} items", es: "{n} elementos", pt: "{n} itens"; n);
        let deep = text!(
            en: "({inner}) in {where}", es: "({inner}) en {where}", pt: "({inner}) em {where}";
            inner = inner(1440), where = "catalogo"
        );
        let t = text!(
            en: "{a}: {deep}; {b}", es: "{a}: {deep}; {b}", pt: "{a}: {deep}; {b}";
            a = inner(2), deep, b = text!(en: "none", es: "ninguno", pt: "nenhum")
        );
        assert_eq!(t.render(Lang::En), "2 items: (1,440 items) in catalogo; none");
        assert_eq!(t.render(Lang::Es), "2 elementos: (1.440 elementos) en catalogo; ninguno");
        assert_eq!(t.to_string(), t.en());
        assert!(t.check().is_ok() && t.is_translated());
        let plain = text!(en: "{a}: {b}", es: "{a}: {b}", pt: "{a}: {b}"; a = inner(1), b = Text::plain("x"));
        assert!(!plain.is_translated());
        let bad = text!(en: "{a}", es: "{a}", pt: "{a}"; a = text!(en: "{n} x", es: "{n} x", pt: "{m} y"; n = 1u64));
        assert!(bad.check().unwrap_err().contains("{m}"), "a nested text is checked too");
        let in_list = text!(en: "{a}", es: "{a}", pt: "{a}"; a = Arg::List(vec![inner(1).into(), bad.into()]));
        assert!(in_list.check().unwrap_err().contains("{m}"), "a text in a list is checked too");
        assert_eq!(t.clone(), t);
        assert_ne!(t, plain);
    }

    /// Texts compare by what they say: the same template (by its forms and names) and the
    /// same arguments, wherever the template is written.
    #[test]
    fn texts_compare_by_their_forms_and_arguments() {
        let a = text!(en: "{n} items", es: "{n} elementos", pt: "{n} itens"; n = 3u64);
        let b = text!(en: "{n} items", es: "{n} elementos", pt: "{n} itens"; n = 3u64);
        assert_eq!(a, b);
        assert_ne!(a, text!(en: "{n} items", es: "{n} elementos", pt: "{n} itens"; n = 4u64));
        assert_ne!(a, text!(en: "{n} items", es: "{n} cosas", pt: "{n} itens"; n = 3u64));
        static SAME_AS_PLAIN: Template = Template { forms: ["{plain}", "{plain}", "{plain}"], names: &["plain"] };
        assert!(!Text::new(&SAME_AS_PLAIN, [Arg::str("x")]).is_translated(), "a plain template is known by its forms");
    }

    #[test]
    fn escaped_rendering_escapes_names_and_says_when_they_sit_in_code() {
        let t = text!(
            en: "`{field}` of {name} ({n}, {nested})", es: "`{field}` de {name} ({n}, {nested})", pt: "`{field}` de {name} ({n}, {nested})";
            field = "a*b", name = "x_y", n = Arg::Int(1500),
            nested = text!(en: "in `{c}` and {d}", es: "en `{c}` y {d}", pt: "em `{c}` e {d}"; c = "c", d = Arg::list(&["p", "q"]))
        );
        let mut out = String::new();
        t.write_escaped(Lang::Es, &mut out, &|out, name, in_code| {
            out.push_str(if in_code { "<code>" } else { "<" });
            out.push_str(name);
            out.push('>');
        });
        assert_eq!(out, "`<code>a*b>` de <x_y> (1.500, en `<code>c>` y <p> y <q>)");
    }
}
