//! The languages of the interface and how a browser language tag maps to one.

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default, and the language of the advisor's findings and the exports).
    #[default]
    En,
    /// Spanish.
    Es,
    /// Portuguese (Brazilian).
    Pt,
}

/// The form for `lang` among the English, Spanish and Portuguese ones (a heading, a word).
pub fn pick<T: Copy>(lang: Lang, forms: [T; 3]) -> T {
    match lang {
        Lang::En => forms[0],
        Lang::Es => forms[1],
        Lang::Pt => forms[2],
    }
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Pt];

    /// The language for a BCP 47 tag such as the browser's `navigator.language`: `"pt-BR"`,
    /// `"es-419"`, `"es"` → Pt, Es, Es; anything else (`"en-US"`, `"fr"`, `""`) → En.
    pub fn from_tag(tag: &str) -> Lang {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        match primary.as_str() {
            "es" => Lang::Es,
            "pt" => Lang::Pt,
            _ => Lang::En,
        }
    }

    /// The two-letter code, as stored in `localStorage` and set on `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Pt => "pt",
        }
    }

    /// The language with this exact code (`"en"`, `"es"`, `"pt"`), for a saved choice.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The short name the switcher shows: `EN`, `ES`, `PT`.
    pub fn short_name(self) -> &'static str {
        match self {
            Lang::En => "EN",
            Lang::Es => "ES",
            Lang::Pt => "PT",
        }
    }

    /// The language's own name, for the switcher's tooltip.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Pt => "Português (Brasil)",
        }
    }
}
