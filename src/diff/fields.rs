//! The fields of two versions of an entity, matched by name level by level: a field added or
//! removed (with its sub-fields), or changed in its own properties (type, required,
//! constraints, size hints, example, notes); sub-fields are compared under their parent.

use super::{props, FieldChange, Status};
use crate::model::Field;
use serde_json::Value;
use std::collections::HashMap;

/// The properties of a field compared as such (the name is its identity, the sub-fields are
/// compared as fields).
const SKIP: [&str; 2] = ["name", "fields"];

fn json(field: &Field) -> Value {
    serde_json::to_value(field).unwrap_or(Value::Null)
}

/// A field's own properties, without its sub-fields.
fn own(field: &Field) -> Value {
    let shallow = Field { fields: Vec::new(), ..Field::new(&field.name, field.bson_type) };
    let shallow = Field {
        items: field.items,
        required: field.required,
        constraints: field.constraints.clone(),
        size: field.size.clone(),
        example: field.example.clone(),
        notes: field.notes.clone(),
        ..shallow
    };
    json(&shallow)
}

/// The changes from `old` to `new`, fields under `prefix`, appended to `out`: the new list's
/// order first, then the fields removed.
pub(crate) fn compare(old: &[Field], new: &[Field], prefix: &[String], out: &mut Vec<FieldChange>) {
    let mut left: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, f) in old.iter().enumerate().rev() {
        left.entry(f.name.as_str()).or_default().push(i);
    }
    let mut matched = vec![false; old.len()];
    for f in new {
        let mut path = prefix.to_vec();
        path.push(f.name.clone());
        match left.get_mut(f.name.as_str()).and_then(Vec::pop) {
            Some(i) => {
                matched[i] = true;
                let Some(before) = old.get(i) else { continue };
                if before == f {
                    continue;
                }
                let properties = props::compare(&own(before), &own(f), &SKIP);
                if !properties.is_empty() {
                    out.push(FieldChange { path: path.clone(), status: Status::Changed, properties, field: None });
                }
                compare(&before.fields, &f.fields, &path, out);
            }
            None => out.push(FieldChange { path, status: Status::Added, properties: Vec::new(), field: Some(json(f)) }),
        }
    }
    for (f, _) in old.iter().zip(&matched).filter(|(_, m)| !**m) {
        let mut path = prefix.to_vec();
        path.push(f.name.clone());
        out.push(FieldChange { path, status: Status::Removed, properties: Vec::new(), field: Some(json(f)) });
    }
}

/// The list of fields that holds `path`'s last name (the top level for a one-name path).
pub(crate) fn parent_list<'a>(fields: &'a mut Vec<Field>, path: &[String]) -> Option<&'a mut Vec<Field>> {
    match path.split_first() {
        None => None,
        Some((_, [])) => Some(fields),
        Some((head, rest)) => {
            let field = fields.iter_mut().find(|f| &f.name == head)?;
            parent_list(&mut field.fields, rest)
        }
    }
}

/// Applies one change to `fields`; false when its place is not there.
pub(crate) fn apply(fields: &mut Vec<Field>, change: &FieldChange) -> bool {
    let Some(name) = change.path.last() else { return false };
    let Some(list) = parent_list(fields, &change.path) else { return false };
    match change.status {
        Status::Added => match change.field.clone().map(serde_json::from_value::<Field>) {
            Some(Ok(f)) => {
                list.push(f);
                true
            }
            _ => false,
        },
        Status::Removed => match list.iter().position(|f| &f.name == name) {
            Some(i) => {
                list.remove(i);
                true
            }
            None => false,
        },
        Status::Changed => {
            let Some(f) = list.iter_mut().find(|f| &f.name == name) else { return false };
            let mut value = json(f);
            for p in &change.properties {
                props::set(&mut value, &p.property, p.new.as_ref());
            }
            match serde_json::from_value::<Field>(value) {
                Ok(changed) => {
                    *f = changed;
                    true
                }
                Err(_) => false,
            }
        }
    }
}
