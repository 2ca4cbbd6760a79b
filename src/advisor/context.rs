//! What every rule reads: the model, the shared picture of the design (facts) and the report
//! (the advice derived before the rules run).

use super::design::Design;
use super::{IndexAdvice, RelationAdvice, Report};
use crate::model::Model;

pub struct Context<'a> {
    pub model: &'a Model,
    /// The facts about the model every rule shares: see [`Design`].
    pub design: &'a Design<'a>,
    /// The advice derived before the rules run: relation verdicts, aggregates, spanning
    /// writes, patterns, indexes, how each query is served. Its `sizes` and `findings` are
    /// filled after the rules: the sizes are the design's [`Design::collections`].
    pub report: &'a Report,
}

impl<'a> Context<'a> {
    /// The context of a report made by `analyze` for the design's model.
    pub fn new(design: &'a Design<'a>, report: &'a Report) -> Context<'a> {
        Context { model: design.model, design, report }
    }

    /// The advice about a relation (one per relation, in model order).
    pub fn advice(&self, relation: &str) -> Option<&'a RelationAdvice> {
        let report: &'a Report = self.report;
        let at = self.design.ids().relation_position(relation).and_then(|i| report.relations.get(i));
        at.filter(|a| a.relation == relation).or_else(|| report.relation(relation))
    }

    /// Derived and declared indexes of one collection.
    pub fn indexes_of(&self, entity: &'a str) -> impl Iterator<Item = &'a IndexAdvice> + 'a {
        self.report.indexes.iter().filter(move |i| i.entity == entity)
    }
}
