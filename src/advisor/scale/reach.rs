//! How each access pattern reaches the shards under a shard key ("Choose a Shard Key",
//! "Sharding Query Patterns"): a query whose equality filters pin the key's first fields is
//! routed to the shards of those values (targeted); a range on a ranged key's first field
//! goes to the shards holding the range; anything else goes to every shard (broadcast). An
//! insert carries the whole key and goes to one shard. The advisor's estimate and the
//! simulation both start from this classification.

use crate::advisor::query_shape::Shape;
use crate::model::{AccessPattern, Id, QueryKind, ShardKey, WriteOp};
use serde::Serialize;

/// Where a pattern's executions go under a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reach {
    /// Its equality filters pin the key's first fields (or it inserts): routed by them.
    Targeted,
    /// A range on the first field of a ranged key: the shards holding the range.
    Range,
    /// No key field pinned: every shard.
    Broadcast,
}

/// One access pattern on the collection, and how it reaches the shards under one key.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PatternReach {
    pub query: Id,
    pub per_minute: f64,
    /// A write (insert, update, delete).
    pub write: bool,
    /// An insert: the new document carries the whole key.
    pub insert: bool,
    pub reach: Reach,
    /// For a targeted read or update: how many of the key's first fields its equality pins.
    pub prefix: usize,
}

/// Whether the pattern inserts documents: a write saying so, or a write that filters nothing.
pub(crate) fn inserts(q: &AccessPattern) -> bool {
    q.kind == QueryKind::Write
        && match q.write {
            Some(op) => op == WriteOp::Insert,
            None => q.filters.is_empty() && q.or.is_empty(),
        }
}

/// How `q` (whose shape is `shape`) reaches the shards under `key`.
pub(crate) fn reach_of(q: &AccessPattern, shape: Option<&Shape>, key: &ShardKey) -> PatternReach {
    let write = q.kind == QueryKind::Write;
    let insert = inserts(q);
    let per_minute = if q.per_minute.is_finite() { q.per_minute.max(0.0) } else { 0.0 };
    let (reach, prefix) = if insert {
        (Reach::Targeted, key.fields.len())
    } else {
        shape.map_or((Reach::Broadcast, 0), |s| classify(s, key))
    };
    PatternReach { query: Id::new(&q.id), per_minute, write, insert, reach, prefix }
}

/// The reach of a query shape under `key`, and the key fields its equality pins.
pub(crate) fn classify(shape: &Shape, key: &ShardKey) -> (Reach, usize) {
    let pinned = key.fields.iter().take_while(|f| shape.equality().any(|p| p == f.field)).count();
    if pinned > 0 {
        return (Reach::Targeted, pinned);
    }
    match key.fields.first() {
        Some(first) if !first.hashed && shape.range().chain(shape.range_on_sort()).any(|p| p == first.field) => {
            (Reach::Range, 0)
        }
        _ => (Reach::Broadcast, 0),
    }
}
