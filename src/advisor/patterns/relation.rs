//! Patterns on one relation: extended reference, subset, bucket, outlier, computed, archive.

use super::push;
use crate::advisor::relations::figures::{bytes, count, percent, possessive, span, thousands, Count, List};
use crate::advisor::relations::{bucket_fits, subset_size, Facts, Outliers, Usage};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::model::{BsonType, CopyCategory, Entity, Place, Storage};

/// Reads must outnumber writes by this factor before a computed value pays for itself.
const COMPUTED_READ_RATIO: f64 = 10.0;

pub(super) fn suggest(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    extended_reference(u, f, rec, out);
    subset(u, f, rec, out);
    bucket(f, rec, out);
    outlier(f, rec, out);
    computed(u, f, rec, out);
}

fn place(f: &Facts) -> Place {
    Place::Relation { id: f.rel.id.clone() }
}

fn category(c: CopyCategory) -> &'static str {
    match c {
        CopyCategory::Immutable => "immutable",
        CopyCategory::Historical => "historical",
        CopyCategory::Live => "live",
    }
}

fn extended_reference(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    if !rel.extended.is_empty() {
        let copies: Vec<String> = rel
            .extended
            .iter()
            .map(|c| match (c.category, c.propagation) {
                (CopyCategory::Live, Some(p)) => format!("{} (live, {})", c.field, format!("{p:?}").to_lowercase()),
                (CopyCategory::Live, None) => format!("{} (live, no propagation yet)", c.field),
                (cat, _) => format!("{} ({})", c.field, category(cat)),
            })
            .collect();
        let change = format!(
            "extended reference: each {} keeps {} {} next to the reference, so its views need no second read",
            f.child_name,
            possessive(f.parent_name),
            List(&copies)
        );
        push(out, PatternKind::ExtendedReference, place(f), true, change);
    } else if rec == Some(Recommendation::ExtendedReference) {
        let views: Vec<&str> = f.child_view.iter().map(|q| q.id.as_str()).collect();
        let fields = u.entity(&rel.parent).map(displayed_fields).unwrap_or_default();
        let what = if fields.is_empty() {
            format!("the few stable fields of {} that {} display", f.parent_name, List(&views))
        } else {
            format!("{} of {}", List(&fields), f.parent_name)
        };
        let change = format!(
            "extended reference: copy {what} into each {} beside the reference, instead of a $lookup in {}; mark each copy immutable, historical or live",
            f.child_name,
            List(&views)
        );
        push(out, PatternKind::ExtendedReference, place(f), false, change);
    }
}

/// Short, stable text fields a list would display (a name, a title): up to two.
fn displayed_fields(e: &Entity) -> Vec<&str> {
    let short = |f: &&crate::model::Field| {
        f.bson_type == BsonType::String
            && f.name != "_id"
            && f.size.avg_bytes.is_none_or(|b| b <= 100)
            && f.constraints.max_length.is_none_or(|m| m <= 300)
    };
    let mut picked: Vec<&str> = e.fields.iter().filter(short).filter(|f| f.required).map(|f| f.name.as_str()).collect();
    if picked.is_empty() {
        picked = e.fields.iter().filter(short).map(|f| f.name.as_str()).collect();
    }
    picked.truncate(2);
    picked
}

/// "with the highest votos_utiles" / "with the latest fecha", from `field:-1`.
fn order_words(u: &Usage, f: &Facts, order_by: &str) -> String {
    let (field, dir) = match order_by.split_once(':') {
        Some((field, dir)) => (field.trim(), dir.trim()),
        None => (order_by.trim(), "-1"),
    };
    if field.is_empty() {
        return String::new();
    }
    let is_date = u.entity(&f.rel.child).and_then(|e| e.field(field)).is_some_and(|x| x.bson_type == BsonType::Date);
    let word = match (is_date, dir.starts_with('-')) {
        (true, true) => "latest",
        (true, false) => "earliest",
        (false, true) => "highest",
        (false, false) => "lowest",
    };
    format!(" with the {word} {field}")
}

fn subset(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    if let Some(s) = &f.rel.subset {
        let (count_lead, count_field) = match s.count_field.as_deref() {
            Some(c) if !c.is_empty() => (" and ", c),
            _ => (" (add a total count beside it)", ""),
        };
        let change = format!(
            "subset: keep the {} {}{} in {}{count_lead}{count_field} in {}; the full set stays in {} and the copy is refreshed lazily",
            s.size,
            f.child_name,
            order_words(u, f, &s.order_by),
            s.field,
            f.parent_name,
            f.child_name
        );
        push(out, PatternKind::Subset, place(f), true, change);
    } else if rec == Some(Recommendation::ReferenceWithSubset) {
        let views: Vec<&str> = f.parent_view.iter().map(|q| q.id.as_str()).collect();
        let change = format!(
            "subset: keep the {} {} that {} shows, plus total_{}, in {}; the full set stays in {} (one read for the main view, a second only for \"see all\")",
            subset_size(f),
            f.child_name,
            List(&views),
            f.child_name,
            f.parent_name,
            f.child_name
        );
        push(out, PatternKind::Subset, place(f), false, change);
    }
}

fn bucket(f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let parent_key = rel.reference.child_field.clone().unwrap_or_else(|| format!("{}_id", f.parent_name));
    match (&rel.bucket, rel.storage == Storage::Bucket || rec == Some(Recommendation::Bucket)) {
        (Some(b), _) => {
            let cap = if b.cap == 0 {
                "with no cap: add one, or the bucket is an unbounded array".to_string()
            } else {
                format!("capped at {} {} (then open the next, `…-2`)", thousands(b.cap), b.array_field)
            };
            let id = if b.id_scheme.is_empty() {
                format!("a deterministic _id such as {{{parent_key}}}-{{{}}}", b.period)
            } else {
                format!("_id {}", b.id_scheme)
            };
            let counter = b.count_field.as_deref().map(|c| format!(", {c} counting them")).unwrap_or_default();
            let ttl = match (b.ttl_seconds, b.period_field.as_deref()) {
                (Some(s), Some(pf)) => format!(", TTL {} s ({}) on {pf}", thousands(s), span(s / 86_400)),
                (Some(s), None) => format!(", TTL {} s ({})", thousands(s), span(s / 86_400)),
                (None, _) => ", no TTL".to_string(),
            };
            let change = format!(
                "bucket: one {} document per {} and {}, {cap}, {id}{counter}{ttl}; insert with updateOne({{$push, $inc, $setOnInsert}}, {{upsert: true}})",
                f.child_name, f.parent_name, b.period
            );
            push(out, PatternKind::Bucket, place(f), true, change);
            if b.ttl_seconds.is_none() {
                archive(f, out);
            }
        }
        (None, true) if bucket_fits(f) || rel.storage == Storage::Bucket => {
            let (period, per_period) = if f.growth > 1_000.0 { ("hour", f.growth / 24.0) } else { ("day", f.growth) };
            let cap = ((per_period * 1.5 / 100.0).ceil() * 100.0).max(500.0);
            let change = format!(
                "bucket: group the {} events of one {} ({} each, ~{} a {period}) into one document per {} and {period}, capped at {} events (then open `…-2`), _id {{{parent_key}}}-{{{period}}}, a count field, and a TTL index on the period field if old events expire: {} tiny documents a {period} become one",
                f.child_name,
                f.parent_name,
                bytes(f.child_bytes as f64),
                Count(per_period),
                f.parent_name,
                thousands(cap as u64),
                Count(per_period)
            );
            push(out, PatternKind::Bucket, place(f), false, change);
        }
        _ => {}
    }
}

fn archive(f: &Facts, out: &mut Vec<PatternSuggestion>) {
    let change = format!(
        "archive: {} buckets keep growing (~{} events per {} a year) with no TTL: move those past their useful age to an archive collection, or set ttlSeconds",
        f.child_name,
        Count(f.growth * 365.0),
        f.parent_name
    );
    push(out, PatternKind::Archive, place(f), false, change);
}

fn outlier(f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let bound = f.rel.cardinality.max.map(|m| count(m as f64)).unwrap_or_else(|| "the common bound".into());
    match (&rel.outlier, f.outliers) {
        (Some(o), Outliers::Minor { share, max }) => {
            let change = format!(
                "outlier: design for the {} common case; the {} of {} over {bound} {} (up to {}) carry {} and overflow to {}",
                percent(1.0 - share),
                percent(share),
                f.parent_name,
                f.child_name,
                Count(max as f64),
                o.flag_field,
                if o.overflow_collection.is_empty() { "an overflow collection" } else { &o.overflow_collection }
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::Major { share, .. }) => {
            let change = format!(
                "outlier: {} flags the overflow, but {} of {} overflow: that is not a tiny minority, so reference {} for all",
                o.flag_field,
                percent(share),
                f.parent_name,
                f.child_name
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::None) => {
            let change = format!(
                "outlier: {} flags the {} over {bound} {}; state the share of outliers so the advisor can check it is a tiny minority",
                o.flag_field, f.parent_name, f.child_name
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (None, Outliers::Minor { share, max })
            if matches!(rec, Some(Recommendation::Embed | Recommendation::EmbedWatchBound)) =>
        {
            let change = format!(
                "outlier: embed for the {} of {} with at most {bound} {}, and flag the {} that reach {} (e.g. has_extras: true), moving their overflow to a {}_extra collection",
                percent(1.0 - share),
                f.parent_name,
                f.child_name,
                percent(share),
                Count(max as f64),
                f.child_name
            );
            push(out, PatternKind::Outlier, place(f), false, change);
        }
        _ => {}
    }
}

/// A numeric child field worth averaging: one with a stated range (a rating, a score).
fn rated_field(e: &Entity) -> Option<&str> {
    e.fields
        .iter()
        .find(|x| x.bson_type.is_numeric() && x.constraints.minimum.is_some() && x.constraints.maximum.is_some())
        .map(|x| x.name.as_str())
}

fn computed(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    if !rel.computed.is_empty() {
        let holder = if rel.storage == Storage::Bucket {
            format!("each {} bucket", f.child_name)
        } else {
            f.parent_name.to_string()
        };
        let values: Vec<String> = rel
            .computed
            .iter()
            .map(|c| {
                let of = if c.source.is_empty() { String::new() } else { format!(" of {}", c.source) };
                let keep = if c.op == "avg" { " with its sum and count, so each change is a $inc" } else { "" };
                format!("{} ({}{of}{keep})", c.field, c.op)
            })
            .collect();
        let change = format!(
            "computed: {holder} stores {} instead of recomputing them on every read; a periodic full recompute corrects drift",
            List(&values)
        );
        push(out, PatternKind::Computed, place(f), true, change);
        return;
    }
    let referenced = matches!(
        rec,
        Some(
            Recommendation::ReferenceWithSubset
                | Recommendation::ReferenceIdsInParent
                | Recommendation::ReferenceFromChild
        )
    );
    if !referenced || f.parent_external || f.parent_view.is_empty() {
        return;
    }
    if f.parent_reads < COMPUTED_READ_RATIO * f.child_writes.max(0.1) {
        return;
    }
    let rated = u.entity(&rel.child).and_then(rated_field);
    let counted = rel.subset.as_ref().and_then(|s| s.count_field.as_ref()).is_some();
    let what = match (rated, counted) {
        (Some(r), true) => format!("the average of {r} with its sum and count"),
        (Some(r), false) => format!("the count of {} and the average of {r} with its sum", f.child_name),
        (None, false) => format!("the count of {}", f.child_name),
        (None, true) => return,
    };
    let change = format!(
        "computed: store {what} in {} and update it with $inc on each write: {} reads a minute against {} writes",
        f.parent_name,
        Count(f.parent_reads),
        Count(f.child_writes)
    );
    push(out, PatternKind::Computed, place(f), false, change);
}
