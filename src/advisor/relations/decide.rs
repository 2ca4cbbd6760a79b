//! The decision: seed 001 §3-§4 and seed 004's three ordered questions as a procedure. Each
//! step either decides (and names why) or passes to the next:
//!
//! 1. **Where the data lives**: an external child, or `storage: outside`, stays outside.
//! 2. **Growth** (seed 004 Q1, "known bound?"): no maximum that holds, no embedding.
//! 3. **Read separately** (Q2): a child read without its parent wants its own collection.
//! 4. **A parent outside MongoDB** cannot hold anything: the child points to it.
//! 5. **Cardinality**: one-to-many and beyond (or a shared document) is referenced.
//! 6. **Size**: children that would push the parent past the 1 MB target are referenced.
//! 7. **Atomicity**: a child that must change with its parent is embedded.
//! 8. **Volatility** (Q3): a child that changes often and is copied under several parents is
//!    referenced (one update instead of N).
//! 9. Otherwise the child has no life without its parent: **embed** (and watch the bound
//!    when it keeps growing toward it).
//!
//! When the answer is "reference", the form follows from how the data is read: tiny events
//! arriving daily → bucket; the parent's view shows the first N → reference + subset; the
//! child's view shows parent fields → extended reference; a bound that fits → ids in the
//! parent; else the child points to the parent and the parent keeps no list.

use super::facts::{Facts, Outliers};
use crate::advisor::{CardinalityClass, Criterion, Recommendation, Vote};
use crate::model::{Storage, Volatility};

/// Subset size when neither the relation nor the parent's view says how many.
pub(crate) const DEFAULT_SUBSET: u32 = 5;

/// The step of the procedure that decided to reference (named by the summary: "growth decides").
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Because {
    /// No stated maximum.
    NoBound,
    /// Too many outliers for the bound to hold.
    MajorOutliers {
        share: f64,
        max: u64,
    },
    /// Flagged as queried on its own.
    QueriedAlone,
    /// Access patterns read the child without its parent.
    ReadApart,
    /// The parent lives outside MongoDB.
    ParentExternal,
    Cardinality,
    Size,
    Volatility,
}

/// The step of the procedure that decided.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Step {
    /// Where the data lives: kept outside MongoDB.
    Outside,
    /// A reason to reference (the form is the recommendation).
    Reference(Because),
    /// Embedded, decided by atomicity (`true`) or by the cardinality.
    Embed { atomic: bool },
}

pub(crate) struct Decision {
    pub recommendation: Recommendation,
    pub step: Step,
}

/// The vote of the size criterion among the six votes (in `Criterion::ALL` order).
fn size_vote(votes: &[Vote; 6]) -> Vote {
    Criterion::ALL.iter().zip(votes).find(|(c, _)| **c == Criterion::Size).map(|(_, v)| *v).unwrap_or(Vote::Neutral)
}

/// Runs the procedure of the module documentation: the recommendation and the step that
/// decided it (the summary, `summary.rs`, says it in words when it is read).
pub(crate) fn decide(f: &Facts, votes: &[Vote; 6]) -> Decision {
    let rel = f.rel;
    if f.child_external || rel.storage == Storage::Outside {
        return Decision { recommendation: Recommendation::KeepOutside, step: Step::Outside };
    }
    if f.bound.is_none() {
        return reference(f, Because::NoBound);
    }
    if let Outliers::Major { share, max } = f.outliers {
        return reference(f, Because::MajorOutliers { share, max });
    }
    if f.read_separately() {
        return reference(f, if f.read_apart.is_empty() { Because::QueriedAlone } else { Because::ReadApart });
    }
    if f.parent_external {
        return reference(f, Because::ParentExternal);
    }
    let shared_document = f.class == CardinalityClass::ManyToMany && !f.child_is_value;
    if matches!(f.class, CardinalityClass::OneToMany | CardinalityClass::OneToSquillions) || shared_document {
        return reference(f, Because::Cardinality);
    }
    if size_vote(votes) == Vote::Reference {
        return reference(f, Because::Size);
    }
    if rel.atomic_with_parent {
        return embed(f, true);
    }
    let volatile = rel.child_changes >= Volatility::Often;
    if volatile && (f.copies_elsewhere > 0 || f.class == CardinalityClass::ManyToMany) {
        return reference(f, Because::Volatility);
    }
    embed(f, false)
}

/// Embed, decided by atomicity or else by the cardinality; a child that keeps growing toward
/// its bound is embedded with a watch.
fn embed(f: &Facts, atomic: bool) -> Decision {
    let recommendation = if f.growth <= 0.0 { Recommendation::Embed } else { Recommendation::EmbedWatchBound };
    Decision { recommendation, step: Step::Embed { atomic } }
}

/// The children of one parent per view: the relation's subset, the view's page size, or 5.
pub(crate) fn subset_size(f: &Facts) -> u32 {
    f.rel
        .subset
        .as_ref()
        .map(|s| s.size)
        .or_else(|| f.parent_view.iter().find_map(|q| q.page_size))
        .unwrap_or(DEFAULT_SUBSET)
}

/// Tiny events arriving every day, never edited: the bucket pattern's home ground. Not a
/// child another aggregate already embeds (its documents are not this relation's to group),
/// nor one with referenced children of its own (an entity others point to, not an event), nor
/// one a read finds by its `_id` (an order line: an identity the application uses), nor one
/// whose declared fields hold no date or timestamp (a bucket gathers a period's events:
/// without a time there is no period to gather, as in an order that holds only a quantity).
pub(crate) fn bucket_fits(f: &Facts) -> bool {
    f.unbounded()
        && f.child_bytes <= f.t.tiny_doc_bytes
        && f.growth >= 1.0
        && f.rel.child_changes <= Volatility::Rarely
        && !f.child_embedded_elsewhere
        && !f.child_has_children
        && !f.child_read_by_id
        && !f.child_timeless
}

/// Picks the form of reference (see the module documentation); `because` names the deciding step.
fn reference(f: &Facts, because: Because) -> Decision {
    let recommendation = if bucket_fits(f) {
        Recommendation::Bucket
    } else if (!f.parent_view.is_empty() || f.rel.subset.is_some()) && !f.parent_external {
        Recommendation::ReferenceWithSubset
    } else if !f.child_view.is_empty() || !f.rel.extended.is_empty() {
        Recommendation::ExtendedReference
    } else if f.bound.is_some() && !f.parent_external && f.class != CardinalityClass::OneToSquillions {
        Recommendation::ReferenceIdsInParent
    } else {
        Recommendation::ReferenceFromChild
    };
    Decision { recommendation, step: Step::Reference(because) }
}
