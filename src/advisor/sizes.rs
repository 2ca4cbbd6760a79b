//! Document sizes per collection with BSON's encoding rules: the average document now, the
//! worst case now, and the worst case at the growth horizon (`thresholds.horizon_days`),
//! judged against the 1 MB target, Atlas' 2 MB flag and the 16 MiB limit.

use super::paths::Layout;
use super::{SizeEstimate, SizeLevel};
use crate::i18n::{Arg, Text};
use crate::model::{Entity, Id, Model, Thresholds};
use crate::text;

pub use super::bson::bson_size_of_value;
pub use figures::{horizon_span, human_bytes, number};
use walk::Walker;
pub(crate) use walk::{Growth, Largest};

mod defaults;
mod figures;
mod walk;

/// Size estimates of every collection, in model order.
pub fn estimate(model: &Model) -> Vec<SizeEstimate> {
    let layout = Layout::new(model);
    estimate_with(&layout)
}

pub(crate) fn estimate_with(layout: &Layout) -> Vec<SizeEstimate> {
    estimate_with_growth(layout).0
}

/// What the walk of one collection found besides its estimate: the relation whose growth
/// sets its horizon and its largest top-level element (the rules read them instead of
/// walking the collection again).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Walked<'a> {
    pub growth: Option<Growth<'a>>,
    pub largest: Option<Largest<'a>>,
}

/// Size estimates of every collection, in model order, each with what its walk found.
pub(crate) fn estimate_with_growth<'a>(layout: &Layout<'a>) -> (Vec<SizeEstimate>, Vec<Walked<'a>>) {
    walk_collections(Walker::new(layout))
}

fn walk_collections<'a>(mut walker: Walker<'_, 'a>) -> (Vec<SizeEstimate>, Vec<Walked<'a>>) {
    let layout = walker.layout;
    // Sized up front: the collections are a filter of the entities, which hints no length.
    let n = layout.collections().count();
    let (mut sizes, mut walked) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for e in layout.collections() {
        sizes.push(estimate_in(&mut walker, e));
        walked.push(Walked { growth: walker.growth, largest: walker.largest });
    }
    (sizes, walked)
}

/// Size estimate of one collection's documents; `None` when `entity` is not a collection
/// (embedded, a value, or external).
pub fn estimate_entity(model: &Model, entity: &Entity) -> Option<SizeEstimate> {
    let layout = Layout::new(model);
    layout.is_collection(entity).then(|| estimate_in(&mut Walker::new(&layout), entity))
}

fn estimate_in<'a>(walker: &mut Walker<'_, 'a>, entity: &'a Entity) -> SizeEstimate {
    let bytes = walker.collection(entity);
    let t = &walker.layout.model.thresholds;
    let round = |v: f64| if v.is_finite() { v.round().clamp(0.0, u64::MAX as f64) as u64 } else { u64::MAX };
    let (avg, worst) = (round(bytes.avg), round(bytes.worst));
    let horizon = round(bytes.horizon).max(worst);
    SizeEstimate {
        entity: Id::new(&entity.id),
        avg_bytes: avg,
        worst_bytes: worst,
        horizon_bytes: horizon,
        horizon_label: horizon_label(t, walker.growth.as_ref()),
        level: level(t, horizon),
    }
}

/// The level of a document size against the thresholds.
pub fn level(t: &Thresholds, bytes: u64) -> SizeLevel {
    if bytes > t.doc_limit_bytes {
        SizeLevel::OverLimit
    } else if bytes > t.doc_atlas_bytes {
        SizeLevel::OverAtlas
    } else if bytes > t.doc_target_bytes {
        SizeLevel::OverTarget
    } else {
        SizeLevel::Fine
    }
}

/// "in 5 years at 40 resenas/day", or why the horizon equals the worst case.
fn horizon_label(t: &Thresholds, growth: Option<&Growth>) -> Text {
    match growth {
        Some(g) => text!(
            en: "in {span} at {rate} {child}/day",
            es: "en {span} a {rate} {child}/día",
            pt: "em {span} a {rate} {child}/dia";
            span = Arg::Days(t.horizon_days), rate = Arg::Count(g.per_day), child = g.child_name
        ),
        None => text!(
            en: "no unbounded growth: the worst case holds",
            es: "sin crecimiento ilimitado: vale el peor caso",
            pt: "sem crescimento ilimitado: vale o pior caso"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{load, BsonType, Cardinality, Field, Relation, Storage};

    fn one(model: &Model, id: &str) -> SizeEstimate {
        let e = model.entity(id).expect("entity");
        estimate_entity(model, e).expect("a collection")
    }

    #[test]
    fn scalar_fields_follow_bson_rules() {
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields.push(Field::new("_id", BsonType::ObjectId)); // 2+3+12 = 17
        e.fields.push(Field::new("n", BsonType::Int)); // 2+1+4 = 7
        let mut s = Field::new("s", BsonType::String); // 2+1+5+10 = 18; worst 2+1+5+30 = 38
        s.size.avg_bytes = Some(10);
        s.constraints.max_length = Some(30);
        e.fields.push(s);
        m.entities.push(e);
        let est = one(&m, "u");
        assert_eq!(est.avg_bytes, 5 + 17 + 7 + 18);
        assert_eq!(est.worst_bytes, 5 + 17 + 7 + 38);
        assert_eq!(est.horizon_bytes, est.worst_bytes);
        assert_eq!(est.level, SizeLevel::Fine);
    }

    #[test]
    fn missing_id_is_added_and_arrays_count_key_bytes() {
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        let mut a = Field::new("a", BsonType::Array);
        a.items = Some(BsonType::Int);
        a.size.avg_items = Some(2);
        a.constraints.max_items = Some(12);
        e.fields.push(a);
        m.entities.push(e);
        let est = one(&m, "u");
        // _id 17; "a": header 3 + array 5 + 2 × (2 + 1 key digit + 4)
        assert_eq!(est.avg_bytes, 5 + 17 + 3 + 5 + 2 * 7);
        // 12 items: keys "0".."11" have 14 digits
        assert_eq!(est.worst_bytes, 5 + 17 + 3 + 5 + 12 * 6 + 14);
    }

    #[test]
    fn embedded_unbounded_relation_grows_to_the_horizon() {
        let mut m = Model::new("t");
        m.thresholds.horizon_days = 365 * 5;
        m.entities.push(Entity::new("post", "posts"));
        let mut c = Entity::new("comment", "comments");
        let mut body = Field::new("body", BsonType::String);
        body.size.avg_bytes = Some(200);
        c.fields.push(body); // one item: 5 + (2+4+5+200) = 216
        m.entities.push(c);
        let mut r = Relation::new("r", "post", "comment", Storage::Embed);
        r.field = "comments".into();
        r.cardinality = Cardinality { typical: 10.0, max: None, growth_per_day: Some(40.0), ..Cardinality::default() };
        m.relations.push(r);
        let est = one(&m, "post");
        let item = 216.0;
        let expected_avg = 5.0 + 17.0 + 10.0 + (5.0 + 10.0 * (2.0 + item) + 10.0);
        assert_eq!(est.avg_bytes, expected_avg as u64);
        let n = 10 + 40 * 1825; // 73,010 comments
        let keys = 10 + 90 * 2 + 900 * 3 + 9000 * 4 + (n - 10_000) * 5;
        let expected_horizon = 5 + 17 + 10 + 5 + n * (2 + 216) + keys;
        assert_eq!(est.horizon_bytes, expected_horizon as u64);
        assert_eq!(est.horizon_label.en(), "in 5 years at 40 comments/day");
        assert_eq!(est.level, SizeLevel::OverAtlas, "{} bytes", est.horizon_bytes);
        assert!(m.entity("comment").is_some_and(|c| estimate_entity(&m, c).is_none()), "embedded: no collection");
    }

    #[test]
    fn horizon_label_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = Model::new("t");
        m.thresholds.horizon_days = 730;
        m.entities.push(Entity::new("post", "posts"));
        m.entities.push(Entity::new("comment", "comments"));
        let mut r = Relation::new("r", "post", "comment", Storage::Embed);
        r.field = "comments".into();
        r.cardinality =
            Cardinality { typical: 10.0, max: None, growth_per_day: Some(1440.0), ..Cardinality::default() };
        m.relations.push(r);
        let label = one(&m, "post").horizon_label;
        assert_eq!(label.en(), "in 2 years at 1,440 comments/day");
        assert_eq!(label.render(Lang::Es), "en 2 años a 1.440 comments/día");
        assert_eq!(label.render(Lang::Pt), "em 2 anos a 1.440 comments/dia");
        assert!(label.is_translated() && label.check().is_ok());
        // BiblioRed's catalogue grows by nothing unbounded: the worst case is the horizon.
        let b = load(include_str!("../../public/templates/bibliored.json")).expect("loads");
        let material = one(&b, "material").horizon_label;
        assert_eq!(material.en(), "no unbounded growth: the worst case holds");
        assert_eq!(material.render(Lang::Es), "sin crecimiento ilimitado: vale el peor caso");
        assert_eq!(material.render(Lang::Pt), "sem crescimento ilimitado: vale o pior caso");
    }

    #[test]
    fn value_entities_embed_as_arrays_of_scalars() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("p", "posts"));
        let mut tag = Entity::new("tag", "tags");
        tag.kind = crate::model::EntityKind::Value;
        tag.value_type = Some(BsonType::String);
        m.entities.push(tag);
        let mut r = Relation::new("r", "p", "tag", Storage::Embed);
        r.field = "tags".into();
        r.child_bytes = Some(6);
        r.cardinality = Cardinality { typical: 3.0, max: Some(8), ..Cardinality::default() };
        m.relations.push(r);
        let est = one(&m, "p");
        // "tags" header 6, array 5 + n × (2 + 1 digit + 5 + 6)
        assert_eq!(est.avg_bytes, 5 + 17 + 6 + 5 + 3 * 14);
        assert_eq!(est.worst_bytes, 5 + 17 + 6 + 5 + 8 * 14);
    }

    #[test]
    fn bibliored_sizes_are_plausible_and_bounded() {
        let m = load(include_str!("../../public/templates/bibliored.json")).expect("loads");
        let sizes = estimate(&m);
        let ids: Vec<&str> = sizes.iter().map(|s| s.entity.as_str()).collect();
        assert_eq!(ids, ["material", "resena", "actividad"]);
        for s in &sizes {
            assert!(s.avg_bytes <= s.worst_bytes && s.worst_bytes <= s.horizon_bytes, "{s:?}");
            assert_eq!(s.level, SizeLevel::Fine, "{s:?}");
        }
        // A bucket of 500 events stays far under 1 MB: its cap bounds it.
        let act = &sizes[2];
        assert!(act.worst_bytes > 20_000 && act.worst_bytes < 200_000, "{act:?}");
        assert_eq!(act.worst_bytes, act.horizon_bytes);
        // The catalogue: synopsis, five review excerpts and the tags.
        assert!(sizes[0].avg_bytes > 2_000 && sizes[0].avg_bytes < 6_000, "{:?}", sizes[0]);
    }

    /// A collection `root` embedding `a0`, then `layers` layers of `width` entities, each
    /// embedding every entity of the next layer (`cyclic`: and of its own layer, both ways).
    fn dense_embeddings(layers: usize, width: usize, cyclic: bool) -> Model {
        let mut m = Model::new("dense");
        let name = |l: usize, k: usize| format!("e{l}_{k}");
        m.entities.push(Entity::new("root", "root"));
        for l in 0..layers {
            for k in 0..width {
                let mut e = Entity::new(&name(l, k), &name(l, k));
                let mut note = Field::new("note", BsonType::String);
                note.size.avg_bytes = Some(10 + (l * width + k) as u64);
                e.fields.push(note);
                m.entities.push(e);
            }
        }
        let embed = |m: &mut Model, from: String, to: String, growth: Option<f64>| {
            let id = format!("{from}-{to}");
            let mut r = Relation::new(&id, &from, &to, Storage::Embed);
            r.field = to.clone();
            r.cardinality = Cardinality { typical: 2.0, max: None, growth_per_day: growth, ..Cardinality::default() };
            m.relations.push(r);
        };
        embed(&mut m, "root".into(), name(0, 0), None);
        for l in 0..layers {
            for k in 0..width {
                for j in 0..width {
                    // Growth on a few edges, equal on some, so the first largest must win.
                    let growth = ((k + j + l) % 3 == 0).then_some(0.5 + (l % 2) as f64);
                    if l + 1 < layers {
                        embed(&mut m, name(l, k), name(l + 1, j), growth);
                    }
                    if cyclic && j != k {
                        embed(&mut m, name(l, k), name(l, j), growth);
                    }
                }
            }
        }
        m
    }

    #[test]
    fn the_walk_of_embedded_entities_once_per_depth_is_the_walk_of_every_path() {
        // 2^10 paths through 10 layers of two, and cycles inside each of three layers (a few
        // thousand paths): walked path by path, and once per entity and depth.
        for (layers, width, cyclic) in [(10, 2, false), (4, 3, false), (3, 2, true)] {
            let m = dense_embeddings(layers, width, cyclic);
            let layout = Layout::new(&m);
            let mut plain = Walker::new(&layout);
            plain.no_memo = true;
            assert_eq!(walk_collections(plain), estimate_with_growth(&layout), "{layers}x{width}");
        }
        for m in [
            crate::model::synthetic::generate(200, 5),
            load(include_str!("../../public/templates/bibliored.json")).expect("loads"),
        ] {
            let layout = Layout::new(&m);
            let mut plain = Walker::new(&layout);
            plain.no_memo = true;
            assert_eq!(walk_collections(plain), estimate_with_growth(&layout));
        }
    }

    #[test]
    fn a_dense_embedding_cycle_is_sized_without_walking_every_path() {
        // Four entities embedding each other both ways under one collection: walked path by
        // path down to MAX_DEPTH that is 3^31 walks; once per entity and depth, 4 x 32.
        let m = dense_embeddings(1, 4, true);
        let sizes = estimate(&m);
        assert_eq!(sizes.len(), 1, "{sizes:?}");
        assert!(sizes[0].worst_bytes >= sizes[0].avg_bytes, "{sizes:?}");
        let report = crate::advisor::analyze(&m);
        assert!(report.findings.iter().any(|f| f.code == "DS001"), "the cycle is reported");
    }

    #[test]
    fn the_walk_keeps_each_collections_largest_element() {
        let m = load(include_str!("../../public/templates/bibliored.json")).expect("loads");
        let layout = Layout::new(&m);
        let (sizes, walked) = estimate_with_growth(&layout);
        assert_eq!(sizes.len(), walked.len());
        for (size, w) in sizes.iter().zip(&walked) {
            let largest = w.largest.expect("every collection has an _id at least");
            assert!(largest.avg > 0.0 && largest.avg < size.avg_bytes as f64, "{size:?} {largest:?}");
        }
        // Two equal elements: the last one counts, as `max_by` picks.
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields.push(Field::new("_id", BsonType::ObjectId));
        e.fields.push(Field::new("aa", BsonType::Decimal)); // 2+2+16 = 20
        e.fields.push(Field::new("bb", BsonType::Decimal));
        m.entities.push(e);
        let layout = Layout::new(&m);
        let largest = estimate_with_growth(&layout).1[0].largest.expect("largest");
        assert_eq!((largest.name, largest.avg), ("bb", 20.0));
    }

    #[test]
    fn human_bytes_prints_what_the_float_formatter_prints() {
        let reference = |b: u64| match b {
            b if b < 1_000 => format!("{b} B"),
            b if b < 1_000_000 => format!("{:.1} KB", b as f64 / 1e3),
            b if b < 1_000_000_000 => format!("{:.1} MB", b as f64 / 1e6),
            b => format!("{:.1} GB", b as f64 / 1e9),
        };
        for b in 0..1_200_000 {
            assert_eq!(human_bytes(b), reference(b), "{b}");
        }
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..200_000 {
            let b = rng.below(1_100_000_000);
            assert_eq!(human_bytes(b), reference(b), "{b}");
        }
        for _ in 0..200_000 {
            let b = rng.below(1_100_000_000_000_000);
            assert_eq!(human_bytes(b), reference(b), "{b}");
            let gb = rng.below(1_000_000) * 1_000_000_000;
            for b in [gb + 50_000_000, gb + 49_999_999, gb + 50_000_001, gb + 150_000_000, gb.saturating_sub(1)] {
                assert_eq!(human_bytes(b), reference(b), "{b}");
            }
        }
        for b in [999_950_000, 999_949_999, 999_999_999, 1_000_000_000, 16_777_216, u64::MAX, 12_350_000, 12_450_000] {
            assert_eq!(human_bytes(b), reference(b), "{b}");
        }
    }

    #[test]
    fn units_and_labels() {
        assert_eq!(human_bytes(999), "999 B");
        for n in [0, 7, 10, 999, 1_000_000, u64::MAX] {
            assert_eq!(figures::decimal_bytes(n, &mut [0; 20]), n.to_string().as_bytes());
        }
        assert_eq!(human_bytes(16 * 1024 * 1024), "16.8 MB");
        assert_eq!(horizon_span(1825), "5 years");
        assert_eq!(horizon_span(90), "90 days");
        assert_eq!(number(0.02), "0.02");
        assert_eq!(number(40.0), "40");
    }
}
