//! The path of one arrow: A* (the `pathfinding` crate) over the sparse grid whose lines are the
//! boxes' edges pushed out by the clearance, plus the two ends' own lines. A step along a line
//! is allowed when it passes through no box; a turn costs as much as a long stretch, so routes
//! have few bends. When the clearance leaves no way (boxes too close), a smaller one is tried;
//! when none is left, the direct path is drawn and marked `blocked`.

use super::index::{with_value, Boxes, Tight};
use super::ports::{normal, Ends};
use super::{ArrowSpec, PAD};
use crate::editor::geometry::{Rect, Side};
use crate::model::Point;

/// What a bend costs, in tenths of a diagram unit.
const BEND: u64 = 10 * 40;

/// The route of one arrow, and whether it could not avoid the boxes.
pub fn path(boxes: &Boxes, tight: &Tight, ends: &Ends, arrow: &ArrowSpec) -> (Vec<Point>, bool) {
    let _ = arrow;
    if let Some(p) = search(boxes, ends, PAD) {
        return (p, false);
    }
    if let Some(p) = search(tight.get(), ends, Tight::PAD) {
        return (p, false);
    }
    (direct(ends), true)
}

/// The direction index of a side's outward normal: 0 right, 1 down, 2 left, 3 up.
fn dir_of(side: Side) -> u8 {
    match side {
        Side::Right => 0,
        Side::Bottom => 1,
        Side::Left => 2,
        Side::Top => 3,
    }
}

const STEP: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn search(boxes: &Boxes, ends: &Ends, stub: f64) -> Option<Vec<Point>> {
    let s = ends.start.stub(stub);
    let t = ends.end.stub(stub);
    // The stubs themselves must not run into another box.
    for (port, p) in [(ends.start.port, s), (ends.end.port, t)] {
        if boxes.blocked(&Rect::from_corners(port, p), 0.0) {
            return None;
        }
    }
    let xs = with_value(&with_value(&boxes.xs, s.x), t.x);
    let ys = with_value(&with_value(&boxes.ys, s.y), t.y);
    let find = |v: &[f64], x: f64| v.iter().position(|a| (a - x).abs() < 0.01);
    let (sx, sy, tx, ty) = (find(&xs, s.x)?, find(&ys, s.y)?, find(&xs, t.x)?, find(&ys, t.y)?);
    let start_dir = dir_of(ends.start.side);
    // Arriving at the end's stub, the path heads into the box: against its side's normal.
    let final_dir = (dir_of(ends.end.side) + 2) % 4;
    let point = |ix: usize, iy: usize| Point { x: xs[ix], y: ys[iy] };
    let tenths = |v: f64| (v * 10.0).round() as u64;
    let open = |a: Point, b: Point| !boxes.blocked(&Rect::from_corners(a, b), boxes.pad - 0.5);
    let target = point(tx, ty);
    let heuristic = |&(ix, iy, d): &(usize, usize, u8)| {
        let p = point(ix, iy);
        tenths((p.x - target.x).abs() + (p.y - target.y).abs()) + BEND * bends_needed(p, d, target, final_dir)
    };
    // At most one turn on the spot and three steps (an array, not a list made per state).
    let successors = |&(ix, iy, d): &(usize, usize, u8)| {
        let turn = ((ix, iy) == (tx, ty) && d != final_dir).then_some(((ix, iy, final_dir), BEND));
        let here = point(ix, iy);
        let step = |nd: u8| {
            if nd == (d + 2) % 4 {
                return None;
            }
            let (dx, dy) = STEP[nd as usize];
            let (nx, ny) = (ix as i64 + dx, iy as i64 + dy);
            if nx < 0 || ny < 0 || nx as usize >= xs.len() || ny as usize >= ys.len() {
                return None;
            }
            let there = point(nx as usize, ny as usize);
            if !open(here, there) {
                return None;
            }
            let cost = tenths((here.x - there.x).abs() + (here.y - there.y).abs()) + if nd == d { 0 } else { BEND };
            Some(((nx as usize, ny as usize, nd), cost))
        };
        [turn, step(0), step(1), step(2), step(3)].into_iter().flatten()
    };
    let (states, _) =
        pathfinding::directed::astar::astar(&(sx, sy, start_dir), successors, heuristic, |&(ix, iy, d)| {
            (ix, iy) == (tx, ty) && d == final_dir
        })?;
    let mut points = vec![ends.start.port];
    points.extend(states.iter().map(|&(ix, iy, _)| point(ix, iy)));
    points.push(ends.end.port);
    Some(simplify(points))
}

/// The fewest turns that can take a path at `p` heading `d` to `t`, arriving heading `fd`.
fn bends_needed(p: Point, d: u8, t: Point, fd: u8) -> u64 {
    let ahead = |dir: u8, from: Point, to: Point| -> bool {
        let (dx, dy) = STEP[dir as usize];
        let (vx, vy) = (to.x - from.x, to.y - from.y);
        let along = vx * dx as f64 + vy * dy as f64;
        let across = vx * dy as f64 - vy * dx as f64;
        along > -0.01 && across.abs() < 0.01
    };
    if d == fd {
        if ahead(d, p, t) {
            0
        } else {
            2
        }
    } else if d == (fd + 2) % 4 {
        2
    } else {
        // One turn works when the corner lies ahead on `d` and `t` ahead of it on `fd`.
        let corner = if d % 2 == 0 { Point { x: t.x, y: p.y } } else { Point { x: p.x, y: t.y } };
        if ahead(d, p, corner) && ahead(fd, corner, t) {
            1
        } else {
            3
        }
    }
}

/// The path with no repeated points and no corner between two collinear segments.
pub fn simplify(points: Vec<Point>) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::with_capacity(points.len());
    for p in points {
        if out.last().is_some_and(|q| (q.x - p.x).abs() < 0.01 && (q.y - p.y).abs() < 0.01) {
            continue;
        }
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            let collinear = ((a.x - b.x).abs() < 0.01 && (b.x - p.x).abs() < 0.01)
                || ((a.y - b.y).abs() < 0.01 && (b.y - p.y).abs() < 0.01);
            if collinear {
                out.pop();
            }
        }
        out.push(p);
    }
    out
}

/// The orthogonal path that ignores the other boxes: out of the start, one elbow, into the end.
fn direct(ends: &Ends) -> Vec<Point> {
    let s = ends.start.stub(PAD);
    let t = ends.end.stub(PAD);
    let (nx, _) = normal(ends.start.side);
    let elbow = if nx != 0.0 { Point { x: t.x, y: s.y } } else { Point { x: s.x, y: t.y } };
    simplify(vec![ends.start.port, s, elbow, t, ends.end.port])
}
