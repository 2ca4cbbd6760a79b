//! The "when" of sharding: a collection's documents, data, indexes, working set and writes,
//! now and at the growth horizon, against what one replica set holds (MongoDB, "Sharded
//! Cluster Requirements": shard when the data approaches the storage of one replica set, the
//! working set outgrows its RAM, or one primary cannot take the writes).

use super::fields::declared;
use crate::advisor::design::Collection;
use crate::advisor::paths::{resolve, Layout};
use crate::advisor::IndexAdvice;
use crate::model::{tier_ram_bytes, BsonType, Entity, Storage, Thresholds, DEFAULT_TIER};
use serde::Serialize;

/// What one replica set would have to hold, first of all, past its capacity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Limit {
    /// The data passes `thresholds.replicaSetDataBytes`.
    Data,
    /// The indexes and the data read often pass the RAM of `thresholds.clusterTier`.
    WorkingSet,
    /// The writes pass `thresholds.primaryWritesPerSecond`.
    Writes,
}

/// A collection's figures now and at the horizon.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScaleFigures {
    pub documents_now: f64,
    pub documents_horizon: f64,
    /// Bytes of documents (average size × count).
    pub data_now: f64,
    pub data_horizon: f64,
    /// Bytes of index entries (`_id`, the advisor's and the declared indexes).
    pub index_now: f64,
    pub index_horizon: f64,
    /// Indexes plus `thresholds.workingSetShare` of the data.
    pub working_set_now: f64,
    pub working_set_horizon: f64,
    /// Document writes per second at peak (the access patterns' writes, or the growth).
    pub writes_per_second: f64,
    /// The cluster tier judged against and the RAM of one of its nodes.
    pub tier: String,
    pub ram_bytes: f64,
    /// Replica sets (shards) the collection needs on its own, now and at the horizon.
    pub shards_now: u32,
    pub shards_horizon: u32,
    /// What outgrows one replica set first, by the horizon (`None`: nothing does).
    pub limit: Option<Limit>,
    /// Days from now until that happens (0: already).
    pub crossing_days: Option<f64>,
    /// The days after which documents expire (a TTL), when they do.
    pub retention_days: Option<f64>,
    pub horizon_days: u64,
    /// For a time series collection: the measurements one bucket holds, which the index
    /// entries are counted per ("Time Series", "Time Series Secondary Indexes").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bucket_measurements: Option<f64>,
}

impl ScaleFigures {
    /// Whether the collection outgrows one replica set by the horizon.
    pub fn needs_sharding(&self) -> bool {
        self.shards_horizon >= 2
    }
}

/// The tier judged: the stated one when the table knows it, else the default.
pub(crate) fn tier(t: &Thresholds) -> (&str, f64) {
    match tier_ram_bytes(&t.cluster_tier) {
        Some(ram) => (t.cluster_tier.trim(), ram as f64),
        None => (DEFAULT_TIER, tier_ram_bytes(DEFAULT_TIER).unwrap_or(64_000_000_000) as f64),
    }
}

/// The figures of `c`, whose indexes are `indexes` (the advisor's and the declared ones).
pub(crate) fn project(layout: &Layout, c: &Collection, indexes: &[&IndexAdvice], t: &Thresholds) -> ScaleFigures {
    let settings = &c.entity.collection;
    let horizon = t.horizon_days as f64;
    let now = settings.documents.unwrap_or(0) as f64;
    let growth = settings.growth_per_day.filter(|g| g.is_finite() && *g > 0.0).unwrap_or(0.0);
    let retention_days = retention_days(layout, c.entity);
    let grown = now + growth * horizon;
    let documents_horizon = match retention_days {
        Some(days) if growth > 0.0 => grown.min(growth * days).max(now.min(growth * days)),
        _ => grown,
    };
    // A time series stores its measurements in buckets, compressed, and indexes the buckets:
    // per measurement, the data is divided by the compression and the index entries by the
    // measurements of a bucket.
    let buckets = settings
        .timeseries
        .as_ref()
        .map(|ts| bucket_measurements(layout, c.entity, ts, growth, c.size.avg_bytes as f64, t));
    let compression = match buckets {
        Some(_) if t.time_series_compression.is_finite() => t.time_series_compression.max(1.0),
        _ => 1.0,
    };
    let avg = c.size.avg_bytes as f64 / compression;
    let per_doc_index = index_bytes_per_document(layout, c.entity, indexes) / buckets.unwrap_or(1.0);
    let share = if t.working_set_share.is_finite() { t.working_set_share.clamp(0.0, 1.0) } else { 0.1 };
    let per_doc_ws = per_doc_index + share * avg;
    let writes_per_second = (c.load.writes.max(0.0) / 60.0).max(growth / 86_400.0);
    let (tier, ram) = tier(t);
    let data_cap = t.replica_set_data_bytes.max(1) as f64;
    let primary = t.primary_writes_per_second.max(1) as f64;
    let ratios = |docs: f64| [docs * avg / data_cap, docs * per_doc_ws / ram, writes_per_second / primary];
    let shards = |docs: f64| ratios(docs).into_iter().fold(1.0_f64, f64::max).ceil().min(1_024.0) as u32;
    let at_horizon = ratios(documents_horizon);
    let limit = [Limit::Data, Limit::WorkingSet, Limit::Writes]
        .into_iter()
        .zip(at_horizon)
        .filter(|(_, r)| *r > 1.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(l, _)| l);
    let crossing_days = limit.map(|_| {
        let per_doc = [avg / data_cap, per_doc_ws / ram];
        if writes_per_second > primary || per_doc.iter().any(|p| now * p > 1.0) {
            return 0.0;
        }
        per_doc
            .iter()
            .filter(|p| **p > 0.0 && growth > 0.0)
            .map(|p| (1.0 / p - now) / growth)
            .filter(|d| *d <= horizon)
            .fold(horizon, f64::min)
            .max(0.0)
    });
    ScaleFigures {
        documents_now: now,
        documents_horizon,
        data_now: now * avg,
        data_horizon: documents_horizon * avg,
        index_now: now * per_doc_index,
        index_horizon: documents_horizon * per_doc_index,
        working_set_now: now * per_doc_ws,
        working_set_horizon: documents_horizon * per_doc_ws,
        writes_per_second,
        tier: tier.to_string(),
        ram_bytes: ram,
        shards_now: shards(now),
        shards_horizon: shards(documents_horizon),
        limit,
        crossing_days,
        retention_days,
        horizon_days: t.horizon_days,
        bucket_measurements: buckets,
    }
}

/// The most measurements one time series bucket holds: 1,000 (the server's limit).
const BUCKET_MAX_MEASUREMENTS: f64 = 1_000.0;
/// The size past which the server closes a bucket (`timeseriesBucketMaxSize`, 125 KB).
const BUCKET_MAX_BYTES: f64 = 125.0 * 1_024.0;

/// The measurements one bucket of a time series holds: those one series (one `metaField`
/// value) writes within a bucket's span (`bucketMaxSpanSeconds`, else the granularity's span:
/// an hour, a day, 30 days; "Time Series Granularity"), at most 1,000 and at most 125 KB of
/// them. The series are the documents the `metaField` points at (1,000 when it points at none
/// the design names); with no `metaField`, one series. When the design states no growth, a
/// full bucket.
fn bucket_measurements(
    layout: &Layout,
    e: &Entity,
    ts: &crate::model::TimeSeries,
    growth_per_day: f64,
    avg_bytes: f64,
    t: &Thresholds,
) -> f64 {
    let by_size = if avg_bytes > 0.0 { (BUCKET_MAX_BYTES / avg_bytes).floor() } else { BUCKET_MAX_MEASUREMENTS };
    let cap = BUCKET_MAX_MEASUREMENTS.min(by_size).max(1.0);
    if growth_per_day <= 0.0 {
        return cap;
    }
    let span = ts
        .bucket_max_span_seconds
        .or(ts.granularity.map(|g| g.bucket_span_seconds()))
        .unwrap_or(crate::model::Granularity::Seconds.bucket_span_seconds()) as f64;
    let series = match ts.meta_field.as_deref() {
        None => 1.0,
        Some(meta) => {
            let root = meta.split('.').next().unwrap_or(meta);
            let parent = super::fields::parent_relation(layout, e, root).and_then(|r| layout.ends_of(r).0);
            super::fields::parents_at_horizon(parent, t.horizon_days)
        }
    };
    (growth_per_day / series * span / 86_400.0).clamp(1.0, cap)
}

/// The days after which the collection's documents expire: its own `expireAfterSeconds`, a
/// declared TTL index, or the TTL of the buckets it holds (the shortest).
fn retention_days(layout: &Layout, e: &Entity) -> Option<f64> {
    let own = e.collection.expire_after_seconds;
    let indexes = e.collection.indexes.iter().filter_map(|i| i.ttl_seconds);
    let buckets = layout
        .parents_of(e)
        .iter()
        .filter(|r| r.storage == Storage::Bucket)
        .filter_map(|r| r.bucket.as_ref()?.ttl_seconds);
    own.into_iter().chain(indexes).chain(buckets).min().map(|s| s as f64 / 86_400.0)
}

/// Bytes of index entries per document: for each index (and `_id`'s), its keys' bytes plus
/// an 8-byte record id, times the entries a multikey index holds per document.
fn index_bytes_per_document(layout: &Layout, e: &Entity, indexes: &[&IndexAdvice]) -> f64 {
    let id = key_bytes(layout, e, "_id").0 + 8.0;
    let others: f64 = indexes
        .iter()
        .filter(|a| !(a.index.keys.len() == 1 && a.index.keys.first().is_some_and(|k| k.field == "_id")))
        .map(|a| {
            let (bytes, entries) = a.index.keys.iter().fold((8.0, 1.0_f64), |(bytes, entries), k| {
                let (b, n) = key_bytes(layout, e, &k.field);
                (bytes + b, entries.max(n))
            });
            bytes * entries
        })
        .sum();
    id + others
}

/// The bytes of one value at `path` and the entries per document it gives an index (the
/// array's typical length when the path is or crosses an array; 5 when not stated).
fn key_bytes(layout: &Layout, e: &Entity, path: &str) -> (f64, f64) {
    let resolved = resolve(layout, e, path);
    let bytes = match resolved.map(|r| r.bson_type) {
        Some(BsonType::ObjectId) => 12.0,
        Some(BsonType::Int) => 4.0,
        Some(BsonType::Long | BsonType::Double | BsonType::Date | BsonType::Timestamp) => 8.0,
        Some(BsonType::Decimal) => 16.0,
        Some(BsonType::Bool | BsonType::Null) => 1.0,
        // A value of varying size: as the design states it.
        _ => declared(e, path).and_then(|f| f.size.avg_bytes).map_or(16.0, |b| b as f64 + 5.0),
    };
    let entries = if resolved.is_some_and(|r| r.array) {
        let head = path.split('.').next().unwrap_or(path);
        e.field(head).and_then(|f| f.size.avg_items).map_or(5.0, |n| (n as f64).max(1.0))
    } else {
        1.0
    };
    (bytes, entries)
}
