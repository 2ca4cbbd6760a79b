//! The picture of a change: the new design with what the change removed put back, and a mark on
//! every element it touched (`+` added, `-` removed, `~` changed). The Mermaid diagram of
//! `docshape diff` and the app's compare view both draw it.

use super::{ModelDiff, RecordChange, Status};
use crate::export::code::mermaid::Marks;
use crate::model::{Entity, Field, Model, Relation};
use std::collections::HashMap;

/// The mark of a status: `+`, `-`, `~`.
pub fn symbol(status: Status) -> char {
    match status {
        Status::Added => '+',
        Status::Removed => '-',
        Status::Changed => '~',
    }
}

/// Whether a changed record changed in more than where it sits on the canvas.
fn really_changed(c: &RecordChange) -> bool {
    c.status == Status::Changed && !c.is_layout_only()
}

/// `new` with the removed entities, fields and relations of `diff` put back (removed fields
/// at the end of their entity), and the marks of every change.
pub fn union(new: &Model, diff: &ModelDiff) -> (Model, Marks) {
    let mut model = new.clone();
    let mut marks = Marks::default();
    let renamed: HashMap<&str, &str> = diff
        .entities
        .iter()
        .filter(|c| c.status == Status::Changed)
        .filter_map(|c| Some((c.old_id.as_deref()?, c.new_id.as_deref()?)))
        .collect();
    for c in &diff.entities {
        match c.status {
            Status::Removed => {
                let Some(e) = c.record.clone().and_then(|r| serde_json::from_value::<Entity>(r).ok()) else { continue };
                marks.entities.insert(e.id.clone(), '-');
                model.entities.push(e);
            }
            status => {
                let id = c.id().to_string();
                if status == Status::Added || really_changed(c) {
                    marks.entities.insert(id.clone(), symbol(status));
                }
                for f in &c.fields {
                    let Some(top) = f.path.first() else { continue };
                    let mark = if f.path.len() == 1 { symbol(f.status) } else { '~' };
                    marks.fields.entry((id.clone(), top.clone())).or_insert(mark);
                    if f.status == Status::Removed && f.path.len() == 1 {
                        let old = f.field.clone().and_then(|v| serde_json::from_value::<Field>(v).ok());
                        if let (Some(old), Some(e)) = (old, model.entity_mut(&id)) {
                            e.fields.push(old);
                        }
                    }
                }
            }
        }
    }
    for c in &diff.relations {
        match c.status {
            Status::Removed => {
                let Some(mut r) = c.record.clone().and_then(|v| serde_json::from_value::<Relation>(v).ok()) else {
                    continue;
                };
                for end in [&mut r.parent, &mut r.child] {
                    if let Some(to) = renamed.get(end.as_str()) {
                        *end = to.to_string();
                    }
                }
                marks.relations.insert(r.id.clone(), '-');
                model.relations.push(r);
            }
            status => {
                marks.relations.insert(c.id().to_string(), symbol(status));
            }
        }
    }
    (model, marks)
}
