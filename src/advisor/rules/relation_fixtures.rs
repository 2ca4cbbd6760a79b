//! Small models for the relation rules' pass/fail fixtures (tests only).

use crate::advisor::{analyze, Finding};
use crate::model::{AccessPattern, BsonType, Cardinality, Entity, Field, Model, QueryKind, Relation, Storage};

/// `posts` with `comments` (or any child) under relation `r`, cardinality `typical`/`max`.
pub(crate) fn parent_child(storage: Storage, typical: f64, max: Option<u64>) -> Model {
    let mut m = Model::new("fixture");
    let mut post = Entity::new("post", "posts");
    post.fields = vec![Field::new("_id", BsonType::ObjectId), Field::new("title", BsonType::String)];
    post.fields[1].required = true;
    let mut comment = Entity::new("comment", "comments");
    comment.fields = vec![
        Field::new("_id", BsonType::ObjectId),
        Field::new("post_id", BsonType::ObjectId),
        Field::new("text", BsonType::String),
        Field::new("date", BsonType::Date),
    ];
    m.entities.push(post);
    m.entities.push(comment);
    let mut r = Relation::new("r", "post", "comment", storage);
    r.field = if storage == Storage::Embed { "comments".into() } else { String::new() };
    r.cardinality = Cardinality { typical, max, ..Cardinality::default() };
    m.relations.push(r);
    m
}

/// A read access pattern starting at `entity`, touching `touches`, `per_minute` times a minute.
pub(crate) fn read(id: &str, entity: &str, touches: &[&str], per_minute: f64) -> AccessPattern {
    let mut q = AccessPattern::new(id, id, entity);
    q.touches = touches.iter().map(|t| t.to_string()).collect();
    q.per_minute = per_minute;
    q
}

/// A write access pattern starting at `entity` that changes `changes`.
pub(crate) fn write(id: &str, entity: &str, changes: &[&str]) -> AccessPattern {
    let mut q = AccessPattern::new(id, id, entity);
    q.kind = QueryKind::Write;
    q.changes = changes.iter().map(|c| c.to_string()).collect();
    q
}

/// The findings of one rule.
pub(crate) fn findings(m: &Model, code: &str) -> Vec<Finding> {
    analyze(m).findings.into_iter().filter(|f| f.code == code).collect()
}

/// A post with a one-to-one `comment` child of 8,000 bytes kept in its own collection: a
/// listing read 5,000 times a minute projects only the title, a detail read 100 times a minute
/// shows the child (the split MongoDB's subset pattern makes of a movie and its details).
pub(crate) fn split_details() -> Model {
    let mut m = parent_child(Storage::Reference, 1.0, Some(1));
    m.relations[0].child_bytes = Some(8_000);
    let mut listing = read("L", "post", &[], 5_000.0);
    listing.projection = vec!["title".into()];
    m.queries.extend([listing, read("D", "post", &["comment"], 100.0)]);
    m
}
