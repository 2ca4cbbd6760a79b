//! Scans of an entity's fields at any depth, for the rules that look for a kind of field
//! (arrays, large values): paths are built only for the fields kept, from the names above
//! kept on the call stack, so scanning a large model allocates almost nothing.

use super::paths::MAX_DEPTH;
use crate::model::{BsonType, Entity, EntityKind, Field, Model};
use std::borrow::Cow;

/// The fields (and their dotted paths) for which `keep` holds, at any depth. Paths are
/// built only for the fields kept, so scanning a large model allocates almost nothing.
pub(crate) fn find_fields<'f, K>(fields: &'f [Field], keep: &K) -> Vec<(String, &'f Field)>
where
    K: Fn(&Field) -> bool + ?Sized,
{
    let mut out = Vec::new();
    find_into(fields, keep, None, 0, &mut out);
    out
}

/// An array field of a document entity, at any depth, with its dotted path (borrowed for a
/// top-level field).
pub(crate) struct ArrayField<'a> {
    pub entity: &'a Entity,
    pub path: Cow<'a, str>,
    pub field: &'a Field,
}

/// Every array field of every document entity: entities in model order, each one's fields in
/// the order of [`find_fields`] (the rules read [`FieldScan::arrays`]).
#[cfg(test)]
pub(crate) fn array_fields(model: &Model) -> Vec<ArrayField<'_>> {
    scan_fields(model, |_| false).arrays
}

/// What one scan of the document entities' fields keeps: every array field, and the fields for
/// which a rule's predicate holds (DS201's large values), each entity's run found by position.
pub(crate) struct FieldScan<'a> {
    /// Every array field (see [`array_fields`]).
    pub arrays: Vec<ArrayField<'a>>,
    /// The fields the predicate kept, in the same order.
    kept: Vec<ArrayField<'a>>,
    /// Where the run in `kept` of the entity at each position starts, plus the end of the last
    /// (entities that are not documents have empty runs).
    kept_at: Vec<usize>,
    /// The same for `arrays`.
    arrays_at: Vec<usize>,
}

impl<'a> FieldScan<'a> {
    /// The fields of the entity at position `at` the predicate kept, in the order of
    /// [`find_fields`] over its declared fields (variants are not scanned).
    pub(crate) fn kept_at(&self, at: usize) -> Option<&[ArrayField<'a>]> {
        let (&start, &end) = (self.kept_at.get(at)?, self.kept_at.get(at + 1)?);
        self.kept.get(start..end)
    }

    /// The array fields of the entity at position `at`, in the order of [`FieldScan::arrays`].
    pub(crate) fn arrays_at(&self, at: usize) -> Option<&[ArrayField<'a>]> {
        let (&start, &end) = (self.arrays_at.get(at)?, self.arrays_at.get(at + 1)?);
        self.arrays.get(start..end)
    }
}

/// One walk of every document entity's declared fields (to [`MAX_DEPTH`], as [`find_fields`]):
/// the array fields, and the fields for which `keep` holds.
pub(crate) fn scan_fields<K: Fn(&Field) -> bool>(model: &Model, keep: K) -> FieldScan<'_> {
    let mut scan = FieldScan {
        arrays: Vec::with_capacity(model.entities.len() * 2),
        kept: Vec::new(),
        kept_at: Vec::with_capacity(model.entities.len() + 1),
        arrays_at: Vec::with_capacity(model.entities.len() + 1),
    };
    for e in &model.entities {
        scan.kept_at.push(scan.kept.len());
        scan.arrays_at.push(scan.arrays.len());
        if e.kind == EntityKind::Document {
            arrays_into(e, &e.fields, None, 0, &keep, &mut scan);
        }
    }
    scan.kept_at.push(scan.kept.len());
    scan.arrays_at.push(scan.arrays.len());
    scan
}

fn arrays_into<'a, K: Fn(&Field) -> bool>(
    e: &'a Entity,
    fields: &'a [Field],
    up: Option<&Up<'_, 'a>>,
    depth: usize,
    keep: &K,
    scan: &mut FieldScan<'a>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for field in fields {
        let array = field.bson_type == BsonType::Array;
        let kept = keep(field);
        if array || kept {
            let path = match up {
                None => Cow::Borrowed(field.name.as_str()),
                Some(_) => Cow::Owned(dotted_path(up, &field.name)),
            };
            if kept {
                scan.kept.push(ArrayField { entity: e, path: path.clone(), field });
            }
            if array {
                scan.arrays.push(ArrayField { entity: e, path, field });
            }
        }
        if !field.fields.is_empty() {
            let here = Up { name: &field.name, up };
            arrays_into(e, &field.fields, Some(&here), depth + 1, keep, scan);
        }
    }
}

/// The names of the fields above the current one, innermost first, kept on the call stack.
pub(crate) struct Up<'u, 'f> {
    pub name: &'f str,
    pub up: Option<&'u Up<'u, 'f>>,
}

/// `a.b.name`: the names above (outermost first) and `name`, joined with dots.
pub(crate) fn dotted_path(up: Option<&Up>, name: &str) -> String {
    fn push(up: Option<&Up>, path: &mut String) {
        if let Some(u) = up {
            push(u.up, path);
            path.push_str(u.name);
            path.push('.');
        }
    }
    let mut len = name.len();
    let mut at = up;
    while let Some(u) = at {
        len += u.name.len() + 1;
        at = u.up;
    }
    let mut path = String::with_capacity(len);
    push(up, &mut path);
    path.push_str(name);
    path
}

fn find_into<'f, K: Fn(&Field) -> bool + ?Sized>(
    fields: &'f [Field],
    keep: &K,
    up: Option<&Up<'_, 'f>>,
    depth: usize,
    out: &mut Vec<(String, &'f Field)>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for field in fields {
        if keep(field) {
            out.push((dotted_path(up, &field.name), field));
        }
        if !field.fields.is_empty() {
            let here = Up { name: &field.name, up };
            find_into(&field.fields, keep, Some(&here), depth + 1, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_fields_carry_their_dotted_paths() {
        let mut inner = Field::new("c", BsonType::Array);
        inner.fields.push(Field::new("d", BsonType::Int));
        let mut outer = Field::new("a", BsonType::Object);
        outer.fields.push(Field::new("b", BsonType::Int));
        outer.fields.push(inner);
        let fields = vec![Field::new("x", BsonType::Int), outer];
        let paths: Vec<String> = find_fields(&fields, &|_| true).into_iter().map(|(p, _)| p).collect();
        assert_eq!(paths, ["x", "a", "a.b", "a.c", "a.c.d"]);
        let ints = find_fields(&fields, &|f| f.bson_type == BsonType::Int);
        assert_eq!(ints.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(), ["x", "a.b", "a.c.d"]);
        assert_eq!(dotted_path(None, "solo"), "solo");
    }

    #[test]
    fn array_fields_of_document_entities_in_order() {
        let mut m = Model::new("t");
        let mut doc = Entity::new("d", "docs");
        let mut tags = Field::new("tags", BsonType::Array);
        tags.items = Some(BsonType::String);
        let mut meta = Field::new("meta", BsonType::Object);
        let mut inner = Field::new("marks", BsonType::Array);
        inner.fields.push(Field::new("deep", BsonType::Array));
        meta.fields.push(inner);
        doc.fields.extend([tags.clone(), meta, Field::new("n", BsonType::Int)]);
        let mut value = Entity::new("v", "values");
        value.kind = EntityKind::Value;
        value.fields.push(tags);
        m.entities.extend([value, doc]);
        let arrays = array_fields(&m);
        let found: Vec<(&str, &str)> = arrays.iter().map(|a| (a.entity.id.as_str(), &*a.path)).collect();
        assert_eq!(found, [("d", "tags"), ("d", "meta.marks"), ("d", "meta.marks.deep")]);
        assert!(matches!(arrays[0].path, Cow::Borrowed(_)), "a top-level path is borrowed");
    }

    #[test]
    fn kept_fields_are_what_find_fields_finds_for_each_document_entity() {
        let mut m = Model::new("t");
        let mut doc = Entity::new("d", "docs");
        let mut meta = Field::new("meta", BsonType::Object);
        let mut inner = Field::new("marks", BsonType::Array);
        inner.fields.push(Field::new("deep", BsonType::String));
        meta.fields.extend([Field::new("note", BsonType::String), inner]);
        doc.fields.extend([Field::new("title", BsonType::String), meta, Field::new("n", BsonType::Int)]);
        let mut value = Entity::new("v", "values");
        value.kind = EntityKind::Value;
        value.fields.push(Field::new("s", BsonType::String));
        m.entities.extend([value, doc.clone(), Entity::new("e", "empty"), doc]);
        let keep = |f: &Field| f.bson_type == BsonType::String;
        let scan = scan_fields(&m, keep);
        assert_eq!(scan.kept_at(0).map(<[_]>::len), Some(0), "a value entity is not scanned");
        assert_eq!(scan.kept_at(2).map(<[_]>::len), Some(0));
        for at in [1, 3] {
            let e = &m.entities[at];
            let run = scan.kept_at(at).expect("a run");
            let expected = find_fields(&e.fields, &keep);
            let got: Vec<(&str, *const Field)> = run.iter().map(|a| (&*a.path, a.field as *const Field)).collect();
            let want: Vec<(&str, *const Field)> =
                expected.iter().map(|(p, f)| (p.as_str(), *f as *const Field)).collect();
            assert_eq!(got, want);
            assert!(run.iter().all(|a| std::ptr::eq(a.entity, e)));
        }
        assert!(scan.kept_at(4).is_none() && scan.arrays_at(4).is_none());
        let arrays: Vec<&str> = (0..4).flat_map(|at| scan.arrays_at(at).unwrap_or(&[])).map(|a| &*a.path).collect();
        assert_eq!(arrays, ["meta.marks", "meta.marks"]);
        assert_eq!(scan.arrays.len(), array_fields(&m).len());
    }
}
