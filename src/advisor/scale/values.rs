//! How a shard key's values spread over a collection's documents: the few classes of values
//! the design states (every value alike, or a skewed minority of heavy values beside the
//! rest), and what follows from them — how many distinct values, how many documents the
//! heaviest holds, which share of the documents sits in values too heavy for one chunk.
//!
//! The same classes drive the synthetic generator when it picks the parent a child points at
//! for the shard simulation ([`Classes::pick`]), so the advice's estimate and the simulation
//! read one distribution and cannot disagree about what the model says.

use crate::model::Relation;
use crate::rng::Rng;
use serde::Serialize;

/// One class of values: how many values, and the share of the documents each one holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Class {
    pub values: f64,
    /// The share of all documents one value of the class holds (0..1).
    pub share: f64,
}

/// The values of a field (or of a key's fields together), as classes. Empty: the design does
/// not say (a free string, a number with no bounds).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Classes(pub Vec<Class>);

impl Classes {
    /// Every document its own value (`_id`, a date to the millisecond, a unique field).
    pub fn unique(documents: f64) -> Classes {
        let n = documents.max(1.0);
        Classes(vec![Class { values: n, share: 1.0 / n }])
    }

    /// `values` values, each as frequent as the others (an `enum`).
    pub fn uniform(values: f64) -> Classes {
        let n = values.max(1.0);
        Classes(vec![Class { values: n, share: 1.0 / n }])
    }

    /// A boolean as the generator draws it: true 7 times in 10.
    pub fn boolean() -> Classes {
        Classes(vec![Class { values: 1.0, share: 0.7 }, Class { values: 1.0, share: 0.3 }])
    }

    /// The parent a child points at, through `relation`, among `parents` parent documents:
    /// each parent as likely as the children it has. A relation with outliers has a share of
    /// heavy parents, each with about the midpoint of the outliers' range of children
    /// (from the regular maximum to theirs), beside regular parents with the typical count.
    pub fn parents(relation: &Relation, parents: f64) -> Classes {
        let parents = parents.max(1.0);
        let c = &relation.cardinality;
        let typical = if c.typical.is_finite() { c.typical.max(0.01) } else { 1.0 };
        let Some(o) = c.outliers.as_ref().filter(|o| o.share.is_finite() && o.share > 0.0) else {
            return Classes::uniform(parents);
        };
        let heavy = (o.share.min(1.0) * parents).round().clamp(1.0, parents);
        let floor = c.max.map_or(typical * 3.0, |m| m as f64) + 1.0;
        let weight = ((floor + (o.max as f64).max(floor)) / 2.0).max(typical);
        let regular = parents - heavy;
        let total = heavy * weight + regular * typical;
        let mut classes = vec![Class { values: heavy, share: weight / total }];
        if regular >= 1.0 {
            classes.push(Class { values: regular, share: typical / total });
        }
        Classes(classes)
    }

    /// Whether the design says nothing of these values.
    pub fn is_unknown(&self) -> bool {
        self.0.is_empty()
    }

    /// The values of two fields together, each drawn independently of the other (as the
    /// generator draws them): the classes multiply.
    pub fn and(&self, other: &Classes) -> Classes {
        if self.is_unknown() || other.is_unknown() {
            return Classes::default();
        }
        let mut out = Vec::with_capacity(self.0.len() * other.0.len());
        for a in &self.0 {
            for b in &other.0 {
                out.push(Class { values: a.values * b.values, share: a.share * b.share });
            }
        }
        Classes(out)
    }

    /// How many distinct values `documents` documents hold (a class whose values outnumber
    /// its documents shows as many values as documents). `None` when unknown.
    pub fn distinct(&self, documents: f64) -> Option<f64> {
        if self.is_unknown() {
            return None;
        }
        Some(self.0.iter().map(|c| c.values.min(documents * c.values * c.share)).sum::<f64>().max(1.0))
    }

    /// The share of the documents the heaviest value holds.
    pub fn largest_share(&self) -> Option<f64> {
        self.0.iter().map(|c| c.share).reduce(f64::max).map(|s| s.min(1.0))
    }

    /// The share of the documents held by values of more than `limit` documents each, out of
    /// `documents`.
    pub fn share_over(&self, documents: f64, limit: f64) -> f64 {
        self.0.iter().filter(|c| c.share * documents > limit).map(|c| c.values * c.share).sum::<f64>().min(1.0)
    }

    /// Draws a value's number (0-based) in proportion to the documents it holds: the heavy
    /// values are spread evenly over the numbers (one every `values / heavy`), the others take
    /// the rest. `values` is the count of numbers to draw from (the parents' documents).
    pub fn pick(&self, rng: &mut Rng, values: u64) -> u64 {
        let values = values.max(1);
        let (heavy, regular) = match self.0.as_slice() {
            [heavy, regular] if heavy.share > regular.share => (heavy, regular),
            _ => return rng.below(values),
        };
        let count = (heavy.values as u64).clamp(1, values);
        let stride = (values / count).max(1);
        let heavy_mass = heavy.values * heavy.share;
        if rng.unit() < heavy_mass / (heavy_mass + regular.values * regular.share) {
            return rng.below(count) * stride;
        }
        // A regular value: any number that is not a heavy one (a few tries, then any).
        for _ in 0..8 {
            let n = rng.below(values);
            if n % stride != 0 || n / stride >= count {
                return n;
            }
        }
        rng.below(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cardinality, Outliers, Storage};

    fn relation(typical: f64, max: u64, outliers: Option<(f64, u64)>) -> Relation {
        let mut r = Relation::new("r", "p", "c", Storage::Reference);
        r.cardinality = Cardinality {
            typical,
            max: Some(max),
            outliers: outliers.map(|(share, max)| Outliers { share, max }),
            ..Cardinality::default()
        };
        r
    }

    #[test]
    fn outliers_make_a_heavy_class_that_holds_its_share() {
        // 1,000 customers, 1% of them with 1,001..9,001 orders (midpoint 5,001), the rest 10.
        let c = Classes::parents(&relation(10.0, 1_000, Some((0.01, 9_001))), 1_000.0);
        let [heavy, regular] = c.0.as_slice() else { panic!("{c:?}") };
        assert_eq!((heavy.values, regular.values), (10.0, 990.0));
        let total = 10.0 * 5_001.0 + 990.0 * 10.0;
        assert!((heavy.share - 5_001.0 / total).abs() < 1e-12);
        assert!((c.largest_share().unwrap() - heavy.share).abs() < 1e-12);
        // With 1,000,000 orders, a heavy customer holds ~83,500 of them.
        assert!((c.share_over(1e6, 50_000.0) - 10.0 * heavy.share).abs() < 1e-12);
        assert_eq!(c.share_over(1e6, 1e6), 0.0);
    }

    #[test]
    fn picks_follow_the_classes() {
        let c = Classes::parents(&relation(10.0, 1_000, Some((0.01, 9_001))), 1_000.0);
        let mut rng = Rng::new(7);
        let mut counts = vec![0u32; 1_000];
        for _ in 0..200_000 {
            counts[c.pick(&mut rng, 1_000) as usize] += 1;
        }
        // The heavy values are every 100th number.
        let heavy: u32 = (0..10).map(|i| counts[i * 100]).sum();
        let expected = 200_000.0 * 10.0 * c.0[0].share;
        assert!((f64::from(heavy) - expected).abs() < expected * 0.03, "{heavy} vs {expected}");
    }

    #[test]
    fn independent_fields_multiply_and_unknown_stays_unknown() {
        let both = Classes::uniform(4.0).and(&Classes::unique(1e6));
        assert_eq!(both.distinct(1e6), Some(1e6));
        assert!((both.largest_share().unwrap() - 0.25e-6).abs() < 1e-15);
        assert!(Classes::uniform(4.0).and(&Classes::default()).is_unknown());
        assert_eq!(Classes::uniform(3.0).distinct(1e6), Some(3.0));
    }
}
