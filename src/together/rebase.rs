//! An edit made on an older design, carried onto the room's current one: the page sent the
//! design after the edit (`after`) made on the design it showed (`base`), while a colleague's
//! change had already reached the room (`current`). What the page changed (base → after) is
//! applied to `current`; what it did not touch keeps the room's value.
//!
//! Three-way, member by member, on the model file's JSON: an object's members merge one by
//! one; a list of records with an `id` merges record by record (added here, removed here,
//! changed here, or left as the room has it); any other value that the page changed is the
//! page's. So a keystroke in flight while a colleague renamed another box keeps both.

use crate::model::{self, Model};
use serde_json::{Map, Value};

/// `current` with the change from `base` to `after` applied. `None` when the result does not
/// read as a model (then the caller keeps `after`, the page's design).
pub fn rebase(base: &Model, after: &Model, current: &Model) -> Option<Model> {
    if base == current {
        return Some(after.clone());
    }
    let value = |m: &Model| serde_json::from_str::<Value>(&m.to_json()).ok();
    let merged = merge(&value(base)?, &value(after)?, &value(current)?);
    model::load(&merged.to_string()).ok()
}

fn merge(base: &Value, after: &Value, current: &Value) -> Value {
    if after == base {
        return current.clone();
    }
    if current == base {
        return after.clone();
    }
    match (base, after, current) {
        (Value::Object(b), Value::Object(a), Value::Object(c)) => Value::Object(merge_objects(b, a, c)),
        (Value::Array(b), Value::Array(a), Value::Array(c)) if [b, a, c].iter().all(|l| keyed(l)) => {
            Value::Array(merge_records(b, a, c))
        }
        _ => after.clone(),
    }
}

fn merge_objects(b: &Map<String, Value>, a: &Map<String, Value>, c: &Map<String, Value>) -> Map<String, Value> {
    let mut out = Map::new();
    let names = c.keys().chain(a.keys().filter(|k| !c.contains_key(*k)));
    for name in names {
        let (bv, av, cv) = (b.get(name), a.get(name), c.get(name));
        let merged = match (bv, av, cv) {
            (Some(bv), Some(av), Some(cv)) => Some(merge(bv, av, cv)),
            // Removed here: gone, unless the room changed it meanwhile.
            (Some(bv), None, Some(cv)) => (cv != bv).then(|| cv.clone()),
            // Removed in the room and left alone here: gone; changed here: kept.
            (Some(bv), Some(av), None) => (av != bv).then(|| av.clone()),
            (None, Some(av), _) => Some(av.clone()),
            (None, None, Some(cv)) => Some(cv.clone()),
            _ => None,
        };
        if let Some(v) = merged {
            out.insert(name.clone(), v);
        }
    }
    out
}

fn id(v: &Value) -> Option<&str> {
    v.get("id").and_then(Value::as_str)
}

/// A list of records: every member an object with a text `id`.
fn keyed(list: &[Value]) -> bool {
    list.iter().all(|v| id(v).is_some())
}

fn find<'a>(list: &'a [Value], key: &str) -> Option<&'a Value> {
    list.iter().find(|v| id(v) == Some(key))
}

fn merge_records(b: &[Value], a: &[Value], c: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    // The room's records in the room's order.
    for cv in c {
        let key = id(cv).unwrap_or_default();
        match (find(b, key), find(a, key)) {
            (Some(bv), Some(av)) => out.push(merge(bv, av, cv)),
            // Deleted here.
            (Some(_), None) => {}
            // Added in the room (or added on both sides with one id: the page's wins).
            (None, Some(av)) => out.push(av.clone()),
            (None, None) => out.push(cv.clone()),
        }
    }
    // Added here, after the room's (the room's reading keeps their order from then on).
    for av in a {
        let key = id(av).unwrap_or_default();
        if find(b, key).is_none() && find(c, key).is_none() {
            out.push(av.clone());
        }
    }
    out
}
