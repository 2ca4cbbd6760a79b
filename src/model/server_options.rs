//! What a design says about today's server (format version 4): a collection's options at
//! creation (time series, clustered, capped, a default collation), a box that stands for many
//! collections (one per tenant or per period), and the collation a query or an index names.
//!
//! Each member maps to the option of the same name in MongoDB's `createCollection` and
//! `createIndex`, and every one is optional: a design that states none of them means what a
//! version 3 file meant.

use serde::{Deserialize, Serialize};

/// A time series collection (MongoDB 5.0+; "Time Series"): the server groups measurements
/// into buckets by `metaField` and time itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeSeries {
    /// The field holding each measurement's date (required by the server).
    pub time_field: String,
    /// The field naming the series (a sensor, a device, a member): measurements with the same
    /// value go to the same buckets. Rarely changes, never a per-measurement value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta_field: Option<String>,
    /// How often one series writes: `seconds`, `minutes` or `hours`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub granularity: Option<Granularity>,
    /// Custom bucketing (6.3+): the span of one bucket in seconds; with
    /// `bucketRoundingSeconds`, instead of `granularity`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket_max_span_seconds: Option<u64>,
    /// Custom bucketing (6.3+): the rounding of a bucket's start, equal to the span.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket_rounding_seconds: Option<u64>,
}

/// A time series' granularity: the interval between two measurements of one series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Granularity {
    Seconds,
    Minutes,
    Hours,
}

impl Granularity {
    /// The name MongoDB's `timeseries.granularity` takes.
    pub fn name(self) -> &'static str {
        match self {
            Granularity::Seconds => "seconds",
            Granularity::Minutes => "minutes",
            Granularity::Hours => "hours",
        }
    }

    /// The span of one bucket the server uses for this granularity ("Time Series Granularity"):
    /// one hour, one day, thirty days.
    pub fn bucket_span_seconds(self) -> u64 {
        match self {
            Granularity::Seconds => 3_600,
            Granularity::Minutes => 86_400,
            Granularity::Hours => 2_592_000,
        }
    }
}

/// A capped collection: a fixed-size ring that drops its oldest documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Capped {
    /// The most bytes the collection keeps (`size`).
    pub size_bytes: u64,
    /// The most documents it keeps (`max`), if limited by count too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_documents: Option<u64>,
}

/// A collation ("Collation"): the language rules strings compare by. Strength 1 ignores case
/// and accents, 2 ignores case, 3 (the default) compares both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Collation {
    /// ICU locale (`en`, `es`, `pt`, `fr`…; `simple` for binary comparison).
    pub locale: String,
    /// 1 to 5; 3 when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<u8>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub case_level: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub numeric_ordering: bool,
}

impl Collation {
    /// Whether strings equal but for case (and, at strength 1, accents) compare equal.
    pub fn ignores_case(&self) -> bool {
        self.locale != "simple" && self.strength.is_some_and(|s| s <= 2) && !self.case_level
    }
}

/// One box that stands for many collections of the same shape: one per tenant, or one per
/// period (`events_2026_12`). The advisor counts `count` collections against the database's
/// collection budget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instances {
    /// What each collection stands for.
    pub per: InstancesPer,
    /// How many collections there are (at the growth horizon for periods).
    pub count: u64,
    /// How they are named, e.g. `pedidos_{tenant}` or `eventos_{yyyymm}`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name_pattern: String,
}

/// What each of a box's collections stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum InstancesPer {
    Tenant,
    Period,
    Other,
}

/// A shard key the team chose for a collection ("Choose a Shard Key"): its fields in order,
/// each ranged (1) or hashed. The advisor checks a stated key and recommends one where none is
/// stated; `docshape diff` turns a changed key into `reshardCollection`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShardKey {
    pub fields: Vec<ShardKeyField>,
    /// The key's values are unique (`shardCollection`'s `unique`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unique: bool,
}

/// One field of a shard key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShardKeyField {
    pub field: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hashed: bool,
}

/// What a field means beyond its type, where the advisor needs to know it (format version 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldRole {
    /// The tenant (customer, organisation) a document belongs to.
    Tenant,
    /// The region or country a document's data must stay in or near.
    Region,
}
