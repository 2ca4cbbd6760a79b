//! References found in the data: a field whose values are found among another collection's
//! `_id` values (or the values of a single-field unique index) refers to it.
//!
//! A field is a reference when, in the sample, at least [`MIN_LOOKED`] of its values were looked
//! up and at least [`MIN_MATCHED`] of them were found (a few dangling references are common in
//! real data). Numbers match by chance (a quantity of 3 is also the `_id` 3), so a numeric field
//! also needs a name that says so (`…id`, `…Id`, `…ref`, or the target collection's name). A
//! field's values matched against its own unique index are not a reference.
//!
//! A scalar field refers to its parent from the child (`reference.childField`): the children
//! per parent are counted over every document, the parents with none included. An array of ids
//! is kept in the parent (`reference.parentField`): its length is the children per parent, and a
//! child id found in several arrays makes the relation many-to-many.

use super::embedded::{measured_cardinality, share};
use super::passes::{Scan, Tally, Target};
use crate::infer::{percent, thousands, Histogram, Inference};
use crate::model::{Evidence, MeasuredCount, RefPlacement, Relation, Storage, Thresholds};

/// Values looked up before a field is judged.
pub const MIN_LOOKED: u64 = 10;
/// The share of values found that makes a field a reference.
pub const MIN_MATCHED: f64 = 0.9;

/// A field found to refer to a target (after pass 2).
#[derive(Debug, Clone)]
pub struct Found {
    pub collection: usize,
    pub path: String,
    pub in_array: bool,
    pub target: usize,
}

/// Whether a numeric field's name says it holds ids of `target`.
fn names_an_id(path: &str, target: &str) -> bool {
    let last = path.rsplit('.').next().unwrap_or(path).to_lowercase();
    let target = target.to_lowercase();
    let stem = target.strip_suffix("es").filter(|s| s.len() > 2).unwrap_or(target.strip_suffix('s').unwrap_or(&target));
    last.ends_with("id") || last.ends_with("ids") || last.contains("_id") || last.contains("ref") || last.contains(stem)
}

/// The fields of each collection that refer to a target, best target first.
pub fn found(scans: &[Scan], targets: &[Target]) -> Vec<Found> {
    let mut out = Vec::new();
    for (c, scan) in scans.iter().enumerate() {
        for candidate in &scan.candidates {
            let best = candidate
                .looked
                .iter()
                .enumerate()
                .filter(|(t, (looked, _))| {
                    let target = &targets[*t];
                    *looked >= MIN_LOOKED
                        && !(target.collection == c && target.field == candidate.path)
                        && (!candidate.numeric || names_an_id(&candidate.path, &scans[target.collection].name))
                })
                .map(|(t, (looked, matched))| (t, *matched as f64 / *looked as f64))
                .filter(|(_, s)| *s >= MIN_MATCHED)
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
            if let Some((target, _)) = best {
                out.push(Found { collection: c, path: candidate.path.clone(), in_array: candidate.in_array, target });
            }
        }
    }
    out
}

/// The relation a tallied reference makes. `holder` is the entity holding the field (the
/// collection, or the embedded entity whose path prefixes it) and `field` the path within it.
#[allow(clippy::too_many_arguments)]
pub fn relation(
    id: &str,
    tally: &Tally,
    holder: &str,
    field: &str,
    target_entity: &str,
    target: &Target,
    scans: &[Scan],
    inference: &Inference,
    thresholds: &Thresholds,
    source: &str,
) -> Relation {
    let matched = if tally.looked == 0 { 0.0 } else { tally.found as f64 / tally.looked as f64 };
    let target_name = &scans[target.collection].name;
    let mut evidence = Evidence {
        source: source.to_string(),
        matched: share(matched),
        values: tally.looked,
        target_field: Some(target.field.clone()),
        children: None,
    };
    if tally.in_array {
        // Ids kept in the parent: the array's length is the children per parent.
        let mut rel = Relation::new(id, holder, target_entity, Storage::Reference);
        rel.reference = RefPlacement { child_field: None, parent_field: Some(field.to_string()) };
        let lengths = inference.field(&tally.path).and_then(|f| f.array.clone());
        let (count, median, p99, max, mean, over) = lengths.map_or((0, 0, 0, 0, 0.0, 0), |a| {
            let l = a.lengths;
            (l.count, l.median, l.p99, l.max, l.mean, a.over_few)
        });
        rel.cardinality = measured_cardinality(mean, p99, max, count, over, thresholds);
        rel.cardinality.many_to_many = tally.per_parent.values().any(|n| *n > 1);
        evidence.children = Some(MeasuredCount { count, median, p95: None, p99, max });
        rel.notes = format!(
            "Found in the dump: {} of {} values of `{}` are {} values of {target_name}; ids per array median {median}, p99 {p99}, max {max}{}.",
            percent(matched),
            thousands(tally.looked),
            tally.path,
            target.field,
            if rel.cardinality.many_to_many { "; one id appears in several arrays (many-to-many)" } else { "" }
        );
        rel.evidence = Some(evidence);
        return rel;
    }
    // The child points at its parent: count children per parent, parents with none included.
    let mut per_parent = Histogram::new();
    for parent in target.ids.iter() {
        per_parent.add(u64::from(tally.per_parent.get(&parent).copied().unwrap_or(0)));
    }
    let (count, p99, max) = (per_parent.count(), per_parent.percentile(0.99), per_parent.max());
    let mut rel = Relation::new(id, target_entity, holder, Storage::Reference);
    rel.reference = RefPlacement { child_field: Some(field.to_string()), parent_field: None };
    rel.cardinality = measured_cardinality(per_parent.mean(), p99, max, count, per_parent.count_above(p99), thresholds);
    evidence.children =
        Some(MeasuredCount { count, median: per_parent.median(), p95: Some(per_parent.percentile(0.95)), p99, max });
    let sampled = if target.ids.kept_share() < 1.0 {
        format!(" (measured on {} of the parents, chosen by hash)", percent(target.ids.kept_share()))
    } else {
        String::new()
    };
    rel.notes = format!(
        "Found in the dump: {} of {} values of `{}` are {} values of {target_name}; children per parent median {}, p99 {p99}, max {max} over {} parents{sampled}.",
        percent(matched),
        thousands(tally.looked),
        tally.path,
        target.field,
        per_parent.median(),
        thousands(count)
    );
    rel.evidence = Some(evidence);
    rel
}
