//! The keyboard: a key press written as the action table writes its keys (`mod+z`), and
//! whether a key press belongs to text being typed (then no shortcut fires, and the clipboard's
//! keys are the text field's own).

use super::state::Editor;
use leptos::prelude::*;

/// The key combination of a keyboard event, as the table writes it.
pub fn combo(key: &str, ctrl_or_meta: bool, shift: bool, alt: bool) -> String {
    let mut s = String::new();
    if ctrl_or_meta {
        s.push_str("mod+");
    }
    if alt {
        s.push_str("alt+");
    }
    if shift && (key.chars().count() > 1 || ctrl_or_meta) {
        s.push_str("shift+");
    }
    s.push_str(&key.to_lowercase());
    s
}

/// Whether a key press belongs to text being typed: a text input, textarea, select or
/// contenteditable has the focus, or a rename box is open. No shortcut fires then.
pub fn typing(editor: &Editor, ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let renaming =
        editor.renaming.with_untracked(Option::is_some) || editor.renaming_field.with_untracked(Option::is_some);
    // A rename state whose box is not drawn (culled, zoomed far out) must not eat the keys.
    let rename_box = || {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("[data-testid=\"rename\"], [data-testid=\"field-rename\"]").ok().flatten())
            .is_some()
    };
    is_editable(target) || focus_is_editable() || (renaming && rename_box())
}

/// Whether the key presses a focused control (Enter or Space on a button, a link, a tab, a menu
/// item, a checkbox): the browser's own activation, never a shortcut (Enter would rename the
/// selected box instead of pressing "Edit together").
pub fn activates_control(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    if !matches!(ev.key().as_str(), "Enter" | " ") {
        return false;
    }
    let target = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    target.is_some_and(|el| {
        matches!(el.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY")
            || (el.tag_name() == "INPUT"
                && matches!(el.get_attribute("type").as_deref(), Some("checkbox" | "radio" | "button" | "submit")))
            || matches!(el.get_attribute("role").as_deref(), Some("button" | "tab" | "menuitem" | "link"))
    })
}

/// The element with the keyboard focus, unless it is the page's body (no element has it).
pub fn focused() -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|el| el.tag_name() != "BODY")
}

/// Whether the focused element takes text.
pub fn focus_is_editable() -> bool {
    is_editable(web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()))
}

fn is_editable(el: Option<web_sys::Element>) -> bool {
    use wasm_bindgen::JsCast;
    el.is_some_and(|el| match el.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        // A checkbox or a button takes no text: the shortcuts stay on.
        "INPUT" => !matches!(
            el.get_attribute("type").unwrap_or_default().to_ascii_lowercase().as_str(),
            "checkbox" | "radio" | "button" | "submit" | "reset" | "range" | "color" | "file"
        ),
        _ => el.dyn_ref::<web_sys::HtmlElement>().is_some_and(|h| h.is_content_editable()),
    })
}

/// Puts the focus on the element `selector` finds, its text selected, once it is drawn (after
/// the next frames): where one types next after adding an item ("+ Add", `Q`, "+ Add field").
pub fn focus_soon(selector: String) {
    focus_when_drawn(selector, 10);
}

fn focus_when_drawn(selector: String, tries: u32) {
    request_animation_frame(move || {
        let found = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(&selector).ok().flatten())
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
        match found {
            Some(el) => {
                let _ = el.focus();
                if let Some(input) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&el) {
                    input.select();
                }
            }
            None if tries > 0 => focus_when_drawn(selector, tries - 1),
            None => {}
        }
    });
}
