//! Pulling overlapping arrows apart. The search runs every arrow on the same few grid lines, so
//! two arrows often share a stretch of one line and would read as one. Here the stretches that
//! overlap on a line are spread a few units apart within the free band around it (never into a
//! box), ordered by where each arrow turns next so they cross as little as possible. The
//! segments at the ends stay on their ports; the ones next to them just get longer or shorter.

use super::index::{Boxes, Grid};
use super::{ArrowRoute, PAD};
use crate::editor::geometry::Rect;
use std::collections::HashMap;
use std::sync::Arc;

/// The distance between arrows pulled apart (room for a reference and the copy arrow beside it
/// next to another such pair), and the least when the band is narrow.
const SPACING: f64 = 16.0;
const MIN_SPACING: f64 = 8.0;
/// How close a pulled segment may come to a box.
const CLEARANCE: f64 = PAD - 4.0;
/// How far a segment may move.
const REACH: f64 = 48.0;

/// One straight piece of an arrow along the axis being nudged.
#[derive(Clone, Copy)]
struct Seg {
    arrow: usize,
    /// Index of its first point in the arrow's points.
    k: usize,
    at: f64,
    lo: f64,
    hi: f64,
    movable: bool,
}

/// Pulls apart the arrows `moving` marks (every arrow when `None`); the others stay where they
/// are and the moving ones find room beside them (a drag re-routes only what it touches).
pub fn separate(arrows: &mut [Arc<ArrowRoute>], boxes: &Boxes, moving: Option<&[bool]>) {
    let is_moving = |a: usize| moving.is_none_or(|m| m.get(a).copied().unwrap_or(false));
    // Only the segments near a moving arrow's segments can be in its way: the others are left
    // out. (Near its whole rectangle would take in most of the diagram for a long arrow.)
    let all: &[Arc<ArrowRoute>] = arrows;
    let near = moving.map(|_| {
        let around: Vec<Rect> = (0..all.len())
            .filter(|&a| is_moving(a))
            .flat_map(|a| all[a].segments().map(|(p, q)| Rect::from_corners(p, q)))
            .map(|s| super::grow(&s, REACH + CLEARANCE + SPACING))
            .collect();
        let mut grid = Grid::over(around.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or_default());
        for r in around {
            grid.insert(r);
        }
        grid
    });
    // An arrow whose whole path is far from every moving one is skipped at once.
    let close: Vec<bool> = match &near {
        None => vec![true; arrows.len()],
        Some(g) => arrows
            .iter()
            .enumerate()
            .map(|(a, r)| {
                let b = path_bounds(r);
                is_moving(a) || g.any(&b, |_, n| touches(n, &b))
            })
            .collect(),
    };
    let seen = |a: usize, seg: &Rect| {
        is_moving(a) || (close[a] && near.as_ref().is_none_or(|g| g.any(seg, |_, r| touches(r, seg))))
    };
    for horizontal in [true, false] {
        retract(arrows, boxes, horizontal, &is_moving, &seen);
    }
    pass(arrows, boxes, true, &is_moving, &seen);
    pass(arrows, boxes, false, &is_moving, &seen);
}

/// The rectangle around an arrow's path.
fn path_bounds(r: &ArrowRoute) -> Rect {
    r.points
        .iter()
        .skip(1)
        .fold(r.points.first().map(|p| Rect { x: p.x, y: p.y, w: 0.0, h: 0.0 }).unwrap_or_default(), |b, p| {
            b.union(&Rect { x: p.x, y: p.y, w: 0.0, h: 0.0 })
        })
}

/// Whether two rectangles meet, edges included (a segment is a zero-width rectangle).
fn touches(a: &Rect, b: &Rect) -> bool {
    a.x <= b.right() && b.x <= a.right() && a.y <= b.bottom() && b.y <= a.bottom()
}

/// Two end segments of different arrows on one line that overlap or meet read as one arrow
/// running from one box to the other. Neither can move (they sit on their ports), so one of
/// them is shortened: the segment after it (across the line) moves back past the other's end.
fn retract(
    arrows: &mut [Arc<ArrowRoute>],
    boxes: &Boxes,
    horizontal: bool,
    moving: &impl Fn(usize) -> bool,
    seen: &impl Fn(usize, &Rect) -> bool,
) {
    let mut ends: Vec<Seg> = Vec::new();
    for (a, r) in arrows.iter().enumerate() {
        let n = r.points.len();
        if n < 4 || r.blocked {
            continue;
        }
        for k in [0, n - 2] {
            let (p, q) = (r.points[k], r.points[k + 1]);
            let (c0, c1, a0, a1) = if horizontal { (p.y, q.y, p.x, q.x) } else { (p.x, q.x, p.y, q.y) };
            if (c0 - c1).abs() < 0.01 && seen(a, &Rect::from_corners(p, q)) {
                ends.push(Seg { arrow: a, k, at: c0, lo: a0.min(a1), hi: a0.max(a1), movable: false });
            }
        }
    }
    let mut on_line: HashMap<i64, Vec<usize>> = HashMap::new();
    for (i, e) in ends.iter().enumerate() {
        on_line.entry(key(e.at)).or_default().push(i);
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for group in on_line.values().filter(|g| g.len() > 1) {
        // Only a moving end is ever shortened: pairs starting at a still one are skipped below.
        for &i in group.iter().filter(|&&i| moving(ends[i].arrow)) {
            pairs.extend(group.iter().filter(|&&j| j != i).map(|&j| (i, j)));
        }
    }
    pairs.sort_unstable();
    for (i, j) in pairs {
        {
            let (s, o) = (ends[i], ends[j]);
            if s.arrow == o.arrow || !moving(s.arrow) || s.lo > o.hi + 1.0 || s.hi < o.lo - 1.0 {
                continue;
            }
            // Shorten `s` at its free end (the corner away from its port) to clear `o`.
            let r = &arrows[s.arrow];
            let n = r.points.len();
            let (corner, next) = if s.k == 0 { (1, 1) } else { (n - 2, n - 3) };
            let along = |p: &crate::model::Point| if horizontal { p.x } else { p.y };
            let port = along(&r.points[if s.k == 0 { 0 } else { n - 1 }]);
            let free = along(&r.points[corner]);
            let to = if free > port { o.lo - SPACING } else { o.hi + SPACING };
            if (to - port).abs() < CLEARANCE || (to > port) != (free > port) {
                continue;
            }
            // The segment across the line moves to `to`, within its own free band.
            let (p, q) = (r.points[next], r.points[next + 1]);
            let (lo, hi) = if horizontal { (p.y.min(q.y), p.y.max(q.y)) } else { (p.x.min(q.x), p.x.max(q.x)) };
            let Some((b_lo, b_hi)) = band(boxes, !horizontal, free, lo, hi) else { continue };
            if to < b_lo || to > b_hi {
                continue;
            }
            let r = Arc::make_mut(&mut arrows[s.arrow]);
            for idx in [next, next + 1] {
                if horizontal {
                    r.points[idx].x = to;
                } else {
                    r.points[idx].y = to;
                }
            }
            let (a0, a1) = (port, to);
            ends[i].lo = a0.min(a1);
            ends[i].hi = a0.max(a1);
        }
    }
}

fn key(v: f64) -> i64 {
    (v * 100.0).round() as i64
}

/// One axis: `horizontal` moves horizontal segments up and down.
fn pass(
    arrows: &mut [Arc<ArrowRoute>],
    boxes: &Boxes,
    horizontal: bool,
    moving: &impl Fn(usize) -> bool,
    seen: &impl Fn(usize, &Rect) -> bool,
) {
    // (along the line, across it)
    let coords = |p: &crate::model::Point| if horizontal { (p.x, p.y) } else { (p.y, p.x) };
    let mut lines: HashMap<i64, Vec<Seg>> = HashMap::new();
    for (a, r) in arrows.iter().enumerate() {
        let n = r.points.len();
        for k in 0..n.saturating_sub(1) {
            let ((a0, c0), (a1, c1)) = (coords(&r.points[k]), coords(&r.points[k + 1]));
            if (c0 - c1).abs() > 0.01 || !seen(a, &Rect::from_corners(r.points[k], r.points[k + 1])) {
                continue;
            }
            let movable = k >= 1 && k + 2 < n && !r.blocked && moving(a);
            lines.entry(key(c0)).or_default().push(Seg {
                arrow: a,
                k,
                at: c0,
                lo: a0.min(a1),
                hi: a0.max(a1),
                movable,
            });
        }
    }
    let mut order: Vec<i64> = lines.keys().copied().collect();
    order.sort_unstable();
    for line in order {
        let mut segs = lines.get(&line).cloned().unwrap_or_default();
        segs.sort_by(|a, b| a.lo.total_cmp(&b.lo));
        let mut start = 0;
        while start < segs.len() {
            let mut end = start + 1;
            let mut reach = segs[start].hi;
            while end < segs.len() && segs[end].lo <= reach + 1.0 {
                reach = reach.max(segs[end].hi);
                end += 1;
            }
            let cluster = &segs[start..end];
            let distinct = cluster.iter().any(|s| s.arrow != cluster[0].arrow);
            if distinct && cluster.iter().any(|s| s.movable) {
                spread(arrows, boxes, horizontal, cluster, &mut lines);
            }
            start = end;
        }
    }
}

/// Spreads the movable segments of one cluster over free lines near it.
fn spread(
    arrows: &mut [Arc<ArrowRoute>],
    boxes: &Boxes,
    horizontal: bool,
    cluster: &[Seg],
    lines: &mut HashMap<i64, Vec<Seg>>,
) {
    let at = cluster[0].at;
    let lo = cluster.iter().map(|s| s.lo).fold(f64::INFINITY, f64::min);
    let hi = cluster.iter().map(|s| s.hi).fold(f64::NEG_INFINITY, f64::max);
    let Some((band_lo, band_hi)) = band(boxes, horizontal, at, lo, hi) else { return };
    let mut movers: Vec<(i32, usize, Seg)> =
        cluster.iter().filter(|s| s.movable).map(|s| (turns(&arrows[s.arrow], s, horizontal), s.arrow, *s)).collect();
    movers.sort_by_key(|m| (m.0, m.1));
    let keeps_line = cluster.iter().any(|s| !s.movable);
    let mut slots = Vec::new();
    for spacing in [SPACING, MIN_SPACING] {
        slots = free_slots(lines, at, lo, hi, (band_lo, band_hi), spacing, keeps_line, movers.len(), cluster);
        if slots.len() == movers.len() {
            break;
        }
    }
    if slots.len() < movers.len() {
        return;
    }
    slots.sort_by(f64::total_cmp);
    for ((_, _, s), to) in movers.iter().zip(slots) {
        let r = Arc::make_mut(&mut arrows[s.arrow]);
        for p in [s.k, s.k + 1] {
            if horizontal {
                r.points[p].y = to;
            } else {
                r.points[p].x = to;
            }
        }
        if let Some(v) = lines.get_mut(&key(s.at)) {
            v.retain(|o| !(o.arrow == s.arrow && o.k == s.k));
        }
        lines.entry(key(to)).or_default().push(Seg { at: to, movable: false, ..*s });
    }
}

/// The free band around line `at` over `lo..hi`: as far as the nearest box on either side
/// allows (minus the clearance), at most `REACH` away. `None` when a box sits on the line.
fn band(boxes: &Boxes, horizontal: bool, at: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    let area = if horizontal {
        Rect { x: lo - 1.0, y: at - REACH - CLEARANCE, w: hi - lo + 2.0, h: 2.0 * (REACH + CLEARANCE) }
    } else {
        Rect { x: at - REACH - CLEARANCE, y: lo - 1.0, w: 2.0 * (REACH + CLEARANCE), h: hi - lo + 2.0 }
    };
    let (mut b_lo, mut b_hi) = (at - REACH, at + REACH);
    let mut broken = false;
    boxes.any(&area, |_, r| {
        if !r.intersects(&area) {
            return false;
        }
        let (near, far) = if horizontal { (r.y, r.bottom()) } else { (r.x, r.right()) };
        if far <= at {
            b_lo = b_lo.max(far + CLEARANCE);
        } else if near >= at {
            b_hi = b_hi.min(near - CLEARANCE);
        } else {
            broken = true;
        }
        broken
    });
    (!broken).then_some((b_lo.min(at), b_hi.max(at)))
}

/// Lines near `at`, nearest first, inside the band and free of other segments over `lo..hi`.
#[allow(clippy::too_many_arguments)]
fn free_slots(
    lines: &HashMap<i64, Vec<Seg>>,
    at: f64,
    lo: f64,
    hi: f64,
    (b_lo, b_hi): (f64, f64),
    spacing: f64,
    keeps_line: bool,
    want: usize,
    cluster: &[Seg],
) -> Vec<f64> {
    let mut out = Vec::with_capacity(want);
    let mut j: i32 = 0;
    while out.len() < want && j.unsigned_abs() as f64 * spacing <= REACH {
        let c = at + j as f64 * spacing;
        j = if j <= 0 { -j + 1 } else { -j };
        if c < b_lo - 0.01 || c > b_hi + 0.01 || (keeps_line && (c - at).abs() < 0.01) {
            continue;
        }
        let taken = (c - at).abs() > 0.01
            && lines.get(&key(c)).is_some_and(|v| {
                v.iter().any(|o| {
                    o.lo <= hi + 1.0 && o.hi >= lo - 1.0 && !cluster.iter().any(|s| s.arrow == o.arrow && s.k == o.k)
                })
            });
        if !taken {
            out.push(c);
        }
    }
    out
}

/// Which way the arrow turns at both ends of the segment: -2 (both toward smaller
/// coordinates) to 2; sorting by it keeps arrows that leave the same way on the same side.
fn turns(r: &ArrowRoute, s: &Seg, horizontal: bool) -> i32 {
    let across = |i: usize| if horizontal { r.points[i].y } else { r.points[i].x };
    let sign = |v: f64| {
        if v < -0.01 {
            -1
        } else if v > 0.01 {
            1
        } else {
            0
        }
    };
    sign(across(s.k - 1) - s.at) + sign(across(s.k + 2) - s.at)
}
