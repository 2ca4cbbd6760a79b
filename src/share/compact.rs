//! The smallest JSON that loads back into the same model: compact, and without members whose
//! value is the one the loader would fill in anyway (`"required": false`, `"kind": "document"`,
//! a default `collection` block...).
//!
//! The defaults are not listed by hand: each is read from the model's own serde attributes, by
//! loading a minimal object of that type (only its required members) and serialising it back.
//! Whatever it gains is then checked: the pruned text must load into a model equal to the
//! original, or the plain compact JSON is used instead.

use crate::model::{
    AccessPattern, Cardinality, CollectionSettings, CopiedField, Entity, Field, Filter, IndexKey, IndexSpec, Model,
    Relation, SortKey, Thresholds, Variant,
};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};

/// The default members of one record type: those the minimal object did not carry.
type Defaults = Map<String, Value>;

fn defaults_of<T: DeserializeOwned + Serialize>(minimal: &str) -> Defaults {
    let Ok(required) = serde_json::from_str::<Map<String, Value>>(minimal) else { return Map::new() };
    let Ok(record) = serde_json::from_str::<T>(minimal) else { return Map::new() };
    match serde_json::to_value(record) {
        Ok(Value::Object(mut all)) => {
            all.retain(|k, _| !required.contains_key(k));
            all
        }
        _ => Map::new(),
    }
}

/// The defaults of every record type the walk below prunes.
struct Table {
    model: Defaults,
    thresholds: Defaults,
    entity: Defaults,
    collection: Defaults,
    variant: Defaults,
    field: Defaults,
    index: Defaults,
    index_key: Defaults,
    relation: Defaults,
    cardinality: Defaults,
    copied: Defaults,
    query: Defaults,
    filter: Defaults,
    sort: Defaults,
}

impl Table {
    fn new() -> Table {
        Table {
            model: defaults_of::<Model>(r#"{"format":"docshape","formatVersion":1,"name":""}"#),
            thresholds: defaults_of::<Thresholds>("{}"),
            entity: defaults_of::<Entity>(r#"{"id":"","name":""}"#),
            collection: defaults_of::<CollectionSettings>("{}"),
            variant: defaults_of::<Variant>(r#"{"value":""}"#),
            field: defaults_of::<Field>(r#"{"name":"","type":"string"}"#),
            index: defaults_of::<IndexSpec>(r#"{"keys":[]}"#),
            index_key: defaults_of::<IndexKey>(r#"{"field":""}"#),
            relation: defaults_of::<Relation>(r#"{"id":"","parent":"","child":""}"#),
            cardinality: defaults_of::<Cardinality>(r#"{"typical":1}"#),
            copied: defaults_of::<CopiedField>(r#"{"field":""}"#),
            query: defaults_of::<AccessPattern>(r#"{"id":"","name":"","entity":""}"#),
            filter: defaults_of::<Filter>(r#"{"field":""}"#),
            sort: defaults_of::<SortKey>(r#"{"field":""}"#),
        }
    }
}

/// Drops the members equal to their default, then returns the object for the caller to
/// descend into what is left. Anything that is not an object is left alone.
fn prune<'a>(value: &'a mut Value, defaults: &Defaults) -> Option<&'a mut Map<String, Value>> {
    let object = value.as_object_mut()?;
    object.retain(|k, v| defaults.get(k) != Some(v));
    Some(object)
}

fn each<'a>(object: &'a mut Map<String, Value>, key: &str) -> impl Iterator<Item = &'a mut Value> {
    object.get_mut(key).and_then(Value::as_array_mut).into_iter().flatten()
}

fn prune_fields(object: &mut Map<String, Value>, t: &Table) {
    for f in each(object, "fields") {
        if let Some(f) = prune(f, &t.field) {
            prune_fields(f, t);
        }
    }
}

fn prune_model(value: &mut Value, t: &Table) {
    let Some(model) = prune(value, &t.model) else { return };
    if let Some(th) = model.get_mut("thresholds") {
        prune(th, &t.thresholds);
    }
    for e in each(model, "entities") {
        let Some(e) = prune(e, &t.entity) else { continue };
        prune_fields(e, t);
        let Some(c) = e.get_mut("collection").and_then(|c| prune(c, &t.collection)) else { continue };
        for v in each(c, "variants") {
            if let Some(v) = prune(v, &t.variant) {
                prune_fields(v, t);
            }
        }
        for i in each(c, "indexes") {
            if let Some(i) = prune(i, &t.index) {
                for k in each(i, "keys") {
                    prune(k, &t.index_key);
                }
            }
        }
    }
    for r in each(model, "relations") {
        let Some(r) = prune(r, &t.relation) else { continue };
        if let Some(c) = r.get_mut("cardinality") {
            prune(c, &t.cardinality);
        }
        for c in each(r, "extended") {
            prune(c, &t.copied);
        }
    }
    for q in each(model, "queries") {
        let Some(q) = prune(q, &t.query) else { continue };
        for f in each(q, "filters") {
            prune(f, &t.filter);
        }
        for s in each(q, "sort") {
            prune(s, &t.sort);
        }
    }
}

/// The compact JSON of a model, without default-valued members when that provably loads back
/// into an equal model.
pub fn compact_json(model: &Model) -> String {
    let Ok(mut value) = serde_json::to_value(model) else { return String::new() };
    let plain = serde_json::to_string(&value).unwrap_or_default();
    prune_model(&mut value, &Table::new());
    let pruned = serde_json::to_string(&value).unwrap_or_default();
    match serde_json::from_str::<Model>(&pruned) {
        Ok(back) if &back == model => pruned,
        _ => plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BsonType, Storage};

    #[test]
    fn defaults_come_from_the_serde_attributes() {
        let t = Table::new();
        assert_eq!(t.field.get("required"), Some(&Value::Bool(false)));
        assert_eq!(t.entity.get("kind"), Some(&Value::from("document")));
        assert_eq!(t.relation.get("storage"), Some(&Value::from("embed")));
        assert_eq!(t.sort.get("dir"), Some(&Value::from(1)));
        // `max` has no default member (None is skipped), so a bounded cardinality keeps it.
        assert!(!t.cardinality.contains_key("max"));
        assert!(!t.field.contains_key("name") && !t.field.contains_key("type"));
    }

    #[test]
    fn defaults_are_dropped_and_the_rest_kept() {
        let mut m = Model::new("small");
        let mut e = Entity::new("a", "a");
        let mut f = Field::new("x", BsonType::Int);
        f.required = true;
        e.fields = vec![f, Field::new("y", BsonType::String)];
        m.entities = vec![e, Entity::new("b", "b")];
        m.relations.push(Relation::new("r", "a", "b", Storage::Reference));
        let text = compact_json(&m);
        let v: Value = serde_json::from_str(&text).unwrap();
        let a = &v["entities"][0];
        assert!(a.get("kind").is_none() && a.get("collection").is_none() && a.get("position").is_none(), "{text}");
        assert_eq!(a["fields"][0], serde_json::json!({"name": "x", "type": "int", "required": true}), "{text}");
        assert_eq!(a["fields"][1], serde_json::json!({"name": "y", "type": "string"}), "{text}");
        assert_eq!(v["relations"][0]["storage"], "reference", "{text}");
        // Relation::new's cardinality (1, bounded at 1) is the member's default, so it goes.
        assert!(v["relations"][0].get("cardinality").is_none(), "{text}");
        assert!(text.len() < serde_json::to_string(&m).unwrap().len());
        assert_eq!(serde_json::from_str::<Model>(&text).unwrap(), m);
    }

    #[test]
    fn a_changed_member_of_a_default_block_is_kept_alone() {
        let mut m = Model::new("small");
        let mut r = Relation::new("r", "a", "b", Storage::Embed);
        r.cardinality.max = Some(8);
        r.cardinality.typical = 3.0;
        m.relations.push(r);
        m.thresholds.few_max = 50;
        let text = compact_json(&m);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["relations"][0]["cardinality"], serde_json::json!({"typical": 3.0, "max": 8}), "{text}");
        assert_eq!(v["thresholds"], serde_json::json!({"fewMax": 50}), "{text}");
        assert_eq!(serde_json::from_str::<Model>(&text).unwrap(), m);
    }

    #[test]
    fn required_members_survive_even_when_empty() {
        let mut m = Model::new("");
        m.entities.push(Entity::new("", ""));
        let text = compact_json(&m);
        assert_eq!(serde_json::from_str::<Model>(&text).unwrap(), m, "{text}");
        assert!(text.contains(r#""name":"""#), "{text}");
    }
}
