use super::local_figures::{bytes, count, decimal};
use crate::advisor::patterns::{LONGEST_PERIOD_DAYS, MIN_EVENTS};
use crate::advisor::workload;
use crate::advisor::{Context, Finding, Fix, PatternKind, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{BsonType, Id, Place, QueryKind, Storage};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a collection that will hold more than `thresholds.massiveDocs` (10 million)
    /// documents (`collection.documents` now plus `growthPerDay` over the horizon) whose
    /// average is under `thresholds.tinyDocBytes` (256 bytes), unless it already holds
    /// buckets. When a reference relation makes it a parent's children, the relation counts
    /// too, whichever is larger: the parent's documents (at least one) times the typical
    /// cardinality now, and times the relation's `growthPerDay` for each day to the horizon;
    /// not for a collection whose documents have referenced children of their own (customers
    /// with orders are entities, not events: only their own figures count). Not either for
    /// documents a read finds one by one by `_id` (an order, an order line: an identity the
    /// application uses), nor for children that reach their parent too slowly for a bucket
    /// (every reference parent's `growthPerDay` under 4 a month), nor for documents whose
    /// declared fields hold no date or timestamp (an order holding a quantity and a product:
    /// no time to group by): the bucket pattern, the remedy, would have nothing to group. Nor
    /// for documents a frequent read (once a minute or more) sorts one by one by a field that
    /// is no date, timestamp or `_id` (a game's top 10 by score): grouped in buckets, the items
    /// are no longer documents an index can order, so the remedy would break that read. Nor
    /// for documents that point to no parent (no reference relation makes them a parent's
    /// children: orders, invoices or an audit log on their own give the bucket no series to
    /// group by), nor for documents a write edits one by one (a reading corrected by hand, a
    /// shipment whose state changes: records with a life of their own), nor for documents only
    /// analytical reports reach (no view or write to serve), nor for a time series collection
    /// (the server buckets its measurements) or a capped collection (a bounded ring).
    ///
    /// ## Why is this bad?
    /// Each document carries its own `_id`, field names and index entries: for 80-byte events
    /// the per-document overhead exceeds the data. Indexes grow with the document count,
    /// not the data, and reading one entity's history touches thousands of documents.
    ///
    /// ## Example
    /// 17 million activity events of 80 bytes, one document each.
    ///
    /// ## Use instead
    /// The bucket pattern: one document per entity and period (member-day, sensor-hour)
    /// holding an array of events with a cap (e.g. 500), computed summaries (count, min, max)
    /// and a deterministic `_id`, inserted with `updateOne(..., {$push, $inc}, {upsert: true})`.
    /// When the events come from one parent, the finding carries the bucket the pattern works
    /// out from their rate and size: its period, its cap and its summaries.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: agrupación (bucket)" and "Anti-patrones
    /// que hay que reconocer"; "Modelagem de Documentos", "Bucket"; MongoDB, "Building with
    /// Patterns: The Bucket Pattern".
    pub TinyDocumentsFlood {
        code: "DS204",
        name: "tiny-documents-flood",
        category: AntiPattern,
        severity: Warning,
    }
}

impl Rule for TinyDocumentsFlood {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for c in cx.design.collections().iter().filter(|c| c.size.avg_bytes < t.tiny_doc_bytes) {
            let (size, e) = (&c.size, c.entity);
            let positive = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
            let mut now = e.collection.documents.unwrap_or(0) as f64;
            let mut growth = positive(e.collection.growth_per_day.unwrap_or(0.0));
            let parents = cx.design.parents(&e.id);
            // A collection whose documents have referenced children of their own (customers
            // with orders) holds entities, not events: only its own figures count, never a
            // parent relation's.
            let entity_like =
                cx.design.children(&e.id).iter().any(|r| r.storage == Storage::Reference && r.parent != r.child);
            // Each child of a reference relation is a document of its own: the relation's
            // cardinality and growth say how many there will be.
            let counted = parents.iter().filter(|_| !entity_like);
            for r in counted.filter(|r| r.storage == Storage::Reference && !r.cardinality.many_to_many) {
                let docs = cx.design.entity(&r.parent).and_then(|p| p.collection.documents).unwrap_or(1).max(1) as f64;
                now = now.max(docs * positive(r.cardinality.typical));
                growth = growth.max(docs * positive(r.cardinality.growth_per_day.unwrap_or(0.0)));
            }
            let horizon = now + growth * t.horizon_days as f64;
            if !horizon.is_finite() || horizon <= t.massive_docs as f64 {
                continue;
            }
            // Documents the application reads one by one by their _id (orders, order lines)
            // have an identity: small, but not events to group.
            let read_by_id = cx.model.queries.iter().any(|q| q.entity == e.id && q.reads_one_by_id());
            // Children that arrive too slowly for any bucket of their parent to gather a few
            // (fewer than 4 a month per customer): there is no parent and period to group by.
            let stated: Vec<f64> = parents
                .iter()
                .filter(|r| r.storage == Storage::Reference && r.parent != r.child && !r.cardinality.many_to_many)
                .filter_map(|r| r.cardinality.growth_per_day)
                .collect();
            let too_slow = !stated.is_empty() && stated.iter().all(|g| g * LONGEST_PERIOD_DAYS < MIN_EVENTS);
            // Events carry the time they happened; documents declared without a date or
            // timestamp give a bucket no period to gather.
            let timeless = crate::advisor::relations::timeless(e);
            // A frequent read that ranks the documents by a value (top 10 by score) needs one
            // index entry per item: inside buckets the index would order buckets, not items.
            let ranked = cx.model.queries.iter().any(|q| {
                q.entity == e.id
                    && q.kind == QueryKind::Read
                    && q.per_minute >= 1.0
                    && q.sort.first().is_some_and(|s| {
                        s.field != "_id"
                            && e.field(&s.field)
                                .is_some_and(|f| !matches!(f.bson_type, BsonType::Date | BsonType::Timestamp))
                    })
            });
            // The remedy groups a parent's events per period: documents that point to no parent
            // (orders, invoices, an audit log on their own) give it no series to group by.
            let no_parent = !parents
                .iter()
                .any(|r| matches!(r.storage, Storage::Reference | Storage::Bucket) && r.parent != r.child);
            // Records corrected or moved through states one by one are entities, not events;
            // documents only an analytical report reaches give a bucket no view to serve.
            let usage = cx.design.usage();
            let entities = workload::edited_one_by_one(usage.patterns_of(&e.id))
                || workload::only_analytical(usage.patterns_naming(&e.id));
            // The server already groups a time series collection into buckets, and a capped
            // collection is a bounded ring: neither floods.
            let grouped = e.collection.timeseries.is_some() || e.collection.capped.is_some();
            if read_by_id
                || too_slow
                || timeless
                || ranked
                || no_parent
                || entities
                || grouped
                || parents.iter().any(|r| r.storage == Storage::Bucket)
                // Measurements written once fit a time series collection (DS507 proposes it),
                // which groups them itself: asked last, as it walks the access patterns.
                || super::time_series_fits::fits(cx, e)
            {
                continue;
            }
            let when = if now > t.massive_docs as f64 {
                text!(en: "now", es: "ahora", pt: "agora")
            } else {
                text!(en: "in {span}", es: "en {span}", pt: "em {span}"; span = Arg::Days(t.horizon_days))
            };
            let count = if now > t.massive_docs as f64 { now } else { horizon };
            let name = &e.name;
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "{name} will hold {count} {when} averaging {avg}, under the {tiny} that make a document worth its overhead.",
                    es: "{name} llega a {count} {when}, con una media de {avg}, por debajo de los {tiny} a partir de los cuales un documento compensa su sobrecarga.",
                    pt: "{name} chega a {count} {when}, com média de {avg}, abaixo dos {tiny} a partir dos quais um documento compensa seu overhead.";
                    name, count = documents(count), when, avg = bytes(size.avg_bytes), tiny = bytes(t.tiny_doc_bytes)
                ),
                text!(
                    en: "Each document pays for its _id, field names and index entries; with tiny documents the overhead outweighs the data and indexes grow with the count.",
                    es: "Cada documento paga su _id, los nombres de sus campos y sus entradas de índice; con documentos diminutos la sobrecarga pesa más que el dato y los índices crecen con el número de documentos.",
                    pt: "Cada documento paga pelo seu _id, pelos nomes dos campos e pelas entradas de índice; com documentos minúsculos o overhead supera os dados e os índices crescem com o número de documentos."
                ),
                text!(
                    en: "Group the events per parent and period with the bucket pattern (a capped array, a count, a deterministic _id, a TTL for retention).",
                    es: "Agrupa los eventos por padre y periodo con el patrón de agrupación (bucket): un array con tope, un contador, un _id determinista y un TTL para la retención.",
                    pt: "Agrupe os eventos por pai e período com o padrão bucket (um array com teto, uma contagem, um _id determinístico, um TTL para a retenção)."
                ),
            );
            let references: Vec<_> = parents.iter().filter(|r| r.storage == Storage::Reference).collect();
            if let [r] = references.as_slice() {
                f.fix = Some(Fix::SetStorage { relation: Id::new(&r.id), storage: Storage::Bucket });
                // The bucket the patterns worked out for this relation (period, cap, summaries).
                let sized = cx.report.patterns.iter().find(|p| {
                    p.pattern == PatternKind::Bucket && !p.in_use && p.place == Place::Relation { id: Id::new(&r.id) }
                });
                if let Some(p) = sized {
                    let change = p.change.clone();
                    f.fix_hint = text!(
                        en: "Use the bucket pattern: {change}.",
                        es: "Usa el patrón de agrupación (bucket): {change}.",
                        pt: "Use o padrão bucket: {change}.";
                        change
                    );
                }
            }
            out.push(f);
        }
    }
}

/// `38.5 million documents` (`38,5 millones de documentos`), `13.1 billion documents` (`13,1 mil
/// millones`, `13,1 bilhões`), or the count itself under a million.
fn documents(n: f64) -> Text {
    if n >= 1e9 {
        let n = decimal(format!("{:.1}", n / 1e9));
        text!(en: "{n} billion documents", es: "{n} mil millones de documentos", pt: "{n} bilhões de documentos"; n)
    } else if n >= 1e6 {
        let n = decimal(format!("{:.1}", n / 1e6));
        text!(en: "{n} million documents", es: "{n} millones de documentos", pt: "{n} milhões de documentos"; n)
    } else {
        let n = count(n.round() as u64);
        text!(en: "{n} documents", es: "{n} documentos", pt: "{n} documentos"; n)
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::advisor::Fix;
    use crate::model::{BsonType, Field, Relation, Storage};

    fn events(growth: f64) -> crate::model::Model {
        let mut m = model();
        let mut e = collection("ev", "events");
        e.fields.push(Field::new("sensor_id", BsonType::ObjectId));
        e.fields.push(Field::new("t", BsonType::Date));
        e.fields.push(Field::new("v", BsonType::Double));
        e.collection.documents = Some(2_000_000);
        e.collection.growth_per_day = Some(growth);
        m.entities.push(e);
        m.relations.push(Relation::new("r", "c", "ev", Storage::Reference));
        m
    }

    #[test]
    fn millions_of_tiny_events_are_flagged_with_a_bucket_fix() {
        let f = findings(&events(20_000.0), "DS204");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("38.5 million") && f[0].message.contains("in 5 years"), "{}", f[0].message);
        assert_eq!(f[0].fix, Some(Fix::SetStorage { relation: "r".into(), storage: Storage::Bucket }));
    }

    #[test]
    fn the_fix_carries_the_bucket_the_patterns_sized_and_billions_read_as_billions() {
        use crate::i18n::Lang;
        // One document per member activity, ~4 a member a day: the bucket pattern works out
        // a member-day bucket; the finding's remedy is that bucket, not a general sentence.
        let m = crate::model::load(include_str!("../../../public/templates/anti-tiny-documents.json")).expect("loads");
        let f = findings(&m, "DS204");
        assert_eq!(f.len(), 1, "{f:?}");
        let hint = f[0].fix_hint.en();
        assert!(
            hint.starts_with("Use the bucket pattern: group the eventos_actividad events of one socios document"),
            "{hint}"
        );
        assert!(
            hint.contains("one document per socios document and day") && hint.contains("capped at 100 events"),
            "{hint}"
        );
        assert!(f[0]
            .fix_hint
            .render(Lang::Pt)
            .starts_with("Use o padrão bucket: agrupe os eventos de eventos_actividad"));
        // 2 million sensors' worth of events, 10 million more a day: billions in 5 years.
        let f = findings(&events(10_000_000.0), "DS204");
        assert!(
            f[0].message.en().starts_with("events will hold 18.3 billion documents in 5 years"),
            "{}",
            f[0].message
        );
        assert!(f[0].message.render(Lang::Es).contains("18,3 mil millones de documentos"), "{}", f[0].message);
        assert!(f[0].message.render(Lang::Pt).contains("18,3 bilhões de documentos"), "{}", f[0].message);
    }

    #[test]
    fn documents_read_by_id_or_too_slow_to_bucket_are_not_a_flood() {
        // 20 million small orders: read one by one by _id, they are entities with an identity.
        let mut m = events(20_000.0);
        assert_eq!(findings(&m, "DS204").len(), 1);
        let mut q = crate::model::AccessPattern::new("O1", "Order page", "ev");
        q.filters.push(crate::model::Filter::new("_id", crate::model::FilterOp::Equality));
        m.queries.push(q);
        assert!(findings(&m, "DS204").is_empty(), "read by _id");
        m.queries[0].filters[0].field = "sensor_id".into();
        assert_eq!(findings(&m, "DS204").len(), 1, "read by their parent: events again");
        // One new child per parent every hundred days: no month gathers 4 of a parent.
        m.relations[0].cardinality.growth_per_day = Some(0.01);
        assert!(findings(&m, "DS204").is_empty(), "too slow for a bucket per parent");
        m.relations[0].cardinality.growth_per_day = Some(0.2);
        assert_eq!(findings(&m, "DS204").len(), 1, "6 a month: a month-bucket gathers them");
    }

    #[test]
    fn documents_a_frequent_read_ranks_by_a_value_are_not_a_flood() {
        // A leaderboard: the top 10 readings by value, a minute. Buckets would order buckets.
        let mut m = events(20_000.0);
        let mut q = crate::model::AccessPattern::new("L1", "Top 10 readings", "ev");
        q.per_minute = 60.0;
        q.filters.push(crate::model::Filter::new("sensor_id", crate::model::FilterOp::Equality));
        q.sort.push(crate::model::SortKey { field: "v".into(), dir: -1 });
        m.queries.push(q);
        assert!(findings(&m, "DS204").is_empty(), "ranked by value");
        // Sorted by time, the same read suits buckets of a period: a flood again.
        m.queries[0].sort[0].field = "t".into();
        assert_eq!(findings(&m, "DS204").len(), 1, "sorted by time");
        // A rare ranking (a monthly report) does not shape the collection.
        m.queries[0].sort[0].field = "v".into();
        m.queries[0].per_minute = 0.01;
        assert_eq!(findings(&m, "DS204").len(), 1, "rare ranking");
    }

    #[test]
    fn entities_edited_one_by_one_or_with_no_parent_are_not_a_flood() {
        use crate::model::{AccessPattern, Filter, FilterOp, QueryKind, TimeSeries, WriteOp};
        // Readings corrected one by one (an update by _id): records, not events.
        let mut m = events(20_000.0);
        let mut w = AccessPattern::new("W", "Correct a reading", "ev");
        (w.kind, w.write) = (QueryKind::Write, Some(WriteOp::Update));
        w.filters.push(Filter::new("_id", FilterOp::Equality));
        m.queries.push(w);
        assert!(findings(&m, "DS204").is_empty(), "edited one by one");
        // An insert is no edit: events again.
        m.queries[0].write = Some(WriteOp::Insert);
        m.queries[0].filters.clear();
        assert_eq!(findings(&m, "DS204").len(), 1);
        // No parent to group by: orders or an audit log on their own.
        let mut m = events(20_000.0);
        m.relations.clear();
        assert!(findings(&m, "DS204").is_empty(), "no parent");
        // Only a monthly report reaches them: no view to serve.
        let mut m = events(20_000.0);
        let mut report = AccessPattern::new("A", "Monthly report", "ev");
        report.kind = QueryKind::Analytical;
        m.queries.push(report);
        assert!(findings(&m, "DS204").is_empty(), "only analytical");
        // The server buckets a time series collection.
        let mut m = events(20_000.0);
        m.entities[1].collection.timeseries = Some(TimeSeries {
            time_field: "t".into(),
            meta_field: Some("sensor_id".into()),
            granularity: None,
            bucket_max_span_seconds: None,
            bucket_rounding_seconds: None,
        });
        assert!(findings(&m, "DS204").is_empty(), "time series");
    }

    #[test]
    fn few_documents_or_buckets_pass() {
        assert!(findings(&events(100.0), "DS204").is_empty());
        let mut m = events(20_000.0);
        m.relations[0].storage = Storage::Bucket;
        assert!(findings(&m, "DS204").is_empty());
    }

    #[test]
    fn the_flood_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let f = findings(&events(20_000.0), "DS204");
        let es = f[0].message.render(Lang::Es);
        assert!(es.contains("events llega a 38,5 millones de documentos en 5 años"), "{es}");
        let pt = f[0].message.render(Lang::Pt);
        assert!(pt.contains("38,5 milhões de documentos em 5 anos") && pt.contains("abaixo dos 256 B"), "{pt}");
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("Agrupa los eventos"));
    }

    #[test]
    fn ordinary_parent_documents_are_not_a_flood_from_a_relations_figures() {
        // 50,000 stores, each gaining 2 small customers a day: 183 million by the relation's
        // figures. But customers have orders of their own: entities, not events.
        let mut m = events(0.0);
        m.entities[1].collection.documents = None;
        m.entities[1].collection.growth_per_day = None;
        m.entities[0].collection.documents = Some(50_000);
        m.relations[0].cardinality.typical = 10.0;
        m.relations[0].cardinality.growth_per_day = Some(2.0);
        assert_eq!(findings(&m, "DS204").len(), 1, "events with no children of their own flood");
        m.entities.push(collection("o", "orders"));
        m.relations.push(Relation::new("ev-o", "ev", "o", Storage::Reference));
        let f = findings(&m, "DS204");
        assert!(f.is_empty(), "a parent of orders is an ordinary collection: {f:?}");
        // Its own figures still count.
        m.entities[1].collection.documents = Some(20_000_000);
        let own = crate::model::Place::Entity { id: "ev".into() };
        assert_eq!(findings(&m, "DS204").iter().filter(|f| f.place == own).count(), 1);
    }

    #[test]
    fn the_relations_growth_counts_when_the_collection_gives_none() {
        // 50,000 sensors, each adding 2 readings a day: 182.5 million documents in 5 years.
        let mut m = events(0.0);
        m.entities[1].collection.documents = None;
        m.entities[1].collection.growth_per_day = None;
        m.entities[0].collection.documents = Some(50_000);
        m.relations[0].cardinality.typical = 10.0;
        m.relations[0].cardinality.growth_per_day = Some(2.0);
        let f = findings(&m, "DS204");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message.en().starts_with("events will hold 183.0 million documents in 5 years"),
            "{}",
            f[0].message
        );
        assert!(f[0].message.render(crate::i18n::Lang::Es).contains("183,0 millones de documentos en 5 años"));
        m.relations[0].cardinality.growth_per_day = Some(0.05);
        assert!(findings(&m, "DS204").is_empty(), "50,000 x (10 + 0.05 x 1,825) stays under 10 million");
    }
}
