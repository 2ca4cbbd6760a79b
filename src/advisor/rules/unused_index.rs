use crate::advisor::unused_indexes;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags each index declared on a collection that none of its access patterns can use:
    /// no query on the collection matches or sorts by the index's first key, none is served by
    /// it whole, and no `$lookup` joins the collection on that key. An index whose options keep
    /// it from a query (a partial filter the query does not imply, a hashed key under a range)
    /// does not count as used by that query. Indexes the server needs for other reasons are
    /// left alone: the `_id` index, TTL indexes, unique indexes (a constraint), the shard key's
    /// index, an index on a reference to a parent, 2dsphere indexes (the model states no
    /// geospatial query) and hidden ones (already being retired). A collection that no read
    /// names, or whose access patterns include a call not read into filters, is not judged.
    ///
    /// ## Why is this bad?
    /// Every index is updated on every insert, on every delete and on each update of its keys,
    /// and takes disk and RAM the working set needs. An index that serves no query is that cost
    /// with nothing in return.
    ///
    /// ## Example
    /// `products` declares `{color: 1}`, but the listing filters by `category` and sorts by
    /// `price`, and the importer finds products by `sku`: nothing reads by color.
    ///
    /// ## Use instead
    /// Check the index's use in production with `$indexStats`, hide it (`hideIndex`) to see
    /// that nothing slows down, then drop it. If a query does need it, add that query to the
    /// design's access patterns. The mongosh script writes the `dropIndex` as a comment.
    ///
    /// ## References
    /// MongoDB, "Remove Unnecessary Indexes"; MongoDB, "Hidden Indexes"; MongoDB, "$indexStats".
    pub UnusedIndex {
        code: "DS313",
        name: "unused-index",
        category: Indexes,
        severity: Info,
    }
}

impl Rule for UnusedIndex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for unused in unused_indexes(cx.design) {
            let (e, index) = (unused.entity, unused.index);
            let (name, key) = (&e.name, index.with_key_doc(Arg::str));
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "No access pattern of {name} uses its index {key}.",
                    es: "Ningún patrón de acceso de {name} usa su índice {key}.",
                    pt: "Nenhum padrão de acesso de {name} usa seu índice {key}.";
                    name, key = key.clone()
                ),
                text!(
                    en: "Every index is updated on each write of the documents it covers and takes RAM; one that serves no query is that cost with nothing in return.",
                    es: "Cada índice se actualiza en cada escritura de los documentos que cubre y ocupa RAM; uno que no atiende ninguna consulta es ese coste sin nada a cambio.",
                    pt: "Cada índice é atualizado a cada escrita dos documentos que cobre e ocupa RAM; um que não atende nenhuma consulta é esse custo sem nada em troca."
                ),
                text!(
                    en: "Check its use with $indexStats, hide it with hideIndex, then drop {key}; if a query needs it, add that query to the access patterns.",
                    es: "Comprueba su uso con $indexStats, ocúltalo con hideIndex y luego elimina {key}; si alguna consulta lo necesita, añádela a los patrones de acceso.",
                    pt: "Verifique seu uso com $indexStats, oculte-o com hideIndex e depois remova {key}; se alguma consulta precisar dele, adicione-a aos padrões de acesso.";
                    key
                ),
            );
            f.fix = Some(Fix::DropIndex { entity: Id::new(&e.id), index: index.clone() });
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::{IndexKey, IndexSpec, KeyKind, Lookup, QueryKind, ShardKey, ShardKeyField};

    /// Items with a listing by category sorted by price, and the declared indexes given.
    fn items(indexes: Vec<IndexSpec>) -> crate::model::Model {
        let mut m = model();
        m.entities[0].collection.indexes = indexes;
        let mut q = query("R1", "c", &["category"], &[("price", 1)]);
        q.per_minute = 100.0;
        m.queries.push(q);
        m
    }

    #[test]
    fn an_index_no_query_uses_is_reported_and_dropped_by_the_fix() {
        let color = IndexSpec::new(&[("color", 1)]);
        let mut m = items(vec![IndexSpec::new(&[("category", 1), ("price", 1)]), color.clone()]);
        let f = findings(&m, "DS313");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].message.en(), "No access pattern of items uses its index { color: 1 }.");
        assert_eq!(
            f[0].message.render(crate::i18n::Lang::Es),
            "Ningún patrón de acceso de items usa su índice { color: 1 }."
        );
        let fix = f[0].fix.clone().expect("a fix");
        assert_eq!(fix, crate::advisor::Fix::DropIndex { entity: "c".into(), index: color });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS313").is_empty(), "the fix resolves it");
    }

    #[test]
    fn indexes_used_in_part_by_a_lookup_or_for_other_reasons_pass() {
        let ttl = IndexSpec { ttl_seconds: Some(60), ..IndexSpec::new(&[("created", 1)]) };
        let unique = IndexSpec { unique: true, ..IndexSpec::new(&[("sku", 1)]) };
        let hidden = IndexSpec { hidden: true, ..IndexSpec::new(&[("old", 1)]) };
        let geo = IndexSpec {
            keys: vec![IndexKey { kind: Some(KeyKind::Sphere2d), ..IndexKey::new("loc", 1) }],
            ..IndexSpec::default()
        };
        let partly = IndexSpec::new(&[("category", 1), ("stock", 1)]);
        let joined = IndexSpec::new(&[("order_id", 1)]);
        let shard = IndexSpec::new(&[("tenant", 1), ("x", 1)]);
        let id = IndexSpec::new(&[("_id", 1)]);
        let mut m = items(vec![ttl, unique, hidden, geo, partly, joined, shard, id]);
        m.entities[0].collection.shard_key =
            Some(ShardKey { fields: vec![ShardKeyField { field: "tenant".into(), hashed: false }], unique: false });
        let mut report = query("A1", "c", &[], &[]);
        report.kind = QueryKind::Analytical;
        report.lookups.push(Lookup { from: "c".into(), local_field: "_id".into(), foreign_field: "order_id".into() });
        m.queries.push(report);
        assert_eq!(findings(&m, "DS313"), vec![], "each is used or kept for another reason");
    }

    #[test]
    fn options_that_keep_an_index_from_the_queries_leave_it_unused() {
        let hashed = IndexSpec {
            keys: vec![IndexKey { kind: Some(KeyKind::Hashed), ..IndexKey::new("price", 1) }],
            ..IndexSpec::default()
        };
        let partial = IndexSpec {
            partial_filter_expression: Some(serde_json::json!({ "archived": true })),
            ..IndexSpec::new(&[("category", 1)])
        };
        let m = items(vec![IndexSpec::new(&[("category", 1), ("price", 1)]), hashed, partial]);
        let f = findings(&m, "DS313");
        assert_eq!(f.len(), 2, "a hashed key under a sort, a partial filter the listing does not imply: {f:?}");
    }

    #[test]
    fn collections_whose_reads_are_unknown_are_not_judged() {
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("color", 1)])];
        let mut w = query("W1", "c", &["_id"], &[]);
        w.kind = QueryKind::Write;
        m.queries.push(w);
        assert!(findings(&m, "DS313").is_empty(), "only writes: the reads are not described");
        let mut r = query("R1", "c", &[], &[]);
        r.call = "db.items.find({ color: \"red\" })".into();
        m.queries.push(r);
        assert!(findings(&m, "DS313").is_empty(), "a call not read into filters");
    }
}
