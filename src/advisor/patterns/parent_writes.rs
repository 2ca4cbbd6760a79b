//! Child writes recorded on the parent: an access pattern that starts at the parent and
//! `$push`es a child into it or bumps the parent's counter of children, without naming the
//! child among the entities it touches (the usage counts only those as the child's writes).

use crate::advisor::relations::Usage;
use crate::fast_hash::FastMap;
use crate::model::{AccessPattern, Entity, QueryKind, Relation};
use std::cell::OnceCell;

/// The write access patterns of a model by the entity they start at, grouped the first time
/// a relation asks (most analyses never do).
pub(crate) struct WritesOn<'a> {
    queries: &'a [AccessPattern],
    by_entity: OnceCell<FastMap<&'a str, Vec<&'a AccessPattern>>>,
}

impl<'a> WritesOn<'a> {
    pub fn new(queries: &'a [AccessPattern]) -> Self {
        WritesOn { queries, by_entity: OnceCell::new() }
    }

    fn of(&self, entity: &str) -> &[&'a AccessPattern] {
        let map = self.by_entity.get_or_init(|| {
            let mut map: FastMap<&'a str, Vec<&'a AccessPattern>> = FastMap::default();
            for q in self.queries.iter().filter(|q| q.kind == QueryKind::Write) {
                map.entry(q.entity.as_str()).or_default().push(q);
            }
            map
        });
        map.get(entity).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// What the parent-recorded writes of one relation add up to.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Recorded {
    /// Their executions per minute (each one writes a child).
    pub per_minute: f64,
    /// One of them changes a count of the children kept in the parent.
    pub counter: bool,
}

/// The writes recorded on `rel`'s parent that add or count its children: a change naming the
/// child entity (`comment`, `comment.text`), the parent's id array or subset, or a counter of
/// the parent (the subset's `countField`, a computed field, or a numeric parent field whose
/// name mentions the child, such as `num_comments` or `total_resenas`).
pub(crate) fn recorded(u: &Usage, writes: &WritesOn, rel: &Relation) -> Recorded {
    let mut out = Recorded::default();
    let (Some(parent), child) = (u.entity(&rel.parent), u.entity(&rel.child)) else { return out };
    for q in writes.of(&rel.parent) {
        if q.touches.contains(&rel.child) {
            continue; // already one of the child's writes
        }
        let mut adds = false;
        for change in &q.changes {
            let field = own_path(change, parent);
            let head = change.split('.').next().unwrap_or(change);
            let names_child = head == rel.child || child.is_some_and(|c| !c.name.is_empty() && head == c.name);
            let holds = rel.reference.parent_field.as_deref() == Some(field)
                || rel.subset.as_ref().is_some_and(|s| s.field == field);
            let counter = is_counter(rel, parent, child, field);
            adds |= names_child || holds || counter;
            out.counter |= counter;
        }
        if adds {
            out.per_minute += crate::advisor::index_budget::rate(q).min(1e12);
        }
    }
    out
}

/// A change path relative to the parent: `post.num_comments` or `posts.num_comments` is
/// `num_comments`.
fn own_path<'c>(change: &'c str, parent: &Entity) -> &'c str {
    for prefix in [parent.id.as_str(), parent.name.as_str()] {
        if let Some(rest) = change.strip_prefix(prefix).and_then(|r| r.strip_prefix('.')) {
            if !prefix.is_empty() {
                return rest;
            }
        }
    }
    change
}

fn is_counter(rel: &Relation, parent: &Entity, child: Option<&Entity>, field: &str) -> bool {
    if rel.subset.as_ref().and_then(|s| s.count_field.as_deref()) == Some(field)
        || rel.computed.iter().any(|c| c.field == field)
    {
        return true;
    }
    let Some(f) = parent.field(field).filter(|f| f.bson_type.is_numeric()) else { return false };
    let name = f.name.to_lowercase();
    let mentions = |s: &str| {
        let s = s.to_lowercase();
        let stem = s.strip_suffix('s').unwrap_or(&s);
        stem.len() >= 3 && name.contains(stem)
    };
    mentions(&rel.child) || child.is_some_and(|c| mentions(&c.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::rules::relation_fixtures::{parent_child, write};
    use crate::model::{BsonType, Field, Storage};

    #[test]
    fn pushes_and_counters_on_the_parent_are_the_childs_writes() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.entities[0].fields.push(Field::new("num_comments", BsonType::Int));
        m.entities[0].fields.push(Field::new("views", BsonType::Int));
        let mut push = write("A", "post", &["comment"]);
        push.per_minute = 30.0;
        let mut count = write("B", "post", &["posts.num_comments"]);
        count.per_minute = 5.0;
        let mut other = write("C", "post", &["views", "title"]);
        other.per_minute = 900.0;
        let mut touching = write("D", "post", &["num_comments"]);
        touching.touches = vec!["comment".into()];
        m.queries = vec![push, count, other, touching];
        let sizes = Vec::new();
        let u = Usage::new(&m, &sizes);
        let got = recorded(&u, &WritesOn::new(&m.queries), &m.relations[0]);
        assert_eq!(got, Recorded { per_minute: 35.0, counter: true });
    }
}
