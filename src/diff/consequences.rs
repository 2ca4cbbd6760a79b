//! What a change does to the design, read from the advisor's reports of both versions: the
//! relation verdicts that flip, the findings introduced and resolved (matched by code and
//! place, the old places read with the new ids, never by sentence), the indexes added and
//! dropped, the document sizes and growth that change, and the writes that start or stop
//! spanning aggregates.

use super::matching::Matched;
use crate::advisor::{CardinalityClass, Finding, Recommendation, Report, Severity, SizeLevel};
use crate::i18n::Text;
use crate::model::{Id, IndexSpec, Model, Place, PlaceLabels};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// A relation whose recommended storage (or cardinality class) is not the same after the change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VerdictFlip {
    /// The relation's id in the new design.
    pub relation: String,
    /// `parent → child`.
    pub label: String,
    pub old: Recommendation,
    pub new: Recommendation,
    pub old_class: CardinalityClass,
    pub new_class: CardinalityClass,
    /// The advisor's summary of the new verdict.
    pub summary: Text,
}

/// A finding that appears or disappears with the change.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FindingChange {
    pub code: &'static str,
    pub rule: &'static str,
    pub severity: Severity,
    /// Where, with the ids of the design it is found in (the new one when introduced, the old
    /// one when resolved).
    pub place: Place,
    pub label: String,
    pub message: Text,
}

/// An index the advisor derives (or the designer declared) in one version and not the other.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexChange {
    /// The collection's id, and its name.
    pub entity: String,
    pub collection: String,
    pub index: IndexSpec,
    pub declared: bool,
}

/// The BSON sizes of one collection's documents, as estimated by the advisor.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Sizes {
    pub avg_bytes: u64,
    pub worst_bytes: u64,
    pub horizon_bytes: u64,
    pub level: SizeLevel,
}

/// A collection whose documents' size or growth changes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SizeChange {
    pub entity: String,
    pub collection: String,
    pub old: Sizes,
    pub new: Sizes,
    /// The growth behind the horizon figure ("in 5 years at 0.02 reviews/day"), before and after.
    pub old_growth: Text,
    pub new_growth: Text,
}

impl SizeChange {
    /// Whether the size crosses one of MongoDB's lines (1 MB, Atlas' 2 MB, 16 MiB).
    pub fn level_changed(&self) -> bool {
        self.old.level != self.new.level
    }
}

/// A write that starts or stops spanning aggregates.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpanChange {
    pub query: String,
    pub label: String,
    /// The collections it changes, by name.
    pub aggregates: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Consequences {
    pub verdicts: Vec<VerdictFlip>,
    pub findings_introduced: Vec<FindingChange>,
    pub findings_resolved: Vec<FindingChange>,
    pub indexes_added: Vec<IndexChange>,
    pub indexes_dropped: Vec<IndexChange>,
    pub sizes: Vec<SizeChange>,
    pub spanning_started: Vec<SpanChange>,
    pub spanning_stopped: Vec<SpanChange>,
}

impl Consequences {
    pub fn is_empty(&self) -> bool {
        self.verdicts.is_empty()
            && self.findings_introduced.is_empty()
            && self.findings_resolved.is_empty()
            && self.indexes_added.is_empty()
            && self.indexes_dropped.is_empty()
            && self.sizes.is_empty()
            && self.spanning_started.is_empty()
            && self.spanning_stopped.is_empty()
    }

    /// Findings introduced at `severity`.
    pub fn introduced(&self, severity: Severity) -> usize {
        self.findings_introduced.iter().filter(|f| f.severity == severity).count()
    }
}

pub(crate) fn compare(
    old: &Model,
    old_report: &Report,
    new: &Model,
    new_report: &Report,
    m: &Matched,
    (old_labels, new_labels): &(PlaceLabels, PlaceLabels),
) -> Consequences {
    let (findings_introduced, findings_resolved) = findings(old_report, new_report, m, old_labels, new_labels);
    let (indexes_added, indexes_dropped) = indexes(old_report, new_report, m, old_labels, new_labels);
    let (spanning_started, spanning_stopped) = spans(old_report, new_report, m, old_labels, new_labels);
    Consequences {
        verdicts: verdicts(old, old_report, new, new_report, m, new_labels),
        findings_introduced,
        findings_resolved,
        indexes_added,
        indexes_dropped,
        sizes: sizes(old_report, new_report, m, new_labels),
        spanning_started,
        spanning_stopped,
    }
}

fn verdicts(old: &Model, o: &Report, new: &Model, n: &Report, m: &Matched, labels: &PlaceLabels) -> Vec<VerdictFlip> {
    let before: HashMap<&str, _> = o.relations.iter().map(|a| (a.relation.as_str(), a)).collect();
    let mut out = Vec::new();
    for &(i, j, _) in &m.relations.pairs {
        let (Some(r_old), Some(r_new)) = (old.relations.get(i), new.relations.get(j)) else { continue };
        let (Some(a), Some(b)) = (before.get(r_old.id.as_str()), n.relation(&r_new.id)) else { continue };
        if a.recommendation != b.recommendation || a.class != b.class {
            out.push(VerdictFlip {
                relation: r_new.id.clone(),
                label: labels.label(&Place::Relation { id: Id::new(&r_new.id) }, crate::i18n::Lang::En),
                old: a.recommendation,
                new: b.recommendation,
                old_class: a.class,
                new_class: b.class,
                summary: b.summary().clone(),
            });
        }
    }
    out
}

/// A place of the old design with the ids of the new one.
fn moved(place: &Place, m: &Matched) -> Place {
    match place {
        Place::Model => Place::Model,
        Place::Entity { id } => Place::Entity { id: Id::new(m.entity(id)) },
        Place::Field { entity, path } => Place::Field { entity: Id::new(m.entity(entity)), path: path.clone() },
        Place::Relation { id } => Place::Relation { id: Id::new(m.relation(id)) },
        Place::Query { id } => Place::Query { id: Id::new(m.query(id)) },
    }
}

/// The findings of `theirs` with no counterpart (same code, same place) in `others`, each
/// counterpart used once.
fn unmatched(
    theirs: &[(&Finding, Place)],
    others: &[(&Finding, Place)],
    labels: &PlaceLabels,
    at: &[&Finding],
) -> Vec<FindingChange> {
    let mut left: HashMap<(&str, &Place), usize> = HashMap::new();
    for (f, place) in others {
        *left.entry((f.code, place)).or_default() += 1;
    }
    let mut out = Vec::new();
    for ((f, key), original) in theirs.iter().zip(at) {
        match left.get_mut(&(f.code, key)) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.push(FindingChange {
                code: f.code,
                rule: f.rule,
                severity: f.severity,
                place: original.place.clone(),
                label: labels.label(&original.place, crate::i18n::Lang::En),
                message: f.message.clone(),
            }),
        }
    }
    out
}

fn findings(
    o: &Report,
    n: &Report,
    m: &Matched,
    old_labels: &PlaceLabels,
    new_labels: &PlaceLabels,
) -> (Vec<FindingChange>, Vec<FindingChange>) {
    let before: Vec<(&Finding, Place)> = o.findings.iter().map(|f| (f, moved(&f.place, m))).collect();
    let after: Vec<(&Finding, Place)> = n.findings.iter().map(|f| (f, f.place.clone())).collect();
    let old_at: Vec<&Finding> = o.findings.iter().collect();
    let new_at: Vec<&Finding> = n.findings.iter().collect();
    (unmatched(&after, &before, new_labels, &new_at), unmatched(&before, &after, old_labels, &old_at))
}

fn indexes(
    o: &Report,
    n: &Report,
    m: &Matched,
    old_labels: &PlaceLabels,
    new_labels: &PlaceLabels,
) -> (Vec<IndexChange>, Vec<IndexChange>) {
    type Key = (String, String, bool, Option<u64>);
    let key =
        |entity: &str, spec: &IndexSpec| -> Key { (entity.to_string(), spec.key_doc(), spec.unique, spec.ttl_seconds) };
    let mut before: HashMap<Key, usize> = HashMap::new();
    for i in &o.indexes {
        *before.entry(key(m.entity(&i.entity), &i.index)).or_default() += 1;
    }
    let mut after: HashMap<Key, usize> = HashMap::new();
    for i in &n.indexes {
        *after.entry(key(&i.entity, &i.index)).or_default() += 1;
    }
    let change = |labels: &PlaceLabels, i: &crate::advisor::IndexAdvice| IndexChange {
        entity: i.entity.to_string(),
        collection: labels.entity_name(&i.entity).to_string(),
        index: (*i.index).clone(),
        declared: i.declared,
    };
    let mut added = Vec::new();
    for i in &n.indexes {
        match before.get_mut(&key(&i.entity, &i.index)) {
            Some(c) if *c > 0 => *c -= 1,
            _ => added.push(change(new_labels, i)),
        }
    }
    let mut dropped = Vec::new();
    for i in &o.indexes {
        match after.get_mut(&key(m.entity(&i.entity), &i.index)) {
            Some(c) if *c > 0 => *c -= 1,
            _ => dropped.push(change(old_labels, i)),
        }
    }
    (added, dropped)
}

fn sizes(o: &Report, n: &Report, m: &Matched, labels: &PlaceLabels) -> Vec<SizeChange> {
    let before: HashMap<&str, _> = o.sizes.iter().map(|s| (m.entity(&s.entity), s)).collect();
    let figures = |s: &crate::advisor::SizeEstimate| Sizes {
        avg_bytes: s.avg_bytes,
        worst_bytes: s.worst_bytes,
        horizon_bytes: s.horizon_bytes,
        level: s.level,
    };
    n.sizes
        .iter()
        .filter_map(|b| {
            let a = before.get(b.entity.as_str())?;
            let (old, new) = (figures(a), figures(b));
            (old != new || a.horizon_label != b.horizon_label).then(|| SizeChange {
                entity: b.entity.to_string(),
                collection: labels.entity_name(&b.entity).to_string(),
                old,
                new,
                old_growth: a.horizon_label.clone(),
                new_growth: b.horizon_label.clone(),
            })
        })
        .collect()
}

fn spans(
    o: &Report,
    n: &Report,
    m: &Matched,
    old_labels: &PlaceLabels,
    new_labels: &PlaceLabels,
) -> (Vec<SpanChange>, Vec<SpanChange>) {
    let change = |labels: &PlaceLabels, w: &crate::advisor::SpanningWrite| SpanChange {
        query: w.query.to_string(),
        label: labels.label(&Place::Query { id: w.query.clone() }, crate::i18n::Lang::En),
        aggregates: w.aggregates.iter().map(|a| labels.entity_name(a).to_string()).collect(),
    };
    let before: HashSet<&str> = o.spanning_writes.iter().map(|w| m.query(&w.query)).collect();
    let after: HashSet<&str> = n.spanning_writes.iter().map(|w| w.query.as_str()).collect();
    let started =
        n.spanning_writes.iter().filter(|w| !before.contains(w.query.as_str())).map(|w| change(new_labels, w));
    let stopped =
        o.spanning_writes.iter().filter(|w| !after.contains(m.query(&w.query))).map(|w| change(old_labels, w));
    (started.collect(), stopped.collect())
}
