//! Sub-documents and arrays of sub-documents as embedded relations: each becomes an entity of
//! its own, embedded in its parent by a relation whose cardinality is the measured array
//! length (median, p99, maximum; a single sub-document is one), with the share of parent
//! documents holding it as its evidence.

use crate::infer::Inference;
use crate::model::{
    BsonType, Cardinality, Entity, Evidence, Field, MeasuredCount, Outliers, Relation, Storage, Thresholds,
};
use std::collections::HashSet;

/// A fresh id from `stem`, not in `used` (which it joins).
pub fn fresh(used: &mut HashSet<String>, stem: &str) -> String {
    let id = if used.contains(stem) {
        (2..).map(|n| format!("{stem}{n}")).find(|id| !used.contains(id)).unwrap_or_default()
    } else {
        stem.to_string()
    };
    used.insert(id.clone());
    id
}

/// What lifting the sub-documents of one collection made.
#[derive(Default)]
pub struct Lifted {
    pub entities: Vec<Entity>,
    pub relations: Vec<Relation>,
    /// Each lifted path of the collection (`lines`, `lines.discounts`) and its entity.
    pub holders: Vec<(String, String)>,
}

/// Lifts every sub-document field of `entity` (and of the entities lifted from it).
pub fn lift(
    entity: &mut Entity,
    inference: &Inference,
    thresholds: &Thresholds,
    source: &str,
    used: &mut HashSet<String>,
) -> Lifted {
    let mut out = Lifted::default();
    let id = entity.id.clone();
    let fields = std::mem::take(&mut entity.fields);
    entity.fields = lift_fields(&id, fields, "", inference, thresholds, source, used, &mut out);
    out
}

#[allow(clippy::too_many_arguments)]
fn lift_fields(
    parent: &str,
    fields: Vec<Field>,
    prefix: &str,
    inference: &Inference,
    thresholds: &Thresholds,
    source: &str,
    used: &mut HashSet<String>,
    out: &mut Lifted,
) -> Vec<Field> {
    let mut kept = Vec::new();
    for mut field in fields {
        if !field.is_subdocument() || field.fields.is_empty() {
            kept.push(field);
            continue;
        }
        let path = if prefix.is_empty() { field.name.clone() } else { format!("{prefix}.{}", field.name) };
        let child_id = fresh(used, &format!("{parent}_{}", crate::infer::entity_id(&field.name)));
        let mut child = Entity::new(&child_id, &field.name);
        child.notes = format!("Embedded in {parent} as `{}`: {}.", field.name, field.notes);
        let sub = std::mem::take(&mut field.fields);
        out.holders.push((path.clone(), child_id.clone()));
        child.fields = lift_fields(&child_id, sub, &path, inference, thresholds, source, used, out);
        let rel_id = fresh(used, &format!("{parent}_embeds_{}", crate::infer::entity_id(&field.name)));
        let mut rel = Relation::new(&rel_id, parent, &child_id, Storage::Embed);
        rel.field = field.name.clone();
        let report = inference.field(&path);
        let presence = report.map_or(1.0, |r| r.presence());
        let holders = report.map_or(0, |r| r.out_of);
        if field.bson_type == BsonType::Array {
            let array = report.and_then(|r| r.array.as_ref());
            let (count, median, p99, max, mean, over_few) = array.map_or((0, 0, 0, 0, 0.0, 0), |a| {
                let l = &a.lengths;
                (l.count, l.median, l.p99, l.max, l.mean, a.over_few)
            });
            rel.cardinality = measured_cardinality(mean, p99, max, count, over_few, thresholds);
            rel.evidence = Some(Evidence {
                source: source.to_string(),
                matched: share(presence),
                values: holders,
                target_field: None,
                children: Some(MeasuredCount { count, median, p95: None, p99, max }),
            });
            rel.notes = format!(
                "Found in the data: {} of the parent documents hold `{path}`; items per array median {median}, p99 {p99}, max {max} over {count} arrays.",
                crate::infer::percent(presence)
            );
        } else {
            rel.cardinality = Cardinality { typical: 1.0, max: Some(1), ..Cardinality::default() };
            rel.evidence = Some(Evidence {
                source: source.to_string(),
                matched: share(presence),
                values: holders,
                target_field: None,
                children: None,
            });
            rel.notes = format!(
                "Found in the data: {} of the parent documents hold the sub-document `{path}`.",
                crate::infer::percent(presence)
            );
        }
        out.entities.push(child);
        out.relations.push(rel);
    }
    kept
}

/// A share kept to four decimals.
pub fn share(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The cardinality of measured counts: typical the mean, p99 and maximum as measured; when the
/// maximum is ten times the p99 or more and over `few_max` (the outlier observation's test),
/// the p99 is the common bound and the rest are outliers.
pub fn measured_cardinality(mean: f64, p99: u64, max: u64, count: u64, over_p99: u64, t: &Thresholds) -> Cardinality {
    let mut c =
        Cardinality { typical: (mean * 10.0).round() / 10.0, max: Some(max), p99: Some(p99), ..Cardinality::default() };
    if count >= crate::infer::OUTLIER_MIN_ARRAYS && max > t.few_max && max >= 10 * p99.max(1) {
        c.max = Some(p99.max(1));
        c.outliers = Some(Outliers { share: share(over_p99 as f64 / count as f64).max(0.0001), max });
    }
    c
}
