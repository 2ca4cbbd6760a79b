//! The picture of a change: the new design with what the change removed put back, and a mark on
//! every element it touched (`+` added, `-` removed, `~` changed). The Mermaid diagram of
//! `docshape diff` and the app's compare view both draw it.

use super::{ModelDiff, RecordChange, Status};
use crate::export::code::mermaid::{Marks, SubRow};
use crate::model::{Entity, Field, Model, Relation};
use std::collections::{BTreeMap, HashMap};

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

/// The mark of every changed field of the boxes still drawn (by entity id and path from the top
/// level down): its own mark at its own path, and `~` on each field above it (the change is
/// inside). The app's compare view marks the box's rows with it, the diagram of `docshape diff`
/// its rows; paths sort parents first.
pub fn field_marks(diff: &ModelDiff) -> BTreeMap<(String, Vec<String>), char> {
    let mut out = BTreeMap::new();
    for c in diff.entities.iter().filter(|c| c.status != Status::Removed) {
        let id = c.id().to_string();
        for f in &c.fields {
            out.insert((id.clone(), f.path.clone()), symbol(f.status));
        }
        for f in &c.fields {
            for depth in 1..f.path.len() {
                out.entry((id.clone(), f.path[..depth].to_vec())).or_insert('~');
            }
        }
    }
    out
}

/// The field at `path` in `fields` (names from the top level down).
fn field_at<'m>(fields: &'m [Field], path: &[String]) -> Option<&'m Field> {
    let (first, rest) = path.split_first()?;
    let f = fields.iter().find(|f| &f.name == first)?;
    if rest.is_empty() {
        Some(f)
    } else {
        field_at(&f.fields, rest)
    }
}

/// The fields held at `path` (the entity's own for an empty path), if that field is there.
fn fields_at_mut<'m>(fields: &'m mut Vec<Field>, path: &[String]) -> Option<&'m mut Vec<Field>> {
    match path.split_first() {
        None => Some(fields),
        Some((first, rest)) => fields_at_mut(&mut fields.iter_mut().find(|f| &f.name == first)?.fields, rest),
    }
}

/// The rows of the marked sub-fields, under their top-level field.
fn sub_rows(model: &Model, diff: &ModelDiff) -> HashMap<(String, String), Vec<SubRow>> {
    let removed: HashMap<(&str, &[String]), Field> = diff
        .entities
        .iter()
        .flat_map(|c| c.fields.iter().map(move |f| (c.id(), f)))
        .filter(|(_, f)| f.status == Status::Removed)
        .filter_map(|(id, f)| Some(((id, f.path.as_slice()), serde_json::from_value(f.field.clone()?).ok()?)))
        .collect();
    let mut out: HashMap<(String, String), Vec<SubRow>> = HashMap::new();
    for ((id, path), mark) in field_marks(diff) {
        if path.len() < 2 {
            continue;
        }
        let here = model.entity(&id).and_then(|e| field_at(&e.fields, &path)).cloned();
        let field = here.or_else(|| removed.get(&(id.as_str(), path.as_slice())).cloned());
        out.entry((id.clone(), path[0].clone())).or_default().push(SubRow { path, mark, field });
    }
    for ((id, _), rows) in out.iter_mut() {
        let fields = model.entity(id).map(|e| e.fields.as_slice()).unwrap_or_default();
        rows.sort_by_cached_key(|row| (field_order(fields, &row.path), row.path.clone()));
    }
    out
}

/// Where the field at `path` comes in the design's order: its index among its siblings at each
/// level (a field the change removed comes after its siblings). Sorting by it puts the rows in
/// the order the box lists the fields, each parent before what it holds.
fn field_order(fields: &[Field], path: &[String]) -> Vec<usize> {
    let mut here = fields;
    path.iter()
        .map(|name| match here.iter().position(|f| &f.name == name) {
            Some(i) => {
                here = &here[i].fields;
                i
            }
            None => {
                here = &[];
                usize::MAX
            }
        })
        .collect()
}

/// `new` with the removed entities, fields (sub-fields too) and relations of `diff` put back
/// (removed fields at the end of their entity or field), and the marks of every change.
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
                // Parents first (shorter paths), so a removed field's removed sub-fields find it.
                let mut removed: Vec<_> = c.fields.iter().filter(|f| f.status == Status::Removed).collect();
                removed.sort_by_key(|f| f.path.len());
                for f in removed {
                    let old = f.field.clone().and_then(|v| serde_json::from_value::<Field>(v).ok());
                    let (Some(old), Some(e), Some((_, above))) = (old, model.entity_mut(&id), f.path.split_last())
                    else {
                        continue;
                    };
                    if let Some(siblings) = fields_at_mut(&mut e.fields, above) {
                        if !siblings.iter().any(|s| s.name == old.name) {
                            siblings.push(old);
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
    for ((id, path), mark) in field_marks(diff) {
        if let [top] = path.as_slice() {
            marks.fields.insert((id, top.clone()), mark);
        }
    }
    marks.sub_fields = sub_rows(&model, diff);
    (model, marks)
}
