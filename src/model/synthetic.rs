//! Deterministic synthetic models for benchmarks and stress tests: `n` entities of 12 fields,
//! `2n` relations of every storage kind (with copies, subsets, buckets and outliers) and 300
//! access patterns. The same `(n, seed)` always gives the same model, structurally clean.

use super::{
    AccessPattern, BsonType, BucketSpec, Cardinality, Computed, CopiedField, CopyCategory, Entity, EntityKind, Field,
    Filter, FilterOp, IndexSpec, Model, Outliers, Pagination, QueryKind, Relation, SortKey, Storage, Subset,
};

/// Access patterns in every synthetic model.
pub const QUERIES: usize = 300;

/// The crate's deterministic generator, with the two draws the model generator needs.
struct Rng(crate::rng::Rng);

impl Rng {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n.max(1) as u64) as usize
    }
    /// True with probability `p` percent.
    fn chance(&mut self, p: u64) -> bool {
        self.0.below(100) < p
    }
}

/// A model of `n_entities` entities × 12 fields, `2 × n_entities` relations and 300 access
/// patterns, fully determined by `seed`.
pub fn generate(n_entities: usize, seed: u64) -> Model {
    let mut rng = Rng(crate::rng::Rng::new(seed ^ 0xD0C5_4A9E));
    let mut m = Model::new(&format!("synthetic {n_entities} (seed {seed})"));
    for i in 0..n_entities {
        m.entities.push(entity(&mut rng, i));
    }
    let mut embedded = vec![false; n_entities];
    let mut attempts = 0;
    while m.relations.len() < 2 * n_entities && n_entities > 1 && attempts < 20 * n_entities {
        attempts += 1;
        if let Some(r) = relation(&mut rng, &m, &mut embedded) {
            m.relations.push(r);
        }
    }
    let documents: Vec<usize> = (0..n_entities).filter(|&i| m.entities[i].kind == EntityKind::Document).collect();
    for q in 0..QUERIES {
        if documents.is_empty() {
            break;
        }
        let e = &m.entities[documents[rng.below(documents.len())]];
        let touch = &m.entities[rng.below(n_entities)];
        m.queries.push(query(&mut rng, q, e, touch));
    }
    m
}

const SCALARS: [BsonType; 8] = [
    BsonType::String,
    BsonType::Int,
    BsonType::Double,
    BsonType::Date,
    BsonType::Bool,
    BsonType::ObjectId,
    BsonType::Long,
    BsonType::Decimal,
];

fn entity(rng: &mut Rng, i: usize) -> Entity {
    let mut e = Entity::new(&format!("e{i}"), &format!("coll_{i}"));
    e.kind = match i % 20 {
        19 => EntityKind::External,
        9 => EntityKind::Value,
        _ => EntityKind::Document,
    };
    if e.kind == EntityKind::Value {
        e.value_type = Some(BsonType::String);
        return e;
    }
    if e.kind == EntityKind::External {
        e.system = Some("PostgreSQL".into());
    }
    e.fields.push(Field::new("_id", BsonType::ObjectId));
    for f in 0..11 {
        let name = format!("f{f}");
        let field = match f {
            8 => {
                let mut o = Field::new(&name, BsonType::Object);
                o.fields = vec![Field::new("a", BsonType::String), Field::new("b", BsonType::Int)];
                o
            }
            9 => {
                let mut a = Field::new(&name, BsonType::Array);
                a.items = Some(BsonType::String);
                a.size.avg_items = Some(1 + rng.below(8) as u64);
                if rng.chance(60) {
                    a.constraints.max_items = Some(20 + rng.below(3_000) as u64);
                }
                a
            }
            10 => {
                let mut a = Field::new(&name, BsonType::Array);
                a.items = Some(BsonType::Object);
                a.size.avg_items = Some(1 + rng.below(5) as u64);
                a.fields = vec![Field::new("x", BsonType::Int), Field::new("y", BsonType::String)];
                a
            }
            _ => {
                let mut s = Field::new(&name, SCALARS[rng.below(SCALARS.len())]);
                if s.bson_type == BsonType::String {
                    s.size.avg_bytes = Some(8 + rng.below(400) as u64);
                }
                s.required = rng.chance(50);
                s
            }
        };
        e.fields.push(field);
    }
    let c = &mut e.collection;
    c.validate = rng.chance(80);
    if rng.chance(70) {
        c.schema_version_field = Some("f0".into());
    }
    c.documents = Some(rng.below(5_000_000) as u64);
    c.growth_per_day = Some(rng.below(20_000) as f64);
    if i % 7 == 0 {
        c.indexes = vec![IndexSpec::new(&[("f1", 1)]), IndexSpec::new(&[("f1", 1), ("f2", -1)])];
    }
    e
}

fn relation(rng: &mut Rng, m: &Model, embedded: &mut [bool]) -> Option<Relation> {
    let n = m.entities.len();
    let p = rng.below(n - 1);
    let c = p + 1 + rng.below(n - p - 1);
    let (parent, child) = (&m.entities[p], &m.entities[c]);
    if parent.kind != EntityKind::Document && child.kind == EntityKind::Value
        || parent.kind == EntityKind::Value
        || child.kind == EntityKind::Value && embedded[c]
    {
        return None;
    }
    let storage = match child.kind {
        EntityKind::External => Storage::Outside,
        EntityKind::Value => Storage::Embed,
        EntityKind::Document if parent.kind == EntityKind::Document && !embedded[c] && rng.chance(25) => Storage::Embed,
        EntityKind::Document if rng.chance(8) => Storage::Bucket,
        EntityKind::Document => Storage::Reference,
    };
    let mut r = Relation::new(&format!("r{}", m.relations.len()), &parent.id, &child.id, storage);
    let unbounded = rng.chance(30);
    r.cardinality = Cardinality {
        typical: 1.0 + rng.below(50) as f64,
        max: if unbounded { None } else { Some(50 + rng.below(2_000) as u64) },
        growth_per_day: unbounded.then(|| rng.below(100) as f64 / 10.0),
        outliers: rng.chance(10).then_some(Outliers { share: 0.002, max: 5_000 }),
        p99: None,
        many_to_many: rng.chance(10),
    };
    r.read_separately = rng.chance(40);
    match storage {
        Storage::Embed => {
            embedded[c] = true;
            r.field = format!("emb_{c}");
        }
        Storage::Reference => {
            r.reference.child_field = Some(format!("ref_{p}"));
            if rng.chance(30) {
                r.extended = vec![CopiedField {
                    field: "f1".into(),
                    as_field: Some(format!("copy_{p}_f1")),
                    category: Some(CopyCategory::Live),
                    propagation: None,
                    used_to_decide: rng.chance(20),
                }];
            }
            if rng.chance(20) {
                r.subset = Some(Subset {
                    field: format!("top_{c}"),
                    size: 5,
                    order_by: "f2:-1".into(),
                    count_field: Some(format!("total_{c}")),
                    fields: vec!["f1".into(), "f2".into()],
                });
            }
            if rng.chance(20) {
                r.computed = vec![Computed { field: format!("avg_{c}"), op: "avg".into(), source: "f2".into() }];
            }
        }
        Storage::Bucket => {
            r.reference.child_field = Some(format!("owner_{p}"));
            r.child_bytes = Some(80);
            r.bucket = Some(BucketSpec {
                array_field: format!("events_{p}"),
                period: "day".into(),
                cap: 500,
                count_field: Some("n_events".into()),
                period_field: Some("day".into()),
                ttl_seconds: rng.chance(50).then_some(63_072_000),
                id_scheme: String::new(),
            });
        }
        Storage::Outside => {}
    }
    Some(r)
}

fn query(rng: &mut Rng, i: usize, e: &Entity, touch: &Entity) -> AccessPattern {
    let mut q = AccessPattern::new(&format!("q{i}"), &format!("query {i}"), &e.id);
    q.kind = match rng.below(10) {
        0..=6 => QueryKind::Read,
        7 | 8 => QueryKind::Write,
        _ => QueryKind::Analytical,
    };
    q.per_minute = rng.below(3_000) as f64;
    if rng.chance(30) {
        q.touches.push(touch.id.clone());
    }
    if rng.chance(15) {
        q.filters.push(Filter::new("_id", FilterOp::Equality));
    } else {
        for _ in 0..1 + rng.below(3) {
            let (field, op) = match rng.below(6) {
                0 => ("f9".to_string(), FilterOp::ArrayContains),
                1 => ("f10.x".to_string(), FilterOp::Equality),
                2 => ("f8.b".to_string(), FilterOp::Range),
                n => (format!("f{}", rng.below(8)), if n == 3 { FilterOp::Range } else { FilterOp::Equality }),
            };
            q.filters.push(Filter { op, ..Filter::new(&field, op) });
        }
    }
    if rng.chance(50) {
        q.sort.push(SortKey { field: format!("f{}", rng.below(8)), dir: if rng.chance(50) { 1 } else { -1 } });
        if rng.chance(50) {
            q.sort.push(SortKey { field: "_id".into(), dir: -1 });
        }
        q.page_size = Some(20);
        q.pagination = match rng.below(3) {
            0 => Pagination::Offset,
            1 => Pagination::Cursor,
            _ => Pagination::None,
        };
        q.max_page = Some(1 + rng.below(200) as u32);
    }
    if rng.chance(40) {
        q.projection = vec!["f1".into(), "f2".into()];
    }
    q.uses_lookup = rng.chance(10);
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::check_structure;

    #[test]
    fn deterministic_clean_and_of_the_requested_size() {
        let a = generate(100, 7);
        assert_eq!(a, generate(100, 7));
        assert_ne!(a, generate(100, 8));
        assert_eq!(a.entities.len(), 100);
        assert_eq!(a.relations.len(), 200);
        assert_eq!(a.queries.len(), QUERIES);
        assert!(a.entities.iter().filter(|e| e.kind == EntityKind::Document).all(|e| e.fields.len() == 12));
        assert_eq!(check_structure(&a), Vec::new());
        let storages = [Storage::Embed, Storage::Reference, Storage::Bucket, Storage::Outside];
        for s in storages {
            assert!(a.relations.iter().any(|r| r.storage == s), "no {s:?} relation");
        }
    }

    #[test]
    fn a_thousand_entities_are_clean_too() {
        let m = generate(1_000, 1);
        assert_eq!((m.entities.len(), m.relations.len()), (1_000, 2_000));
        assert_eq!(check_structure(&m), Vec::new());
    }
}
