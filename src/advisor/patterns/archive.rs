//! The archive pattern on a collection ("Archive Pattern"): a collection that keeps growing,
//! with no TTL, whose frequent reads all ask for a window of one date field (a customer's
//! orders of the last 90 days) keeps years of documents that only rare reports read. Moving
//! the documents past the age those reads reach to an archive (an object store, a cheaper
//! cluster, or a collection of their own) keeps the hot collection, its indexes and its
//! working set small; the document's age stays in that one field.
//!
//! It fits a collection (not a relation's buckets, whose archive `bucket.rs` proposes) that
//! grows every day and will hold more than `thresholds.massiveDocs` documents at the growth
//! horizon, declares no TTL index, and whose every frequent read (once a minute or more,
//! analytical reads aside) filters a range of a date field (not the cursor of a paginated
//! read on its sort key).

use super::push;
use crate::advisor::{PatternKind, PatternSuggestion};
use crate::i18n::Arg;
use crate::keyed::{HashMap, HashSet};
use crate::model::{AccessPattern, BsonType, Entity, FilterOp, Id, Model, Pagination, Place, QueryKind, Storage};
use crate::text;

/// A read at least this often a minute is one the collection is shaped for.
const FREQUENT_READ: f64 = 1.0;

/// The date field a read takes a range of (its window), when it takes one. The range a
/// cursor-paginated read takes on its sort key is where the last page ended, not an age: paging
/// back through a conversation reaches its oldest messages.
fn window<'e>(e: &Entity, q: &'e AccessPattern) -> Option<&'e str> {
    let cursor = |field: &str| q.pagination == Pagination::Cursor && q.sort.iter().any(|s| s.field == field);
    q.filters.iter().filter(|f| f.op == FilterOp::Range && !cursor(&f.field)).find_map(|f| {
        e.field(&f.field)
            .filter(|x| matches!(x.bson_type, BsonType::Date | BsonType::Timestamp))
            .map(|_| f.field.as_str())
    })
}

pub(super) fn suggest<'m>(
    model: &'m Model,
    entity: impl Fn(&str) -> Option<&'m Entity>,
    is_collection: impl Fn(&str) -> bool,
    out: &mut Vec<PatternSuggestion>,
) {
    let t = &model.thresholds;
    // Built once, the first time a collection's figures call for them: the collections that
    // hold a relation's buckets, and the frequent reads of each collection.
    let mut lists = None;
    for e in model.entities.iter().filter(|e| is_collection(&e.id)) {
        let Some(e) = entity(&e.id) else { continue };
        let growth = e.collection.growth_per_day.filter(|g| g.is_finite() && *g > 0.0).unwrap_or(0.0);
        let now = e.collection.documents.unwrap_or(0) as f64;
        let horizon = now + growth * t.horizon_days as f64;
        // The figures first: most collections stop here, before any list is looked at.
        if growth <= 0.0
            || horizon <= t.massive_docs as f64
            || e.collection.indexes.iter().any(|i| i.ttl_seconds.is_some())
        {
            continue;
        }
        let (bucketed, frequent) = lists.get_or_insert_with(|| {
            let bucketed: HashSet<&str> =
                model.relations.iter().filter(|r| r.storage == Storage::Bucket).map(|r| r.child.as_str()).collect();
            let mut frequent: HashMap<&str, Vec<&AccessPattern>> = HashMap::default();
            for q in model.queries.iter().filter(|q| q.kind == QueryKind::Read && q.per_minute >= FREQUENT_READ) {
                frequent.entry(q.entity.as_str()).or_default().push(q);
            }
            (bucketed, frequent)
        });
        if bucketed.contains(e.id.as_str()) {
            continue;
        }
        let reads: &[&AccessPattern] = frequent.get(e.id.as_str()).map_or(&[], Vec::as_slice);
        let windows: Option<Vec<&str>> = reads.iter().map(|q| window(e, q)).collect();
        let Some(&field) = windows.as_ref().and_then(|w| w.first()) else { continue };
        let ids: Vec<&str> = reads.iter().map(|q| q.id.as_str()).collect();
        let (collection, per_day, year) = (e.name.as_str(), Arg::Count(growth), Arg::Count(growth * 365.0));
        let (reads_arg, archive) = (Arg::list(&ids), format!("{}_archive", e.name));
        let change = text!(
            en: "{collection} grows by ~{per_day} documents a day (~{year} a year) with no TTL, and its frequent reads ({reads_arg}) ask for a window of {field}: move the documents past the age those reads reach to an archive (an object store, a cheaper cluster, or {archive}), keeping their age in {field}",
            es: "{collection} crece ~{per_day} documentos al día (~{year} al año) sin TTL, y sus lecturas frecuentes ({reads_arg}) piden una ventana de {field}: mueve los documentos que pasen de la edad que alcanzan esas lecturas a un archivo (un almacén de objetos, un clúster más barato o {archive}), conservando su edad en {field}",
            pt: "{collection} cresce ~{per_day} documentos por dia (~{year} por ano) sem TTL, e suas leituras frequentes ({reads_arg}) pedem uma janela de {field}: mova os documentos que passarem da idade que essas leituras alcançam para um arquivo (um armazenamento de objetos, um cluster mais barato ou {archive}), mantendo sua idade em {field}";
            collection, per_day, year, reads_arg, field, archive = Arg::str(&archive)
        );
        push(out, PatternKind::Archive, Place::Entity { id: Id::new(&e.id) }, false, change);
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::{analyze, PatternKind};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BsonType, Entity, Field, Filter, FilterOp, IndexSpec, Model, QueryKind};

    fn orders() -> Model {
        let mut m = Model::new("t");
        let mut o = Entity::new("order", "orders");
        o.fields = vec![
            Field::new("_id", BsonType::ObjectId),
            Field::new("customer_id", BsonType::ObjectId),
            Field::new("created", BsonType::Date),
            Field::new("status", BsonType::String),
        ];
        o.collection.documents = Some(300_000_000);
        o.collection.growth_per_day = Some(150_000.0);
        m.entities.push(o);
        let mut q = AccessPattern::new("O1", "Recent orders", "order");
        q.per_minute = 400.0;
        q.filters = vec![Filter::new("customer_id", FilterOp::Equality), Filter::new("created", FilterOp::Range)];
        let mut report = AccessPattern::new("O3", "Yearly report", "order");
        report.kind = QueryKind::Analytical;
        report.per_minute = 0.0001;
        m.queries.extend([q, report]);
        m
    }

    fn archives(m: &Model) -> Vec<crate::advisor::PatternSuggestion> {
        analyze(m).patterns.into_iter().filter(|p| p.pattern == PatternKind::Archive).collect()
    }

    #[test]
    fn a_growing_collection_read_by_date_window_gets_the_archive() {
        let found = archives(&orders());
        assert_eq!(found.len(), 1, "{found:?}");
        let change = &found[0].change;
        assert_eq!(
            change.render(Lang::En),
            "orders grows by ~150,000 documents a day (~54,750,000 a year) with no TTL, and its frequent reads (O1) ask for a window of created: move the documents past the age those reads reach to an archive (an object store, a cheaper cluster, or orders_archive), keeping their age in created"
        );
        assert!(change.render(Lang::Es).contains("150.000 documentos al día"));
        assert!(change.is_translated() && change.check().is_ok());
    }

    #[test]
    fn small_expiring_or_unwindowed_collections_get_none() {
        // A frequent read with no date window (an order by status) reaches old documents too.
        let mut m = orders();
        m.queries[0].filters.pop();
        assert!(archives(&m).is_empty());
        // A cursor page's range on its sort key is where the previous page ended, not an age.
        let mut m = orders();
        m.queries[0].sort = vec![crate::model::SortKey { field: "created".into(), dir: -1 }];
        m.queries[0].pagination = crate::model::Pagination::Cursor;
        assert!(archives(&m).is_empty());
        // A TTL index already expires the old documents.
        let mut m = orders();
        let mut ttl = IndexSpec::new(&[("created", 1)]);
        ttl.ttl_seconds = Some(86_400 * 365);
        m.entities[0].collection.indexes.push(ttl);
        assert!(archives(&m).is_empty());
        // A collection that stays small, or does not grow.
        let mut m = orders();
        m.entities[0].collection.documents = Some(10_000);
        m.entities[0].collection.growth_per_day = Some(10.0);
        assert!(archives(&m).is_empty());
        let mut m = orders();
        m.entities[0].collection.growth_per_day = None;
        assert!(archives(&m).is_empty());
    }
}
