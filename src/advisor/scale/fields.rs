//! What the design says of one field as a shard key field: whether the collection's
//! documents have it, its type, whether it is an array, whether its values grow with time
//! (monotonic) and how they spread over the documents ([`Classes`]).

use super::values::Classes;
use crate::advisor::paths::{resolve, Layout};
use crate::model::{BsonType, Entity, Field, FieldRole, Relation, Storage};
use serde::Serialize;

/// One field of a candidate (or stated) shard key, as the design describes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldFacts {
    pub path: String,
    /// The type at the path; `None` when nothing in the collection's documents names it.
    pub bson_type: Option<BsonType>,
    /// The path is an array or goes through one (a shard key cannot be).
    pub array: bool,
    /// Its values grow with time: each new document's value is past every stored one (an
    /// ObjectId, a date written with the document, a counter).
    pub monotonic: bool,
    /// The field names the tenant or the region of the document (`role`).
    pub role: Option<FieldRole>,
    /// How its values spread over the documents (empty: the design does not say).
    pub classes: Classes,
    /// The parent collection the field points at, by name, when it is a reference.
    pub parent: Option<String>,
}

/// How many parent documents a child may point at by the horizon: the parent's documents now
/// (1,000 when not stated, as the generator reads it) and those its growth adds.
pub fn parents_at_horizon(parent: Option<&Entity>, horizon_days: u64) -> f64 {
    let Some(p) = parent else { return 1_000.0 };
    let now = p.collection.documents.unwrap_or(1_000) as f64;
    let growth = p.collection.growth_per_day.filter(|g| g.is_finite() && *g > 0.0).unwrap_or(0.0);
    (now + growth * horizon_days as f64).clamp(1.0, 1e12)
}

/// The relation whose reference field in `child`'s documents is `path` (a child pointing at
/// its parent, or a bucket at its owner).
pub(crate) fn parent_relation<'a>(layout: &Layout<'a>, child: &Entity, path: &str) -> Option<&'a Relation> {
    layout.parents_of(child).iter().copied().find(|r| {
        matches!(r.storage, Storage::Reference | Storage::Bucket) && r.reference.child_field.as_deref() == Some(path)
    })
}

/// The facts of `path` in the documents of `collection` (`documents`: how many it holds at
/// the horizon; `unique`: whether a unique index has exactly this path as its key).
pub(crate) fn field_facts(
    layout: &Layout,
    collection: &Entity,
    path: &str,
    documents: f64,
    horizon_days: u64,
    unique: bool,
) -> FieldFacts {
    let resolved = resolve(layout, collection, path);
    let declared = declared(collection, path);
    let relation = parent_relation(layout, collection, path);
    let parent = relation.and_then(|r| layout.ends_of(r).0);
    let bson_type = resolved.map(|r| r.bson_type);
    let array = resolved.is_some_and(|r| r.array);
    let is_id = path == "_id";
    let timeseries_time = collection.collection.timeseries.as_ref().is_some_and(|t| t.time_field == path);
    let monotonic = relation.is_none()
        && !(is_id && bucket_id_starts_with_owner(layout, collection))
        && (timeseries_time
            || match bson_type {
                Some(BsonType::ObjectId | BsonType::Date | BsonType::Timestamp) => true,
                Some(BsonType::Int | BsonType::Long) => is_id,
                _ => false,
            });
    let classes = if let Some(r) = relation {
        Classes::parents(r, parents_at_horizon(parent, horizon_days))
    } else if is_id || unique {
        Classes::unique(documents)
    } else {
        match (declared, bson_type) {
            (Some(f), _) if !f.constraints.r#enum.is_empty() => Classes::uniform(f.constraints.r#enum.len() as f64),
            (_, Some(BsonType::Bool)) => Classes::boolean(),
            (_, Some(BsonType::ObjectId | BsonType::Date | BsonType::Timestamp)) => Classes::unique(documents),
            _ => Classes::default(),
        }
    };
    FieldFacts {
        path: path.to_string(),
        bson_type,
        array,
        monotonic,
        role: declared.and_then(|f| f.role),
        classes,
        parent: parent.map(|p| p.name.clone()),
    }
}

/// The declared field at a dotted path of the collection's documents (top-level fields and
/// the variants' fields, then their sub-fields).
pub(crate) fn declared<'a>(collection: &'a Entity, path: &str) -> Option<&'a Field> {
    let mut parts = path.split('.');
    let head = parts.next()?;
    let top = collection
        .field(head)
        .or_else(|| collection.collection.variants.iter().flat_map(|v| &v.fields).find(|f| f.name == head))?;
    parts.try_fold(top, |f, name| f.fields.iter().find(|s| s.name == name))
}

/// Whether the collection holds buckets whose `_id` starts with their owner's id
/// (`ACT-{socio_id}-{dia}`, or no scheme: `{owner}-{period}`): such ids grow per owner, not as one sequence.
fn bucket_id_starts_with_owner(layout: &Layout, collection: &Entity) -> bool {
    layout.parents_of(collection).iter().any(|r| {
        let Some(b) = r.bucket.as_ref().filter(|_| r.storage == Storage::Bucket) else { return false };
        if b.id_scheme.is_empty() {
            // The generated `_id` is `{owner}-{period}`.
            return true;
        }
        let scheme = b.id_scheme.trim_start_matches(|c: char| c != '{');
        let first = scheme.strip_prefix('{').and_then(|s| s.split('}').next()).unwrap_or("");
        !first.is_empty() && b.period_field.as_deref() != Some(first)
    })
}
