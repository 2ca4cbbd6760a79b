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
    /// The Atlas cluster tier one replica set (one shard) runs on (`M10` … `M700`): the RAM
    /// of one of its data-bearing nodes is what the working set is judged against (MongoDB,
    /// "Atlas Cluster Sizing and Tier Selection"; the tiers' RAM: [`tier_ram_bytes`]).
    pub cluster_tier: String,
    /// The data one replica set holds comfortably, in bytes: half of Atlas' standard 4 TB
    /// storage of an M40+ cluster ("FAQ: Storage"), the other half kept for indexes, the oplog
    /// and the second copy `reshardCollection` writes ("Reshard a Collection").
    pub replica_set_data_bytes: u64,
    /// The share of a collection's documents read often: the working set is every index plus
    /// this share of the data ("Atlas Cluster Sizing and Tier Selection": "all the indexes plus
    /// the set of documents that are accessed frequently").
    pub working_set_share: f64,
    /// Document writes per second one primary takes (journaled, `w: "majority"`): an order of
    /// magnitude for an M60-class node, to be replaced by a measured figure (`mongostat`).
    pub primary_writes_per_second: u64,
    /// The range (chunk) size of a sharded collection, in bytes: 128 MB since MongoDB 6.0
    /// ("Data Partitioning with Chunks"); a range holding one shard key value cannot split
    /// (a jumbo chunk).
    pub chunk_bytes: u64,
    /// A sharded collection is unbalanced when its largest shard holds more than this many
    /// times the average (data, or the inserts it receives).
    pub shard_balance: f64,
    /// How many times smaller a time series collection keeps its measurements than as one
    /// document each: the buckets store field names once and the values as columns (delta,
    /// delta-of-delta and run-length encoding; MongoDB, "Time Series Compression", 5.2+), so
    /// the data and the share of it the working set holds are divided by this. The page states
    /// the techniques and no ratio: 4 is docshape's conservative assumption (zstd on disk
    /// compresses further); a measured ratio replaces it (the measurements' size as plain
    /// documents over the size of the `system.buckets` collection).
    pub time_series_compression: f64,
}

/// The RAM of one data-bearing node of an Atlas cluster tier, in bytes (AWS, general class;
/// "Atlas Cluster Sizing and Tier Selection": an M30 has 8 GB on each node). `None` for a name
/// not in the table.
pub fn tier_ram_bytes(tier: &str) -> Option<u64> {
    const GB: u64 = 1_000_000_000;
    let gb = match tier.trim().to_ascii_uppercase().as_str() {
        "M10" => 2,
        "M20" => 4,
        "M30" => 8,
        "M40" => 16,
        "M50" => 32,
        "M60" => 64,
        "M80" => 128,
        "M140" => 192,
        "M200" => 256,
        "M300" => 384,
        "M400" => 488,
        "M700" => 768,
        _ => return None,
    };
    Some(gb * GB)
}

/// The tier judged when `thresholds.clusterTier` names none of the table.
pub const DEFAULT_TIER: &str = "M60";

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
            cluster_tier: DEFAULT_TIER.to_string(),
            replica_set_data_bytes: 2_000_000_000_000,
            working_set_share: 0.1,
            primary_writes_per_second: 5_000,
            chunk_bytes: 128 * 1024 * 1024,
            shard_balance: 1.3,
            time_series_compression: 4.0,
        }
    }
}
