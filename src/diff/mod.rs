//! What changed between two versions of a design, and what the change does to it.
//!
//! [`diff`] matches the records of the two models by id and, where ids differ, by name (a
//! relation by its two ends), then lists what was added, removed or changed: entities and
//! their fields (type, required, constraints, size hints…), relations (storage, cardinality and
//! the other facts, copies and their categories), access patterns and the thresholds. Each
//! change is data: a property path with its old and new JSON values, so [`apply`] can replay
//! the list on the old model and get the new one (what the property tests check).
//!
//! Then come the consequences, from the advisor run on both ([`Consequences`]): relation
//! verdicts that flip, findings introduced and resolved (matched by code and place, never by
//! sentence), indexes added and dropped, document sizes and growth that change, writes that
//! start or stop spanning aggregates; and for every change, what the documents already stored
//! need ([`stored`]), with a migration section for the mongosh script ([`migration`]).
//!
//! Plain Rust, no browser dependency: the CLI's `docshape diff`, the app's compare view and the
//! review report all read the same [`ModelDiff`]. Every sentence is an [`crate::i18n::Text`].

mod apply;
mod consequences;
mod fields;
pub mod json;
pub mod markdown;
mod matching;
pub mod migration;
mod props;
mod records;
pub mod reshard;
pub mod sides;
pub mod stored;
pub mod text;
mod union;

pub use apply::apply;
pub use consequences::{Consequences, FindingChange, IndexChange, SizeChange, SpanChange, VerdictFlip};
pub use matching::MatchedBy;
pub use union::{field_marks, symbol, union};

use crate::advisor::{analyze, Report};
use crate::model::Model;
use serde::Serialize;
use serde_json::Value;

/// Whether a record or a field is new, gone or changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    Added,
    Removed,
    Changed,
}

/// One property that changed: its path in the file format (`cardinality.max`,
/// `collection.validationLevel`, `constraints.maxItems`) and its values, `None` when absent
/// (the file format leaves a default out).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PropertyChange {
    pub property: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
}

impl PropertyChange {
    /// Whether the change only moves a box on the canvas (not a change to the design).
    pub fn is_layout(&self) -> bool {
        self.property == "position" || self.property.starts_with("position.")
    }
}

/// A field added, removed or changed, by its path of names from the entity's top level.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldChange {
    /// The names from the top level down (`["valoracion", "media"]`): a name may hold a dot.
    pub path: Vec<String>,
    pub status: Status,
    /// For a changed field: its own properties (its sub-fields are changes of their own).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<PropertyChange>,
    /// The whole field: the new one when added, the old one when removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<Value>,
}

impl FieldChange {
    /// The path as people read it: `valoracion.media`.
    pub fn dotted(&self) -> String {
        self.path.join(".")
    }
}

/// An entity, relation or access pattern added, removed or changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordChange {
    pub status: Status,
    /// Its id in the old design (none when added).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_id: Option<String>,
    /// Its id in the new design (none when removed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_id: Option<String>,
    /// What it is called (the new name, or the old one when removed): an entity's name, a
    /// relation's `parent → child`, a pattern's id and name.
    pub label: String,
    /// How a changed record was found in both (same id, or same name under another id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matched_by: Option<MatchedBy>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<PropertyChange>,
    /// An entity's fields that changed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldChange>,
    /// The whole record: the new one when added, the old one when removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<Value>,
}

impl RecordChange {
    /// The id in the new design, else in the old one.
    pub fn id(&self) -> &str {
        self.new_id.as_deref().or(self.old_id.as_deref()).unwrap_or_default()
    }

    /// Whether the only change is where the box sits on the canvas.
    pub fn is_layout_only(&self) -> bool {
        self.status == Status::Changed
            && self.fields.is_empty()
            && self.properties.iter().all(PropertyChange::is_layout)
    }
}

/// Everything that differs between two designs, and what it does to them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelDiff {
    /// The design's own properties: name, database, notes, thresholds.
    pub design: Vec<PropertyChange>,
    pub entities: Vec<RecordChange>,
    pub relations: Vec<RecordChange>,
    pub queries: Vec<RecordChange>,
    pub consequences: Consequences,
}

impl ModelDiff {
    /// No change at all, layout included.
    pub fn is_empty(&self) -> bool {
        self.design.is_empty()
            && self.entities.is_empty()
            && self.relations.is_empty()
            && self.queries.is_empty()
            && self.consequences.is_empty()
    }

    /// Every change, layout moves left out: what a reviewer reads.
    pub fn changes(&self) -> impl Iterator<Item = &RecordChange> {
        self.entities.iter().chain(&self.relations).chain(&self.queries).filter(|c| !c.is_layout_only())
    }

    /// The design's own properties that changed, layout left out.
    pub fn design_changes(&self) -> impl Iterator<Item = &PropertyChange> {
        self.design.iter().filter(|p| !p.is_layout())
    }

    /// How many changes a reviewer reads (records and the design's own properties).
    pub fn change_count(&self) -> usize {
        self.changes().count() + self.design_changes().count()
    }
}

/// The differences between `old` and `new`, with the advisor run on both.
pub fn diff(old: &Model, new: &Model) -> ModelDiff {
    diff_with(old, &analyze(old), new, &analyze(new))
}

/// [`diff`] with the advisor's reports already at hand (the app has the current one).
pub fn diff_with(old: &Model, old_report: &Report, new: &Model, new_report: &Report) -> ModelDiff {
    let matched = matching::Matched::new(old, new);
    let labels = (crate::model::PlaceLabels::new(old), crate::model::PlaceLabels::new(new));
    let records = records::compare(old, new, &matched, &labels);
    let consequences = consequences::compare(old, old_report, new, new_report, &matched, &labels);
    ModelDiff {
        design: records.design,
        entities: records.entities,
        relations: records.relations,
        queries: records.queries,
        consequences,
    }
}

#[cfg(test)]
mod tests;
