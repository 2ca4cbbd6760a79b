use crate::advisor::query_shape::{serves, Shape};
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::model::{Id, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags an access pattern whose query shape has two or more keys (equality, sort,
    /// range) when the collection declares a single-field index on two or more of them but
    /// no index that serves the whole shape.
    ///
    /// ## Why is this bad?
    /// MongoDB answers a query with one index (index intersection is rarely chosen), so
    /// `{status: 1}` and `{createdAt: 1}` leave the query to scan every pending order and
    /// sort them in memory, while two indexes are maintained on every write. One compound
    /// index in ESR order (equality, sort, range) serves the shape and returns results
    /// already sorted.
    ///
    /// ## Example
    /// Indexes `{businessId: 1}`, `{status: 1}`, `{createdAt: -1}` for "pending orders of a
    /// business, newest first".
    ///
    /// ## Use instead
    /// `{businessId: 1, status: 1, createdAt: -1, _id: -1}`; drop the single-field indexes
    /// no other query needs.
    ///
    /// ## References
    /// The course lesson on access patterns (indexes serve whole query shapes); the BiblioRed
    /// lesson on document modelling, "Los índices, brevemente"; MongoDB, "The ESR (Equality, Sort,
    /// Range) Guideline".
    pub SingleFieldIndexes {
        code: "DS302",
        name: "single-field-indexes",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for SingleFieldIndexes {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for (q, shape) in cx.model.queries.iter().zip(cx.design.shapes()) {
            let Some(shape) = shape else { continue };
            if !shape.needs_index() || shape.key_count() < 2 {
                continue;
            }
            let Some(root) = shape.root_in(cx.model) else { continue };
            let declared = &root.collection.indexes;
            // Two single-field indexes are needed at all: most collections declare none.
            if declared.iter().filter(|i| i.keys.len() == 1).nth(1).is_none()
                || declared.iter().any(|i| serves(i, shape))
            {
                continue;
            }
            if declared.iter().filter(|i| single_on(i, shape)).nth(1).is_none() {
                continue;
            }
            let singles = singles_on(declared, shape);
            let ideal = shape.ideal();
            let mut f = Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}) has single-field indexes {singles} on {coll}, but no index serves its whole shape {ideal}.",
                    es: "{id} ({name}) tiene índices de un solo campo {singles} en {coll}, pero ningún índice atiende su forma completa {ideal}.",
                    pt: "{id} ({name}) tem índices de campo único {singles} em {coll}, mas nenhum índice atende sua forma completa {ideal}.";
                    id = &q.id, name = &q.name, singles = singles.join(", "), coll = &root.name, ideal = ideal.key_doc()
                ),
                text!(
                    en: "MongoDB uses one index per query: the other fields are filtered or sorted in memory, while every single-field index still costs each write.",
                    es: "MongoDB usa un índice por consulta: los demás campos se filtran u ordenan en memoria, mientras cada índice de un solo campo sigue costando en cada escritura.",
                    pt: "O MongoDB usa um índice por consulta: os outros campos são filtrados ou ordenados em memória, enquanto cada índice de campo único continua custando em cada escrita."
                ),
                text!(
                    en: "Create the compound index {ideal} (equality, sort, range) and drop the single-field ones no other query needs.",
                    es: "Crea el índice compuesto {ideal} (igualdad, ordenación, rango) y elimina los de un solo campo que ninguna otra consulta necesite.",
                    pt: "Crie o índice composto {ideal} (igualdade, ordenação, intervalo) e remova os de campo único de que nenhuma outra consulta precise.";
                    ideal = ideal.key_doc()
                ),
            );
            f.fix = Some(Fix::AddIndex { entity: Id::new(&root.id), index: ideal });
            out.push(f);
        }
    }
}

/// The declared single-field indexes (key documents) on one of the keys of `shape`'s ideal index.
pub(super) fn singles_on(declared: &[IndexSpec], shape: &Shape) -> Vec<String> {
    declared.iter().filter(|i| single_on(i, shape)).map(|i| i.key_doc()).collect()
}

/// Whether `index` is a single-field (non-TTL) index on one of the keys of `shape`'s ideal
/// index (what [`singles_on`] lists, tested without building the key documents or the ideal index).
pub(super) fn single_on(index: &IndexSpec, shape: &Shape) -> bool {
    let [single] = index.keys.as_slice() else { return false };
    index.ttl_seconds.is_none() && shape.ideal_keys().any(|(field, _)| single.field == field)
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::advisor::Fix;
    use crate::model::IndexSpec;

    #[test]
    fn singles_where_a_compound_serves_the_shape() {
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("status", 1)]), IndexSpec::new(&[("createdAt", -1)])];
        m.queries.push(query("q", "c", &["status"], &[("createdAt", -1)]));
        let f = findings(&m, "DS302");
        assert_eq!(f.len(), 1, "{f:?}");
        let want = IndexSpec::new(&[("status", 1), ("createdAt", -1)]);
        assert_eq!(f[0].fix, Some(Fix::AddIndex { entity: "c".into(), index: want }));
    }

    #[test]
    fn a_compound_index_passes() {
        let mut m = model();
        m.entities[0].collection.indexes = vec![
            IndexSpec::new(&[("status", 1)]),
            IndexSpec::new(&[("createdAt", -1)]),
            IndexSpec::new(&[("status", 1), ("createdAt", 1)]),
        ];
        m.queries.push(query("q", "c", &["status"], &[("createdAt", -1)]));
        assert!(findings(&m, "DS302").is_empty());
    }

    #[test]
    fn the_shape_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("status", 1)]), IndexSpec::new(&[("createdAt", -1)])];
        m.queries.push(query("q", "c", &["status"], &[("createdAt", -1)]));
        let f = findings(&m, "DS302");
        let es = f[0].message.render(Lang::Es);
        assert!(es.contains("tiene índices de un solo campo { status: 1 }, { createdAt: -1 } en items"), "{es}");
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Crie o índice composto { status: 1, createdAt: -1 } (igualdade, ordenação, intervalo) e remova os de campo único de que nenhuma outra consulta precise."
        );
    }
}
