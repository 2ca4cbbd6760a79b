//! Test fixtures for the collection rules (DS2xx-DS4xx): a clean collection and a helper
//! that runs the whole advisor and keeps one rule's findings.

use crate::advisor::{analyze, Finding};
use crate::model::{AccessPattern, BsonType, Entity, Field, Filter, FilterOp, Model, SortKey};

/// A collection that no DS2xx-DS4xx rule objects to: validated, versioned, small.
pub fn collection(id: &str, name: &str) -> Entity {
    let mut e = Entity::new(id, name);
    e.fields.push(Field::new("_id", BsonType::ObjectId));
    let mut v = Field::new("schema_v", BsonType::Int);
    v.required = true;
    e.fields.push(v);
    e.collection.schema_version_field = Some("schema_v".into());
    e.collection.validate = true;
    e
}

/// A model with one clean collection `c` ("items").
pub fn model() -> Model {
    let mut m = Model::new("fixture");
    m.entities.push(collection("c", "items"));
    m
}

/// A read on `entity` with equality filters and a sort.
pub fn query(id: &str, entity: &str, eq: &[&str], sort: &[(&str, i8)]) -> AccessPattern {
    let mut q = AccessPattern::new(id, id, entity);
    q.filters = eq.iter().map(|f| Filter::new(f, FilterOp::Equality)).collect();
    q.sort = sort.iter().map(|(f, d)| SortKey { field: f.to_string(), dir: *d }).collect();
    q
}

/// The findings of rule `code` when the whole advisor runs on `m`.
pub fn findings(m: &Model, code: &str) -> Vec<Finding> {
    analyze(m).findings.into_iter().filter(|f| f.code == code).collect()
}
