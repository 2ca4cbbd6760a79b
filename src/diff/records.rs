//! The records of two designs compared: the design's own properties, then entities (with their
//! fields), relations and access patterns, each paired by [`Matched`]. A record of the old
//! design is read with the new ids of the entities it points at, so an entity that changed its
//! id does not make every arrow and pattern touching it read as changed.

use super::matching::{Matched, MatchedBy, Pairs};
use super::{fields, props, PropertyChange, RecordChange, Status};
use crate::model::{Entity, Model, PlaceLabels};
use serde::Serialize;
use serde_json::Value;

/// The design-level members that are not properties of the design itself.
const DESIGN_SKIP: [&str; 5] = ["entities", "relations", "queries", "format", "formatVersion"];

pub(crate) struct Records {
    pub design: Vec<PropertyChange>,
    pub entities: Vec<RecordChange>,
    pub relations: Vec<RecordChange>,
    pub queries: Vec<RecordChange>,
}

fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The design's own properties, without its records.
fn design_json(m: &Model) -> Value {
    let mut shallow = Model::new(&m.name);
    shallow.notes = m.notes.clone();
    shallow.database = m.database.clone();
    shallow.thresholds = m.thresholds.clone();
    json(&shallow)
}

/// An entity's own properties, without its fields (compared as fields, not written out whole).
fn entity_json(e: &Entity) -> Value {
    let shallow = Entity {
        id: e.id.clone(),
        name: e.name.clone(),
        kind: e.kind,
        value_type: e.value_type,
        system: e.system.clone(),
        position: e.position,
        fields: Vec::new(),
        collection: e.collection.clone(),
        notes: e.notes.clone(),
        measured: e.measured.clone(),
    };
    json(&shallow)
}

pub(crate) fn compare(old: &Model, new: &Model, matched: &Matched, labels: &(PlaceLabels, PlaceLabels)) -> Records {
    let design = props::compare(&design_json(old), &design_json(new), &DESIGN_SKIP);
    let (old_labels, new_labels) = labels;
    let entities = kind(&matched.entities, &old.entities, &new.entities, entity_json, |old_e, new_e, change| {
        if let (Some(a), Some(b)) = (old_e, new_e) {
            fields::compare(&a.fields, &b.fields, &[], &mut change.fields);
        }
        change.label = new_e.or(old_e).map(|e| e.name.clone()).unwrap_or_default();
    });
    let relations = kind(&matched.relations, &old.relations, &new.relations, json, |old_r, new_r, change| {
        change.label = match (new_r, old_r) {
            (Some(r), _) => format!("{} → {}", new_labels.entity_name(&r.parent), new_labels.entity_name(&r.child)),
            (None, Some(r)) => format!("{} → {}", old_labels.entity_name(&r.parent), old_labels.entity_name(&r.child)),
            (None, None) => String::new(),
        };
    });
    let queries = kind(&matched.queries, &old.queries, &new.queries, json, |old_q, new_q, change| {
        change.label = new_q.or(old_q).map(|q| format!("{} {}", q.id, q.name)).unwrap_or_default();
    });
    // Relations and patterns of the old design read with the entities' new ids.
    let mut records = Records { design, entities, relations, queries };
    retarget(&mut records, matched);
    records
}

/// Compares one kind of record. `finish` fills what is particular to the kind (the label, an
/// entity's fields). Properties are compared without the id, which is named only when it
/// changed.
fn kind<T: Serialize + PartialEq>(
    pairs: &Pairs,
    old: &[T],
    new: &[T],
    own: fn(&T) -> Value,
    finish: impl Fn(Option<&T>, Option<&T>, &mut RecordChange),
) -> Vec<RecordChange> {
    let mut out = Vec::new();
    let blank = |status, old_id: Option<String>, new_id: Option<String>| RecordChange {
        status,
        old_id,
        new_id,
        label: String::new(),
        matched_by: None,
        properties: Vec::new(),
        fields: Vec::new(),
        record: None,
    };
    let id_of = |v: &Value| v.get("id").and_then(Value::as_str).map(str::to_string);
    for &(i, j, how) in &pairs.pairs {
        let (Some(a), Some(b)) = (old.get(i), new.get(j)) else { continue };
        // Most records are the same: compared as they are, and only written out when not.
        if how == MatchedBy::Id && a == b {
            continue;
        }
        let (va, vb) = (own(a), own(b));
        let mut change = blank(Status::Changed, id_of(&va), id_of(&vb));
        change.matched_by = Some(how);
        change.properties = props::compare(&va, &vb, &["id", "fields"]);
        if how != MatchedBy::Id {
            change.properties.insert(
                0,
                PropertyChange { property: "id".into(), old: va.get("id").cloned(), new: vb.get("id").cloned() },
            );
        }
        finish(Some(a), Some(b), &mut change);
        out.push(change);
    }
    for &j in &pairs.added {
        let Some(b) = new.get(j) else { continue };
        let vb = json(b);
        let mut change = blank(Status::Added, None, id_of(&vb));
        change.record = Some(vb);
        finish(None, Some(b), &mut change);
        out.push(change);
    }
    for &i in &pairs.removed {
        let Some(a) = old.get(i) else { continue };
        let va = json(a);
        let mut change = blank(Status::Removed, id_of(&va), None);
        change.record = Some(va);
        finish(Some(a), None, &mut change);
        out.push(change);
    }
    out
}

/// Recompares the changed relations and patterns with the old records' entity ids replaced by
/// the new ones, and drops the pairs left with no change (entities and fields included).
fn retarget(records: &mut Records, matched: &Matched) {
    for change in &mut records.relations {
        if change.status != Status::Changed {
            continue;
        }
        for p in &mut change.properties {
            if p.property == "parent" || p.property == "child" {
                p.old = p.old.as_ref().map(|v| renamed(v, matched));
            }
        }
        change.properties.retain(|p| p.old != p.new);
    }
    for change in &mut records.queries {
        if change.status != Status::Changed {
            continue;
        }
        for p in &mut change.properties {
            match p.property.as_str() {
                "entity" => p.old = p.old.as_ref().map(|v| renamed(v, matched)),
                "touches" => {
                    p.old = p.old.as_ref().map(|v| match v {
                        Value::Array(items) => Value::Array(items.iter().map(|i| renamed(i, matched)).collect()),
                        other => other.clone(),
                    })
                }
                _ => {}
            }
        }
        change.properties.retain(|p| p.old != p.new);
    }
    for list in [&mut records.entities, &mut records.relations, &mut records.queries] {
        list.retain(|c| c.status != Status::Changed || !c.properties.is_empty() || !c.fields.is_empty());
    }
}

/// An entity id as the new design calls it.
fn renamed(v: &Value, matched: &Matched) -> Value {
    match v.as_str() {
        Some(id) => Value::String(matched.entity(id).to_string()),
        None => v.clone(),
    }
}
