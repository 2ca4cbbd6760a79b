//! What every rule reads: the model, the shared picture of the design (facts) and the report
//! (the advice derived before the rules run).

use super::design::Design;
use super::rules::wanted_embeds::{wanted_embeds, WantedEmbed};
use super::{IndexAdvice, RelationAdvice, Report};
use crate::model::Model;
use std::cell::OnceCell;

pub struct Context<'a> {
    pub model: &'a Model,
    /// The facts about the model every rule shares: see [`Design`].
    pub design: &'a Design<'a>,
    /// The advice derived before the rules run: relation verdicts, aggregates, spanning
    /// writes, patterns, indexes, how each query is served. Its `sizes` and `findings` are
    /// filled after the rules: the sizes are the design's [`Design::collections`].
    pub report: &'a Report,
    /// The embeddings the criteria recommend and the design lacks, worked out on the first
    /// ask (DS105 and DS106 both read them).
    wanted: OnceCell<Vec<WantedEmbed<'a>>>,
}

impl<'a> Context<'a> {
    /// The context of a report made by `analyze` for the design's model.
    pub fn new(design: &'a Design<'a>, report: &'a Report) -> Context<'a> {
        Context { model: design.model, design, report, wanted: OnceCell::new() }
    }

    /// The advice about a relation (one per relation, in model order).
    pub fn advice(&self, relation: &str) -> Option<&'a RelationAdvice> {
        let report: &'a Report = self.report;
        let at = self.design.ids().relation_position(relation).and_then(|i| report.relations.get(i));
        at.filter(|a| a.relation == relation).or_else(|| report.relation(relation))
    }

    /// The relations DS102 reports with embed as the storage to set, with the aggregates each
    /// would join (see [`super::rules::wanted_embeds`]).
    pub(crate) fn wanted_embeds(&self) -> &[WantedEmbed<'a>] {
        self.wanted.get_or_init(|| wanted_embeds(self))
    }

    /// Derived and declared indexes of one collection.
    pub fn indexes_of(&self, entity: &'a str) -> impl Iterator<Item = &'a IndexAdvice> + 'a {
        self.report.indexes.iter().filter(move |i| i.entity == entity)
    }
}
