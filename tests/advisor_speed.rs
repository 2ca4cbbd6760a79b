//! The advisor's budget (BRIEF.md): 1,000 entities, 2,000 relations and 300 queries analysed
//! in under 5 ms natively. Run in release: `cargo test --release --test advisor_speed -- --ignored`.

use docshape::advisor::analyze;
use docshape::model::*;

fn big_model() -> Model {
    let mut m = Model::new("big");
    for i in 0..1_000 {
        let mut e = Entity::new(&format!("e{i}"), &format!("coll{i}"));
        for j in 0..8 {
            let mut f = Field::new(&format!("f{j}"), if j == 7 { BsonType::Array } else { BsonType::String });
            f.size.avg_bytes = Some(20);
            f.size.max_items = Some(50);
            e.fields.push(f);
        }
        m.entities.push(e);
    }
    let storages = [Storage::Embed, Storage::Reference, Storage::Reference, Storage::Bucket];
    for i in 0..2_000usize {
        // Parents among the first 500, children among the last 500: embedding chains stay short.
        let parent = format!("e{}", i % 500);
        let child = format!("e{}", 500 + (i * 7) % 500);
        let mut r = Relation::new(&format!("r{i}"), &parent, &child, storages[i % 4]);
        r.field = format!("kids{i}");
        r.cardinality = Cardinality {
            typical: (i % 300) as f64,
            max: if i % 3 == 0 { None } else { Some((i % 300) as u64 + 10) },
            growth_per_day: Some((i % 5) as f64),
            outliers: None,
            many_to_many: i % 11 == 0,
        };
        r.read_separately = i % 2 == 0;
        m.relations.push(r);
    }
    for i in 0..300usize {
        let mut q = AccessPattern::new(&format!("q{i}"), "q", &format!("e{}", i % 1_000));
        q.kind = if i % 4 == 0 { QueryKind::Write } else { QueryKind::Read };
        q.per_minute = (i % 50) as f64;
        q.touches = vec![format!("e{}", (i * 13) % 1_000), format!("e{}", (i * 17) % 1_000)];
        q.changes = vec![format!("e{}.f1", (i * 3) % 1_000)];
        q.filters = vec![Filter { field: "f0".into(), op: FilterOp::Equality }];
        q.uses_lookup = i % 9 == 0;
        m.queries.push(q);
    }
    m
}

/// Nanoseconds this thread has spent on a CPU (Linux), so a busy machine does not count
/// the time other processes took.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[test]
#[ignore]
fn analyze_a_large_model_within_budget() {
    let m = big_model();
    let _ = analyze(&m); // warm up
    let runs: u32 = std::env::var("RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(30);
    let mut best_wall = std::time::Duration::MAX;
    let mut best_cpu = u64::MAX;
    for _ in 0..runs {
        let cpu = thread_cpu_ns();
        let start = std::time::Instant::now();
        std::hint::black_box(analyze(std::hint::black_box(&m)));
        best_wall = best_wall.min(start.elapsed());
        if let (Some(a), Some(b)) = (cpu, thread_cpu_ns()) {
            best_cpu = best_cpu.min(b.saturating_sub(a));
        }
    }
    let findings = analyze(&m).findings.len();
    println!(
        "analyze (1,000 entities, 2,000 relations, 300 queries, {findings} findings): best wall {best_wall:?}, best on-CPU {:.2} ms",
        best_cpu as f64 / 1e6
    );
    if !cfg!(debug_assertions) {
        let measured = if best_cpu == u64::MAX { best_wall.as_nanos() as u64 } else { best_cpu };
        assert!(measured < 5_000_000, "over the 5 ms budget: {:.2} ms", measured as f64 / 1e6);
    }
}
