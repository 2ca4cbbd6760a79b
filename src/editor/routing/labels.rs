//! Placing the words of every arrow: the two end labels right beside the line at the box, the
//! caption beside the line near its middle, then the disagreement mark on the line. A spot is taken
//! only if it covers no box, no label already placed and no arrowhead, and, where one exists, no
//! line either. A label with no free spot is left out (the arrow's tooltip still says it).
//!
//! What labels keep clear of is indexed by [`Placed`], kept with the routes at rest: a drag
//! re-places the labels of the few arrows it touches and looks only at what lies near them.

use super::index::{strictly_overlap, Boxes, Grid};
use super::ports::normal;
use super::{ArrowRoute, Input, Label};
use crate::editor::geometry::{Rect, Side};
use crate::model::Point;
use std::sync::Arc;

/// Rough advance widths (px per character) of the labels' fonts, rounded up: bold 12 px for the
/// end labels, 11 px for captions.
pub const CARD_CHAR: f64 = 7.4;
pub const CAPTION_CHAR: f64 = 6.5;
const CARD_H: f64 = 14.0;
/// The disagreement mark: a circle of radius 9.
const MARK: f64 = 18.0;
/// The longest caption line, in characters, before it is shortened with an ellipsis.
const CAPTION_MAX: usize = 32;
/// The gap between a label and its line, and kept around boxes and other labels.
const GAP: f64 = 3.0;
/// The arrowhead at an arrow's end (`marker-end`, 8 stroke widths across a 10-unit view box
/// whose tip sits at the port): how far back along the line it reaches and how far to each side,
/// for the widest stroke it is drawn with (2.6, a selected arrow), rounded up.
pub const HEAD_LEN: f64 = 20.0;
pub const HEAD_HALF: f64 = 11.0;

/// The rectangle the arrowhead at the end of `points` covers.
pub fn head(points: &[Point]) -> Option<Rect> {
    let [.., p, q] = points else { return None };
    let horizontal = (p.y - q.y).abs() < 0.01;
    let (dx, dy) = ((q.x - p.x).signum(), (q.y - p.y).signum());
    let back =
        if horizontal { Point { x: q.x - dx * HEAD_LEN, y: q.y } } else { Point { x: q.x, y: q.y - dy * HEAD_LEN } };
    let r = Rect::from_corners(back, *q);
    Some(if horizontal {
        Rect { y: q.y - HEAD_HALF, h: 2.0 * HEAD_HALF, ..r }
    } else {
        Rect { x: q.x - HEAD_HALF, w: 2.0 * HEAD_HALF, ..r }
    })
}

/// The rectangles of an arrow's placed labels (and of its disagreement mark).
pub fn label_rects(a: &ArrowRoute) -> impl Iterator<Item = Rect> + '_ {
    [&a.start_label, &a.end_label, &a.caption].into_iter().flatten().map(|l| l.rect).chain(a.mark.map(|p| Rect {
        x: p.x - MARK / 2.0,
        y: p.y - MARK / 2.0,
        w: MARK,
        h: MARK,
    }))
}

/// Rectangles indexed with the arrow each belongs to.
#[derive(Debug, Clone, Default)]
struct Owned {
    grid: Grid,
    owner: Vec<usize>,
}

impl Owned {
    /// Over `area`, in cells of at least `cell`, for about `items` rectangles.
    fn over(area: Rect, cell: f64, items: usize) -> Owned {
        Owned { grid: Grid::for_items(area, cell, items), owner: Vec::new() }
    }

    fn insert(&mut self, r: Rect, owner: usize) {
        self.grid.insert(r);
        self.owner.push(owner);
    }

    /// Whether `f` holds for an item near `area` (given its owner and rectangle).
    fn any(&self, area: &Rect, mut f: impl FnMut(usize, &Rect) -> bool) -> bool {
        self.grid.any(area, |i, r| f(self.owner[i], r))
    }
}

/// What labels keep clear of, by arrow: the lines, the arrowheads and the labels placed.
#[derive(Debug, Clone, Default)]
pub struct Placed {
    segments: Owned,
    heads: Owned,
    labels: Owned,
}

impl Placed {
    /// Over `area`, for the lines and labels of about `arrows` arrows.
    fn over(area: Rect, arrows: usize) -> Placed {
        Placed {
            segments: Owned::over(super::grow(&area, 64.0), 64.0, arrows * 6),
            heads: Owned::over(super::grow(&area, 64.0), 256.0, arrows),
            labels: Owned::over(super::grow(&area, 200.0), 256.0, arrows * 3),
        }
    }

    /// The lines and the arrowhead of arrow `i`.
    fn add_lines(&mut self, i: usize, a: &ArrowRoute) {
        for (p, q) in a.segments() {
            self.segments.insert(Rect::from_corners(p, q), i);
        }
        if let Some(h) = head(&a.points) {
            self.heads.insert(h, i);
        }
    }

    /// The index of a whole routed diagram, labels included.
    pub fn of(arrows: &[Arc<ArrowRoute>]) -> Placed {
        let area = arrows.iter().map(|a| a.bounds()).reduce(|a, b| a.union(&b)).unwrap_or_default();
        let mut out = Placed::over(area, arrows.len());
        for (i, a) in arrows.iter().enumerate() {
            out.add_lines(i, a);
            for r in label_rects(a) {
                out.labels.insert(r, i);
            }
        }
        out
    }
}

struct Space<'a> {
    boxes: &'a Boxes,
    /// The arrows whose labels are placed now: their lines and heads, and the labels so far.
    fresh: Placed,
    /// Re-placing part of a diagram: the index at rest, and which arrows kept theirs (only
    /// those count from it).
    rest: Option<(&'a Placed, &'a [bool])>,
    /// Each arrow's companion: the copy arrow drawn beside a reference, and that reference.
    companion: Vec<Option<usize>>,
}

impl Space<'_> {
    /// Whether a label may go at `r`: over no box, no label and no arrowhead, and over lines up
    /// to `lines`: 2 over no line at all, 1 over none of its own arrow (a spot beside one stretch
    /// can lie on another after a bend) or of its companion (the copy arrow running a few units
    /// beside a reference, right where a label beside the line goes), 0 over any line.
    fn free(&self, r: &Rect, own: usize, lines: u8) -> bool {
        let near = super::grow(r, GAP - 0.5);
        if self.boxes.any(&near, |_, b| strictly_overlap(b, &near)) {
            return false;
        }
        let companion = self.companion.get(own).copied().flatten();
        let layers = [Some((&self.fresh, None)), self.rest.map(|(p, kept)| (p, Some(kept)))];
        for (placed, kept) in layers.into_iter().flatten() {
            let counts = |o: usize| kept.is_none_or(|k: &[bool]| k.get(o).copied().unwrap_or(false));
            if placed.labels.any(&near, |o, l| counts(o) && strictly_overlap(l, &near))
                || placed.heads.any(r, |o, h| counts(o) && strictly_overlap(h, r))
            {
                return false;
            }
            let on_line = lines > 0
                && placed
                    .segments
                    .any(r, |o, s| counts(o) && (lines == 2 || o == own || Some(o) == companion) && touches(s, r));
            if on_line {
                return false;
            }
        }
        true
    }

    fn take(&mut self, r: Rect, own: usize) {
        self.fresh.labels.insert(r, own);
    }

    /// The first of `spots` over no line, else the first clear of its own and its companion's
    /// lines, else the first over no box and no label.
    fn first_free(&self, spots: &[Rect], own: usize) -> Option<Rect> {
        [2, 1, 0].into_iter().find_map(|lines| self.first_at(spots, own, lines))
    }

    fn first_at(&self, spots: &[Rect], own: usize, lines: u8) -> Option<Rect> {
        spots.iter().find(|r| self.free(r, own, lines)).copied()
    }
}

fn touches(seg: &Rect, r: &Rect) -> bool {
    seg.x <= r.right() && r.x <= seg.right() && seg.y <= r.bottom() && r.y <= seg.bottom()
}

/// Places every label. An arrow with a `kept` route keeps its labels from there unless a box
/// covers them now: any box, or with `moved` only those boxes (the others have not moved since
/// the labels were placed clear of them). With `rest`, the index of the diagram the kept routes
/// come from, only the arrows placed again are indexed; without it, everything is, and that
/// index is returned (to keep with the routes at rest).
pub fn place(
    arrows: &mut [Arc<ArrowRoute>],
    input: &Input,
    boxes: &Boxes,
    kept: &[Option<&Arc<ArrowRoute>>],
    rest: Option<&Placed>,
    moved: Option<&[Rect]>,
) -> Option<Placed> {
    // The arrows keeping their labels.
    let mut fixed = vec![false; arrows.len()];
    // The arrowheads of the arrows drawn anew may land on a kept label too.
    let new_heads = if kept.iter().any(Option::is_some) {
        let heads: Vec<Rect> =
            arrows.iter().zip(kept).filter(|(_, k)| k.is_none()).filter_map(|(a, _)| head(&a.points)).collect();
        let mut grid = Grid::over(heads.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or_default());
        for h in heads {
            grid.insert(h);
        }
        grid
    } else {
        Grid::default()
    };
    for (i, old) in kept.iter().enumerate() {
        let Some(old) = old else { continue };
        let covered = |r: &Rect| {
            new_heads.any(r, |_, h| strictly_overlap(h, r))
                || match moved {
                    Some(moved) => moved.iter().any(|b| strictly_overlap(b, r)),
                    None => boxes.any(r, |_, b| strictly_overlap(b, r)),
                }
        };
        if label_rects(old).any(|r| covered(&r)) {
            continue;
        }
        if !Arc::ptr_eq(&arrows[i], old) {
            let a = Arc::make_mut(&mut arrows[i]);
            (a.start_label, a.end_label, a.caption, a.mark) =
                (old.start_label.clone(), old.end_label.clone(), old.caption.clone(), old.mark);
        }
        fixed[i] = true;
    }
    for a in arrows.iter_mut().zip(&fixed).filter(|(_, f)| !**f).map(|(a, _)| a) {
        let a = Arc::make_mut(a);
        (a.start_label, a.end_label, a.caption, a.mark) = (None, None, None, None);
    }
    let todo: Vec<usize> = (0..arrows.len()).filter(|&i| !fixed[i]).collect();
    let area = todo.iter().map(|&i| arrows[i].bounds()).reduce(|a, b| a.union(&b))?;
    // Without the index at rest, the arrows that keep their labels are indexed too.
    let rest = rest.filter(|_| fixed.contains(&true));
    let mut fresh = match rest {
        Some(_) => Placed::over(area, todo.len()),
        None => Placed::over(arrows.iter().fold(area, |r, a| r.union(&a.bounds())), arrows.len()),
    };
    for (i, a) in arrows.iter().enumerate() {
        if rest.is_none() || !fixed[i] {
            fresh.add_lines(i, a);
        }
        if rest.is_none() && fixed[i] {
            for r in label_rects(a) {
                fresh.labels.insert(r, i);
            }
        }
    }
    let mut space =
        Space { boxes, fresh, rest: rest.map(|p| (p, fixed.as_slice())), companion: vec![None; arrows.len()] };
    for (i, a) in input.arrows.iter().enumerate() {
        if let Some(main) = a.beside.filter(|&m| m < arrows.len()) {
            space.companion[i] = Some(main);
            space.companion[main] = Some(i);
        }
    }
    for &i in &todo {
        let spec = &input.arrows[i];
        let start = end_label(&space, &arrows[i], i, &spec.start_label, true);
        if let Some(l) = &start {
            space.take(l.rect, i);
        }
        let end = end_label(&space, &arrows[i], i, &spec.end_label, false);
        if let Some(l) = &end {
            space.take(l.rect, i);
        }
        let a = Arc::make_mut(&mut arrows[i]);
        a.start_label = start;
        a.end_label = end;
    }
    for &i in &todo {
        let spec = &input.arrows[i];
        if spec.caption.is_empty() {
            continue;
        }
        let lines: Vec<String> = spec.caption.iter().map(|l| shorten(l, CAPTION_MAX)).collect();
        let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * CAPTION_CHAR + 2.0;
        let h = lines.len() as f64 * Label::LINE + 2.0;
        let spots: Vec<Rect> =
            along(&arrows[i], true).into_iter().flat_map(|(p, horizontal)| beside(p, horizontal, w, h)).collect();
        if let Some(rect) = space.first_free(&spots, i) {
            space.take(rect, i);
            Arc::make_mut(&mut arrows[i]).caption = Some(Label { rect, lines });
        }
    }
    for &i in &todo {
        if !input.arrows[i].mark {
            continue;
        }
        let mark = along(&arrows[i], true).into_iter().find_map(|(p, _)| {
            let r = Rect { x: p.x - MARK / 2.0, y: p.y - MARK / 2.0, w: MARK, h: MARK };
            space.free(&r, i, 0).then_some((p, r))
        });
        if let Some((p, r)) = mark {
            space.take(r, i);
            Arc::make_mut(&mut arrows[i]).mark = Some(p);
        }
    }
    rest.is_none().then_some(space.fresh)
}

/// The label at one end: beside the line just outside the box (clear of the arrowhead), else
/// further along the route. Where the whole text finds no spot clear of every line, it tries
/// the text on two lines at its first space (`0..∞` over `+0.5/day`: narrower, where a box is
/// near), then its first word alone, and so on down to a spot over lines. The growth note is
/// what a reader of the diagram wants to see, so it is kept wherever two lines fit.
fn end_label(space: &Space, a: &ArrowRoute, own: usize, text: &str, start: bool) -> Option<Label> {
    if text.is_empty() || a.points.len() < 2 {
        return None;
    }
    let split = text.split_once(' ').filter(|(first, rest)| !first.is_empty() && !rest.trim().is_empty());
    let mut forms: Vec<Vec<String>> = vec![vec![text.to_string()]];
    if let Some((first, rest)) = split {
        forms.push(vec![first.to_string(), rest.trim().to_string()]);
        forms.push(vec![first.to_string()]);
    }
    let spots: Vec<(Vec<String>, Vec<Rect>)> =
        forms.into_iter().filter_map(|lines| end_spots(a, &lines, start).map(|at| (lines, at))).collect();
    for level in [2, 1, 0] {
        for (lines, at) in &spots {
            if let Some(rect) = space.first_at(at, own, level) {
                return Some(Label { rect, lines: lines.clone() });
            }
        }
    }
    None
}

/// The spots for a label of `lines` at one end of `a`, best first.
fn end_spots(a: &ArrowRoute, lines: &[String], start: bool) -> Option<Vec<Rect>> {
    let (port, side) = if start { (a.points[0], a.start_side?) } else { (*a.points.last()?, a.end_side?) };
    let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * CARD_CHAR + 2.0;
    let h = CARD_H + lines.len().saturating_sub(1) as f64 * Label::LINE;
    let (nx, ny) = normal(side);
    let mut spots = Vec::new();
    for t in [GAP, 20.0, 37.0] {
        let p = Point { x: port.x + nx * t, y: port.y + ny * t };
        // Right at the box the end's label goes beside the arrowhead, not on it.
        let off = if !start && t < HEAD_LEN { HEAD_HALF + 1.0 } else { GAP };
        let side_off = off.max(4.0);
        spots.extend(match side {
            Side::Top => {
                [Rect { x: p.x + side_off, y: p.y - h, w, h }, Rect { x: p.x - side_off - w, y: p.y - h, w, h }]
            }
            Side::Bottom => [Rect { x: p.x + side_off, y: p.y, w, h }, Rect { x: p.x - side_off - w, y: p.y, w, h }],
            Side::Left => [Rect { x: p.x - w, y: p.y - off - h, w, h }, Rect { x: p.x - w, y: p.y + off, w, h }],
            Side::Right => [Rect { x: p.x, y: p.y - off - h, w, h }, Rect { x: p.x, y: p.y + off, w, h }],
        });
    }
    let mut route = a.points.clone();
    if !start {
        route.reverse();
    }
    let total = length(&route);
    let walk = ArrowRoute { points: route, ..ArrowRoute::default() };
    for (p, horizontal) in along(&walk, false) {
        if distance_from_start(&walk.points, p) > (total * 0.4).max(60.0) {
            break;
        }
        spots.extend(beside(p, horizontal, w, h));
    }
    Some(spots)
}

/// Two spots for a `w` × `h` label centred beside point `p` of a line.
fn beside(p: Point, horizontal: bool, w: f64, h: f64) -> [Rect; 2] {
    if horizontal {
        [Rect { x: p.x - w / 2.0, y: p.y - GAP - h, w, h }, Rect { x: p.x - w / 2.0, y: p.y + GAP, w, h }]
    } else {
        [Rect { x: p.x + 4.0, y: p.y - h / 2.0, w, h }, Rect { x: p.x - 4.0 - w, y: p.y - h / 2.0, w, h }]
    }
}

/// Points along the route (with whether their segment is horizontal), about 40 at most, from
/// the middle outward when `middle_first`, else from the start.
fn along(a: &ArrowRoute, middle_first: bool) -> Vec<(Point, bool)> {
    let total = length(&a.points);
    if total <= 0.0 {
        return Vec::new();
    }
    let step = (total / 40.0).max(8.0);
    let mut out = Vec::new();
    let mut walked = 0.0;
    for (p, q) in a.segments() {
        let len = (q.x - p.x).abs() + (q.y - p.y).abs();
        let horizontal = (p.y - q.y).abs() < 0.01;
        let mut t = (step - walked % step) % step;
        while t <= len {
            let f = if len > 0.0 { t / len } else { 0.0 };
            out.push((walked + t, Point { x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f }, horizontal));
            t += step;
        }
        walked += len;
    }
    if middle_first {
        out.sort_by(|a, b| (a.0 - total / 2.0).abs().total_cmp(&(b.0 - total / 2.0).abs()));
    }
    out.into_iter().map(|(_, p, h)| (p, h)).collect()
}

fn length(points: &[Point]) -> f64 {
    points.windows(2).map(|w| (w[1].x - w[0].x).abs() + (w[1].y - w[0].y).abs()).sum()
}

fn distance_from_start(points: &[Point], p: Point) -> f64 {
    let mut walked = 0.0;
    for w in points.windows(2) {
        let r = Rect::from_corners(w[0], w[1]);
        if p.x >= r.x - 0.01 && p.x <= r.right() + 0.01 && p.y >= r.y - 0.01 && p.y <= r.bottom() + 0.01 {
            return walked + (p.x - w[0].x).abs() + (p.y - w[0].y).abs();
        }
        walked += r.w + r.h;
    }
    walked
}

/// `s` cut to `max` characters with an ellipsis.
pub fn shorten(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}
