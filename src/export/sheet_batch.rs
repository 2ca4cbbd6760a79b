//! Many decision sheets from one model and report, one at a time (the review report writes
//! each collection's sheet in its own section): the look-ups every sheet reads are built once,
//! so a report on thousands of collections stays linear.

use super::document::Builder;
use super::examples::collection_examples;
use super::mongosh::advice_map;
use super::sheet::sheet_into;
use super::sheet_index::ReportIndex;
use crate::advisor::{IndexAdvice, Report};
use crate::i18n::Lang;
use crate::model::{Entity, Model};
use std::collections::HashMap;

/// The shared look-ups of the sheets of one model.
pub struct SheetBatch<'m> {
    builder: Builder<'m>,
    index: ReportIndex<'m>,
    advice: HashMap<&'m str, Vec<&'m IndexAdvice>>,
}

impl<'m> SheetBatch<'m> {
    pub fn new(model: &'m Model, report: &'m Report) -> SheetBatch<'m> {
        SheetBatch {
            builder: Builder::new(model),
            index: ReportIndex::new(model, report),
            advice: advice_map(&report.indexes),
        }
    }

    /// The builder the sheets use (for validators and examples of the same model).
    pub fn builder(&self) -> &Builder<'m> {
        &self.builder
    }

    /// The sheet of `entity`, as [`super::sheet::sheet`] writes it.
    pub fn sheet(&self, entity: &Entity, lang: Lang) -> String {
        let advice = self.advice.get(entity.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
        let examples = collection_examples(&self.builder, &entity.id);
        let mut out = String::new();
        sheet_into(&mut out, &self.builder, &self.index, entity, advice, examples.as_ref(), lang);
        out
    }
}
