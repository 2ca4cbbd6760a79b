//! Automatic layout: layers by relation depth (parents above children), each layer ordered by
//! the mean position of its parents, boxes snapped to the grid. The gaps leave room for the
//! arrows (`editor::routing`): the gap under a row grows with the arrows that run along it, the
//! gap between columns with the arrows that pass rows by.

use super::geometry::{entity_rect, snap, BOX_WIDTH};
use crate::model::{Model, Point};
use std::collections::HashMap;

const H_GAP: f64 = 80.0;
/// Enough for an arrow's two end labels, its caption and a disagreement mark between rows.
const V_GAP: f64 = 120.0;
/// Room per arrow in a gap: the spacing the router pulls overlapping arrows apart by.
const EDGE_SPACING: f64 = 16.0;
/// At most this many arrows' room is added to one gap.
const MAX_LANES: usize = 8;

/// New positions for every entity (id → top-left corner).
pub fn auto_layout(model: &Model) -> HashMap<String, Point> {
    let n = model.entities.len();
    let index: HashMap<&str, usize> = model.entities.iter().enumerate().map(|(i, e)| (e.id.as_str(), i)).collect();
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); n];
    for r in &model.relations {
        if let (Some(&p), Some(&c)) = (index.get(r.parent.as_str()), index.get(r.child.as_str())) {
            if p != c {
                parents[c].push(p);
            }
        }
    }
    // Drop the edges that close a cycle (found by a depth-first walk from the sources first,
    // in model order), then depth = longest parent chain over what remains.
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (c, ps) in parents.iter().enumerate() {
        for &p in ps {
            children[p].push(c);
        }
    }
    let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 done
    let mut back: Vec<(usize, usize)> = Vec::new();
    let starts = (0..n).filter(|&i| parents[i].is_empty()).chain(0..n).collect::<Vec<_>>();
    for s in starts {
        if state[s] != 0 {
            continue;
        }
        let mut stack = vec![(s, 0usize)];
        state[s] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children[node].get(*next) {
                *next += 1;
                match state[c] {
                    0 => {
                        state[c] = 1;
                        stack.push((c, 0));
                    }
                    1 => back.push((node, c)),
                    _ => {}
                }
            } else {
                state[node] = 2;
                stack.pop();
            }
        }
    }
    for (p, c) in back {
        parents[c].retain(|&x| x != p);
    }
    let mut depth: Vec<Option<usize>> = vec![None; n];
    fn depth_of(i: usize, parents: &[Vec<usize>], depth: &mut [Option<usize>]) -> usize {
        if let Some(d) = depth[i] {
            return d;
        }
        depth[i] = Some(0); // guards against any cycle left
        let d = parents[i].iter().map(|&p| depth_of(p, parents, depth) + 1).max().unwrap_or(0);
        depth[i] = Some(d);
        d
    }
    let mut layers: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        let d = depth_of(i, &parents, &mut depth);
        if layers.len() <= d {
            layers.resize(d + 1, Vec::new());
        }
        layers[d].push(i);
    }
    // Wide layers wrap so the diagram stays roughly as wide as tall.
    let per_row = ((n as f64).sqrt().ceil() as usize).max(4);
    let mut x_of: Vec<f64> = vec![0.0; n];
    // First the row and column of every box, then the gaps from the arrows between the rows.
    let mut row_of: Vec<usize> = vec![0; n];
    let mut col_of: Vec<usize> = vec![0; n];
    let mut rows: Vec<Vec<usize>> = Vec::new();
    for layer in &mut layers {
        let order = |i: &usize| -> f64 {
            let ps = &parents[*i];
            if ps.is_empty() {
                *i as f64 * 1e-6
            } else {
                ps.iter().map(|&p| x_of[p]).sum::<f64>() / ps.len() as f64
            }
        };
        layer.sort_by(|a, b| order(a).total_cmp(&order(b)));
        for row in layer.chunks(per_row) {
            for (k, &i) in row.iter().enumerate() {
                x_of[i] = k as f64;
                row_of[i] = rows.len();
                col_of[i] = k;
            }
            rows.push(row.to_vec());
        }
    }
    // Arrows leaving a row or arriving at the next one run along the gap between them; arrows
    // that skip rows pass them in the gaps between columns.
    let mut along = vec![0usize; rows.len()];
    let mut passing = 0usize;
    for (c, ps) in parents.iter().enumerate() {
        for &p in ps {
            let (a, b) = (row_of[p].min(row_of[c]), row_of[p].max(row_of[c]));
            if a == b {
                continue;
            }
            along[a] += 1;
            if b > a + 1 {
                along[b - 1] += 1;
                passing += 1;
            }
        }
    }
    let columns = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let h_gap = H_GAP + EDGE_SPACING * (passing / columns).min(MAX_LANES) as f64;
    let mut out = HashMap::new();
    let mut y = 0.0;
    for (r, row) in rows.iter().enumerate() {
        let mut tallest: f64 = 0.0;
        for &i in row {
            let x = snap(col_of[i] as f64 * (BOX_WIDTH + h_gap));
            out.insert(model.entities[i].id.clone(), Point { x, y: snap(y) });
            tallest = tallest.max(entity_rect(&model.entities[i]).h);
        }
        let lanes = along[r].div_ceil(2).min(MAX_LANES);
        y += tallest + V_GAP.max(2.0 * super::routing::PAD + EDGE_SPACING * lanes as f64);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::geometry::entity_rect;
    use crate::model::{Entity, Relation, Storage};

    #[test]
    fn parents_sit_above_children_and_boxes_do_not_overlap() {
        let mut m = Model::new("t");
        for id in ["root", "a", "b", "leaf"] {
            m.entities.push(Entity::new(id, id));
        }
        m.relations.push(Relation::new("1", "root", "a", Storage::Embed));
        m.relations.push(Relation::new("2", "root", "b", Storage::Reference));
        m.relations.push(Relation::new("3", "a", "leaf", Storage::Embed));
        m.relations.push(Relation::new("4", "leaf", "root", Storage::Reference)); // a cycle
        let pos = auto_layout(&m);
        assert!(pos["root"].y < pos["a"].y && pos["a"].y < pos["leaf"].y);
        for e in &mut m.entities {
            e.position = pos[&e.id];
        }
        for (i, a) in m.entities.iter().enumerate() {
            for b in &m.entities[i + 1..] {
                assert!(!entity_rect(a).intersects(&entity_rect(b)), "{} overlaps {}", a.id, b.id);
            }
        }
    }
}
