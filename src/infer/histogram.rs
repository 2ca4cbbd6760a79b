//! A bounded-memory histogram of non-negative integers (array lengths, document sizes) for
//! median, p99 and maximum.
//!
//! **Method.** Values up to [`EXACT_MAX`] (256) are counted exactly, one counter each, so
//! percentiles of small values (the usual array lengths) are exact. Larger values fall into
//! log-spaced buckets, 16 per power of two: a bucket spans at most 1/16 of its lower bound,
//! so a percentile answered from a bucket is its upper bound (capped at the exact maximum)
//! and is **never below the true value and at most 6.25% above it**. Count, sum, minimum and
//! maximum are exact. Memory: at most 257 exact counters plus 16 buckets per octave touched
//! (about 900 for the whole `u64` range), independent of how many values were added.

use std::collections::BTreeMap;

/// Values up to this are counted exactly.
pub const EXACT_MAX: u64 = 256;
const SUB_BUCKETS_LOG2: u32 = 4; // 16 buckets per power of two

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Histogram {
    exact: Vec<u64>,
    log: BTreeMap<u32, u64>,
    count: u64,
    sum: u128,
    min: u64,
    max: u64,
}

/// Bucket index of a value above `EXACT_MAX`.
fn bucket(v: u64) -> u32 {
    let octave = 63 - v.leading_zeros(); // floor(log2 v) >= 8
    let sub = ((v >> (octave - SUB_BUCKETS_LOG2)) & ((1 << SUB_BUCKETS_LOG2) - 1)) as u32;
    octave * (1 << SUB_BUCKETS_LOG2) + sub
}

/// Largest value of a bucket.
fn bucket_upper(b: u32) -> u64 {
    let octave = b >> SUB_BUCKETS_LOG2;
    let sub = (b & ((1 << SUB_BUCKETS_LOG2) - 1)) as u64;
    let width_shift = octave - SUB_BUCKETS_LOG2;
    let start = ((1u64 << SUB_BUCKETS_LOG2) + sub) << width_shift;
    start.saturating_add((1u64 << width_shift) - 1)
}

impl Histogram {
    pub fn new() -> Histogram {
        Histogram::default()
    }

    pub fn add(&mut self, v: u64) {
        if self.count == 0 || v < self.min {
            self.min = v;
        }
        self.max = self.max.max(v);
        self.count += 1;
        self.sum += v as u128;
        if v <= EXACT_MAX {
            let i = v as usize;
            if self.exact.len() <= i {
                self.exact.resize(i + 1, 0);
            }
            self.exact[i] += 1;
        } else {
            *self.log.entry(bucket(v)).or_insert(0) += 1;
        }
    }

    pub fn count(&self) -> u64 {
        self.count
    }

    pub fn max(&self) -> u64 {
        self.max
    }

    pub fn min(&self) -> u64 {
        self.min
    }

    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }

    /// The nearest-rank percentile (`p` in 0..=1): the smallest value with at least
    /// `ceil(p * count)` values at or below it; see the module comment for its accuracy.
    pub fn percentile(&self, p: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((p.clamp(0.0, 1.0) * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (v, n) in self.exact.iter().enumerate() {
            seen += n;
            if seen >= rank {
                return v as u64;
            }
        }
        for (b, n) in &self.log {
            seen += n;
            if seen >= rank {
                return bucket_upper(*b).min(self.max);
            }
        }
        self.max
    }

    pub fn median(&self) -> u64 {
        self.percentile(0.5)
    }

    /// How many values are above `v` (exact when `v` < 256 or on a bucket edge; otherwise the
    /// bucket holding `v` counts as above, so this is an upper bound).
    pub fn count_above(&self, v: u64) -> u64 {
        let exact: u64 = self.exact.iter().enumerate().filter(|(x, _)| *x as u64 > v).map(|(_, n)| n).sum();
        let logged: u64 = self.log.iter().filter(|(b, _)| bucket_upper(**b) > v).map(|(_, n)| n).sum();
        exact + logged
    }

    /// Number of counters held (for memory tests).
    pub fn cells(&self) -> usize {
        self.exact.len() + self.log.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny deterministic PRNG (xorshift64*).
    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed >> 12;
        *seed ^= *seed << 25;
        *seed ^= *seed >> 27;
        seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn exact_percentile(sorted: &[u64], p: f64) -> u64 {
        let rank = ((p * sorted.len() as f64).ceil() as usize).max(1);
        sorted[rank - 1]
    }

    #[test]
    fn small_values_are_exact() {
        let mut h = Histogram::new();
        for v in [3, 1, 4, 1, 5, 9, 2, 6] {
            h.add(v);
        }
        assert_eq!((h.median(), h.percentile(0.99), h.max(), h.min()), (3, 9, 9, 1));
        assert_eq!(h.count_above(4), 3);
    }

    #[test]
    fn large_values_are_within_six_percent_above() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let mut h = Histogram::new();
        let mut all = Vec::new();
        for _ in 0..20_000 {
            // log-uniform values from 1 to ~16 million
            let v = 1u64 << (rng(&mut seed) % 24);
            let v = v + rng(&mut seed) % v;
            h.add(v);
            all.push(v);
        }
        all.sort_unstable();
        for p in [0.01, 0.25, 0.5, 0.9, 0.99, 0.999, 1.0] {
            let truth = exact_percentile(&all, p);
            let got = h.percentile(p);
            assert!(got >= truth && got as f64 <= truth as f64 * 1.0625 + 1.0, "p{p}: {got} vs {truth}");
        }
        assert_eq!(h.max(), *all.last().unwrap());
        assert!(h.cells() < 257 + 16 * 17, "{} cells", h.cells());
    }

    #[test]
    fn buckets_cover_their_values() {
        for v in [257u64, 300, 511, 512, 1000, 65_535, 1 << 40, u64::MAX] {
            let b = bucket(v);
            assert!(bucket_upper(b) >= v, "{v}");
            assert!(b == 0 || bucket_upper(b - 1) < v || v <= EXACT_MAX, "{v}");
        }
    }
}
