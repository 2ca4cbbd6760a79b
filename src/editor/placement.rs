//! Where a new, duplicated or pasted box goes: the free spot nearest a point (the view's centre
//! or the pointer), so that it lands where the user looks and covers no other box (drawDB and
//! tldraw place new shapes the same way).

use super::geometry::{entity_rect, snap, Rect, GRID};
use crate::model::{Model, Point};
use std::collections::HashSet;

/// The space kept free around a placed box, so that it does not touch its neighbours.
pub const GAP: f64 = 40.0;

/// How far from the wanted point the search looks before it gives up and goes to the right of
/// the whole diagram (diagram units).
const REACH: f64 = 4000.0;

/// The grid-snapped top-left corner nearest `at` where a `w`×`h` area overlaps no box of `m`
/// (kept `GAP` apart), ignoring the boxes in `skip` (the ones being placed).
pub fn free_spot(m: &Model, at: Point, w: f64, h: f64, skip: &HashSet<String>) -> Point {
    free_spot_in(m, at, w, h, skip, None)
}

/// As `free_spot`, preferring a spot wholly inside `view` (the part of the diagram on screen)
/// when there is one. Nearness counts in box sizes, so boxes spread evenly both ways.
pub fn free_spot_in(m: &Model, at: Point, w: f64, h: f64, skip: &HashSet<String>, view: Option<Rect>) -> Point {
    let obstacles: Vec<Rect> = m
        .entities
        .iter()
        .filter(|e| !skip.contains(&e.id))
        .map(|e| {
            let r = entity_rect(e);
            Rect { x: r.x - GAP, y: r.y - GAP, w: r.w + 2.0 * GAP, h: r.h + 2.0 * GAP }
        })
        .collect();
    let start = Point { x: snap(at.x), y: snap(at.y) };
    let free = |p: Point| {
        let area = Rect { x: p.x, y: p.y, w, h };
        !obstacles.iter().any(|o| o.intersects(&area))
    };
    let inside =
        |p: Point| view.is_none_or(|v| p.x >= v.x && p.y >= v.y && p.x + w <= v.right() && p.y + h <= v.bottom());
    if free(start) && inside(start) {
        return start;
    }
    let (sw, sh) = ((w + GAP).max(GRID), (h + GAP).max(GRID));
    let distance = |p: Point| ((p.x - start.x) / sw).powi(2) + ((p.y - start.y) / sh).powi(2);
    // Rings of grid points around the start, nearest first within each ring; the first free
    // spot in view wins, else the first free one found.
    let step = 2.0 * GRID;
    let rings = (REACH / step) as i64;
    let far_enough = view.map_or(0.0, |v| v.w.max(v.h) + w.max(h));
    let mut outside: Option<Point> = None;
    for ring in 1..=rings {
        let mut best: Option<(f64, Point)> = None;
        let mut best_outside: Option<(f64, Point)> = None;
        for (i, j) in ring_cells(ring) {
            let p = Point { x: start.x + i as f64 * step, y: start.y + j as f64 * step };
            let d = distance(p);
            if !free(p) {
                continue;
            }
            if inside(p) {
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, p));
                }
            } else if best_outside.is_none_or(|(bd, _)| d < bd) {
                best_outside = Some((d, p));
            }
        }
        if let Some((_, p)) = best {
            return p;
        }
        if outside.is_none() {
            outside = best_outside.map(|(_, p)| p);
        }
        if outside.is_some() && ring as f64 * step > far_enough {
            break;
        }
    }
    outside.unwrap_or_else(|| {
        let right = obstacles.iter().map(Rect::right).fold(start.x, f64::max);
        Point { x: snap(right), y: start.y }
    })
}

/// The cells on the square ring at distance `r` (Chebyshev) from the origin.
fn ring_cells(r: i64) -> impl Iterator<Item = (i64, i64)> {
    (-r..=r).flat_map(move |i| (-r..=r).map(move |j| (i, j))).filter(move |(i, j)| i.abs() == r || j.abs() == r)
}

/// The area the entities `ids` of `m` cover together, if any exists.
pub fn group_bounds(m: &Model, ids: &HashSet<String>) -> Option<Rect> {
    m.entities.iter().filter(|e| ids.contains(&e.id)).map(entity_rect).reduce(|a, b| a.union(&b))
}

/// Moves the entities `ids` together so that their group lands on the free spot nearest `at`
/// (its top-left corner there).
pub fn place_group(m: &mut Model, ids: &HashSet<String>, at: Point) {
    let Some(area) = group_bounds(m, ids) else { return };
    let spot = free_spot(m, at, area.w, area.h, ids);
    let (dx, dy) = (spot.x - area.x, spot.y - area.y);
    for e in m.entities.iter_mut().filter(|e| ids.contains(&e.id)) {
        e.position = Point { x: e.position.x + dx, y: e.position.y + dy };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edit::{add_entity, add_entity_in, add_placed};
    use crate::editor::geometry::overlapping_pairs;
    use crate::model::Entity;

    #[test]
    fn five_new_boxes_stay_near_the_centre_without_overlap() {
        let mut m = Model::new("t");
        let centre = Point { x: 400.0, y: 300.0 };
        // The canvas of a 1280×720 window with both panels, at zoom 1 (the old placement put
        // the fifth box 1200 units to the right, off screen).
        let view = Rect { x: centre.x - 300.0, y: centre.y - 300.0, w: 720.0, h: 640.0 };
        for _ in 0..5 {
            add_entity_in(&mut m, centre, Some(view), "collection");
        }
        assert_eq!(overlapping_pairs(&m), 0);
        for e in &m.entities {
            let r = entity_rect(e);
            assert!(
                r.x >= view.x && r.right() <= view.right() && r.y >= view.y && r.bottom() <= view.bottom(),
                "{} at {:?}",
                e.name,
                r
            );
        }
    }

    #[test]
    fn an_imported_box_lands_in_view_beside_the_one_at_the_centre() {
        let mut m = Model::new("t");
        let centre = Point { x: 400.0, y: 300.0 };
        let view = Rect { x: 0.0, y: 0.0, w: 1000.0, h: 700.0 };
        add_entity_in(&mut m, centre, Some(view), "collection");
        add_placed(&mut m, Entity::new("imported", "samples"), centre, Some(view));
        assert_eq!(overlapping_pairs(&m), 0);
        let r = entity_rect(m.entity("imported").unwrap());
        assert!(r.x >= view.x && r.right() <= view.right() && r.y >= view.y && r.bottom() <= view.bottom());
    }

    #[test]
    fn a_free_point_is_kept_and_a_taken_one_moves_to_the_nearest_free_cell() {
        let mut m = Model::new("t");
        let at = Point { x: 100.0, y: 100.0 };
        assert_eq!(free_spot(&m, at, 240.0, 80.0, &HashSet::new()), at);
        add_entity(&mut m, at);
        let p = free_spot(&m, at, 240.0, 80.0, &HashSet::new());
        let placed = Rect { x: p.x, y: p.y, w: 240.0, h: 80.0 };
        assert!(!placed.intersects(&entity_rect(&m.entities[0])));
        let d = ((p.x - at.x).powi(2) + (p.y - at.y).powi(2)).sqrt();
        assert!(d < 300.0, "nearest free spot, not far away: {d}");
    }

    #[test]
    fn a_group_keeps_its_shape_when_placed() {
        let mut m = Model::new("t");
        let a = add_entity(&mut m, Point { x: 0.0, y: 0.0 });
        let b = add_entity(&mut m, Point { x: 400.0, y: 0.0 });
        let before = m.entities[1].position.x - m.entities[0].position.x;
        let ids = HashSet::from([a, b]);
        place_group(&mut m, &ids, Point { x: 1000.0, y: 1000.0 });
        assert_eq!(m.entities[1].position.x - m.entities[0].position.x, before);
        assert_eq!(m.entities[0].position, Point { x: 1000.0, y: 1000.0 });
    }
}
