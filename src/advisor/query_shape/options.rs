//! What an index's options and key kinds allow it to serve, whatever its keys: the planner
//! never uses a hidden index ("Hidden Indexes"), uses a partial index only for a query whose
//! filter implies the index's filter ("Partial Indexes"), a sparse index only for a query that
//! excludes the documents without the key ("Sparse Indexes"), a hashed key only for equality
//! ("Hashed Indexes"), a text key only for `$text` ("Text Indexes") and a wildcard key for one
//! field under its path ("Wildcard Indexes").
//!
//! A query's filters say which fields it matches and how, not with which values: a filter
//! `status` by equality is taken to match the value a partial filter names. Where the model
//! cannot tell (an operator the advisor does not read, a geospatial query), the index is taken
//! to serve: an index wrongly called useless costs more trust than one wrongly called useful.

use super::Shape;
use crate::model::{FilterOp, IndexSpec, KeyKind};
use serde_json::Value;

/// Why an index whose keys would serve a query cannot serve it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blocked {
    /// Hidden from the planner.
    Hidden,
    /// Its partial filter is not implied by the query's filter.
    Partial,
    /// Sparse, and the query does not exclude the documents without the key (a sort over all).
    Sparse,
    /// A hashed key the query ranges over or sorts by.
    Hashed,
    /// A text key, and the query does not search text.
    Text,
}

/// Why `index`'s options keep it from serving `shape`, or `None` when they allow it.
pub(crate) fn blocked(index: &IndexSpec, shape: &Shape) -> Option<Blocked> {
    if index.hidden {
        return Some(Blocked::Hidden);
    }
    if let Some(filter) = &index.partial_filter_expression {
        if !implies(shape, filter) {
            return Some(Blocked::Partial);
        }
    }
    if index.sparse && !excludes_missing(index, shape) {
        return Some(Blocked::Sparse);
    }
    for key in &index.keys {
        match key.kind {
            Some(KeyKind::Hashed) => {
                let field = key.field.as_str();
                let ordered = shape.sort().any(|(f, _)| f == field)
                    || shape.range().any(|f| f == field)
                    || shape.range_on_sort().any(|f| f == field);
                if ordered {
                    return Some(Blocked::Hashed);
                }
            }
            Some(KeyKind::Text) if !shape.text => return Some(Blocked::Text),
            _ => {}
        }
    }
    None
}

/// Whether `index`'s options let it serve a `$lookup`'s equality match on its first key: not
/// hidden, not partial (the stage matches every document of the collection), and its first
/// key ordered or hashed (a text, 2dsphere or wildcard key matches no equality).
pub(crate) fn serves_lookup(index: &IndexSpec) -> bool {
    !index.hidden
        && index.partial_filter_expression.is_none()
        && index
            .keys
            .first()
            .is_some_and(|k| matches!(k.kind, None | Some(KeyKind::Hashed)) && k.wildcard_path().is_none())
}

/// Whether `index` is unique on fields the query matches by equality, every one of its keys
/// (ordinary keys only): the query reads at most one document, like an equality on `_id`,
/// whatever else it filters or sorts.
pub(crate) fn pins_one(index: &IndexSpec, shape: &Shape) -> bool {
    index.unique
        && !index.keys.is_empty()
        && index.keys.iter().all(|k| {
            k.kind.is_none()
                && k.wildcard_path().is_none()
                && shape.filters().any(|(f, op)| f == k.field.as_str() && op == FilterOp::Equality)
        })
}

/// For an index with a wildcard, text or 2dsphere key, whether its keys serve the shape
/// (`None` for an index of ordinary keys: the ESR comparison decides). A text index serves a
/// text search; a wildcard key serves a query on one field under its path; a 2dsphere key is
/// taken to serve any query naming its field (the model states no geospatial operator).
pub(crate) fn special_keys_serve(index: &IndexSpec, shape: &Shape) -> Option<bool> {
    if index.keys.iter().any(|k| k.kind == Some(KeyKind::Text)) {
        return Some(shape.text);
    }
    if let Some(key) = index.keys.iter().find(|k| k.kind == Some(KeyKind::Sphere2d)) {
        let field = key.field.as_str();
        return Some(shape.filters().any(|(f, _)| f == field) || shape.sort().any(|(f, _)| f == field));
    }
    let wildcard = index.keys.iter().find_map(|k| k.wildcard_path())?;
    // Every field the query names is one field under the wildcard's path, or another key of a
    // compound wildcard index.
    let mut fields = shape.ideal_keys().map(|(f, _)| f);
    let first = fields.clone().find(|f| !index.keys.iter().any(|k| k.field.as_str() == *f));
    let under = |f: &str| match wildcard {
        "" => f != "_id",
        path => f.strip_prefix(path).is_some_and(|rest| rest.starts_with('.')),
    };
    Some(match first {
        None => !shape.is_empty(),
        Some(first) => under(first) && fields.all(|f| f == first || index.keys.iter().any(|k| k.field.as_str() == f)),
    })
}

/// Whether the query excludes every document that lacks all of a sparse index's keys: it
/// filters one of them by a match that a missing field never satisfies.
fn excludes_missing(index: &IndexSpec, shape: &Shape) -> bool {
    index.keys.iter().any(|k| shape.filters().any(|(f, op)| f == k.field.as_str() && op != FilterOp::Not))
}

/// Whether the query's filters imply the partial filter `filter` (a filter document: fields
/// with a value or an operator document, `$and`, `$or`).
fn implies(shape: &Shape, filter: &Value) -> bool {
    let Value::Object(members) = filter else { return true };
    members.iter().all(|(name, value)| match name.as_str() {
        "$and" => value.as_array().is_none_or(|parts| parts.iter().all(|p| implies(shape, p))),
        "$or" => value.as_array().is_none_or(|parts| parts.iter().any(|p| implies(shape, p))),
        // An operator the advisor does not read: not judged.
        name if name.starts_with('$') => true,
        field => field_implied(shape, field, value),
    })
}

/// Whether the query's filters on `field` imply the partial filter's condition `value` on it.
fn field_implied(shape: &Shape, field: &str, value: &Value) -> bool {
    let has = |ops: &[FilterOp]| shape.filters().any(|(f, op)| f == field && ops.contains(&op));
    let any = || shape.filters().any(|(f, op)| f == field && op != FilterOp::Not);
    let conditions = match value {
        Value::Object(m) if m.keys().next().is_some_and(|k| k.starts_with('$')) => m,
        // A value: an equality.
        _ => return has(&[FilterOp::Equality]),
    };
    conditions.iter().all(|(op, v)| match op.as_str() {
        "$eq" => has(&[FilterOp::Equality]),
        "$in" => has(&[FilterOp::Equality, FilterOp::In]),
        "$gt" | "$gte" | "$lt" | "$lte" => has(&[FilterOp::Equality, FilterOp::In, FilterOp::Range]),
        "$exists" if v == &Value::Bool(false) => has(&[FilterOp::Exists]),
        "$exists" | "$type" => any(),
        _ => any(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::build::Builder;
    use super::super::{Arena, Part, Shape};
    use super::*;
    use crate::model::{IndexKey, IndexSpec};
    use std::sync::Arc;

    /// A shape from filters (path, operator) and sort keys, as the builder files them.
    fn shape(filters: &[(&str, FilterOp)], sort: &[(&str, i8)]) -> Shape {
        let mut arena = Arena::default();
        let mut b = Builder::new(&mut arena, "", false);
        let mut text = false;
        for (field, op) in filters {
            let (span, _) = b.intern(field).expect("a path");
            b.note(span, *op);
            let part = match op {
                FilterOp::Equality | FilterOp::In | FilterOp::ArrayContains => Part::Equality,
                _ => Part::Range,
            };
            text |= *op == FilterOp::Text;
            b.add(span, part, 1, false);
        }
        for (field, dir) in sort {
            let (span, _) = b.intern(field).expect("a path");
            b.add(span, Part::Sort, *dir, false);
        }
        b.finish(0, false, text).shape(&Arc::new(arena))
    }

    fn partial(keys: &[(&str, i8)], filter: &str) -> IndexSpec {
        IndexSpec {
            partial_filter_expression: Some(serde_json::from_str(filter).expect("json")),
            ..IndexSpec::new(keys)
        }
    }

    #[test]
    fn a_partial_index_serves_only_queries_that_imply_its_filter() {
        let index = partial(&[("email", 1)], r#"{"status": "active"}"#);
        let both = shape(&[("email", FilterOp::Equality), ("status", FilterOp::Equality)], &[]);
        let email = shape(&[("email", FilterOp::Equality)], &[]);
        let not = shape(&[("email", FilterOp::Equality), ("status", FilterOp::Not)], &[]);
        assert_eq!(blocked(&index, &both), None);
        assert_eq!(blocked(&index, &email), Some(Blocked::Partial), "every status: the index misses some");
        assert_eq!(blocked(&index, &not), Some(Blocked::Partial));
        let range = partial(&[("name", 1)], r#"{"$and": [{"rating": {"$gt": 5}}, {"deleted": {"$exists": false}}]}"#);
        let rated = shape(&[("name", FilterOp::Equality), ("rating", FilterOp::Range)], &[]);
        assert_eq!(blocked(&range, &rated), Some(Blocked::Partial), "nothing says deleted is missing");
        let rated_live =
            shape(&[("name", FilterOp::Equality), ("rating", FilterOp::Range), ("deleted", FilterOp::Exists)], &[]);
        assert_eq!(blocked(&range, &rated_live), None);
        let either = partial(&[("a", 1)], r#"{"$or": [{"x": 1}, {"y": {"$exists": true}}]}"#);
        assert_eq!(blocked(&either, &shape(&[("a", FilterOp::Equality), ("y", FilterOp::Range)], &[])), None);
        assert_eq!(blocked(&either, &shape(&[("a", FilterOp::Equality)], &[])), Some(Blocked::Partial));
        let unknown = partial(&[("a", 1)], r#"{"$expr": {"$gt": ["$a", 1]}}"#);
        assert_eq!(blocked(&unknown, &shape(&[("a", FilterOp::Equality)], &[])), None, "not judged");
    }

    #[test]
    fn hashed_sparse_hidden_and_text_keys() {
        let hashed = IndexSpec {
            keys: vec![IndexKey { kind: Some(KeyKind::Hashed), ..IndexKey::new("no", 1) }],
            ..IndexSpec::default()
        };
        assert_eq!(blocked(&hashed, &shape(&[("no", FilterOp::Equality)], &[])), None);
        assert_eq!(blocked(&hashed, &shape(&[("no", FilterOp::Range)], &[])), Some(Blocked::Hashed));
        assert_eq!(blocked(&hashed, &shape(&[("x", FilterOp::Equality)], &[("no", 1)])), Some(Blocked::Hashed));
        let sparse = IndexSpec { sparse: true, ..IndexSpec::new(&[("score", -1)]) };
        assert_eq!(blocked(&sparse, &shape(&[], &[("score", -1)])), Some(Blocked::Sparse), "a sort over all");
        assert_eq!(blocked(&sparse, &shape(&[("score", FilterOp::Range)], &[("score", -1)])), None);
        assert_eq!(blocked(&sparse, &shape(&[("score", FilterOp::Not)], &[])), Some(Blocked::Sparse));
        let hidden = IndexSpec { hidden: true, ..IndexSpec::new(&[("a", 1)]) };
        assert_eq!(blocked(&hidden, &shape(&[("a", FilterOp::Equality)], &[])), Some(Blocked::Hidden));
        let text = IndexSpec {
            keys: vec![IndexKey { kind: Some(KeyKind::Text), ..IndexKey::new("body", 1) }],
            ..IndexSpec::default()
        };
        assert_eq!(blocked(&text, &shape(&[("body", FilterOp::Equality)], &[])), Some(Blocked::Text));
        assert_eq!(special_keys_serve(&text, &shape(&[("body", FilterOp::Text)], &[])), Some(true));
    }

    #[test]
    fn wildcard_keys_serve_one_field_under_their_path_and_unique_keys_pin_one_document() {
        let wildcard = IndexSpec::new(&[("attributes.$**", 1)]);
        let one = shape(&[("attributes.color", FilterOp::Equality)], &[]);
        let two = shape(&[("attributes.color", FilterOp::Equality), ("attributes.size", FilterOp::Range)], &[]);
        let outside = shape(&[("attributesx", FilterOp::Equality)], &[]);
        assert_eq!(special_keys_serve(&wildcard, &one), Some(true));
        assert_eq!(special_keys_serve(&wildcard, &two), Some(false));
        assert_eq!(special_keys_serve(&wildcard, &outside), Some(false));
        assert_eq!(special_keys_serve(&IndexSpec::new(&[("a", 1)]), &one), None);
        let unique = IndexSpec { unique: true, ..IndexSpec::new(&[("email", 1)]) };
        let by_email = shape(&[("email", FilterOp::Equality), ("status", FilterOp::Equality)], &[("at", -1)]);
        assert!(pins_one(&unique, &by_email));
        assert!(!pins_one(&IndexSpec::new(&[("email", 1)]), &by_email), "not unique");
        assert!(!pins_one(&unique, &shape(&[("email", FilterOp::In)], &[])), "several values");
    }
}
