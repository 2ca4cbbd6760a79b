//! Child writes recorded on the parent: an access pattern that starts at the parent and
//! `$push`es a child into it or bumps the parent's counter of children, without naming the
//! child among the entities it touches (the usage counts only those as the child's writes).

use crate::advisor::relations::Usage;
use crate::model::ids::position_in;
use crate::model::{AccessPattern, Entity, QueryKind, Relation};
use std::cell::OnceCell;
use std::ops::Range;

/// The write access patterns of a model by the entity they start at, grouped the first time
/// a relation asks (most analyses never do).
pub(crate) struct WritesOn<'a> {
    by_entity: OnceCell<Grouped<'a>>,
}

/// The writes in one list grouped by the position of the entity they start at (in model order
/// within a group), with each entity's range of it. Writes that start at no entity are left
/// out: their parent has no fields to change.
struct Grouped<'a> {
    writes: Vec<&'a AccessPattern>,
    ranges: Vec<Range<usize>>,
}

impl<'a> WritesOn<'a> {
    pub fn new() -> Self {
        WritesOn { by_entity: OnceCell::new() }
    }

    /// The writes that start at the entity at position `entity`.
    fn of(&self, u: &Usage<'a>, entity: usize) -> &[&'a AccessPattern] {
        let grouped = self.by_entity.get_or_init(|| Grouped::new(u));
        let range = grouped.ranges.get(entity).cloned().unwrap_or_default();
        grouped.writes.get(range).unwrap_or(&[])
    }
}

impl<'a> Grouped<'a> {
    /// Counts each entity's writes, makes the counts ranges, then places each write at the end
    /// of its entity's range.
    fn new(u: &Usage<'a>) -> Self {
        let (model, ids) = (u.model, u.ids());
        let writes = || model.queries.iter().filter(|q| q.kind == QueryKind::Write);
        let mut ranges = vec![0..0; model.entities.len()];
        for q in writes() {
            if let Some(range) = ids.start_of(q).and_then(|at| ranges.get_mut(at)) {
                range.end += 1;
            }
        }
        let mut next = 0;
        for range in &mut ranges {
            let count = range.end;
            *range = next..next;
            next += count;
        }
        let Some(first) = writes().next() else { return Grouped { writes: Vec::new(), ranges } };
        let mut grouped = Grouped { writes: vec![first; next], ranges };
        for q in writes() {
            let Some(range) = ids.start_of(q).and_then(|at| grouped.ranges.get_mut(at)) else { continue };
            if let Some(slot) = grouped.writes.get_mut(range.end) {
                *slot = q;
                range.end += 1;
            }
        }
        grouped
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
pub(crate) fn recorded<'a>(u: &Usage<'a>, writes: &WritesOn<'a>, rel: &Relation) -> Recorded {
    let mut out = Recorded::default();
    // The ends' positions: kept in the id table for a relation of the model, else looked up.
    let ids = u.ids();
    let (parent_at, child_at) = match position_in(&u.model.relations, rel) {
        Some(i) => ids.end_positions(i),
        None => (ids.entity_position(&rel.parent), ids.entity_position(&rel.child)),
    };
    let entity = |at: Option<usize>| at.and_then(|i| u.model.entities.get(i));
    let (Some(parent_at), child) = (parent_at, entity(child_at)) else { return out };
    let Some(parent) = entity(Some(parent_at)) else { return out };
    for q in writes.of(u, parent_at) {
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
    fn writes_are_grouped_by_start_entity_in_model_order() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.queries = vec![
            write("A", "comment", &["text"]),
            write("B", "post", &["title"]),
            write("C", "ghost", &["x"]),
            write("D", "comment", &["text"]),
        ];
        let sizes = Vec::new();
        let u = Usage::new(&m, &sizes);
        let writes = WritesOn::new();
        let ids = |entity| writes.of(&u, entity).iter().map(|q| q.id.as_str()).collect::<Vec<_>>();
        let (post, comment) = (u.ids().entity_position("post"), u.ids().entity_position("comment"));
        assert_eq!(ids(post.unwrap_or(usize::MAX)), ["B"]);
        assert_eq!(ids(comment.unwrap_or(usize::MAX)), ["A", "D"]);
        assert!(ids(m.entities.len()).is_empty(), "no entity there: no writes, no panic");
    }

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
        let got = recorded(&u, &WritesOn::new(), &m.relations[0]);
        assert_eq!(got, Recorded { per_minute: 35.0, counter: true });
    }
}
