//! Structural checks of a loaded model: ids that point nowhere, embedding cycles, names
//! MongoDB forbids. Each problem names the place, so the UI can select it.

use super::{EntityKind, Field, Model, Storage};
use crate::fast_hash::{FastMap, FastSet};
use serde::Serialize;

/// An element of the model a message points at.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Place {
    Model,
    Entity { id: String },
    Field { entity: String, path: String },
    Relation { id: String },
    Query { id: String },
}

impl Place {
    /// A readable name: `catalogo`, `catalogo.valoracion.media`, `catalogo → resenas`, `C1 Ficha…`.
    pub fn label(&self, model: &Model) -> String {
        let entity_name = |id: &str| model.entity(id).map(|e| e.name.clone()).unwrap_or_else(|| id.to_string());
        match self {
            Place::Model => "model".to_string(),
            Place::Entity { id } => entity_name(id),
            Place::Field { entity, path } => format!("{}.{path}", entity_name(entity)),
            Place::Relation { id } => match model.relation(id) {
                Some(r) => format!("{} → {}", entity_name(&r.parent), entity_name(&r.child)),
                None => format!("relation {id}"),
            },
            Place::Query { id } => match model.query(id) {
                Some(q) => format!("{id} {}", q.name),
                None => format!("query {id}"),
            },
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Problem {
    pub place: Place,
    pub message: String,
}

impl Problem {
    fn new(place: Place, message: impl Into<String>) -> Problem {
        Problem { place, message: message.into() }
    }
}

/// Why MongoDB refuses `name` as a field name, if it does.
pub fn name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        Some("a field name cannot be empty".into())
    } else if name.starts_with('$') {
        Some(format!("field name \"{name}\" starts with '$', which MongoDB reserves for operators"))
    } else if name.contains('\0') {
        Some(format!("field name \"{}\" contains a NUL character", name.replace('\0', "\\0")))
    } else if name.contains('.') {
        Some(format!("field name \"{name}\" contains '.', which queries read as a path into a sub-document"))
    } else {
        None
    }
}

/// Why MongoDB refuses `name` as a collection name, if it does.
pub fn collection_name_problem(name: &str) -> Option<String> {
    if name.is_empty() {
        Some("a collection name cannot be empty".into())
    } else if name.contains('$') {
        Some(format!("collection name \"{name}\" contains '$'"))
    } else if name.contains('\0') {
        Some("a collection name cannot contain a NUL character".into())
    } else if name.starts_with("system.") {
        Some(format!("collection name \"{name}\" starts with \"system.\", which MongoDB reserves"))
    } else if name.len() > 200 {
        Some(format!("collection name is {} bytes; keep namespaces under 255 bytes", name.len()))
    } else {
        None
    }
}

/// Why the name of entity `id` is refused, if it is: a collection name for collections, a
/// field name for embedded sub-documents.
pub fn structure_problem_for_name(model: &Model, id: &str) -> Option<String> {
    let entity = model.entity(id)?;
    if model.is_collection(entity) {
        collection_name_problem(&entity.name)
    } else if model.embedding_parent(id).is_some() && entity.kind != crate::model::EntityKind::Value {
        name_problem(&entity.name)
    } else if entity.name.trim().is_empty() {
        Some("a name cannot be empty".into())
    } else {
        None
    }
}

/// Forbidden field names anywhere in the model.
pub fn check_names(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let embedded: FastSet<&str> =
        model.relations.iter().filter(|r| r.storage == Storage::Embed).map(|r| r.child.as_str()).collect();
    for entity in &model.entities {
        let mut names = Vec::new();
        bad_names(&entity.id, &entity.fields, &mut names, &mut out);
        for variant in &entity.collection.variants {
            bad_names(&entity.id, &variant.fields, &mut names, &mut out);
        }
        let is_collection = entity.kind == EntityKind::Document && !embedded.contains(entity.id.as_str());
        if is_collection {
            if let Some(why) = collection_name_problem(&entity.name) {
                out.push(Problem::new(Place::Entity { id: entity.id.clone() }, why));
            }
        }
    }
    out
}

/// The forbidden field names among `fields`, depth first (as `walk_fields` visits them). The
/// dotted path is built only for a field that has a problem, so a clean model allocates nothing.
fn bad_names<'f>(entity: &str, fields: &'f [Field], names: &mut Vec<&'f str>, out: &mut Vec<Problem>) {
    for field in fields {
        names.push(&field.name);
        if let Some(why) = name_problem(&field.name) {
            out.push(Problem::new(Place::Field { entity: entity.to_string(), path: names.join(".") }, why));
        }
        bad_names(entity, &field.fields, names, out);
        names.pop();
    }
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
    let mut out = Vec::new();
    let mut seen = FastSet::default();
    // The place is built only when there is a problem to report.
    type PlaceOf = fn(&String) -> Place;
    let entity: PlaceOf = |id| Place::Entity { id: id.clone() };
    let relation: PlaceOf = |id| Place::Relation { id: id.clone() };
    let query: PlaceOf = |id| Place::Query { id: id.clone() };
    let ids = model
        .entities
        .iter()
        .map(|e| (&e.id, entity))
        .chain(model.relations.iter().map(|r| (&r.id, relation)))
        .chain(model.queries.iter().map(|q| (&q.id, query)));
    for (id, place) in ids {
        if id.is_empty() {
            out.push(Problem::new(place(id), "an element has an empty id"));
        } else if !seen.insert(id.as_str()) {
            out.push(Problem::new(place(id), format!("the id \"{id}\" is used twice")));
        }
    }
    let entity_ids: FastSet<&str> = model.entities.iter().map(|e| e.id.as_str()).collect();
    for rel in &model.relations {
        let place = || Place::Relation { id: rel.id.clone() };
        for (end, id) in [("parent", &rel.parent), ("child", &rel.child)] {
            if !entity_ids.contains(id.as_str()) {
                out.push(Problem::new(place(), format!("its {end} \"{id}\" does not exist")));
            }
        }
        if rel.parent == rel.child && rel.storage == Storage::Embed {
            out.push(Problem::new(place(), "an entity cannot embed itself"));
        }
        let c = &rel.cardinality;
        if !c.typical.is_finite() || c.typical < 0.0 {
            out.push(Problem::new(
                place(),
                format!("typical children per parent must be a number ≥ 0, not {}", c.typical),
            ));
        } else if let Some(max) = c.max {
            if c.typical > max as f64 {
                out.push(Problem::new(
                    place(),
                    format!("typical children ({}) is above the maximum ({max})", c.typical),
                ));
            }
        }
        if let Some(g) = c.growth_per_day {
            if !g.is_finite() || g < 0.0 {
                out.push(Problem::new(place(), format!("growth per day must be a number ≥ 0, not {g}")));
            }
        }
        if let Some(o) = &c.outliers {
            if !(0.0..=1.0).contains(&o.share) {
                out.push(Problem::new(place(), format!("the outlier share must be between 0 and 1, not {}", o.share)));
            }
        }
    }
    let mut embedders_of: FastMap<&str, usize> = FastMap::default();
    for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
        *embedders_of.entry(r.child.as_str()).or_default() += 1;
    }
    for entity in &model.entities {
        let embedders = embedders_of.get(entity.id.as_str()).copied().unwrap_or(0);
        if embedders > 1 {
            out.push(Problem::new(
                Place::Entity { id: entity.id.clone() },
                format!("\"{}\" is embedded by {embedders} parents; model each copy as its own sub-document or reference it", entity.name),
            ));
        }
    }
    out.extend(embedding_cycles(model));
    for q in &model.queries {
        for id in q.entities() {
            if !entity_ids.contains(id) {
                out.push(Problem::new(
                    Place::Query { id: q.id.clone() },
                    format!("it names the entity \"{id}\", which does not exist"),
                ));
            }
        }
        if !q.per_minute.is_finite() || q.per_minute < 0.0 {
            out.push(Problem::new(
                Place::Query { id: q.id.clone() },
                format!("frequency must be a number ≥ 0 per minute, not {}", q.per_minute),
            ));
        }
    }
    out.extend(check_names(model));
    out
}

fn embedding_cycles(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut reported = FastSet::default();
    // The first embedding relation of each child, as `Model::embedding_parent` finds it.
    let mut parent_rel: FastMap<&str, &super::Relation> = FastMap::default();
    for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
        parent_rel.entry(r.child.as_str()).or_insert(r);
    }
    for start in &model.entities {
        let mut path = vec![start.id.as_str()];
        let mut current = start.id.as_str();
        while let Some(rel) = parent_rel.get(current).copied() {
            current = rel.parent.as_str();
            if current == start.id {
                let mut cycle: Vec<&str> = path.clone();
                cycle.sort();
                if reported.insert(cycle) {
                    path.push(current);
                    out.push(Problem::new(
                        Place::Relation { id: rel.id.clone() },
                        format!("embedding cycle: {} (a document cannot contain itself)", path.join(" ⊂ ")),
                    ));
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
mod tests {
    use super::*;
    use crate::model::{BsonType, Entity, Relation};

    #[test]
    fn forbidden_names_are_reported_with_their_place() {
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields = vec![
            Field::new("$where", BsonType::String),
            Field::new("", BsonType::Int),
            Field::new("a\0b", BsonType::Int),
        ];
        m.entities.push(e);
        let problems = check_structure(&m);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].message.contains("'$'"));
        assert_eq!(problems[0].place, Place::Field { entity: "u".into(), path: "$where".into() });
    }

    #[test]
    fn dangling_ids_and_cycles_are_reported() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "a"));
        m.entities.push(Entity::new("b", "b"));
        m.relations.push(Relation::new("r1", "a", "b", Storage::Embed));
        m.relations.push(Relation::new("r2", "b", "a", Storage::Embed));
        m.relations.push(Relation::new("r3", "a", "ghost", Storage::Reference));
        let problems = check_structure(&m);
        assert!(problems.iter().any(|p| p.message.contains("\"ghost\" does not exist")), "{problems:?}");
        assert_eq!(problems.iter().filter(|p| p.message.contains("embedding cycle")).count(), 1, "{problems:?}");
        assert!(m.root_of("a").is_none(), "a cycle has no root");
    }

    #[test]
    fn clean_model_has_no_problems() {
        let mut m = Model::new("t");
        let mut e = Entity::new("a", "orders");
        e.fields.push(Field::new("total", BsonType::Decimal));
        m.entities.push(e);
        assert!(check_structure(&m).is_empty());
    }
}
