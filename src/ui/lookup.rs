//! Look-ups the canvas shares between all its boxes and arrows, built once per change of the
//! model or the report, so that drawing n boxes and m arrows costs n + m look-ups and not n or
//! m scans of the model's lists or the advisor's findings each.

use super::state::Editor;
use crate::advisor::{Recommendation, Report, Severity};
use crate::model::{Entity, Model, Place, Relation};
use leptos::prelude::*;
use std::collections::HashMap;

/// The canvas' shared look-ups (a context provided by the canvas).
#[derive(Clone, Copy)]
pub struct Lookup {
    /// Position of each entity and relation in the model's lists, by id.
    positions: Memo<Positions>,
    /// The worst severity among the findings on each entity (or on one of its fields).
    worst: Memo<HashMap<String, Severity>>,
    /// Each relation's advice: whether the design agrees, the recommendation and its summary.
    advice: Memo<HashMap<String, Advice>>,
}

/// What an arrow shows of the advisor's view of its relation.
pub type Advice = (bool, Recommendation, crate::i18n::Text);

#[derive(Default, PartialEq)]
struct Positions {
    entities: HashMap<String, usize>,
    relations: HashMap<String, usize>,
}

impl Lookup {
    pub fn new(editor: Editor) -> Lookup {
        let positions = Memo::new(move |_| editor.model.with(positions));
        let worst = Memo::new(move |_| editor.report.with(worst_by_entity));
        let advice = Memo::new(move |_| {
            editor.report.with(|r| {
                r.relations
                    .iter()
                    .map(|a| (a.relation.to_string(), (a.agrees, a.recommendation, a.summary().clone())))
                    .collect()
            })
        });
        Lookup { positions, worst, advice }
    }

    /// Reads entity `id` of `m` (tracks the model's ids, not their contents).
    pub fn entity<'m>(&self, m: &'m Model, id: &str) -> Option<&'m Entity> {
        let at = self.positions.with(|p| p.entities.get(id).copied());
        at.and_then(|i| m.entities.get(i)).filter(|e| e.id == id).or_else(|| m.entity(id))
    }

    /// Reads relation `id` of `m`.
    pub fn relation<'m>(&self, m: &'m Model, id: &str) -> Option<&'m Relation> {
        let at = self.positions.with(|p| p.relations.get(id).copied());
        at.and_then(|i| m.relations.get(i)).filter(|r| r.id == id).or_else(|| m.relation(id))
    }

    /// The worst severity of the findings on entity `id` (tracked).
    pub fn worst(&self, id: &str) -> Option<Severity> {
        self.worst.with(|w| w.get(id).copied())
    }

    /// Whether the storage of relation `id` differs from the advisor's recommendation (tracked).
    pub fn disagrees(&self, id: &str) -> bool {
        self.advice.with(|a| a.get(id).is_some_and(|(agrees, _, _)| !agrees))
    }

    /// The advice on relation `id` (tracked).
    pub fn advice(&self, id: &str) -> Option<Advice> {
        self.advice.with(|a| a.get(id).cloned())
    }
}

fn positions(m: &Model) -> Positions {
    Positions {
        entities: m.entities.iter().enumerate().map(|(i, e)| (e.id.clone(), i)).collect(),
        relations: m.relations.iter().enumerate().map(|(i, r)| (r.id.clone(), i)).collect(),
    }
}

fn worst_by_entity(r: &Report) -> HashMap<String, Severity> {
    let mut out: HashMap<String, Severity> = HashMap::new();
    for f in &r.findings {
        let id = match &f.place {
            Place::Entity { id } => id,
            Place::Field { entity, .. } => entity,
            _ => continue,
        };
        match out.get_mut(id.as_str()) {
            Some(s) => *s = (*s).min(f.severity),
            None => {
                out.insert(id.to_string(), f.severity);
            }
        }
    }
    out
}
