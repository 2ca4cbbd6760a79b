//! Indexes derived from the access patterns, merged with the ones the designer declared.
//!
//! Each pattern that filters or sorts gets a compound index following its query shape:
//! equality fields, then sort fields (with the tie-breaker), then range fields (ESR). A
//! bucket relation's retention gives a TTL index on the bucket's period field. An index
//! whose keys are a prefix of another on the same collection is served by the longer one.
//!
//! Not every query earns an index (seed 002): on a write-heavy collection a rare pattern
//! (`index_budget::is_rare`, under one run an hour) gets none of its own; it is only noted on
//! an index that serves it anyway. Each collection stays within its index budget
//! (`index_budget::Load::budget`): when the derived indexes would exceed it, those serving
//! the fewest runs per minute are left out, so `too-many-indexes` never flags the advice.

use super::index_budget::{is_rare, loads, rate, Load};
use super::index_reason;
use super::paths::Layout;
use super::query_shape::{shapes, Shapes};
use super::IndexAdvice;
use crate::fast_hash::FastMap;
use crate::model::{Entity, Id, Model, Storage};
use std::sync::Arc;

mod merge;
use merge::{absorbs, fold_into, id_at, merge, trim, Candidate, Found, Keys, NONE};

/// Derived and declared indexes of every collection, collection by collection.
pub fn derive(model: &Model) -> Vec<IndexAdvice> {
    let layout = Layout::new(model);
    derive_with(&layout, &Shapes::new(shapes(&layout)), &loads(&layout)).advice
}

/// The indexes of a model, with which one serves each query (by position).
pub(crate) struct Derived {
    /// Collection by collection, as [`derive`] returns them.
    pub advice: Vec<IndexAdvice>,
    /// Where each query's index is, when no two elements of the model share an id.
    pub links: Option<Links>,
}

/// Which index holds each query, and where each collection's indexes are.
pub(crate) struct Links {
    /// By query position: the position in `advice` of the index that lists it (`u32::MAX`: none).
    owners: Vec<u32>,
    /// Each collection with indexes (its position in the model's entities), with the range of
    /// its indexes in `advice`, in model order.
    spans: Vec<(u32, u32, u32)>,
}

impl Links {
    /// The position of the index that lists the query at position `query`.
    pub fn owner(&self, query: usize) -> Option<usize> {
        self.owners.get(query).copied().filter(|&p| p != NONE).map(|p| p as usize)
    }

    /// The range in `advice` of the indexes of the collection at position `root`.
    pub fn span(&self, root: usize) -> std::ops::Range<usize> {
        let at = self.spans.partition_point(|s| (s.0 as usize) < root);
        match self.spans.get(at) {
            Some(&(r, start, end)) if r as usize == root => start as usize..end as usize,
            _ => 0..0,
        }
    }
}

/// `derive` with the look-ups, the query shapes (`query_shape::shapes`) and the collection
/// loads (`index_budget::loads`) already built.
pub(crate) fn derive_with(layout: &Layout, shapes: &Shapes, loads: &FastMap<&str, Load>) -> Derived {
    let model = layout.model;
    let ids = layout.ids();
    // Indexes are grouped by collection id, as one position per id: two collections with one
    // id share their group (the first takes it).
    let repeat = ids.entity_ids_repeat();
    let group_of = |pos: usize| -> usize {
        match repeat {
            true => model.entities.get(pos).and_then(|e| ids.entity_position(&e.id)).unwrap_or(pos),
            false => pos,
        }
    };
    let mut found = Found::new(model.entities.len(), model.queries.len());
    for (at, (q, shape)) in model.queries.iter().zip(shapes.iter()).enumerate() {
        let Some(shape) = shape else { continue };
        if !shape.needs_index() {
            continue;
        }
        let Some(root) = shape.root_in(model) else { continue };
        let Ok(position) = u32::try_from(at) else { continue };
        let write_heavy = loads.get(root.id.as_str()).is_some_and(Load::write_heavy);
        let candidate = Candidate {
            origin: 0,
            keys: Keys::Derived(shape),
            first: position,
            more: Vec::new(),
            reason: index_reason::derived(&q.id, shapes, at),
            multikey: shape.multikey(),
            declared: false,
        };
        found.add(group_of(shape.root), write_heavy && is_rare(q), candidate);
    }
    for r in &model.relations {
        let (Storage::Bucket, Some(b)) = (r.storage, r.bucket.as_ref()) else { continue };
        let (Some(ttl), Some(field)) = (b.ttl_seconds, b.period_field.as_ref()) else { continue };
        let Some(at) = ids.entity_position(&r.child) else { continue };
        if !model.entities.get(at).is_some_and(|e| layout.is_collection(e)) {
            continue;
        }
        let candidate = Candidate {
            origin: 0,
            keys: Keys::Ttl(field, ttl),
            first: NONE,
            more: Vec::new(),
            reason: index_reason::ttl(ttl, field, &r.id),
            multikey: false,
            declared: false,
        };
        found.add(group_of(at), false, candidate);
    }
    // The runs per minute of each query id, gathered only when some collection is over budget.
    let mut rates: Option<FastMap<&str, f64>> = None;
    let declared: usize = model.entities.iter().map(|e| e.collection.indexes.len()).sum();
    let mut advice = Vec::with_capacity(found.len() + declared);
    let mut owners = vec![NONE; model.queries.len()];
    let mut spans = Vec::new();
    // The collections with their positions (they come in model order, by reference).
    let mut positions = model.entities.iter().enumerate();
    for root in layout.collections() {
        let Some((pos, _)) = positions.find(|(_, e)| std::ptr::eq(*e, root)) else { continue };
        // Two collections with one id share their group: the first takes it.
        let group = group_of(pos);
        if !found.has(group) && root.collection.indexes.is_empty() {
            continue;
        }
        let (mut derived, mut rare) = (Vec::new(), Vec::new());
        found.take(group, &mut derived, &mut rare);
        if derived.is_empty() && root.collection.indexes.is_empty() {
            // Only rare patterns' indexes, and nothing to fold them into: they stay for
            // another collection with the same id.
            for candidate in rare {
                found.add(group, true, candidate);
            }
            continue;
        }
        for (i, candidate) in derived.iter_mut().enumerate() {
            candidate.origin = u32::try_from(i + 1).unwrap_or(u32::MAX);
        }
        let mut kept = merge(model, declared_of(root), derived);
        let budget = loads.get(root.id.as_str()).copied().unwrap_or_default().budget(&model.thresholds);
        if kept.len() > budget {
            trim(model, &mut kept, budget, rates.get_or_insert_with(|| rates_of(layout, shapes)));
        }
        for rare in rare {
            if let Some(host) = kept.iter_mut().find(|k| absorbs(k, &rare)) {
                fold_into(model, host, rare);
            }
        }
        let first = advice.len();
        for c in kept {
            let at = u32::try_from(advice.len()).unwrap_or(NONE);
            for q in c.queries() {
                if let Some(owner) = owners.get_mut(q as usize).filter(|o| **o == NONE) {
                    *owner = at;
                }
            }
            advice.push(IndexAdvice {
                entity: Id::new(&root.id),
                index: Arc::new(c.keys.spec()),
                queries: c.queries().map(|q| Id::new(id_at(model, q))).collect(),
                reason: c.reason,
                multikey: c.multikey,
                declared: c.declared,
            });
        }
        let span = |p: usize| u32::try_from(p).unwrap_or(NONE);
        spans.push((span(pos), span(first), span(advice.len())));
    }
    let links = ids.repeats().is_empty().then_some(Links { owners, spans });
    Derived { advice, links }
}

/// The runs per minute of every query that derives an index, by query id (summed when ids repeat).
fn rates_of<'m>(layout: &Layout<'m>, shapes: &Shapes) -> FastMap<&'m str, f64> {
    let mut rates: FastMap<&str, f64> = FastMap::default();
    for (q, shape) in layout.model.queries.iter().zip(shapes.iter()) {
        let Some(shape) = shape else { continue };
        if shape.needs_index() && shape.root_in(layout.model).is_some() {
            *rates.entry(q.id.as_str()).or_default() += rate(q);
        }
    }
    rates
}

/// The indexes the designer declared on `root`.
fn declared_of(root: &Entity) -> Vec<Candidate<'_>> {
    root.collection
        .indexes
        .iter()
        .map(|index| Candidate {
            origin: 0,
            keys: Keys::Declared(index),
            first: NONE,
            more: Vec::new(),
            reason: index_reason::declared(),
            multikey: false,
            declared: true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{load, AccessPattern, Entity, Filter, FilterOp, IndexSpec, SortKey};

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
        let c7 = advice.iter().find(|a| a.queries.iter().any(|q| q == "C7")).expect("C7's index");
        assert!(!c7.multikey && c7.reason.contains("ESR"), "{}", c7.reason);
        assert!(advice.iter().all(|a| !a.declared));
        assert!(!advice.iter().any(|a| a.queries.iter().any(|q| q == "C1" || q == "C6")), "_id lookups need none");
    }

    #[test]
    fn bibliored_index_reasons_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let advice = derive(&bibliored());
        let c7 = advice.iter().find(|a| a.queries == ["C7"]).expect("C7's index");
        assert_eq!(
            c7.reason.en(),
            "Serves C7: equality on socio_id, then the sort dia:-1, which also bounds the range on dia. \
             ESR order: equality, then sort, then range."
        );
        assert_eq!(
            c7.reason.render(Lang::Es),
            "Atiende C7: igualdad en socio_id, luego la ordenación dia:-1, que además acota el rango en dia. \
             Orden ESR: igualdad, luego ordenación, luego rango."
        );
        assert_eq!(
            c7.reason.render(Lang::Pt),
            "Atende C7: igualdade em socio_id, depois a ordenação dia:-1, que também delimita o intervalo em dia. \
             Ordem ESR: igualdade, depois ordenação, depois intervalo."
        );
        let c8 = advice.iter().find(|a| a.queries == ["C8"]).expect("C8's index");
        assert_eq!(
            c8.reason.render(Lang::Es),
            "Atiende C8: igualdad en eventos.material_id. \
             Multiclave: eventos.material_id es una ruta de array, una entrada de índice por elemento."
        );
        let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
        assert_eq!(
            ttl.reason.render(Lang::Pt),
            "TTL: o MongoDB apaga cada bucket 63072000 s (2 anos) após o seu dia, a retenção de socio-actividad."
        );
        assert!(ttl.reason.render(Lang::Es).contains("63072000 s (2 años) después de su dia"), "{}", ttl.reason);
        for a in &advice {
            assert!(a.reason.is_translated() && a.reason.check().is_ok(), "{}", a.reason);
        }
    }

    #[test]
    fn a_ttl_of_part_days_reads_with_local_decimals() {
        use crate::i18n::Lang;
        let mut m = bibliored();
        let bucket = m.relations.iter_mut().find_map(|r| r.bucket.as_mut()).expect("the activity bucket");
        bucket.ttl_seconds = Some(129_600);
        let advice = derive(&m);
        let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
        assert!(ttl.reason.contains("129600 s (1.5 days)"), "{}", ttl.reason);
        assert!(ttl.reason.render(Lang::Es).contains("129600 s (1,5 días)"), "{}", ttl.reason.render(Lang::Es));
        assert!(ttl.reason.render(Lang::Pt).contains("129600 s (1,5 dias)"), "{}", ttl.reason.render(Lang::Pt));
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
        assert!(advice[0]
            .reason
            .en()
            .ends_with("pages never repeat or skip documents. Also serves a through its prefix."));
        let es = advice[0].reason.render(crate::i18n::Lang::Es);
        assert!(es.starts_with("Atiende b: igualdad en status, luego la ordenación createdAt:-1, _id:-1."), "{es}");
        assert!(es.ends_with("nunca repiten ni saltan documentos. También atiende a gracias a su prefijo."), "{es}");
        let pt = advice[0].reason.render(crate::i18n::Lang::Pt);
        assert!(pt.contains("_id fecha a ordenação como desempate único") && pt.ends_with("pelo seu prefixo."), "{pt}");
    }

    #[test]
    fn declared_indexes_absorb_what_they_serve() {
        let declared = vec![IndexSpec::new(&[("status", 1), ("createdAt", -1)]), IndexSpec::new(&[("sku", 1)])];
        let m =
            model_with(vec![query("a", &["status"], &[("createdAt", -1)]), query("c", &["customer"], &[])], declared);
        let advice = derive(&m);
        assert_eq!(advice.len(), 3, "{advice:?}");
        assert!(advice[0].declared && advice[0].queries == ["a"]);
        assert!(advice[0].reason.en().starts_with("Declared by the designer. Serves a: equality on status"));
        let pt = advice[0].reason.render(crate::i18n::Lang::Pt);
        assert!(pt.starts_with("Declarado por quem projeta o modelo. Atende a: igualdade em status"), "{pt}");
        assert_eq!(advice[1].reason.render(crate::i18n::Lang::Es), "Declarado por quien diseña el modelo.");
        assert!(advice[1].declared && advice[1].queries.is_empty());
        assert!(!advice[2].declared && advice[2].index.key_doc() == "{ customer: 1 }");
    }

    fn write(id: &str, per_minute: f64) -> AccessPattern {
        let mut w = query(id, &["_id"], &[]);
        w.kind = crate::model::QueryKind::Write;
        w.per_minute = per_minute;
        w
    }

    fn rated(id: &str, eq: &[&str], sort: &[(&str, i8)], per_minute: f64) -> AccessPattern {
        let mut q = query(id, eq, sort);
        q.per_minute = per_minute;
        q
    }

    #[test]
    fn rare_reports_on_a_write_heavy_collection_get_no_index_of_their_own() {
        let queries = vec![
            write("w", 1500.0),
            rated("q", &["status"], &[("createdAt", -1)], 100.0),
            rated("monthly", &["store"], &[], 1.0 / 43_200.0),
            rated("daily", &["status"], &[], 4.0 / 1440.0),
        ];
        let advice = derive(&model_with(queries.clone(), vec![]));
        assert_eq!(advice.len(), 1, "{advice:?}");
        assert_eq!(advice[0].index.key_doc(), "{ status: 1, createdAt: -1 }");
        assert_eq!(advice[0].queries, ["q", "daily"], "a rare query is noted where an index serves it anyway");
        assert!(advice[0].reason.contains("Also serves daily through its prefix"), "{}", advice[0].reason);
        let mut read_mostly = queries;
        read_mostly[0].per_minute = 10.0;
        let advice = derive(&model_with(read_mostly, vec![]));
        assert!(advice.iter().any(|a| a.queries == ["monthly"]), "reads dominate: the report may keep its index");
    }

    #[test]
    fn a_write_heavy_collection_keeps_the_nine_busiest_indexes() {
        let mut queries = vec![write("w", 5000.0)];
        for i in 0..12 {
            queries.push(rated(&format!("q{i}"), &[&format!("f{i}")], &[], 10.0 + i as f64));
        }
        let advice = derive(&model_with(queries.clone(), vec![]));
        assert_eq!(advice.len(), 9, "{advice:?}");
        assert!(advice.iter().all(|a| !["q0", "q1", "q2"].contains(&a.queries[0].as_str())), "{advice:?}");
        let declared: Vec<IndexSpec> = (0..8).map(|i| IndexSpec::new(&[(&format!("d{i}"), 1)])).collect();
        let advice = derive(&model_with(queries, declared));
        assert_eq!(advice.len(), 9, "declared indexes take the budget first: {advice:?}");
        assert_eq!(advice.iter().filter(|a| a.declared).count(), 8);
        assert_eq!(advice[8].queries, ["q11"]);
    }
}
