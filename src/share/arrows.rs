//! A model's arrows for the router (`editor::routing`): the boxes drawn, one arrow per relation
//! between two of them, and a second, solid arrow beside a reference that also carries copies,
//! each with the words the canvas shows. The canvas, the SVG and so the PNG all route through
//! here, so they draw the same diagram.

use super::labels::{caption_parts, cardinality_label, parent_label};
use crate::editor::geometry::entity_rect;
use crate::editor::routing::{route_all, ArrowSpec, Input, Routed};
use crate::i18n::Lang;
use crate::model::{Model, Relation, Storage};
use std::collections::HashMap;

/// Which relation an arrow draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArrowOf {
    /// Index into the model's relations.
    pub relation: usize,
    /// The solid arrow of the copies beside a reference.
    pub copy: bool,
}

/// The router's input for a model, and what each arrow and box stands for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelArrows {
    pub input: Input,
    pub of: Vec<ArrowOf>,
    /// Entity id → box index.
    pub boxes: HashMap<String, usize>,
}

/// Whether a relation is drawn dashed (the application resolves it) and whether it also has a
/// solid arrow for the data it copies.
pub fn strokes(r: &Relation) -> (bool, bool) {
    let references = r.references() || r.storage == Storage::Outside;
    (references, references && r.copies_data())
}

/// The arrows of the entities `drawn` accepts (all, for the canvas), with a disagreement mark
/// where `disagrees` says the storage differs from the advisor's recommendation.
pub fn model_arrows(
    model: &Model,
    drawn: impl Fn(&str) -> bool,
    lang: Lang,
    disagrees: impl Fn(&Relation) -> bool,
) -> ModelArrows {
    let mut out = ModelArrows::default();
    for e in model.entities.iter().filter(|e| drawn(&e.id)) {
        out.boxes.insert(e.id.clone(), out.input.boxes.len());
        out.input.boxes.push(entity_rect(e));
    }
    let mut specs: Vec<ArrowSpec> = Vec::with_capacity(model.relations.len());
    for (i, r) in model.relations.iter().enumerate() {
        let (Some(&from), Some(&to)) = (out.boxes.get(&r.parent), out.boxes.get(&r.child)) else { continue };
        specs.push(ArrowSpec {
            from,
            to,
            start_label: parent_label(r).to_string(),
            end_label: cardinality_label(r, lang),
            caption: caption_parts(r, lang),
            mark: disagrees(r),
            beside: None,
        });
        out.of.push(ArrowOf { relation: i, copy: false });
        if strokes(r).1 {
            let beside = Some(specs.len() - 1);
            specs.push(ArrowSpec { from, to, beside, ..ArrowSpec::default() });
            out.of.push(ArrowOf { relation: i, copy: true });
        }
    }
    out.input.arrows = specs.into();
    out
}

/// Routes every arrow of the model.
pub fn route_model(arrows: &ModelArrows) -> Routed {
    route_all(&arrows.input)
}
