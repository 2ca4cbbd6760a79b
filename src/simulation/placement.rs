//! Placing sampled documents on shards by their key, as MongoDB's balancer leaves them:
//! documents in key order, cut into ranges (chunks) at key boundaries once a range holds its
//! size (a run of one key value is never cut, however large: a jumbo chunk past the chunk
//! size), then each range, largest first, on the shard that holds the least data so far (the
//! balancer evens the data on each shard since 6.0.3: "Data Partitioning with Chunks").
//!
//! Every figure is read from the placement: the data on each shard, where the inserts go, and
//! how many shards the documents of one key prefix are on.

use super::keys::prefix;

/// The key bytes of every sampled document, one after the other.
#[derive(Debug, Default, Clone)]
pub struct KeyColumn {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl KeyColumn {
    pub fn with_capacity(documents: usize, bytes_each: usize) -> KeyColumn {
        KeyColumn { bytes: Vec::with_capacity(documents * bytes_each), ends: Vec::with_capacity(documents) }
    }

    /// Appends one document's key bytes (what `write` appends).
    pub fn push(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        write(&mut self.bytes);
        self.ends.push(self.bytes.len() as u32);
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Document `i`'s key bytes.
    pub fn get(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends.get(i - 1).copied().unwrap_or(0) as usize };
        let end = self.ends.get(i).copied().unwrap_or(0) as usize;
        self.bytes.get(start..end).unwrap_or_default()
    }
}

/// A range of the documents in key order: positions `start..end` of [`Placement::order`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub start: usize,
    pub end: usize,
    pub bytes: f64,
    /// Every document of the range has the same key: it cannot split.
    pub one_value: bool,
}

/// Where a key puts the sampled documents.
#[derive(Debug, Clone)]
pub struct Placement {
    /// Document numbers in key order.
    pub order: Vec<u32>,
    pub ranges: Vec<Range>,
    /// The shard of each range.
    pub shard_of: Vec<u32>,
    /// The bytes each shard holds.
    pub shard_bytes: Vec<f64>,
}

/// The runs of equal values of `key` over the documents in `order`, as position ranges.
fn runs<'a>(order: &'a [u32], key: impl Fn(usize) -> &'a [u8] + 'a) -> impl Iterator<Item = (usize, usize)> + 'a {
    let mut start = 0;
    std::iter::from_fn(move || {
        let first = *order.get(start)? as usize;
        let value = key(first);
        let mut end = start + 1;
        while order.get(end).is_some_and(|&d| key(d as usize) == value) {
            end += 1;
        }
        let run = (start, end);
        start = end;
        Some(run)
    })
}

/// Places the documents (`bytes[i]` the data document `i` stands for) on `shards` shards in
/// ranges of about `range_bytes`.
pub fn place(keys: &KeyColumn, bytes: &[f64], shards: u32, range_bytes: f64) -> Placement {
    let mut order: Vec<u32> = (0..keys.len() as u32).collect();
    order.sort_by(|&a, &b| keys.get(a as usize).cmp(keys.get(b as usize)));
    let weight = |pos: usize| order.get(pos).and_then(|&d| bytes.get(d as usize)).copied().unwrap_or(0.0);
    let mut ranges: Vec<Range> = Vec::new();
    let mut current = Range { start: 0, end: 0, bytes: 0.0, one_value: true };
    for (start, end) in runs(&order, |d| keys.get(d)) {
        let run: f64 = (start..end).map(weight).sum();
        if current.end > current.start && current.bytes + run > range_bytes {
            ranges.push(current);
            current = Range { start, end: start, bytes: 0.0, one_value: true };
        }
        current.one_value = current.end == current.start;
        current.end = end;
        current.bytes += run;
    }
    if current.end > current.start {
        ranges.push(current);
    }
    let n = shards.max(1) as usize;
    let mut shard_bytes: Vec<f64> = vec![0.0; n];
    let mut shard_of = vec![0u32; ranges.len()];
    let mut by_size: Vec<usize> = (0..ranges.len()).collect();
    by_size.sort_by(|&a, &b| ranges[b].bytes.total_cmp(&ranges[a].bytes).then(a.cmp(&b)));
    for r in by_size {
        let lightest = (0..n).min_by(|&a, &b| shard_bytes[a].total_cmp(&shard_bytes[b])).unwrap_or(0);
        shard_bytes[lightest] += ranges[r].bytes;
        shard_of[r] = lightest as u32;
    }
    Placement { order, ranges, shard_of, shard_bytes }
}

impl Placement {
    fn total(&self) -> f64 {
        self.shard_bytes.iter().sum()
    }

    /// The largest shard's data over the average's.
    pub fn data_balance(&self) -> f64 {
        let avg = self.total() / self.shard_bytes.len().max(1) as f64;
        let max = self.shard_bytes.iter().copied().fold(0.0, f64::max);
        if avg > 0.0 {
            max / avg
        } else {
            1.0
        }
    }

    /// The range holding each position of `order`.
    fn range_at(&self) -> Vec<u32> {
        let mut at = vec![0u32; self.order.len()];
        for (i, r) in self.ranges.iter().enumerate() {
            for slot in at.iter_mut().take(r.end).skip(r.start) {
                *slot = i as u32;
            }
        }
        at
    }

    /// The largest shard's share of the inserts over the average share. New documents have
    /// the stored documents' values, except from field `monotonic` on (a ranged field that
    /// grows with time), where they are past every stored value: each goes to the last range
    /// of its first `monotonic` fields' value (the last range of all when it is the first).
    pub fn insert_balance(&self, keys: &KeyColumn, bytes: &[f64], monotonic: Option<usize>) -> f64 {
        let Some(fields) = monotonic else { return self.data_balance() };
        let n = self.shard_bytes.len().max(1);
        let mut inserts = vec![0.0; n];
        let range_at = self.range_at();
        let weight = |pos: usize| self.order.get(pos).and_then(|&d| bytes.get(d as usize)).copied().unwrap_or(0.0);
        for (start, end) in runs(&self.order, |d| prefix(keys.get(d), fields)) {
            let last = range_at.get(end - 1).copied().unwrap_or(0) as usize;
            let shard = self.shard_of.get(last).copied().unwrap_or(0) as usize;
            if let Some(slot) = inserts.get_mut(shard) {
                *slot += (start..end).map(weight).sum::<f64>();
            }
        }
        let total: f64 = inserts.iter().sum();
        let max = inserts.iter().copied().fold(0.0, f64::max);
        if total > 0.0 {
            max * n as f64 / total
        } else {
            1.0
        }
    }

    /// The share of executions that reach one shard, for a query pinning the key's first
    /// `fields` fields with the value of a stored document drawn at random (a value is asked
    /// as often as it has documents).
    pub fn single_shard_share(&self, keys: &KeyColumn, fields: usize) -> f64 {
        let range_at = self.range_at();
        let mut single = 0usize;
        for (start, end) in runs(&self.order, |d| prefix(keys.get(d), fields)) {
            let first = range_at.get(start).copied().unwrap_or(0) as usize;
            let last = range_at.get(end - 1).copied().unwrap_or(0) as usize;
            let shard = self.shard_of.get(first);
            if (first..=last).all(|r| self.shard_of.get(r) == shard) {
                single += end - start;
            }
        }
        single as f64 / self.order.len().max(1) as f64
    }

    /// The bytes of the heaviest key value (a run of equal keys).
    pub fn largest_value_bytes(&self, keys: &KeyColumn, bytes: &[f64]) -> f64 {
        let weight = |pos: usize| self.order.get(pos).and_then(|&d| bytes.get(d as usize)).copied().unwrap_or(0.0);
        runs(&self.order, |d| keys.get(d)).map(|(s, e)| (s..e).map(weight).sum::<f64>()).fold(0.0, f64::max)
    }

    /// The largest range's bytes.
    pub fn largest_range_bytes(&self) -> f64 {
        self.ranges.iter().map(|r| r.bytes).fold(0.0, f64::max)
    }

    /// Ranges of one value heavier than `chunk_bytes`: chunks that cannot split (jumbo).
    pub fn jumbo(&self, chunk_bytes: f64) -> usize {
        self.ranges.iter().filter(|r| r.one_value && r.bytes > chunk_bytes).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(keys: &[&str]) -> KeyColumn {
        let mut c = KeyColumn::default();
        for k in keys {
            c.push(|out| super::super::keys::push_value(out, Some(&crate::export::Bson::str(*k))));
        }
        c
    }

    /// By hand: runs a:20, b:10, c:30, d:10 with ranges of 20: a | b | c | d (each next run
    /// would pass 20). Largest first on the lightest shard: c→S0 (30), a→S1 (20), b→S1 (30),
    /// d→S0 (40; ties go to the first shard). S0 40, S1 30, average 35: 40/35.
    #[test]
    fn a_hand_placed_example() {
        let keys = column(&["c", "a", "d", "c", "a", "b", "c"]);
        let bytes = [10.0; 7];
        let p = place(&keys, &bytes, 2, 20.0);
        let sizes: Vec<f64> = p.ranges.iter().map(|r| r.bytes).collect();
        assert_eq!(sizes, [20.0, 10.0, 30.0, 10.0]);
        assert!(p.ranges.iter().all(|r| r.one_value));
        assert_eq!(p.shard_bytes, [40.0, 30.0]);
        assert!((p.data_balance() - 40.0 / 35.0).abs() < 1e-12);
        assert_eq!(p.largest_value_bytes(&keys, &bytes), 30.0);
        assert_eq!(p.jumbo(25.0), 1);
        // Every value sits in one range: every lookup by the whole key reaches one shard.
        assert_eq!(p.single_shard_share(&keys, 1), 1.0);
        // A value past every stored one goes to the last range (d, on S0): all the inserts.
        assert_eq!(p.insert_balance(&keys, &bytes, Some(0)), 2.0);
        assert!((p.insert_balance(&keys, &bytes, None) - p.data_balance()).abs() < 1e-12);
    }

    #[test]
    fn a_prefix_spread_over_two_shards_is_not_single() {
        // Two-field keys: "x" then a distinct second value; x's four documents (40) span two
        // ranges of 20, which go to the two shards; y's two (20) make one range.
        let mut keys = KeyColumn::default();
        for (a, b) in [("x", 1), ("x", 2), ("x", 3), ("x", 4), ("y", 1), ("y", 2)] {
            keys.push(|out| {
                super::super::keys::push_value(out, Some(&crate::export::Bson::str(a)));
                super::super::keys::push_value(out, Some(&crate::export::Bson::Int(b)));
            });
        }
        let bytes = [10.0; 6];
        let p = place(&keys, &bytes, 2, 20.0);
        assert_eq!(p.ranges.len(), 3);
        assert!(p.ranges.iter().all(|r| !r.one_value));
        // x's ranges (20, 20) and y's (20): S0 gets x1, S1 x2, S0 y: x reaches two shards.
        assert_eq!(p.shard_bytes, [40.0, 20.0]);
        assert!((p.single_shard_share(&keys, 1) - 2.0 / 6.0).abs() < 1e-12);
        assert_eq!(p.single_shard_share(&keys, 2), 1.0);
        // Inserts go to the end of each first value's range: x's last range (S1) and y's (S0),
        // in proportion to their data (40 and 20): S1 40/60 of them, 2 × 40/60 = 1.33.
        assert!((p.insert_balance(&keys, &bytes, Some(1)) - 4.0 / 3.0).abs() < 1e-12);
    }
}
