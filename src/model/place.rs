//! Where a message points in a model ([`Place`]: an entity, a field, a relation, a query or the
//! model itself), and a structural problem at such a place ([`Problem`]), as the structural
//! checks (`structure.rs`, `names.rs`, `comment.rs`) report them.

use super::{Id, Model};
use crate::i18n::Text;
use serde::Serialize;

/// An element of the model a message points at.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Place {
    Model,
    Entity { id: Id },
    Field { entity: Id, path: Id },
    Relation { id: Id },
    Query { id: Id },
}

impl Place {
    /// A readable name: `catalogo`, `catalogo.valoracion.media`, `catalogo → resenas`, `C1 Ficha…`.
    pub fn label(&self, model: &Model) -> String {
        self.label_in(model, crate::i18n::Lang::En)
    }

    /// [`Place::label`] in `lang`: only the words for a missing element and for the model
    /// itself change; the model's names are its own.
    pub fn label_in(&self, model: &Model, lang: crate::i18n::Lang) -> String {
        use crate::i18n::Lang;
        let word = |en: &'static str, es: &'static str, pt: &'static str| match lang {
            Lang::En => en,
            Lang::Es => es,
            Lang::Pt => pt,
        };
        let entity_name = |id: &str| model.entity(id).map(|e| e.name.clone()).unwrap_or_else(|| id.to_string());
        match self {
            Place::Model => word("model", "modelo", "modelo").to_string(),
            Place::Entity { id } => entity_name(id),
            Place::Field { entity, path } => format!("{}.{path}", entity_name(entity)),
            Place::Relation { id } => match model.relation(id) {
                Some(r) => format!("{} → {}", entity_name(&r.parent), entity_name(&r.child)),
                None => format!("{} {id}", word("relation", "relación", "relação")),
            },
            Place::Query { id } => match model.query(id) {
                Some(q) => format!("{id} {}", q.name),
                None => format!("{} {id}", word("query", "patrón de acceso", "padrão de acesso")),
            },
        }
    }
}

/// A structural problem: where it is and what is wrong, in the three languages.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    pub place: Place,
    pub message: Text,
}

impl Problem {
    pub(crate) fn new(place: Place, message: Text) -> Problem {
        Problem { place, message }
    }
}
