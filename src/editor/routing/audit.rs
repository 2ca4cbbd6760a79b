//! The checks that say a diagram does not lie, counted: for tests, the bench and the CLI.
//! Plain geometry over the result, independent of how the routes were found.

use super::index::{strictly_overlap, Grid};
use super::{segment_hits, Input, Routed};
use crate::editor::geometry::Rect;

/// What is wrong with a routed diagram (all zero for a good one), and what was left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Audit {
    pub arrows: usize,
    /// Segments that pass through a box that is not an end of their arrow.
    pub through_boxes: usize,
    /// Segments that pass through one of their own end boxes.
    pub through_own_ends: usize,
    pub label_box_overlaps: usize,
    pub label_label_overlaps: usize,
    /// Labels with a line through them (their own arrow's or another's): legible, but a worse
    /// spot than beside the line; placement avoids it where any other spot is free.
    pub label_line_overlaps: usize,
    /// Labels (and disagreement marks) over an arrowhead, their own arrow's or another's.
    pub label_head_overlaps: usize,
    /// Labels with text that found no free spot and were left out.
    pub hidden_labels: usize,
    /// Stretches where two arrows run on top of each other (longer than one unit).
    pub shared_stretches: usize,
    /// Arrows drawn the direct way because no way around the boxes exists.
    pub blocked: usize,
}

pub fn audit(input: &Input, routed: &Routed) -> Audit {
    let area = input.boxes.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or_default();
    let mut boxes = Grid::over(super::grow(&area, 64.0));
    for r in &input.boxes {
        boxes.insert(*r);
    }
    let mut out = Audit { arrows: routed.arrows.len(), ..Audit::default() };
    let mut labels: Vec<Rect> = Vec::new();
    let mut words: Vec<bool> = Vec::new();
    let mut segments: Vec<(usize, Rect)> = Vec::new();
    let mut heads = Grid::over(super::grow(&area, 400.0));
    for (i, (a, spec)) in routed.arrows.iter().zip(input.arrows.iter()).enumerate() {
        out.blocked += a.blocked as usize;
        if let Some(h) = super::labels::head(&a.points) {
            heads.insert(h);
        }
        for (p, q) in a.segments() {
            let seg = Rect::from_corners(p, q);
            segments.push((i, seg));
            for b in boxes.near(&seg) {
                if segment_hits(p, q, &input.boxes[b]) {
                    if b == spec.from || b == spec.to {
                        out.through_own_ends += 1;
                    } else {
                        out.through_boxes += 1;
                    }
                }
            }
        }
        let wanted = [!spec.start_label.is_empty(), !spec.end_label.is_empty(), !spec.caption.is_empty(), spec.mark];
        let got = [
            a.start_label.as_ref().map(|l| l.rect),
            a.end_label.as_ref().map(|l| l.rect),
            a.caption.as_ref().map(|l| l.rect),
            a.mark.map(|p| Rect { x: p.x - 9.0, y: p.y - 9.0, w: 18.0, h: 18.0 }),
        ];
        for (k, (want, got)) in wanted.into_iter().zip(got).enumerate() {
            match got {
                Some(r) => {
                    labels.push(r);
                    // The disagreement mark (the fourth) sits on its line by design.
                    words.push(k < 3);
                }
                None if want => out.hidden_labels += 1,
                None => {}
            }
        }
    }
    let mut placed = Grid::over(super::grow(&area, 400.0));
    for l in &labels {
        out.label_box_overlaps += boxes.near(l).into_iter().filter(|&b| strictly_overlap(&input.boxes[b], l)).count();
        out.label_label_overlaps +=
            placed.near(l).into_iter().filter(|&o| strictly_overlap(&placed.rects[o], l)).count();
        placed.insert(*l);
    }
    out.label_head_overlaps =
        labels.iter().filter(|l| heads.near(l).into_iter().any(|j| strictly_overlap(&heads.rects[j], l))).count();
    let mut drawn = Grid::over(super::grow(&area, 400.0));
    for (_, s) in &segments {
        drawn.insert(*s);
    }
    out.label_line_overlaps = labels
        .iter()
        .zip(&words)
        .filter(|(l, word)| **word && drawn.near(l).into_iter().any(|j| strictly_overlap(&drawn.rects[j], l)))
        .count();
    let mut lines = Grid::over(super::grow(&area, 400.0));
    for (i, s) in &segments {
        for j in lines.near(s) {
            let (owner, o) = segments[j];
            let collinear = (s.w == 0.0 && o.w == 0.0 && (s.x - o.x).abs() < 0.01)
                || (s.h == 0.0 && o.h == 0.0 && (s.y - o.y).abs() < 0.01);
            let overlap = (s.right().min(o.right()) - s.x.max(o.x)).max(s.bottom().min(o.bottom()) - s.y.max(o.y));
            out.shared_stretches += (owner != *i && collinear && overlap > 1.0) as usize;
        }
        lines.insert(*s);
    }
    out
}
