//! The canvas' routed arrows, one computation for all of them (`editor::routing`, through
//! `share::arrows` like the SVG export): routed from scratch when the boxes or the arrows'
//! words change, and during a drag re-routed from there for only what the move touches.

use super::lookup::Lookup;
use super::state::{Drag, Editor};
use crate::editor::geometry::Rect;
use crate::editor::routing::{reroute, route_all, ArrowRoute, Routed};
use crate::share::arrows::{model_arrows, ModelArrows};
use leptos::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// The routes of the model at rest.
pub struct Base {
    pub arrows: ModelArrows,
    pub routed: Arc<Routed>,
    /// Relation id → its arrow and, for a reference with copies, the solid one beside it.
    pub index: HashMap<String, (usize, Option<usize>)>,
}

/// A shared value compared by identity: a memo holding it tells its readers "changed" exactly
/// when it was recomputed (its input memo already filters out edits that change no route).
pub struct Shared<T>(pub Arc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The canvas context: the routes at rest and the routes drawn (those of the drag in progress).
#[derive(Clone, Copy)]
pub struct Routes {
    pub base: Memo<Shared<Base>>,
    pub live: Memo<Shared<Routed>>,
}

/// One arrow as drawn: the main route and the solid copy beside it.
pub type Drawn = (ArrowRoute, Option<ArrowRoute>);

impl Routes {
    pub fn new(editor: Editor, lookup: Lookup) -> Routes {
        let input = Memo::new(move |_| {
            let lang = editor.lang.get();
            editor.model.with(|m| model_arrows(m, |_| true, lang, |r| lookup.disagrees(&r.id)))
        });
        let base = Memo::new(move |_| {
            input.with(|arrows| {
                let routed = super::timing::timed("route", || route_all(&arrows.input));
                let mut index: HashMap<String, (usize, Option<usize>)> = HashMap::with_capacity(arrows.of.len());
                editor.model.with_untracked(|m| {
                    for (k, of) in arrows.of.iter().enumerate() {
                        let Some(r) = m.relations.get(of.relation) else { continue };
                        let slot = index.entry(r.id.clone()).or_insert((k, None));
                        if of.copy {
                            slot.1 = Some(k);
                        }
                    }
                });
                Shared(Arc::new(Base { arrows: arrows.clone(), routed: Arc::new(routed), index }))
            })
        });
        let live = Memo::new(move |_| {
            let base = base.get();
            let moved: Vec<usize> = editor.drag.with(|d| match d {
                Some(Drag::Move { ids }) => ids.iter().filter_map(|id| base.0.arrows.boxes.get(id).copied()).collect(),
                _ => Vec::new(),
            });
            if moved.is_empty() {
                return Shared(base.0.routed.clone());
            }
            let (dx, dy) = editor.drag_delta.get();
            if dx == 0.0 && dy == 0.0 {
                return Shared(base.0.routed.clone());
            }
            let mut input = base.0.arrows.input.clone();
            for &b in &moved {
                let r: &mut Rect = &mut input.boxes[b];
                r.x += dx;
                r.y += dy;
            }
            Shared(Arc::new(reroute(&base.0.routed, &input, &moved)))
        });
        Routes { base, live }
    }

    /// Where relation `id`'s arrows are drawn now (tracked: re-runs on every route change).
    pub fn drawn(&self, id: &str) -> Option<Drawn> {
        let (main, copy) = self.base.with(|b| b.0.index.get(id).copied())?;
        self.live.with(|l| Some((l.0.arrows.get(main)?.clone(), copy.and_then(|c| l.0.arrows.get(c).cloned()))))
    }

    /// The relations whose routes (at rest) meet `area`.
    pub fn relations_in(&self, area: &Rect, relation_ids: impl Fn(usize) -> Option<String>) -> Vec<String> {
        self.base.with(|b| {
            let mut out: Vec<String> = Vec::new();
            let mut last = usize::MAX;
            for (k, of) in b.0.arrows.of.iter().enumerate() {
                if of.relation == last || !b.0.routed.arrows[k].bounds().intersects(area) {
                    continue;
                }
                if let Some(id) = relation_ids(of.relation) {
                    last = of.relation;
                    out.push(id);
                }
            }
            out
        })
    }
}
