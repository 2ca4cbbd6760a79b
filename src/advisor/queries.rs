//! How each access pattern is served: by one document (its aggregate, with the copies it
//! keeps) or by several reads, and by which index.

use super::indexes::Links;
use super::paths::Layout;
use super::query_shape::{shapes, Shape};
use super::{IndexAdvice, QueryAdvice};
use crate::i18n::Arg;
use crate::keyed::HashMap;
use crate::model::{AccessPattern, Id, IndexSpec, Model, QueryKind};
use crate::text;
use std::sync::Arc;

mod explain;
mod lookup;
mod reach;
use explain::{How, Tail, What};
use lookup::Lookup;
use reach::{kept_in, reach, Clause, Reach};

/// One advice per access pattern, in model order.
pub fn advise(model: &Model, indexes: &[IndexAdvice]) -> Vec<QueryAdvice> {
    let layout = Layout::new(model);
    advise_with(&layout, &shapes(&layout), indexes, None)
}

/// `advise` with the look-ups and the query shapes already built, and, when known, which
/// index lists each query (`links`, from `indexes::derive_with`).
pub(crate) fn advise_with(
    layout: &Layout,
    shapes: &[Option<Shape>],
    indexes: &[IndexAdvice],
    links: Option<&Links>,
) -> Vec<QueryAdvice> {
    let lookup = match links {
        Some(links) => Lookup::Linked(indexes, links),
        None => {
            let mut by_root: HashMap<&str, Vec<&IndexAdvice>> = HashMap::default();
            for a in indexes {
                by_root.entry(a.entity.as_str()).or_default().push(a);
            }
            Lookup::ById(by_root)
        }
    };
    // The built-in `_id` index, built once and shared by the queries it serves.
    let mut id_index = None;
    let n = layout.model.queries.len();
    let mut advice = Vec::with_capacity(n);
    for (at, (q, s)) in layout.model.queries.iter().zip(shapes).enumerate() {
        advice.push(advise_one(layout, &lookup, &mut id_index, at, q, s.as_ref()));
    }
    advice
}

/// The advice on one query, with its explanation.
fn advise_one(
    layout: &Layout,
    lookup: &Lookup,
    id_index: &mut Option<Arc<IndexSpec>>,
    at: usize,
    q: &AccessPattern,
    shape: Option<&Shape>,
) -> QueryAdvice {
    let start = layout.ids().start_of(q);
    let root_at = start.and_then(|at| layout.root_at(at));
    let Some((root_at, root)) = root_at.and_then(|r| Some((r, layout.model.entities.get(r)?))) else {
        let what = match start.and_then(|at| layout.model.entities.get(at)) {
            Some(e) if e.is_external() => kept_in(e),
            Some(e) => text!(
                en: "{entity} is not stored in any collection",
                es: "{entity} no se guarda en ninguna colección",
                pt: "{entity} não é guardado em nenhuma coleção";
                entity = &e.name
            ),
            None => text!(
                en: "{entity} does not exist", es: "{entity} no existe", pt: "{entity} não existe";
                entity = &q.entity
            ),
        };
        let explanation = text!(
            en: "{what}: MongoDB does not serve this access pattern.",
            es: "{what}: MongoDB no atiende este patrón de acceso.",
            pt: "{what}: o MongoDB não atende este padrão de acesso.";
            what
        );
        return QueryAdvice { query: Id::new(&q.id), single_document: false, index: None, explanation };
    };
    let write = q.kind == QueryKind::Write;
    // Where each touched entity's data is: those of data kept apart replace those of copies
    // when there are any.
    let mut clauses: Vec<Clause> = Vec::new();
    let mut apart = 0;
    for (e, at) in q.touches.iter().zip(layout.ids().touched_of(q)).filter(|(e, _)| **e != q.entity) {
        if let Reach::Apart = reach(layout, root_at, e, at, write, &mut clauses) {
            apart += 1;
        }
    }
    let copied = clauses.len() > apart;
    let single = apart == 0 && !q.uses_lookup;
    let how = if apart > 0 {
        if copied {
            clauses.retain(Clause::is_apart);
        }
        if write {
            How::Changes
        } else {
            How::Needs
        }
    } else if q.uses_lookup {
        clauses.clear();
        How::Lookup
    } else if copied {
        How::Copied
    } else if write {
        How::WriteOne
    } else {
        How::Alone
    };
    let first = explain::first(how, Arg::from(&root.name), &clauses);
    let (index, tail) = match shape {
        Some(s) if s.id_equality => {
            (Some(id_index.get_or_insert_with(|| Arc::new(IndexSpec::new(&[("_id", 1)]))).clone()), Tail::IdIndex)
        }
        Some(s) if s.needs_index() => match lookup.chosen(at, &q.id, root, s) {
            Some(a) => {
                let tail = Tail::Served {
                    index: a.index.clone(),
                    declared: a.declared,
                    multikey: a.multikey,
                    what: what_served(s),
                };
                (Some(a.index.clone()), tail)
            }
            // Not served whole: an index on part of its shape is still what the planner uses.
            None => match lookup.partly(root, s) {
                Some(a) => (None, Tail::Partly { index: a.index.clone(), declared: a.declared }),
                None => (None, Tail::NoIndex),
            },
        },
        _ => (None, Tail::None),
    };
    let explanation = tail.after(first);
    QueryAdvice { query: Id::new(&q.id), single_document: single, index, explanation }
}

/// What an index that serves the query serves of it: its filter, its sort, or both.
fn what_served(s: &Shape) -> What {
    match (s.is_empty(), s.sort().len() == 0) {
        (_, true) => What::Filter,
        (true, false) => What::Sort,
        (false, false) if s.equality().len() == 0 && s.range().len() == 0 => What::Sort,
        _ => What::FilterAndSort,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::indexes::derive;
    use crate::model::load;
    use crate::model::Entity;

    fn advice() -> (Model, Vec<QueryAdvice>) {
        let m = load(include_str!("../../public/templates/bibliored.json")).expect("template loads");
        let idx = derive(&m);
        let q = advise(&m, &idx);
        (m, q)
    }

    fn get<'a>(v: &'a [QueryAdvice], id: &str) -> &'a QueryAdvice {
        v.iter().find(|q| q.query == id).expect("query advice")
    }

    #[test]
    fn an_index_on_part_of_the_shape_is_not_a_collection_scan() {
        use crate::i18n::Lang;
        // Q2 filters on status and sorts on criado_em: { status: 1 } and { criado_em: -1 } each
        // serve part of it, none the whole (DS302 proposes the compound).
        let mut m = load(include_str!("../../public/templates/anti-index-per-query.json")).expect("template loads");
        let v = advise(&m, &derive(&m));
        let q2 = get(&v, "Q2");
        assert_eq!(q2.index, None, "not served whole");
        assert_eq!(
            q2.explanation.en(),
            "Served by pedidos documents alone: no second read. No index serves its whole shape: the declared index \
             { status: 1 } serves part of it, and the rest is filtered or sorted in memory."
        );
        assert!(
            q2.explanation.render(Lang::Es).ends_with(
                "Ningún índice atiende su forma completa: el índice declarado { status: 1 } atiende una parte, y el resto se filtra u ordena en memoria."
            ),
            "{}",
            q2.explanation.render(Lang::Es)
        );
        assert!(q2.explanation.render(Lang::Pt).contains("o índice declarado { status: 1 } atende uma parte"));
        // With neither index, the collection is scanned, and the explanation says so.
        m.entities[0]
            .collection
            .indexes
            .retain(|i| !matches!(i.keys.first(), Some(k) if k.field == "status" || k.field == "criado_em"));
        let v = advise(&m, &derive(&m));
        let q2 = get(&v, "Q2");
        assert!(
            q2.explanation.en().ends_with("No index serves it: every run scans the collection."),
            "{}",
            q2.explanation
        );
    }

    #[test]
    fn a_write_across_aggregates_lists_them_once() {
        use crate::i18n::Lang;
        let m = load(include_str!("../../public/templates/anti-live-copy.json")).expect("template loads");
        let v = advise(&m, &derive(&m));
        let l6 = &get(&v, "L6").explanation;
        assert!(
            l6.en().starts_with("Changes clientes, carrinhos, chamados and avaliacoes: more than one aggregate"),
            "{l6}"
        );
        assert!(l6
            .render(Lang::Es)
            .starts_with("Cambia clientes, carrinhos, chamados y avaliacoes: más de un agregado"));
        assert!(l6
            .render(Lang::Pt)
            .starts_with("Altera clientes, carrinhos, chamados e avaliacoes: mais de um agregado"));
    }

    #[test]
    fn bibliored_c1_is_one_document_by_id() {
        let (m, v) = advice();
        assert_eq!(v.len(), m.queries.len());
        let c1 = get(&v, "C1");
        assert!(c1.single_document, "{}", c1.explanation);
        assert_eq!(c1.index.as_deref(), Some(&IndexSpec::new(&[("_id", 1)])));
        assert!(c1.explanation.contains("resenas_destacadas"), "{}", c1.explanation);
    }

    #[test]
    fn bibliored_list_queries_use_their_derived_index() {
        let (_, v) = advice();
        let c2 = get(&v, "C2");
        assert!(c2.single_document);
        assert_eq!(c2.index.as_deref(), Some(&IndexSpec::new(&[("material.material_id", 1), ("votos_utiles", -1)])));
        let c8 = get(&v, "C8");
        assert!(c8.explanation.contains("multikey"), "{}", c8.explanation);
    }

    #[test]
    fn bibliored_explanations_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let (_, v) = advice();
        let c1 = &get(&v, "C1").explanation;
        assert_eq!(
            c1.en(),
            "One catalogo document serves it: resenas come from the subset resenas_destacadas (the 5 kept), \
             valoracion is computed from resenas. The built-in _id index finds the document."
        );
        assert_eq!(
            c1.render(Lang::Es),
            "Un documento de catalogo lo atiende: resenas vienen del subconjunto resenas_destacadas (los 5 que se \
             guardan), valoracion se calcula a partir de resenas. El índice nativo de _id encuentra el documento."
        );
        assert_eq!(
            c1.render(Lang::Pt),
            "Um documento de catalogo o atende: resenas vêm do subconjunto resenas_destacadas (os 5 guardados), \
             valoracion é calculado a partir de resenas. O índice nativo de _id encontra o documento."
        );
        let c8 = &get(&v, "C8").explanation;
        assert_eq!(
            c8.render(Lang::Es),
            "Lo atienden solo documentos de actividad: sin segunda lectura. \
             El índice { \"eventos.material_id\": 1 } (multiclave) atiende su filtro."
        );
        assert_eq!(
            c8.render(Lang::Pt),
            "Atendido apenas por documentos de actividad: sem segunda leitura. \
             O índice { \"eventos.material_id\": 1 } (multichave) atende seu filtro."
        );
        let w1 = &get(&v, "W1").explanation;
        assert!(w1.render(Lang::Es).starts_with("Cambia resenas y catalogo: más de un agregado"), "{w1}");
        assert!(w1.render(Lang::Pt).contains("precisa de uma transação multidocumento"), "{w1}");
        for a in &v {
            assert!(a.explanation.is_translated() && a.explanation.check().is_ok(), "{}", a.explanation);
        }
    }

    #[test]
    fn a_large_subset_reads_with_local_separators() {
        use crate::i18n::Lang;
        let mut m = load(include_str!("../../public/templates/bibliored.json")).expect("template loads");
        let subset = m.relations.iter_mut().find_map(|r| r.subset.as_mut()).expect("the featured reviews");
        subset.size = 1500;
        let v = advise(&m, &derive(&m));
        let c1 = &get(&v, "C1").explanation;
        assert!(c1.contains("(the 1,500 kept)"), "{c1}");
        assert!(c1.render(Lang::Es).contains("(los 1.500 que se guardan)"), "{}", c1.render(Lang::Es));
        assert!(c1.render(Lang::Pt).contains("(os 1.500 guardados)"), "{}", c1.render(Lang::Pt));
    }

    #[test]
    fn queries_find_their_index_by_position_as_they_would_by_id() {
        use crate::advisor::{indexes::derive_with, Design};
        let mut models: Vec<Model> = std::fs::read_dir("public/templates")
            .expect("the gallery")
            .map(|f| load(&std::fs::read_to_string(f.expect("a file").path()).expect("a template")).expect("loads"))
            .collect();
        models.extend([20, 100].map(|n| crate::model::synthetic::generate(n, 7)));
        let mut linked_served = 0;
        for m in &models {
            let design = Design::new(m);
            let (layout, shapes) = (design.layout(), design.shared_shapes());
            let derived = derive_with(layout, shapes, design.loads());
            let links = derived.links.as_ref().expect("no repeated ids: linked");
            let linked = advise_with(layout, shapes, &derived.advice, Some(links));
            assert_eq!(linked, advise_with(layout, shapes, &derived.advice, None), "{}", m.name);
            linked_served +=
                linked.iter().filter(|a| a.index.as_ref().is_some_and(|i| i.keys[0].field != "_id")).count();
            for a in linked.iter().filter_map(|a| a.index.as_ref()) {
                let shared = derived.advice.iter().any(|d| Arc::ptr_eq(&d.index, a));
                assert!(shared || a.keys[0].field == "_id", "the index advice's own, not a copy");
            }
        }
        assert!(linked_served > 100, "{linked_served}");
        // Repeated ids: no links, the look-up by id.
        let mut m = models.swap_remove(0);
        let twin = m.entities[0].clone();
        m.entities.push(twin);
        let design = Design::new(&m);
        let derived = derive_with(design.layout(), design.shared_shapes(), design.loads());
        assert!(derived.links.is_none());
    }

    #[test]
    fn a_write_across_aggregates_is_not_single_document() {
        let (_, v) = advice();
        let w1 = get(&v, "W1");
        assert!(!w1.single_document, "{}", w1.explanation);
        assert!(w1.explanation.contains("transaction"), "{}", w1.explanation);
        assert_eq!(w1.index, None);
    }

    #[test]
    fn data_kept_apart_replaces_the_copies_in_the_explanation() {
        use crate::model::{CopiedField, CopyCategory, Relation, Storage};
        let mut m = Model::new("t");
        for (id, name) in [("a", "orders"), ("b", "customers"), ("c", "shops"), ("d", "couriers")] {
            m.entities.push(Entity::new(id, name));
        }
        let mut copied = Relation::new("r1", "b", "a", Storage::Reference);
        copied.extended.push(CopiedField {
            field: "name".into(),
            as_field: None,
            category: Some(CopyCategory::default()),
            propagation: None,
            used_to_decide: false,
        });
        m.relations.push(copied);
        m.relations.push(Relation::new("r2", "c", "a", Storage::Reference));
        m.relations.push(Relation::new("r3", "d", "a", Storage::Reference));
        let mut q = AccessPattern::new("q", "order with customer, shop and courier", "a");
        q.touches = vec!["c".into(), "b".into(), "d".into()];
        m.queries.push(q.clone());
        q.id = "only_copies".into();
        q.touches = vec!["b".into()];
        m.queries.push(q);
        let v = advise(&m, &derive(&m));
        assert!(!v[0].single_document);
        assert_eq!(
            v[0].explanation.en(),
            "Needs a second read or a $lookup: shops is its own collection; couriers is its own collection."
        );
        assert!(v[1].single_document);
        assert_eq!(
            v[1].explanation.en(),
            "One orders document serves it: name of customers are copied in (extended reference)."
        );
    }

    #[test]
    fn a_read_of_another_collection_without_copies_needs_a_second_read() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "orders"));
        m.entities.push(Entity::new("b", "customers"));
        m.relations.push(crate::model::Relation::new("r", "b", "a", crate::model::Storage::Reference));
        let mut q = AccessPattern::new("q", "order with customer", "a");
        q.touches.push("b".into());
        m.queries.push(q);
        let v = advise(&m, &derive(&m));
        assert!(!v[0].single_document);
        assert!(v[0].explanation.contains("customers is its own collection"), "{}", v[0].explanation);
        assert_eq!(
            v[0].explanation.render(crate::i18n::Lang::Es),
            "Necesita una segunda lectura o un $lookup: customers es una colección propia."
        );
        assert_eq!(v[0].index, None, "no filter, no index");
    }
}
