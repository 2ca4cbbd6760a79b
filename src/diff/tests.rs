//! The diff's own properties: a design compared with itself has no change, and replaying the
//! changes of `diff(a, b)` on `a` gives `b` (up to the order of records and fields), over the
//! gallery and over generated designs with random edits.

use super::*;
use crate::model::{load, BsonType, Field, Storage};
use crate::rng::Rng;
use crate::templates::TEMPLATES;
use serde_json::Value;

fn gallery() -> Vec<(&'static str, Model)> {
    TEMPLATES.iter().map(|t| (t.id, load(t.json()).expect("template loads"))).collect()
}

/// The model as JSON with its records sorted by id and every field list by name: the order of
/// records is not a change.
fn canonical(m: &Model) -> Value {
    let mut m = m.clone();
    m.entities.sort_by(|a, b| a.id.cmp(&b.id));
    m.relations.sort_by(|a, b| a.id.cmp(&b.id));
    m.queries.sort_by(|a, b| a.id.cmp(&b.id));
    fn sort(fields: &mut [Field]) {
        fields.sort_by(|a, b| a.name.cmp(&b.name));
        for f in fields {
            sort(&mut f.fields);
        }
    }
    for e in &mut m.entities {
        sort(&mut e.fields);
    }
    serde_json::to_value(&m).expect("serialises")
}

fn assert_replays(a: &Model, b: &Model, label: &str) {
    let d = diff(a, b);
    let replayed = apply(a, &d).unwrap_or_else(|e| panic!("{label}: {e}"));
    assert_eq!(
        canonical(&replayed),
        canonical(b),
        "{label}: replaying the changes does not give the new design\n{d:#?}"
    );
}

#[test]
fn a_design_compared_with_itself_has_no_change() {
    for (id, m) in gallery() {
        let d = diff(&m, &m);
        assert!(d.is_empty(), "{id}: {d:#?}");
        assert_eq!(d.change_count(), 0);
    }
    let big = crate::model::synthetic::generate(120, 7);
    assert!(diff(&big, &big).is_empty());
}

#[test]
fn every_pair_of_gallery_designs_replays() {
    let all = gallery();
    for (x, a) in &all {
        for (y, b) in &all {
            assert_replays(a, b, &format!("{x} -> {y}"));
        }
    }
}

/// One random edit of the kinds a person makes.
fn edit(m: &mut Model, rng: &mut Rng) {
    let pick = |rng: &mut Rng, n: usize| if n == 0 { None } else { Some(rng.below(n as u64) as usize) };
    match rng.below(16) {
        0 => {
            if let Some(f) = pick(rng, m.entities.len()).and_then(|i| m.entities[i].fields.first_mut()) {
                f.bson_type = if f.bson_type == BsonType::String { BsonType::Int } else { BsonType::String };
            }
        }
        1 => {
            if let Some(f) = pick(rng, m.entities.len()).and_then(|i| m.entities[i].fields.last_mut()) {
                f.required = !f.required;
                f.constraints.max_items = Some(rng.below(50));
            }
        }
        2 => {
            if let Some(i) = pick(rng, m.entities.len()) {
                let mut f = Field::new(&format!("nuevo{}", rng.below(1000)), BsonType::Object);
                f.fields.push(Field::new("dentro", BsonType::Date));
                f.required = rng.chance(0.5);
                if m.entities[i].fields.iter().all(|g| g.name != f.name) {
                    m.entities[i].fields.push(f);
                }
            }
        }
        3 => {
            if let Some(i) = pick(rng, m.entities.len()) {
                let e = &mut m.entities[i];
                if let Some(j) = pick(rng, e.fields.len()) {
                    e.fields.remove(j);
                }
            }
        }
        4 => {
            if let Some(r) = pick(rng, m.relations.len()).map(|i| &mut m.relations[i]) {
                r.storage = [Storage::Embed, Storage::Reference, Storage::Bucket][rng.below(3) as usize];
            }
        }
        5 => {
            if let Some(r) = pick(rng, m.relations.len()).map(|i| &mut m.relations[i]) {
                r.cardinality.max = if r.cardinality.max.is_some() { None } else { Some(50) };
            }
        }
        6 => {
            if let Some(i) = pick(rng, m.relations.len()) {
                m.relations.remove(i);
            }
        }
        7 => {
            let id = m.fresh_id("nueva");
            let mut e = crate::model::Entity::new(&id, &format!("coleccion_{id}"));
            e.fields.push(Field::new("_id", BsonType::ObjectId));
            m.entities.push(e);
        }
        8 => {
            if let Some(i) = pick(rng, m.entities.len()) {
                m.entities.remove(i);
            }
        }
        9 => {
            // A new id for an entity, its name kept: matched by name.
            if let Some(i) = pick(rng, m.entities.len()) {
                rename_entity(m, i);
            }
        }
        10 => {
            if let Some(e) = pick(rng, m.entities.len()).map(|i| &mut m.entities[i]) {
                e.name.push_str("_v2");
            }
        }
        11 => {
            if let Some(q) = pick(rng, m.queries.len()).map(|i| &mut m.queries[i]) {
                q.per_minute *= 10.0;
                q.touches.clear();
            }
        }
        12 => {
            if let Some(i) = pick(rng, m.queries.len()) {
                let q = m.queries.remove(i);
                // Re-numbered, same name: matched by name.
                let mut q2 = q.clone();
                q2.id = m.fresh_id(&format!("{}x", q.id));
                m.queries.push(q2);
            }
        }
        13 => {
            m.thresholds.few_max += 1;
            m.name.push('!');
        }
        14 => {
            if let Some(e) = pick(rng, m.entities.len()).map(|i| &mut m.entities[i]) {
                e.position.x += 40.0;
                e.collection.validate = !e.collection.validate;
            }
        }
        _ => {
            // A nested field changes.
            if let Some(e) = pick(rng, m.entities.len()).map(|i| &mut m.entities[i]) {
                if let Some(f) = e.fields.iter_mut().find(|f| !f.fields.is_empty()) {
                    if let Some(inner) = f.fields.first_mut() {
                        inner.required = !inner.required;
                        inner.size.avg_bytes = Some(300);
                    }
                }
            }
        }
    }
}

#[test]
fn replaying_the_changes_of_random_edits_gives_the_edited_design() {
    let mut bases = gallery();
    bases.push(("synthetic", crate::model::synthetic::generate(40, 3)));
    for (id, a) in &bases {
        for seed in 0..25u64 {
            let mut rng = Rng::new(seed * 7919 + id.len() as u64);
            let mut b = a.clone();
            for _ in 0..(1 + rng.below(6)) {
                edit(&mut b, &mut rng);
            }
            assert_replays(a, &b, &format!("{id} seed {seed}"));
            assert_replays(&b, a, &format!("{id} seed {seed}, backwards"));
            if canonical(a) != canonical(&b) {
                assert!(!diff(a, &b).is_empty(), "{id} seed {seed}: a change went unlisted");
            }
        }
    }
}

#[test]
fn an_entity_under_a_new_id_is_matched_by_name_and_its_arrows_do_not_read_as_changed() {
    let a = load(include_str!("../../public/templates/bibliored.json")).unwrap();
    let mut b = a.clone();
    let at = b.entities.iter().position(|e| e.id == "resena").expect("resena");
    rename_entity(&mut b, at);
    let d = diff(&a, &b);
    assert_eq!(d.entities.len(), 1, "{d:#?}");
    assert_eq!(d.entities[0].matched_by, Some(MatchedBy::Name));
    assert!(d.relations.is_empty() && d.queries.is_empty(), "{d:#?}");
    assert!(d.consequences.is_empty(), "{:#?}", d.consequences);
}

/// Gives entity `i` a new id, and every arrow and pattern that names it.
fn rename_entity(m: &mut Model, i: usize) {
    let (old, new) = (m.entities[i].id.clone(), m.fresh_id("renombrada"));
    m.entities[i].id = new.clone();
    for r in &mut m.relations {
        for end in [&mut r.parent, &mut r.child] {
            if *end == old {
                *end = new.clone();
            }
        }
    }
    for q in &mut m.queries {
        if q.entity == old {
            q.entity = new.clone();
        }
        q.touches.iter_mut().filter(|t| **t == old).for_each(|t| *t = new.clone());
    }
}
