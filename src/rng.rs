//! Deterministic randomness: a splitmix64 generator seeded by hashing names, so the same model
//! and seed always give the same documents, on every platform, without a dependency.

/// FNV-1a, 64 bits: a stable hash of text (Rust's `DefaultHasher` may change between releases).
pub fn hash(text: &str) -> u64 {
    hash_bytes(0xcbf2_9ce4_8422_2325, text.as_bytes())
}

/// Continues an FNV-1a hash with more bytes.
pub fn hash_bytes(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Mixes several values into one seed.
pub fn mix(parts: &[u64]) -> u64 {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for p in parts {
        rng.state ^= *p;
        rng.next_u64();
    }
    rng.next_u64()
}

/// splitmix64 (Steele, Lea and Flood): one u64 of state, good statistical quality.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// A generator for a named purpose below `seed` (`seed / "titulo"`).
    pub fn derive(seed: u64, name: &str) -> Rng {
        Rng::new(mix(&[seed, hash(name)]))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[0, n)`; 0 when `n` is 0.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            ((self.next_u64() as u128 * n as u128) >> 64) as u64
        }
    }

    /// Uniform integer in `[lo, hi]` (swapped when reversed).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > u64::MAX as u128 {
            return self.next_u64() as i64;
        }
        (lo as i128 + self.below(span as u64) as i128) as i64
    }

    /// Uniform real in `[lo, hi]`.
    pub fn real(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// One element of a non-empty slice; `None` when empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len() as u64) as usize)
    }

    /// A count with mean `mean`: Poisson for small means, a rounded normal for large ones.
    pub fn count(&mut self, mean: f64) -> u64 {
        if !mean.is_finite() || mean <= 0.0 {
            return 0;
        }
        if mean < 30.0 {
            // Knuth's multiplication method.
            let limit = (-mean).exp();
            let mut k = 0u64;
            let mut p = self.unit();
            while p > limit && k < 1_000 {
                k += 1;
                p *= self.unit();
            }
            k
        } else {
            (mean + mean.sqrt() * self.gauss()).round().max(0.0) as u64
        }
    }

    /// Standard normal (Box-Muller).
    pub fn gauss(&mut self) -> f64 {
        let u1 = self.unit().max(1e-12);
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(42);
                move |_| r.next_u64()
            })
            .collect();
        let mut r = Rng::new(42);
        assert_eq!(a, (0..5).map(|_| r.next_u64()).collect::<Vec<_>>());
        assert_ne!(Rng::derive(1, "a").next_u64(), Rng::derive(1, "b").next_u64());
    }

    #[test]
    fn ranges_stay_in_bounds_and_counts_average_out() {
        let mut r = Rng::new(7);
        for _ in 0..1000 {
            let x = r.range(-3, 3);
            assert!((-3..=3).contains(&x));
            assert!(r.below(5) < 5);
        }
        let mean = (0..4000).map(|_| r.count(6.0)).sum::<u64>() as f64 / 4000.0;
        assert!((mean - 6.0).abs() < 0.3, "{mean}");
        let big = (0..4000).map(|_| r.count(1500.0)).sum::<u64>() as f64 / 4000.0;
        assert!((big - 1500.0).abs() < 10.0, "{big}");
    }

    #[test]
    fn fnv_is_stable() {
        assert_eq!(hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
