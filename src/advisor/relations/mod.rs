//! Per-relation recommendation from the six criteria (seed 001 §3-§4, seed 004).
//!
//! For every relation: gather the facts (`facts.rs`), let each of the six criteria vote with
//! a reason that carries the figures (`criteria.rs`), run the ordered decision procedure
//! (`decide.rs`), and say whether the designer's storage and copies agree.

pub(crate) mod churn;
mod criteria;
mod decide;
mod estimate;
pub(crate) mod facts;
mod summary;
#[cfg(test)]
mod tests;
mod usage;

pub(crate) use decide::{bucket_fits, subset_size, view_shows_all};
pub(crate) use facts::{timeless, Facts, Outliers};
pub(crate) use usage::{rate, Usage};

use super::{Criterion, CriterionVote, Recommendation, RelationAdvice};
use crate::i18n::Text;
use crate::model::{Id, Relation, Storage};

/// The facts of every relation, in model order: gathered once, shared by `advise_with` and
/// `patterns::suggest_with`. With them, the store of their read lists: the ids of every
/// relation's reads one after another (the facts name their runs of it).
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn gather_all<'a>(usage: &'a Usage<'a>) -> (Vec<Facts<'a>>, Vec<Id>) {
    let relations = &usage.model.relations;
    let mut reads = Vec::with_capacity(2 * relations.len());
    let facts =
        relations.iter().enumerate().map(|(i, rel)| Facts::gather_at(usage, Some(i), rel, &mut reads)).collect();
    (facts, reads)
}

/// One recommendation per relation, in model order, from the facts already gathered and the
/// store of their read lists; the criteria's reasons as `reasons` asks.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn advise_with(facts: &[Facts], reads: &[Id], reasons: Reasons) -> Vec<RelationAdvice> {
    facts.iter().map(|f| advise(f, reads, reasons)).collect()
}

/// Which relations' advice writes its six criteria's reasons.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Reasons<'a> {
    /// Every relation's: each criterion votes with its reason.
    Written,
    /// Only that of the relation with this id, if any; the others' criteria vote with no
    /// reason (written when read: [`criteria_of`]).
    Only(Option<&'a str>),
}

/// The advice on the relation of `f`: each criterion votes (with its reason when `reasons`
/// asks), the procedure decides (`decide.rs`) and the summary says why.
fn advise(f: &Facts, reads: &[Id], reasons: Reasons) -> RelationAdvice {
    let written = match reasons {
        Reasons::Written => true,
        Reasons::Only(id) => id == Some(f.id.as_str()),
    };
    let criteria = Criterion::ALL.map(|criterion| {
        if written {
            let (vote, reason) = criteria::judge(f, reads, criterion);
            CriterionVote { criterion, vote, reason }
        } else {
            CriterionVote { criterion, vote: criteria::vote(f, criterion), reason: Text::empty() }
        }
    });
    let votes = criteria.each_ref().map(|c| c.vote);
    let decision = decide::decide(f, &votes);
    let summary = summary::summary(f, reads, &decision, &votes);
    let run = |run: &std::ops::Range<usize>| reads.get(run.clone()).unwrap_or_default().to_vec();
    RelationAdvice::new(
        f.id.clone(),
        f.class,
        decision.recommendation,
        criteria,
        summary,
        agrees(f.rel, decision.recommendation, f.child_external),
    )
    .with_reads(run(&f.read_together), run(&f.read_apart))
}

/// The six criteria of relation `relation` of the design of `usage`, each with its vote and
/// reason (`None` for an id no relation has).
pub(crate) fn criteria_of(usage: &Usage, relation: &str) -> Option<[CriterionVote; 6]> {
    let (i, rel) = usage.model.relations.iter().enumerate().find(|(_, r)| r.id == relation)?;
    let mut reads = Vec::new();
    let f = Facts::gather_at(usage, Some(i), rel, &mut reads);
    Some(Criterion::ALL.map(|criterion| {
        let (vote, reason) = criteria::judge(&f, &reads, criterion);
        CriterionVote { criterion, vote, reason }
    }))
}

/// The storage a recommendation asks for.
pub(crate) fn expected_storage(recommendation: Recommendation) -> Storage {
    match recommendation {
        Recommendation::Embed | Recommendation::EmbedWatchBound => Storage::Embed,
        Recommendation::Bucket => Storage::Bucket,
        Recommendation::KeepOutside => Storage::Outside,
        Recommendation::ReferenceIdsInParent
        | Recommendation::ReferenceFromChild
        | Recommendation::ReferenceWithSubset
        | Recommendation::ExtendedReference => Storage::Reference,
    }
}

/// Whether the designer's storage is the one the recommendation asks for. A bucket is a
/// reference from the child grouped by period, so it satisfies "reference from the child";
/// a reference to an external child is how one keeps it outside.
pub(crate) fn storage_agrees(rel: &Relation, recommendation: Recommendation, child_external: bool) -> bool {
    let storage = rel.storage;
    storage == expected_storage(recommendation)
        || (recommendation == Recommendation::ReferenceFromChild && storage == Storage::Bucket)
        || (recommendation == Recommendation::Bucket && storage == Storage::Reference && rel.bucket.is_some())
        || (recommendation == Recommendation::KeepOutside && child_external && storage == Storage::Reference)
}

/// Storage and copies together: a subset, extended reference or id list the recommendation
/// names must be there, and an unbounded reference must not keep a list in the parent.
fn agrees(rel: &Relation, recommendation: Recommendation, child_external: bool) -> bool {
    if !storage_agrees(rel, recommendation, child_external) {
        return false;
    }
    match recommendation {
        Recommendation::ReferenceWithSubset => rel.subset.is_some(),
        Recommendation::ExtendedReference => !rel.extended.is_empty(),
        Recommendation::ReferenceFromChild => rel.reference.parent_field.is_none(),
        _ => true,
    }
}
