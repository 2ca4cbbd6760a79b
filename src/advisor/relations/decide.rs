//! The decision: seed 001 §3-§4 and seed 004's three ordered questions as a procedure. Each
//! step either decides (and names why) or passes to the next:
//!
//! 1. **Where the data lives**: an external child, or `storage: outside`, stays outside.
//! 2. **Growth** (seed 004 Q1, "known bound?"): no maximum that holds, no embedding.
//! 3. **Read separately** (Q2): a child read without its parent wants its own collection.
//! 4. **A parent outside MongoDB** cannot hold anything: the child points to it.
//! 5. **Atomicity before count**: a bounded array (at most `thresholds.arrayWarn`, 1,000) of
//!    children that must change atomically with their parent, and that fits in it, is
//!    embedded however many it holds: a reference would make each of those writes a
//!    transaction (a screening's preallocated seat map, "Building with Patterns: The
//!    Preallocation Pattern"; the BiblioRed lesson's sixth criterion).
//! 6. **Cardinality**: one-to-many and beyond (or a shared document) is referenced.
//! 7. **Size**: children that would push the parent past the 1 MB target are referenced, and
//!    so is a one-to-one part of several kilobytes that the parent's frequent reads leave out
//!    (the size criterion's split, `Facts::bulk_for_other_reads`).
//! 8. **Atomicity**: a child that must change with its parent is embedded.
//! 9. **Volatility** (Q3): a child that changes often and is copied under several parents is
//!    referenced (one update instead of N).
//! 10. Otherwise the child has no life without its parent: **embed** (and watch the bound
//!     when it keeps growing toward it).
//!
//! When the answer is "reference", the form follows from how the data is read: tiny events
//! arriving daily → bucket; a view of one parent shows its first N → reference + subset (not
//! when it shows them all: no page size and a bound an array holds, such as an author's
//! books on the author's page); the child's view shows parent fields → extended reference;
//! a bound an array holds (at most `thresholds.arrayWarn`, 1,000, as the `large-array` rule
//! says) → ids in the parent; else the child points to the parent and the parent keeps no
//! list. (Up to `manyMax` children the class is still one-to-many, but an id array of 3,000
//! would be advised here and flagged by `large-array` once the designer followed the advice.)

use super::facts::{Facts, Outliers};
use crate::advisor::{CardinalityClass, Criterion, Recommendation, Vote};
use crate::model::{AccessPattern, FilterOp, Storage, Volatility};

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
/// decided it (the summary, `summary.rs`, says it in words).
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
    if rel.atomic_with_parent
        && !shared_document
        && f.bound.is_some_and(|b| b <= f.t.array_warn)
        && size_vote(votes) != Vote::Reference
    {
        return embed(f, true);
    }
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

/// The children of one parent per view: the relation's subset, the page size of a view of one
/// parent, or 5.
pub(crate) fn subset_size(f: &Facts) -> u32 {
    f.rel.subset.as_ref().map(|s| s.size).or_else(|| pages(f).find_map(|q| q.page_size)).unwrap_or(DEFAULT_SUBSET)
}

/// Whether `q` reads one parent, a page about one document: it finds it by `_id`, or by
/// equality alone with no order of its own (a stock's quote page by its symbol). Its page size
/// is then the children it shows (a product page's ten latest reviews). A listing (a range, a
/// sort, a search) pages through parents: its page size counts the parents it lists (24
/// products a page), not the children of each.
fn reads_one_parent(q: &AccessPattern) -> bool {
    q.filters.iter().any(|x| x.op == FilterOp::Equality && x.field == "_id")
        || (q.filters.iter().all(|x| x.op == FilterOp::Equality) && q.sort.is_empty())
}

/// The parent's views that show one parent with its children (see [`reads_one_parent`]).
fn pages<'f>(f: &'f Facts) -> impl Iterator<Item = &'f AccessPattern> + 'f {
    f.parent_view.iter().copied().filter(|q| reads_one_parent(q))
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

/// Whether the parent's views show every child, so a subset would cut what they show: none
/// states a page size and the children are bounded by what an array holds (at most
/// `thresholds.arrayWarn`). The subset pattern keeps the first N of many; an author's page
/// lists all of the author's books.
pub(crate) fn view_shows_all(f: &Facts) -> bool {
    pages(f).next().is_some() && pages(f).all(|q| q.page_size.is_none()) && f.bound.is_some_and(|b| b <= f.t.array_warn)
}

/// Picks the form of reference (see the module documentation); `because` names the deciding step.
fn reference(f: &Facts, because: Because) -> Decision {
    let recommendation = if bucket_fits(f) {
        Recommendation::Bucket
    } else if (pages(f).next().is_some() && !view_shows_all(f) || f.rel.subset.is_some()) && !f.parent_external {
        Recommendation::ReferenceWithSubset
    } else if !f.child_view.is_empty() || !f.rel.extended.is_empty() {
        Recommendation::ExtendedReference
    } else if f.bound.is_some_and(|b| b <= f.t.array_warn)
        && !f.parent_external
        && f.class != CardinalityClass::OneToSquillions
    {
        Recommendation::ReferenceIdsInParent
    } else {
        Recommendation::ReferenceFromChild
    };
    Decision { recommendation, step: Step::Reference(because) }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{parent_child, read, split_details};
    use crate::advisor::{analyze, Criterion, Recommendation, Vote};
    use crate::model::{Model, Storage, Volatility};

    fn advised(m: &Model) -> (Recommendation, Vote) {
        let report = analyze(m);
        let a = report.relation("r").expect("relation advised");
        (a.recommendation, a.vote(Criterion::Size))
    }

    #[test]
    fn a_bounded_array_that_changes_with_its_parent_is_embedded_however_many_it_holds() {
        // A screening's 300 preallocated seats, booked one by one under a condition.
        let mut m = parent_child(Storage::Embed, 300.0, Some(300));
        m.relations[0].atomic_with_parent = true;
        m.relations[0].child_changes = Volatility::Often;
        assert_eq!(advised(&m).0, Recommendation::Embed);
        // Without the atomic write, 300 children are one-to-many: referenced.
        m.relations[0].atomic_with_parent = false;
        assert_ne!(advised(&m).0, Recommendation::Embed);
        assert_ne!(advised(&m).0, Recommendation::EmbedWatchBound);
        // Past the 1,000 elements where arrays hurt, atomicity no longer decides.
        let mut m = parent_child(Storage::Embed, 3_000.0, Some(5_000));
        m.relations[0].atomic_with_parent = true;
        assert!(!matches!(advised(&m).0, Recommendation::Embed | Recommendation::EmbedWatchBound));
    }

    #[test]
    fn ids_in_the_parent_are_advised_only_for_an_array_the_large_array_rule_accepts() {
        // Employees of a department, read on their own: up to 1,000 the department may keep
        // their ids; past it (3,000 is still one-to-many) that array is what `large-array`
        // flags, so the employee points to the department instead.
        for (max, ids_in_parent) in [(200, true), (1_000, true), (1_001, false), (3_000, false), (5_000, false)] {
            let mut m = parent_child(Storage::Reference, 150.0, Some(max));
            m.relations[0].read_separately = true;
            let rec = advised(&m).0;
            assert_eq!(rec == Recommendation::ReferenceIdsInParent, ids_in_parent, "at most {max}: {rec:?}");
            // The advice followed draws no large-array finding.
            let r = &mut m.relations[0];
            if ids_in_parent {
                r.reference.parent_field = Some("comment_ids".into());
            } else {
                assert_eq!(rec, Recommendation::ReferenceFromChild, "at most {max}");
                r.reference.child_field = Some("post_id".into());
            }
            let report = analyze(&m);
            assert!(report.findings.iter().all(|f| f.code != "DS203"), "at most {max}: {:?}", report.findings);
            let summary = report.relation("r").expect("advised").summary();
            if !ids_in_parent {
                assert!(summary.en().contains("over the 1,000 elements MongoDB advises"), "{}", summary.en());
                assert!(summary.is_translated() && summary.check().is_ok());
            }
        }
    }

    #[test]
    fn a_listing_page_size_counts_parents_not_children() {
        // A product listing, 24 a page by a price range: not 24 reviews per product.
        let mut m = parent_child(Storage::Reference, 50.0, None);
        m.relations[0].cardinality.growth_per_day = Some(0.5);
        m.relations[0].read_separately = true;
        let mut listing = read("L", "post", &["comment"], 10_000.0);
        listing.filters.push(crate::model::Filter::new("title", crate::model::FilterOp::Range));
        listing.page_size = Some(24);
        m.queries.push(listing);
        assert_eq!(advised(&m).0, Recommendation::ReferenceFromChild);
        // One post by its _id showing its ten latest comments: the subset of ten.
        let mut page = read("P", "post", &["comment"], 3_000.0);
        page.filters.push(crate::model::Filter::new("_id", crate::model::FilterOp::Equality));
        page.page_size = Some(10);
        m.queries.push(page);
        assert_eq!(advised(&m).0, Recommendation::ReferenceWithSubset);
        let report = analyze(&m);
        let subset =
            report.patterns.iter().find(|p| p.pattern == crate::advisor::PatternKind::Subset).expect("a subset");
        assert!(subset.change.en().contains("keep the 10 comments"), "{}", subset.change.en());
    }

    #[test]
    fn a_view_that_shows_every_child_gets_no_subset() {
        // An author's page lists the author's books (8, at most 200): no page size.
        let mut m = parent_child(Storage::Reference, 8.0, Some(200));
        m.relations[0].read_separately = true;
        m.queries.push(read("A", "post", &["comment"], 300.0));
        assert_eq!(advised(&m).0, Recommendation::ReferenceIdsInParent);
        // A page of 10 out of 200: the subset keeps the first page.
        m.queries[0].page_size = Some(10);
        assert_eq!(advised(&m).0, Recommendation::ReferenceWithSubset);
        // Unbounded children: a view cannot show them all.
        m.queries[0].page_size = None;
        m.relations[0].cardinality.max = None;
        m.relations[0].cardinality.growth_per_day = Some(1.0);
        assert_eq!(advised(&m).0, Recommendation::ReferenceWithSubset);
    }

    #[test]
    fn a_large_one_to_one_part_the_frequent_read_leaves_out_stays_apart() {
        let m = split_details();
        let (rec, size) = advised(&m);
        assert_eq!(size, Vote::Reference);
        assert!(matches!(rec, Recommendation::ReferenceIdsInParent | Recommendation::ReferenceFromChild), "{rec:?}");
        let report = analyze(&m);
        let reason = report.relation("r").expect("advised").reason(Criterion::Size);
        assert!(reason.en().contains("5,000 reads a minute of posts leave it out"), "{}", reason.en());
        assert!(reason.is_translated() && reason.check().is_ok());
        let summary = report.relation("r").expect("advised").summary();
        // A bound of one fits in the parent: it keeps the child's id (one id, not a list).
        assert_eq!(rec, Recommendation::ReferenceIdsInParent);
        assert!(summary.en().ends_with("posts may keep the id of its comments."), "{}", summary.en());
        assert!(summary.is_translated() && summary.check().is_ok());
        // A listing with no projection loads the whole document anyway: embed.
        let mut whole = split_details();
        whole.queries[0].projection.clear();
        assert_eq!(advised(&whole).0, Recommendation::Embed);
        // A small part (1 KB) is not worth a second read: embed.
        let mut small = split_details();
        small.relations[0].child_bytes = Some(1_000);
        assert_eq!(advised(&small).0, Recommendation::Embed);
        // A list of a few parts (5 images of 2 KB embedded in a product) is not split for
        // size: one-to-few children read with their parent are MongoDB's embedding case.
        let mut list = split_details();
        list.relations[0].cardinality.typical = 5.0;
        list.relations[0].cardinality.max = Some(10);
        list.relations[0].child_bytes = Some(2_000);
        assert_ne!(advised(&list).1, Vote::Reference);
        // As many reads show the part as leave it out: embed.
        let mut shown = split_details();
        shown.queries[1].per_minute = 5_000.0;
        assert_eq!(advised(&shown).0, Recommendation::Embed);
    }
}
