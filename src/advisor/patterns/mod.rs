//! Design patterns in use and patterns that fit (DOMAIN.md §6, MongoDB's pattern catalogue),
//! each with the concrete change in words, with names and figures.
//!
//! Relation patterns (`relation.rs`): extended reference, subset, bucket, outlier, computed,
//! archive. Collection patterns (here): schema versioning and polymorphic documents.

mod relation;

use super::aggregates::Roots;
use super::relations::{Facts, Usage};
use super::{PatternKind, PatternSuggestion, RelationAdvice};
use crate::fast_hash::FastMap;
use crate::model::{Entity, EntityKind, Model, Place};

/// Every pattern in use, then every pattern that fits, relation by relation and then
/// collection by collection, in model order, over look-ups and facts already built (see
/// `relations::gather_all`).
pub(crate) fn suggest_with(
    usage: &Usage,
    facts: &[Facts],
    relations: &[RelationAdvice],
    roots: &Roots,
) -> Vec<PatternSuggestion> {
    let model = usage.model;
    let advice: FastMap<&str, &RelationAdvice> = relations.iter().map(|a| (a.relation.as_str(), a)).collect();
    let mut out = Vec::new();
    for f in facts {
        let recommendation = advice.get(f.rel.id.as_str()).map(|a| a.recommendation);
        relation::suggest(usage, f, recommendation, &mut out);
    }
    let version_field = shared_version_field(model);
    for e in &model.entities {
        if e.kind == EntityKind::Document && roots.root(&e.id) == Some(e.id.as_str()) {
            schema_versioning(e, &version_field, &mut out);
            polymorphic(e, &mut out);
        }
    }
    out
}

fn push(out: &mut Vec<PatternSuggestion>, pattern: PatternKind, place: Place, in_use: bool, change: String) {
    out.push(PatternSuggestion { pattern, place, change: change.into(), in_use });
}

/// The version field a collection carries: the declared one, or a field named like one.
fn version_field_of(e: &Entity) -> Option<&str> {
    e.collection
        .schema_version_field
        .as_deref()
        .filter(|f| !f.is_empty())
        .or_else(|| e.fields.iter().map(|f| f.name.as_str()).find(|n| names_a_version(n)))
}

/// `schema_v`, `esquema_v`, `_schema`, `SchemaVersion`: a name that says "schema version".
fn names_a_version(name: &str) -> bool {
    let bytes = name.as_bytes();
    [b"schema".as_slice(), b"esquema".as_slice()]
        .iter()
        .any(|word| bytes.windows(word.len()).any(|w| w.eq_ignore_ascii_case(word)))
}

/// The version field name the design already uses elsewhere, for consistency; `schema_v`
/// when none does.
fn shared_version_field(model: &Model) -> String {
    model.entities.iter().find_map(version_field_of).unwrap_or("schema_v").to_string()
}

fn schema_versioning(e: &Entity, default_field: &str, out: &mut Vec<PatternSuggestion>) {
    let place = Place::Entity { id: e.id.clone() };
    match version_field_of(e) {
        Some(field) => push(
            out,
            PatternKind::SchemaVersioning,
            place,
            true,
            format!(
                "schema versioning: {} carries {field}; readers handle two or three versions, migrate lazily or in background, and drop a version's code path when its count reaches zero",
                e.name
            ),
        ),
        None => push(
            out,
            PatternKind::SchemaVersioning,
            place,
            false,
            format!(
                "schema versioning: add {default_field} (int, from 1) to every {} document from the first one, so a later change of shape needs no blind mass migration",
                e.name
            ),
        ),
    }
}

fn polymorphic(e: &Entity, out: &mut Vec<PatternSuggestion>) {
    let c = &e.collection;
    if c.discriminator.is_none() && c.variants.is_empty() {
        return;
    }
    let variants: Vec<String> = c
        .variants
        .iter()
        .map(|v| match v.share {
            Some(s) if s.is_finite() && s > 0.0 => format!("{} ({})", v.value, super::relations::figures::percent(s)),
            _ => v.value.clone(),
        })
        .collect();
    let what = if variants.is_empty() {
        "documents of several shapes".to_string()
    } else {
        super::relations::figures::list(&variants)
    };
    let by = match c.discriminator.as_deref() {
        Some(d) if !d.is_empty() => format!(", told apart by {d}"),
        _ => ", with no discriminator field yet: add one (e.g. tipo)".to_string(),
    };
    push(
        out,
        PatternKind::Polymorphic,
        Place::Entity { id: e.id.clone() },
        true,
        format!("polymorphic: {} holds {what} in one collection{by}; shared fields keep one index serving all", e.name),
    );
}
