//! The elements relations add to a document where no declared field spells them out (the
//! second half of the size walk, see `size_walk`): embedded children at the relation's
//! `field`, subset arrays, computed values, id arrays, extended-reference copies, reference
//! ids and bucket arrays, each sized three ways.

use super::bson::{element_header, DOC_OVERHEAD, STRING_OVERHEAD};
use super::paths::{extended_target, extended_top, MAX_DEPTH};
use super::size_walk::{Counts, Triple, Walker};
use crate::model::{find_path, BsonType, Entity, EntityKind, Field, Relation, Storage};

impl<'a> Walker<'_, 'a> {
    /// What the relations of `e` add to its documents where no declared field spells it out,
    /// added to `total` (the declared elements) in order: embedded children at the relation's
    /// `field`, id arrays, subsets and their counts, computed values and outlier flags of the
    /// relations from `e`; reference ids, extended-reference copies and bucket arrays of the
    /// relations to `e`.
    pub(super) fn relation_elements(
        &mut self,
        e: &'a Entity,
        (children, parents): (&[&'a Relation], &[&'a Relation]),
        depth: usize,
        mut total: Triple,
    ) -> Triple {
        let top = depth == 0;
        let layout = self.layout;
        let declared = Declared::of(e);
        for r in children {
            if r.storage == Storage::Embed && !r.field.is_empty() && !declared.has(&r.field) {
                let value = self.embedded(r, depth);
                total = total.add(self.extra(top, &r.field, value));
            }
            if let Some(pf) = r.reference.parent_field.as_deref().map(Path::new).filter(|p| !declared.has_path(*p)) {
                let counts = self.counts(r);
                let value = self.array(&counts, Triple::same(12.0), Some(r));
                total = total.add(self.extra_path(top, pf, value));
            }
            if let Some(s) = r.subset.as_ref() {
                if !declared.has(&s.field) {
                    let item = self.subset_item(r);
                    let n = Triple { avg: r.cardinality.typical.min(s.size as f64), ..Triple::same(s.size as f64) };
                    let counts = Counts { items: n, per_day: None };
                    let value = self.array(&counts, item, Some(r));
                    total = total.add(self.extra(top, &s.field, value));
                }
                if let Some(c) = s.count_field.as_deref().map(Path::new).filter(|c| !declared.has_path(*c)) {
                    total = total.add(self.extra_path(top, c, Triple::same(4.0)));
                }
            }
            for c in &r.computed {
                let field = Path::new(&c.field);
                if !declared.has_path(field) {
                    let v = if c.op == "count" { 4.0 } else { 8.0 };
                    total = total.add(self.extra_path(top, field, Triple::same(v)));
                }
            }
            if let Some(o) = r.outlier.as_ref().filter(|o| !declared.has(&o.flag_field)) {
                total = total.add(self.extra(top, &o.flag_field, Triple::same(1.0)));
            }
        }
        for r in parents {
            let id_field = r
                .reference
                .child_field
                .as_deref()
                .filter(|_| matches!(r.storage, Storage::Reference | Storage::Bucket));
            if let Some(cf) = id_field.map(Path::new).filter(|c| !declared.has_path(*c)) {
                total = total.add(self.extra_path(top, cf, Triple::same(12.0)));
            }
            for c in &r.extended {
                // The first segment of the copy's path: a declared field of that name spells it out.
                let top_name = head(extended_top(r, c));
                if declared.has(top_name) {
                    continue;
                }
                let source = layout.ends_of(r).0.and_then(|p| p.field(&c.field));
                let v = match source {
                    Some(f) => self.field_value(f, None, depth + 1),
                    None => Triple::same((STRING_OVERHEAD + 16) as f64),
                };
                total = total.add(self.extra_at(top, &extended_target(r, c), top_name, v));
            }
            if let Some(b) = r.bucket.as_ref().filter(|_| r.storage == Storage::Bucket) {
                if !declared.has(&b.array_field) {
                    let counts = self.counts(r);
                    let item = Triple::same(r.child_bytes.unwrap_or(64) as f64);
                    let value = self.array(&counts, item, Some(r));
                    total = total.add(self.extra(top, &b.array_field, value));
                }
                if let Some(c) = b.count_field.as_deref().filter(|c| !declared.has(c)) {
                    total = total.add(self.extra(top, c, Triple::same(4.0)));
                }
                if let Some(p) = b.period_field.as_deref().filter(|p| !declared.has(p)) {
                    total = total.add(self.extra(top, p, Triple::same(8.0)));
                }
            }
        }
        total
    }

    /// An element a relation adds; a dotted name is nested in one-element sub-documents.
    /// The name is scanned for a dot once: a plain name (most) is its own first segment.
    fn extra(&mut self, top: bool, name: &'a str, value: Triple) -> Triple {
        self.extra_path(top, Path::new(name), value)
    }

    /// [`Self::extra`] for a name already split at its first dot.
    fn extra_path(&mut self, top: bool, name: Path<'a>, value: Triple) -> Triple {
        if name.is_dotted() {
            self.dotted(top, name.full, name.head, value)
        } else {
            self.plain(top, name.full, value)
        }
    }

    /// [`Self::extra`] for a name not borrowed from the model; `top_name` is its first segment.
    fn extra_at(&mut self, top: bool, name: &str, top_name: &'a str, value: Triple) -> Triple {
        // Dotted exactly when longer than its first segment.
        if top_name.len() < name.len() {
            self.dotted(top, name, top_name, value)
        } else {
            let bytes = Triple::same(element_header(name) as f64).add(value);
            if top {
                self.member(top_name, bytes);
            }
            bytes
        }
    }

    /// An element with a plain (undotted) name borrowed from the model.
    #[inline]
    fn plain(&mut self, top: bool, name: &'a str, value: Triple) -> Triple {
        let bytes = Triple::same(element_header(name) as f64).add(value);
        if top {
            self.member(name, bytes);
        }
        bytes
    }

    /// An element with a dotted name: nested in one-element sub-documents.
    #[inline(never)]
    fn dotted(&mut self, top: bool, name: &str, top_name: &'a str, value: Triple) -> Triple {
        let mut segments = name.rsplit('.');
        let last = segments.next().unwrap_or(name);
        let mut bytes = Triple::same(element_header(last) as f64).add(value);
        for seg in segments {
            bytes = Triple::same((element_header(seg) + DOC_OVERHEAD) as f64).add(bytes);
        }
        if top {
            self.member(top_name, bytes);
        }
        bytes
    }

    /// An embedded child at the relation's field: the value's bytes.
    fn embedded(&mut self, r: &'a Relation, depth: usize) -> Triple {
        let Some(child) = self.layout.ends_of(r).1 else { return Triple::default() };
        let item = if child.kind == EntityKind::Value {
            let ty = child.value_type.unwrap_or(BsonType::String);
            self.scalar_value(ty, r.child_bytes, &child.name, None)
        } else if depth >= MAX_DEPTH {
            Triple::same(DOC_OVERHEAD as f64)
        } else {
            let doc = Triple::same(DOC_OVERHEAD as f64).add(self.embedded_elements(child, depth + 1));
            match r.child_bytes {
                Some(b) => Triple { avg: b as f64, worst: doc.worst.max(b as f64), horizon: doc.horizon.max(b as f64) },
                None => doc,
            }
        };
        if r.cardinality.max == Some(1) {
            return item;
        }
        let counts = self.counts(r);
        self.array(&counts, item, Some(r))
    }

    /// One subset item: the child's fields named by the subset (all when none are named).
    fn subset_item(&mut self, r: &'a Relation) -> Triple {
        let Some(child) = self.layout.ends_of(r).1 else { return Triple::same(DOC_OVERHEAD as f64) };
        let Some(s) = r.subset.as_ref() else { return Triple::same(DOC_OVERHEAD as f64) };
        let mut total = Triple::same((DOC_OVERHEAD + element_header("_id") + 12) as f64);
        if s.fields.is_empty() {
            for f in &child.fields {
                total = total.add(Triple::same(element_header(&f.name) as f64)).add(self.field_value(f, None, 1));
            }
        }
        for name in &s.fields {
            let v = match find_path(&child.fields, name) {
                Some(f) => self.field_value(f, None, 1),
                None => Triple::same((STRING_OVERHEAD + 16) as f64),
            };
            total = total.add(Triple::same(element_header(name) as f64)).add(v);
        }
        total
    }
}

/// The relation whose children or copies fill the declared field `name`.
pub(super) fn relation_filling<'a>(
    children: &[&'a Relation],
    parents: &[&'a Relation],
    name: &str,
) -> Option<&'a Relation> {
    let down = children.iter().copied().find(|r| {
        (r.storage == Storage::Embed && r.field == name)
            || r.reference.parent_field.as_deref() == Some(name)
            || r.subset.as_ref().is_some_and(|s| s.field == name)
    });
    down.or_else(|| {
        parents
            .iter()
            .copied()
            .find(|r| r.storage == Storage::Bucket && r.bucket.as_ref().is_some_and(|b| b.array_field == name))
    })
}

/// The first segment of a dotted path.
fn head(path: &str) -> &str {
    match path.bytes().position(|b| b == b'.') {
        Some(i) => path.get(..i).unwrap_or(path),
        None => path,
    }
}

/// A name split once at its first dot: its first segment is the whole name when it has none.
#[derive(Clone, Copy)]
struct Path<'a> {
    full: &'a str,
    head: &'a str,
}

impl<'a> Path<'a> {
    fn new(full: &'a str) -> Path<'a> {
        Path { full, head: head(full) }
    }

    fn is_dotted(&self) -> bool {
        self.head.len() < self.full.len()
    }
}

/// The declared top-level names of an entity, with a mask of their lengths: most names a
/// relation adds differ in length from every declared field, and are answered without a scan.
struct Declared<'e> {
    fields: &'e [Field],
    /// Bit `min(len, 63)` set for each declared name's length.
    lengths: u64,
}

impl<'e> Declared<'e> {
    fn of(e: &'e Entity) -> Self {
        let lengths = e.fields.iter().fold(0, |m, f| m | length_bit(&f.name));
        Declared { fields: &e.fields, lengths }
    }

    /// Whether `name` is a declared top-level field.
    fn has(&self, name: &str) -> bool {
        self.lengths & length_bit(name) != 0 && self.fields.iter().any(|f| f.name == name)
    }

    /// Whether a path is spelled out: its first segment is a declared field (a declared path
    /// has a declared head, so the head alone decides).
    fn has_path(&self, path: Path) -> bool {
        self.has(path.head)
    }
}

fn length_bit(name: &str) -> u64 {
    1 << name.len().min(63)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BsonType;

    #[test]
    fn declared_names_answer_as_a_scan_would() {
        let mut e = Entity::new("u", "users");
        let long = "x".repeat(70);
        for name in ["_id", "ab", "title", long.as_str()] {
            e.fields.push(Field::new(name, BsonType::String));
        }
        let d = Declared::of(&e);
        for name in ["_id", "ab", "title", "titles", "", "a", "abc", long.as_str(), &"x".repeat(64), &"y".repeat(70)] {
            assert_eq!(d.has(name), e.fields.iter().any(|f| f.name == name), "{name}");
        }
        let has_path = |p| d.has_path(Path::new(p));
        assert!(has_path("title.main") && !has_path("titl.main") && has_path("ab"));
    }
}
