//! Arrows never lie: every gallery template (as shipped and after auto layout) and generated
//! models of 50, 200 and 500 aggregates after auto layout are routed the way the canvas and the
//! SVG route them, then checked: no segment through a box that is not an end of its arrow (nor
//! through its own ends), no label over a box, no label over another label. The counts are
//! printed (`cargo test --test routing_audit -- --nocapture`), with the labels left out for want
//! of room and the stretches two arrows share.

use docshape::advisor::analyze;
use docshape::editor::layout::auto_layout;
use docshape::editor::routing::{audit, reroute, Audit};
use docshape::i18n::Lang;
use docshape::model::{load, synthetic::generate, Model};
use docshape::share::arrows::{model_arrows, route_model};
use docshape::templates::TEMPLATES;

fn laid_out(mut m: Model) -> Model {
    let pos = auto_layout(&m);
    for e in &mut m.entities {
        e.position = pos[&e.id];
    }
    m
}

fn check(name: &str, m: &Model) -> Audit {
    let report = analyze(m);
    let disagrees = |r: &docshape::model::Relation| report.relation(&r.id).is_some_and(|a| !a.agrees);
    let arrows = model_arrows(m, |_| true, Lang::Es, disagrees);
    let routed = route_model(&arrows);
    let a = audit(&arrows.input, &routed);
    println!(
        "{name:<32} boxes {:>3} arrows {:>4}: through boxes {}, through own ends {}, label/box {}, label/label {}, hidden labels {}, shared stretches {}, blocked {}",
        m.entities.len(),
        a.arrows,
        a.through_boxes,
        a.through_own_ends,
        a.label_box_overlaps,
        a.label_label_overlaps,
        a.hidden_labels,
        a.shared_stretches,
        a.blocked
    );
    a
}

fn assert_clean(name: &str, a: &Audit) {
    assert_eq!(a.through_boxes, 0, "{name}: segments through a box that is not an end");
    assert_eq!(a.through_own_ends, 0, "{name}: segments through an end box");
    assert_eq!(a.label_box_overlaps, 0, "{name}: labels over boxes");
    assert_eq!(a.label_label_overlaps, 0, "{name}: labels over labels");
    assert_eq!(a.blocked, 0, "{name}: arrows with no way around");
}

#[test]
fn every_template_after_auto_layout_is_drawn_truthfully() {
    for t in TEMPLATES {
        let m = laid_out(load(t.json()).unwrap());
        let a = check(&format!("{} (auto layout)", t.id), &m);
        assert_clean(t.id, &a);
    }
}

#[test]
fn every_template_as_shipped_is_drawn_truthfully() {
    for t in TEMPLATES {
        let m = load(t.json()).unwrap();
        let a = check(t.id, &m);
        assert_clean(t.id, &a);
    }
}

#[test]
fn generated_models_after_auto_layout_are_drawn_truthfully() {
    for n in [50, 200, 500] {
        let m = laid_out(generate(n, 1));
        let a = check(&format!("generated {n}"), &m);
        assert_clean(&format!("generated {n}"), &a);
        assert!(a.arrows >= 2 * n, "every relation is drawn");
    }
}

#[test]
fn a_drag_move_rerouted_in_part_is_still_truthful() {
    for n in [50, 200, 500] {
        let m = laid_out(generate(n, 1));
        let arrows = model_arrows(&m, |_| true, Lang::En, |_| false);
        let before = route_model(&arrows);
        // Five boxes in turn moved 130 right and 70 down, as a drag would, each from the
        // routes at rest.
        for b in (0..arrows.input.boxes.len()).step_by((n / 5).max(1)) {
            let mut input = arrows.input.clone();
            input.boxes[b].x += 130.0;
            input.boxes[b].y += 70.0;
            let moved = reroute(&before, &input, &[b]);
            let a = audit(&input, &moved);
            // A box dropped onto another may leave an arrow no way around: the audit says so.
            let name = format!("generated {n}, box {b} moved");
            assert_eq!(a.through_boxes, a.blocked.min(a.through_boxes), "{name}: {a:?}");
            assert_eq!((a.label_box_overlaps, a.label_label_overlaps), (0, 0), "{name}: {a:?}");
        }
    }
}
