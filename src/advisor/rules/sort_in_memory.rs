use super::case_insensitive_match::{documents_text, many_documents};
use super::local_figures::rate;
use crate::advisor::query_shape::{Shape, FREQUENT_PER_MINUTE};
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{with_key_doc_of, AccessPattern, Id, IndexSpec, Place, QueryKind};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// When a collection declares its indexes, flags each frequent read (10 or more per
    /// minute) on 10,000 or more documents (or an unknown number) whose sort no declared
    /// index gives, while a declared index finds its documents: the planner uses that index
    /// for the filter and sorts what it finds in memory. An index gives a sort when the sort
    /// keys follow in it, in order (all in its direction or all reversed), after keys that
    /// are all equalities of the query: a range before the sort key (the ESR guideline
    /// broken) or a key the query does not match by equality (a non-prefix subset of the
    /// index) breaks the order. The built-in `_id` index gives a sort on `_id`. A read of one
    /// document (equality on `_id` or on every key of a unique index) is not flagged. A query
    /// that no declared index serves at all scans the collection: `missing-index` says so, and
    /// this rule stays silent. (`missing-index` also names a query this rule flags, for its
    /// whole shape, without repeating the sort's cost and without a fix: this rule names the
    /// sort, the index that finds the documents and the memory limit, and offers the index.)
    ///
    /// ## Why is this bad?
    /// A sort no index gives is a blocking SORT stage: every run reads every matching
    /// document and sorts them before it returns the first one, however small the page. The
    /// stage may use 100 MB of memory: past it the query fails (before MongoDB 6.0, unless it
    /// allows disk use) or spills to disk (`allowDiskUse`, the default from 6.0).
    ///
    /// ## Example
    /// Listings of a city in a price range, best rated first, with only `{city: 1, price: 1}`
    /// declared; or a tenant's latest events with `{tenant_id: 1, type: 1, at: -1}`, when the
    /// query does not match `type`.
    ///
    /// ## Use instead
    /// The index in ESR order: equality keys, then the sort keys, then the ranges
    /// (`{city: 1, rating: -1, price: 1}`; `{tenant_id: 1, at: -1}`).
    ///
    /// ## References
    /// MongoDB, "Use Indexes to Sort Query Results", "The ESR (Equality, Sort, Range)
    /// Guideline", "$sort" (memory limits) and "cursor.allowDiskUse()".
    pub SortInMemory {
        code: "DS311",
        name: "sort-in-memory",
        category: Indexes,
        severity: Warning,
    }
}

/// Whether `index` gives `shape`'s sort: the sort keys follow in it, in order and all in its
/// direction or all reversed, after keys that are all equalities of the query.
pub(crate) fn gives_order(index: &IndexSpec, shape: &Shape) -> bool {
    let Some((first, _)) = shape.sort().next() else { return true };
    let Some(at) = index.keys.iter().position(|k| k.field == first) else { return false };
    let (before, rest) = index.keys.split_at(at);
    if !before.iter().all(|k| shape.equality().any(|e| e == k.field)) {
        return false;
    }
    let n = shape.sort().len();
    let Some(part) = rest.get(..n) else { return false };
    let same = part.iter().zip(shape.sort()).all(|(k, (field, dir))| k.field == field && k.dir == dir);
    let flipped = part.iter().zip(shape.sort()).all(|(k, (field, dir))| k.field == field && k.dir == -dir);
    same || flipped
}

/// The declared index the planner finds `q`'s documents with when it sorts them in memory,
/// or `None` when the rule does not apply (see the rule's documentation).
pub(crate) fn sorts_in_memory<'a>(cx: &Context<'a>, q: &AccessPattern, shape: &Shape) -> Option<&'a IndexSpec> {
    if q.kind == QueryKind::Write || q.per_minute < FREQUENT_PER_MINUTE || shape.id_equality {
        return None;
    }
    if shape.sort().len() == 0 {
        return None;
    }
    let root = shape.root_in(cx.model)?;
    let declared = &root.collection.indexes;
    if declared.is_empty() || !many_documents(root) {
        return None;
    }
    let equality = |field: &str| shape.equality().any(|e| e == field);
    // Equality on every key of a unique index: one document at most.
    if declared.iter().any(|i| i.unique && !i.keys.is_empty() && i.keys.iter().all(|k| equality(&k.field))) {
        return None;
    }
    let by_id = shape.sort().len() == 1 && shape.sort().all(|(field, _)| field == "_id");
    if by_id || declared.iter().any(|i| gives_order(i, shape)) {
        return None;
    }
    let filtered = |field: &str| equality(field) || shape.range().any(|r| r == field);
    declared.iter().find(|i| i.keys.first().is_some_and(|k| filtered(&k.field)))
}

impl Rule for SortInMemory {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for (q, shape) in cx.model.queries.iter().zip(cx.design.shapes()) {
            let Some(shape) = shape.as_ref() else { continue };
            let Some(finder) = sorts_in_memory(cx, q, shape) else { continue };
            let Some(root) = shape.root_in(cx.model) else { continue };
            let sort = shape.sort().map(|(field, dir)| format!("{field}:{dir}")).collect::<Vec<_>>().join(", ");
            let ideal = || with_key_doc_of(shape.ideal_keys(), Arg::str);
            // The derivation kept an index for the query only while the collection's budget
            // allowed it (as `missing-index` reads it).
            let room = cx.indexes_of(&root.id).any(|i| i.queries.iter().any(|id| id == q.id.as_str()));
            let mut f = Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}, {rate}/min) sorts by {sort} in memory: the declared index {finder} finds its documents in {coll} ({docs}) but not in that order.",
                    es: "{id} ({name}, {rate}/min) ordena por {sort} en memoria: el índice declarado {finder} encuentra sus documentos en {coll} ({docs}) pero no en ese orden.",
                    pt: "{id} ({name}, {rate}/min) ordena por {sort} em memória: o índice declarado {finder} encontra seus documentos em {coll} ({docs}) mas não nessa ordem.";
                    id = &q.id, name = &q.name, rate = rate(q.per_minute), sort, finder = finder.key_doc(),
                    coll = &root.name, docs = documents_text(root)
                ),
                text!(
                    en: "A sort no index gives is a blocking SORT stage: every run reads every matching document and sorts them before returning the first, however small the page. The stage may use 100 MB of memory; past it the query fails (before MongoDB 6.0, without allowDiskUse) or spills to disk.",
                    es: "Una ordenación que ningún índice da es una etapa SORT bloqueante: cada ejecución lee todos los documentos que coinciden y los ordena antes de devolver el primero, por pequeña que sea la página. La etapa puede usar 100 MB de memoria; por encima, la consulta falla (antes de MongoDB 6.0, sin allowDiskUse) o se vuelca a disco.",
                    pt: "Uma ordenação que nenhum índice dá é um estágio SORT bloqueante: cada execução lê todos os documentos que coincidem e os ordena antes de devolver o primeiro, por menor que seja a página. O estágio pode usar 100 MB de memória; acima disso, a consulta falha (antes do MongoDB 6.0, sem allowDiskUse) ou despeja em disco."
                ),
                if room {
                    text!(
                        en: "Create {ideal} (equality, then sort, then range): the index gives the order and the query stops after the page.",
                        es: "Crea {ideal} (igualdad, luego ordenación, luego rango): el índice da el orden y la consulta se detiene tras la página.",
                        pt: "Crie {ideal} (igualdade, depois ordenação, depois intervalo): o índice dá a ordem e a consulta para depois da página.";
                        ideal = ideal()
                    )
                } else {
                    text!(
                        en: "{coll} has no room for another index: replace one that serves only rare queries with {ideal} (equality, then sort, then range).",
                        es: "{coll} no admite otro índice: sustituye uno que solo atienda consultas poco frecuentes por {ideal} (igualdad, luego ordenación, luego rango).",
                        pt: "{coll} não comporta outro índice: substitua um que atenda só consultas raras por {ideal} (igualdade, depois ordenação, depois intervalo).";
                        coll = &root.name, ideal = ideal()
                    )
                },
            );
            if room {
                f.fix = Some(Fix::AddIndex { entity: Id::new(&root.id), index: shape.ideal() });
            }
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::advisor::Fix;
    use crate::model::{Filter, FilterOp, IndexSpec, Model};

    /// Listings of a city in a price range, best rated first, with `declared` indexes.
    fn listings(declared: &[&[(&str, i8)]]) -> Model {
        let mut m = model();
        m.entities[0].collection.documents = Some(4_000_000);
        m.entities[0].collection.indexes = declared.iter().map(|keys| IndexSpec::new(keys)).collect();
        let mut q = query("L1", "c", &["city"], &[("rating", -1)]);
        q.filters.push(Filter::new("price", FilterOp::Range));
        q.per_minute = 900.0;
        q.page_size = Some(20);
        m.queries.push(q);
        m
    }

    #[test]
    fn a_range_before_the_sort_key_sorts_in_memory() {
        use crate::i18n::Lang;
        let mut m = listings(&[&[("city", 1), ("price", 1)]]);
        let f = findings(&m, "DS311");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "L1 (L1, 900/min) sorts by rating:-1 in memory: the declared index { city: 1, price: 1 } finds its documents \
             in items (4,000,000 documents) but not in that order."
        );
        assert!(f[0].why.en().contains("100 MB"));
        assert!(f[0].message.render(Lang::Es).contains("ordena por rating:-1 en memoria"));
        assert!(f[0].message.render(Lang::Pt).contains("ordena por rating:-1 em memória"));
        let fix = f[0].fix.clone().expect("a fix");
        let want = IndexSpec::new(&[("city", 1), ("rating", -1), ("price", 1)]);
        assert_eq!(fix, Fix::AddIndex { entity: "c".into(), index: want });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS311").is_empty(), "the fix resolves it");
    }

    #[test]
    fn a_sort_on_a_non_prefix_subset_needs_equality_on_the_keys_before_it() {
        let mut m = listings(&[&[("tenant_id", 1), ("type", 1), ("at", -1)]]);
        m.queries.clear();
        let mut e1 = query("E1", "c", &["tenant_id"], &[("at", -1)]);
        e1.per_minute = 600.0;
        let mut e2 = query("E2", "c", &["tenant_id", "type"], &[("at", -1)]);
        e2.per_minute = 300.0;
        m.queries.extend([e1, e2]);
        let f = findings(&m, "DS311");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, crate::model::Place::Query { id: "E1".into() });
    }

    #[test]
    fn served_sorts_single_documents_id_sorts_scans_and_small_collections_pass() {
        assert!(findings(&listings(&[&[("city", 1), ("rating", -1), ("price", 1)]]), "DS311").is_empty(), "ESR");
        assert!(findings(&listings(&[&[("city", 1), ("rating", 1)]]), "DS311").is_empty(), "read backwards");
        assert!(findings(&listings(&[&[("owner", 1)]]), "DS311").is_empty(), "a scan: missing-index's");
        assert!(findings(&listings(&[]), "DS311").is_empty(), "no declared indexes: the derived one serves it");
        let mut small = listings(&[&[("city", 1), ("price", 1)]]);
        small.entities[0].collection.documents = Some(2_000);
        assert!(findings(&small, "DS311").is_empty(), "a handful of documents");
        let mut unique = listings(&[&[("city", 1), ("price", 1)]]);
        unique.entities[0].collection.indexes[0].unique = true;
        unique.queries[0].filters[1].op = FilterOp::Equality;
        assert!(findings(&unique, "DS311").is_empty(), "one document at most");
        let mut by_id = listings(&[&[("city", 1), ("price", 1)]]);
        by_id.queries[0].sort[0].field = "_id".into();
        assert!(findings(&by_id, "DS311").is_empty(), "the _id index gives it");
    }
}
