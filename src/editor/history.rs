//! Undo and redo as diffs of records (tldraw / Excalidraw style): an edit is whatever changed
//! between two models, recorded as added / updated (from → to) / removed records, and undo
//! applies the inverse. No hand-written undo per command.

use crate::model::{AccessPattern, Comment, Entity, Model, Relation, Thresholds};

/// The model's top-level settings, versioned as one record.
#[derive(Debug, Clone, PartialEq)]
pub struct Meta {
    pub name: String,
    pub notes: String,
    pub database: String,
    pub thresholds: Thresholds,
}

impl Meta {
    fn of(m: &Model) -> Meta {
        Meta {
            name: m.name.clone(),
            notes: m.notes.clone(),
            database: m.database.clone(),
            thresholds: m.thresholds.clone(),
        }
    }

    fn write(&self, m: &mut Model) {
        m.name = self.name.clone();
        m.notes = self.notes.clone();
        m.database = self.database.clone();
        m.thresholds = self.thresholds.clone();
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Record {
    Entity(Box<Entity>),
    Relation(Box<Relation>),
    Query(Box<AccessPattern>),
    Comment(Box<Comment>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Entity,
    Relation,
    Query,
    /// Review comments: each comment is a record of its own (a reply is not its thread).
    Comment,
}

/// Every kind of record, in the order a diff lists and applies them.
const KINDS: [Kind; 4] = [Kind::Entity, Kind::Relation, Kind::Query, Kind::Comment];

/// One record's change: where it was and what it was, where it is and what it is.
#[derive(Debug, Clone, PartialEq)]
struct Change {
    kind: Kind,
    id: String,
    before: Option<(usize, Record)>,
    after: Option<(usize, Record)>,
}

/// The difference between two models.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Diff {
    changes: Vec<Change>,
    meta: Option<(Meta, Meta)>,
}

impl Diff {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty() && self.meta.is_none()
    }

    /// Number of records the diff touches.
    pub fn len(&self) -> usize {
        self.changes.len() + usize::from(self.meta.is_some())
    }

    /// The diff that undoes this one.
    fn inverse(&self) -> Diff {
        Diff {
            changes: self
                .changes
                .iter()
                .map(|c| Change { kind: c.kind, id: c.id.clone(), before: c.after.clone(), after: c.before.clone() })
                .collect(),
            meta: self.meta.as_ref().map(|(a, b)| (b.clone(), a.clone())),
        }
    }

    /// `self` then `next`, as one diff.
    fn then(mut self, next: Diff) -> Diff {
        for change in next.changes {
            match self.changes.iter_mut().find(|c| c.kind == change.kind && c.id == change.id) {
                Some(existing) => existing.after = change.after,
                None => self.changes.push(change),
            }
        }
        self.changes.retain(|c| c.before != c.after);
        self.meta = match (self.meta, next.meta) {
            (Some((a, _)), Some((_, c))) => (a != c).then_some((a, c)),
            (a, b) => a.or(b),
        };
        self
    }
}

/// A borrowed record, compared in place: only the records that changed are cloned.
#[derive(Clone, Copy, PartialEq)]
enum RecordRef<'a> {
    Entity(&'a Entity),
    Relation(&'a Relation),
    Query(&'a AccessPattern),
    Comment(&'a Comment),
}

impl RecordRef<'_> {
    fn owned(self) -> Record {
        match self {
            RecordRef::Entity(e) => Record::Entity(Box::new(e.clone())),
            RecordRef::Relation(r) => Record::Relation(Box::new(r.clone())),
            RecordRef::Query(q) => Record::Query(Box::new(q.clone())),
            RecordRef::Comment(c) => Record::Comment(Box::new(c.clone())),
        }
    }
}

fn records(m: &Model, kind: Kind) -> Vec<(&str, RecordRef<'_>)> {
    match kind {
        Kind::Entity => m.entities.iter().map(|e| (e.id.as_str(), RecordRef::Entity(e))).collect(),
        Kind::Relation => m.relations.iter().map(|r| (r.id.as_str(), RecordRef::Relation(r))).collect(),
        Kind::Query => m.queries.iter().map(|q| (q.id.as_str(), RecordRef::Query(q))).collect(),
        Kind::Comment => m.comments.iter().map(|c| (c.id.as_str(), RecordRef::Comment(c))).collect(),
    }
}

/// Compares record lists by id; a record whose content or position changed is "updated".
fn diff_kind(a: &Model, b: &Model, kind: Kind, out: &mut Vec<Change>) {
    use std::collections::HashMap;
    let ra = records(a, kind);
    let rb = records(b, kind);
    let ib: HashMap<&str, usize> = rb.iter().enumerate().map(|(i, (id, _))| (*id, i)).collect();
    let ia: HashMap<&str, usize> = ra.iter().enumerate().map(|(i, (id, _))| (*id, i)).collect();
    for (i, (id, rec)) in ra.iter().enumerate() {
        match ib.get(id) {
            None => out.push(Change { kind, id: id.to_string(), before: Some((i, rec.owned())), after: None }),
            Some(&j) if j != i || rb[j].1 != *rec => out.push(Change {
                kind,
                id: id.to_string(),
                before: Some((i, rec.owned())),
                after: Some((j, rb[j].1.owned())),
            }),
            Some(_) => {}
        }
    }
    for (j, (id, rec)) in rb.iter().enumerate() {
        if !ia.contains_key(id) {
            out.push(Change { kind, id: id.to_string(), before: None, after: Some((j, rec.owned())) });
        }
    }
}

/// What changed from `a` to `b`.
pub fn diff(a: &Model, b: &Model) -> Diff {
    let mut changes = Vec::new();
    for kind in KINDS {
        diff_kind(a, b, kind, &mut changes);
    }
    let (ma, mb) = (Meta::of(a), Meta::of(b));
    Diff { changes, meta: (ma != mb).then_some((ma, mb)) }
}

/// Applies `d` to `m` (which must be the diff's "before" model).
pub fn apply(m: &mut Model, d: &Diff) {
    if let Some((_, after)) = &d.meta {
        after.write(m);
    }
    for kind in KINDS {
        let changed: Vec<&Change> = d.changes.iter().filter(|c| c.kind == kind && c.before.is_some()).collect();
        let remove = |id: &str| changed.iter().any(|c| c.id == id);
        match kind {
            Kind::Entity => m.entities.retain(|e| !remove(&e.id)),
            Kind::Relation => m.relations.retain(|r| !remove(&r.id)),
            Kind::Query => m.queries.retain(|q| !remove(&q.id)),
            Kind::Comment => m.comments.retain(|c| !remove(&c.id)),
        }
        let mut inserts: Vec<&(usize, Record)> =
            d.changes.iter().filter(|c| c.kind == kind).filter_map(|c| c.after.as_ref()).collect();
        inserts.sort_by_key(|(i, _)| *i);
        for (index, record) in inserts {
            match record.clone() {
                Record::Entity(e) => m.entities.insert((*index).min(m.entities.len()), *e),
                Record::Relation(r) => m.relations.insert((*index).min(m.relations.len()), *r),
                Record::Query(q) => m.queries.insert((*index).min(m.queries.len()), *q),
                Record::Comment(c) => m.comments.insert((*index).min(m.comments.len()), *c),
            }
        }
    }
}

/// The undo and redo stacks. Selection and camera are not in the model, so never undone.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<(Diff, Option<String>)>,
    redo: Vec<Diff>,
}

/// Steps kept; older ones are dropped.
const LIMIT: usize = 500;

impl History {
    /// Records the change from `before` to `after` as one step. Consecutive steps with the same
    /// `coalesce` key (typing in one input) merge into one.
    pub fn record(&mut self, before: &Model, after: &Model, coalesce: Option<&str>) -> bool {
        let d = diff(before, after);
        if d.is_empty() {
            return false;
        }
        self.redo.clear();
        if let (Some(key), Some((last, last_key))) = (coalesce, self.undo.last_mut()) {
            if last_key.as_deref() == Some(key) {
                *last = std::mem::take(last).then(d);
                if last.is_empty() {
                    self.undo.pop();
                }
                return true;
            }
        }
        self.undo.push((d, coalesce.map(str::to_string)));
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
        true
    }

    /// Ends coalescing: the next edit starts a new step even with the same key.
    pub fn seal(&mut self) {
        if let Some((_, key)) = self.undo.last_mut() {
            *key = None;
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self, m: &mut Model) -> bool {
        let Some((d, _)) = self.undo.pop() else { return false };
        apply(m, &d.inverse());
        self.redo.push(d);
        true
    }

    pub fn redo(&mut self, m: &mut Model) -> bool {
        let Some(d) = self.redo.pop() else { return false };
        apply(m, &d);
        self.undo.push((d, None));
        true
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BsonType, Field, Storage};

    fn sample() -> Model {
        let mut m = Model::new("t");
        for id in ["a", "b", "c"] {
            m.entities.push(Entity::new(id, id));
        }
        m.relations.push(Relation::new("r", "a", "b", Storage::Embed));
        m
    }

    #[test]
    fn diff_then_apply_reproduces_the_target_and_inverse_restores() {
        let a = sample();
        let mut b = a.clone();
        b.entities.remove(0);
        b.entities[0].fields.push(Field::new("x", BsonType::Int));
        b.entities.push(Entity::new("d", "d"));
        b.entities.swap(0, 1);
        b.relations.clear();
        b.name = "renamed".into();
        let d = diff(&a, &b);
        let mut m = a.clone();
        apply(&mut m, &d);
        assert_eq!(m, b);
        apply(&mut m, &d.inverse());
        assert_eq!(m, a);
    }

    #[test]
    fn undo_redo_walk_the_steps() {
        let mut h = History::default();
        let mut m = sample();
        let s0 = m.clone();
        m.entities[0].position.x = 100.0;
        h.record(&s0, &m, None);
        let s1 = m.clone();
        m.entities.push(Entity::new("z", "z"));
        h.record(&s1, &m, None);
        let s2 = m.clone();
        assert!(h.undo(&mut m));
        assert_eq!(m, s1);
        assert!(h.undo(&mut m));
        assert_eq!(m, s0);
        assert!(!h.undo(&mut m));
        assert!(h.redo(&mut m));
        assert!(h.redo(&mut m));
        assert_eq!(m, s2);
    }

    #[test]
    fn typing_coalesces_into_one_step() {
        let mut h = History::default();
        let mut m = sample();
        let s0 = m.clone();
        for name in ["o", "or", "ord", "orders"] {
            let before = m.clone();
            m.entities[0].name = name.into();
            h.record(&before, &m, Some("rename:a"));
        }
        assert!(h.undo(&mut m));
        assert_eq!(m, s0);
        assert!(!h.can_undo());
    }

    #[test]
    fn a_new_edit_clears_redo() {
        let mut h = History::default();
        let mut m = sample();
        let s0 = m.clone();
        m.name = "x".into();
        h.record(&s0, &m, None);
        h.undo(&mut m);
        let before = m.clone();
        m.name = "y".into();
        h.record(&before, &m, None);
        assert!(!h.can_redo());
    }

    #[test]
    fn comment_edits_are_steps_that_undo_and_redo() {
        use crate::editor::comments::{reply, set_resolved, start_thread};
        use crate::model::Anchor;
        let mut h = History::default();
        let mut m = sample();
        let s0 = m.clone();
        let mut steps = vec![s0.clone()];
        let t = start_thread(&mut m, Anchor::Entity { entity: "a".into() }, "Ana", 1, "why?").expect("t");
        assert!(h.record(&steps[0], &m, None), "a comment alone is an edit");
        steps.push(m.clone());
        reply(&mut m, &t, "Luis", 2, "because").expect("r");
        assert!(h.record(&steps[1], &m, None));
        steps.push(m.clone());
        set_resolved(&mut m, &t, true);
        assert!(h.record(&steps[2], &m, None));
        steps.push(m.clone());
        for back in steps.iter().rev().skip(1) {
            assert!(h.undo(&mut m));
            assert_eq!(&m, back);
        }
        for forward in steps.iter().skip(1) {
            assert!(h.redo(&mut m));
            assert_eq!(&m, forward);
        }
        assert!(m.comments[0].resolved && m.comments.len() == 2);
    }
}
