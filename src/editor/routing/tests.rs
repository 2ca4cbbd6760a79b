use super::*;

fn rect(x: f64, y: f64) -> Rect {
    Rect { x, y, w: 200.0, h: 100.0 }
}

fn arrow(from: usize, to: usize) -> ArrowSpec {
    ArrowSpec {
        from,
        to,
        start_label: "1".into(),
        end_label: "0..∞".into(),
        caption: vec!["reviews".into()],
        ..ArrowSpec::default()
    }
}

fn clean(input: &Input) -> (Routed, Audit) {
    let routed = route_all(input);
    let a = audit(input, &routed);
    assert_eq!((a.through_boxes, a.through_own_ends, a.blocked), (0, 0, 0), "{a:?}\n{:?}", routed.arrows);
    assert_eq!((a.label_box_overlaps, a.label_label_overlaps), (0, 0), "{a:?}");
    (routed, a)
}

fn orthogonal(r: &ArrowRoute) -> bool {
    r.segments().all(|(p, q)| (p.x - q.x).abs() < 0.01 || (p.y - q.y).abs() < 0.01)
}

#[test]
fn an_arrow_goes_around_the_box_between_its_ends() {
    // a → c with b right in the middle of the straight line.
    let input =
        Input { boxes: vec![rect(0.0, 0.0), rect(400.0, 0.0), rect(800.0, 0.0)], arrows: vec![arrow(0, 2)].into() };
    let (routed, _) = clean(&input);
    let r = &routed.arrows[0];
    assert!(orthogonal(r));
    assert!(r.points.len() > 2, "it bends around the obstacle: {:?}", r.points);
    assert_eq!(r.points[0], Point { x: 200.0, y: 50.0 }, "it leaves from the middle of a's right side");
    assert_eq!(*r.points.last().unwrap(), Point { x: 800.0, y: 50.0 });
}

#[test]
fn without_an_obstacle_the_arrow_is_straight() {
    let input = Input { boxes: vec![rect(0.0, 0.0), rect(400.0, 0.0)], arrows: vec![arrow(0, 1)].into() };
    let (routed, _) = clean(&input);
    assert_eq!(routed.arrows[0].points, vec![Point { x: 200.0, y: 50.0 }, Point { x: 400.0, y: 50.0 }]);
}

#[test]
fn parallel_relations_stay_apart() {
    let input = Input {
        boxes: vec![rect(0.0, 0.0), rect(300.0, 200.0)],
        arrows: vec![arrow(0, 1), arrow(0, 1), arrow(1, 0)].into(),
    };
    let (routed, a) = clean(&input);
    assert_eq!(a.shared_stretches, 0, "{:?}", routed.arrows);
    let starts: Vec<Point> = routed.arrows.iter().map(|r| r.points[0]).collect();
    for (i, p) in starts.iter().enumerate() {
        for q in &starts[i + 1..] {
            assert!((p.x - q.x).abs() + (p.y - q.y).abs() >= 10.0, "ports {p:?} and {q:?} too close");
        }
    }
    assert!(routed.arrows.iter().all(|r| r.caption.is_some() && r.end_label.is_some()), "every label found room");
}

#[test]
fn arrows_into_one_side_get_their_own_ports() {
    // Three parents above one child: three ports along its top, ordered like the parents.
    let boxes = vec![rect(0.0, 0.0), rect(300.0, 0.0), rect(600.0, 0.0), rect(300.0, 300.0)];
    let input = Input { boxes, arrows: vec![arrow(2, 3), arrow(0, 3), arrow(1, 3)].into() };
    let (routed, a) = clean(&input);
    let ends: Vec<f64> = routed.arrows.iter().map(|r| r.points.last().unwrap().x).collect();
    assert!(ends[1] < ends[2] && ends[2] < ends[0], "{ends:?}");
    assert!(routed.arrows.iter().all(|r| r.end_side == Some(Side::Top)));
    assert_eq!(a.shared_stretches, 0, "{:?}", routed.arrows);
}

#[test]
fn a_box_surrounded_on_all_sides_is_left_through_a_gap() {
    // The centre box (0) with eight neighbours 60 apart, and an arrow to a box far away.
    let mut boxes = vec![rect(0.0, 0.0)];
    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        boxes.push(rect(dx as f64 * 260.0, dy as f64 * 160.0));
    }
    boxes.push(rect(1200.0, 900.0));
    let input = Input { boxes, arrows: vec![arrow(0, 9)].into() };
    let (routed, _) = clean(&input);
    assert!(orthogonal(&routed.arrows[0]));
}

#[test]
fn a_box_closed_in_is_drawn_directly_and_said_so() {
    // Neighbours touching the centre box on every side: no way out exists.
    let mut boxes = vec![rect(0.0, 0.0)];
    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        boxes.push(rect(dx as f64 * 200.0, dy as f64 * 100.0));
    }
    boxes.push(rect(1200.0, 900.0));
    let input = Input { boxes, arrows: vec![arrow(0, 9)].into() };
    let routed = route_all(&input);
    assert!(routed.arrows[0].blocked);
    assert_eq!(audit(&input, &routed).blocked, 1);
}

#[test]
fn labels_never_cover_boxes_and_are_left_out_when_no_room_is_near() {
    // A long caption between two boxes 100 apart: it cannot sit beside the arrow without
    // covering a box, so it is left out (the tooltip keeps it); the mark still fits.
    let mut a = arrow(0, 1);
    a.caption = vec!["subset 5 → ultimas_resenas".into(), "copies titulo, autor".into()];
    a.mark = true;
    let input =
        Input { boxes: vec![rect(0.0, 0.0), rect(300.0, 0.0), rect(150.0, 140.0)], arrows: vec![a.clone()].into() };
    let (routed, audit) = clean(&input);
    assert!(routed.arrows[0].caption.is_none() && routed.arrows[0].mark.is_some(), "{:?}", routed.arrows[0]);
    assert_eq!(audit.hidden_labels, 1);
    // With room, it is shown, beside the line.
    let input = Input { boxes: vec![rect(0.0, 0.0), rect(560.0, 0.0), rect(130.0, 140.0)], arrows: vec![a].into() };
    let (routed, audit) = clean(&input);
    let caption = routed.arrows[0].caption.as_ref().expect("a caption");
    assert!(caption.rect.bottom() <= 50.0 || caption.rect.y >= 50.0, "beside the line, not on it: {caption:?}");
    assert_eq!(audit.hidden_labels, 0);
}

#[test]
fn rerouting_after_a_move_matches_routing_from_scratch() {
    let boxes = vec![rect(0.0, 0.0), rect(400.0, 0.0), rect(800.0, 0.0), rect(0.0, 400.0), rect(800.0, 400.0)];
    let arrows = vec![arrow(0, 2), arrow(3, 4), arrow(0, 3), arrow(1, 4)];
    let mut input = Input { boxes, arrows: arrows.into() };
    let before = route_all(&input);
    // Move b down between d and e: the arrow d → e must now go around it.
    input.boxes[1].y = 380.0;
    let again = reroute(&before, &input, &[1]);
    let fresh = route_all(&input);
    for (i, (a, b)) in again.arrows.iter().zip(&fresh.arrows).enumerate() {
        assert_eq!(a.points, b.points, "arrow {i}");
    }
    let a = audit(&input, &again);
    assert_eq!((a.label_box_overlaps, a.label_label_overlaps, a.hidden_labels), (0, 0, 0), "{a:?}");
    assert!(again.searched < input.arrows.len(), "only the touched arrows were searched ({})", again.searched);
    assert_eq!(audit(&input, &again).through_boxes, 0);
}

#[test]
fn a_copy_arrow_runs_beside_its_reference() {
    let boxes = vec![rect(0.0, 0.0), rect(400.0, 0.0), rect(800.0, 0.0)];
    let copy = ArrowSpec { from: 0, to: 2, beside: Some(0), ..ArrowSpec::default() };
    let input = Input { boxes, arrows: vec![arrow(0, 2), copy].into() };
    let (routed, a) = clean(&input);
    let (main, copy) = (&routed.arrows[0], &routed.arrows[1]);
    assert_eq!(main.points.len(), copy.points.len());
    for (p, q) in main.points.iter().zip(&copy.points) {
        let d = (p.x - q.x).abs() + (p.y - q.y).abs();
        assert!(d > 0.0 && d <= 2.0 * BESIDE + 0.01, "{p:?} {q:?}");
    }
    assert_eq!(a.shared_stretches, 0);
}

#[test]
fn the_end_label_sits_beside_the_arrowhead_not_on_it() {
    // Side by side and one above the other: the cardinality goes right at the box, clear of
    // the head the arrow ends with.
    for to in [rect(400.0, 0.0), rect(0.0, 300.0), rect(-400.0, 0.0), rect(0.0, -300.0)] {
        let input = Input { boxes: vec![rect(0.0, 0.0), to], arrows: vec![arrow(0, 1)].into() };
        let (routed, audit) = clean(&input);
        let r = &routed.arrows[0];
        let head = labels::head(&r.points).unwrap();
        let end = r.end_label.as_ref().expect("the cardinality is drawn");
        assert!(!index::strictly_overlap(&end.rect, &head), "{end:?} over the head {head:?}");
        assert_eq!(audit.label_head_overlaps, 0);
        // Still right at the box: within a label's height of the port.
        let port = *r.points.last().unwrap();
        let centre = end.rect.center();
        assert!((centre.x - port.x).abs() + (centre.y - port.y).abs() < 60.0, "{end:?} far from {port:?}");
    }
}

#[test]
fn a_growth_note_goes_on_a_second_line_where_one_line_does_not_fit() {
    // `0..∞ +0.5/day` is ~106 units wide on one line; between two boxes 100 apart it only fits
    // on two (~61 wide), with the note; 40 apart, only `0..∞` fits; 300 apart, one line.
    let label_at = |gap: f64| {
        let mut a = arrow(0, 1);
        a.end_label = "0..∞ +0.5/day".into();
        a.caption = Vec::new();
        let input = Input { boxes: vec![rect(0.0, 0.0), rect(200.0 + gap, 0.0)], arrows: vec![a].into() };
        let (routed, audit) = clean(&input);
        assert_eq!(audit.label_line_overlaps, 0, "{:?}", routed.arrows[0]);
        routed.arrows[0].end_label.clone().expect("an end label").lines
    };
    assert_eq!(label_at(300.0), ["0..∞ +0.5/day"]);
    assert_eq!(label_at(100.0), ["0..∞", "+0.5/day"]);
    assert_eq!(label_at(40.0), ["0..∞"]);
}

/// A generated model of `n` aggregates after auto layout, as the router sees it.
fn laid_out_input(n: usize) -> Input {
    let mut m = crate::model::synthetic::generate(n, 1);
    let pos = crate::editor::layout::auto_layout(&m);
    for e in &mut m.entities {
        e.position = pos[&e.id];
    }
    crate::share::arrows::model_arrows(&m, |_| true, crate::i18n::Lang::En, |_| false).input
}

#[test]
fn ports_spread_again_after_a_move_are_those_of_spreading_them_all() {
    let input = laid_out_input(60);
    let before = ports::assign(&input);
    for b in (0..input.boxes.len()).step_by(7) {
        for (dx, dy) in [(9.0, 4.0), (-300.0, 120.0), (500.0, -40.0)] {
            let mut moved = input.clone();
            moved.boxes[b].x += dx;
            moved.boxes[b].y += dy;
            assert_eq!(ports::reassign(&moved, &before, &[b]), ports::assign(&moved), "box {b} moved by ({dx}, {dy})");
        }
    }
}

#[test]
fn the_box_index_with_moved_boxes_answers_as_one_built_anew() {
    let input = laid_out_input(40);
    let at_rest = index::Boxes::new(&input.boxes);
    let mut boxes = input.boxes.clone();
    boxes[3].x += 250.0;
    boxes[3].y -= 35.0;
    boxes[11] = Rect { x: boxes[11].x + 3.0, ..boxes[11] };
    let (moved, fresh) = (at_rest.with_moved(&boxes), index::Boxes::new(&boxes));
    assert_eq!((&moved.xs, &moved.ys), (&fresh.xs, &fresh.ys), "the search grid's lines");
    let area = boxes.iter().copied().reduce(|a, b| a.union(&b)).unwrap();
    for i in 0..400 {
        let (fx, fy) = ((i % 20) as f64 / 20.0, (i / 20) as f64 / 20.0);
        let probe = Rect { x: area.x + fx * area.w, y: area.y + fy * area.h, w: 40.0, h: 30.0 };
        assert_eq!(moved.blocked(&probe, PAD), fresh.blocked(&probe, PAD), "at {probe:?}");
        let near = |b: &index::Boxes| {
            let mut v = Vec::new();
            b.any(&probe, |i, r| {
                if r.intersects(&probe) {
                    v.push(i);
                }
                false
            });
            v.sort_unstable();
            v.dedup();
            v
        };
        assert_eq!(near(&moved), near(&fresh), "near {probe:?}");
    }
}
