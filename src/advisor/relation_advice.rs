//! The advice on one relation: the recommendation, the six criteria's votes with the
//! sentences that explain them, the summary, and the access patterns that read the relation.

use super::{CardinalityClass, Criterion, CriterionVote, Recommendation, Vote};
use crate::i18n::Text;
use crate::model::Id;
use serde::Serialize;

/// What the advisor recommends for one relation, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RelationAdvice {
    pub relation: Id,
    pub class: CardinalityClass,
    pub recommendation: Recommendation,
    /// The six criteria, in `Criterion::ALL` order, each with its vote and reason.
    criteria: [CriterionVote; 6],
    /// One sentence: the verdict and the criterion that decided it.
    summary: Text,
    /// The access patterns that read parent and child together.
    read_together: Vec<Id>,
    /// The access patterns that read the child without its parent.
    read_apart: Vec<Id>,
    /// Whether the user's chosen storage agrees with the recommendation.
    pub agrees: bool,
}

impl RelationAdvice {
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
        let mut all =
            Criterion::ALL.map(|criterion| CriterionVote { criterion, vote: Vote::Neutral, reason: Text::empty() });
        for c in criteria {
            let at = c.criterion.index();
            all[at] = c;
        }
        RelationAdvice {
            relation: relation.into(),
            class,
            recommendation,
            criteria: all,
            summary,
            read_together: Vec::new(),
            read_apart: Vec::new(),
            agrees,
        }
    }

    /// The advice with its read lists given: the access patterns that read parent and child
    /// together, and those that read the child without its parent.
    pub fn with_reads(mut self, together: Vec<Id>, apart: Vec<Id>) -> Self {
        self.read_together = together;
        self.read_apart = apart;
        self
    }

    /// Access patterns that read parent and child together.
    pub fn read_together(&self) -> &[Id] {
        &self.read_together
    }

    /// Access patterns that read the child without its parent.
    pub fn read_apart(&self) -> &[Id] {
        &self.read_apart
    }

    /// The vote of criterion `c`.
    pub fn vote(&self, c: Criterion) -> Vote {
        self.criteria[c.index()].vote
    }

    /// The reason of criterion `c`'s vote.
    pub fn reason(&self, c: Criterion) -> &Text {
        &self.criteria[c.index()].reason
    }

    /// One sentence: the verdict and the criterion that decided it.
    pub fn summary(&self) -> &Text {
        &self.summary
    }

    /// The six criteria with their reasons, when they were written (see
    /// [`crate::advisor::analyze_votes`]: every criterion of the advisor's writes one).
    pub fn written_criteria(&self) -> Option<[CriterionVote; 6]> {
        self.criteria.iter().any(|c| !c.reason.is_empty()).then(|| self.criteria.clone())
    }

    /// The six criteria, in `Criterion::ALL` order, each with its vote and reason.
    pub fn criteria(&self) -> std::slice::Iter<'_, CriterionVote> {
        self.criteria.iter()
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
        let written = serde_json::to_string(&a).expect("serialises");
        let at = |key: &str| written.find(&format!("\"{key}\":")).unwrap_or(usize::MAX);
        let keys =
            ["relation", "class", "recommendation", "criteria", "summary", "readTogether", "readApart", "agrees"];
        assert!(keys.windows(2).all(|k| at(k[0]) < at(k[1])), "in the order of the report format: {written}");
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
