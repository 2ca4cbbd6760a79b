//! Where each arrow leaves and enters: the side of each box, from how the two boxes sit, and
//! the port along that side, spread evenly among the arrows that share it, in the order of
//! their other ends so they do not cross at the box.

use super::{ArrowSpec, Input, PAD};
use crate::editor::geometry::{Rect, Side};
use crate::model::Point;
use std::collections::HashMap;

/// One end of an arrow: the side and the point on the box's border.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct End {
    pub side: Side,
    pub port: Point,
}

impl End {
    /// The point the path starts from: the port pushed out of the box by the clearance.
    pub fn stub(&self, len: f64) -> Point {
        let (dx, dy) = normal(self.side);
        Point { x: self.port.x + dx * len, y: self.port.y + dy * len }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ends {
    pub start: End,
    pub end: End,
}

/// The outward unit vector of a side.
pub fn normal(side: Side) -> (f64, f64) {
    match side {
        Side::Left => (-1.0, 0.0),
        Side::Right => (1.0, 0.0),
        Side::Top => (0.0, -1.0),
        Side::Bottom => (0.0, 1.0),
    }
}

/// The sides two boxes connect by: facing sides across the wider gap; a box beside another
/// that overlaps it in both directions gets a loop out of the right of both.
pub fn sides(from: &Rect, to: &Rect, same_box: bool) -> (Side, Side) {
    if same_box {
        return (Side::Right, Side::Top);
    }
    let (fc, tc) = (from.center(), to.center());
    let gap_x = if tc.x >= fc.x { to.x - from.right() } else { from.x - to.right() };
    let gap_y = if tc.y >= fc.y { to.y - from.bottom() } else { from.y - to.bottom() };
    let room = PAD;
    if gap_x >= room && gap_x >= gap_y {
        if tc.x >= fc.x {
            (Side::Right, Side::Left)
        } else {
            (Side::Left, Side::Right)
        }
    } else if gap_y >= room {
        if tc.y >= fc.y {
            (Side::Bottom, Side::Top)
        } else {
            (Side::Top, Side::Bottom)
        }
    } else {
        (Side::Right, Side::Right)
    }
}

/// The sides and ports of every arrow.
pub fn assign(input: &Input) -> Vec<Ends> {
    let zero = End { side: Side::Right, port: Point::default() };
    let mut out = vec![Ends { start: zero, end: zero }; input.arrows.len()];
    spread(input, &chosen(input), |_, _| true, &mut out);
    out
}

/// The sides and ports after the boxes `moved` changed, from `prev` (those before): only the
/// sides that arrows at a moved box leave or reach, before or now, are spread again (no other
/// side gained, lost or reordered an arrow). The same as [`assign`], for the work of the moved
/// boxes' arrows.
pub fn reassign(input: &Input, prev: &[Ends], moved: &[usize]) -> Vec<Ends> {
    if prev.len() != input.arrows.len() {
        return assign(input);
    }
    let chosen = chosen(input);
    let mut is_moved = vec![false; input.boxes.len()];
    for &b in moved {
        if let Some(m) = is_moved.get_mut(b) {
            *m = true;
        }
    }
    // The sides to spread again, one bit per side of each box.
    let mut redo = vec![0u8; input.boxes.len()];
    let mut mark = |b: usize, side: Side| {
        if let Some(m) = redo.get_mut(b) {
            *m |= 1 << side as u8;
        }
    };
    for (i, a) in input.arrows.iter().enumerate().filter(|(_, a)| a.beside.is_none()) {
        if is_moved.get(a.from).copied().unwrap_or(false) || is_moved.get(a.to).copied().unwrap_or(false) {
            mark(a.from, chosen[i].0);
            mark(a.from, prev[i].start.side);
            mark(a.to, chosen[i].1);
            mark(a.to, prev[i].end.side);
        }
    }
    let mut out = prev.to_vec();
    spread(input, &chosen, |b, side| redo.get(b).is_some_and(|m| m & (1 << side as u8) != 0), &mut out);
    out
}

/// The sides each arrow's two boxes connect by.
fn chosen(input: &Input) -> Vec<(Side, Side)> {
    input
        .arrows
        .iter()
        .map(|a| match (input.boxes.get(a.from), input.boxes.get(a.to)) {
            (Some(f), Some(t)) => sides(f, t, a.from == a.to),
            _ => (Side::Right, Side::Left),
        })
        .collect()
}

/// Spreads the ports of the arrows ending on the sides `wanted` picks (box, side) along them,
/// into `out`.
fn spread(input: &Input, chosen: &[(Side, Side)], wanted: impl Fn(usize, Side) -> bool, out: &mut [Ends]) {
    // (box, side) → the arrow ends there: (sort key, arrow, is start).
    type EndsAt = Vec<(f64, usize, bool)>;
    let mut groups: HashMap<(usize, u8), EndsAt> = HashMap::new();
    for (i, a) in input.arrows.iter().enumerate().filter(|(_, a)| a.beside.is_none()) {
        let (s, e) = chosen[i];
        if wanted(a.from, s) {
            groups.entry((a.from, s as u8)).or_default().push((key(input, a, s, true), i, true));
        }
        if wanted(a.to, e) {
            groups.entry((a.to, e as u8)).or_default().push((key(input, a, e, false), i, false));
        }
    }
    for ((b, _), mut ends) in groups {
        let Some(r) = input.boxes.get(b) else { continue };
        ends.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        let k = ends.len();
        for (slot, &(_, i, is_start)) in ends.iter().enumerate() {
            let side = if is_start { chosen[i].0 } else { chosen[i].1 };
            let end = End { side, port: port(r, side, slot, k) };
            if is_start {
                out[i].start = end;
            } else {
                out[i].end = end;
            }
        }
    }
}

/// Orders the ends along a side by where the arrow goes: the other box's centre along the
/// side's axis. A loop's two ends on one box sort by which end they are.
fn key(input: &Input, a: &ArrowSpec, side: Side, is_start: bool) -> f64 {
    let other = if is_start { a.to } else { a.from };
    let Some(o) = input.boxes.get(other) else { return 0.0 };
    let c = o.center();
    match side {
        Side::Top | Side::Bottom => c.x,
        Side::Left | Side::Right => c.y,
    }
}

/// Port `slot` of `k` along a side: evenly spread, away from the corners.
fn port(r: &Rect, side: Side, slot: usize, k: usize) -> Point {
    let len = match side {
        Side::Top | Side::Bottom => r.w,
        Side::Left | Side::Right => r.h,
    };
    let margin = (len / 6.0).min(24.0);
    let t = margin + (len - 2.0 * margin) * (slot as f64 + 0.5) / k as f64;
    match side {
        Side::Left => Point { x: r.x, y: r.y + t },
        Side::Right => Point { x: r.right(), y: r.y + t },
        Side::Top => Point { x: r.x + t, y: r.y },
        Side::Bottom => Point { x: r.x + t, y: r.bottom() },
    }
}
