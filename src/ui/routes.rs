//! The canvas' routed arrows, one computation for all of them (`editor::routing`, through
//! `share::arrows` like the SVG export): routed from scratch when the boxes or the arrows'
//! words change, and during a drag re-routed from there for only what the move touches.
//!
//! Each arrow on screen reads its own signal (a slot), and one effect sets only the slots
//! whose routes changed: a pointer move re-draws the arrows it touched and wakes no other. (A
//! memo per arrow over one shared memo of all the routes re-ran all of them on every move, and
//! the reactive graph's bookkeeping of a thousand subscribers to one memo cost more than the
//! re-route itself: ~15 ms of a 45 ms move at 500 aggregates.)

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
    /// Each arrow's route is an `Arc`, shared with the drag's re-routes where they leave it
    /// as it is.
    pub routed: Arc<Routed>,
    /// Relation id → its arrow and, for a reference with copies, the solid one beside it.
    pub index: HashMap<String, (usize, Option<usize>)>,
    /// Arrow → the id of its relation (the other way round).
    pub ids: Vec<String>,
}

/// The routes drawn now: those of the drag in progress, or those at rest, with the base they
/// come from. An arrow the drag leaves as it is keeps the very route of the base, so its slot
/// sees no change.
pub struct Live {
    pub base: Arc<Base>,
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

/// The canvas context: the routes at rest, the routes drawn now, and each arrow's slot.
#[derive(Clone, Copy)]
pub struct Routes {
    pub base: Memo<Shared<Base>>,
    /// The distance of the drag the arrows are routed for: the drag's own (`Editor::drag_delta`)
    /// at once when re-routing is quick, else once a frame, a frame behind ([`Routes::follow`]).
    routed_delta: RwSignal<(f64, f64)>,
    /// A re-route waits for the next frame.
    pending: StoredValue<bool>,
    /// How long the slowest re-route of the drag took (ms).
    last_ms: StoredValue<f64>,
    live: StoredValue<Option<Arc<Live>>>,
    /// Relation id → what its view draws (set by the effect in [`Routes::new`] when it changes).
    slots: StoredValue<HashMap<String, ArcRwSignal<Option<SameRoutes>>>>,
}

/// One arrow as drawn: the main route and the solid copy beside it.
pub type Drawn = (Arc<ArrowRoute>, Option<Arc<ArrowRoute>>);

/// An arrow's routes, compared by identity: an arrow whose routes a move leaves as they are
/// keeps the same `Arc`s, so telling it from a changed one costs no comparison of points.
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
                let mut ids = Vec::with_capacity(arrows.of.len());
                editor.model.with_untracked(|m| {
                    for (k, of) in arrows.of.iter().enumerate() {
                        let Some(r) = m.relations.get(of.relation) else {
                            ids.push(String::new());
                            continue;
                        };
                        ids.push(r.id.clone());
                        let slot = index.entry(r.id.clone()).or_insert((k, None));
                        if of.copy {
                            slot.1 = Some(k);
                        }
                    }
                });
                Shared(Arc::new(Base { arrows: arrows.clone(), routed: Arc::new(routed), index, ids }))
            })
        });
        let live = StoredValue::new(None::<Arc<Live>>);
        let slots = StoredValue::new(HashMap::<String, ArcRwSignal<Option<SameRoutes>>>::new());
        let routed_delta = RwSignal::new((0.0, 0.0));
        let last_ms = StoredValue::new(0.0);
        // The one reader of the drag's distance (besides the dragged boxes): re-routes what the
        // move touches and sets the slots of the arrows whose routes changed.
        Effect::new(move |_| {
            let base = base.get().0;
            let start = super::state::now_ms();
            let now = Arc::new(drag_routes(&editor, &base, routed_delta));
            let moving = editor.drag.with_untracked(|d| matches!(d, Some(Drag::Move { .. })));
            if moving && routed_delta.get_untracked() != (0.0, 0.0) {
                let ms = super::state::now_ms() - start;
                // The slowest of this drag: with re-routes around half a frame, following at once
                // after each quick one made the slow one that came next hold the box back.
                last_ms.update_value(|last| *last = ms.max(*last));
                FOLLOWED.with_borrow_mut(|f| {
                    // Only the last ones matter; nobody reads them but the benchmark.
                    if f.len() >= 1024 {
                        f.drain(..512);
                    }
                    f.push(ms)
                });
            }
            let before = live.get_value();
            slots.with_value(|slots| match before.as_ref().filter(|b| Arc::ptr_eq(&b.base, &base)) {
                // The same base: only the arrows whose route is another `Arc` changed.
                Some(before) => {
                    let mut done: Option<&str> = None;
                    for (k, (a, b)) in now.each.iter().zip(&before.each).enumerate() {
                        let id = base.ids.get(k).map(String::as_str);
                        if Arc::ptr_eq(a, b) || id.is_none() || id == done {
                            continue;
                        }
                        done = id;
                        if let Some(slot) = id.and_then(|id| slots.get(id)) {
                            slot.set(drawn(&now, id.unwrap_or_default()));
                        }
                    }
                }
                // Routed anew (an edit, the end of a drag): every slot whose routes differ, by
                // value (after a drop most arrows are where they were, and are not redrawn).
                None => {
                    for (id, slot) in slots {
                        let next = drawn(&now, id);
                        let same = slot.with_untracked(|s| match (s, &next) {
                            (Some(a), Some(b)) => a.0 == b.0,
                            (None, None) => true,
                            _ => false,
                        });
                        if !same {
                            slot.set(next);
                        }
                    }
                }
            });
            live.set_value(Some(now));
        });
        Routes { base, routed_delta, pending: StoredValue::new(false), last_ms, live, slots }
    }

    /// Lets the arrows follow the drag's distance after a pointer move: right away while the
    /// drag's re-routes took under half a frame, else in the next frame, before it is painted
    /// (the box moves in the frame of the move, its arrows in the one after), one re-route for all
    /// the moves that came in between. At 500 aggregates a re-route of a busy box can take
    /// longer than a frame on a slow machine, and done in the move it held the box back with it.
    ///
    /// Why the next frame and not a task after this one is painted (`setTimeout` from an
    /// animation frame, `scheduler.postTask`, `requestIdleCallback`): with a long task between
    /// frames Chromium held the next pointer moves back, by 0.3 to 2 s for one move in four
    /// (500 aggregates, `scripts/bench-ui.mjs`), far worse than a slow frame.
    pub fn follow(&self, editor: &Editor) {
        let delta = editor.drag_delta;
        let routed = self.routed_delta;
        let catch_up = move || {
            let now = delta.try_get_untracked().unwrap_or_default();
            if routed.try_get_untracked().is_some_and(|r| r != now) {
                routed.set(now);
            }
        };
        if self.last_ms.try_get_value().unwrap_or(0.0) < FOLLOW_AT_ONCE_MS {
            catch_up();
            return;
        }
        if self.pending.try_get_value().unwrap_or(true) {
            return;
        }
        self.pending.set_value(true);
        let pending = self.pending;
        // A pointer move is handled at the start of a frame, before that frame's animation frame
        // callbacks: one asked for from there runs in the next frame.
        request_animation_frame(move || {
            request_animation_frame(move || {
                if pending.try_set_value(false).is_none() {
                    catch_up();
                }
            })
        });
    }

    /// The drag is over: the arrows are routed at rest (the model has the boxes' new places).
    pub fn settle(&self) {
        let _ = self.last_ms.try_set_value(0.0);
        if self.routed_delta.try_get_untracked().is_some_and(|r| r != (0.0, 0.0)) {
            self.routed_delta.set((0.0, 0.0));
        }
    }

    /// The signal of what relation `id`'s arrow draws now, made on first use (an arrow that
    /// comes on screen). Kept for as long as the canvas: an arrow culled and shown again finds
    /// it, and there is at most one per relation the canvas has drawn.
    pub fn slot(&self, id: &str) -> ArcRwSignal<Option<SameRoutes>> {
        if let Some(slot) = self.slots.with_value(|s| s.get(id).cloned()) {
            return slot;
        }
        let base = self.base.get_untracked().0;
        // The routes drawn now, unless the effect has not caught up with the base yet.
        let now = self.live.get_value().filter(|l| Arc::ptr_eq(&l.base, &base));
        let value = match now {
            Some(live) => drawn(&live, id),
            None => drawn(&Live { each: base.routed.arrows.clone(), base: base.clone() }, id),
        };
        let slot = ArcRwSignal::new(value);
        self.slots.update_value(|s| {
            s.insert(id.to_string(), slot.clone());
        });
        slot
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

/// Where relation `id`'s arrows are drawn in `live`.
fn drawn(live: &Live, id: &str) -> Option<SameRoutes> {
    let (main, copy) = live.base.index.get(id).copied()?;
    Some(SameRoutes((live.each.get(main)?.clone(), copy.and_then(|c| live.each.get(c).cloned()))))
}

/// While no re-route of the drag took this long (ms), the arrows follow a move in the move's
/// own task (half a frame at 60 Hz).
const FOLLOW_AT_ONCE_MS: f64 = 8.0;

thread_local! {
    /// The durations of the last re-routes of drags (ms), for the UI benchmark.
    static FOLLOWED: std::cell::RefCell<Vec<f64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The durations of the drags' re-routes (ms) since the last call (read by the UI benchmark as
/// `wasmBindings.drag_reroute_ms()`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn drag_reroute_ms() -> Vec<f64> {
    FOLLOWED.with_borrow_mut(std::mem::take)
}

/// The routes of the drag in progress (tracked: the drag, and the distance the arrows follow
/// while boxes move), or those at rest.
fn drag_routes(editor: &Editor, base: &Arc<Base>, routed_delta: RwSignal<(f64, f64)>) -> Live {
    let at_rest = || Live { base: base.clone(), each: base.routed.arrows.clone() };
    let moved: Vec<usize> = editor.drag.with(|d| match d {
        Some(Drag::Move { ids }) => ids.iter().filter_map(|id| base.arrows.boxes.get(id).copied()).collect(),
        _ => Vec::new(),
    });
    if moved.is_empty() {
        return at_rest();
    }
    let (dx, dy) = routed_delta.get();
    if dx == 0.0 && dy == 0.0 {
        return at_rest();
    }
    let mut input = base.arrows.input.clone();
    for &b in &moved {
        let r: &mut Rect = &mut input.boxes[b];
        r.x += dx;
        r.y += dy;
    }
    let routed = reroute(&base.routed, &input, &moved);
    // The router keeps the very routes it leaves as they are; one it redid the same is
    // replaced by the one at rest, so its arrow is not drawn again.
    let each = routed
        .arrows
        .into_iter()
        .zip(&base.routed.arrows)
        .map(|(now, rest)| if Arc::ptr_eq(&now, rest) || *now == **rest { rest.clone() } else { now })
        .collect();
    Live { base: base.clone(), each }
}
