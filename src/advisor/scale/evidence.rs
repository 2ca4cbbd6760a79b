//! What a shard key does to a collection on N shards: how even the data and the inserts
//! are, how heavy its heaviest value is, and which share of each pattern's executions reach
//! a single shard. The advisor estimates it from the design ([`estimate`]) at every edit;
//! `docshape shard` measures it on generated documents (`crate::simulation`). Both fill the
//! same [`Evidence`], and the same criteria judge it (`super::criteria`).

use super::fields::FieldFacts;
use super::reach::{PatternReach, Reach};
use super::values::Classes;
use serde::Serialize;

/// A key's outcome on `shards` shards.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// Measured on generated documents (true) or estimated from the design.
    pub simulated: bool,
    pub shards: u32,
    /// The largest shard's data over the average shard's (1 is even).
    pub data_balance: f64,
    /// The largest shard's share of the inserts over the average share.
    pub insert_balance: f64,
    /// Bytes of the heaviest key value (every document with the same whole key).
    pub largest_value_bytes: f64,
    /// The share of each pattern's executions that reach one shard, in the order of the
    /// key's [`PatternReach`] list.
    pub single_shard: Vec<f64>,
}

impl Evidence {
    /// The worse of the two balances.
    pub fn balance(&self) -> f64 {
        self.data_balance.max(self.insert_balance)
    }
}

/// The classes of the values of the first `n` fields taken together (independent fields).
pub(crate) fn prefix_classes(fields: &[FieldFacts], n: usize) -> Classes {
    let mut it = fields.iter().take(n);
    let Some(first) = it.next() else { return Classes::default() };
    it.fold(first.classes.clone(), |acc, f| acc.and(&f.classes))
}

/// The balance of `distinct` equally heavy values placed on `shards` shards whole: the
/// fullest shard holds `ceil(k / n)` of them where the average holds `k / n`.
pub(crate) fn whole_values_balance(distinct: f64, shards: f64) -> f64 {
    if distinct <= 0.0 || shards <= 1.0 {
        return 1.0;
    }
    if distinct < shards {
        return shards / distinct;
    }
    (distinct / shards).ceil() / (distinct / shards)
}

/// The balance of values of `classes` over `shards` shards: the heaviest value's share
/// against a shard's, and the whole values' granularity.
fn balance_of(classes: &Classes, documents: f64, shards: f64) -> f64 {
    let heaviest = classes.largest_share().unwrap_or(0.0) * shards;
    let whole = classes.distinct(documents).map_or(1.0, |k| whole_values_balance(k, shards));
    heaviest.max(whole).max(1.0)
}

/// Ranges (chunks) hold at most `chunk_bytes`, and at least 16 of them go to each shard: a
/// collection too small for 16 chunks a shard is cut finer, as the balancer since 6.0 moves
/// ranges smaller than a chunk to even the shards. The simulation cuts its ranges by the same
/// rule.
pub fn range_bytes(chunk_bytes: f64, data_bytes: f64, shards: u32) -> f64 {
    chunk_bytes.min(data_bytes / (16.0 * f64::from(shards.max(1)))).max(1.0)
}

/// The balance of inserts that go to the end of each value of `classes` (a ranged key whose
/// next field grows with time). A value smaller than a range shares its range with others,
/// and those ranges are spread by data, as the inserts then are; a value of a range or more
/// sends its inserts to its last range, which lands on a shard at random (the balancer evens
/// data, not inserts): the fullest shard gets the average of those hot spots plus
/// `sqrt(2 ln N)` standard deviations, and at least the heaviest one whole.
fn hot_spots_balance(classes: &Classes, documents: f64, avg_bytes: f64, range: f64, shards: f64) -> f64 {
    if classes.is_unknown() || shards <= 1.0 {
        return 1.0;
    }
    let (mut background, mut mean, mut variance, mut heaviest) = (0.0, 0.0, 0.0, 0.0_f64);
    for c in &classes.0 {
        let total = (c.values * c.share).min(1.0);
        if c.share * documents * avg_bytes < range {
            background += total;
        } else {
            mean += total / shards;
            variance += c.values / shards * c.share * c.share;
            heaviest = heaviest.max(c.share);
        }
    }
    let spread = (2.0 * shards.ln()).sqrt() * variance.sqrt();
    let fullest = background / shards + (mean + spread).max(heaviest);
    (fullest * shards).max(1.0)
}

/// The share of the lookups of a prefix value that reach one shard, for values of `classes`
/// (asked as often as they have documents): a value of `b` bytes crosses a range boundary
/// with a chance of `b / range`, and its ranges then sit on one shard with a chance of `1/N`
/// each; a value of several ranges spans `b / range` of them.
fn single_shard_share(classes: &Classes, documents: f64, avg_bytes: f64, range: f64, shards: f64) -> f64 {
    classes
        .0
        .iter()
        .map(|c| {
            let bytes = c.share * documents * avg_bytes;
            let spans = bytes / range.max(1.0);
            let single = if spans < 1.0 { 1.0 - spans * (1.0 - 1.0 / shards) } else { shards.recip().powf(spans) };
            (c.values * c.share).min(1.0) * single
        })
        .sum::<f64>()
        .min(1.0)
}

/// The estimate of a key (its `fields`, with their hashing) on `shards` shards for a
/// collection of `documents` documents of `avg_bytes` on average, `chunk_bytes` a chunk.
pub(crate) fn estimate(
    fields: &[FieldFacts],
    hashed: &[bool],
    reaches: &[PatternReach],
    documents: f64,
    avg_bytes: f64,
    shards: u32,
    chunk_bytes: f64,
) -> Evidence {
    let n = f64::from(shards.max(1));
    let full = prefix_classes(fields, fields.len());
    let data_balance = balance_of(&full, documents, n);
    let is_ranged_monotonic =
        |i: usize| fields.get(i).is_some_and(|f| f.monotonic) && !hashed.get(i).copied().unwrap_or(false);
    let range = range_bytes(chunk_bytes, documents * avg_bytes, shards);
    let insert_balance = match (0..fields.len()).find(|&i| is_ranged_monotonic(i)) {
        // Every insert goes past the highest value: to the one chunk holding it.
        Some(0) => n,
        // Inserts go to the end of each value of the fields before it.
        Some(j) => hot_spots_balance(&prefix_classes(fields, j), documents, avg_bytes, range, n),
        None => data_balance,
    };
    let single_shard = reaches
        .iter()
        .map(|r| match r.reach {
            _ if shards <= 1 => 1.0,
            Reach::Targeted if r.insert || r.prefix >= fields.len() => 1.0,
            Reach::Targeted => {
                let classes = prefix_classes(fields, r.prefix);
                if classes.is_unknown() {
                    1.0
                } else {
                    single_shard_share(&classes, documents, avg_bytes, range, n)
                }
            }
            Reach::Range | Reach::Broadcast => 0.0,
        })
        .collect();
    Evidence {
        simulated: false,
        shards,
        data_balance,
        insert_balance,
        largest_value_bytes: full.largest_share().unwrap_or(0.0) * documents * avg_bytes,
        single_shard,
    }
}
