//! Property-style test: the advisor never panics, whatever the model says. Thousands of
//! pseudo-random models with odd values (NaN, infinities, zero, huge numbers, dangling ids,
//! embedding cycles, empty and forbidden names) go through `analyze`, and the report must
//! serialize and keep one recommendation per relation.

use docshape::advisor::analyze;
use docshape::model::*;

/// SplitMix64: tiny, deterministic, good enough to spread test cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    fn float(&mut self) -> f64 {
        *self.pick(&[
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -1.0,
            0.0,
            0.001,
            0.5,
            1.0,
            3.0,
            8.0,
            50.0,
            150.0,
            1_000.0,
            5_000.0,
            1e6,
            1e12,
            1e308,
            f64::MAX,
            f64::MIN_POSITIVE,
        ])
    }
    fn big(&mut self) -> u64 {
        *self.pick(&[0, 1, 2, 5, 8, 25, 100, 200, 500, 1_000, 10_000, 1 << 40, u64::MAX])
    }
    fn opt_big(&mut self) -> Option<u64> {
        if self.chance(30) {
            None
        } else {
            Some(self.big())
        }
    }
    fn name(&mut self) -> String {
        self.pick(&["", "a", "títulos", "$where", "a.b", "x\0y", "_id", "system.x", "🙂", "eventos", "total"])
            .to_string()
    }
}

fn field(rng: &mut Rng, depth: u32) -> Field {
    let t = *rng.pick(&BsonType::ALL);
    let mut f = Field::new(&rng.name(), t);
    f.items = if rng.chance(50) { Some(*rng.pick(&BsonType::ALL)) } else { None };
    f.required = rng.chance(50);
    f.size = SizeHint { avg_bytes: rng.opt_big(), avg_items: rng.opt_big(), max_items: rng.opt_big() };
    f.constraints.max_items = rng.opt_big();
    f.constraints.minimum = rng.chance(30).then(|| rng.float());
    f.constraints.maximum = rng.chance(30).then(|| rng.float());
    if depth < 3 && matches!(t, BsonType::Object | BsonType::Array) {
        for _ in 0..rng.below(4) {
            f.fields.push(field(rng, depth + 1));
        }
    }
    f
}

fn model(rng: &mut Rng) -> Model {
    let mut m = Model::new(&rng.name());
    if rng.chance(30) {
        let t = &mut m.thresholds;
        t.few_max = rng.big();
        t.many_max = rng.big();
        t.array_warn = rng.big();
        t.doc_limit_bytes = rng.big();
        t.doc_target_bytes = rng.big();
        t.horizon_days = rng.big();
        t.outlier_share = rng.float();
        t.lookup_share = rng.float();
        t.tiny_doc_bytes = rng.big();
    }
    let n = rng.below(10) as usize;
    for i in 0..n {
        let mut e = Entity::new(&format!("e{i}"), &rng.name());
        e.kind = *rng.pick(&[EntityKind::Document, EntityKind::Document, EntityKind::Value, EntityKind::External]);
        e.value_type = rng.chance(50).then(|| *rng.pick(&BsonType::ALL));
        for _ in 0..rng.below(6) {
            e.fields.push(field(rng, 0));
        }
        if rng.chance(30) {
            e.collection.schema_version_field = Some(rng.name());
            e.collection.discriminator = Some(rng.name());
            e.collection.variants.push(Variant { value: rng.name(), fields: vec![], share: Some(rng.float()) });
        }
        m.entities.push(e);
    }
    let mut ids: Vec<String> = m.entities.iter().map(|e| e.id.clone()).collect();
    ids.extend(["ghost".to_string(), String::new()]);
    for i in 0..rng.below(16) {
        let storage = *rng.pick(&[Storage::Embed, Storage::Reference, Storage::Bucket, Storage::Outside]);
        let parent = rng.pick(&ids).clone();
        let child = if rng.chance(10) { parent.clone() } else { rng.pick(&ids).clone() };
        let mut r = Relation::new(&format!("r{i}"), &parent, &child, storage);
        r.field = rng.name();
        r.cardinality = Cardinality {
            typical: rng.float(),
            max: rng.opt_big(),
            growth_per_day: rng.chance(50).then(|| rng.float()),
            outliers: rng.chance(30).then(|| Outliers { share: rng.float(), max: rng.big() }),
            p99: None,
            many_to_many: rng.chance(20),
        };
        // A stated tail on every third relation, drawn without the generator so the models
        // it makes stay the ones it always made.
        r.cardinality.p99 = r.cardinality.max.filter(|_| i % 3 == 0).map(|m| m / 3);
        r.read_separately = rng.chance(40);
        r.child_changes =
            *rng.pick(&[Volatility::Never, Volatility::Rarely, Volatility::Often, Volatility::Constantly]);
        r.child_bytes = rng.opt_big();
        r.atomic_with_parent = rng.chance(30);
        r.reference.parent_field = rng.chance(20).then(|| rng.name());
        for _ in 0..rng.below(3) {
            r.extended.push(CopiedField {
                field: rng.name(),
                as_field: rng.chance(30).then(|| rng.name()),
                category: *rng.pick(&[
                    None,
                    Some(CopyCategory::Immutable),
                    Some(CopyCategory::Historical),
                    Some(CopyCategory::Live),
                ]),
                propagation: rng
                    .chance(50)
                    .then(|| *rng.pick(&[Propagation::Immediate, Propagation::Deferred, Propagation::Reread])),
                used_to_decide: rng.chance(30),
            });
        }
        if rng.chance(30) {
            let size = *rng.pick(&[0, 1, 5, u32::MAX]);
            let order_by = rng.pick(&["", ":", "fecha:-1", "x:1:2", "votos"]).to_string();
            r.subset = Some(Subset {
                field: rng.name(),
                size,
                order_by,
                count_field: rng.chance(50).then(|| rng.name()),
                fields: vec![],
            });
        }
        if rng.chance(30) {
            r.computed.push(Computed {
                field: rng.name(),
                op: rng.pick(&["avg", "sum", "", "?"]).to_string(),
                source: rng.name(),
            });
        }
        if rng.chance(30) {
            r.bucket = Some(BucketSpec {
                array_field: rng.name(),
                period: rng.name(),
                cap: rng.big(),
                count_field: rng.chance(50).then(|| rng.name()),
                period_field: rng.chance(50).then(|| rng.name()),
                ttl_seconds: rng.opt_big(),
                id_scheme: rng.name(),
            });
        }
        if rng.chance(20) {
            r.outlier = Some(OutlierSpec { flag_field: rng.name(), overflow_collection: rng.name() });
        }
        m.relations.push(r);
    }
    for i in 0..rng.below(10) {
        let start: String = rng.pick(&ids).clone();
        let mut q = AccessPattern::new(&format!("q{i}"), &rng.name(), &start);
        q.kind = *rng.pick(&[QueryKind::Read, QueryKind::Write, QueryKind::Analytical]);
        q.per_minute = rng.float();
        for _ in 0..rng.below(4) {
            q.touches.push(rng.pick(&ids).clone());
        }
        for _ in 0..rng.below(3) {
            let head = rng.pick(&ids).clone();
            q.changes.push(if rng.chance(50) { format!("{head}.{}", rng.name()) } else { rng.name() });
            q.filters.push(Filter::new(&rng.name(), FilterOp::Equality));
        }
        q.page_size = rng.chance(30).then(|| *rng.pick(&[0, 3, u32::MAX]));
        q.uses_lookup = rng.chance(40);
        q.consistency = if rng.chance(30) { rng.name() } else { String::new() };
        m.queries.push(q);
    }
    if rng.chance(20) && m.entities.len() >= 2 {
        // A guaranteed embedding cycle.
        let (a, b) = (m.entities[0].id.clone(), m.entities[1].id.clone());
        m.relations.push(Relation::new("cycle-1", &a, &b, Storage::Embed));
        m.relations.push(Relation::new("cycle-2", &b, &a, Storage::Embed));
    }
    m
}

#[test]
fn analyze_never_panics_on_odd_models() {
    let mut rng = Rng(0x00D0_C5A9_E000_0001);
    let mut relations = 0;
    for case in 0..2_000 {
        let m = model(&mut rng);
        let report = std::panic::catch_unwind(|| analyze(&m))
            .unwrap_or_else(|_| panic!("case {case} panicked; model:\n{}", m.to_json()));
        assert_eq!(report.relations.len(), m.relations.len(), "case {case}");
        assert!(report.relations.iter().all(|a| a.criteria().len() == 6), "case {case}");
        assert!(serde_json::to_string(&report).is_ok(), "case {case}");
        // Odd figures reach odd branches: every sentence there is translated and well formed too.
        for (place, text) in report.texts() {
            assert!(text.is_translated(), "case {case}: {place} is untranslated: {text}");
            if let Err(e) = text.check() {
                panic!("case {case}: {place}: {e}");
            }
        }
        relations += m.relations.len();
    }
    assert!(relations > 10_000, "the generator exercised {relations} relations");
}
