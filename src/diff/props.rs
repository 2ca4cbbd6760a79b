//! Property-level comparison of two records as the file format writes them (JSON), and the
//! inverse: setting a property on a record. Objects with fixed members (`cardinality`,
//! `collection`, `constraints`…) are compared member by member, so a change reads
//! `cardinality.max`; arrays and free-form values (`example`) are compared whole.

use super::PropertyChange;
use serde_json::{Map, Value};

/// Members whose value is free-form JSON: compared whole, never by their own keys (which may
/// hold dots).
const WHOLE: [&str; 1] = ["example"];

/// The changes between two JSON objects, member by member, in key order, without the members
/// in `skip`.
pub(crate) fn compare(old: &Value, new: &Value, skip: &[&str]) -> Vec<PropertyChange> {
    let mut out = Vec::new();
    let empty = Map::new();
    let (a, b) = (old.as_object().unwrap_or(&empty), new.as_object().unwrap_or(&empty));
    members(a, b, "", skip, &mut out);
    out
}

fn members(a: &Map<String, Value>, b: &Map<String, Value>, prefix: &str, skip: &[&str], out: &mut Vec<PropertyChange>) {
    let mut keys: Vec<&String> = a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))).collect();
    keys.sort();
    for key in keys {
        if prefix.is_empty() && skip.contains(&key.as_str()) {
            continue;
        }
        let path = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
        match (a.get(key), b.get(key)) {
            (Some(Value::Object(x)), Some(Value::Object(y))) if !WHOLE.contains(&key.as_str()) => {
                members(x, y, &path, &[], out)
            }
            (x, y) if x == y => {}
            (x, y) => out.push(PropertyChange { property: path, old: x.cloned(), new: y.cloned() }),
        }
    }
}

/// Sets the property `path` (dotted, as [`compare`] writes it) of `record` to `value`, or
/// removes it for `None`; the objects on the way are made when missing.
pub(crate) fn set(record: &mut Value, path: &str, value: Option<&Value>) {
    let mut segments = path.split('.').peekable();
    let mut at = record;
    while let Some(segment) = segments.next() {
        if !at.is_object() {
            *at = Value::Object(Map::new());
        }
        let Some(object) = at.as_object_mut() else { return };
        if segments.peek().is_none() {
            match value {
                Some(v) => {
                    object.insert(segment.to_string(), v.clone());
                }
                None => {
                    object.remove(segment);
                }
            }
            return;
        }
        at = object.entry(segment.to_string()).or_insert_with(|| Value::Object(Map::new()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nested_members_read_as_dotted_paths_and_set_back() {
        let old = json!({"id": "r", "storage": "embed", "cardinality": {"typical": 5, "max": 8},
                         "example": {"a.b": 1}});
        let new = json!({"id": "r2", "storage": "reference", "cardinality": {"typical": 5, "growthPerDay": 0.1},
                         "example": {"a.b": 2}, "readSeparately": true});
        let changes = compare(&old, &new, &["id"]);
        let paths: Vec<&str> = changes.iter().map(|c| c.property.as_str()).collect();
        assert_eq!(paths, ["cardinality.growthPerDay", "cardinality.max", "example", "readSeparately", "storage"]);
        let mut replay = old.clone();
        for c in &changes {
            set(&mut replay, &c.property, c.new.as_ref());
        }
        set(&mut replay, "id", Some(&json!("r2")));
        assert_eq!(replay, new);
    }
}
