//! Keeping a scrolled list's place when its items are written again (the compare panel's lines
//! in another language): the item at the top of the view and how far into it the view starts
//! are noted on every scroll, and put back after the items are replaced. Texts of another
//! length move the pixels, not the item the reader was on.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// Where a list's view starts: the index of the first item in view and the pixels of it above
/// the view's top.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Place {
    pub index: usize,
    pub into: f64,
}

/// The list's items (its element children), in order.
fn items(list: &Element) -> Vec<Element> {
    let Ok(nodes) = list.query_selector_all(":scope > *") else { return Vec::new() };
    (0..nodes.length()).filter_map(|i| nodes.item(i)?.dyn_into::<Element>().ok()).collect()
}

/// The place of `list`'s view now.
pub fn note(list: &Element) -> Place {
    let top = list.get_bounding_client_rect().top();
    for (index, item) in items(list).iter().enumerate() {
        let r = item.get_bounding_client_rect();
        if r.bottom() > top {
            return Place { index, into: (top - r.top()).max(0.0) };
        }
    }
    Place::default()
}

/// Scrolls `list` so that its view starts at `place` again (the last item when there are fewer).
pub fn restore(list: &Element, place: Place) {
    let all = items(list);
    let Some(item) = all.get(place.index).or(all.last()) else { return };
    let shift = item.get_bounding_client_rect().top() - list.get_bounding_client_rect().top();
    list.set_scroll_top((f64::from(list.scroll_top()) + shift + place.into).round() as i32);
}
