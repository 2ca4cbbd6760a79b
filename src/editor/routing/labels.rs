//! Placing the words of every arrow: the two end labels right beside the line at the box, the
//! caption beside the line near its middle, then the disagreement mark on the line. A spot is taken
//! only if it covers no box and no label already placed, and, where one exists, no other
//! arrow's line either. A label with no free spot is left out (the arrow's tooltip still says it).

use super::index::{strictly_overlap, Boxes, Grid};
use super::ports::normal;
use super::{ArrowRoute, Input, Label};
use crate::editor::geometry::{Rect, Side};
use crate::model::Point;

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

struct Space<'a> {
    boxes: &'a Boxes,
    labels: Grid,
    segments: Grid,
    owner: Vec<usize>,
    /// Each arrow's companion: the copy arrow drawn beside a reference, and that reference.
    companion: Vec<Option<usize>>,
}

impl Space<'_> {
    /// Whether a label may go at `r`: over no box and no label, and over lines up to `lines`:
    /// 2 over no line at all, 1 over none of its own arrow (a spot beside one stretch can lie on
    /// another after a bend) or of its companion (the copy arrow running a few units beside a
    /// reference, right where a label beside the line goes), 0 over any line.
    fn free(&self, r: &Rect, own: usize, lines: u8) -> bool {
        let near = super::grow(r, GAP - 0.5);
        if self.boxes.grid.any(&near, |_, b| strictly_overlap(b, &near)) {
            return false;
        }
        if self.labels.any(&near, |_, l| strictly_overlap(l, &near)) {
            return false;
        }
        let companion = self.companion.get(own).copied().flatten();
        lines == 0
            || !self.segments.any(r, |i, s| {
                let owner = self.owner[i];
                (lines == 2 || owner == own || Some(owner) == companion) && touches(s, r)
            })
    }

    /// The first of `spots` over no line, else the first clear of its own and its companion's
    /// lines, else the first over no box and no label.
    fn first_free(&self, spots: &[Rect], own: usize) -> Option<Rect> {
        [2, 1, 0].into_iter().find_map(|lines| spots.iter().find(|r| self.free(r, own, lines)).copied())
    }
}

fn touches(seg: &Rect, r: &Rect) -> bool {
    seg.x <= r.right() && r.x <= seg.right() && seg.y <= r.bottom() && r.y <= seg.bottom()
}

/// Places every label; an arrow with a `kept` route keeps its labels from there when no box
/// covers them now. Only the neighbourhood of the arrows whose labels are placed again is
/// indexed (the labels and lines that can meet their spots), so re-placing a few is cheap.
pub fn place(arrows: &mut [ArrowRoute], input: &Input, boxes: &Boxes, kept: &[Option<&ArrowRoute>]) {
    // The arrows keeping their labels, and those labels' rectangles.
    let mut fixed = vec![false; arrows.len()];
    let mut kept_rects: Vec<Rect> = Vec::new();
    for (i, old) in kept.iter().enumerate() {
        let Some(old) = old else { continue };
        let start = kept_rects.len();
        kept_rects.extend(
            [&old.start_label, &old.end_label, &old.caption]
                .into_iter()
                .flatten()
                .map(|l| l.rect)
                .chain(old.mark.map(|p| Rect { x: p.x - MARK / 2.0, y: p.y - MARK / 2.0, w: MARK, h: MARK })),
        );
        if kept_rects[start..].iter().any(|r| boxes.grid.any(r, |_, b| strictly_overlap(b, r))) {
            kept_rects.truncate(start);
            continue;
        }
        let a = &mut arrows[i];
        (a.start_label, a.end_label, a.caption, a.mark) =
            (old.start_label.clone(), old.end_label.clone(), old.caption.clone(), old.mark);
        fixed[i] = true;
    }
    for a in arrows.iter_mut().zip(&fixed).filter(|(_, f)| !**f).map(|(a, _)| a) {
        (a.start_label, a.end_label, a.caption, a.mark) = (None, None, None, None);
    }
    // Where the labels to place can go: around their arrows, as far as the widest label reaches.
    let reach = 64.0
        + input
            .arrows
            .iter()
            .zip(&fixed)
            .filter(|(_, f)| !**f)
            .map(|(a, _)| {
                let ends = a.start_label.chars().count().max(a.end_label.chars().count()) as f64 * CARD_CHAR;
                let caption = if a.caption.is_empty() {
                    0.0
                } else {
                    (CAPTION_MAX as f64 * CAPTION_CHAR).max(a.caption.len() as f64 * Label::LINE)
                };
                ends.max(caption)
            })
            .fold(0.0, f64::max);
    let todo: Vec<Rect> =
        arrows.iter().zip(&fixed).filter(|(_, f)| !**f).map(|(a, _)| super::grow(&a.bounds(), reach)).collect();
    let Some(area) = todo.iter().copied().reduce(|a, b| a.union(&b)) else { return };
    let mut near = Grid::over(area);
    let everything = !fixed.contains(&true);
    if !everything {
        for r in &todo {
            near.insert(*r);
        }
    }
    let relevant = |r: &Rect| everything || near.any(r, |_, t| touches(t, r));
    let mut space = Space {
        boxes,
        labels: Grid::over(super::grow(&area, 200.0)),
        segments: Grid::with_cell(super::grow(&area, 64.0), 64.0),
        owner: Vec::new(),
        companion: vec![None; arrows.len()],
    };
    for (i, a) in input.arrows.iter().enumerate() {
        if let Some(main) = a.beside.filter(|&m| m < arrows.len()) {
            space.companion[i] = Some(main);
            space.companion[main] = Some(i);
        }
    }
    for (i, a) in arrows.iter().enumerate() {
        for (p, q) in a.segments() {
            let seg = Rect::from_corners(p, q);
            if relevant(&seg) {
                space.segments.insert(seg);
                space.owner.push(i);
            }
        }
    }
    for r in kept_rects.iter().filter(|r| relevant(r)) {
        space.labels.insert(*r);
    }
    for (i, spec) in input.arrows.iter().enumerate() {
        if fixed[i] {
            continue;
        }
        let a = &arrows[i];
        let start = end_label(&space, a, i, &spec.start_label, true);
        if let Some(l) = &start {
            space.labels.insert(l.rect);
        }
        let end = end_label(&space, &arrows[i], i, &spec.end_label, false);
        if let Some(l) = &end {
            space.labels.insert(l.rect);
        }
        arrows[i].start_label = start;
        arrows[i].end_label = end;
    }
    for (i, spec) in input.arrows.iter().enumerate() {
        if spec.caption.is_empty() || fixed[i] {
            continue;
        }
        let lines: Vec<String> = spec.caption.iter().map(|l| shorten(l, CAPTION_MAX)).collect();
        let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64 * CAPTION_CHAR + 2.0;
        let h = lines.len() as f64 * Label::LINE + 2.0;
        let spots: Vec<Rect> =
            along(&arrows[i], true).into_iter().flat_map(|(p, horizontal)| beside(p, horizontal, w, h)).collect();
        let rect = space.first_free(&spots, i);
        if let Some(rect) = rect {
            space.labels.insert(rect);
            arrows[i].caption = Some(Label { rect, lines });
        }
    }
    for (i, spec) in input.arrows.iter().enumerate() {
        if !spec.mark || fixed[i] {
            continue;
        }
        let mark = along(&arrows[i], true).into_iter().find_map(|(p, _)| {
            let r = Rect { x: p.x - MARK / 2.0, y: p.y - MARK / 2.0, w: MARK, h: MARK };
            space.free(&r, i, 0).then_some((p, r))
        });
        if let Some((p, r)) = mark {
            space.labels.insert(r);
            arrows[i].mark = Some(p);
        }
    }
}

/// The label at one end: beside the line just outside the box, else further along the route;
/// where the whole text finds no room, its first word (`0..200` of `0..200 (~36)`).
fn end_label(space: &Space, a: &ArrowRoute, own: usize, text: &str, start: bool) -> Option<Label> {
    end_label_as(space, a, own, text, start).or_else(|| {
        let short = text.split(' ').next().filter(|w| w.len() < text.len())?;
        end_label_as(space, a, own, short, start)
    })
}

fn end_label_as(space: &Space, a: &ArrowRoute, own: usize, text: &str, start: bool) -> Option<Label> {
    if text.is_empty() || a.points.len() < 2 {
        return None;
    }
    let (port, side) = if start { (a.points[0], a.start_side?) } else { (*a.points.last()?, a.end_side?) };
    let w = text.chars().count() as f64 * CARD_CHAR + 2.0;
    let h = CARD_H;
    let (nx, ny) = normal(side);
    let mut spots = Vec::new();
    for t in [GAP, 20.0, 37.0] {
        let p = Point { x: port.x + nx * t, y: port.y + ny * t };
        spots.extend(match side {
            Side::Top => [Rect { x: p.x + 4.0, y: p.y - h, w, h }, Rect { x: p.x - 4.0 - w, y: p.y - h, w, h }],
            Side::Bottom => [Rect { x: p.x + 4.0, y: p.y, w, h }, Rect { x: p.x - 4.0 - w, y: p.y, w, h }],
            Side::Left => [Rect { x: p.x - w, y: p.y - GAP - h, w, h }, Rect { x: p.x - w, y: p.y + GAP, w, h }],
            Side::Right => [Rect { x: p.x, y: p.y - GAP - h, w, h }, Rect { x: p.x, y: p.y + GAP, w, h }],
        });
    }
    let mut route = a.clone();
    if !start {
        route.points.reverse();
    }
    let total = length(&route.points);
    for (p, horizontal) in along(&route, false) {
        if distance_from_start(&route.points, p) > (total * 0.4).max(60.0) {
            break;
        }
        spots.extend(beside(p, horizontal, w, h));
    }
    let rect = space.first_free(&spots, own)?;
    Some(Label { rect, lines: vec![text.to_string()] })
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
