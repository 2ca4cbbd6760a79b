//! Speed of arrow routing (`editor::routing`) on generated models after auto layout: routing
//! every arrow from scratch (what a load, an edit that moves a box, and the SVG export pay),
//! and re-routing after one box moves (what each pointer move of a drag pays), at 50, 200 and
//! 500 aggregates. Figures only, no assertion: `cargo bench --bench routing`.

use docshape::editor::layout::auto_layout;
use docshape::editor::routing::{audit, reroute, route_all};
use docshape::i18n::Lang;
use docshape::model::synthetic::generate;
use docshape::share::arrows::model_arrows;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn median<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    f();
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    println!(
        "{:<10} {:>7} {:>14} {:>20} {:>10} {:>14}",
        "aggregates", "arrows", "route all", "re-route one move", "searched", "layout"
    );
    for n in [50, 200, 500] {
        let mut m = generate(n, 1);
        let mut pos = Default::default();
        let layout = median(5, || pos = auto_layout(black_box(&m)));
        for e in &mut m.entities {
            e.position = pos[&e.id];
        }
        let arrows = model_arrows(&m, |_| true, Lang::En, |_| false);
        let input = &arrows.input;
        let mut routed = route_all(input);
        let all = median(if n >= 500 { 5 } else { 11 }, || routed = route_all(black_box(input)));
        // The box with the most arrows, dragged 40 right and 30 down, one pointer move.
        let mut degree = vec![0usize; input.boxes.len()];
        for a in input.arrows.iter() {
            degree[a.from] += 1;
            degree[a.to] += 1;
        }
        let busiest = (0..degree.len()).max_by_key(|&b| degree[b]).unwrap_or(0);
        let mut moved = input.clone();
        moved.boxes[busiest].x += 40.0;
        moved.boxes[busiest].y += 30.0;
        let mut searched = 0;
        let one = median(21, || searched = reroute(black_box(&routed), &moved, &[busiest]).searched);
        println!(
            "{n:<10} {:>7} {:>14} {:>20} {:>10} {:>14}",
            input.arrows.len(),
            ms(all),
            ms(one),
            searched,
            ms(layout)
        );
        let a = audit(input, &routed);
        println!("           audit: {a:?}");
    }
}
