//! The figures the advisor judges against (DOMAIN.md §4). Defaults follow MongoDB's own
//! guidance and Atlas' schema advisor; a model may override any of them.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Thresholds {
    /// Embed when a parent has at most this many children ("one-to-few").
    pub few_max: u64,
    /// Up to this many children the parent may keep an id array ("one-to-many").
    pub many_max: u64,
    /// Arrays over this many elements hurt (MongoDB's advice).
    pub array_warn: u64,
    /// Atlas flags arrays over this many entries.
    pub array_atlas: u64,
    /// Aim for documents under this many bytes.
    pub doc_target_bytes: u64,
    /// Atlas flags documents over this many bytes.
    pub doc_atlas_bytes: u64,
    /// The BSON document limit.
    pub doc_limit_bytes: u64,
    /// Atlas flags more than this many indexes on a collection.
    pub max_indexes: u64,
    /// Atlas flags more than this many collections in a database.
    pub max_collections: u64,
    /// Atlas flags `$lookup` in more than this share of queries.
    pub lookup_share: f64,
    /// A document under this many bytes is "tiny".
    pub tiny_doc_bytes: u64,
    /// A collection with more documents than this is "massive" (flood of tiny documents).
    pub massive_docs: u64,
    /// A field value over this many bytes is bloat in a document read often.
    pub bloat_field_bytes: u64,
    /// Offset pagination deeper than this many skipped documents is flagged.
    pub max_skip: u64,
    /// Growth horizon, in days, for the size estimate (5 years).
    pub horizon_days: u64,
    /// Outlier pattern fits only when the overflowing share is at most this.
    pub outlier_share: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            few_max: 100,
            many_max: 5_000,
            array_warn: 1_000,
            array_atlas: 10_000,
            doc_target_bytes: 1_000_000,
            doc_atlas_bytes: 2_000_000,
            doc_limit_bytes: 16 * 1024 * 1024,
            max_indexes: 30,
            max_collections: 100,
            lookup_share: 0.5,
            tiny_doc_bytes: 256,
            massive_docs: 10_000_000,
            bloat_field_bytes: 100_000,
            max_skip: 1_000,
            horizon_days: 5 * 365,
            outlier_share: 0.01,
        }
    }
}
