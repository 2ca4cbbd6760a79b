//! Arrow routing that never lies: every arrow is an orthogonal path that goes around every box
//! that is not one of its ends, arrows sharing a box side leave from ports spread along it,
//! overlapping stretches of different arrows are pushed apart, and the labels (cardinalities,
//! captions, the disagreement mark) go where they cover no box and no other label.
//!
//! One function for the canvas, the SVG and the PNG export: [`route_all`]. While a box is dragged
//! the canvas calls [`reroute`], which searches again only the arrows the move touches.
//!
//! The steps, one file each: `ports` (which side each end uses and where along it), `search`
//! (A* over the sparse grid of the boxes' padded edges, with a bend penalty), `nudge` (pulling
//! overlapping segments apart), `labels` (placing the words), `audit` (the checks tests use).

mod audit;
mod index;
mod labels;
mod nudge;
mod ports;
mod search;

pub use audit::{audit, Audit};

use super::geometry::{Rect, Side};
use crate::model::Point;
use std::sync::Arc;

/// Clearance kept between an arrow and any box it passes (the grid runs on the boxes' edges
/// pushed out by this much).
pub const PAD: f64 = 16.0;

/// One arrow to draw between two boxes (indices into [`Input::boxes`]), with its words.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ArrowSpec {
    pub from: usize,
    pub to: usize,
    /// Next to the start (`1`, `N`); empty: none.
    pub start_label: String,
    /// Next to the end (the cardinality); empty: none.
    pub end_label: String,
    /// The caption's lines (what travels along the arrow); empty: none.
    pub caption: Vec<String>,
    /// A disagreement mark on the line.
    pub mark: bool,
    /// Drawn right beside this other arrow (the solid copy arrow of a reference), instead of
    /// being routed on its own.
    pub beside: Option<usize>,
}

/// What the router needs: the boxes and the arrows (shared: a drag moves boxes, and each of
/// its re-routes copies the boxes, not the arrows' words).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Input {
    pub boxes: Vec<Rect>,
    pub arrows: Arc<[ArrowSpec]>,
}

/// A placed piece of text: its box on the diagram and its lines (drawn from the left edge,
/// one line every [`Label::LINE`] units).
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub rect: Rect,
    pub lines: Vec<String>,
}

impl Label {
    pub const LINE: f64 = 13.0;
    /// The baseline of line `i`.
    pub fn baseline(&self, i: usize) -> f64 {
        self.rect.y + 10.5 + i as f64 * Self::LINE
    }
}

/// One routed arrow.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ArrowRoute {
    /// The corners, from the port on the start box to the port on the end box.
    pub points: Vec<Point>,
    pub start_side: Option<Side>,
    pub end_side: Option<Side>,
    pub start_label: Option<Label>,
    pub end_label: Option<Label>,
    pub caption: Option<Label>,
    pub mark: Option<Point>,
    /// No way around the boxes was found (they overlap or close the end in): the path is the
    /// direct one and may cross boxes.
    pub blocked: bool,
}

impl ArrowRoute {
    /// SVG path data: `M x y L x y ...`.
    pub fn d(&self) -> String {
        use std::fmt::Write;
        let mut d = String::with_capacity(self.points.len() * 14);
        for (i, p) in self.points.iter().enumerate() {
            let _ = write!(d, "{}{:.1} {:.1}", if i == 0 { "M" } else { " L" }, p.x, p.y);
        }
        d
    }

    /// The rectangle around the path and its labels.
    pub fn bounds(&self) -> Rect {
        let mut r = self.points.first().map(|p| Rect { x: p.x, y: p.y, w: 0.0, h: 0.0 }).unwrap_or_default();
        for p in &self.points {
            r = r.union(&Rect { x: p.x, y: p.y, w: 0.0, h: 0.0 });
        }
        for l in [&self.start_label, &self.end_label, &self.caption].into_iter().flatten() {
            r = r.union(&l.rect);
        }
        r
    }

    /// The segments, as pairs of points.
    pub fn segments(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.points.windows(2).map(|w| (w[0], w[1]))
    }
}

/// Every arrow routed, and what [`reroute`] needs to redo only part of it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Routed {
    /// Shared: a re-route keeps the very routes of the arrows it leaves as they are.
    pub arrows: Vec<Arc<ArrowRoute>>,
    /// What [`reroute`] compares the next input with: the boxes, and each arrow's two boxes
    /// and the arrow it is drawn beside.
    boxes: Vec<Rect>,
    links: Vec<(usize, usize, Option<usize>)>,
    ends: Vec<ports::Ends>,
    /// The searched paths, before nudging (shared: a re-route copies the untouched ones).
    raw: Vec<(Arc<[Point]>, bool)>,
    /// How many arrows the last call searched.
    pub searched: usize,
    /// The indexes of the boxes and of what labels keep clear of (routes from scratch only: a
    /// drag's re-routes start from the routes at rest).
    at_rest: AtRest,
}

/// The indexes of routes at rest, shared by the re-routes that start from them. Derived from
/// the routes, so they take no part in comparing them.
#[derive(Debug, Clone, Default)]
struct AtRest {
    placed: Option<Arc<labels::Placed>>,
    obstacles: Option<Arc<index::Boxes>>,
    /// The boxes indexed with the smaller clearance, if an arrow needed it.
    tight: Option<Arc<index::Boxes>>,
}

impl PartialEq for AtRest {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Routes every arrow of `input` from scratch.
pub fn route_all(input: &Input) -> Routed {
    let all: Vec<usize> = (0..input.arrows.len()).collect();
    finish(input, index::Boxes::new(&input.boxes), ports::assign(input), Vec::new(), &all, None)
}

/// Routes `input` again after the boxes `moved` changed, from `prev` (the routes before the
/// move), redoing only what the move touches: the arrows at a moved box, those whose ports
/// shift (a side they share changed), and those whose path, searched or as drawn, meets a moved
/// box's old or new place. Only those are searched, pulled apart (among the others, which stay
/// as they are) and given new label spots; the others keep theirs unless a box now covers
/// them. Every guarantee of [`route_all`] holds (`tests/routing_audit.rs` compares the two);
/// the result may differ from a full route where that would have shifted untouched arrows.
/// Falls back to [`route_all`] when the arrows themselves changed.
pub fn reroute(prev: &Routed, input: &Input, moved: &[usize]) -> Routed {
    if prev.links.len() != input.arrows.len()
        || prev.boxes.len() != input.boxes.len()
        || prev.arrows.len() != input.arrows.len()
        || prev.links.iter().zip(input.arrows.iter()).any(|(l, a)| *l != (a.from, a.to, a.beside))
    {
        return route_all(input);
    }
    let ends = ports::reassign(input, &prev.ends, moved);
    let areas: Vec<Rect> = moved
        .iter()
        .flat_map(|&b| [prev.boxes.get(b), input.boxes.get(b)])
        .flatten()
        .zip([PAD + 1.0, PAD - 1.0].into_iter().cycle())
        .map(|(r, by)| grow(r, by))
        .collect();
    let crosses = |points: &[Point]| points.windows(2).any(|w| areas.iter().any(|r| segment_hits(w[0], w[1], r)));
    let mut touched: Vec<bool> = (0..input.arrows.len())
        .map(|i| {
            let a = &input.arrows[i];
            moved.contains(&a.from)
                || moved.contains(&a.to)
                || ends[i] != prev.ends[i]
                || crosses(&prev.raw[i].0)
                || crosses(&prev.arrows[i].points)
        })
        .collect();
    // An arrow drawn beside another moves with it.
    for (i, a) in input.arrows.iter().enumerate() {
        if let Some(main) = a.beside.filter(|&m| m < touched.len()) {
            let either = touched[i] || touched[main];
            touched[i] = either;
            touched[main] = either;
        }
    }
    let todo: Vec<usize> = (0..touched.len()).filter(|&i| touched[i]).collect();
    let placed = prev.at_rest.placed.clone().unwrap_or_else(|| Arc::new(labels::Placed::of(&prev.arrows)));
    let obstacles = match &prev.at_rest.obstacles {
        Some(at_rest) => at_rest.with_moved(&input.boxes),
        None => index::Boxes::new(&input.boxes),
    };
    let now: Vec<Rect> = moved.iter().filter_map(|&b| input.boxes.get(b).copied()).collect();
    finish(
        input,
        obstacles,
        ends,
        prev.raw.clone(),
        &todo,
        Some(Partial { prev, touched: &touched, placed: &placed, moved: &now }),
    )
}

/// What a partial re-route starts from: the routes at rest and their label index, the arrows
/// to redo, and the moved boxes' new places.
struct Partial<'a> {
    prev: &'a Routed,
    touched: &'a [bool],
    placed: &'a labels::Placed,
    moved: &'a [Rect],
}

/// Searches the arrows `todo`, pulls them apart and places the labels. From scratch (`part`
/// `None`), `todo` is every arrow. Re-routing, the arrows `part.touched` does not mark keep
/// their drawn path from `part.prev`, and their labels unless a moved box now covers them.
fn finish(
    input: &Input,
    obstacles: index::Boxes,
    ends: Vec<ports::Ends>,
    mut raw: Vec<(Arc<[Point]>, bool)>,
    todo: &[usize],
    part: Option<Partial>,
) -> Routed {
    let prev = part.as_ref().map(|p| (p.prev, p.touched));
    raw.resize(input.arrows.len(), (Arc::from([]), false));
    let tight = index::Tight::new(&input.boxes, part.as_ref().and_then(|p| p.prev.at_rest.tight.as_deref()));
    for &i in todo.iter().filter(|&&i| input.arrows[i].beside.is_none()) {
        let (points, blocked) = search::path(&obstacles, &tight, &ends[i], &input.arrows[i]);
        raw[i] = (points.into(), blocked);
    }
    let fresh = |i: usize, (points, blocked): &(Arc<[Point]>, bool)| {
        Arc::new(ArrowRoute {
            points: points.to_vec(),
            start_side: Some(ends[i].start.side),
            end_side: Some(ends[i].end.side),
            blocked: *blocked,
            ..ArrowRoute::default()
        })
    };
    let mut arrows: Vec<Arc<ArrowRoute>> = match prev {
        None => raw.iter().enumerate().map(|(i, r)| fresh(i, r)).collect(),
        Some((p, touched)) => {
            raw.iter().enumerate().map(|(i, r)| if touched[i] { fresh(i, r) } else { p.arrows[i].clone() }).collect()
        }
    };
    nudge::separate(&mut arrows, &obstacles, prev.map(|(_, t)| t));
    let redo = |i: usize| prev.is_none_or(|(_, t)| t[i]);
    for (i, a) in input.arrows.iter().enumerate() {
        if !redo(i) {
            continue;
        }
        if let Some(main) = a.beside.filter(|&m| m < arrows.len() && input.arrows[m].beside.is_none()) {
            let main = arrows[main].clone();
            let copy = Arc::make_mut(&mut arrows[i]);
            copy.points = offset(&main.points, BESIDE);
            copy.blocked = main.blocked;
            copy.start_side = main.start_side;
            copy.end_side = main.end_side;
        }
    }
    let kept: Vec<Option<&Arc<ArrowRoute>>> = (0..arrows.len())
        .map(|i| {
            let before = prev.and_then(|(p, _)| p.arrows.get(i));
            before.filter(|p| Arc::ptr_eq(p, &arrows[i]) || p.points == arrows[i].points)
        })
        .collect();
    let placed = labels::place(
        &mut arrows,
        input,
        &obstacles,
        &kept,
        part.as_ref().map(|p| p.placed),
        part.as_ref().map(|p| p.moved),
    );
    let links = input.arrows.iter().map(|a| (a.from, a.to, a.beside)).collect();
    let at_rest = match part {
        None => AtRest {
            placed: placed.map(Arc::new),
            obstacles: Some(Arc::new(obstacles)),
            tight: tight.made().map(Arc::new),
        },
        Some(_) => AtRest::default(),
    };
    Routed { arrows, boxes: input.boxes.clone(), links, ends, raw, searched: todo.len(), at_rest }
}

/// How far an arrow drawn beside another runs from it.
pub const BESIDE: f64 = 5.0;

/// An orthogonal path moved `by` to its left (seen along its direction): each segment moves
/// across itself, each corner with both its segments, the ends along their box's side.
pub fn offset(points: &[Point], by: f64) -> Vec<Point> {
    let shift = |a: Point, b: Point| {
        let (dx, dy) = ((b.x - a.x).signum(), (b.y - a.y).signum());
        let horizontal = (a.y - b.y).abs() < 0.01;
        if horizontal {
            (0.0, -dx * by)
        } else {
            (dy * by, 0.0)
        }
    };
    let n = points.len();
    if n < 2 {
        return points.to_vec();
    }
    (0..n)
        .map(|k| {
            let before = if k > 0 { shift(points[k - 1], points[k]) } else { (0.0, 0.0) };
            let after = if k + 1 < n { shift(points[k], points[k + 1]) } else { (0.0, 0.0) };
            Point { x: points[k].x + before.0 + after.0, y: points[k].y + before.1 + after.1 }
        })
        .collect()
}

/// `r` pushed out by `by` on every side.
pub fn grow(r: &Rect, by: f64) -> Rect {
    Rect { x: r.x - by, y: r.y - by, w: r.w + 2.0 * by, h: r.h + 2.0 * by }
}

/// Whether the axis-aligned segment `a`–`b` passes through the inside of `r` (touching its
/// border does not count).
pub fn segment_hits(a: Point, b: Point, r: &Rect) -> bool {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    const E: f64 = 0.01;
    x1 > r.x + E && x0 < r.right() - E && y1 > r.y + E && y0 < r.bottom() - E
}

#[cfg(test)]
mod tests;
