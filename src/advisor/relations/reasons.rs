//! What the six criteria's reasons say, kept per relation so the sentences are built only when
//! read: an analysis of 2,000 relations writes 12,000 reasons and the user reads a handful.
//!
//! [`Reasons`] owns the figures and names of one relation's facts (the facts borrow the
//! model); the votes are decided at once, each reason is a [`Text::deferred`] that builds its
//! sentence from here (`criteria.rs`) when it is rendered.

use super::criteria;
use super::facts::{Facts, Outliers};
use super::summary::{summary, Verdict};
use crate::advisor::{CardinalityClass, Criterion, Vote};
use crate::i18n::{Arg, Deferred, Text};
use crate::model::{Id, Volatility};

/// The facts one relation's reasons read, owned.
#[derive(Debug, Clone)]
pub(crate) struct Reasons {
    /// The ends' display names (inline when short).
    pub parent: Arg,
    pub child: Arg,
    pub class: CardinalityClass,
    pub child_is_value: bool,
    pub typical: f64,
    pub growth: f64,
    pub outliers: Outliers,
    pub bound: Option<u64>,
    pub horizon: f64,
    pub worst: f64,
    pub child_bytes: u64,
    pub bytes_declared: bool,
    pub copies_elsewhere: usize,
    pub parent_reads: f64,
    /// See [`Facts::reads_without_child`] and [`Facts::parent_own_bytes`].
    pub reads_without_child: f64,
    pub parent_own_bytes: Option<u64>,
    pub child_changes: Volatility,
    /// The relation says the child is queried on its own.
    pub flagged_read_separately: bool,
    pub atomic_with_parent: bool,
    /// Whether some access pattern reads the child without its parent / with it.
    pub read_apart: bool,
    pub read_together: bool,
    /// The query ids the read-separately reason names: those that read the child apart, else
    /// those that read it together (empty when it names none). Kept in the block's items
    /// ([`Block::items`]) as `listed`, and put here in the copy a sentence is read from.
    pub ids: Option<Arg>,
    pub listed: Option<Span>,
    pub many_max: u64,
    pub array_warn: u64,
    pub horizon_days: u64,
    pub bloat_field_bytes: u64,
    pub doc_target_bytes: u64,
    pub doc_limit_bytes: u64,
    /// What the summary says beyond these figures (filled in once the decision is made).
    pub verdict: Verdict,
}

/// The sentence number of the summary (the reasons are 0 to 5, in `Criterion::ALL` order).
pub(crate) const SUMMARY: u8 = 6;

/// Sentences per relation: the six reasons and the summary.
const PER_RELATION: u8 = 7;

/// Relations whose reasons share one allocation: their sentences are numbered
/// `position × 7 + sentence`, up to 36 × 7 − 1 = 251, within a `u8`.
pub(crate) const PER_BLOCK: usize = 36;

/// The reasons of up to [`PER_BLOCK`] consecutive relations, shared by all their sentences:
/// an analysis of 2,000 relations allocates (and frees) 56 blocks rather than 2,000 records.
#[derive(Debug, Default)]
pub(crate) struct Block {
    pub reasons: Vec<Reasons>,
    /// The names of every list the block's sentences name (query ids, fields), one after the
    /// other: one vector per block rather than one list per relation.
    pub items: Vec<Arg>,
}

/// A list kept in a block's [`Block::items`]: `len` items from `start`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Span {
    start: u32,
    len: u32,
}

impl Span {
    /// Appends `names` to `items`, as one list.
    pub fn push(items: &mut Vec<Arg>, names: impl Iterator<Item = Arg>) -> Span {
        let start = items.len();
        items.extend(names);
        let len = items.len() - start;
        Span { start: u32::try_from(start).unwrap_or(u32::MAX), len: u32::try_from(len).unwrap_or(0) }
    }

    /// The list as a sentence argument (`a, b and c`), from the items it was pushed to.
    pub fn arg(self, items: &[Arg]) -> Arg {
        let start = self.start as usize;
        let names = items.get(start..start.saturating_add(self.len as usize)).unwrap_or(&[]);
        Arg::List(names.into())
    }
}

impl Block {
    /// The reasons of the relation at `position` with their lists in place (a copy, made only
    /// when one of its sentences is read and names a list).
    fn resolved(&self, position: usize) -> Option<std::borrow::Cow<'_, Reasons>> {
        let r = self.reasons.get(position)?;
        if r.listed.is_none() && r.verdict.views_listed.is_none() && r.verdict.named_listed.is_none() {
            return Some(std::borrow::Cow::Borrowed(r));
        }
        let mut r = r.clone();
        let items = self.items.as_slice();
        r.ids = r.listed.map(|s| s.arg(items)).or(r.ids);
        r.verdict.views = r.verdict.views_listed.map(|s| s.arg(items)).or(r.verdict.views);
        r.verdict.named = r.verdict.named_listed.map(|s| s.arg(items)).or(r.verdict.named);
        Some(std::borrow::Cow::Owned(r))
    }
}

impl Deferred for Block {
    /// Sentence `which % 7` of the relation at position `which / 7` (see [`Reasons::sentence`]).
    fn text(&self, which: u8) -> Text {
        match self.resolved(usize::from(which / PER_RELATION)) {
            Some(r) => r.sentence(which % PER_RELATION),
            None => Text::empty(),
        }
    }
}

/// The number of sentence `which` (0 to 6) of the relation at `position` in its block.
pub(crate) fn sentence_number(position: usize, which: u8) -> u8 {
    debug_assert!(position < PER_BLOCK && which < PER_RELATION);
    (position as u8).wrapping_mul(PER_RELATION).wrapping_add(which)
}

impl Reasons {
    /// The reasons of `f`, whose read lists are runs of `reads`, the list they name appended to
    /// `items` (its block's).
    pub fn of(f: &Facts, reads: &[Id], items: &mut Vec<Arg>) -> Reasons {
        let t = f.t;
        let listed = if !f.read_apart.is_empty() {
            reads.get(f.read_apart.clone())
        } else if !f.rel.read_separately && !f.read_together.is_empty() {
            reads.get(f.read_together.clone())
        } else {
            None
        };
        let (parent, child) = f.names();
        Reasons {
            parent,
            child,
            class: f.class,
            child_is_value: f.child_is_value,
            typical: f.typical,
            growth: f.growth,
            outliers: f.outliers,
            bound: f.bound,
            horizon: f.horizon,
            worst: f.worst,
            child_bytes: f.child_bytes,
            bytes_declared: f.bytes_declared,
            copies_elsewhere: f.copies_elsewhere,
            parent_reads: f.parent_reads,
            reads_without_child: f.reads_without_child,
            parent_own_bytes: f.parent_own_bytes,
            child_changes: f.rel.child_changes,
            flagged_read_separately: f.rel.read_separately,
            atomic_with_parent: f.rel.atomic_with_parent,
            read_apart: !f.read_apart.is_empty(),
            read_together: !f.read_together.is_empty(),
            ids: None,
            listed: listed.map(|ids| Span::push(items, ids.iter().map(|id| Arg::str(id.as_str())))),
            many_max: t.many_max,
            array_warn: t.array_warn,
            horizon_days: t.horizon_days,
            bloat_field_bytes: t.bloat_field_bytes,
            doc_target_bytes: t.doc_target_bytes,
            doc_limit_bytes: t.doc_limit_bytes,
            verdict: Verdict::default(),
        }
    }

    /// Bytes the children add to one parent document in the worst case.
    pub fn worst_bytes(&self) -> f64 {
        self.worst * self.child_bytes as f64
    }

    /// The children of one parent keep coming: no bound, events per day.
    pub fn unbounded(&self) -> bool {
        self.bound.is_none()
    }

    /// Bulk the parent's frequent reads would carry for nothing, as the bytes the child adds
    /// to one parent and how many times the parent's own document that is: when the child is
    /// one-to-one (a part of the parent, not a list: a bounded list is embedded or kept as a
    /// subset of its first N by the other rules, and an embedded list of a few kilobytes is
    /// MongoDB's embedding case), adds at least [`SPLIT_MIN_BYTES`] and ten times the parent's
    /// own bytes, and the reads that leave them out (a projection without them) are at least
    /// ten times the other reads of the parent. Embedded, each of those reads would load bytes
    /// it throws away: the split MongoDB's subset pattern makes (a movie's listing fields
    /// apart from its full plot and cast, "Model One-to-One Relationships with Embedded
    /// Documents").
    pub fn bulk_for_other_reads(&self) -> Option<(f64, f64)> {
        let own = self.parent_own_bytes.filter(|&b| b > 0)? as f64;
        let added = self.typical.max(1.0) * self.child_bytes as f64;
        let others = self.parent_reads - self.reads_without_child;
        let fits = self.class == CardinalityClass::OneToOne
            && added >= SPLIT_MIN_BYTES
            && added >= SPLIT_RATIO * own
            && self.reads_without_child > 0.0
            && self.reads_without_child >= SPLIT_RATIO * others.max(0.0);
        fits.then_some((added, added / own))
    }
}

/// Below this many bytes (a few KB, about a storage page) the children cost a read that leaves
/// them out too little to split them off.
pub(crate) const SPLIT_MIN_BYTES: f64 = 4096.0;

/// How many times the parent's own bytes the children must add, and how many times the other
/// reads of the parent the reads that leave them out must be, for the split to pay.
pub(crate) const SPLIT_RATIO: f64 = 10.0;

impl Reasons {
    /// The reason of criterion number `which` (in `Criterion::ALL` order), or the summary
    /// ([`SUMMARY`]).
    pub fn sentence(&self, which: u8) -> Text {
        match Criterion::ALL.get(usize::from(which)) {
            Some(&c) => criteria::judge(self, c, true).1.unwrap_or_else(Text::empty),
            None if which == SUMMARY => summary(self),
            None => Text::empty(),
        }
    }
}

/// The six votes, in `Criterion::ALL` order, decided without their sentences.
pub(crate) fn quick_votes(r: &Reasons) -> [Vote; 6] {
    Criterion::ALL.map(|c| criteria::judge(r, c, false).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::relations::{gather_all, Usage};
    use crate::i18n::Lang;

    /// The vote decided without the sentence is the vote the sentence explains, for every
    /// criterion of every relation of models that reach every branch.
    #[test]
    fn a_vote_is_the_same_with_or_without_its_reason() {
        let bibliored = crate::model::load(include_str!("../../../public/templates/bibliored.json")).expect("loads");
        for model in [bibliored, crate::model::synthetic::generate(200, 7), crate::model::synthetic::generate(60, 3)] {
            let sizes = crate::advisor::sizes::estimate(&model);
            let usage = Usage::new(&model, &sizes);
            let (facts, reads) = gather_all(&usage);
            for f in facts {
                let r = Reasons::of(&f, &reads, &mut Vec::new());
                for c in Criterion::ALL {
                    let (quick, none) = criteria::judge(&r, c, false);
                    let (vote, reason) = criteria::judge(&r, c, true);
                    assert_eq!(quick, vote, "{} {c:?}", f.rel.id);
                    assert!(none.is_none() && reason.is_some_and(|r| !r.is_empty()), "{} {c:?}", f.rel.id);
                }
            }
        }
    }

    #[test]
    fn reasons_are_built_when_read_and_say_the_same_each_time() {
        let m = crate::model::load(include_str!("../../../public/templates/bibliored.json")).expect("loads");
        let report = crate::advisor::analyze(&m);
        let a = report.relation("material-resenas").expect("advised");
        let growth = a.criteria().nth(4).expect("six criteria");
        assert_eq!(growth.criterion, Criterion::Growth);
        assert_eq!(growth.reason.render(Lang::Es), growth.reason.render(Lang::Es));
        assert!(growth.reason.render(Lang::Pt).contains("por dia"), "{}", growth.reason.render(Lang::Pt));
        assert_eq!(growth.reason, growth.reason.clone());
        assert_eq!(report, crate::advisor::analyze(&m), "two analyses compare equal, reasons included");
        assert!(a.criteria().all(|v| v.reason.check().is_ok() && v.reason.is_translated()));
        assert_ne!(a.reason(Criterion::Cardinality), a.reason(Criterion::ReadSeparately));
    }

    /// Lists pushed one after the other into a block's items each read back as their own.
    #[test]
    fn each_list_reads_its_own_items() {
        let mut items = vec![Arg::str("before")];
        let a = Span::push(&mut items, ["Q1", "Q2"].into_iter().map(Arg::str));
        let b = Span::push(&mut items, ["Q3"].into_iter().map(Arg::str));
        let empty = Span::push(&mut items, std::iter::empty());
        assert_eq!(a.arg(&items), Arg::list(&["Q1", "Q2"]));
        assert_eq!(b.arg(&items), Arg::list(&["Q3"]));
        assert_eq!(empty.arg(&items), Arg::list::<&str>(&[]));
        assert_eq!(a.arg(&items[..2]), Arg::list::<&str>(&[]), "a list past the items names nothing");
    }

    /// Relations share a block of reasons, 36 to a block: each relation's sentences are its
    /// own, across block boundaries, and a number past the block names no sentence.
    #[test]
    fn each_relation_reads_its_own_reasons_from_a_shared_block() {
        let model = crate::model::synthetic::generate(60, 3);
        let sizes = crate::advisor::sizes::estimate(&model);
        let usage = Usage::new(&model, &sizes);
        let (facts, reads) = gather_all(&usage);
        assert!(facts.len() > 2 * PER_BLOCK, "the model spans several blocks: {}", facts.len());
        let advice = crate::advisor::relations::advise_with(&facts, &reads);
        assert_eq!(advice.len(), facts.len());
        for (f, a) in facts.iter().zip(&advice) {
            assert_eq!(a.relation, f.rel.id);
            let mut items = Vec::new();
            let mut own = Reasons::of(f, &reads, &mut items);
            let votes = quick_votes(&own);
            let decision = super::super::decide::decide(f, &votes);
            super::super::summary::fill(&mut own.verdict, f, &decision, &votes, &mut items);
            let own = Block { reasons: vec![own], items };
            for (i, v) in a.criteria().enumerate() {
                assert_eq!(v.vote, votes[i], "{}", f.rel.id);
                assert_eq!(v.reason, own.text(i as u8), "{} {:?}", f.rel.id, v.criterion);
            }
            assert_eq!(a.summary(), own.text(SUMMARY), "{}", f.rel.id);
        }
        let block = Block::default();
        assert!(block.text(0).is_empty() && block.text(251).is_empty());
        assert_eq!(sentence_number(PER_BLOCK - 1, SUMMARY), 251);
    }
}
