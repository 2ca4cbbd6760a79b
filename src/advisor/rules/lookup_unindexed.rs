use crate::advisor::lookups::lookups_of;
use crate::advisor::query_shape::serves_lookup;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::model::{Id, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags each `$lookup` of an access pattern (its `lookups`, or the stages read from its
    /// `call`) whose `foreignField` has no index in the `from` collection: no declared index
    /// leads with that field, and it is not `_id` (the built-in `_id` index serves it). A
    /// hidden or partial index does not count (the stage matches every document of the
    /// collection), nor a text, 2dsphere or wildcard key.
    ///
    /// ## Why is this bad?
    /// The stage looks up `foreignField` once for each document flowing into it. Without an
    /// index each of those look-ups scans the `from` collection: a report joining a million
    /// orders to sixty million shipments reads the shipments a million times.
    ///
    /// ## Example
    /// The nightly reconciliation joins orders to `shipments` with `foreignField: "order_id"`,
    /// and `shipments` declares only `{tracking_no: 1}`.
    ///
    /// ## Use instead
    /// Create `{order_id: 1}` on `shipments` (the advisor lists it among its indexes).
    ///
    /// ## References
    /// MongoDB, "$lookup" (Performance Considerations); MongoDB, "Indexes".
    pub LookupUnindexed {
        code: "DS312",
        name: "lookup-unindexed",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for LookupUnindexed {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in &cx.model.queries {
            for l in lookups_of(cx.model, q).iter() {
                let field = l.foreign_field.as_str();
                if field.is_empty() || field == "_id" {
                    continue;
                }
                let Some(from) = cx.design.entity(&l.from).filter(|e| cx.model.is_collection(e)) else { continue };
                let indexed = from
                    .collection
                    .indexes
                    .iter()
                    .any(|i| i.keys.first().is_some_and(|k| k.field.as_str() == field) && serves_lookup(i));
                if indexed {
                    continue;
                }
                let (id, coll) = (&q.id, &from.name);
                let mut f = Self::finding(
                    Place::Query { id: Id::new(&q.id) },
                    text!(
                        en: "The $lookup of {id} into {coll} matches {field}, and {coll} has no index on {field}.",
                        es: "El $lookup de {id} en {coll} busca {field}, y {coll} no tiene índice sobre {field}.",
                        pt: "O $lookup de {id} em {coll} busca {field}, e {coll} não tem índice sobre {field}.";
                        id, coll, field
                    ),
                    text!(
                        en: "The stage looks {field} up once for each document flowing in; without an index each look-up scans {coll}.",
                        es: "La etapa busca {field} una vez por cada documento que entra; sin índice cada búsqueda recorre {coll}.",
                        pt: "A etapa busca {field} uma vez para cada documento que entra; sem índice cada busca varre {coll}.";
                        field, coll
                    ),
                    text!(
                        en: "Create {key} on {coll}.",
                        es: "Crea {key} en {coll}.",
                        pt: "Crie {key} em {coll}.";
                        key = IndexSpec::new(&[(field, 1)]).key_doc(), coll
                    ),
                );
                f.fix = Some(Fix::AddIndex { entity: Id::new(&from.id), index: IndexSpec::new(&[(field, 1)]) });
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model, query};
    use crate::advisor::Fix;
    use crate::model::{IndexSpec, Lookup, QueryKind};

    /// Items joined to `shipments` on `foreign`.
    fn joined(foreign: &str) -> crate::model::Model {
        let mut m = model();
        m.entities.push(collection("s", "shipments"));
        let mut q = query("A1", "c", &["status"], &[]);
        q.kind = QueryKind::Analytical;
        q.lookups.push(Lookup { from: "s".into(), local_field: "_id".into(), foreign_field: foreign.into() });
        m.queries.push(q);
        m
    }

    #[test]
    fn a_lookup_on_an_unindexed_field_is_reported_and_the_fix_indexes_it() {
        let mut m = joined("order_id");
        m.entities[1].collection.indexes = vec![IndexSpec::new(&[("tracking_no", 1)])];
        let f = findings(&m, "DS312");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "The $lookup of A1 into shipments matches order_id, and shipments has no index on order_id."
        );
        assert_eq!(
            f[0].message.render(crate::i18n::Lang::Pt),
            "O $lookup de A1 em shipments busca order_id, e shipments não tem índice sobre order_id."
        );
        let fix = f[0].fix.clone().expect("a fix");
        assert_eq!(fix, Fix::AddIndex { entity: "s".into(), index: IndexSpec::new(&[("order_id", 1)]) });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS312").is_empty(), "the fix resolves it");
        let advice = crate::advisor::analyze(&joined("order_id")).indexes;
        assert!(
            advice.iter().any(|a| a.entity == "s" && *a.index == IndexSpec::new(&[("order_id", 1)])),
            "the advisor's indexes include it: {advice:?}"
        );
    }

    #[test]
    fn lookups_into_id_or_an_index_prefix_pass_and_partial_or_hidden_ones_do_not_count() {
        assert!(findings(&joined("_id"), "DS312").is_empty(), "the _id index");
        let mut m = joined("order_id");
        m.entities[1].collection.indexes = vec![IndexSpec::new(&[("order_id", 1), ("at", -1)])];
        assert!(findings(&m, "DS312").is_empty(), "a compound index led by the field");
        m.entities[1].collection.indexes[0].hidden = true;
        assert_eq!(findings(&m, "DS312").len(), 1, "hidden from the planner");
        m.entities[1].collection.indexes[0].hidden = false;
        m.entities[1].collection.indexes[0].partial_filter_expression = Some(serde_json::json!({ "open": true }));
        assert_eq!(findings(&m, "DS312").len(), 1, "partial: misses documents the stage must match");
    }
}
