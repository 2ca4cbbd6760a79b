//! Building a query shape from an access pattern: each filter and sort field's full path in
//! the root's documents, written once into the shapes' path string, then the keys sorted into
//! equality, sort and range.

use super::{Arena, Key, Matched, Part, Shape};
use crate::advisor::paths::{resolve, Layout};
use crate::model::{AccessPattern, FilterOp};
use std::sync::Arc;

/// The shape of every access pattern, in model order, sharing one arena.
pub(crate) fn shapes(layout: &Layout) -> Vec<Option<Shape>> {
    let queries = &layout.model.queries;
    let mut arena = Arena { paths: String::new(), keys: Vec::with_capacity(queries.len() * 3), filters: Vec::new() };
    // One buffer for the embedding paths of the queries on embedded entities.
    let mut prefix = String::new();
    let built: Vec<Option<Built>> = queries.iter().map(|q| build(&mut arena, &mut prefix, layout, q)).collect();
    let arena = Arc::new(arena);
    built.into_iter().map(|b| b.map(|b| b.shape(&arena))).collect()
}

/// The shape of `q` alone (an arena of its own), or `None` when its entity is not stored in
/// a MongoDB collection.
#[cfg(test)]
pub(crate) fn shape_of(layout: &Layout, q: &AccessPattern) -> Option<Shape> {
    let mut arena = Arena::default();
    let built = build(&mut arena, &mut String::new(), layout, q)?;
    Some(built.shape(&Arc::new(arena)))
}

/// A shape whose paths and keys are written in the arena, before the arena is shared.
pub(super) struct Built {
    root: usize,
    first: u32,
    end: u32,
    filters: (u32, u32),
    counts: [usize; 3],
    id_equality: bool,
    text: bool,
    /// The first key left out for being a second array (see [`Part::Parallel`]).
    parallel: Option<(u32, u32)>,
}

impl Built {
    /// The shape, reading its paths and keys from `arena` (the one it was built in).
    pub(super) fn shape(self, arena: &Arc<Arena>) -> Shape {
        let Built { root, first, end, filters, counts, id_equality, text, parallel } = self;
        Shape { root, arena: Arc::clone(arena), first, end, filters, counts, id_equality, text, parallel }
    }
}

/// Writes the shape of `q` in `arena`; `None` (nothing written) when its entity is not stored
/// in a MongoDB collection. `prefix` is a buffer for the entity's embedding path.
fn build(arena: &mut Arena, prefix: &mut String, layout: &Layout, q: &AccessPattern) -> Option<Built> {
    let at = layout.ids().start_of(q)?;
    let entity = layout.model.entities.get(at)?;
    // Most queries start at a collection (its own root): no embedding path to walk.
    let (root, through_array) = match layout.root_at(at) {
        Some(root) if root == at => {
            prefix.clear();
            (root, false)
        }
        _ => {
            let (placed_in, through_array) = layout.placement_into(at, prefix)?;
            let root = layout.root_at(at).or_else(|| layout.ids().entity_position(&placed_in.id))?;
            (root, through_array)
        }
    };
    let prefix = prefix.as_str();
    let named =
        q.filters.iter().map(|f| f.field.len()).sum::<usize>() + q.sort.iter().map(|s| s.field.len()).sum::<usize>();
    arena.paths.reserve(named + (prefix.len() + 1) * (q.filters.len() + q.sort.len()));
    // A value entity (a tag) is the scalar itself: any field named on it is the array's path.
    let is_value = entity.kind == crate::model::EntityKind::Value && !prefix.is_empty();
    let mut b = Builder::new(arena, prefix, is_value);
    // Whether the path of `rel` is an array or goes through one. A path the shape has already
    // is not resolved again (`add` gives it the flag of the keys on it): outside a value
    // entity the path is spelled by one field only.
    let embedded_array = through_array && !prefix.is_empty();
    let is_array = |rel: &str, new: bool| {
        (new || is_value) && (embedded_array || resolve(layout, entity, rel).is_some_and(|r| r.array))
    };
    let (mut id_equality, mut text) = (false, false);
    for f in &q.filters {
        let Some((span, new)) = b.intern(&f.field) else { continue };
        b.note(span, f.op);
        let array = is_array(&f.field, new);
        let part = match f.op {
            // `$in` over a few values is a few equality points (the ESR guideline).
            FilterOp::Equality | FilterOp::ArrayContains | FilterOp::In => {
                id_equality |= f.op == FilterOp::Equality && b.text(span) == "_id";
                Part::Equality
            }
            // A regular expression or a negation scans a range of the index at best.
            FilterOp::Range
            | FilterOp::Exists
            | FilterOp::Text
            | FilterOp::Prefix
            | FilterOp::Regex
            | FilterOp::Not => {
                text |= f.op == FilterOp::Text;
                Part::Range
            }
        };
        b.add(span, part, 1, array);
    }
    for s in &q.sort {
        let Some((span, new)) = b.intern(&s.field) else { continue };
        if b.has(span, Part::Equality) || b.has(span, Part::Sort) {
            continue;
        }
        let array = is_array(&s.field, new);
        b.add(span, Part::Sort, if s.dir < 0 { -1 } else { 1 }, array);
    }
    Some(b.finish(root, id_equality, text))
}

/// `a == b`, compared byte by byte in place: paths are a few bytes long, where a call to
/// `memcmp` costs more than the comparison itself.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// A shape being built: its paths and keys so far, at the end of the arena's.
pub(super) struct Builder<'a, 'p> {
    arena: &'a mut Arena,
    /// Where the shape's keys start in the arena's.
    first: usize,
    /// Where the shape's filters start in the arena's.
    first_filter: usize,
    /// Where the entity sits in the root's documents ("" for the root itself).
    prefix: &'p str,
    is_value: bool,
}

impl<'a, 'p> Builder<'a, 'p> {
    pub(super) fn new(arena: &'a mut Arena, prefix: &'p str, is_value: bool) -> Builder<'a, 'p> {
        let (first, first_filter) = (arena.keys.len(), arena.filters.len());
        Builder { arena, first, first_filter, prefix, is_value }
    }

    fn text(&self, (start, end): (u32, u32)) -> &str {
        self.arena.paths.get(start as usize..end as usize).unwrap_or_default()
    }

    /// The shape's keys so far.
    fn keys(&self) -> &[Key] {
        self.arena.keys.get(self.first..).unwrap_or_default()
    }

    fn keys_mut(&mut self) -> &mut [Key] {
        self.arena.keys.get_mut(self.first..).unwrap_or_default()
    }

    /// The span of `field`'s full path, and whether it is new to the shape: an earlier one of
    /// the shape with the same text (compared in place), or the path written at the end.
    /// `None` for an empty path.
    pub(super) fn intern(&mut self, field: &str) -> Option<((u32, u32), bool)> {
        // The full path: the prefix alone, the field alone, or both joined by a dot.
        let (head, joined) = if self.is_value || field.is_empty() {
            (self.prefix, None)
        } else if self.prefix.is_empty() {
            (field, None)
        } else {
            (self.prefix, Some(field))
        };
        let len = head.len() + joined.map_or(0, |f| f.len() + 1);
        if len == 0 {
            return None;
        }
        let paths = self.arena.paths.as_bytes();
        let spells = |k: &Key| {
            let text = paths.get(k.start as usize..k.end as usize).unwrap_or_default();
            text.len() == len
                && match joined {
                    None => same_bytes(text, head.as_bytes()),
                    Some(f) => {
                        let (h, rest) = (text.get(..head.len()), text.get(head.len()..));
                        h.is_some_and(|h| same_bytes(h, head.as_bytes()))
                            && rest
                                .and_then(|r| r.split_first())
                                .is_some_and(|(dot, r)| *dot == b'.' && same_bytes(r, f.as_bytes()))
                    }
                }
        };
        if let Some(k) = self.keys().iter().find(|k| spells(k)) {
            return Some(((k.start, k.end), false));
        }
        let paths = &mut self.arena.paths;
        let start = u32::try_from(paths.len()).ok()?;
        paths.push_str(head);
        if let Some(f) = joined {
            paths.push('.');
            paths.push_str(f);
        }
        Some(((start, u32::try_from(paths.len()).ok()?), true))
    }

    /// Notes a filter of the query as written: its path's span and operator.
    pub(super) fn note(&mut self, (start, end): (u32, u32), op: FilterOp) {
        self.arena.filters.push(Matched { start, end, op });
    }

    fn has(&self, (start, _): (u32, u32), part: Part) -> bool {
        self.keys().iter().any(|k| k.start == start && k.part == part)
    }

    /// Adds a key (unless its part has the path already); `array` marks every key on the path.
    pub(super) fn add(&mut self, (start, end): (u32, u32), part: Part, dir: i8, array: bool) {
        // One pass over the keys on the path: whether one is an array, whether the part has it.
        let (mut array, mut has) = (array, false);
        for k in self.keys().iter().filter(|k| k.start == start) {
            array |= k.array;
            has |= k.part == part;
        }
        if array {
            self.keys_mut().iter_mut().filter(|k| k.start == start).for_each(|k| k.array = true);
        }
        if !has {
            self.arena.keys.push(Key { start, end, dir, part, array });
        }
    }

    /// A range on an equality path is pinned already, one on a sort key is bounded by it; a
    /// key on a second array is left out (MongoDB refuses a compound index over two arrays);
    /// then the keys in part order, the pinned and parallel ones (last in that order) left out.
    pub(super) fn finish(mut self, root: usize, id_equality: bool, text: bool) -> Built {
        let parallel = self.leave_out_parallel_arrays();
        let keys = self.keys_mut();
        for i in 0..keys.len() {
            let Some(k) = keys.get(i).copied().filter(|k| k.part == Part::Range) else { continue };
            let (mut equality, mut sort) = (false, false);
            for o in keys.iter().filter(|o| o.same_path(&k)) {
                equality |= o.part == Part::Equality;
                sort |= o.part == Part::Sort;
            }
            if let Some(k) = keys.get_mut(i).filter(|_| equality || sort) {
                k.part = if equality { Part::Pinned } else { Part::RangeOnSort };
            }
        }
        // A stable sort: each part keeps the order its keys were added in.
        keys.sort_by_key(|k| k.part);
        let mut counts = [0usize; 3];
        let mut kept = 0;
        for k in keys.iter() {
            match k.part {
                Part::Equality => counts[0] += 1,
                Part::Sort => counts[1] += 1,
                Part::Range => counts[2] += 1,
                Part::RangeOnSort => {}
                Part::Pinned | Part::Parallel => break,
            }
            kept += 1;
        }
        self.arena.keys.truncate(self.first + kept);
        let span = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
        let filters = (span(self.first_filter), span(self.arena.filters.len()));
        Built {
            root,
            first: span(self.first),
            end: span(self.arena.keys.len()),
            filters,
            counts,
            id_equality,
            text,
            parallel,
        }
    }

    /// Marks [`Part::Parallel`] every array key outside the array of the first one in ESR
    /// order (the equality keys, then the sort, then the ranges): "Multikey Indexes" allows
    /// one array per indexed document, so `{ tags: 1, sizes: 1 }` over two arrays cannot be
    /// built, and the fetch filters the second array instead. Two paths are in one array when
    /// they share their first field (`variants.size`, `variants.color`). Returns the first
    /// key left out, as a span of the arena's paths.
    fn leave_out_parallel_arrays(&mut self) -> Option<(u32, u32)> {
        fn top(path: &str) -> &str {
            path.split('.').next().unwrap_or(path)
        }
        let paths = &self.arena.paths;
        let path = |k: &Key| paths.get(k.start as usize..k.end as usize).unwrap_or_default();
        let keys = self.arena.keys.get(self.first..).unwrap_or_default();
        let kept = keys.iter().filter(|k| k.array && k.part != Part::Pinned).min_by_key(|k| k.part)?;
        let kept_top = top(path(kept)).to_string();
        let mut first_left_out = None;
        let parallel: Vec<usize> =
            keys.iter().enumerate().filter(|(_, k)| k.array && top(path(k)) != kept_top).map(|(i, _)| i).collect();
        for i in parallel {
            if let Some(k) = self.keys_mut().get_mut(i) {
                first_left_out.get_or_insert((k.start, k.end));
                k.part = Part::Parallel;
            }
        }
        first_left_out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Filter, SortKey};

    #[test]
    fn each_path_is_written_once_and_ranges_are_pinned_or_bound_by_the_sort() {
        let m = crate::model::load(include_str!("../../../public/templates/bibliored.json")).expect("template");
        let layout = Layout::new(&m);
        let mut q = AccessPattern::new("q", "q", "actividad");
        let filter = |field: &str, op| Filter::new(field, op);
        q.filters = vec![
            filter("dia", FilterOp::Range),
            filter("eventos.material_id", FilterOp::Equality),
            filter("socio_id", FilterOp::Range),
            filter("socio_id", FilterOp::Equality),
            filter("eventos.material_id", FilterOp::ArrayContains),
            filter("tipo", FilterOp::Exists),
        ];
        q.sort = vec![SortKey { field: "dia".into(), dir: -5 }, SortKey { field: "socio_id".into(), dir: 1 }];
        let s = shape_of(&layout, &q).expect("a shape");
        assert_eq!(
            s.arena.paths, "diaeventos.material_idsocio_idtipo",
            "one copy of each path, in the order first named"
        );
        assert_eq!(s.equality().collect::<Vec<_>>(), ["eventos.material_id", "socio_id"]);
        assert_eq!(s.sort().collect::<Vec<_>>(), [("dia", -1)], "a sort on an equality is pinned");
        assert_eq!(s.range().collect::<Vec<_>>(), ["tipo"], "the range on socio_id is pinned by its equality");
        assert_eq!(s.range_on_sort().collect::<Vec<_>>(), ["dia"]);
        assert_eq!(s.key_count(), 4);
        assert_eq!(s.array_paths(), ["eventos.material_id"]);
        assert!(s.multikey() && !s.id_equality && !s.text);
        let keys: Vec<(&str, i8)> = s.ideal_keys().collect();
        assert_eq!(keys, [("eventos.material_id", 1), ("socio_id", 1), ("dia", -1), ("tipo", 1)]);
        assert_eq!(s.ideal().keys.len(), 4);
        q.entity = "nope".into();
        assert!(shape_of(&layout, &q).is_none(), "no entity, no shape");
    }
}
