//! Boxes that have no place of their own get one when a model is opened. A model file written
//! without positions (`docshape infer`, the course corpus, an imported `$jsonSchema`, a model
//! written by hand) reads every box at the origin, so the boxes would open stacked on one
//! another. Those boxes are laid out by the automatic layout (`editor::layout`), which leaves
//! room for the arrows: the whole diagram when no box has a place, else the stacked boxes as one
//! group beside the rest, which keeps its layout.

use super::geometry::{Rect, GRID};
use super::layout::auto_layout;
use super::placement::{group_bounds, place_group, GAP};
use crate::model::{Model, Point};
use std::collections::{HashMap, HashSet};

/// The boxes without a place: two or more sharing one top-left corner (one box at the origin
/// is a box placed there).
pub fn stacked(m: &Model) -> HashSet<String> {
    let mut at: HashMap<(u64, u64), Vec<&str>> = HashMap::new();
    for e in &m.entities {
        at.entry((e.position.x.to_bits(), e.position.y.to_bits())).or_default().push(&e.id);
    }
    at.into_values().filter(|ids| ids.len() > 1).flatten().map(str::to_string).collect()
}

/// Gives the stacked boxes a place; returns whether any box moved.
pub fn place_stacked(m: &mut Model) -> bool {
    let ids = stacked(m);
    if ids.is_empty() {
        return false;
    }
    if ids.len() == m.entities.len() {
        lay_out(m, &ids);
        return true;
    }
    // The rest keeps its layout; the stacked boxes are laid out among themselves, then placed
    // as a group to the right of the rest, level with its top.
    let placed: HashSet<String> = m.entities.iter().filter(|e| !ids.contains(&e.id)).map(|e| e.id.clone()).collect();
    let rest = group_bounds(m, &placed).unwrap_or(Rect { x: 0.0, y: 0.0, w: 0.0, h: 0.0 });
    lay_out(m, &ids);
    place_group(m, &ids, Point { x: rest.right() + 2.0 * GAP + GRID, y: rest.y });
    true
}

/// Moves the boxes `ids` to the automatic layout of them and the relations among them.
fn lay_out(m: &mut Model, ids: &HashSet<String>) {
    let mut part = Model::new(&m.name);
    part.entities = m.entities.iter().filter(|e| ids.contains(&e.id)).cloned().collect();
    part.relations =
        m.relations.iter().filter(|r| ids.contains(&r.parent) && ids.contains(&r.child)).cloned().collect();
    let positions = auto_layout(&part);
    for e in m.entities.iter_mut() {
        if let Some(p) = positions.get(&e.id) {
            e.position = *p;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::geometry::overlapping_pairs;
    use crate::model::{Entity, Relation, Storage};

    fn model(ids: &[&str]) -> Model {
        let mut m = Model::new("t");
        for id in ids {
            m.entities.push(Entity::new(id, id));
        }
        m
    }

    #[test]
    fn a_model_without_positions_is_laid_out_parents_above_children() {
        let mut m = model(&["shop", "orders", "lines", "customers"]);
        m.relations.push(Relation::new("1", "shop", "orders", Storage::Reference));
        m.relations.push(Relation::new("2", "orders", "lines", Storage::Embed));
        m.relations.push(Relation::new("3", "customers", "orders", Storage::Reference));
        assert_eq!(stacked(&m).len(), 4);
        assert!(place_stacked(&mut m));
        assert_eq!(overlapping_pairs(&m), 0);
        assert!(stacked(&m).is_empty());
        let y = |id: &str| m.entity(id).unwrap().position.y;
        assert!(y("shop") < y("orders") && y("orders") < y("lines"));
    }

    #[test]
    fn placed_boxes_stay_and_stacked_ones_go_beside_them() {
        let mut m = model(&["a", "b", "new1", "new2"]);
        m.entities[0].position = Point { x: 0.0, y: 0.0 };
        m.entities[1].position = Point { x: 400.0, y: 200.0 };
        m.entities[2].position = Point { x: 400.0, y: 200.0 }; // imported over `b`
        m.entities[3].position = Point { x: 400.0, y: 200.0 };
        let before_a = m.entities[0].position;
        assert_eq!(stacked(&m), HashSet::from(["b".to_string(), "new1".to_string(), "new2".to_string()]));
        assert!(place_stacked(&mut m));
        assert_eq!(m.entities[0].position, before_a, "a box with a place of its own keeps it");
        assert_eq!(overlapping_pairs(&m), 0);
        assert!(stacked(&m).is_empty());
    }

    #[test]
    fn a_laid_out_model_and_a_single_box_at_the_origin_are_left_alone() {
        let mut m = model(&["only"]);
        assert!(!place_stacked(&mut m));
        let mut m = model(&["a", "b"]);
        m.entities[1].position = Point { x: 320.0, y: 0.0 };
        let before = m.clone();
        assert!(!place_stacked(&mut m));
        assert_eq!(m, before);
    }
}
