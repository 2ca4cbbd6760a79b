//! The interface's languages: English, Spanish and Brazilian Portuguese (the languages of the
//! course material and of the workshops). Plain Rust, no browser dependency: the UI picks a
//! [`Lang`] and asks the catalogue for every string it shows.
//!
//! Two kinds of text: the interface's fixed strings are [`Msg`] keys in one catalogue per
//! language (`en.rs`, `es.rs`, `pt.rs`); the advisor's sentences, which carry names and figures,
//! are [`Text`] values built with the [`text!`](crate::text) macro where they are written, with
//! the three languages side by side and named arguments formatted when the sentence is written.
//!
//! In the browser only English is compiled in: the Spanish and Portuguese catalogues and
//! sentence forms are a data file fetched with the page (`fetched`), which keeps two languages
//! out of the wasm the page loads at start.
//!
//! The advisor rules' documentation is translated too, one Markdown file per rule and language
//! (`public/rules/<lang>/<code>.md`, see `advisor::rule_docs`).

pub mod counts;
mod en;
#[cfg(not(target_arch = "wasm32"))]
mod es;
mod fetched;
mod figures;
mod labels;
mod lang;
mod msg;
mod placeholder;
#[cfg(not(target_arch = "wasm32"))]
mod pt;
#[cfg(test)]
mod tests;
mod text;
mod words;

pub use fetched::{has_texts, install as install_texts, key as text_key};
pub use labels::*;
pub use lang::{pick, Lang};
pub use msg::{fill, placeholders, Msg};
pub use placeholder::placeholders as named_placeholders;
pub use text::{Arg, Escaper, Forms, Template, Text};
pub use words::period_word;

impl Msg {
    /// The text of this message in `lang`.
    /// In the browser, Spanish and Portuguese come from the language's fetched texts
    /// (`fetched`), English when they are not loaded.
    pub fn text(self, lang: Lang) -> &'static str {
        #[cfg(not(target_arch = "wasm32"))]
        match lang {
            Lang::En => en::text(self),
            Lang::Es => es::text(self),
            Lang::Pt => pt::text(self),
        }
        #[cfg(target_arch = "wasm32")]
        match lang {
            Lang::En => en::text(self),
            _ => fetched::msg(lang, self),
        }
    }

    /// The text in `lang` with each `{}` replaced by the next argument, in order. A missing
    /// argument leaves its `{}` visible; extra arguments are ignored.
    pub fn fill(self, lang: Lang, args: &[&dyn std::fmt::Display]) -> String {
        fill(self.text(lang), args)
    }
}
