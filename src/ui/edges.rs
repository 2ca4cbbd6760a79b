//! Arrows: solid for data copied into a document, dashed for references, the cardinality at
//! the ends, and a mark where the storage disagrees with the advisor.
//!
//! The words (cardinalities, captions, the mark) are drawn in a layer of their own above every
//! line ([`EdgeWords`]): where the router found no spot clear of every line, a label lies over
//! another arrow's line, and drawn in its own arrow's group that line, painted later, would
//! cross the text out (book-club's `lecturas` read `cturas`). Above them all, the text's halo
//! keeps it legible.

use super::lookup::Lookup;
use super::routes::{Drawn, Routes};
use super::state::Editor;
use crate::advisor::Recommendation;
use crate::editor::routing::{ArrowRoute, Label};
use crate::i18n::{Labelled, Lang, Msg};
use crate::model::{Relation, Storage};
use crate::share::arrows::strokes;
use leptos::prelude::*;

#[component]
pub fn ArrowMarkers() -> impl IntoView {
    view! {
        <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                <path d="M0 0 L10 5 L0 10 z" class="arrowhead" />
            </marker>
            <marker id="arrow-open" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                <path d="M0 0 L10 5 L0 10" class="arrowhead-open" />
            </marker>
        </defs>
    }
}

#[component]
pub fn EdgeView(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let routes = expect_context::<Routes>();
    let lookup = expect_context::<Lookup>();
    let relation = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| lookup.relation(m, &id).map(|r| (r.storage, strokes(r).0))))
    };
    // The routes of this arrow: routed with all of them, and its own signal set only when its
    // own change (a drag wakes the arrows it touches, not the others).
    let shape = RwSignal::from(routes.slot(&id));
    let (selected, select) = (is_selected(editor, &id), selects(editor, &id));
    let diff = super::compare::arrow_mark(&id);
    let tooltip = LazyTitle::new(editor, lookup, &id);
    let wake = tooltip.wake();
    view! {
        <g
            class="edge"
            class:selected=move || selected.get()
            data-testid="relation"
            data-id=id.clone()
            data-diff=move || diff.get().map(String::from)
            on:pointerdown=select
            on:pointerenter=wake
        >
            {tooltip.view()}
            {move || {
                let (storage, references) = relation.get()?;
                shape.get().map(|s| draw(s.0, storage, references))
            }}
            {move || diff.get().and_then(|m| shape.with(|s| s.as_ref().and_then(|s| super::compare::mark_spot(&s.0 .0))).map(|at| mark(m, at)))}
            {super::comments_ui::arrow_badge(id.clone(), move || shape.with(|s| s.as_ref().and_then(|s| super::compare::mark_spot(&s.0 .0))), diff)}
        </g>
    }
}

/// An arrow's tooltip (`<title>`), made when the pointer first comes over the group it is in:
/// a thousand titles nobody hovers cost as much style and layout as the arrows themselves. The
/// arrow's line and its words (a layer apart) each carry one, with the same text.
struct LazyTitle {
    hovered: RwSignal<bool>,
    editor: Editor,
    lookup: Lookup,
    id: String,
}

impl LazyTitle {
    fn new(editor: Editor, lookup: Lookup, id: &str) -> LazyTitle {
        LazyTitle { hovered: RwSignal::new(false), editor, lookup, id: id.to_string() }
    }

    /// The group's `pointerenter` handler.
    fn wake(&self) -> impl Fn(web_sys::PointerEvent) + Clone + 'static {
        let hovered = self.hovered;
        move |_| {
            if !hovered.get_untracked() {
                hovered.set(true);
            }
        }
    }

    /// The `<title>` (an SVG one: an HTML `title` inside the drawing shows no tooltip), once
    /// hovered.
    fn view(self) -> impl IntoView {
        let LazyTitle { hovered, editor, lookup, id } = self;
        move || {
            hovered.get().then(|| {
                let lang = editor.lang.get();
                let text = editor.model.with(|m| lookup.relation(m, &id).map(|r| title(r, lookup.advice(&id), lang)));
                leptos::tachys::svg::title().child(text)
            })
        }
    }
}

/// The arrow's tooltip: its storage, and the advisor's summary (which opens with its verdict,
/// "Embed: …", so the recommendation is not said twice).
fn title(r: &Relation, advice: Option<(bool, Recommendation, crate::i18n::Text)>, lang: Lang) -> String {
    let storage = r.storage.msg().text(lang);
    match &advice {
        Some((_, _, summary)) => Msg::EdgeTitle.fill(lang, &[&storage, &summary.render(lang)]),
        None => storage.to_string(),
    }
}

/// The arrow's lines (its words are drawn by [`EdgeWords`]). Every position comes from the
/// router.
fn draw((main, copy): Drawn, storage: Storage, references: bool) -> impl IntoView {
    let main_class = match (storage, references) {
        (Storage::Outside, _) => "line dashed outside",
        (_, true) => "line dashed",
        _ => "line solid",
    };
    let d = main.d();
    view! {
        <path class="hit" d=d.clone() />
        <path class=main_class d=d marker-end=if references { "url(#arrow-open)" } else { "url(#arrow)" } />
        {copy.map(|c| {
            let d = c.d();
            view! {
                <path class="hit" d=d.clone() />
                <path class="line solid copy" d=d marker-end="url(#arrow)" />
            }
        })}
    }
}

/// The words of relation `id`'s arrow, in the layer above every line: the cardinalities, the
/// caption and the disagreement mark. `far` (zoomed out past the level of detail) leaves out
/// the labels, as boxes leave out their fields: at that size they are specks, not text. A press
/// on them selects the arrow, and a right click opens its menu, as on its line.
#[component]
pub fn EdgeWords(id: String, far: Signal<bool>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let routes = expect_context::<Routes>();
    let lookup = expect_context::<Lookup>();
    let shape = RwSignal::from(routes.slot(&id));
    let (selected, select) = (is_selected(editor, &id), selects(editor, &id));
    let tooltip = LazyTitle::new(editor, lookup, &id);
    let wake = tooltip.wake();
    view! {
        <g
            class="edge words"
            class:selected=move || selected.get()
            data-testid="relation-words"
            data-id=id
            on:pointerdown=select
            on:pointerenter=wake
        >
            {tooltip.view()}
            {move || shape.with(|s| s.as_ref().map(|s| words(&s.0 .0, far.get())))}
        </g>
    }
}

fn words(main: &ArrowRoute, far: bool) -> impl IntoView {
    let labels = (!far).then(|| {
        view! {
            {label("card", None, main.start_label.clone())}
            {label("card", Some("cardinality"), main.end_label.clone())}
            {label("caption", Some("caption"), main.caption.clone())}
        }
    });
    view! {
        {labels}
        {main.mark.map(|m| view! {
            <g class="disagree" data-testid="disagreement" transform=format!("translate({} {})", m.x, m.y)>
                <circle r="9" />
                <text text-anchor="middle" y="4">"!"</text>
            </g>
        })}
    }
}

/// A placed label, one `tspan` per line from the left of its spot.
fn label(class: &'static str, testid: Option<&'static str>, label: Option<Label>) -> impl IntoView {
    label.map(|l| {
        let x = l.rect.x;
        let y = l.baseline(0);
        let lines = l
            .lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| {
                view! { <tspan x=x dy=if i == 0 { "0" } else { "13" }>{super::text::shown_name(&line)}</tspan> }
            })
            .collect_view();
        view! { <text class=class x=x y=y data-testid=testid>{lines}</text> }
    })
}

/// The compare view's mark on an arrow: a disc with the symbol, halfway along it.
fn mark(m: char, (x, y): (f64, f64)) -> impl IntoView {
    view! {
        <g class=format!("diff-mark {}", super::compare::class(m)) data-testid="diff-mark" data-mark=String::from(m) transform=format!("translate({x:.1} {y:.1})")>
            <path d=super::compare::shape(m) />
            <text text-anchor="middle" y="6">{super::compare::glyph(m)}</text>
        </g>
    }
}

/// Whether relation `id` is the one selected.
fn is_selected(editor: Editor, id: &str) -> Memo<bool> {
    let id = id.to_string();
    Memo::new(move |_| editor.selection.with(|s| s.relation.as_deref() == Some(id.as_str())))
}

/// A press that selects relation `id` (and stops there: the canvas would clear the selection).
fn selects(editor: Editor, id: &str) -> impl Fn(web_sys::PointerEvent) + Clone + 'static {
    let id = id.to_string();
    move |ev: web_sys::PointerEvent| {
        ev.stop_propagation();
        editor.select_relation(&id);
    }
}
