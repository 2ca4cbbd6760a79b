//! How the compare view marks an arrow, as plain geometry: the outline of each mark (its shape
//! tells added, removed and changed apart without colour) and the spot along an arrow where the
//! mark covers none of its labels.

use super::geometry::Rect;
use super::routing::ArrowRoute;
use crate::model::Point;

/// The outline of a mark, centred on 0 (a 28-unit box): a circle for added, a square for
/// removed, a diamond for changed, so the shape alone tells them apart.
pub fn shape(mark: char) -> &'static str {
    match mark {
        '+' => "M0 -12A12 12 0 1 1 0 12A12 12 0 1 1 0 -12Z",
        '-' => "M-11 -11H11V11H-11Z",
        _ => "M0 -13.5L13.5 0L0 13.5L-13.5 0Z",
    }
}

/// The point `t` (0 to 1) of the way along a path.
fn along(points: &[Point], t: f64) -> Option<(f64, f64)> {
    let length: f64 = points.windows(2).map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y)).sum();
    let mut left = length * t;
    for w in points.windows(2) {
        let step = (w[1].x - w[0].x).hypot(w[1].y - w[0].y);
        if step >= left && step > 0.0 {
            let k = left / step;
            return Some((w[0].x + (w[1].x - w[0].x) * k, w[0].y + (w[1].y - w[0].y) * k));
        }
        left -= step;
    }
    points.first().map(|p| (p.x, p.y))
}

/// Where an arrow's mark goes: the first of halfway, then points nearer either end, where the
/// mark covers none of the arrow's labels; on an arrow too short for that, beside its middle
/// (above or below, left or right of the line); halfway when nothing is free.
pub fn mark_spot(route: &ArrowRoute) -> Option<(f64, f64)> {
    const HALF: f64 = 15.0;
    let labels: Vec<&Rect> =
        [&route.start_label, &route.end_label, &route.caption].into_iter().flatten().map(|l| &l.rect).collect();
    let free = |(x, y): (f64, f64)| {
        labels.iter().all(|r| x + HALF < r.x || x - HALF > r.x + r.w || y + HALF < r.y || y - HALF > r.y + r.h)
    };
    [0.5, 0.38, 0.62, 0.28, 0.72, 0.2, 0.8]
        .into_iter()
        .filter_map(|t| along(&route.points, t))
        .find(|&p| free(p))
        .or_else(|| {
            let (x, y) = along(&route.points, 0.5)?;
            [HALF + 4.0, HALF + 12.0, HALF + 20.0]
                .into_iter()
                .flat_map(|d| [(x, y - d), (x, y + d), (x - d, y), (x + d, y)])
                .find(|&p| free(p))
        })
        .or_else(|| along(&route.points, 0.5))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::routing::Label;

    fn route(points: &[(f64, f64)], labels: &[Rect]) -> ArrowRoute {
        let label = |i: usize| labels.get(i).map(|r| Label { rect: *r, lines: vec!["x".into()] });
        ArrowRoute {
            points: points.iter().map(|&(x, y)| Point { x, y }).collect(),
            start_label: label(0),
            end_label: label(1),
            caption: label(2),
            ..ArrowRoute::default()
        }
    }

    #[test]
    fn the_mark_goes_halfway_when_nothing_is_there() {
        let r = route(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)], &[]);
        assert_eq!(mark_spot(&r), Some((100.0, 0.0)));
    }

    #[test]
    fn the_mark_moves_off_a_caption_and_stays_on_the_arrow() {
        let caption = Rect { x: 80.0, y: 5.0, w: 40.0, h: 14.0 };
        let r = route(
            &[(0.0, 0.0), (200.0, 0.0)],
            &[Rect { x: -10.0, y: 5.0, w: 10.0, h: 10.0 }, Rect { x: 190.0, y: 5.0, w: 10.0, h: 10.0 }, caption],
        );
        let (x, y) = mark_spot(&r).expect("a spot");
        assert_eq!(y, 0.0);
        assert!(x + 15.0 < caption.x || x - 15.0 > caption.x + caption.w, "{x} is on the caption");
    }

    #[test]
    fn a_short_arrow_with_labels_along_it_gets_the_mark_beside_its_middle() {
        let below = Rect { x: -20.0, y: 2.0, w: 100.0, h: 14.0 };
        let r = route(&[(0.0, 0.0), (60.0, 0.0)], &[below]);
        assert_eq!(mark_spot(&r), Some((30.0, -19.0)));
    }

    #[test]
    fn a_crowded_arrow_keeps_the_middle_and_an_empty_one_has_no_spot() {
        let everywhere = Rect { x: -50.0, y: -50.0, w: 300.0, h: 100.0 };
        let r = route(&[(0.0, 0.0), (40.0, 0.0)], &[everywhere]);
        assert_eq!(mark_spot(&r), Some((20.0, 0.0)));
        assert_eq!(mark_spot(&route(&[], &[])), None);
    }

    #[test]
    fn every_mark_has_its_own_shape() {
        let shapes = [shape('+'), shape('-'), shape('~')];
        assert!(shapes[0] != shapes[1] && shapes[1] != shapes[2] && shapes[0] != shapes[2]);
    }
}
