//! Indexes derived from the access patterns, merged with the ones the designer declared.
//!
//! Each pattern that filters or sorts gets a compound index following its query shape:
//! equality fields, then sort fields (with the tie-breaker), then range fields (ESR). A
//! bucket relation's retention gives a TTL index on the bucket's period field. An index
//! whose keys are a prefix of another on the same collection is served by the longer one.

use super::paths::Layout;
use super::query_shape::{prefix_either_way, shapes, Shape};
use super::IndexAdvice;
use crate::fast_hash::FastMap;
use crate::model::{IndexKey, IndexSpec, Model, Storage};

/// Derived and declared indexes of every collection, collection by collection.
pub fn derive(model: &Model) -> Vec<IndexAdvice> {
    let layout = Layout::new(model);
    derive_with(&layout, &shapes(&layout))
}

/// `derive` with the look-ups and the query shapes (`query_shape::shapes`) already built.
pub(crate) fn derive_with(layout: &Layout, shapes: &[Option<Shape>]) -> Vec<IndexAdvice> {
    let model = layout.model;
    let mut per_root: FastMap<&str, Vec<IndexAdvice>> = FastMap::default();
    for (q, shape) in model.queries.iter().zip(shapes) {
        let Some(shape) = shape else { continue };
        if !shape.needs_index() {
            continue;
        }
        let Some(root) = layout.entity(&shape.root) else { continue };
        let index = shape.ideal();
        let multikey = index.keys.iter().any(|k| shape.array_paths.contains(&k.field));
        let reason = reason(&q.id, shape, &index);
        per_root.entry(root.id.as_str()).or_default().push(IndexAdvice {
            entity: root.id.clone(),
            index,
            queries: vec![q.id.clone()],
            reason: reason.into(),
            multikey,
            declared: false,
        });
    }
    for r in &model.relations {
        let (Storage::Bucket, Some(b)) = (r.storage, r.bucket.as_ref()) else { continue };
        let (Some(ttl), Some(field)) = (b.ttl_seconds, b.period_field.as_ref()) else { continue };
        let Some(bucket) = layout.entity(&r.child).filter(|e| layout.is_collection(e)) else { continue };
        let index =
            IndexSpec { keys: vec![IndexKey { field: field.clone(), dir: 1 }], unique: false, ttl_seconds: Some(ttl) };
        let reason = format!(
            "TTL: MongoDB deletes a bucket {ttl} s ({}) after its {field}, the retention of {}.",
            days(ttl),
            r.id
        );
        let advice = IndexAdvice {
            entity: bucket.id.clone(),
            index,
            queries: Vec::new(),
            reason: reason.into(),
            multikey: false,
            declared: false,
        };
        per_root.entry(bucket.id.as_str()).or_default().push(advice);
    }
    let mut out = Vec::new();
    for root in layout.collections() {
        let derived = per_root.remove(root.id.as_str()).unwrap_or_default();
        out.extend(merge(declared_of(root), derived));
    }
    out
}

fn declared_of(root: &crate::model::Entity) -> Vec<IndexAdvice> {
    root.collection
        .indexes
        .iter()
        .map(|index| IndexAdvice {
            entity: root.id.clone(),
            index: index.clone(),
            queries: Vec::new(),
            reason: "Declared by the designer.".into(),
            multikey: false,
            declared: true,
        })
        .collect()
}

/// Folds derived indexes into the declared ones and into each other: an index whose keys
/// are a prefix of a kept one (or equal to it) is served by it. TTL indexes merge only with
/// an identical TTL index.
fn merge(declared: Vec<IndexAdvice>, derived: Vec<IndexAdvice>) -> Vec<IndexAdvice> {
    // (origin, advice): declared indexes first, then derived ones by the query that made them.
    let mut kept: Vec<(usize, IndexAdvice)> = declared.into_iter().map(|a| (0, a)).collect();
    // Longest first, so each shorter index finds the longest one it is a prefix of.
    let mut order: Vec<(usize, IndexAdvice)> = derived.into_iter().enumerate().map(|(i, a)| (i + 1, a)).collect();
    order.sort_by_key(|(_, a)| std::cmp::Reverse(a.index.keys.len()));
    for (origin, candidate) in order {
        let Some((_, host)) = kept.iter_mut().find(|(_, k)| absorbs(k, &candidate)) else {
            kept.push((origin, candidate));
            continue;
        };
        let same_keys = host.index.keys == candidate.index.keys;
        for q in &candidate.queries {
            if !host.queries.contains(q) {
                host.queries.push(q.clone());
            }
        }
        host.multikey |= candidate.multikey;
        if host.declared && same_keys && host.queries.len() == candidate.queries.len() {
            host.reason = format!("Declared by the designer. {}", candidate.reason).into();
        } else if same_keys {
            host.reason = format!("{} Also serves {}.", host.reason, candidate.queries.join(", ")).into();
        } else {
            host.reason =
                format!("{} Also serves {} through its prefix.", host.reason, candidate.queries.join(", ")).into();
        }
    }
    kept.sort_by_key(|(origin, _)| *origin);
    kept.into_iter().map(|(_, a)| a).collect()
}

fn absorbs(host: &IndexAdvice, candidate: &IndexAdvice) -> bool {
    match (host.index.ttl_seconds, candidate.index.ttl_seconds) {
        (None, None) => prefix_either_way(&candidate.index, &host.index),
        (Some(a), Some(b)) => a == b && host.index.keys == candidate.index.keys,
        _ => false,
    }
}

/// Why these keys in this order (written into one buffer: this runs for every query).
fn reason(query: &str, shape: &Shape, index: &IndexSpec) -> String {
    use std::fmt::Write;
    let mut text = String::with_capacity(160);
    let _ = write!(text, "Serves {query}: ");
    let mut parts = 0;
    let mut list = |text: &mut String, label: &str, items: &mut dyn Iterator<Item = String>| {
        if parts > 0 {
            text.push_str(", then ");
        }
        parts += 1;
        text.push_str(label);
        for (i, item) in items.enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            text.push_str(&item);
        }
    };
    if !shape.equality.is_empty() {
        list(&mut text, "equality on ", &mut shape.equality.iter().cloned());
    }
    if !shape.sort.is_empty() {
        list(&mut text, "the sort ", &mut shape.sort.iter().map(|k| format!("{}:{}", k.field, k.dir)));
        if !shape.range_on_sort.is_empty() {
            text.push_str(", which also bounds the range on ");
            text.push_str(&shape.range_on_sort.join(", "));
        }
    }
    if !shape.range.is_empty() {
        list(&mut text, "the range on ", &mut shape.range.iter().cloned());
    }
    text.push('.');
    if parts > 1 || !shape.range_on_sort.is_empty() {
        text.push_str(" ESR order: equality, then sort, then range.");
    }
    if shape.has_tie_breaker() && shape.sort.len() > 1 {
        text.push_str(" _id ends the sort as a unique tie-breaker, so pages never repeat or skip documents.");
    }
    let arrays: Vec<&str> =
        shape.array_paths.iter().filter(|p| index.keys.iter().any(|k| &k.field == *p)).map(String::as_str).collect();
    if !arrays.is_empty() {
        let _ = write!(text, " Multikey: {} is an array path, one index entry per element.", arrays.join(", "));
        let top = |p: &&str| p.split('.').next().unwrap_or(p).to_string();
        if arrays.iter().any(|p| top(p) != top(&arrays[0])) {
            text.push_str(" MongoDB refuses a compound index over two parallel arrays: split it.");
        }
    }
    if shape.text {
        text.push_str(
            " Only a prefix search (/^abc/) can use it; full-text search needs a text or Atlas Search index.",
        );
    }
    text
}

fn days(seconds: u64) -> String {
    let d = seconds as f64 / 86_400.0;
    if d >= 365.0 && (d / 365.0).fract() == 0.0 {
        let y = (d / 365.0) as u64;
        format!("{y} year{}", if y == 1 { "" } else { "s" })
    } else {
        format!("{} days", super::sizes::number(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{load, AccessPattern, Entity, Filter, FilterOp, SortKey};

    fn bibliored() -> Model {
        load(include_str!("../../public/templates/bibliored.json")).expect("template loads")
    }

    fn keys_of(advice: &[IndexAdvice], entity: &str) -> Vec<String> {
        let mut v: Vec<String> = advice.iter().filter(|a| a.entity == entity).map(|a| a.index.key_doc()).collect();
        v.sort();
        v
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn bibliored_indexes_are_exactly_the_seeds() {
        let advice = derive(&bibliored());
        assert_eq!(
            keys_of(&advice, "material"),
            sorted(&[
                "{ titulo_normalizado: 1 }",
                "{ etiquetas: 1 }",
                "{ tipo: 1, \"valoracion.media\": -1 }",
                "{ \"autores.autor_id\": 1 }"
            ])
        );
        assert_eq!(
            keys_of(&advice, "resena"),
            sorted(&[
                "{ \"material.material_id\": 1, votos_utiles: -1 }",
                "{ \"socio.socio_id\": 1, fecha: -1 }",
                "{ estado: 1, fecha: -1 }",
                "{ etiquetas: 1 }"
            ])
        );
        assert_eq!(
            keys_of(&advice, "actividad"),
            sorted(&["{ socio_id: 1, dia: -1 }", "{ dia: 1 }", "{ \"eventos.material_id\": 1 }"])
        );
        let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
        assert_eq!((ttl.entity.as_str(), ttl.index.ttl_seconds), ("actividad", Some(63_072_000)));
        assert!(ttl.reason.contains("2 years"), "{}", ttl.reason);
        let tags = advice.iter().find(|a| a.entity == "material" && a.index.key_doc() == "{ etiquetas: 1 }");
        assert!(tags.is_some_and(|t| t.multikey && t.queries == ["C4b"]), "{tags:?}");
        let c7 = advice.iter().find(|a| a.queries.contains(&"C7".to_string())).expect("C7's index");
        assert!(!c7.multikey && c7.reason.contains("ESR"), "{}", c7.reason);
        assert!(advice.iter().all(|a| !a.declared));
        assert!(!advice.iter().any(|a| a.queries.iter().any(|q| q == "C1" || q == "C6")), "_id lookups need none");
    }

    fn model_with(queries: Vec<AccessPattern>, declared: Vec<IndexSpec>) -> Model {
        let mut m = Model::new("t");
        let mut e = Entity::new("o", "orders");
        e.collection.indexes = declared;
        m.entities.push(e);
        m.queries = queries;
        m
    }

    fn query(id: &str, eq: &[&str], sort: &[(&str, i8)]) -> AccessPattern {
        let mut q = AccessPattern::new(id, id, "o");
        q.filters = eq.iter().map(|f| Filter { field: f.to_string(), op: FilterOp::Equality }).collect();
        q.sort = sort.iter().map(|(f, d)| SortKey { field: f.to_string(), dir: *d }).collect();
        q
    }

    #[test]
    fn prefixes_merge_into_the_longer_index() {
        let m = model_with(
            vec![query("a", &["status"], &[]), query("b", &["status"], &[("createdAt", -1), ("_id", -1)])],
            vec![],
        );
        let advice = derive(&m);
        assert_eq!(advice.len(), 1, "{advice:?}");
        assert_eq!(advice[0].index.key_doc(), "{ status: 1, createdAt: -1, _id: -1 }");
        assert_eq!(advice[0].queries, ["b", "a"]);
        assert!(advice[0].reason.contains("tie-breaker") && advice[0].reason.contains("Also serves a"));
    }

    #[test]
    fn declared_indexes_absorb_what_they_serve() {
        let declared = vec![IndexSpec::new(&[("status", 1), ("createdAt", -1)]), IndexSpec::new(&[("sku", 1)])];
        let m =
            model_with(vec![query("a", &["status"], &[("createdAt", -1)]), query("c", &["customer"], &[])], declared);
        let advice = derive(&m);
        assert_eq!(advice.len(), 3, "{advice:?}");
        assert!(advice[0].declared && advice[0].queries == ["a"]);
        assert!(advice[1].declared && advice[1].queries.is_empty());
        assert!(!advice[2].declared && advice[2].index.key_doc() == "{ customer: 1 }");
    }
}
