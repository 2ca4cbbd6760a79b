//! How the data of an entity an access pattern touches reaches it: inside the same
//! documents, copied into them (subset, computed values, extended reference), or elsewhere.

use crate::advisor::paths::Layout;
use crate::i18n::{Arg, Text};
use crate::model::Entity;
use crate::text;

/// How a touched entity's data reaches the query.
pub(super) enum Reach {
    /// Inside the same documents.
    Embedded,
    /// Copied into the documents: the clauses that say how were added to the list given.
    Copied,
    /// Elsewhere: the clause that says where, or the name of the collection that holds it,
    /// was added to the list given.
    Apart,
}

/// One clause of a query's explanation, kept as its names and figures until read (the
/// sentence it says is built by [`Clause::arg`]).
#[derive(Debug, Clone)]
pub(super) enum Clause {
    /// "{entity} does not exist".
    Missing(Arg),
    /// "{entity} is kept in {system}" (another database when no system).
    KeptIn(Arg, Option<Arg>),
    /// "{entity} lives in {root} documents".
    LivesIn(Arg, Arg),
    /// "{entity} is its own collection".
    Own(Arg),
    /// The name of the collection that holds it (for a write).
    Holder(Arg),
    /// "{entity} come from the subset {field} (the {size} kept)".
    Subset(Arg, Arg, Arg),
    /// "{field} is computed from {entity}".
    Computed(Arg, Arg),
    /// "{fields} of {entity} are copied in (extended reference)".
    Extended(Arg, Arg),
}

impl Clause {
    /// Whether the clause says where data kept apart is (rather than how it is copied in).
    pub(super) fn is_apart(&self) -> bool {
        !matches!(self, Clause::Subset(..) | Clause::Computed(..) | Clause::Extended(..))
    }

    /// The clause as an argument of the query's first sentence.
    pub(super) fn arg(&self) -> Arg {
        match self {
            Clause::Missing(entity) => {
                text!(en: "{entity} does not exist", es: "{entity} no existe", pt: "{entity} não existe"; entity).into()
            }
            Clause::KeptIn(entity, system) => kept_in_text(entity, system.as_ref()).into(),
            Clause::LivesIn(entity, root) => text!(
                en: "{entity} lives in {root} documents",
                es: "{entity} vive en documentos de {root}",
                pt: "{entity} vive em documentos de {root}";
                entity, root
            )
            .into(),
            Clause::Own(entity) => text!(
                en: "{entity} is its own collection",
                es: "{entity} es una colección propia",
                pt: "{entity} é uma coleção própria";
                entity
            )
            .into(),
            Clause::Holder(name) => name.clone(),
            Clause::Subset(entity, field, size) => text!(
                en: "{entity} come from the subset {field} (the {size} kept)",
                es: "{entity} vienen del subconjunto {field} (los {size} que se guardan)",
                pt: "{entity} vêm do subconjunto {field} (os {size} guardados)";
                entity, field, size
            )
            .into(),
            Clause::Computed(field, entity) => text!(
                en: "{field} is computed from {entity}",
                es: "{field} se calcula a partir de {entity}",
                pt: "{field} é calculado a partir de {entity}";
                field, entity
            )
            .into(),
            Clause::Extended(fields, entity) => text!(
                en: "{fields} of {entity} are copied in (extended reference)",
                es: "se guarda una copia de {fields} de {entity} (referencia extendida)",
                pt: "há nele uma cópia de {fields} de {entity} (referência estendida)";
                fields, entity
            )
            .into(),
        }
    }
}

/// "{entity} is kept in {system}" for an external entity.
pub(super) fn kept_in(entity: &Entity) -> Text {
    kept_in_text(&Arg::from(&entity.name), entity.system.as_deref().map(Arg::from).as_ref())
}

/// "{entity} is kept in {system}" (or "in another database" when no system is named).
fn kept_in_text(entity: &Arg, system: Option<&Arg>) -> Text {
    match system {
        Some(system) => text!(
            en: "{entity} is kept in {system}", es: "{entity} se guarda en {system}", pt: "{entity} fica em {system}";
            entity, system
        ),
        None => text!(
            en: "{entity} is kept in another database",
            es: "{entity} se guarda en otra base de datos",
            pt: "{entity} fica em outro banco de dados";
            entity
        ),
    }
}

/// How the data of entity `e` (at position `at`, as the id table finds it) reaches a query on
/// the documents of the collection at position `root`; the clauses that say how (those of a
/// copy, or the one that says where it is kept apart) are added to `how`.
pub(super) fn reach(
    layout: &Layout,
    root: usize,
    e: &str,
    at: Option<usize>,
    write: bool,
    how: &mut Vec<Clause>,
) -> Reach {
    let Some((at, entity)) = at.and_then(|at| Some((at, layout.model.entities.get(at)?))) else {
        how.push(Clause::Missing(Arg::from(e)));
        return Reach::Apart;
    };
    // Roots are found by position: one entity per id.
    let e_root_at = layout.root_at(at);
    let e_root = e_root_at.and_then(|r| layout.model.entities.get(r));
    if e_root_at == Some(root) {
        return Reach::Embedded;
    }
    let apart = || -> Clause {
        match (entity.is_external(), e_root) {
            (true, _) => Clause::KeptIn(Arg::from(&entity.name), entity.system.as_deref().map(Arg::from)),
            (false, Some(r)) if r.id != entity.id => Clause::LivesIn(Arg::from(&entity.name), Arg::from(&r.name)),
            _ => Clause::Own(Arg::from(&entity.name)),
        }
    };
    if write {
        how.push(e_root.map_or_else(apart, |r| Clause::Holder(Arg::from(&r.name))));
        return Reach::Apart;
    }
    let inside = |end: Option<usize>| end.and_then(|end| layout.root_at(end)) == Some(root);
    let before = how.len();
    for r in layout.parents_at(at).iter().filter(|r| inside(layout.end_positions_of(r).0)) {
        if let Some(s) = &r.subset {
            how.push(Clause::Subset(Arg::from(&entity.name), Arg::from(&s.field), Arg::from(s.size)));
        }
        for c in &r.computed {
            how.push(Clause::Computed(Arg::from(&c.field), Arg::from(&entity.name)));
        }
    }
    for r in layout.children_at(at).iter().filter(|r| !r.extended.is_empty() && inside(layout.end_positions_of(r).1)) {
        let fields: Vec<&str> = r.extended.iter().map(|c| c.target_name()).collect();
        how.push(Clause::Extended(Arg::from(fields.join(", ")), Arg::from(&entity.name)));
    }
    if how.len() == before {
        how.push(apart());
        Reach::Apart
    } else {
        Reach::Copied
    }
}
