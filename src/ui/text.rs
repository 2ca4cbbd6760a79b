//! Reactive text from the catalogue for views: `{tr(Msg::Fields)}` in a view, or
//! `title=tr(Msg::DragToConnect)`, re-renders when the user switches the language.

use super::state::Editor;
use crate::i18n::Msg;
use leptos::prelude::*;

/// A closure giving the text of `m` in the editor's current language (tracked).
pub fn tr(m: Msg) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = expect_context::<Editor>().lang;
    move || m.text(lang.get())
}

/// A closure giving an advisor sentence in the editor's current language (tracked): the
/// report keeps sentences as data and they are rendered only when shown.
pub fn say(t: crate::i18n::Text) -> impl Fn() -> String + Send + Sync + 'static {
    let lang = expect_context::<Editor>().lang;
    move || on_screen(t.render(lang.get()), crate::escape::screen::sentence)
}

/// A model's name as the screen must show it: a bidirectional control or an invisible
/// character as `<U+XXXX>` (see `escape::screen`), so a name cannot reorder or hide text.
pub fn shown_name(name: &str) -> String {
    crate::escape::screen::name(name).into_owned()
}

/// A sentence built from model names (a slide's title or line), as [`say`] shows sentences.
pub fn shown_sentence(text: &str) -> String {
    crate::escape::screen::sentence(text).into_owned()
}

/// `text` through `show`, without a copy when nothing changes (nearly always).
fn on_screen(text: String, show: fn(&str) -> std::borrow::Cow<'_, str>) -> String {
    match show(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(shown) => shown,
    }
}

/// A paragraph of the rules' documentation with its inline Markdown shown as such: `code` in
/// `<code>`, **bold** in `<strong>`, everything else as text (never parsed as HTML).
pub fn inline_markdown(s: &str) -> impl IntoView {
    let mut parts = Vec::new();
    for (i, chunk) in s.split('`').enumerate() {
        if i % 2 == 1 {
            parts.push(view! { <code>{chunk.to_string()}</code> }.into_any());
            continue;
        }
        for (j, piece) in chunk.split("**").enumerate() {
            if piece.is_empty() {
                continue;
            }
            if j % 2 == 1 {
                parts.push(view! { <strong>{piece.to_string()}</strong> }.into_any());
            } else {
                parts.push(piece.to_string().into_any());
            }
        }
    }
    parts
}
