//! Structural checks of a loaded model: ids that point nowhere, embedding cycles, names
//! MongoDB forbids. Each problem names the place, so the UI can select it.

use super::Relation;
use super::{Field, Model, Storage};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The first relation that embeds each entity (as `Model::embedding_parent`), built once so
/// the checks stay linear in the size of the model.
fn embed_parents(model: &Model) -> HashMap<&str, &Relation> {
    let mut map = HashMap::new();
    for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
        map.entry(r.child.as_str()).or_insert(r);
    }
    map
}

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
    // Fast path (every field of every entity passes here on each analysis): one scan.
    if !name.is_empty() && !name.starts_with('$') && !name.bytes().any(|b| b == 0 || b == b'.') {
        return None;
    }
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

/// Forbidden field names anywhere in the model.
pub fn check_names(model: &Model) -> Vec<Problem> {
    check_names_with(model, &embed_parents(model))
}

fn check_names_with(model: &Model, embed_parent: &HashMap<&str, &Relation>) -> Vec<Problem> {
    let mut out = Vec::new();
    for entity in &model.entities {
        walk_fields(&entity.fields, "", &mut |path, field| {
            if let Some(why) = name_problem(&field.name) {
                out.push(Problem::new(Place::Field { entity: entity.id.clone(), path: path.to_string() }, why));
            }
        });
        for variant in &entity.collection.variants {
            walk_fields(&variant.fields, "", &mut |path, field| {
                if let Some(why) = name_problem(&field.name) {
                    out.push(Problem::new(Place::Field { entity: entity.id.clone(), path: path.to_string() }, why));
                }
            });
        }
        let is_collection =
            entity.kind == super::EntityKind::Document && !embed_parent.contains_key(entity.id.as_str());
        if is_collection {
            if let Some(why) = collection_name_problem(&entity.name) {
                out.push(Problem::new(Place::Entity { id: entity.id.clone() }, why));
            }
        }
    }
    out
}

/// Calls `visit(path, field)` for every field, depth first.
pub fn walk_fields(fields: &[Field], prefix: &str, visit: &mut dyn FnMut(&str, &Field)) {
    // One reused buffer for the paths: this runs on every analysis, over every field.
    let mut path = String::with_capacity(64);
    path.push_str(prefix);
    walk_into(fields, &mut path, visit);
}

fn walk_into(fields: &[Field], path: &mut String, visit: &mut dyn FnMut(&str, &Field)) {
    for field in fields {
        let len = path.len();
        if len > 0 {
            path.push('.');
        }
        path.push_str(&field.name);
        visit(path, field);
        walk_into(&field.fields, path, visit);
        path.truncate(len);
    }
}

/// Every structural problem: duplicate and dangling ids, embedding cycles and double
/// parents, forbidden names, absurd numbers.
pub fn check_structure(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let entity_ids: HashSet<&str> = model.entities.iter().map(|e| e.id.as_str()).collect();
    let embed_parent = embed_parents(model);
    let mut embedders: HashMap<&str, usize> = HashMap::new();
    for r in model.relations.iter().filter(|r| r.storage == Storage::Embed) {
        *embedders.entry(r.child.as_str()).or_default() += 1;
    }
    let ids = model
        .entities
        .iter()
        .map(|e| (&e.id, Place::Entity { id: e.id.clone() }))
        .chain(model.relations.iter().map(|r| (&r.id, Place::Relation { id: r.id.clone() })))
        .chain(model.queries.iter().map(|q| (&q.id, Place::Query { id: q.id.clone() })));
    for (id, place) in ids {
        if id.is_empty() {
            out.push(Problem::new(place, "an element has an empty id"));
        } else if !seen.insert(id.as_str()) {
            out.push(Problem::new(place, format!("the id \"{id}\" is used twice")));
        }
    }
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
    for entity in &model.entities {
        let embedders = embedders.get(entity.id.as_str()).copied().unwrap_or(0);
        if embedders > 1 {
            out.push(Problem::new(
                Place::Entity { id: entity.id.clone() },
                format!("\"{}\" is embedded by {embedders} parents; model each copy as its own sub-document or reference it", entity.name),
            ));
        }
    }
    out.extend(embedding_cycles(model, &embed_parent));
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
    out.extend(check_names_with(model, &embed_parent));
    out
}

fn embedding_cycles(model: &Model, embed_parent: &HashMap<&str, &Relation>) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut reported = HashSet::new();
    for start in &model.entities {
        let mut path = vec![start.id.as_str()];
        let mut current = start.id.as_str();
        while let Some(rel) = embed_parent.get(current) {
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
