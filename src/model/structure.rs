//! Structural checks of a loaded model: ids that point nowhere, embedding cycles, names
//! MongoDB forbids (see `names.rs`), absurd numbers. Each problem names the place, so the UI can
//! select it, and says what is wrong as a [`Text`](crate::i18n::Text) in the three languages.

use super::ids::{IdIndex, Kind};
use super::names::check_names_into;
use super::{Field, Id, Model, Place, Problem, Storage};
use crate::i18n::{Arg, Text};
use crate::keyed::{HashMap, HashSet};
use crate::text;

/// A number that cannot be (negative, not finite), shown as the file has it: a figure format
/// would hide what is wrong with it (a count cannot print `-3` or `NaN`).
fn raw(x: f64) -> Arg {
    Arg::from(x.to_string())
}

/// Calls `visit(path, field)` for every field, depth first.
pub fn walk_fields(fields: &[Field], prefix: &str, visit: &mut dyn FnMut(&str, &Field)) {
    for field in fields {
        let path = if prefix.is_empty() { field.name.clone() } else { format!("{prefix}.{}", field.name) };
        visit(&path, field);
        walk_fields(&field.fields, &path, visit);
    }
}

/// Every structural problem: duplicate and dangling ids, embedding cycles and double
/// parents, forbidden names, absurd numbers.
pub fn check_structure(model: &Model) -> Vec<Problem> {
    check_structure_with(&IdIndex::new(model))
}

/// [`check_structure`] with the id table the advisor already built.
pub(crate) fn check_structure_with(ids: &IdIndex) -> Vec<Problem> {
    let model = ids.model;
    let mut out = Vec::new();
    // The place is built only when there is a problem to report.
    type PlaceOf = fn(&String) -> Place;
    let entity: PlaceOf = |id| Place::Entity { id: Id::new(id) };
    let relation: PlaceOf = |id| Place::Relation { id: Id::new(id) };
    let query: PlaceOf = |id| Place::Query { id: Id::new(id) };
    let elements = (model.entities.iter().enumerate().map(|(i, e)| (Kind::Entity, i, &e.id, entity)))
        .chain(model.relations.iter().enumerate().map(|(i, r)| (Kind::Relation, i, &r.id, relation)))
        .chain(model.queries.iter().enumerate().map(|(i, q)| (Kind::Query, i, &q.id, query)));
    // The repeats are listed in the order of `elements`. With no empty id and no repeat (most
    // models) the pass finds nothing, and is skipped.
    let mut repeats = ids.repeats().iter().peekable();
    let id_problems = ids.any_empty_id() || repeats.peek().is_some();
    if id_problems {
        for (kind, i, id, place) in elements {
            let repeated = repeats.next_if(|&&r| r == (kind, i)).is_some();
            if id.is_empty() {
                out.push(Problem::new(
                    place(id),
                    text!(en: "an element has an empty id", es: "un elemento tiene un id vacío", pt: "um elemento tem um id vazio"),
                ));
            } else if repeated {
                out.push(Problem::new(
                    place(id),
                    text!(
                        en: "the id \"{id}\" is used twice",
                        es: "el id \"{id}\" se usa dos veces",
                        pt: "o id \"{id}\" é usado duas vezes";
                        id
                    ),
                ));
            }
        }
    }
    for (i, rel) in model.relations.iter().enumerate() {
        let place = || Place::Relation { id: Id::new(&rel.id) };
        let (parent, child) = ids.end_positions(i);
        if parent.is_none() {
            out.push(Problem::new(
                place(),
                text!(
                    en: "its parent \"{id}\" does not exist",
                    es: "su padre \"{id}\" no existe",
                    pt: "seu pai \"{id}\" não existe";
                    id = &rel.parent
                ),
            ));
        }
        if child.is_none() {
            out.push(Problem::new(
                place(),
                text!(
                    en: "its child \"{id}\" does not exist",
                    es: "su hijo \"{id}\" no existe",
                    pt: "seu filho \"{id}\" não existe";
                    id = &rel.child
                ),
            ));
        }
        if rel.storage == Storage::Embed && rel.parent == rel.child {
            out.push(Problem::new(
                place(),
                text!(
                    en: "an entity cannot embed itself",
                    es: "una entidad no puede embeberse a sí misma",
                    pt: "uma entidade não pode embutir a si mesma"
                ),
            ));
        }
        let c = &rel.cardinality;
        if !c.typical.is_finite() || c.typical < 0.0 {
            out.push(Problem::new(
                place(),
                text!(
                    en: "typical children per parent must be a number ≥ 0, not {value}",
                    es: "los hijos típicos por padre deben ser un número ≥ 0, no {value}",
                    pt: "os filhos típicos por pai devem ser um número ≥ 0, não {value}";
                    value = raw(c.typical)
                ),
            ));
        } else if let Some(max) = c.max {
            if c.typical > max as f64 {
                out.push(Problem::new(
                    place(),
                    text!(
                        en: "typical children ({typical}) is above the maximum ({max})",
                        es: "los hijos típicos ({typical}) superan el máximo ({max})",
                        pt: "os filhos típicos ({typical}) passam do máximo ({max})";
                        typical = raw(c.typical), max = max.to_string()
                    ),
                ));
            }
        }
        if let Some(g) = c.growth_per_day {
            if !g.is_finite() || g < 0.0 {
                out.push(Problem::new(
                    place(),
                    text!(
                        en: "growth per day must be a number ≥ 0, not {value}",
                        es: "el crecimiento por día debe ser un número ≥ 0, no {value}",
                        pt: "o crescimento por dia deve ser um número ≥ 0, não {value}";
                        value = raw(g)
                    ),
                ));
            }
        }
        if let Some(o) = &c.outliers {
            if !(0.0..=1.0).contains(&o.share) {
                out.push(Problem::new(
                    place(),
                    text!(
                        en: "the outlier share must be between 0 and 1, not {value}",
                        es: "la proporción de valores atípicos debe estar entre 0 y 1, no {value}",
                        pt: "a proporção de outliers deve estar entre 0 e 1, não {value}";
                        value = raw(o.share)
                    ),
                ));
            }
        }
    }
    // Embedding relations by child, counted at the child's position.
    // With it, the first embedding relation of each child by the child's position, for the
    // cycle walk (`None` once an embedding relation has an end no entity has).
    let mut embedders_of = vec![0usize; model.entities.len()];
    let mut first_embedder: Option<Vec<Option<usize>>> = Some(vec![None; model.entities.len()]);
    for (i, _) in model.relations.iter().enumerate().filter(|(_, r)| r.storage == Storage::Embed) {
        let (parent, child) = ids.end_positions(i);
        if let Some(n) = child.and_then(|c| embedders_of.get_mut(c)) {
            *n += 1;
        }
        match (parent, child.and_then(|c| first_embedder.as_mut()?.get_mut(c))) {
            (Some(_), Some(slot)) => {
                slot.get_or_insert(i);
            }
            _ => first_embedder = None,
        }
    }
    let repeats = ids.entity_ids_repeat();
    for (i, entity) in model.entities.iter().enumerate() {
        // Two entities with one id share its count (kept at the last one's position).
        let at = if repeats { ids.entity_position(&entity.id) } else { Some(i) };
        let embedders = at.and_then(|p| embedders_of.get(p)).copied().unwrap_or(0);
        if embedders > 1 {
            out.push(Problem::new(
                Place::Entity { id: Id::new(&entity.id) },
                text!(
                    en: "\"{name}\" is embedded by {n} parents; model each copy as its own sub-document or reference it",
                    es: "\"{name}\" está embebido en {n} padres; modela cada copia como su propio subdocumento o referéncialo",
                    pt: "\"{name}\" está embutido em {n} pais; modele cada cópia como um subdocumento próprio ou referencie-o";
                    name = &entity.name, n = embedders
                ),
            ));
        }
    }
    match first_embedder.filter(|_| !repeats) {
        Some(first) => embedding_cycles_by_position(ids, &first, &mut out),
        None => out.extend(embedding_cycles(model)),
    }
    // Every id the queries name was looked up when the id table was built: most models name
    // none that is missing, and the ids are not walked again.
    let dangling = ids.queries_name_missing_entities();
    for q in &model.queries {
        if dangling {
            for (id, at) in q.entities().zip(ids.entities_of(q)) {
                // A file's empty id is reported too: the editor hides it for an access pattern
                // whose start the person has not chosen yet (`ui::state`), not the core.
                if at.is_none() {
                    out.push(Problem::new(Place::Query { id: Id::new(&q.id) }, names_missing_entity(id)));
                }
            }
        }
        // A pattern given only as its call was filled from it when loaded; one still empty has
        // a call that cannot be read (rare: the others are not read again).
        if let Some(e) = crate::mql::call_problem(q, model) {
            out.push(Problem::new(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "its call cannot be read (line {line}, column {column}): {why}; its filters, sort and page size stay empty until the call is fixed or they are filled in",
                    es: "su llamada no se puede leer (línea {line}, columna {column}): {why}; sus filtros, orden y tamaño de página quedan vacíos hasta que se corrija la llamada o se rellenen",
                    pt: "sua chamada não pode ser lida (linha {line}, coluna {column}): {why}; seus filtros, ordenação e tamanho de página ficam vazios até que a chamada seja corrigida ou eles sejam preenchidos";
                    line = e.line, column = e.column, why = e.message
                ),
            ));
        }
        if !q.per_minute.is_finite() || q.per_minute < 0.0 {
            out.push(Problem::new(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "frequency must be a number ≥ 0 per minute, not {value}",
                    es: "la frecuencia debe ser un número ≥ 0 por minuto, no {value}",
                    pt: "a frequência deve ser um número ≥ 0 por minuto, não {value}";
                    value = raw(q.per_minute)
                ),
            ));
        }
    }
    // An entity is embedded when an embedding relation has it as its child: counted above, at
    // the position of the last entity with its id (empty ids are not listed as repeats).
    let embedded = |i: usize| {
        let Some(entity) = model.entities.get(i) else { return false };
        let at = if repeats || entity.id.is_empty() { ids.entity_position(&entity.id) } else { Some(i) };
        at.and_then(|p| embedders_of.get(p)).is_some_and(|&n| n > 0)
    };
    check_names_into(model, embedded, &mut out);
    super::comment::check_comments(model, &mut out);
    out
}

/// What DS001 says of an access pattern that names the entity `id`, which does not exist. The
/// editor compares a finding's message with `names_missing_entity("")` to know the one about
/// a start not chosen yet.
pub fn names_missing_entity(id: &str) -> Text {
    text!(
        en: "it names the entity \"{id}\", which does not exist",
        es: "nombra la entidad \"{id}\", que no existe",
        pt: "cita a entidade \"{id}\", que não existe";
        id
    )
}

/// The embedding cycles, as [`embedding_cycles`] finds them, walked by position: for a model
/// whose entity ids are all different and whose embedding relations all join two entities, so
/// each id is one position and each walk meets only entities. `first[c]` is the first
/// embedding relation whose child is at position `c`. A cycle is reported from its member
/// that comes first in the model (the first walk that comes back to its start).
fn embedding_cycles_by_position(ids: &IdIndex, first: &[Option<usize>], out: &mut Vec<Problem>) {
    let model = ids.model;
    let embedding = |at: usize| first.get(at).copied().flatten();
    let mut path: Vec<usize> = Vec::new();
    for start in 0..model.entities.len() {
        let Some(mut rel) = embedding(start) else { continue };
        path.clear();
        path.push(start);
        while let Some(parent) = ids.end_positions(rel).0 {
            if parent == start {
                // Reported by its first member only.
                if path.iter().all(|&at| at >= start) {
                    let name = |at: &usize| model.entities.get(*at).map_or("", |e| e.id.as_str());
                    let mut names: Vec<&str> = path.iter().map(name).collect();
                    names.push(name(&start));
                    let id = model.relations.get(rel).map_or("", |r| r.id.as_str());
                    out.push(cycle_problem(id, &names));
                }
                break;
            }
            if path.contains(&parent) || path.len() > model.entities.len() {
                break;
            }
            path.push(parent);
            match embedding(parent) {
                Some(next) => rel = next,
                None => break,
            }
        }
    }
}

/// The problem an embedding cycle gives, on the relation that closes it: `path` names its
/// entities from the first back to the first.
fn cycle_problem(relation: &str, path: &[&str]) -> Problem {
    Problem::new(
        Place::Relation { id: Id::new(relation) },
        text!(
            en: "embedding cycle: {path} (a document cannot contain itself)",
            es: "ciclo de documentos embebidos: {path} (un documento no puede contenerse a sí mismo)",
            pt: "ciclo de documentos embutidos: {path} (um documento não pode conter a si mesmo)";
            path = path.join(" ⊂ ")
        ),
    )
}

fn embedding_cycles(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut reported = HashSet::default();
    // The first embedding relation of each child, as `Model::embedding_parent` finds it.
    let mut parent_rel: HashMap<&str, &super::Relation> = crate::keyed::map_with_capacity(model.relations.len());
    for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
        parent_rel.entry(r.child.as_str()).or_insert(r);
    }
    // One buffer for every walk up the embedding chain.
    let mut path: Vec<&str> = Vec::new();
    for start in &model.entities {
        path.clear();
        path.push(start.id.as_str());
        let mut current = start.id.as_str();
        while let Some(rel) = parent_rel.get(current).copied() {
            current = rel.parent.as_str();
            if current == start.id {
                let mut cycle: Vec<&str> = path.clone();
                cycle.sort();
                if reported.insert(cycle) {
                    path.push(current);
                    out.push(cycle_problem(&rel.id, &path));
                }
                break;
            }
            if path.contains(&current) || path.len() > model.entities.len() {
                break;
            }
            path.push(current);
        }
    }
    out
}

#[cfg(test)]
mod tests;
