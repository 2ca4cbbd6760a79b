//! The shape of an access pattern as an index sees it: equality fields, sort keys and range
//! fields, as full paths inside the collection that holds the pattern's entity.

use super::paths::{resolve, Layout, Placement};
use crate::model::{AccessPattern, FilterOp, IndexKey, IndexSpec};

/// The shape of every access pattern, in model order, shared by the index reasons built
/// from them (see `index_reason::derived`).
pub(crate) type Shapes = std::sync::Arc<Vec<Option<Shape>>>;

/// Executions per minute from which an access pattern counts as frequent.
pub(crate) const FREQUENT_PER_MINUTE: f64 = 10.0;

/// An access pattern's query shape (paths are full paths inside `root`'s documents).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Shape {
    /// The collection the query runs on.
    pub root: String,
    /// Equality and array-membership filters, in filter order.
    pub equality: Vec<String>,
    /// Sort keys not already pinned by an equality, in order (dir 1 or -1).
    pub sort: Vec<IndexKey>,
    /// Range, existence and text filters not already keyed.
    pub range: Vec<String>,
    /// Range filters on a sort key: the sort key in the index bounds them too.
    pub range_on_sort: Vec<String>,
    /// Paths that are arrays or go through one (multikey).
    pub array_paths: Vec<String>,
    /// An equality on `_id`: the built-in `_id` index pins the document.
    pub id_equality: bool,
    /// A text-search filter (only a prefix regex can use a B-tree index).
    pub text: bool,
}

impl Shape {
    /// The ESR index for this shape: equality, then sort, then range.
    pub fn ideal(&self) -> IndexSpec {
        let mut keys: Vec<IndexKey> = Vec::with_capacity(self.key_count());
        keys.extend(self.equality.iter().map(|f| IndexKey { field: f.clone(), dir: 1 }));
        keys.extend(self.sort.iter().cloned());
        keys.extend(self.range.iter().map(|f| IndexKey { field: f.clone(), dir: 1 }));
        IndexSpec { keys, unique: false, ttl_seconds: None }
    }

    /// How many keys [`Shape::ideal`] has (counted without building it).
    pub fn key_count(&self) -> usize {
        self.equality.len() + self.sort.len() + self.range.len()
    }

    /// Whether the query filters or sorts at all.
    pub fn is_empty(&self) -> bool {
        self.equality.is_empty() && self.sort.is_empty() && self.range.is_empty()
    }

    /// Whether the query needs an index of its own (the `_id` index does not serve it).
    pub fn needs_index(&self) -> bool {
        !self.id_equality && !self.is_empty()
    }

    /// The sort ends with `_id`: a stable order for pagination.
    pub fn has_tie_breaker(&self) -> bool {
        self.sort.last().is_some_and(|k| k.field == "_id")
    }
}

/// The shape of every access pattern, in model order.
pub(crate) fn shapes(layout: &Layout) -> Vec<Option<Shape>> {
    layout.model.queries.iter().map(|q| shape_of(layout, q)).collect()
}

/// The shape of `q`, or `None` when its entity is not stored in a MongoDB collection.
pub(crate) fn shape_of(layout: &Layout, q: &AccessPattern) -> Option<Shape> {
    // Most queries start at a collection (its own root): no embedding path to walk.
    let (placement, entity) = if layout.root_id(&q.entity) == Some(q.entity.as_str()) {
        let entity = layout.entity(&q.entity)?;
        (Placement { root: entity, prefix: String::new(), through_array: false }, entity)
    } else {
        (layout.placement(&q.entity)?, layout.entity(&q.entity)?)
    };
    let mut shape = Shape {
        root: placement.root.id.clone(),
        equality: Vec::with_capacity(
            q.filters.iter().filter(|f| matches!(f.op, FilterOp::Equality | FilterOp::ArrayContains)).count(),
        ),
        sort: Vec::with_capacity(q.sort.len()),
        range: Vec::new(),
        range_on_sort: Vec::new(),
        array_paths: Vec::new(),
        id_equality: false,
        text: false,
    };
    // A value entity (a tag) is the scalar itself: any field named on it is the array's path.
    let is_value = entity.kind == crate::model::EntityKind::Value && !placement.prefix.is_empty();
    let full_path = |field: &str| if is_value { placement.prefix.clone() } else { placement.path(field) };
    let note_array = |shape: &mut Shape, rel: &str, full: &str| {
        let is_array = (placement.through_array && !placement.prefix.is_empty())
            || resolve(layout, entity, rel).is_some_and(|r| r.array);
        if is_array && !shape.array_paths.iter().any(|p| p == full) {
            shape.array_paths.push(full.to_string());
        }
    };
    for f in &q.filters {
        let full = full_path(&f.field);
        if full.is_empty() {
            continue;
        }
        note_array(&mut shape, &f.field, &full);
        match f.op {
            FilterOp::Equality | FilterOp::ArrayContains => {
                if full == "_id" && f.op == FilterOp::Equality {
                    shape.id_equality = true;
                }
                if !shape.equality.contains(&full) {
                    shape.equality.push(full);
                }
            }
            FilterOp::Range | FilterOp::Exists | FilterOp::Text => {
                shape.text |= f.op == FilterOp::Text;
                if !shape.range.contains(&full) {
                    shape.range.push(full);
                }
            }
        }
    }
    for s in &q.sort {
        let full = full_path(&s.field);
        if full.is_empty() || shape.equality.contains(&full) || shape.sort.iter().any(|k| k.field == full) {
            continue;
        }
        note_array(&mut shape, &s.field, &full);
        shape.sort.push(IndexKey { field: full, dir: if s.dir < 0 { -1 } else { 1 } });
    }
    let (equality, sort) = (&shape.equality, &shape.sort);
    shape.range_on_sort = shape.range.iter().filter(|r| sort.iter().any(|k| &k.field == *r)).cloned().collect();
    shape.range.retain(|r| !equality.contains(r) && !sort.iter().any(|k| &k.field == r));
    Some(shape)
}

/// Whether `index` fully serves `shape`: every equality field leads (any order), the sort
/// keys follow in order (all in the index's direction or all reversed), and, when the query
/// neither matches nor sorts, its first key is one of the ranges.
pub(crate) fn serves(index: &IndexSpec, shape: &Shape) -> bool {
    if shape.is_empty() {
        return false;
    }
    let keys = &index.keys;
    let n_eq = shape.equality.len();
    if keys.len() < n_eq + shape.sort.len() {
        return false;
    }
    let (lead, rest) = keys.split_at(n_eq);
    if !lead.iter().all(|k| shape.equality.contains(&k.field)) {
        return false;
    }
    if !shape.sort.is_empty() {
        let part = &rest[..shape.sort.len()];
        let same = part.iter().zip(&shape.sort).all(|(a, b)| a.field == b.field && a.dir == b.dir);
        let flipped = part.iter().zip(&shape.sort).all(|(a, b)| a.field == b.field && a.dir == -b.dir);
        return same || flipped;
    }
    if n_eq == 0 {
        return rest.first().is_some_and(|k| shape.range.contains(&k.field));
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
    use super::*;
    use crate::model::{Filter, Model, SortKey};

    fn shape(eq: &[&str], sort: &[(&str, i8)], range: &[&str]) -> Shape {
        Shape {
            root: "c".into(),
            equality: eq.iter().map(|s| s.to_string()).collect(),
            sort: sort.iter().map(|(f, d)| IndexKey { field: f.to_string(), dir: *d }).collect(),
            range: range.iter().map(|s| s.to_string()).collect(),
            range_on_sort: vec![],
            array_paths: vec![],
            id_equality: false,
            text: false,
        }
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
    fn a_query_on_an_embedded_value_entity_filters_the_array_itself() {
        let m = crate::model::load(include_str!("../../public/templates/bibliored.json")).expect("template");
        let layout = Layout::new(&m);
        let mut q = crate::model::AccessPattern::new("t", "by tag", "etiqueta");
        q.filters.push(Filter { field: "valor".into(), op: FilterOp::ArrayContains });
        let s = shape_of(&layout, &q).expect("shape");
        assert_eq!((s.root.as_str(), s.equality.as_slice()), ("material", &["etiquetas".to_string()][..]));
        assert_eq!(s.array_paths, ["etiquetas"]);
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
        q.filters.push(Filter { field: "sku".into(), op: FilterOp::Equality });
        q.sort.push(SortKey { field: "sku".into(), dir: 1 });
        m.queries.push(q);
        let layout = Layout::new(&m);
        let s = shape_of(&layout, &m.queries[0]).expect("shape");
        assert_eq!(s.root, "order");
        assert_eq!(s.equality, ["lines.sku"]);
        assert!(s.sort.is_empty(), "a sort on an equality field is pinned");
        assert_eq!(s.array_paths, ["lines.sku"]);
    }
}
