//! Sentences in three languages with named arguments, rendered when shown.
//!
//! The advisor writes tens of thousands of sentences for a large model, and the user reads a
//! handful, in one of three languages. A [`Text`] therefore keeps the three templates (static)
//! and the arguments as data — names, counts, sizes, shares — and formats nothing until
//! [`Text::render`] is called for the language on screen. Figures follow the language's
//! conventions (`1,440.5` in English, `1.440,5` in Spanish and Portuguese).
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
//! templates can quote MongoDB syntax such as `{ $inc: … }`.
//!
//! Building a sentence is meant to cost next to nothing: the templates and the argument names
//! are one static [`Template`], up to four arguments are kept inline (a short name inline in its
//! [`Arg`], a long one shared), and only longer sentences take one allocation for their

pub use super::arg::{Arg, ShortStr};
use super::Lang;
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

/// Arguments a text keeps inline; texts with more (a few in ten) keep them in one allocation.
const INLINE: usize = 4;

/// The arguments of a text, in the order of its template's names.
#[derive(Debug, Clone, PartialEq)]
enum Args {
    Inline([Option<Arg>; INLINE]),
    Heap(Arc<[Arg]>),
}

impl Args {
    fn get(&self, i: usize) -> Option<&Arg> {
        match self {
            Args::Inline(items) => items.get(i)?.as_ref(),
            Args::Heap(items) => items.get(i),
        }
    }

    fn iter(&self) -> impl Iterator<Item = &Arg> {
        let (inline, heap): (&[Option<Arg>], &[Arg]) = match self {
            Args::Inline(items) => (items, &[]),
            Args::Heap(items) => (&[], items),
        };
        inline.iter().flatten().chain(heap)
    }

    fn is_empty(&self) -> bool {
        match self {
            Args::Inline(items) => items.iter().all(Option::is_none),
            Args::Heap(items) => items.is_empty(),
        }
    }
}

/// A sentence in the three languages, with its arguments.
#[derive(Debug, Clone)]
pub struct Text {
    tpl: &'static Template,
    args: Args,
}

impl Text {
    /// A text with no arguments.
    pub const fn fixed(tpl: &'static Template) -> Text {
        Text { tpl, args: Args::Inline([const { None }; INLINE]) }
    }

    /// A text with arguments, one per name of `tpl`, in order (what [`text!`](crate::text)
    /// expands to). Up to four are kept inline, without allocating.
    pub fn new<const N: usize>(tpl: &'static Template, args: [Arg; N]) -> Text {
        let args = if N <= INLINE {
            let mut items = args.into_iter();
            Args::Inline(std::array::from_fn(|_| items.next()))
        } else {
            Args::Heap(Arc::from(args))
        };
        Text { tpl, args }
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

    /// The text as a nested argument: its template alone when it has no arguments, beside its
    /// only argument when that is a short name or a figure (neither allocates), shared otherwise.
    pub(super) fn into_arg(self) -> Arg {
        let tpl = self.tpl;
        match self.args {
            args if args.is_empty() => Arg::Fixed(tpl),
            Args::Inline([Some(arg), None, None, None]) if tpl.names.len() == 1 => super::nested::inline(tpl, arg)
                .unwrap_or_else(|arg| {
                    Arg::Text(Arc::new(Text { tpl, args: Args::Inline([Some(arg), None, None, None]) }))
                }),
            args => Arg::Text(Arc::new(Text { tpl, args })),
        }
    }

    /// Whether this text and every nested one has its three languages (is not [`Text::plain`]).
    pub fn is_translated(&self) -> bool {
        !std::ptr::eq(self.tpl, &PLAIN)
            && self.args.iter().all(|a| match a {
                Arg::Text(t) => t.is_translated(),
                Arg::Fixed(tpl) => !std::ptr::eq(*tpl, &PLAIN),
                Arg::TextName(..) | Arg::TextFigure(..) => {
                    super::nested::sentence(a).is_some_and(|t| t.is_translated())
                }
                _ => true,
            })
    }

    /// Whether the English rendering is empty.
    pub fn is_empty(&self) -> bool {
        self.tpl.forms[0].is_empty() || (std::ptr::eq(self.tpl, &PLAIN) && self.en().is_empty())
    }

    /// The template for `lang`.
    pub fn template(&self, lang: Lang) -> &'static str {
        self.tpl.form(lang)
    }

    /// The sentence in `lang`.
    pub fn render(&self, lang: Lang) -> String {
        let mut out = String::with_capacity(self.template(lang).len() + 24 * self.tpl.names.len());
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
        // Scanned as bytes (`{`, `}` and placeholder names are ASCII, so every cut is a char
        // boundary); literal text between placeholders is written in one piece.
        let template = self.template(lang);
        let bytes = template.as_bytes();
        let (mut literal, mut from) = (0, 0);
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
                    out.write_str(template.get(literal..open).unwrap_or_default())?;
                    arg.write(lang, out)?;
                    literal = end + 1;
                    from = end + 1;
                }
                None => from = start,
            }
        }
        out.write_str(template.get(literal..).unwrap_or_default())
    }

    fn arg(&self, name: &str) -> Option<&Arg> {
        let i = self.tpl.names.iter().position(|n| *n == name)?;
        self.args.get(i)
    }

    /// Checks the templates against the arguments: every placeholder of every language has an
    /// argument, every argument is used in every language, and the Spanish and Portuguese
    /// templates are not the English one (unless it has no words of its own). Nested texts are
    /// checked too. Returns what is wrong, naming the English template.
    pub fn check(&self) -> Result<(), String> {
        let forms = &self.tpl.forms;
        let names: Vec<&str> =
            self.tpl.names.iter().enumerate().filter(|(i, _)| self.args.get(*i).is_some()).map(|(_, n)| *n).collect();
        for (i, form) in forms.iter().enumerate() {
            let used = placeholders(form);
            if let Some(missing) = used.iter().find(|p| !names.contains(p)) {
                return Err(format!("{{{missing}}} has no argument in {:?} (form {i})", forms[0]));
            }
            if let Some(unused) = names.iter().find(|n| !used.contains(n)) {
                return Err(format!("argument {unused} is not used in form {i} of {:?}", forms[0]));
            }
        }
        let has_words = |form: &str| strip_placeholders(form).chars().any(char::is_alphabetic);
        if !std::ptr::eq(self.tpl, &PLAIN) && has_words(forms[0]) {
            for (i, form) in forms.iter().enumerate().skip(1) {
                if *form == forms[0] {
                    return Err(format!("form {i} of {:?} is the English text", forms[0]));
                }
            }
        }
        for a in self.args.iter() {
            match a {
                Arg::Text(t) => t.check()?,
                Arg::Fixed(tpl) => Text::fixed(tpl).check()?,
                Arg::TextName(..) | Arg::TextFigure(..) => {
                    if let Some(t) = super::nested::sentence(a) {
                        t.check()?
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// The index of the first `{` in `bytes` at or after `from`, eight bytes at a time (templates
/// are scanned for every sentence an export writes).
fn find_open_brace(bytes: &[u8], from: usize) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let rest = bytes.get(from..)?;
    let mut chunks = rest.chunks_exact(8);
    let mut offset = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word) ^ (ONES * b'{' as u64);
        if w.wrapping_sub(ONES) & !w & HIGH != 0 {
            break;
        }
        offset += 8;
    }
    rest.get(offset..)?.iter().position(|&b| b == b'{').map(|i| from + offset + i)
}

/// The name of a placeholder starting right after `{`, if `s` starts with `name}`.
fn placeholder(s: &str) -> Option<&str> {
    let end = s.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))?;
    (end > 0 && s[end..].starts_with('}')).then(|| &s[..end])
}

/// Every placeholder name of `template`, in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if let Some(name) = placeholder(rest) {
            out.push(name);
            rest = &rest[name.len() + 1..];
        }
    }
    out
}

fn strip_placeholders(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        rest = &rest[open + 1..];
        match placeholder(rest) {
            Some(name) => rest = &rest[name.len() + 1..],
            None => out.push('{'),
        }
    }
    out.push_str(rest);
    out
}

impl Template {
    /// The form for `lang`. In the browser, Spanish and Portuguese are looked up by the English
    /// form in the language's fetched texts (English when they are not loaded).
    pub fn form(&self, lang: Lang) -> &'static str {
        if cfg!(target_arch = "wasm32") && lang != Lang::En {
            return super::fetched::form(lang, self.forms[0]);
        }
        self.forms[lang_index(lang)]
    }
}

pub(super) fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Es => 1,
        Lang::Pt => 2,
    }
}

impl PartialEq for Text {
    /// Same templates and arguments.
    fn eq(&self, other: &Text) -> bool {
        (std::ptr::eq(self.tpl, other.tpl) || self.tpl == other.tpl) && self.args == other.args
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

#[path = "text_escaped.rs"]
mod escaped;
pub use escaped::Escaper;

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
