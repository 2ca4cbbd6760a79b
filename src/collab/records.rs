//! How the model's records sit in the shared document.
//!
//! One root map per record kind (`entities`, `relations`, `queries`, `comments`), keyed by a
//! document key; each record is a map of its top-level JSON members, each member's value its
//! JSON text, plus [`ORDER`], the record's place in the model's list. Two people editing
//! different records, or different members of one record (one box's name and another's
//! position, or a box's name and its position), never touch the same key; two edits of one
//! member converge to one of them (the CRDT's last-writer-wins of a map key). The model's
//! settings (name, notes, database, thresholds and any member a later version adds) are the
//! members of the root map `meta`.

use crate::model::{AccessPattern, Comment, Entity, Model, Relation};
use serde_json::{Map, Value};

/// The member that holds a record's order key (no model member starts with `$`).
pub const ORDER: &str = "$order";

/// The kinds of record, in the order the model lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Entity,
    Relation,
    Query,
    Comment,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Entity, Kind::Relation, Kind::Query, Kind::Comment];

    /// The root map of the shared document that holds this kind.
    pub fn root(self) -> &'static str {
        match self {
            Kind::Entity => "entities",
            Kind::Relation => "relations",
            Kind::Query => "queries",
            Kind::Comment => "comments",
        }
    }
}

/// The root map of the model's settings.
pub const META: &str = "meta";

/// The members of the model file that are not settings: the header and the record lists.
const NOT_META: [&str; 6] = ["format", "formatVersion", "entities", "relations", "queries", "comments"];

/// A record's members: its JSON object's members, each as JSON text.
pub type Members = Vec<(String, String)>;

fn members_of<T: serde::Serialize>(record: &T) -> Members {
    match serde_json::to_value(record) {
        Ok(Value::Object(map)) => map.into_iter().map(|(k, v)| (k, v.to_string())).collect(),
        _ => Vec::new(),
    }
}

/// The id and members of each record of `kind`, in model order.
pub fn records(model: &Model, kind: Kind) -> Vec<(&str, Members)> {
    match kind {
        Kind::Entity => model.entities.iter().map(|r| (r.id.as_str(), members_of(r))).collect(),
        Kind::Relation => model.relations.iter().map(|r| (r.id.as_str(), members_of(r))).collect(),
        Kind::Query => model.queries.iter().map(|r| (r.id.as_str(), members_of(r))).collect(),
        Kind::Comment => model.comments.iter().map(|r| (r.id.as_str(), members_of(r))).collect(),
    }
}

/// The members of the record of `kind` with id `id`, if there is one.
pub fn record_members(model: &Model, kind: Kind, id: &str) -> Option<Members> {
    fn find<T: serde::Serialize>(list: &[T], id: &str, id_of: impl Fn(&T) -> &str) -> Option<Members> {
        list.iter().find(|r| id_of(r) == id).map(members_of)
    }
    match kind {
        Kind::Entity => find(&model.entities, id, |r| &r.id),
        Kind::Relation => find(&model.relations, id, |r| &r.id),
        Kind::Query => find(&model.queries, id, |r| &r.id),
        Kind::Comment => find(&model.comments, id, |r| &r.id),
    }
}

/// The member `name` of the record of `kind` with id `id`, as JSON text.
pub fn member_text(model: &Model, kind: Kind, id: &str, name: &str) -> Option<String> {
    record_members(model, kind, id)?.into_iter().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// Sets the member `name` of the record of `kind` with id `id` to `text` (JSON); false when
/// there is no such record or the result does not read as a model. Through the model file's
/// text, as the page reads designs anyway (the page's wasm then holds no second reader of
/// records).
pub fn set_member(model: &mut Model, kind: Kind, id: &str, name: &str, text: &str) -> bool {
    let (Ok(mut file), Ok(value)) =
        (serde_json::from_str::<Value>(&model.to_json()), serde_json::from_str::<Value>(text))
    else {
        return false;
    };
    let record = file
        .get_mut(kind.root())
        .and_then(Value::as_array_mut)
        .and_then(|list| list.iter_mut().find(|r| r.get("id").and_then(Value::as_str) == Some(id)))
        .and_then(Value::as_object_mut);
    let Some(record) = record else { return false };
    record.insert(name.to_string(), value);
    match crate::model::load(&file.to_string()) {
        Ok(changed) => {
            *model = changed;
            true
        }
        Err(_) => false,
    }
}

/// The ids of the records of `kind`, in model order.
pub fn ids(model: &Model, kind: Kind) -> Vec<&str> {
    match kind {
        Kind::Entity => model.entities.iter().map(|r| r.id.as_str()).collect(),
        Kind::Relation => model.relations.iter().map(|r| r.id.as_str()).collect(),
        Kind::Query => model.queries.iter().map(|r| r.id.as_str()).collect(),
        Kind::Comment => model.comments.iter().map(|r| r.id.as_str()).collect(),
    }
}

/// Whether the record of `kind` at `index` in `a` equals the one with the same id in `b`
/// (compared as records, before any member is written as text).
pub fn same_record(a: &Model, b: &Model, kind: Kind, index: usize) -> bool {
    fn same<T: PartialEq>(list: &[T], other: &[T], index: usize, id: impl Fn(&T) -> &str) -> bool {
        let Some(r) = list.get(index) else { return false };
        other.iter().find(|o| id(o) == id(r)) == Some(r)
    }
    match kind {
        Kind::Entity => same(&a.entities, &b.entities, index, |r| &r.id),
        Kind::Relation => same(&a.relations, &b.relations, index, |r| &r.id),
        Kind::Query => same(&a.queries, &b.queries, index, |r| &r.id),
        Kind::Comment => same(&a.comments, &b.comments, index, |r| &r.id),
    }
}

/// The model's settings as members.
pub fn meta_members(model: &Model) -> Members {
    let mut members = members_of(model);
    members.retain(|(k, _)| !NOT_META.contains(&k.as_str()));
    members
}

/// A record read back from its members; `None` when they do not make one (a member of the
/// wrong shape, sent by a broken or hostile peer).
pub enum Record {
    Entity(Box<Entity>),
    Relation(Box<Relation>),
    Query(Box<AccessPattern>),
    Comment(Box<Comment>),
}

impl Record {
    pub fn parse(kind: Kind, members: Map<String, Value>) -> Option<Record> {
        let value = Value::Object(members);
        Some(match kind {
            Kind::Entity => Record::Entity(Box::new(serde_json::from_value(value).ok()?)),
            Kind::Relation => Record::Relation(Box::new(serde_json::from_value(value).ok()?)),
            Kind::Query => Record::Query(Box::new(serde_json::from_value(value).ok()?)),
            Kind::Comment => Record::Comment(Box::new(serde_json::from_value(value).ok()?)),
        })
    }
}

/// A model with the settings read from `meta`; a member of the wrong shape keeps its default.
pub fn model_with_meta(meta: Map<String, Value>) -> Model {
    let Ok(Value::Object(mut base)) = serde_json::to_value(Model::default()) else { return Model::default() };
    for (k, v) in meta {
        if NOT_META.contains(&k.as_str()) {
            continue;
        }
        let before = base.insert(k.clone(), v);
        if serde_json::from_value::<Model>(Value::Object(base.clone())).is_err() {
            match before {
                Some(old) => base.insert(k, old),
                None => base.remove(&k),
            };
        }
    }
    serde_json::from_value(Value::Object(base)).unwrap_or_default()
}
