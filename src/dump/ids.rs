//! The values one collection is referred to by (`_id`, or another unique field), kept as 64-bit
//! hashes so that another collection's fields can be matched against them, in bounded memory.
//!
//! **Method.** Every value is hashed (type and bytes: an ObjectId, a string, an integer (int32,
//! int64 and whole doubles alike), a UUID). A set keeps at most `cap` hashes: when it fills, it
//! keeps only the hashes whose lowest bits are zero (one in two, then one in four…), and a value
//! looked up later is checked only if its hash passes the same filter. The share of values
//! matched, and the children counted per parent, are then measured on a random subset of the
//! parents (chosen by hash, not by order), which estimates them without bias.

use bson::raw::RawBsonRef;
use bson::spec::BinarySubtype;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

/// How a value can be matched: its hash, and whether it is a number (numbers match by chance
/// too often to be trusted without a name that says "id").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub hash: u64,
    pub numeric: bool,
}

/// The key of a value that can identify a document, if it can.
pub fn key_of(value: RawBsonRef<'_>) -> Option<Key> {
    let mut h = DefaultHasher::new();
    let numeric = match value {
        RawBsonRef::ObjectId(id) => {
            (0u8, id.bytes()).hash(&mut h);
            false
        }
        RawBsonRef::String(s) if !s.is_empty() && s.len() <= 128 => {
            (1u8, s).hash(&mut h);
            false
        }
        RawBsonRef::Int32(n) => {
            (2u8, i64::from(n)).hash(&mut h);
            true
        }
        RawBsonRef::Int64(n) => {
            (2u8, n).hash(&mut h);
            true
        }
        RawBsonRef::Double(d) if d.fract() == 0.0 && d.abs() < 9.0e15 => {
            (2u8, d as i64).hash(&mut h);
            true
        }
        RawBsonRef::Binary(b) if matches!(b.subtype, BinarySubtype::Uuid | BinarySubtype::UuidOld) => {
            (3u8, b.bytes).hash(&mut h);
            false
        }
        _ => return None,
    };
    Some(Key { hash: h.finish(), numeric })
}

/// A bounded set of hashes (see the module comment).
#[derive(Debug, Clone)]
pub struct IdSet {
    hashes: HashSet<u64>,
    /// Hashes are kept when their lowest `shift` bits are zero.
    shift: u32,
    cap: usize,
    /// Values offered, kept or not.
    pub offered: u64,
    /// Values offered twice (among the kept): the field is not unique.
    pub repeated: u64,
}

impl IdSet {
    pub fn new(cap: usize) -> IdSet {
        IdSet { hashes: HashSet::new(), shift: 0, cap: cap.max(1), offered: 0, repeated: 0 }
    }

    /// Whether a value of this hash is looked at.
    pub fn keeps(&self, hash: u64) -> bool {
        self.shift >= 64 || hash & ((1u64 << self.shift) - 1) == 0
    }

    pub fn insert(&mut self, hash: u64) {
        self.offered += 1;
        if !self.keeps(hash) {
            return;
        }
        if !self.hashes.insert(hash) {
            self.repeated += 1;
        }
        while self.hashes.len() > self.cap && self.shift < 63 {
            self.shift += 1;
            let mask = (1u64 << self.shift) - 1;
            self.hashes.retain(|h| h & mask == 0);
        }
    }

    pub fn contains(&self, hash: u64) -> bool {
        self.hashes.contains(&hash)
    }

    /// The hashes kept.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.hashes.iter().copied()
    }

    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }

    /// The share of the values that the set keeps (1, ½, ¼…).
    pub fn kept_share(&self) -> f64 {
        0.5f64.powi(self.shift as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_set_keeps_a_random_half_and_matches_the_same_half() {
        let mut set = IdSet::new(1_000);
        let keys: Vec<u64> = (0..10_000i64).map(|n| key_of(RawBsonRef::Int64(n)).unwrap().hash).collect();
        for k in &keys {
            set.insert(*k);
        }
        assert!(set.len() <= 1_000 && set.len() > 300, "{}", set.len());
        assert_eq!(set.kept_share(), 1.0 / 16.0);
        // Every value the set looks at is found; the others are not looked at.
        let looked: Vec<&u64> = keys.iter().filter(|k| set.keeps(**k)).collect();
        assert_eq!(looked.len(), set.len());
        assert!(looked.iter().all(|k| set.contains(**k)));
        assert_eq!(set.offered, 10_000);
        assert_eq!(set.repeated, 0);
    }

    #[test]
    fn numbers_match_across_their_types() {
        let a = key_of(RawBsonRef::Int32(7)).unwrap();
        assert_eq!(a, key_of(RawBsonRef::Int64(7)).unwrap());
        assert_eq!(a, key_of(RawBsonRef::Double(7.0)).unwrap());
        assert!(a.numeric);
        assert_ne!(a.hash, key_of(RawBsonRef::String("7")).unwrap().hash);
        assert!(key_of(RawBsonRef::Double(7.5)).is_none());
        assert!(key_of(RawBsonRef::Boolean(true)).is_none());
    }
}
