//! Resolving a dotted field path inside an entity's documents: through declared fields,
//! polymorphic variants, embedded relations (an embedded child or value entity at the
//! relation's `field`), and the copies and references a relation places in a document (subset
//! arrays, computed values, id arrays, extended references).

use super::{Layout, MAX_DEPTH};
use crate::model::{BsonType, CopiedField, Entity, EntityKind, Field, Relation, Storage};
use std::borrow::Cow;

/// Where an extended-reference copy lives in the child: beside the reference id when the
/// id is nested (`material.material_id` puts the copy of `titulo` at `material.titulo`),
/// else at the top level; an explicit dotted `asField` is taken as is.
pub(crate) fn extended_target<'r>(r: &'r Relation, c: &'r CopiedField) -> Cow<'r, str> {
    let target = c.target_name();
    match extended_parent(r, target) {
        Some(parent) => {
            let mut path = String::with_capacity(parent.len() + 1 + target.len());
            path.push_str(parent);
            path.push('.');
            path.push_str(target);
            Cow::Owned(path)
        }
        None => Cow::Borrowed(target),
    }
}

/// The top-level element that holds the copy `c` in the child: the sub-document of
/// [`extended_target`] when the copy is nested, else the copy's own (possibly dotted) name.
pub(crate) fn extended_top<'r>(r: &'r Relation, c: &'r CopiedField) -> &'r str {
    let target = c.target_name();
    extended_parent(r, target).unwrap_or(target)
}

/// Whether `path` is where [`extended_target`] puts the copy `c` (compared without building it).
pub(crate) fn is_extended_target(r: &Relation, c: &CopiedField, path: &str) -> bool {
    let target = c.target_name();
    match extended_parent(r, target) {
        Some(parent) => {
            path.strip_prefix(parent).and_then(|rest| rest.strip_prefix('.')).is_some_and(|rest| rest == target)
        }
        None => same(path, target),
    }
}

/// The sub-document the copy named `target` goes in, when it is not the top level.
fn extended_parent<'r>(r: &'r Relation, target: &str) -> Option<&'r str> {
    if has_dot(target) {
        return None;
    }
    let cf = r.reference.child_field.as_deref()?;
    cf.get(..cf.bytes().rposition(|b| b == b'.')?)
}

/// Whether `s` has a dot, by a plain byte scan (the names here are a few bytes long, shorter
/// than a `char` search's set-up).
fn has_dot(s: &str) -> bool {
    s.bytes().any(|b| b == b'.')
}

/// `s` before and after its first dot (what `split_once('.')` gives), by a plain byte scan.
fn split_dot(s: &str) -> Option<(&str, &str)> {
    let i = s.bytes().position(|b| b == b'.')?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// `a == b`, compared byte by byte in place: the names compared by the walk are a few bytes
/// long, where a call to `memcmp` costs more than the comparison itself.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// `a == Some(b)` for an optional name, compared as [`same`].
fn same_opt(a: Option<&str>, b: &str) -> bool {
    a.is_some_and(|a| same(a, b))
}

/// What a resolved path names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Resolved {
    /// The BSON type at the end of the path (`array` for an array, or the element type
    /// when the path goes through an array into its items).
    pub bson_type: BsonType,
    /// The path is an array or goes through one: an index on it is multikey.
    pub array: bool,
}

/// Where the walk stands: a set of declared fields, and the entity whose relations may add
/// more at this level (only at an entity's top level).
#[derive(Clone, Copy)]
struct Scope<'a> {
    fields: &'a [Field],
    entity: Option<&'a Entity>,
}

/// Resolves a dotted `path` inside the documents of `entity` (a collection or an embedded
/// entity). `None` when nothing in the model names it.
pub(crate) fn resolve(layout: &Layout, entity: &Entity, path: &str) -> Option<Resolved> {
    if same(path, "_id") && !entity.fields.iter().any(|f| same(&f.name, "_id")) {
        return Some(Resolved { bson_type: BsonType::ObjectId, array: false });
    }
    // A whole remaining path may be a reference field (`material.material_id`) that no
    // declared field spells out.
    let mut scope = Scope { fields: &entity.fields, entity: Some(entity) };
    let mut array = false;
    let mut rest = path;
    for _ in 0..MAX_DEPTH {
        let (head, tail) = match split_dot(rest) {
            Some((h, t)) => (h, Some(t)),
            None => (rest, None),
        };
        let step = step(layout, scope, head, rest);
        let (next, ty, is_array, whole) = step?;
        array |= is_array;
        if whole {
            return Some(Resolved { bson_type: ty, array });
        }
        match tail {
            None => return Some(Resolved { bson_type: ty, array }),
            Some(t) => {
                scope = next?;
                rest = t;
            }
        }
    }
    None
}

/// One step of the walk: the scope inside `head`, the type there, whether it is an array,
/// and whether it consumed the whole remaining path.
fn step<'a>(
    layout: &Layout<'a>,
    scope: Scope<'a>,
    head: &str,
    rest: &str,
) -> Option<(Option<Scope<'a>>, BsonType, bool, bool)> {
    if let Some(f) = scope.fields.iter().find(|f| same(&f.name, head)) {
        return Some(field_step(f));
    }
    let entity = scope.entity?;
    for v in &entity.collection.variants {
        if let Some(f) = v.fields.iter().find(|f| same(&f.name, head)) {
            return Some(field_step(f));
        }
    }
    for r in layout.children_of(entity) {
        let many = r.cardinality.max != Some(1);
        if r.storage == Storage::Embed && same(&r.field, head) {
            let child = layout.ends_of(r).1?;
            if child.kind == EntityKind::Value {
                let ty = child.value_type.unwrap_or(BsonType::String);
                return Some((None, if many { BsonType::Array } else { ty }, many, false));
            }
            let ty = if many { BsonType::Array } else { BsonType::Object };
            return Some((Some(Scope { fields: &child.fields, entity: Some(child) }), ty, many, false));
        }
        if let Some(s) = &r.subset {
            if same(&s.field, head) {
                let child = layout.ends_of(r).1;
                let scope = child.map(|c| Scope { fields: &c.fields, entity: None });
                return Some((scope, BsonType::Array, true, false));
            }
            if same_opt(s.count_field.as_deref(), rest) {
                return Some((None, BsonType::Int, false, true));
            }
        }
        if same_opt(r.reference.parent_field.as_deref(), rest) {
            return Some((None, if many { BsonType::Array } else { BsonType::ObjectId }, many, true));
        }
        if let Some(c) = r.computed.iter().find(|c| same(&c.field, rest)) {
            let ty = if c.op == "count" { BsonType::Int } else { BsonType::Double };
            return Some((None, ty, false, true));
        }
    }
    for r in layout.parents_of(entity) {
        if same_opt(r.reference.child_field.as_deref(), rest) {
            // A many-to-many child keeps an array of its parents' ids.
            let many = r.cardinality.many_to_many;
            return Some((None, if many { BsonType::Array } else { BsonType::ObjectId }, many, true));
        }
        if let Some(c) = r.extended.iter().find(|c| is_extended_target(r, c, rest)) {
            let source = layout.ends_of(r).0.and_then(|p| p.field(&c.field));
            return Some((None, source.map_or(BsonType::String, |f| f.bson_type), false, true));
        }
        if let Some(b) = &r.bucket {
            if same(&b.array_field, head) {
                // The events' shape is not declared: the rest of the path is inside the array.
                let ty = if has_dot(rest) { BsonType::String } else { BsonType::Array };
                return Some((None, ty, true, true));
            }
        }
    }
    None
}

fn field_step(f: &Field) -> (Option<Scope<'_>>, BsonType, bool, bool) {
    let is_array = f.bson_type == BsonType::Array;
    (Some(Scope { fields: &f.fields, entity: None }), f.bson_type, is_array, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{load, Model};

    fn bibliored() -> Model {
        load(include_str!("../../../public/templates/bibliored.json")).expect("template loads")
    }

    #[test]
    fn byte_scans_agree_with_the_str_methods() {
        for s in ["", ".", "a", "a.b", "ab.cd.ef", "é.ü", "x.", ".y", "_id"] {
            assert_eq!(split_dot(s), s.split_once('.'), "{s:?}");
            assert_eq!(has_dot(s), s.contains('.'), "{s:?}");
            for t in ["", "a", "_id", "ab.cd.ef", "é.ü", "ab.cd.eg"] {
                assert_eq!(same(s, t), s == t, "{s:?} {t:?}");
                assert_eq!(same_opt(Some(s), t), Some(s) == Some(t));
            }
            assert!(!same_opt(None, s));
        }
    }

    #[test]
    fn resolves_declared_embedded_and_reference_paths() {
        let m = bibliored();
        let layout = Layout::new(&m);
        let catalogo = layout.entity("material").expect("material");
        let r = |p: &str| resolve(&layout, catalogo, p);
        assert_eq!(r("titulo_normalizado"), Some(Resolved { bson_type: BsonType::String, array: false }));
        assert_eq!(r("etiquetas"), Some(Resolved { bson_type: BsonType::Array, array: true }), "embedded value");
        assert_eq!(r("autores.autor_id"), Some(Resolved { bson_type: BsonType::ObjectId, array: true }));
        assert_eq!(r("valoracion.media").map(|x| x.array), Some(false));
        assert_eq!(r("isbn").map(|x| x.bson_type), Some(BsonType::String), "variant field");
        assert_eq!(r("_id").map(|x| x.bson_type), Some(BsonType::ObjectId));
        assert_eq!(r("nope"), None);
        let actividad = layout.entity("actividad").expect("actividad");
        assert_eq!(resolve(&layout, actividad, "eventos.material_id").map(|x| x.array), Some(true));
    }
}
