//! The keys worth judging for a collection: fields its frequent patterns pin by equality,
//! its tenant field, a time series' `metaField`, and `_id` (hashed and ranged); each ranged,
//! hashed, and ranged with `_id` after it (so a heavy value can split); a region field goes
//! first in every key (zones pin a region's range to its shards: "Zones").

use super::fields::FieldFacts;
use crate::advisor::query_shape::Shape;
use crate::model::{AccessPattern, FieldRole, ShardKey, ShardKeyField};

/// The most keys judged per collection.
const MAX_KEYS: usize = 12;

/// The most equality fields taken from the patterns.
const MAX_EQUALITY_FIELDS: usize = 3;

fn ranged(fields: &[&str]) -> ShardKey {
    ShardKey {
        fields: fields.iter().map(|f| ShardKeyField { field: f.to_string(), hashed: false }).collect(),
        unique: false,
    }
}

fn hashed(field: &str) -> ShardKey {
    ShardKey { fields: vec![ShardKeyField { field: field.to_string(), hashed: true }], unique: false }
}

/// The keys to judge. `patterns` are the collection's access patterns with their shapes,
/// `facts(path)` the facts of a field (a key field must exist and not be an array), `tenant`
/// and `region` the fields with those roles, `timeseries` the time series' meta and time
/// fields when it is one.
pub(crate) fn candidates(
    patterns: &[(&AccessPattern, &Shape)],
    facts: &dyn Fn(&str) -> FieldFacts,
    tenant: Option<&str>,
    region: Option<&str>,
    timeseries: Option<(Option<&str>, &str)>,
) -> Vec<ShardKey> {
    let usable = |path: &str| {
        let f = facts(path);
        f.bson_type.is_some() && !f.array
    };
    if let Some((meta, time)) = timeseries {
        // A time series shards on its metaField (and its timeField after it) only.
        return match meta.filter(|m| usable(m)) {
            Some(meta) => vec![ranged(&[meta]), hashed(meta), ranged(&[meta, time])],
            None => vec![ranged(&[time])],
        };
    }
    let mut weights: Vec<(String, f64)> = Vec::new();
    for (q, shape) in patterns {
        for path in shape.equality() {
            match weights.iter_mut().find(|(p, _)| p == path) {
                Some((_, w)) => *w += q.per_minute.max(0.0),
                None => weights.push((path.to_string(), q.per_minute.max(0.0))),
            }
        }
    }
    weights.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut fields: Vec<String> = Vec::new();
    for path in tenant.into_iter().map(str::to_string).chain(weights.into_iter().map(|(p, _)| p)) {
        let region_field = region == Some(path.as_str());
        if fields.len() < MAX_EQUALITY_FIELDS + 1
            && !region_field
            && path != "_id"
            && !fields.contains(&path)
            && usable(&path)
        {
            fields.push(path);
        }
    }
    let mut keys: Vec<ShardKey> = Vec::new();
    for f in &fields {
        keys.push(ranged(&[f]));
        keys.push(hashed(f));
        if !facts(f).monotonic {
            keys.push(ranged(&[f, "_id"]));
        }
    }
    // The equality fields of the most frequent pattern that pins two of them.
    let busiest = patterns
        .iter()
        .filter(|(_, s)| s.equality().filter(|p| fields.iter().any(|f| f == p)).count() >= 2)
        .max_by(|a, b| a.0.per_minute.total_cmp(&b.0.per_minute));
    if let Some((_, shape)) = busiest {
        let pair: Vec<&str> = shape.equality().filter(|p| fields.iter().any(|f| f == p)).take(2).collect();
        keys.push(ranged(&pair));
    }
    keys.push(hashed("_id"));
    keys.push(ranged(&["_id"]));
    if let Some(r) = region.filter(|r| usable(r)) {
        keys = keys
            .into_iter()
            .map(|mut k| {
                k.fields.insert(0, ShardKeyField { field: r.to_string(), hashed: false });
                k
            })
            .collect();
    }
    let mut unique: Vec<ShardKey> = Vec::new();
    for k in keys {
        if !unique.contains(&k) && unique.len() < MAX_KEYS {
            unique.push(k);
        }
    }
    unique
}

/// The first top-level field with a role, by name.
pub(crate) fn role_field(entity: &crate::model::Entity, role: FieldRole) -> Option<&str> {
    entity.fields.iter().find(|f| f.role == Some(role)).map(|f| f.name.as_str())
}
