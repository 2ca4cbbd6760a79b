//! Arrows: solid for data copied into a document, dashed for references, the cardinality at
//! the ends, and a mark where the storage disagrees with the advisor.

use super::lookup::Lookup;
use super::state::Editor;
use crate::advisor::Recommendation;
use crate::editor::geometry::{entity_rect, label_point, route, Rect, Side};
use crate::i18n::{Labelled, Lang, Msg};
use crate::model::{Relation, Storage};
use crate::share::labels::{caption, cardinality_label, parent_label};
use leptos::prelude::*;
use std::collections::HashMap;

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

fn shifted(mut r: Rect, (dx, dy): (f64, f64)) -> Rect {
    r.x += dx;
    r.y += dy;
    r
}

/// The lanes, computed once per model change for all arrows.
#[derive(Clone, Copy)]
pub struct Lanes(pub Memo<HashMap<String, i32>>);

/// Owned lanes for the memo (the labels module borrows from the model).
pub fn lanes(m: &crate::model::Model) -> HashMap<String, i32> {
    crate::share::labels::lanes(m).into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

#[derive(Clone, PartialEq)]
struct Shape {
    relation: Relation,
    from: Rect,
    to: Rect,
    lane: i32,
}

#[component]
pub fn EdgeView(id: String, far: Signal<bool>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let lanes = expect_context::<Lanes>();
    let lookup = expect_context::<Lookup>();
    let relation = {
        let id = id.clone();
        Memo::new(move |_| {
            let lane = lanes.0.with(|l| l.get(&id).copied().unwrap_or(0));
            editor.model.with(|m| lookup.relation(m, &id).cloned().map(|r| (lane, r)))
        })
    };
    // The boxes at both ends, as rectangles (all an arrow needs of them).
    let ends = Memo::new(move |_| {
        relation.with(|r| {
            let (_, r) = r.as_ref()?;
            editor
                .model
                .with(|m| Some((entity_rect(lookup.entity(m, &r.parent)?), entity_rect(lookup.entity(m, &r.child)?))))
        })
    });
    // Offsets of both ends during a drag: cheap to recompute on every pointer move, and the
    // route below is recomputed only for arrows whose ends actually move.
    let offsets = Memo::new(move |_| {
        relation.with(|r| r.as_ref().map(|(_, r)| (editor.drag_offset(&r.parent), editor.drag_offset(&r.child))))
    });
    let shape = Memo::new(move |_| {
        let (lane, relation) = relation.get()?;
        let (p, c) = ends.get()?;
        let (op, oc) = offsets.get()?;
        Some(Shape { from: shifted(p, op), to: shifted(c, oc), relation, lane })
    });
    let advice = {
        let id = id.clone();
        Memo::new(move |_| lookup.advice(&id))
    };
    let selected = {
        let id = id.clone();
        Memo::new(move |_| editor.selection.with(|s| s.relation.as_deref() == Some(id.as_str())))
    };
    let select = {
        let id = id.clone();
        move |ev: web_sys::PointerEvent| {
            ev.stop_propagation();
            editor.select_relation(&id);
        }
    };
    // The tooltip is made when the pointer first comes over the arrow: a thousand `<title>`
    // elements nobody hovers cost as much style and layout as the arrows themselves.
    let hovered = RwSignal::new(false);
    let tooltip = move || {
        hovered.get().then(|| {
            let lang = editor.lang.get();
            let text = relation.with(|r| r.as_ref().map(|(_, r)| title(r, advice.get(), lang)));
            view! { <title>{text}</title> }
        })
    };
    view! {
        <g
            class="edge"
            class:selected=move || selected.get()
            data-testid="relation"
            data-id=id.clone()
            on:pointerdown=select
            on:pointerenter=move |_| {
                if !hovered.get_untracked() {
                    hovered.set(true);
                }
            }
        >
            {tooltip}
            {move || shape.get().map(|s| draw(&s, advice.with(|a| a.as_ref().is_some_and(|(agrees, _, _)| !agrees)), far.get(), editor.lang.get()))}
        </g>
    }
}

/// Labels left of a box end at the arrow, so they never run under the box.
fn anchor(side: Side) -> &'static str {
    if side == Side::Left {
        "end"
    } else {
        "start"
    }
}

/// The arrow's tooltip: its storage, and the advisor's recommendation with the reason.
fn title(r: &Relation, advice: Option<(bool, Recommendation, crate::i18n::Text)>, lang: Lang) -> String {
    let storage = r.storage.msg().text(lang);
    match &advice {
        Some((_, rec, summary)) => Msg::EdgeTitle.fill(lang, &[&storage, &rec.msg().text(lang), &summary.render(lang)]),
        None => storage.to_string(),
    }
}

/// The arrow; `far` (zoomed out past the level of detail) leaves out the labels, as boxes leave
/// out their fields: at that size they are specks, not text.
fn draw(s: &Shape, disagrees: bool, far: bool, lang: Lang) -> impl IntoView {
    let r = &s.relation;
    let references = r.references() || r.storage == Storage::Outside;
    let copies = r.copies_data();
    let main = route(&s.from, &s.to, s.lane);
    // A reference that also carries copies gets a second, solid arrow in the next lane.
    let copy_route = (references && copies).then(|| route(&s.from, &s.to, s.lane + if s.lane >= 0 { 1 } else { -1 }));
    let main_class = if references { "line dashed" } else { "line solid" };
    let main_class = if r.storage == Storage::Outside { "line dashed outside" } else { main_class };
    let labels = (!far).then(|| {
        let end_label = label_point(main.end, main.end_side);
        let start_label = label_point(main.start, main.start_side);
        view! {
            <text class="card" x=start_label.x y=start_label.y text-anchor=anchor(main.start_side)>{parent_label(r)}</text>
            <text class="card" x=end_label.x y=end_label.y text-anchor=anchor(main.end_side) data-testid="cardinality">{cardinality_label(r, lang)}</text>
            <text class="caption" x=main.mid.x + 6.0 y=main.mid.y - 6.0>{caption(r, lang)}</text>
        }
    });
    view! {
        <path class="hit" d=main.d.clone() />
        <path class=main_class d=main.d.clone() marker-end=if references { "url(#arrow-open)" } else { "url(#arrow)" } />
        {copy_route.map(|c| view! {
            <path class="hit" d=c.d.clone() />
            <path class="line solid copy" d=c.d marker-end="url(#arrow)" />
        })}
        {labels}
        {disagrees.then(|| view! {
            <g class="disagree" data-testid="disagreement" transform=format!("translate({} {})", main.mid.x, main.mid.y)>
                <circle r="9" />
                <text text-anchor="middle" y="4">"!"</text>
            </g>
        })}
    }
}
