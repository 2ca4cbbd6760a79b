//! Readable names of the places messages point at, for many messages at once: the model's ids
//! are hashed once, so labelling every finding of a large model stays linear.

use super::{Model, Place};
use crate::i18n::Lang;
use crate::keyed::HashMap;

/// The names [`Place::label_in`] shows, looked up by id.
pub struct PlaceLabels<'m> {
    entities: HashMap<&'m str, &'m str>,
    relations: HashMap<&'m str, (&'m str, &'m str)>,
    queries: HashMap<&'m str, &'m str>,
}

impl<'m> PlaceLabels<'m> {
    pub fn new(model: &'m Model) -> PlaceLabels<'m> {
        // The first element with an id wins, as `Model::entity` finds it.
        let mut entities = HashMap::default();
        for e in model.entities.iter().rev() {
            entities.insert(e.id.as_str(), e.name.as_str());
        }
        let mut relations = HashMap::default();
        for r in model.relations.iter().rev() {
            relations.insert(r.id.as_str(), (r.parent.as_str(), r.child.as_str()));
        }
        let mut queries = HashMap::default();
        for q in model.queries.iter().rev() {
            queries.insert(q.id.as_str(), q.name.as_str());
        }
        PlaceLabels { entities, relations, queries }
    }

    /// The entity's name, or the id itself when no entity has it.
    pub fn entity_name(&self, id: &'m str) -> &'m str {
        self.entities.get(id).copied().unwrap_or(id)
    }

    /// A readable name: `catalogo`, `catalogo.valoracion.media`, `catalogo → resenas`, `C1 Ficha…`.
    pub fn label(&self, place: &Place, lang: Lang) -> String {
        let word = |en: &'static str, es: &'static str, pt: &'static str| crate::i18n::pick(lang, [en, es, pt]);
        let name = |id: &str| self.entities.get(id).map_or_else(|| id.to_string(), |n| n.to_string());
        match place {
            Place::Model => word("model", "modelo", "modelo").to_string(),
            Place::Entity { id } => name(id),
            Place::Field { entity, path } => format!("{}.{path}", name(entity)),
            Place::Relation { id } => match self.relations.get(id.as_str()) {
                Some((parent, child)) => format!("{} → {}", name(parent), name(child)),
                None => format!("{} {id}", word("relation", "relación", "relação")),
            },
            Place::Query { id } => match self.queries.get(id.as_str()) {
                Some(q) => format!("{id} {q}"),
                None => format!("{} {id}", word("query", "patrón de acceso", "padrão de acesso")),
            },
        }
    }
}
