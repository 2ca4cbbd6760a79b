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
use super::figures::{possessive, Bytes, Count, List, Percent};
use crate::advisor::{CardinalityClass, Criterion, CriterionVote, Recommendation, Vote};
use crate::model::{Storage, Volatility};
use std::fmt::{self, Write};

/// Subset size when neither the relation nor the parent's view says how many.
pub(crate) const DEFAULT_SUBSET: u32 = 5;

/// What decided a recommendation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decider {
    Criterion(Criterion),
    /// The child is kept by another system (or the designer keeps it outside MongoDB).
    Owner,
    /// The parent lives outside MongoDB, so nothing can be embedded in it.
    ExternalParent,
}

impl Decider {
    fn label(self) -> &'static str {
        match self {
            Decider::Criterion(Criterion::Cardinality) => "cardinality decides",
            Decider::Criterion(Criterion::ReadSeparately) => "read separately decides",
            Decider::Criterion(Criterion::Volatility) => "volatility decides",
            Decider::Criterion(Criterion::Size) => "size decides",
            Decider::Criterion(Criterion::Growth) => "growth decides",
            Decider::Criterion(Criterion::Atomicity) => "atomicity decides",
            Decider::Owner => "where the data lives decides",
            Decider::ExternalParent => "the parent's home decides",
        }
    }
}

pub(crate) struct Decision {
    pub recommendation: Recommendation,
    pub summary: String,
}

/// Runs the procedure of the module documentation.
pub(crate) fn decide(f: &Facts, votes: &[CriterionVote]) -> Decision {
    let rel = f.rel;
    if f.child_external || rel.storage == Storage::Outside {
        return keep_outside(f);
    }
    if f.bound.is_none() {
        let because = format_args!("{} has no stated maximum", f.child_name);
        return reference(f, Decider::Criterion(Criterion::Growth), because);
    }
    if let Outliers::Major { share, max } = f.outliers {
        let because = format_args!(
            "{} of {} grow to {} {}, so no bound holds",
            Percent(share),
            f.parent_name,
            Count(max as f64),
            f.child_name
        );
        return reference(f, Decider::Criterion(Criterion::Growth), because);
    }
    if f.read_separately() {
        let decider = Decider::Criterion(Criterion::ReadSeparately);
        return if f.read_apart.is_empty() {
            reference(f, decider, format_args!("{} is queried on its own", f.child_name))
        } else {
            let because = format_args!("{} is read without {} by {}", f.child_name, f.parent_name, List(&f.read_apart));
            reference(f, decider, because)
        };
    }
    if f.parent_external {
        let because = format_args!("{} lives outside MongoDB and cannot hold it", f.parent_name);
        return reference(f, Decider::ExternalParent, because);
    }
    let shared_document = f.class == CardinalityClass::ManyToMany && !f.child_is_value;
    if matches!(f.class, CardinalityClass::OneToMany | CardinalityClass::OneToSquillions) || shared_document {
        let because = format_args!(
            "{} {} per {}, up to {}, is {}",
            Count(f.typical),
            f.child_name,
            f.parent_name,
            Count(f.worst.round()),
            f.class.label()
        );
        return reference(f, Decider::Criterion(Criterion::Cardinality), because);
    }
    if vote_of(votes, Criterion::Size) == Vote::Reference {
        let because = format_args!("{} would add {} to each {}", f.child_name, Bytes(f.worst_bytes()), f.parent_name);
        return reference(f, Decider::Criterion(Criterion::Size), because);
    }
    if rel.atomic_with_parent {
        return embed(f, votes, Decider::Criterion(Criterion::Atomicity));
    }
    let volatile = rel.child_changes >= Volatility::Often;
    if volatile && (f.copies_elsewhere > 0 || f.class == CardinalityClass::ManyToMany) {
        let because = format_args!("{} changes often and is copied under several parents", f.child_name);
        return reference(f, Decider::Criterion(Criterion::Volatility), because);
    }
    embed(f, votes, Decider::Criterion(Criterion::Cardinality))
}

fn vote_of(votes: &[CriterionVote], c: Criterion) -> Vote {
    votes.iter().find(|v| v.criterion == c).map(|v| v.vote).unwrap_or(Vote::Neutral)
}

/// The recommendation's label at the start of a sentence.
fn capitalized(recommendation: Recommendation) -> &'static str {
    match recommendation {
        Recommendation::Embed => "Embed",
        Recommendation::EmbedWatchBound => "Embed, but watch the bound",
        Recommendation::ReferenceIdsInParent => "Reference, child ids in the parent",
        Recommendation::ReferenceFromChild => "Reference from the child only",
        Recommendation::ReferenceWithSubset => "Reference + subset",
        Recommendation::ExtendedReference => "Extended reference",
        Recommendation::Bucket => "Bucket",
        Recommendation::KeepOutside => "Keep outside MongoDB",
    }
}

fn keep_outside(f: &Facts) -> Decision {
    let copies: Vec<&str> = f.rel.computed.iter().map(|c| c.field.as_str()).collect();
    let copied = if copies.is_empty() {
        String::new()
    } else {
        format!("; {} keeps only {} for display", f.parent_name, List(&copies))
    };
    let because = if f.child_external {
        format!("{} is kept outside MongoDB", f.child_name)
    } else {
        format!("the design keeps {} outside MongoDB", f.child_name)
    };
    Decision {
        recommendation: Recommendation::KeepOutside,
        summary: format!("Keep outside MongoDB: {because} ({}){copied}.", Decider::Owner.label()),
    }
}

fn embed(f: &Facts, votes: &[CriterionVote], decider: Decider) -> Decision {
    let bound = f.bound.unwrap_or(0) as f64;
    let for_embed = votes.iter().filter(|v| v.vote == Vote::Embed).count();
    let against = votes.iter().filter(|v| v.vote == Vote::Reference).count();
    let tally = match (for_embed, against) {
        (6, _) => "all six criteria point to embed".to_string(),
        (n, 0) => format!("{n} of six criteria vote embed, none against"),
        (n, a) => format!("{n} of six criteria vote embed, {a} against"),
    };
    let because = if decider == Decider::Criterion(Criterion::Atomicity) {
        format!("{} must change atomically with {}, at most {} of them", f.child_name, f.parent_name, Count(bound))
    } else {
        format!(
            "{} {} per {}, at most {}, read with it: {}",
            Count(f.typical),
            f.child_name,
            f.parent_name,
            Count(bound),
            f.class.label()
        )
    };
    if f.growth > 0.0 {
        let per_year = f.growth * 365.0;
        let years = ((bound - f.typical).max(0.0) / per_year).ceil();
        let summary = format!(
            "{}: {because} ({}); it grows ~{} a year and reaches its stated maximum of {} in ~{} years: past it, move the older {} to their own collection; {tally}.",
            capitalized(Recommendation::EmbedWatchBound),
            decider.label(),
            Count(per_year),
            Count(bound),
            Count(years),
            f.child_name,
        );
        return Decision { recommendation: Recommendation::EmbedWatchBound, summary };
    }
    let summary = format!("Embed: {because} ({}); {tally}.", decider.label());
    Decision { recommendation: Recommendation::Embed, summary }
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

/// Tiny events arriving every day, never edited: the bucket pattern's home ground.
pub(crate) fn bucket_fits(f: &Facts) -> bool {
    f.unbounded() && f.child_bytes <= f.t.tiny_doc_bytes && f.growth >= 1.0 && f.rel.child_changes <= Volatility::Rarely
}

fn ids<'v>(views: &[&'v crate::model::AccessPattern]) -> Vec<&'v str> {
    views.iter().map(|q| q.id.as_str()).collect()
}

/// Picks the form of reference (see the module documentation) and writes the summary in one
/// pass: `because` is formatted straight into it.
fn reference(f: &Facts, decider: Decider, because: fmt::Arguments) -> Decision {
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
    let mut summary = String::with_capacity(256);
    // Writing into a String cannot fail.
    let _ = write!(summary, "{}: {because} ({}); ", capitalized(recommendation), decider.label());
    let _ = match recommendation {
        Recommendation::Bucket => {
            let period = f.rel.bucket.as_ref().map(|b| b.period.as_str()).filter(|p| !p.is_empty()).unwrap_or("period");
            write!(
                summary,
                "group its tiny events ({} each, {} a day per {}) into one bucket document per {} and {period}",
                Bytes(f.child_bytes as f64),
                Count(f.growth),
                f.parent_name,
                f.parent_name
            )
        }
        Recommendation::ReferenceWithSubset => {
            if f.parent_view.is_empty() {
                let _ = write!(summary, "{}'s view", f.parent_name);
            } else {
                let _ = write!(summary, "{}", List(&ids(&f.parent_view)));
            }
            write!(
                summary,
                " shows {} with {}: keep a subset of {} in {} and the full set in its own collection",
                f.child_name,
                f.parent_name,
                subset_size(f),
                f.parent_name
            )
        }
        Recommendation::ExtendedReference if !f.child_view.is_empty() => write!(
            summary,
            "{} shows {} fields with each {}: copy the few stable, displayed ones next to the reference",
            List(&ids(&f.child_view)),
            f.parent_name,
            f.child_name
        ),
        Recommendation::ExtendedReference => {
            let fields: Vec<&str> = f.rel.extended.iter().map(|c| c.field.as_str()).collect();
            write!(
                summary,
                "{} displays {} {}: keep them beside the reference",
                f.child_name,
                possessive(f.parent_name),
                List(&fields)
            )
        }
        Recommendation::ReferenceIdsInParent => {
            write!(summary, "{} may keep the ids of its at most {} {}", f.parent_name, Count(f.worst), f.child_name)
        }
        _ => write!(summary, "{} points to {}; {} keeps no list of them", f.child_name, f.parent_name, f.parent_name),
    };
    summary.push('.');
    Decision { recommendation, summary }
}
