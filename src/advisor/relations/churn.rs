//! A copy judged by its source: how often the field a relation copies into its children
//! (extended reference) changes at the source, and what each change costs the documents that
//! hold the copy. "6 Rules of Thumb for MongoDB Schema Design" (part 3): denormalise a field
//! that is mostly read and seldom updated; for one updated often, finding and updating every
//! copy overwhelms the read it saves. The relation advice (it does not say "copy the stable
//! fields" of a volatile one) and DS109 read it.

use super::usage::{rate, Usage};
use crate::model::{AccessPattern, CopiedField, CopyCategory, Entity, Propagation, QueryKind, Relation};

/// Copy writes a minute from which a copy is judged volatile (about 17 a second), when they
/// also outnumber the reads of the documents holding it.
pub(crate) const VOLATILE_COPY_WRITES: f64 = 1_000.0;

/// One copied field and what its source's changes cost the copies.
#[derive(Debug)]
pub(crate) struct Churn<'a> {
    pub copy: &'a CopiedField,
    /// How many times a minute the source field changes: the rate stated on the field
    /// (`changesPerMinute`), else the writes that change it summed.
    pub changes: f64,
    /// The writes that change the source field (updates, upserts, replacements), in model
    /// order. An insert makes a new source with no copy yet; a delete changes no field.
    pub writes: Vec<&'a AccessPattern>,
    /// Documents holding the copy for one source document (the relation's typical count).
    pub holders: f64,
    /// Reads a minute of the holding entity that show the copy (their projection names it,
    /// or they have none): what the copy spares a second read. Analytical reads are not
    /// counted: a report can follow the reference.
    pub reads: f64,
}

impl Churn<'_> {
    /// The writes a minute that keep the copies current: each change of the source, once per
    /// holding document.
    pub fn copy_writes(&self) -> f64 {
        self.changes * self.holders
    }

    /// Whether the copy costs more than it saves: at least [`VOLATILE_COPY_WRITES`] copy
    /// writes a minute, more than the reads that show it.
    pub fn is_volatile(&self) -> bool {
        let writes = self.copy_writes();
        writes >= VOLATILE_COPY_WRITES && writes > self.reads
    }
}

/// The copies of `rel` whose source changes too often for the copy to pay (see
/// [`Churn::is_volatile`]), in the relation's order. Copies that are never rewritten are
/// left out: immutable and historical ones (the value as it was), and live ones read again
/// from the source (`re-read`).
pub(crate) fn volatile_copies<'a>(u: &Usage<'a>, rel: &'a Relation) -> Vec<Churn<'a>> {
    if rel.extended.is_empty() {
        return Vec::new();
    }
    let source = u.entity(&rel.parent);
    let source_name = source.map_or(rel.parent.as_str(), |e| e.name.as_str());
    rel.extended
        .iter()
        .filter(|c| rel.copy_category(c) == CopyCategory::Live && c.propagation != Some(Propagation::Reread))
        .map(|copy| churn(u, rel, source, source_name, copy))
        .filter(Churn::is_volatile)
        .collect()
}

/// What the source of one copy costs it.
fn churn<'a>(
    u: &Usage<'a>,
    rel: &'a Relation,
    source: Option<&'a Entity>,
    source_name: &str,
    copy: &'a CopiedField,
) -> Churn<'a> {
    let changes_source =
        |q: &AccessPattern| q.changes.iter().any(|c| names_source(q, c, rel, source_name, &copy.field));
    let writes: Vec<&AccessPattern> = u.changing_writes().iter().copied().filter(|q| changes_source(q)).collect();
    let written: f64 = writes.iter().map(|q| rate(q) * f64::from(q.documents_changed.unwrap_or(1).max(1))).sum();
    let stated = source.and_then(|e| e.field(&copy.field)).and_then(|f| f.changes_per_minute);
    let changes = stated.filter(|x| x.is_finite() && *x >= 0.0).unwrap_or(written).min(1e12);
    let typical = rel.cardinality.typical;
    let holders = if typical.is_finite() && typical > 0.0 { typical.min(1e12) } else { 0.0 };
    let target = copy.target_name();
    let shows = |q: &AccessPattern| {
        q.projection.is_empty() || q.projection.iter().any(|p| p == target || target.starts_with(&format!("{p}.")))
    };
    let reads =
        u.patterns_of(&rel.child).iter().filter(|q| q.kind == QueryKind::Read && shows(q)).map(|q| rate(q)).sum();
    Churn { copy, changes, writes, holders, reads }
}

/// Whether a write's `changes` entry names the copied field of the source: the field itself
/// on a write of the source entity, or `entity.field` with the source's id or collection name.
fn names_source(q: &AccessPattern, change: &str, rel: &Relation, source_name: &str, field: &str) -> bool {
    if q.entity == rel.parent && change == field {
        return true;
    }
    change.split_once('.').is_some_and(|(head, rest)| (head == rel.parent || head == source_name) && rest == field)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::rules::relation_fixtures::{parent_child, read, write};
    use crate::model::{BsonType, Field, Model, Storage, WriteOp};

    /// Posts whose `score` is copied, live and propagated at once, into 500 comments each.
    fn scored(per_minute: f64) -> Model {
        let mut m = parent_child(Storage::Reference, 500.0, None);
        m.entities[0].fields.push(Field::new("score", BsonType::Int));
        m.relations[0].extended = vec![CopiedField {
            field: "score".into(),
            as_field: Some("post_score".into()),
            category: Some(CopyCategory::Live),
            propagation: Some(Propagation::Immediate),
            used_to_decide: false,
        }];
        let mut vote = write("V", "post", &["score"]);
        vote.per_minute = per_minute;
        m.queries.push(vote);
        m
    }

    #[test]
    fn the_writes_that_change_the_source_give_its_rate() {
        let m = scored(10.0);
        let all = volatile_copies(&Usage::new(&m, &[]), &m.relations[0]);
        assert_eq!(all.len(), 1);
        let c = &all[0];
        assert_eq!((c.changes, c.holders, c.copy_writes()), (10.0, 500.0, 5_000.0));
        assert_eq!(c.writes.iter().map(|q| q.id.as_str()).collect::<Vec<_>>(), ["V"]);
    }

    #[test]
    fn a_stated_rate_wins_and_a_write_may_name_the_source_by_collection() {
        let mut m = scored(10.0);
        m.queries[0].entity = "comment".into();
        m.queries[0].changes = vec!["posts.score".into()];
        m.entities[0].fields[2].changes_per_minute = Some(1.0);
        let c = churn(&Usage::new(&m, &[]), &m.relations[0], m.entity("post"), "posts", &m.relations[0].extended[0]);
        assert_eq!((c.changes, c.writes.len()), (1.0, 1));
        assert!(!c.is_volatile(), "500 copy writes a minute is below the floor");
    }

    #[test]
    fn reads_that_show_the_copy_outweigh_its_writes() {
        let mut m = scored(10.0);
        m.queries.push(read("R", "comment", &[], 4_000.0));
        assert_eq!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).len(), 1, "5,000 writes against 4,000 reads");
        m.queries.push(read("S", "comment", &[], 2_000.0));
        assert!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).is_empty(), "6,000 reads: the copy pays");
        // A read that projects other fields does not count.
        m.queries[2].projection = vec!["text".into()];
        assert_eq!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).len(), 1);
        m.queries[2].projection = vec!["post_score".into()];
        assert!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).is_empty());
    }

    #[test]
    fn copies_never_rewritten_are_not_judged() {
        for (category, propagation) in [
            (CopyCategory::Historical, None),
            (CopyCategory::Immutable, None),
            (CopyCategory::Live, Some(Propagation::Reread)),
        ] {
            let mut m = scored(100.0);
            m.relations[0].extended[0].category = Some(category);
            m.relations[0].extended[0].propagation = propagation;
            assert!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).is_empty(), "{category:?} {propagation:?}");
        }
        // Inserts make new sources, with no copy yet.
        let mut m = scored(100.0);
        m.queries[0].write = Some(WriteOp::Insert);
        assert!(volatile_copies(&Usage::new(&m, &[]), &m.relations[0]).is_empty());
    }
}
