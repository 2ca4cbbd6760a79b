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
    /// Copied into the documents: the clauses that say how.
    Copied(Vec<Text>),
    /// Elsewhere: the clause that says where, or the name of the collection that holds it.
    Apart(Arg),
}

/// "{entity} is kept in {system}" for an external entity.
pub(super) fn kept_in(entity: &Entity) -> Text {
    match entity.system.as_deref() {
        Some(system) => text!(
            en: "{entity} is kept in {system}", es: "{entity} se guarda en {system}", pt: "{entity} fica em {system}";
            entity = &entity.name, system
        ),
        None => text!(
            en: "{entity} is kept in another database",
            es: "{entity} se guarda en otra base de datos",
            pt: "{entity} fica em outro banco de dados";
            entity = &entity.name
        ),
    }
}

/// How the data of entity `e` (at position `at`, as the id table finds it) reaches a query on
/// the documents of the collection at position `root`.
pub(super) fn reach(layout: &Layout, root: usize, e: &str, at: Option<usize>, write: bool) -> Reach {
    let Some((at, entity)) = at.and_then(|at| Some((at, layout.model.entities.get(at)?))) else {
        return Reach::Apart(
            text!(en: "{entity} does not exist", es: "{entity} no existe", pt: "{entity} não existe"; entity = e)
                .into(),
        );
    };
    // Roots are found by position: one entity per id.
    let e_root_at = layout.root_at(at);
    let e_root = e_root_at.and_then(|r| layout.model.entities.get(r));
    if e_root_at == Some(root) {
        return Reach::Embedded;
    }
    let apart = || -> Arg {
        match (entity.is_external(), e_root) {
            (true, _) => kept_in(entity),
            (false, Some(r)) if r.id != entity.id => text!(
                en: "{entity} lives in {root} documents",
                es: "{entity} vive en documentos de {root}",
                pt: "{entity} vive em documentos de {root}";
                entity = &entity.name, root = &r.name
            ),
            _ => text!(
                en: "{entity} is its own collection",
                es: "{entity} es una colección propia",
                pt: "{entity} é uma coleção própria";
                entity = &entity.name
            ),
        }
        .into()
    };
    if write {
        let holder = e_root.map_or_else(apart, |r| Arg::from(&r.name));
        return Reach::Apart(holder);
    }
    let inside = |end: Option<usize>| end.and_then(|end| layout.root_at(end)) == Some(root);
    let mut how = Vec::new();
    for r in layout.parents_at(at).iter().filter(|r| inside(layout.end_positions_of(r).0)) {
        if let Some(s) = &r.subset {
            how.push(text!(
                en: "{entity} come from the subset {field} (the {size} kept)",
                es: "{entity} vienen del subconjunto {field} (los {size} que se guardan)",
                pt: "{entity} vêm do subconjunto {field} (os {size} guardados)";
                entity = &entity.name, field = &s.field, size = s.size
            ));
        }
        for c in &r.computed {
            how.push(text!(
                en: "{field} is computed from {entity}",
                es: "{field} se calcula a partir de {entity}",
                pt: "{field} é calculado a partir de {entity}";
                field = &c.field, entity = &entity.name
            ));
        }
    }
    for r in layout.children_at(at).iter().filter(|r| !r.extended.is_empty() && inside(layout.end_positions_of(r).1)) {
        let fields: Vec<&str> = r.extended.iter().map(|c| c.target_name()).collect();
        how.push(text!(
            en: "{fields} of {entity} are copied in (extended reference)",
            es: "se guarda una copia de {fields} de {entity} (referencia extendida)",
            pt: "há nele uma cópia de {fields} de {entity} (referência estendida)";
            fields = fields.join(", "), entity = &entity.name
        ));
    }
    if how.is_empty() {
        Reach::Apart(apart())
    } else {
        Reach::Copied(how)
    }
}
