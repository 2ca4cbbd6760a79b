//! Replays a [`ModelDiff`]'s changes on the old design: what makes the list of changes an
//! honest account of the difference (the property tests check that replaying `diff(a, b)` on
//! `a` gives `b`, up to the order of the records and fields, which is not a change).

use super::{fields, props, ModelDiff, PropertyChange, RecordChange, Status};
use crate::model::{Field, Model};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;

/// `old` with every change of `diff` made. Fails, naming the change, when a change does not
/// fit `old` (it was computed from another design).
pub fn apply(old: &Model, diff: &ModelDiff) -> Result<Model, String> {
    let mut model = design(old, &diff.design)?;
    // Ids first, so the changes below find their records under the new ids.
    let entity_ids = renames(&diff.entities);
    for e in &mut model.entities {
        rename(&mut e.id, &entity_ids);
    }
    for r in &mut model.relations {
        rename(&mut r.parent, &entity_ids);
        rename(&mut r.child, &entity_ids);
        rename(&mut r.id, &renames(&diff.relations));
    }
    let query_ids = renames(&diff.queries);
    for q in &mut model.queries {
        rename(&mut q.entity, &entity_ids);
        q.touches.iter_mut().for_each(|t| rename(t, &entity_ids));
        rename(&mut q.id, &query_ids);
    }
    records(&mut model.entities, &diff.entities, |e| &e.id, |e| Some(&mut e.fields))?;
    records(&mut model.relations, &diff.relations, |r| &r.id, |_| None)?;
    records(&mut model.queries, &diff.queries, |q| &q.id, |_| None)?;
    Ok(model)
}

/// The design's own properties set on a copy of `old`.
fn design(old: &Model, changes: &[PropertyChange]) -> Result<Model, String> {
    if changes.is_empty() {
        return Ok(old.clone());
    }
    let mut value = serde_json::to_value(old).map_err(|e| e.to_string())?;
    for p in changes {
        props::set(&mut value, &p.property, p.new.as_ref());
    }
    serde_json::from_value(value).map_err(|e| format!("the design's properties: {e}"))
}

/// Old id → new id of the records matched under another id.
fn renames(changes: &[RecordChange]) -> HashMap<String, String> {
    changes
        .iter()
        .filter(|c| c.status == Status::Changed)
        .filter_map(|c| Some((c.old_id.clone()?, c.new_id.clone()?)))
        .filter(|(a, b)| a != b)
        .collect()
}

fn rename(id: &mut String, map: &HashMap<String, String>) {
    if let Some(new) = map.get(id.as_str()) {
        *id = new.clone();
    }
}

type FieldsOf<T> = fn(&mut T) -> Option<&mut Vec<Field>>;

/// Removes, changes and adds the records of one kind.
fn records<T: Serialize + DeserializeOwned>(
    list: &mut Vec<T>,
    changes: &[RecordChange],
    id: fn(&T) -> &String,
    fields_of: FieldsOf<T>,
) -> Result<(), String> {
    let position = |list: &[T], wanted: &str| list.iter().position(|r| id(r) == wanted);
    for c in changes.iter().filter(|c| c.status == Status::Removed) {
        let old_id = c.old_id.as_deref().unwrap_or_default();
        let at = position(list, old_id).ok_or_else(|| format!("{}: removed, but not in the design", c.label))?;
        list.remove(at);
    }
    for c in changes.iter().filter(|c| c.status == Status::Changed) {
        let new_id = c.new_id.as_deref().unwrap_or_default();
        let missing = || format!("{}: changed, but not in the design", c.label);
        let at = position(list, new_id).ok_or_else(missing)?;
        let record = list.get_mut(at).ok_or_else(missing)?;
        let own: Vec<&PropertyChange> = c.properties.iter().filter(|p| p.property != "id").collect();
        if !own.is_empty() {
            let mut value = serde_json::to_value(&*record).map_err(|e| e.to_string())?;
            for p in own {
                props::set(&mut value, &p.property, p.new.as_ref());
            }
            *record = serde_json::from_value(value).map_err(|e| format!("{}: {e}", c.label))?;
        }
        if !c.fields.is_empty() {
            let list = fields_of(record).ok_or_else(|| format!("{}: has no fields", c.label))?;
            for f in &c.fields {
                if !fields::apply(list, f) {
                    return Err(format!("{}: the field {} does not fit", c.label, f.dotted()));
                }
            }
        }
    }
    for c in changes.iter().filter(|c| c.status == Status::Added) {
        let record = c.record.clone().ok_or_else(|| format!("{}: added without its record", c.label))?;
        list.push(serde_json::from_value(record).map_err(|e| format!("{}: {e}", c.label))?);
    }
    Ok(())
}
