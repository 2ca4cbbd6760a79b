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
    /// Each arrow's route, shared with the drag's re-routes where they leave it as it is.
    pub each: Vec<Arc<ArrowRoute>>,
    /// Relation id → its arrow and, for a reference with copies, the solid one beside it.
    pub index: HashMap<String, (usize, Option<usize>)>,
}

/// The routes drawn now: those of the drag in progress, or those at rest. An arrow the drag
/// leaves as it is keeps the very route of the base, so its view sees no change.
pub struct Live {
    pub each: Vec<Arc<ArrowRoute>>,
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
    pub live: Memo<Shared<Live>>,
}

/// One arrow as drawn: the main route and the solid copy beside it.
pub type Drawn = (Arc<ArrowRoute>, Option<Arc<ArrowRoute>>);

/// An arrow's routes, compared by identity: a pointer move re-runs every arrow's view memo,
/// and each of those that the move does not touch finds the same routes at once (no copy, no
/// comparison of points), so only the touched arrows are drawn again.
#[derive(Clone)]
pub struct SameRoutes(pub Drawn);

impl PartialEq for SameRoutes {
    fn eq(&self, other: &Self) -> bool {
        let same = |a: &Arc<ArrowRoute>, b: &Arc<ArrowRoute>| Arc::ptr_eq(a, b);
        same(&self.0 .0, &other.0 .0)
            && match (&self.0 .1, &other.0 .1) {
                (Some(a), Some(b)) => same(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

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
                let each = routed.arrows.iter().cloned().map(Arc::new).collect();
                Shared(Arc::new(Base { arrows: arrows.clone(), routed: Arc::new(routed), each, index }))
            })
        });
        let live = Memo::new(move |_| {
            let base = base.get();
            let moved: Vec<usize> = editor.drag.with(|d| match d {
                Some(Drag::Move { ids }) => ids.iter().filter_map(|id| base.0.arrows.boxes.get(id).copied()).collect(),
                _ => Vec::new(),
            });
            let at_rest = || Shared(Arc::new(Live { each: base.0.each.clone() }));
            if moved.is_empty() {
                return at_rest();
            }
            let (dx, dy) = editor.drag_delta.get();
            if dx == 0.0 && dy == 0.0 {
                return at_rest();
            }
            let mut input = base.0.arrows.input.clone();
            for &b in &moved {
                let r: &mut Rect = &mut input.boxes[b];
                r.x += dx;
                r.y += dy;
            }
            let routed = reroute(&base.0.routed, &input, &moved);
            let each = routed
                .arrows
                .into_iter()
                .zip(&base.0.each)
                .map(|(now, rest)| if now == **rest { rest.clone() } else { Arc::new(now) })
                .collect();
            Shared(Arc::new(Live { each }))
        });
        Routes { base, live }
    }

    /// Where relation `id`'s arrows are drawn now (tracked: re-runs on every route change).
    pub fn drawn(&self, id: &str) -> Option<SameRoutes> {
        let (main, copy) = self.base.with(|b| b.0.index.get(id).copied())?;
        self.live.with(|l| Some(SameRoutes((l.0.each.get(main)?.clone(), copy.and_then(|c| l.0.each.get(c).cloned())))))
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
