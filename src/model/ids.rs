//! One table from every id of a model to the position of the element that has it, built once
//! per analysis and shared by the structural checks and the advisor's look-ups (each id is
//! hashed once, rather than once per table that needs it).

use super::{Entity, Model, Relation};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

mod query_ends;
use query_ends::QueryEnds;

/// Hashes one id (the table's only key type): ids are short (`e12`, `r1999`, `Q3`), so one
/// to three loads of the bytes and one multiply, with no copy of a partial word.
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

/// An odd constant with well-spread bits (from the golden ratio).
const K: u64 = 0x9E37_79B9_7F4A_7C15;

/// `bytes` folded into one word: every byte counts, and the length too, so `a` and `a\0`
/// differ.
fn fold(bytes: &[u8]) -> u64 {
    let n = bytes.len() as u64;
    let word = |b: &[u8; 8]| u64::from_le_bytes(*b);
    let half = |b: &[u8; 4]| u64::from(u32::from_le_bytes(*b));
    match (bytes.first_chunk::<4>(), bytes.last_chunk::<4>(), bytes.len()) {
        (_, _, 0) => 0,
        (None, _, len) => {
            let at = |i: usize| u64::from(bytes.get(i).copied().unwrap_or(0));
            at(0) | at(len / 2) << 8 | at(len - 1) << 16 | n << 56
        }
        (Some(first), Some(last), ..=8) => half(first) | half(last) << 32 ^ n.rotate_right(8),
        _ => {
            let mut h = n;
            let mut chunks = bytes.chunks_exact(8);
            for chunk in &mut chunks {
                h = (h ^ chunk.first_chunk::<8>().map_or(0, word)).wrapping_mul(K).rotate_left(29);
            }
            if !chunks.remainder().is_empty() {
                h = (h ^ bytes.last_chunk::<8>().map_or(0, word)).wrapping_mul(K).rotate_left(29);
            }
            h
        }
    }
}

impl Hasher for IdHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0 = (self.0 ^ fold(bytes)).wrapping_mul(K);
    }

    /// The end mark `str` hashes after its bytes: a table of ids has no key that follows another.
    #[inline]
    fn write_u8(&mut self, _: u8) {}

    /// The high bits of the product folded onto the low ones, which pick the bucket.
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

type IdMap<'a, V> = HashMap<Key<'a>, V, BuildHasherDefault<IdHasher>>;

/// An id as the table's key: hashed as its bytes (as a `str` would be by [`IdHasher`]) and
/// compared as bytes, an id of up to 8 bytes (most) as two 4-byte words or a few bytes,
/// without a call to `memcmp`.
#[derive(Clone, Copy)]
struct Key<'a>(&'a [u8]);

impl<'a> Key<'a> {
    fn of(id: &'a str) -> Key<'a> {
        Key(id.as_bytes())
    }
}

impl Hash for Key<'_> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.0);
    }
}

impl PartialEq for Key<'_> {
    #[inline]
    fn eq(&self, other: &Key) -> bool {
        same_bytes(self.0, other.0)
    }
}

impl Eq for Key<'_> {}

/// Whether `a` and `b` hold the same bytes (see [`Key`]).
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    if a.len() < 4 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    if a.len() <= 8 {
        // Two words that overlap when the id is shorter than 8 bytes cover every byte.
        return a.first_chunk::<4>() == b.first_chunk::<4>() && a.last_chunk::<4>() == b.last_chunk::<4>();
    }
    a == b
}

/// No element of this kind has the id.
const NONE: u32 = u32::MAX;

/// The positions of the elements that carry one id (the last of each kind, as a map collected
/// from the list would keep).
#[derive(Clone, Copy)]
struct Slot {
    entity: u32,
    relation: u32,
    query: u32,
}

impl Slot {
    const EMPTY: Slot = Slot { entity: NONE, relation: NONE, query: NONE };

    fn taken(&self) -> bool {
        self.entity != NONE || self.relation != NONE || self.query != NONE
    }
}

/// The kind of element an id belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Entity,
    Relation,
    Query,
}

/// Positions of a model's entities, relations and queries by id.
pub(crate) struct IdIndex<'a> {
    pub model: &'a Model,
    slots: IdMap<'a, Slot>,
    /// The elements whose (non-empty) id an earlier element already has, in model order:
    /// entities, then relations, then queries.
    repeats: Vec<(Kind, usize)>,
    /// Whether an element has an empty id (most models: none, and the structural checks
    /// skip their pass over the ids).
    empty_id: bool,
    /// The entity positions of each relation's parent and child, in model order.
    ends: Vec<(u32, u32)>,
    /// The entity positions each access pattern names (see [`QueryEnds`]).
    query_ends: QueryEnds,
}

fn position(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}

fn at<T>(list: &[T], i: u32) -> Option<&T> {
    if i == NONE {
        None
    } else {
        list.get(i as usize)
    }
}

impl<'a> IdIndex<'a> {
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn new(model: &'a Model) -> IdIndex<'a> {
        let n = model.entities.len() + model.relations.len() + model.queries.len();
        let mut slots: IdMap<'a, Slot> = IdMap::with_capacity_and_hasher(n, Default::default());
        let mut repeats = Vec::new();
        let mut empty_id = false;
        let mut add = |kind: Kind, i: usize, id: &'a str| {
            let slot = slots.entry(Key::of(id)).or_insert(Slot::EMPTY);
            if id.is_empty() {
                empty_id = true;
            } else if slot.taken() {
                repeats.push((kind, i));
            }
            match kind {
                Kind::Entity => slot.entity = position(i),
                Kind::Relation => slot.relation = position(i),
                Kind::Query => slot.query = position(i),
            }
        };
        // One plain loop per kind (a chain of the three lists costs a branch per id).
        for (i, e) in model.entities.iter().enumerate() {
            add(Kind::Entity, i, &e.id);
        }
        for (i, r) in model.relations.iter().enumerate() {
            add(Kind::Relation, i, &r.id);
        }
        for (i, q) in model.queries.iter().enumerate() {
            add(Kind::Query, i, &q.id);
        }
        let entity_at = |id: &str| slots.get(&Key::of(id)).map_or(NONE, |s| s.entity);
        let ends = model.relations.iter().map(|r| (entity_at(&r.parent), entity_at(&r.child))).collect();
        let query_ends = QueryEnds::new(model, entity_at);
        IdIndex { model, slots, repeats, empty_id, ends, query_ends }
    }

    /// Whether some entity, relation or query has an empty id.
    pub fn any_empty_id(&self) -> bool {
        self.empty_id
    }

    /// Whether two entities share an id.
    pub fn entity_ids_repeat(&self) -> bool {
        self.repeats.iter().any(|&(kind, _)| kind == Kind::Entity)
    }

    /// The entity positions of the parent and the child of the relation at position `i`
    /// (`None`: no entity has that id).
    pub fn end_positions(&self, i: usize) -> (Option<usize>, Option<usize>) {
        let (p, c) = self.ends.get(i).copied().unwrap_or((NONE, NONE));
        let some = |x: u32| (x != NONE).then_some(x as usize);
        (some(p), some(c))
    }

    /// The parent and child entities of the relation at position `i`.
    pub fn ends(&self, i: usize) -> (Option<&'a Entity>, Option<&'a Entity>) {
        let (p, c) = self.ends.get(i).copied().unwrap_or((NONE, NONE));
        (at(&self.model.entities, p), at(&self.model.entities, c))
    }

    /// The elements whose id an earlier element already has (see the field).
    pub fn repeats(&self) -> &[(Kind, usize)] {
        &self.repeats
    }

    /// The position of the (last) entity with this id.
    pub fn entity_position(&self, id: &str) -> Option<usize> {
        self.slots.get(&Key::of(id)).filter(|s| s.entity != NONE).map(|s| s.entity as usize)
    }

    /// The position of the (last) relation with this id.
    pub fn relation_position(&self, id: &str) -> Option<usize> {
        self.slots.get(&Key::of(id)).filter(|s| s.relation != NONE).map(|s| s.relation as usize)
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        at(&self.model.entities, self.slots.get(&Key::of(id))?.entity)
    }

    pub fn relation(&self, id: &str) -> Option<&'a Relation> {
        at(&self.model.relations, self.slots.get(&Key::of(id))?.relation)
    }
}

/// The position of `item` in `items` when it is one of them, told by its address (the
/// advisor's passes hold references into the model's own lists): no id is hashed, and an equal
/// element elsewhere in memory is not taken for it.
pub(crate) fn position_in<T>(items: &[T], item: &T) -> Option<usize> {
    let size = std::mem::size_of::<T>();
    let offset = (item as *const T as usize).checked_sub(items.as_ptr() as usize)?;
    let i = offset.checked_div(size)?;
    (offset % size == 0 && i < items.len()).then_some(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Entity, Relation, Storage};

    #[test]
    fn finds_the_last_element_of_each_kind_and_lists_ids_used_twice_in_model_order() {
        let mut m = Model::new("m");
        m.entities.push(Entity::new("a", "first"));
        m.entities.push(Entity::new("b", "b"));
        m.entities.push(Entity::new("a", "second"));
        m.relations.push(Relation::new("b", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("", "a", "b", Storage::Embed));
        let ids = IdIndex::new(&m);
        assert_eq!(ids.entity("a").map(|e| e.name.as_str()), Some("second"));
        assert_eq!(ids.entity_position("b"), Some(1));
        assert_eq!(ids.relation("b").map(|r| r.child.as_str()), Some("b"));
        assert_eq!(ids.relation_position(""), Some(2));
        assert!(ids.entity("r").is_none() && ids.relation("a").is_none());
        assert_eq!(ids.repeats(), &[(Kind::Entity, 2), (Kind::Relation, 0)]);
        assert!(ids.entity_ids_repeat());
        assert!(ids.any_empty_id(), "two relations have an empty id");
        let mut clean = m.clone();
        clean.relations.retain(|r| !r.id.is_empty());
        assert!(!IdIndex::new(&clean).any_empty_id());
        m.relations[1].parent = "ghost".into();
        let ids = IdIndex::new(&m);
        assert_eq!(ids.end_positions(0), (Some(2), Some(1)));
        assert_eq!(ids.end_positions(1), (None, Some(1)));
        assert_eq!(ids.end_positions(9), (None, None));
        assert_eq!(ids.ends(0).0.map(|e| e.name.as_str()), Some("second"));
    }

    #[test]
    fn keys_are_equal_exactly_when_their_bytes_are() {
        let texts =
            ["", "a", "b", "ab", "abc", "abd", "e12", "r199", "r198", "abcdefg", "abcdefh", "bbcdefg", "abcdefgh"];
        let longer = ["abcdefghi", "abcdefghj", "r1999-long-id", "r1999-long-ie", "añoañoaño"];
        for a in texts.iter().chain(&longer) {
            for b in texts.iter().chain(&longer) {
                assert_eq!(Key::of(a) == Key::of(b), a == b, "{a} vs {b}");
            }
        }
        // Every byte position of every length up to 12 counts.
        let base = b"abcdefghijkl";
        for len in 0..=base.len() {
            let id = &base[..len];
            for i in 0..len {
                let mut other = id.to_vec();
                other[i] ^= 1;
                // A copy at another address: equal keys compare bytes, not where they are.
                let copy = id.to_vec();
                assert!(Key(id) != Key(&other) && Key(id) == Key(&copy), "length {len}, byte {i}");
            }
        }
    }

    #[test]
    fn the_id_hash_tells_apart_ids_that_differ_in_any_byte_or_in_length() {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hash = |s: &str| BuildHasherDefault::<IdHasher>::default().hash_one(s);
        let base = "abcdefghijklmnopqrstuvwxyz0123456789";
        let mut seen = std::collections::HashSet::new();
        for len in 0..=base.len() {
            let id = &base[..len];
            assert!(seen.insert(hash(id)), "length {len}");
            for i in 0..len {
                let mut other = id.as_bytes().to_vec();
                other[i] ^= 1;
                let other = String::from_utf8(other).unwrap();
                assert_ne!(hash(id), hash(&other), "{id} vs {other}");
            }
        }
        assert_ne!(hash("a"), hash("a\0"));
        // The generated models' ids spread over the buckets: no two of 30,000 collide.
        let ids: std::collections::HashSet<u64> =
            (0..10_000).flat_map(|i| [format!("e{i}"), format!("r{i}"), format!("Q{i}")]).map(|s| hash(&s)).collect();
        assert_eq!(ids.len(), 30_000);
    }
}
