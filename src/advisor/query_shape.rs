//! The shape of an access pattern as an index sees it: equality fields, sort keys and range
//! fields, as full paths inside the collection that holds the pattern's entity.
//!
//! The shapes of an analysis keep their paths in one string, each distinct path of a shape
//! once, and their keys in one list, as spans of both: one allocation of each for all the
//! shapes, however many keys. The keys are compared span to span while a shape is built, and
//! as text only against an index's keys.

use crate::model::{Entity, FilterOp, IndexKey, IndexSpec, Model};

mod build;
mod options;
pub(crate) use build::shapes;
pub(crate) use options::{blocked, pins_one, serves_lookup, Blocked};
use std::sync::Arc;

/// The shape of every access pattern, in model order, shared by the index reasons built
/// from them (see `index_reason::derived`).
pub(crate) type Shapes = std::sync::Arc<Vec<Option<Shape>>>;

/// Executions per minute from which an access pattern counts as frequent.
pub(crate) const FREQUENT_PER_MINUTE: f64 = 10.0;

/// The part of a shape a key belongs to, in the order the shape keeps its keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Equality,
    Sort,
    Range,
    RangeOnSort,
    /// A range on an equality path, left out once the shape is built.
    Pinned,
    /// A key on a second array, left out once the shape is built: a compound index holds one
    /// array per document ("Multikey Indexes"), so the fetch filters it.
    Parallel,
}

/// One key of a shape: its path (a span of the shape's `paths`), direction and part, and
/// whether the path is an array or goes through one (the same for every key on the path).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Key {
    start: u32,
    end: u32,
    dir: i8,
    part: Part,
    array: bool,
}

impl Key {
    fn same_path(&self, other: &Key) -> bool {
        self.start == other.start
    }
}

/// The paths and keys of every shape of an analysis, one after the other.
#[derive(Debug, Default)]
pub(crate) struct Arena {
    /// Every distinct path of each shape, one after the other, in the order first named.
    paths: String,
    /// Each shape's keys, one shape after the other (see [`Shape`]).
    keys: Vec<Key>,
    /// Each shape's filters as written (path and operator), one shape after the other: what
    /// an index's options are judged against (a partial filter, a sparse or hashed key).
    filters: Vec<Matched>,
}

/// One filter of a query: its path (a span of the arena's `paths`) and how it matches.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Matched {
    start: u32,
    end: u32,
    op: FilterOp,
}

/// An access pattern's query shape (paths are full paths inside the root's documents).
#[derive(Clone)]
pub(crate) struct Shape {
    /// The position of the collection the query runs on, in the model's entities.
    pub root: usize,
    /// The paths and keys, shared by the shapes of one analysis.
    arena: Arc<Arena>,
    /// Where this shape's keys are in the arena's: equality and array-membership filters (in
    /// filter order), then the sort keys not already pinned by an equality (in order), then
    /// the range, existence and text filters not already keyed, then the range filters on a
    /// sort key (the sort key bounds them).
    first: u32,
    end: u32,
    /// Where this shape's filters are in the arena's.
    filters: (u32, u32),
    /// How many keys of each part: equality, sort, range (the rest bound a sort key).
    counts: [usize; 3],
    /// An equality on `_id`: the built-in `_id` index pins the document.
    pub id_equality: bool,
    /// A text-search filter (only a prefix regex can use a B-tree index).
    pub text: bool,
    /// The first path left out of the keys for being a second array.
    parallel: Option<(u32, u32)>,
}

/// The shape's keys by part and its flags (not the whole arena).
impl std::fmt::Debug for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shape")
            .field("root", &self.root)
            .field("equality", &self.equality().collect::<Vec<_>>())
            .field("sort", &self.sort().collect::<Vec<_>>())
            .field("range", &self.range().collect::<Vec<_>>())
            .field("range_on_sort", &self.range_on_sort().collect::<Vec<_>>())
            .field("id_equality", &self.id_equality)
            .field("text", &self.text)
            .finish()
    }
}

impl Shape {
    fn path(&self, k: &Key) -> &str {
        self.arena.paths.get(k.start as usize..k.end as usize).unwrap_or_default()
    }

    /// This shape's keys, in part order.
    fn keys(&self) -> &[Key] {
        self.arena.keys.get(self.first as usize..self.end as usize).unwrap_or_default()
    }

    /// The keys of one part (`at`: how many parts before it).
    fn part(&self, at: usize) -> &[Key] {
        let [eq, sort, range] = self.counts;
        let keys = self.keys();
        let bounds = [0, eq, eq + sort, eq + sort + range, keys.len()];
        let (start, end) = (bounds.get(at).copied().unwrap_or(0), bounds.get(at + 1).copied().unwrap_or(0));
        keys.get(start..end).unwrap_or_default()
    }

    fn paths_of(&self, at: usize) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.part(at).iter().map(|k| self.path(k))
    }

    /// Equality and array-membership filters, in filter order.
    pub fn equality(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.paths_of(0)
    }

    /// Sort keys not already pinned by an equality, in order (dir 1 or -1).
    pub fn sort(&self) -> impl ExactSizeIterator<Item = (&str, i8)> + Clone + '_ {
        self.part(1).iter().map(|k| (self.path(k), k.dir))
    }

    /// Range, existence and text filters not already keyed.
    pub fn range(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.paths_of(2)
    }

    /// Range filters on a sort key: the sort key in the index bounds them too.
    pub fn range_on_sort(&self) -> impl ExactSizeIterator<Item = &str> + Clone + '_ {
        self.paths_of(3)
    }

    /// Every filter of the query as written (full path, operator), in filter order, those a
    /// key of the shape leaves out included.
    pub fn filters(&self) -> impl Iterator<Item = (&str, FilterOp)> + Clone + '_ {
        let (start, end) = self.filters;
        let filters = self.arena.filters.get(start as usize..end as usize).unwrap_or_default();
        filters.iter().map(|m| (self.arena.paths.get(m.start as usize..m.end as usize).unwrap_or_default(), m.op))
    }

    /// The keys of [`Shape::ideal`] (field, direction), without building it.
    pub fn ideal_keys(&self) -> impl Iterator<Item = (&str, i8)> + Clone + '_ {
        self.keys().get(..self.key_count()).unwrap_or_default().iter().map(|k| (self.path(k), k.dir))
    }

    /// Key `i` of [`Shape::ideal`] (field, direction), without building it.
    pub fn ideal_key(&self, i: usize) -> Option<(&str, i8)> {
        self.keys().get(..self.key_count())?.get(i).map(|k| (self.path(k), k.dir))
    }

    /// The keys of [`Shape::ideal`], as spans of the arena's paths.
    fn ideal_slice(&self) -> &[Key] {
        self.keys().get(..self.key_count()).unwrap_or_default()
    }

    /// Whether the keys of [`Shape::ideal`] are a prefix of `long`'s, directly or with every
    /// direction flipped: what [`prefix_either_way`] says of the two ideal indexes, compared
    /// span to span (the same span of one arena is the same path) or byte to byte, without
    /// building either index.
    pub fn ideal_prefix_either_way(&self, long: &Shape) -> bool {
        let (short_keys, long_keys) = (self.ideal_slice(), long.ideal_slice());
        if short_keys.len() > long_keys.len() {
            return false;
        }
        let shared = Arc::ptr_eq(&self.arena, &long.arena);
        let (a_paths, b_paths) = (self.arena.paths.as_bytes(), long.arena.paths.as_bytes());
        let (mut same, mut flipped) = (true, true);
        for (a, b) in short_keys.iter().zip(long_keys) {
            same &= a.dir == b.dir;
            flipped &= a.dir.wrapping_neg() == b.dir;
            let path_eq = (shared && a.start == b.start && a.end == b.end)
                || a_paths.get(a.start as usize..a.end as usize) == b_paths.get(b.start as usize..b.end as usize);
            if !path_eq || !(same || flipped) {
                return false;
            }
        }
        true
    }

    /// The ESR index for this shape: equality, then sort, then range.
    pub fn ideal(&self) -> IndexSpec {
        let keys = self.ideal_keys().map(|(field, dir)| IndexKey::new(field, dir)).collect();
        IndexSpec { keys, ..IndexSpec::default() }
    }

    /// How many keys [`Shape::ideal`] has (counted without building it).
    pub fn key_count(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Whether the query filters or sorts at all.
    pub fn is_empty(&self) -> bool {
        self.key_count() == 0
    }

    /// Whether the query needs an index of its own (the `_id` index does not serve it).
    pub fn needs_index(&self) -> bool {
        !self.id_equality && !self.is_empty()
    }

    /// The sort ends with `_id`: a stable order for pagination.
    pub fn has_tie_breaker(&self) -> bool {
        self.part(1).last().is_some_and(|k| self.path(k) == "_id")
    }

    /// Whether an index on [`Shape::ideal`] is multikey (one of its paths is an array).
    pub fn multikey(&self) -> bool {
        self.keys().get(..self.key_count()).unwrap_or_default().iter().any(|k| k.array)
    }

    /// The paths that are arrays or go through one, in the order the query first names them
    /// (every one is a key of [`Shape::ideal`]).
    pub fn array_paths(&self) -> Vec<&str> {
        let mut starts: Vec<&Key> = self.keys().iter().filter(|k| k.array).collect();
        starts.sort_by_key(|k| k.start);
        starts.dedup_by(|a, b| a.same_path(b));
        starts.into_iter().map(|k| self.path(k)).collect()
    }

    /// The first filter or sort path left out of [`Shape::ideal`] because it is an array other
    /// than the one the index keeps: the fetch filters it.
    pub fn parallel_array(&self) -> Option<&str> {
        let (start, end) = self.parallel?;
        self.arena.paths.get(start as usize..end as usize)
    }

    /// The collection the query runs on.
    pub fn root_in<'m>(&self, model: &'m Model) -> Option<&'m Entity> {
        model.entities.get(self.root)
    }
}

/// Whether `index` fully serves `shape`: its options allow it ([`blocked`]), and either it is
/// unique on fields the query matches by equality ([`pins_one`]: one document at most), or its
/// keys serve the shape: every equality field leads (any order), the sort keys follow in
/// order (all in the index's direction or all reversed), and, when the query neither matches
/// nor sorts, its first key is one of the ranges. A text, wildcard or 2dsphere key serves what
/// that kind of index serves (`options::special_keys_serve`).
pub(crate) fn serves(index: &IndexSpec, shape: &Shape) -> bool {
    if shape.is_empty() || blocked(index, shape).is_some() {
        return false;
    }
    if let Some(special) = options::special_keys_serve(index, shape) {
        return special;
    }
    pins_one(index, shape) || keys_serve(index, shape)
}

/// Whether `index`'s keys serve `shape` in ESR order, whatever its options (see [`serves`]).
pub(crate) fn keys_serve(index: &IndexSpec, shape: &Shape) -> bool {
    if shape.is_empty() {
        return false;
    }
    let keys = &index.keys;
    let (n_eq, n_sort) = (shape.part(0).len(), shape.part(1).len());
    if keys.len() < n_eq + n_sort {
        return false;
    }
    let (lead, rest) = keys.split_at(n_eq);
    if !lead.iter().all(|k| shape.equality().any(|e| e == k.field)) {
        return false;
    }
    if n_sort > 0 {
        let part = rest.get(..n_sort).unwrap_or_default();
        let same = part.iter().zip(shape.sort()).all(|(a, (field, dir))| a.field == field && a.dir == dir);
        let flipped = part.iter().zip(shape.sort()).all(|(a, (field, dir))| a.field == field && a.dir == -dir);
        return same || flipped;
    }
    if n_eq == 0 {
        return rest.first().is_some_and(|k| shape.range().any(|r| r == k.field));
    }
    true
}

/// Whether `short` is a prefix of `long`, directly or with every direction flipped (compared
/// in place: no reversed copy is built).
pub(crate) fn prefix_either_way(short: &IndexSpec, long: &IndexSpec) -> bool {
    let (short, long) = (&short.keys, &long.keys);
    if short.len() > long.len() {
        return false;
    }
    let pairs = || short.iter().zip(long);
    pairs().all(|(a, b)| a.field == b.field && a.dir == b.dir)
        || pairs().all(|(a, b)| a.field == b.field && a.dir.wrapping_neg() == b.dir)
}

#[cfg(test)]
mod tests {
    use super::build::{shape_of, Builder};
    use super::*;
    use crate::advisor::paths::Layout;
    use crate::model::{Filter, FilterOp, Model, SortKey};

    fn shape(eq: &[&str], sort: &[(&str, i8)], range: &[&str]) -> Shape {
        let mut arena = Arena::default();
        let mut b = Builder::new(&mut arena, "", false);
        let keys = eq.iter().map(|f| (*f, 1, Part::Equality));
        let keys = keys.chain(sort.iter().map(|(f, d)| (*f, *d, Part::Sort)));
        for (field, dir, part) in keys.chain(range.iter().map(|f| (*f, 1, Part::Range))) {
            let (span, _) = b.intern(field).expect("a path");
            b.add(span, part, dir, false);
        }
        b.finish(0, false, false).shape(&Arc::new(arena))
    }

    #[test]
    fn esr_order_and_service() {
        let s = shape(&["b", "a"], &[("d", -1), ("_id", -1)], &["r"]);
        assert_eq!(s.ideal(), IndexSpec::new(&[("b", 1), ("a", 1), ("d", -1), ("_id", -1), ("r", 1)]));
        assert!(s.has_tie_breaker());
        assert!(serves(&IndexSpec::new(&[("a", 1), ("b", 1), ("d", -1), ("_id", -1)]), &s), "any equality order");
        assert!(serves(&IndexSpec::new(&[("a", 1), ("b", 1), ("d", 1), ("_id", 1)]), &s), "reversed sort");
        assert!(!serves(&IndexSpec::new(&[("a", 1), ("b", 1), ("d", 1), ("_id", -1)]), &s), "mixed sort");
        assert!(!serves(&IndexSpec::new(&[("a", 1), ("d", -1)]), &s), "missing equality");
        assert!(!serves(&IndexSpec::new(&[("r", 1), ("a", 1), ("b", 1)]), &s), "range first");
        let r = shape(&[], &[], &["r"]);
        assert!(serves(&IndexSpec::new(&[("r", 1)]), &r));
        assert!(!serves(&IndexSpec::new(&[("x", 1), ("r", 1)]), &r));
    }

    #[test]
    fn ideal_prefixes_compare_like_the_built_indexes() {
        let shapes = [
            shape(&["a"], &[("d", -1)], &[]),
            shape(&["a"], &[("d", 1)], &["r"]),
            shape(&["a"], &[("d", -1), ("e", 1)], &[]),
            shape(&["b"], &[], &[]),
            shape(&["a"], &[], &[]),
            shape(&[], &[("d", -1)], &[]),
        ];
        let mut arena = Arena::default();
        let mut b = Builder::new(&mut arena, "", false);
        for (field, dir, part) in [("a", 1, Part::Equality), ("d", -1, Part::Sort), ("e", -1, Part::Sort)] {
            let (span, _) = b.intern(field).expect("a path");
            b.add(span, part, dir, false);
        }
        let built = b.finish(0, false, false);
        let arena = Arc::new(arena);
        let one_arena = [built.shape(&arena), shapes[0].clone()];
        let all: Vec<&Shape> = shapes.iter().chain(&one_arena).collect();
        let mut prefixes = 0;
        for short in &all {
            for long in &all {
                let expected = prefix_either_way(&short.ideal(), &long.ideal());
                assert_eq!(short.ideal_prefix_either_way(long), expected, "{short:?} in {long:?}");
                prefixes += usize::from(expected);
            }
        }
        assert!(prefixes > all.len(), "some proper prefixes, some flipped: {prefixes}");
    }

    #[test]
    fn a_query_on_an_embedded_value_entity_filters_the_array_itself() {
        let m = crate::model::load(include_str!("../../public/templates/bibliored.json")).expect("template");
        let layout = Layout::new(&m);
        let mut q = crate::model::AccessPattern::new("t", "by tag", "etiqueta");
        q.filters.push(Filter::new("valor", FilterOp::ArrayContains));
        let s = shape_of(&layout, &q).expect("shape");
        assert_eq!(s.root_in(&m).map(|e| e.id.as_str()), Some("material"));
        assert_eq!(s.equality().collect::<Vec<_>>(), ["etiquetas"]);
        assert_eq!(s.array_paths(), ["etiquetas"]);
        assert!(s.multikey());
    }

    #[test]
    fn shape_of_a_query_on_an_embedded_entity_uses_full_paths() {
        let mut m = Model::new("t");
        m.entities.push(crate::model::Entity::new("order", "orders"));
        m.entities.push(crate::model::Entity::new("line", "line"));
        let mut r = crate::model::Relation::new("r", "order", "line", crate::model::Storage::Embed);
        r.field = "lines".into();
        r.cardinality.max = Some(50);
        m.relations.push(r);
        let mut q = crate::model::AccessPattern::new("q", "lines by sku", "line");
        q.filters.push(Filter::new("sku", FilterOp::Equality));
        q.sort.push(SortKey { field: "sku".into(), dir: 1 });
        m.queries.push(q);
        let layout = Layout::new(&m);
        let s = shape_of(&layout, &m.queries[0]).expect("shape");
        assert_eq!(s.root_in(&m).map(|e| e.id.as_str()), Some("order"));
        assert_eq!(s.equality().collect::<Vec<_>>(), ["lines.sku"]);
        assert_eq!(s.sort().len(), 0, "a sort on an equality field is pinned");
        assert_eq!(s.array_paths(), ["lines.sku"]);
    }
}
