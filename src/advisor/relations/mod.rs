//! Per-relation recommendation from the six criteria (seed 001 §3-§4, seed 004).
//!
//! For every relation: gather the facts (`facts.rs`), let each of the six criteria vote with
//! a reason that carries the figures (`criteria.rs`), run the ordered decision procedure
//! (`decide.rs`), and say whether the designer's storage and copies agree.

mod criteria;
mod decide;
mod estimate;
pub(crate) mod facts;
mod reasons;
mod summary;
#[cfg(test)]
mod tests;
mod usage;

pub(crate) use decide::{bucket_fits, subset_size, view_shows_all};
pub(crate) use facts::{timeless, Facts, Outliers};
pub(crate) use usage::Usage;

use super::relation_advice::Reads;
use super::{Recommendation, RelationAdvice, Vote};
use crate::i18n::Deferred;
use crate::model::{Id, Relation, Storage};
use std::sync::Arc;

/// The facts of every relation, in model order: gathered once, shared by `advise_with` and
/// `patterns::suggest_with`. With them, the store of their read lists: the ids of every
/// relation's reads one after another (the facts and the advice name their runs of it).
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn gather_all<'a>(usage: &'a Usage<'a>) -> (Vec<Facts<'a>>, Arc<Vec<Id>>) {
    let relations = &usage.model.relations;
    let mut reads = Vec::with_capacity(2 * relations.len());
    let facts =
        relations.iter().enumerate().map(|(i, rel)| Facts::gather_at(usage, Some(i), rel, &mut reads)).collect();
    (facts, Arc::new(reads))
}

/// One recommendation per relation, in model order, from the facts already gathered and the
/// store of their read lists (shared with the advice).
///
/// The votes and the decision are made at once; the reasons and the summary are sentences
/// built when read from the relation's [`reasons::Reasons`], kept with those of its neighbours
/// in one shared [`reasons::Block`] per [`reasons::PER_BLOCK`] relations.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn advise_with(facts: &[Facts], reads: &Arc<Vec<Id>>) -> Vec<RelationAdvice> {
    let mut out = Vec::with_capacity(facts.len());
    let mut decided: Vec<([Vote; 6], Recommendation)> = Vec::with_capacity(reasons::PER_BLOCK.min(facts.len()));
    for chunk in facts.chunks(reasons::PER_BLOCK) {
        decided.clear();
        // Room for every list the block's sentences may name (at most: the reads listed, and
        // one of the views or the copied or computed fields), so the items never grow.
        let listed = chunk
            .iter()
            .map(|f| {
                let views = f.parent_view.len().max(f.child_view.len());
                let fields = f.rel.computed.len().max(f.rel.extended.len());
                f.read_apart.len().max(f.read_together.len()) + views.max(fields)
            })
            .sum();
        let mut block = reasons::Block { reasons: Vec::with_capacity(chunk.len()), items: Vec::with_capacity(listed) };
        for f in chunk {
            // Written into its place in the block, then completed there (the reasons are large).
            block.reasons.push(reasons::Reasons::of(f, reads, &mut block.items));
            let Some(reasons) = block.reasons.last_mut() else { continue };
            let votes = reasons::quick_votes(reasons);
            let decision = decide::decide(f, &votes);
            summary::fill(&mut reasons.verdict, f, &decision, &votes, &mut block.items);
            decided.push((votes, decision.recommendation));
        }
        let source: Arc<dyn Deferred> = Arc::new(block);
        // Extended from an iterator of known length, each advice is written in place.
        out.extend(chunk.iter().zip(&decided).enumerate().map(|(position, (f, (votes, recommendation)))| {
            RelationAdvice::from_source(
                Id::new(&f.rel.id),
                f.class,
                *recommendation,
                *votes,
                Arc::clone(&source),
                reasons::sentence_number(position, 0),
                Reads::new(Arc::clone(reads), f.read_together.clone(), f.read_apart.clone()),
                agrees(f.rel, *recommendation, f.child_external),
            )
        }));
    }
    out
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
