//! Per-document facts drawn before any field is built, so related fields agree: how many
//! children a parent has (the subset's count, the computed count), the computed sum and
//! average, whether the document is an outlier, which parent a child points at, and the
//! bucket's period and number of events.

use super::datetime::{parse_iso, period_start, reference_ms};
use super::lookup::Lookup;
use super::rng::Rng;
use super::semantic::{classify, int_range};
use super::shape::Count;
use super::values::random_date;
use crate::model::{BsonType, Entity, Relation, Storage};
use std::collections::HashMap;

/// Example documents show arrays with at most this many items.
pub const EXAMPLE_ITEMS: u64 = 5;

/// No generated array holds more items than this, whatever the model says (a guard against
/// absurd figures; the design's own caps are far below it).
pub const MAX_ITEMS: u64 = 100_000;

/// Children of one parent document through one relation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RelFacts {
    pub n: u64,
    pub outlier: bool,
    pub sum: f64,
    pub avg: f64,
    pub min: f64,
    pub max: f64,
    /// The computed source is integral (sums print as integers).
    pub integral: bool,
}

/// The bucket a document stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct BucketFacts {
    pub rel: usize,
    /// Start of the period, ms since the epoch.
    pub start: i64,
    /// Number of events.
    pub n: u64,
    /// Values read from the `_id` example (`{socio_id}` → `14`), example documents only.
    pub placeholders: Vec<(String, String)>,
}

#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub rels: HashMap<usize, RelFacts>,
    /// Index of the parent document each child-side relation points at.
    pub picks: HashMap<usize, u64>,
    pub bucket: Option<BucketFacts>,
}

/// Draws the facts of one document of `entity`. `rng_for(name)` gives the generator of a purpose.
pub fn draw(lookup: &Lookup, entity: &Entity, example: bool, rng_for: &dyn Fn(&str) -> Rng) -> Facts {
    let mut facts = Facts::default();
    for (ri, rel) in lookup.children(&entity.id) {
        if rel.storage == Storage::Embed && rel.outlier.is_none() {
            continue;
        }
        let mut rng = rng_for(&format!("#rel{ri}"));
        facts.rels.insert(ri, rel_facts(lookup, rel, example, &mut rng));
    }
    for (ri, rel) in lookup.parents(&entity.id) {
        if rel.storage == Storage::Embed {
            continue;
        }
        let parent = lookup.entity(&rel.parent);
        let space = parent.and_then(|p| p.collection.documents).unwrap_or(1000).clamp(1, 1_000_000_000);
        let pick = if example {
            // The first example of a parent collection; member 14 of an external system (the seed's).
            if parent.is_some_and(|p| lookup.is_collection(p)) {
                0
            } else {
                13.min(space - 1)
            }
        } else {
            rng_for(&format!("#pick{ri}")).below(space)
        };
        facts.picks.insert(ri, pick);
        if let (Storage::Bucket, Some(b)) = (rel.storage, &rel.bucket) {
            let mut rng = rng_for("#bucket");
            let typical = entity
                .field(&b.array_field)
                .and_then(|f| f.size.avg_items)
                .map(|n| n as f64)
                .unwrap_or((b.cap as f64 / 4.0).max(1.0));
            let (start, n, placeholders) = if example {
                let placeholders = entity
                    .field("_id")
                    .and_then(|f| f.example.as_ref())
                    .and_then(|e| e.as_str())
                    .and_then(|id| read_scheme(&b.id_scheme, id))
                    .unwrap_or_default();
                let from_id = b
                    .period_field
                    .as_ref()
                    .and_then(|p| placeholders.iter().find(|(k, _)| k == p))
                    .and_then(|(_, v)| parse_iso(v));
                let start = period_start(from_id.unwrap_or_else(reference_ms), &b.period);
                (start, (typical.round() as u64).clamp(1, EXAMPLE_ITEMS.min(b.cap.max(1))), placeholders)
            } else {
                let outlier = rel.cardinality.outliers.as_ref().is_some_and(|o| rng.chance(o.share));
                let n = if outlier { b.cap } else { rng.count(typical).clamp(1, b.cap.max(1)) }.min(MAX_ITEMS);
                (period_start(random_date(&mut rng), &b.period), n, Vec::new())
            };
            facts.bucket = Some(BucketFacts { rel: ri, start, n, placeholders });
        }
    }
    facts
}

fn rel_facts(lookup: &Lookup, rel: &Relation, example: bool, rng: &mut Rng) -> RelFacts {
    let c = &rel.cardinality;
    let count = Count {
        typical: if c.typical.is_finite() { c.typical.max(0.0) } else { 1.0 },
        max: c.max,
        outliers: c.outliers.as_ref().map(|o| (o.share, o.max)),
    };
    let (n, outlier) = if example { (count.typical.round() as u64, false) } else { sample(&count, rng) };
    let n = n.min(MAX_ITEMS * 100);
    // The computed source's range, from the child's field (a rating 1..5, a price).
    let source = rel.computed.iter().map(|c| c.source.as_str()).find(|s| !s.is_empty());
    let child = lookup.entity(&rel.child);
    let field = source.and_then(|s| child.and_then(|e| e.field(s)));
    let (lo, hi) = match field {
        Some(f) => {
            let (a, b) = int_range(classify(&f.name, &rel.child));
            (f.constraints.minimum.unwrap_or(a as f64), f.constraints.maximum.unwrap_or(b as f64))
        }
        None => (0.0, 0.0),
    };
    let integral = field.is_none_or(|f| matches!(f.bson_type, BsonType::Int | BsonType::Long));
    let target = if example { lo + (hi - lo) * 0.82 } else { rng.real(lo + (hi - lo) * 0.55, hi) };
    let sum = if integral { (target * n as f64).round() } else { round2(target * n as f64) };
    let avg = if n > 0 { round2(sum / n as f64) } else { 0.0 };
    let spread = (hi - lo) * 0.3;
    let (min, max) = if n > 0 { ((avg - spread).max(lo), (avg + spread).min(hi)) } else { (0.0, 0.0) };
    let (min, max) = if integral { (min.floor(), max.ceil()) } else { (round2(min), round2(max)) };
    RelFacts { n, outlier, sum, avg, min, max, integral }
}

/// Number of items for a synthetic document: the typical count with its spread, capped at the
/// regular maximum, and the outliers' share drawn up to their maximum.
pub fn sample(count: &Count, rng: &mut Rng) -> (u64, bool) {
    let regular_max = count.max.unwrap_or(u64::MAX);
    if let Some((share, omax)) = count.outliers {
        if share.is_finite() && rng.chance(share) {
            let floor = count.max.unwrap_or((count.typical * 3.0).ceil() as u64).saturating_add(1);
            return (rng.range(floor.min(omax) as i64, omax as i64) as u64, true);
        }
    }
    (rng.count(count.typical).min(regular_max), false)
}

pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Reads the values of a scheme's placeholders from an id: `ACT-{socio_id}-{dia}` over
/// `ACT-14-2026-08-02` gives `socio_id = 14`, `dia = 2026-08-02`. Placeholders match the
/// shortest text up to the next literal; the last one takes the rest.
pub fn read_scheme(scheme: &str, id: &str) -> Option<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut rest = id;
    let mut parts = split_scheme(scheme).into_iter().peekable();
    while let Some(part) = parts.next() {
        match part {
            SchemePart::Literal(lit) => rest = rest.strip_prefix(lit.as_str())?,
            SchemePart::Slot(name) => {
                let end = match parts.peek() {
                    Some(SchemePart::Literal(next)) => rest.find(next.as_str())?,
                    _ => rest.len(),
                };
                out.push((name, rest[..end].to_string()));
                rest = &rest[end..];
            }
        }
    }
    rest.is_empty().then_some(out)
}

/// A piece of an `_id` scheme.
#[derive(Debug, Clone, PartialEq)]
pub enum SchemePart {
    Literal(String),
    Slot(String),
}

/// `ACT-{socio_id}-{dia}` → literal `ACT-`, slot `socio_id`, literal `-`, slot `dia`.
pub fn split_scheme(scheme: &str) -> Vec<SchemePart> {
    let mut out = Vec::new();
    let mut rest = scheme;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| c + open) else { break };
        if open > 0 {
            out.push(SchemePart::Literal(rest[..open].to_string()));
        }
        out.push(SchemePart::Slot(rest[open + 1..close].to_string()));
        rest = &rest[close + 1..];
    }
    if !rest.is_empty() {
        out.push(SchemePart::Literal(rest.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_read_back_their_values() {
        let got = read_scheme("ACT-{socio_id}-{dia}", "ACT-14-2026-08-02").unwrap();
        assert_eq!(got, [("socio_id".to_string(), "14".to_string()), ("dia".to_string(), "2026-08-02".to_string())]);
        assert_eq!(read_scheme("ACT-{socio_id}-{dia}", "XYZ-1"), None);
    }

    #[test]
    fn outliers_appear_at_their_share() {
        let count = Count { typical: 20.0, max: None, outliers: Some((0.05, 5000)) };
        let mut rng = Rng::new(5);
        let draws: Vec<(u64, bool)> = (0..20_000).map(|_| sample(&count, &mut rng)).collect();
        let share = draws.iter().filter(|d| d.1).count() as f64 / draws.len() as f64;
        assert!((share - 0.05).abs() < 0.01, "{share}");
        assert!(draws.iter().all(|d| d.0 <= 5000));
        assert!(draws.iter().filter(|d| d.1).all(|d| d.0 > 60));
    }
}
