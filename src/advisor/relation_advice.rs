//! The advice on one relation: the recommendation, the six criteria's votes and the sentences
//! that explain them.
//!
//! An analysis of 2,000 relations writes 14,000 of those sentences and the user reads a
//! handful, so the advice keeps the votes as plain values and the seven sentences (six reasons
//! and the summary) as one shared source and a position in it: each is built when read
//! ([`RelationAdvice::reason`], [`RelationAdvice::summary`], [`RelationAdvice::criteria`]).
//! Serialised, the advice reads as if it held them (`criteria`: `{criterion, vote, reason}`
//! six times, then `summary`).

use super::{CardinalityClass, Criterion, CriterionVote, Recommendation, Vote};
use crate::i18n::{Deferred, Text};
use crate::model::Id;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// The sentences of one relation's advice: number `first + i` of `source` is the reason of
/// criterion `i` (in `Criterion::ALL` order), `first + 6` the summary.
#[derive(Clone)]
struct Sentences {
    source: Arc<dyn Deferred>,
    first: u8,
}

impl Sentences {
    fn get(&self, i: u8) -> Text {
        self.source.text(self.first.wrapping_add(i))
    }
}

/// A relation's read lists: two runs of a store of access pattern ids shared by the advice of
/// every relation of an analysis (one list for them all, not two per relation).
#[derive(Clone)]
pub(crate) struct Reads {
    store: Arc<Vec<Id>>,
    together: Range<usize>,
    apart: Range<usize>,
}

impl Reads {
    /// The lists at positions `together` and `apart` of `store`.
    pub(crate) fn new(store: Arc<Vec<Id>>, together: Range<usize>, apart: Range<usize>) -> Reads {
        Reads { store, together, apart }
    }

    /// The ids of one run (none if the run is not in the store).
    fn run(&self, run: &Range<usize>) -> &[Id] {
        self.store.get(run.clone()).unwrap_or_default()
    }
}

/// Sentences given as they are (advice written by hand rather than by the advisor).
#[derive(Debug)]
struct Written([Text; 7]);

impl Deferred for Written {
    fn text(&self, which: u8) -> Text {
        self.0.get(usize::from(which)).cloned().unwrap_or_else(Text::empty)
    }
}

/// The sentence number of the summary after a relation's first (the reasons are 0 to 5).
const SUMMARY: u8 = 6;

/// What the advisor recommends for one relation, and why.
#[derive(Clone)]
pub struct RelationAdvice {
    /// The relation's id (inline when short: no allocation).
    pub relation: Id,
    pub class: CardinalityClass,
    pub recommendation: Recommendation,
    /// The six votes, in `Criterion::ALL` order.
    votes: [Vote; 6],
    /// Their reasons and the summary, built when read.
    sentences: Sentences,
    /// The access patterns that read parent and child together, and the child without its
    /// parent ([`RelationAdvice::read_together`], [`RelationAdvice::read_apart`]).
    reads: Reads,
    /// Whether the user's chosen storage agrees with the recommendation.
    pub agrees: bool,
}

impl RelationAdvice {
    /// The advice whose sentences are numbers `first` to `first + 6` of `source` (the six
    /// reasons in `Criterion::ALL` order, then the summary), with its read lists.
    #[allow(clippy::too_many_arguments)] // one per part of the advice, each named at the call
    pub(crate) fn from_source(
        relation: Id,
        class: CardinalityClass,
        recommendation: Recommendation,
        votes: [Vote; 6],
        source: Arc<dyn Deferred>,
        first: u8,
        reads: Reads,
        agrees: bool,
    ) -> RelationAdvice {
        RelationAdvice { relation, class, recommendation, votes, sentences: Sentences { source, first }, reads, agrees }
    }

    /// The advice with its read lists given: the access patterns that read parent and child
    /// together, and those that read the child without its parent.
    pub fn with_reads(mut self, together: Vec<Id>, apart: Vec<Id>) -> Self {
        let split = together.len();
        let mut store = together;
        store.extend(apart);
        let end = store.len();
        self.reads = Reads::new(Arc::new(store), 0..split, split..end);
        self
    }

    /// Access patterns that read parent and child together (ids inline when short).
    pub fn read_together(&self) -> &[Id] {
        self.reads.run(&self.reads.together)
    }

    /// Access patterns that read the child without its parent.
    pub fn read_apart(&self) -> &[Id] {
        self.reads.run(&self.reads.apart)
    }

    /// Advice with its votes, reasons and summary given (`criteria` in any order; a criterion
    /// given twice keeps the last, one left out is neutral with no reason); the read lists
    /// start empty ([`RelationAdvice::with_reads`]).
    pub fn new(
        relation: impl Into<Id>,
        class: CardinalityClass,
        recommendation: Recommendation,
        criteria: impl IntoIterator<Item = CriterionVote>,
        summary: Text,
        agrees: bool,
    ) -> RelationAdvice {
        let mut votes = [Vote::Neutral; 6];
        let mut texts: [Text; 7] = std::array::from_fn(|_| Text::empty());
        for c in criteria {
            let i = c.criterion.index();
            // `index` < 6: in bounds of both arrays.
            votes[i] = c.vote;
            texts[i] = c.reason;
        }
        texts[usize::from(SUMMARY)] = summary;
        let reads = Reads::new(Arc::new(Vec::new()), 0..0, 0..0);
        Self::from_source(relation.into(), class, recommendation, votes, Arc::new(Written(texts)), 0, reads, agrees)
    }

    /// The vote of criterion `c`.
    pub fn vote(&self, c: Criterion) -> Vote {
        self.votes[c.index()]
    }

    /// The six votes, in `Criterion::ALL` order.
    pub fn votes(&self) -> &[Vote; 6] {
        &self.votes
    }

    /// The reason of criterion `c`'s vote (built when called).
    pub fn reason(&self, c: Criterion) -> Text {
        self.sentences.get(c.index() as u8)
    }

    /// One sentence: the verdict and the criterion that decided it (built when called).
    pub fn summary(&self) -> Text {
        self.sentences.get(SUMMARY)
    }

    /// The summary as a sentence built each time it is read, sharing the advice's source:
    /// for keeping it elsewhere (a finding's explanation) without building it now.
    pub fn summary_when_read(&self) -> Text {
        Text::deferred(Arc::clone(&self.sentences.source), self.sentences.first.wrapping_add(SUMMARY))
    }

    /// The six criteria, in `Criterion::ALL` order, each with its vote and reason (each reason
    /// built as the iterator reaches it).
    pub fn criteria(&self) -> impl ExactSizeIterator<Item = CriterionVote> + '_ {
        Criterion::ALL.into_iter().map(|criterion| CriterionVote {
            criterion,
            vote: self.vote(criterion),
            reason: self.reason(criterion),
        })
    }
}

impl PartialEq for RelationAdvice {
    /// The same advice saying the same things (sentences compared as built).
    fn eq(&self, other: &RelationAdvice) -> bool {
        self.relation == other.relation
            && self.class == other.class
            && self.recommendation == other.recommendation
            && self.votes == other.votes
            && self.agrees == other.agrees
            && self.read_together() == other.read_together()
            && self.read_apart() == other.read_apart()
            && (0..=SUMMARY).all(|i| self.sentences.get(i) == other.sentences.get(i))
    }
}

/// The criteria as the list they serialise as.
struct Criteria<'a>(&'a RelationAdvice);

impl Serialize for Criteria<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.criteria())
    }
}

impl Serialize for RelationAdvice {
    /// The fields in their order, the criteria as a list of `{criterion, vote, reason}` and
    /// the summary as its English sentence.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("RelationAdvice", 8)?;
        s.serialize_field("relation", &self.relation)?;
        s.serialize_field("class", &self.class)?;
        s.serialize_field("recommendation", &self.recommendation)?;
        s.serialize_field("criteria", &Criteria(self))?;
        s.serialize_field("summary", &self.summary())?;
        s.serialize_field("readTogether", self.read_together())?;
        s.serialize_field("readApart", self.read_apart())?;
        s.serialize_field("agrees", &self.agrees)?;
        s.end()
    }
}

impl fmt::Debug for RelationAdvice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RelationAdvice")
            .field("relation", &self.relation)
            .field("class", &self.class)
            .field("recommendation", &self.recommendation)
            .field("criteria", &self.criteria().collect::<Vec<_>>())
            .field("summary", &self.summary())
            .field("read_together", &self.read_together())
            .field("read_apart", &self.read_apart())
            .field("agrees", &self.agrees)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn vote(criterion: Criterion, vote: Vote, reason: &str) -> CriterionVote {
        CriterionVote { criterion, vote, reason: Text::plain(reason) }
    }

    /// Advice written by hand reads back what it was given, each vote and reason under its
    /// criterion whatever the order given, and serialises like a list of six.
    #[test]
    fn written_advice_reads_back_what_it_was_given() {
        let a = RelationAdvice::new(
            "r1",
            CardinalityClass::OneToMany,
            Recommendation::ReferenceFromChild,
            [vote(Criterion::Growth, Vote::Reference, "grows"), vote(Criterion::Cardinality, Vote::Embed, "few")],
            Text::plain("reference"),
            true,
        );
        assert_eq!(a.vote(Criterion::Growth), Vote::Reference);
        assert_eq!(a.vote(Criterion::Size), Vote::Neutral);
        assert_eq!(a.reason(Criterion::Cardinality).render(Lang::Es), "few");
        assert!(a.reason(Criterion::Size).is_empty());
        assert_eq!(a.summary().en(), "reference");
        let order: Vec<Criterion> = a.criteria().map(|c| c.criterion).collect();
        assert_eq!(order, Criterion::ALL);
        let json = serde_json::to_value(&a).expect("serialises");
        assert_eq!(json["criteria"].as_array().map(Vec::len), Some(6));
        assert_eq!(
            json["criteria"][4],
            serde_json::json!({"criterion": "growth", "vote": "reference", "reason": "grows"})
        );
        assert_eq!(json["summary"], "reference");
        assert_eq!(json["readTogether"], serde_json::json!([]));
        assert_eq!(a, a.clone());
        let read = a.clone().with_reads(vec!["Q1".into(), "Q2".into()], vec!["Q3".into()]);
        assert_eq!((read.read_together(), read.read_apart()), (&["Q1".into(), "Q2".into()][..], &["Q3".into()][..]));
        assert_eq!(serde_json::to_value(&read).expect("serialises")["readApart"], serde_json::json!(["Q3"]));
        assert_ne!(a, read);
        let mut other = a.clone();
        other.agrees = false;
        assert_ne!(a, other);
    }
}
