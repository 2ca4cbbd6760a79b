use crate::advisor::workload;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{
    BsonType, Entity, FilterOp, Granularity, Id, Model, Place, QueryKind, Storage, TimeSeries, Volatility, WriteOp,
};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Suggests a time series collection (MongoDB 5.0+) for a plain collection of timestamped
    /// measurements: documents with a top-level `date` (the time field), a field naming the
    /// series they belong to (the meta field: the reference to the parent, such as
    /// `station_id`, or the field a read matches by equality beside a range on the date) and
    /// values that are mostly numbers (besides the time, the meta field and references to other
    /// documents, at least half of the fields are numbers, at least one, and nothing is embedded:
    /// an order with a status, a carrier and its lines is a record, not a measurement);
    /// inserted at 60 or more a minute by the access patterns; and
    /// never changed one by one (every write is an insert or a delete, no parent relation says
    /// they change often, no unique index). The finding names the time field, the meta field
    /// and the granularity worked out from how often one series writes (under a minute apart:
    /// `seconds`; under an hour: `minutes`; else `hours`). Not for a collection already a time
    /// series, capped or clustered, for the buckets of a bucket relation, nor for documents
    /// other collections point to (entities, not measurements).
    ///
    /// ## Why is this bad?
    /// One small document per measurement pays for its `_id`, its field names and an index
    /// entry each time: the overhead outweighs the data, and indexes grow with the count. A
    /// time series collection stores the measurements of one series and time span together in
    /// compressed buckets the server manages, with far less storage and smaller indexes, while
    /// the application keeps inserting and querying one measurement at a time.
    ///
    /// ## Example
    /// 2,000 weather stations each insert a reading (`ts`, `temperature`, `humidity`) a minute
    /// into `readings`, one 90-byte document each, read back per station and time range.
    ///
    /// ## Use instead
    /// `db.createCollection("readings", { timeseries: { timeField: "ts", metaField:
    /// "station_id", granularity: "minutes" }, expireAfterSeconds: … })`. Read the limitations
    /// first: a time series collection has no unique index, and updates and deletes of single
    /// measurements are restricted (they depend on the server version). Measurements corrected
    /// one by one, or grouped by something other than time (a lap, a session), stay in their
    /// own documents or in a hand-made bucket.
    ///
    /// ## References
    /// MongoDB manual, "Time Series", "Time Series Collection Considerations", "Time Series
    /// Collection Limitations" and "Set Granularity for Time Series Data"; "Building with
    /// Patterns: The Bucket Pattern".
    pub TimeSeriesFits {
        code: "DS507",
        name: "time-series-fits",
        category: Pattern,
        severity: Info,
    }
}

/// Inserts a minute below which a collection is no stream of measurements worth a time series
/// collection (one a second).
pub const MIN_INSERTS_PER_MINUTE: f64 = 60.0;

/// What the rule proposes for one collection.
#[derive(Debug, Clone, PartialEq)]
struct Proposal {
    time_field: String,
    meta_field: String,
    /// From how often one series writes, when the design says it.
    granularity: Option<Granularity>,
    /// Measurements one series writes a day, when known.
    per_series_per_day: Option<f64>,
    inserts_per_minute: f64,
}

/// The granularity whose buckets suit measurements `seconds` apart ("Set Granularity for
/// Time Series Data": the closest match to the interval between two measurements of one series).
fn granularity(seconds: f64) -> Granularity {
    if seconds < 60.0 {
        Granularity::Seconds
    } else if seconds < 3_600.0 {
        Granularity::Minutes
    } else {
        Granularity::Hours
    }
}

/// The top-level `date` fields of `e` (not `_id`).
fn dates(e: &Entity) -> impl Iterator<Item = &str> {
    e.fields.iter().filter(|f| f.bson_type == BsonType::Date && f.name != "_id").map(|f| f.name.as_str())
}

/// The time field: the date the reads of `e` range over or sort by, else its first date.
fn time_field<'e>(m: &Model, e: &'e Entity) -> Option<&'e str> {
    let reads = || m.queries.iter().filter(|q| q.entity == e.id && q.kind != QueryKind::Write);
    let ranged = |d: &&str| {
        reads().any(|q| {
            q.filters.iter().any(|f| f.field == *d && f.op == FilterOp::Range) || q.sort.iter().any(|s| s.field == *d)
        })
    };
    dates(e).find(ranged).or_else(|| dates(e).next())
}

/// Whether the documents of `e` hold measurements: besides `_id`, the time, the meta field,
/// the schema version and references to other documents (`…_id`), their fields are mostly
/// numbers (a temperature, a price and a quantity), at least one, and nothing is embedded by a
/// relation. An order (a status, a carrier, a coupon and a total, its lines embedded) is a
/// record, not a measurement.
fn measurements(cx: &Context, e: &Entity, time: &str, meta: &str) -> bool {
    let version = e.collection.schema_version_field.as_deref();
    let reference = |name: &str| name == "_id" || name.ends_with("_id") || name.ends_with("Id");
    let values: Vec<_> = e
        .fields
        .iter()
        .filter(|f| f.name != time && f.name != meta && !reference(&f.name) && Some(f.name.as_str()) != version)
        .collect();
    let numbers = values.iter().filter(|f| f.bson_type.is_numeric()).count();
    let embeds = cx.design.children(&e.id).iter().any(|r| r.storage == Storage::Embed);
    numbers >= 1 && 2 * numbers >= values.len() && !embeds
}

/// Whether a time series collection fits `e` (this rule would propose one). DS102 and DS204
/// read it too: there, a hand-made bucket is not the advice to give.
pub(in crate::advisor) fn fits(cx: &Context, e: &Entity) -> bool {
    proposal(cx, e).is_some()
}

/// Whether `e` is a plain collection of measurements written once: see the rule's
/// documentation. `None` when it is not; else what to propose.
fn proposal(cx: &Context, e: &Entity) -> Option<Proposal> {
    let m = cx.model;
    let c = &e.collection;
    if c.timeseries.is_some() || c.capped.is_some() || c.clustered || c.indexes.iter().any(|i| i.unique) {
        return None;
    }
    // Documents other collections point to are entities; buckets are already grouped.
    let parents = cx.design.parents(&e.id);
    if parents.iter().any(|r| r.storage == Storage::Bucket)
        || cx.design.children(&e.id).iter().any(|r| r.storage == Storage::Reference && r.child != e.id)
    {
        return None;
    }
    let own = cx.design.usage().patterns_of(&e.id);
    let inserts_per_minute = workload::insert_rate(own);
    if inserts_per_minute < MIN_INSERTS_PER_MINUTE {
        return None;
    }
    let writes = own.iter().filter(|q| q.kind == QueryKind::Write);
    if !writes.clone().all(|q| workload::inserts(q) || q.write == Some(WriteOp::Delete)) {
        return None;
    }
    let references: Vec<_> = parents
        .iter()
        .filter(|r| r.storage == Storage::Reference && r.parent != e.id)
        .filter(|r| r.reference.child_field.as_deref().is_some_and(|f| !f.contains('.')))
        .collect();
    if references.iter().any(|r| r.child_changes > Volatility::Rarely) {
        return None;
    }
    let time = time_field(m, e)?;
    // The series: the reference to the parent, else what a read matches beside the time range.
    let from_relation = references.first();
    let meta = match from_relation.and_then(|r| r.reference.child_field.clone()) {
        Some(field) => field,
        None => own
            .iter()
            .filter(|q| q.kind != QueryKind::Write)
            .filter(|q| q.filters.iter().any(|f| f.field == time))
            .flat_map(|q| &q.filters)
            .find(|f| f.op == FilterOp::Equality && f.field != "_id" && f.field != time && !f.field.contains('.'))
            .map(|f| f.field.clone())?,
    };
    if !measurements(cx, e, time, &meta) {
        return None;
    }
    // How often one series writes: the relation's growth per parent, else the inserts spread
    // over the parent's documents.
    let per_series_per_day = from_relation.and_then(|r| {
        let stated = r.cardinality.growth_per_day.filter(|g| g.is_finite() && *g > 0.0);
        let parents = cx.design.entity(&r.parent).and_then(|p| p.collection.documents).filter(|n| *n > 0);
        stated.or_else(|| parents.map(|n| inserts_per_minute * 1_440.0 / n as f64))
    });
    Some(Proposal {
        time_field: time.to_string(),
        meta_field: meta,
        granularity: per_series_per_day.map(|d| granularity(86_400.0 / d)),
        per_series_per_day,
        inserts_per_minute,
    })
}

impl Rule for TimeSeriesFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for c in cx.design.collections() {
            let e = c.entity;
            let Some(p) = proposal(cx, e) else { continue };
            let name = &e.name;
            let (time, meta) = (&p.time_field, &p.meta_field);
            let command = match p.granularity {
                Some(g) => format!(
                    "db.createCollection(\"{name}\", {{ timeseries: {{ timeField: \"{time}\", metaField: \"{meta}\", granularity: \"{}\" }} }})",
                    g.name()
                ),
                None => format!(
                    "db.createCollection(\"{name}\", {{ timeseries: {{ timeField: \"{time}\", metaField: \"{meta}\" }} }})"
                ),
            };
            let rate = match p.per_series_per_day {
                Some(d) => text!(
                    en: "; one {meta} writes {n} a day, one every {s} s",
                    es: "; cada {meta} escribe {n} al día, una cada {s} s",
                    pt: "; cada {meta} grava {n} por dia, uma a cada {s} s";
                    meta, n = Arg::Count(d.round()), s = Arg::Count((86_400.0 / d).round())
                ),
                None => crate::i18n::Text::empty(),
            };
            let granularity = match p.granularity {
                Some(g) => text!(
                    en: "granularity \"{g}\", the interval between two measurements of one series",
                    es: "granularidad \"{g}\", el intervalo entre dos mediciones de una misma serie",
                    pt: "granularidade \"{g}\", o intervalo entre duas medições de uma mesma série";
                    g = g.name()
                ),
                None => text!(
                    en: "the granularity closest to the interval between two measurements of one series",
                    es: "la granularidad más cercana al intervalo entre dos mediciones de una misma serie",
                    pt: "a granularidade mais próxima do intervalo entre duas medições de uma mesma série"
                ),
            };
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "{name} receives {inserts} timestamped measurements a minute ({time}, per {meta}{rate}) that are never changed one by one: a time series collection fits.",
                    es: "{name} recibe {inserts} mediciones con fecha por minuto ({time}, por {meta}{rate}) que nunca se modifican una a una: encaja una colección de series temporales (time series).",
                    pt: "{name} recebe {inserts} medições com data por minuto ({time}, por {meta}{rate}) que nunca são alteradas uma a uma: uma coleção de séries temporais (time series) se encaixa.";
                    name, inserts = Arg::Count(p.inserts_per_minute), time, meta, rate
                ),
                text!(
                    en: "A time series collection (MongoDB 5.0+) keeps the measurements of one series and time span together in compressed buckets the server manages: far less storage and smaller indexes than one document per measurement, with inserts and queries unchanged.",
                    es: "Una colección de series temporales (MongoDB 5.0+) guarda juntas las mediciones de una serie y un intervalo de tiempo en contenedores comprimidos que gestiona el servidor: mucho menos almacenamiento e índices más pequeños que un documento por medición, con las mismas inserciones y consultas.",
                    pt: "Uma coleção de séries temporais (MongoDB 5.0+) guarda juntas as medições de uma série e de um intervalo de tempo em buckets comprimidos que o servidor gerencia: muito menos armazenamento e índices menores que um documento por medição, com as mesmas inserções e consultas."
                ),
                text!(
                    en: "Create it as a time series collection, timeField {time}, metaField {meta}, {granularity}: {command}; add expireAfterSeconds for retention. Check the limitations first: no unique index, and updates and deletes of single measurements are restricted.",
                    es: "Créala como colección de series temporales, timeField {time}, metaField {meta}, {granularity}: {command}; añade expireAfterSeconds para la retención. Revisa antes las limitaciones: sin índice único, y las actualizaciones y borrados de mediciones sueltas están restringidos.",
                    pt: "Crie-a como coleção de séries temporais, timeField {time}, metaField {meta}, {granularity}: {command}; acrescente expireAfterSeconds para a retenção. Verifique antes as limitações: sem índice único, e atualizações e exclusões de medições avulsas são restritas.";
                    time, meta, granularity, command = &command
                ),
            );
            f.fix = Some(Fix::MakeTimeSeries {
                entity: Id::new(&e.id),
                timeseries: TimeSeries {
                    time_field: p.time_field.clone(),
                    meta_field: Some(p.meta_field.clone()),
                    granularity: p.granularity,
                    bucket_max_span_seconds: None,
                    bucket_rounding_seconds: None,
                },
            });
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::advisor::Fix;
    use crate::i18n::Lang;
    use crate::model::{
        AccessPattern, BsonType, Field, Filter, FilterOp, Granularity, IndexSpec, Model, QueryKind, Relation, Storage,
        Volatility, WriteOp,
    };

    /// 2,000 stations, each inserting a reading a minute.
    fn readings() -> Model {
        let mut m = model();
        m.entities[0].collection.documents = Some(2_000);
        let mut r = collection("r", "readings");
        r.fields.push(Field::new("station_id", BsonType::ObjectId));
        r.fields.push(Field::new("ts", BsonType::Date));
        r.fields.push(Field::new("temperature", BsonType::Double));
        m.entities.push(r);
        let mut rel = Relation::new("c-r", "c", "r", Storage::Reference);
        rel.reference.child_field = Some("station_id".into());
        rel.cardinality.max = None;
        rel.cardinality.growth_per_day = Some(1_440.0);
        rel.child_changes = Volatility::Never;
        m.relations.push(rel);
        let mut w = AccessPattern::new("W1", "Record a reading", "r");
        (w.kind, w.write, w.per_minute) = (QueryKind::Write, Some(WriteOp::Insert), 2_000.0);
        m.queries.push(w);
        let mut q = AccessPattern::new("R1", "A station's day", "r");
        q.filters = vec![Filter::new("station_id", FilterOp::Equality), Filter::new("ts", FilterOp::Range)];
        q.per_minute = 100.0;
        m.queries.push(q);
        m
    }

    #[test]
    fn measurements_inserted_at_a_rate_fit_a_time_series_collection() {
        let m = readings();
        let f = findings(&m, "DS507");
        assert_eq!(f.len(), 1, "{f:?}");
        let all = format!("{} {}", f[0].message.en(), f[0].fix_hint.en());
        for word in ["readings", "station_id", "ts", "\"minutes\"", "time series", "one every 60 s"] {
            assert!(all.contains(word), "{word}: {all}");
        }
        let Some(Fix::MakeTimeSeries { entity, timeseries }) = &f[0].fix else { panic!("{:?}", f[0].fix) };
        assert_eq!(entity.as_str(), "r");
        assert_eq!(timeseries.time_field, "ts");
        assert_eq!(timeseries.meta_field.as_deref(), Some("station_id"));
        assert_eq!(timeseries.granularity, Some(Granularity::Minutes));
        // Applied, the collection is a time series and the rule is silent.
        let mut fixed = m.clone();
        assert!(f[0].fix.as_ref().is_some_and(|x| x.apply(&mut fixed)));
        assert!(fixed.entities[1].collection.timeseries.is_some());
        assert!(findings(&fixed, "DS507").is_empty());
    }

    #[test]
    fn the_granularity_follows_how_often_one_series_writes() {
        let mut m = readings();
        m.relations[0].cardinality.growth_per_day = Some(86_400.0);
        let f = findings(&m, "DS507");
        assert!(f[0].fix_hint.en().contains("granularity: \"seconds\""), "{}", f[0].fix_hint.en());
        m.relations[0].cardinality.growth_per_day = Some(24.0);
        assert!(findings(&m, "DS507")[0].fix_hint.en().contains("\"hours\""));
        // Without a stated growth, the inserts spread over the parents: 2,000 a minute over
        // 2,000 stations is one a minute each.
        m.relations[0].cardinality.growth_per_day = None;
        assert!(findings(&m, "DS507")[0].fix_hint.en().contains("\"minutes\""));
    }

    #[test]
    fn readings_corrected_one_by_one_or_unique_are_no_time_series() {
        let mut m = readings();
        let mut w = AccessPattern::new("W2", "Correct a reading", "r");
        (w.kind, w.write, w.per_minute) = (QueryKind::Write, Some(WriteOp::Update), 40.0);
        w.filters.push(Filter::new("_id", FilterOp::Equality));
        m.queries.push(w);
        assert!(findings(&m, "DS507").is_empty(), "edited one by one");
        let mut m = readings();
        m.entities[1]
            .collection
            .indexes
            .push(IndexSpec { unique: true, ..IndexSpec::new(&[("station_id", 1), ("ts", 1)]) });
        assert!(findings(&m, "DS507").is_empty(), "a unique index");
        let mut m = readings();
        m.relations[0].child_changes = Volatility::Often;
        assert!(findings(&m, "DS507").is_empty(), "they change often");
    }

    #[test]
    fn entities_slow_streams_and_declared_time_series_pass() {
        // Accounts signing up: no number measured, and few a minute.
        let mut m = readings();
        m.entities[1].fields.retain(|f| f.bson_type != BsonType::Double);
        assert!(findings(&m, "DS507").is_empty(), "nothing measured");
        let mut m = readings();
        m.queries[0].per_minute = 10.0;
        assert!(findings(&m, "DS507").is_empty(), "10 a minute");
        let mut m = readings();
        m.entities[1].fields.retain(|f| f.bson_type != BsonType::Date);
        assert!(findings(&m, "DS507").is_empty(), "no date");
        let mut m = readings();
        for name in ["status", "carrier", "coupon"] {
            m.entities[1].fields.push(Field::new(name, BsonType::String));
        }
        assert!(findings(&m, "DS507").is_empty(), "mostly words: a record, not a measurement");
        let mut m = readings();
        m.entities[1].fields.retain(|f| f.bson_type != BsonType::Double);
        m.entities[1].fields.push(Field::new("material_id", BsonType::Int));
        assert!(findings(&m, "DS507").is_empty(), "a number that refers to a document measures nothing");
        let mut m = readings();
        m.entities[1].collection.capped = Some(crate::model::Capped { size_bytes: 1 << 20, max_documents: None });
        assert!(findings(&m, "DS507").is_empty(), "capped");
        let mut m = readings();
        m.entities.push(collection("x", "alarms"));
        let mut rel = Relation::new("r-x", "r", "x", Storage::Reference);
        rel.reference.child_field = Some("reading_id".into());
        m.relations.push(rel);
        assert!(findings(&m, "DS507").is_empty(), "other documents point to them: entities");
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let f = findings(&readings(), "DS507");
        let es = f[0].message.render(Lang::Es);
        assert!(es.contains("2000 mediciones") || es.contains("2.000 mediciones"), "{es}");
        assert!(f[0].fix_hint.render(Lang::Pt).contains("metaField station_id"));
        assert!(f[0].message.is_translated() && f[0].fix_hint.is_translated());
    }
}
