//! `<collection>.metadata.json` (and an archive's collection metadata, the same text): the
//! collection's type, its options (validator, collation, time series, clustered, capped) and
//! its indexes, in canonical Extended JSON ("mongodump"). Read with the inference's JSON parser
//! (which decodes `{"$numberInt": "1"}` and the other wrappers) and mapped onto the model.
//!
//! Index options are kept whole in [`DumpIndex`], and the model's [`IndexSpec`] takes what it
//! can hold: key kinds (hashed, text, 2dsphere, wildcard paths), `unique`, the TTL, the partial
//! filter, `sparse`, `hidden`, the collation and the name. The entity's notes list the rest
//! (2d keys, a `wildcardProjection`).

use crate::infer::{entity_from_schema_document, parse_document, Dialect, Document, Value};
use crate::model::{Capped, Collation, Entity, Granularity, IndexKey, IndexSpec, KeyKind as ModelKeyKind, TimeSeries};

/// What a collection's metadata says.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Metadata {
    /// `collection`, `view` or `timeseries` (absent in dumps of old servers: a collection).
    pub kind: String,
    pub collection_name: String,
    /// The `options` document as written.
    pub options: Document,
    pub indexes: Vec<DumpIndex>,
}

/// How one key of an index orders or reads its field.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyKind {
    Ascending,
    Descending,
    Hashed,
    Text,
    Sphere2d,
    Flat2d,
    /// Any other value the key document holds, as written.
    Other(String),
}

/// One index as the dump states it, every option kept.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DumpIndex {
    pub name: String,
    /// The key document in order: a dotted path (`$**` for a wildcard) and its kind.
    pub keys: Vec<(String, KeyKind)>,
    pub unique: bool,
    pub sparse: bool,
    pub hidden: bool,
    /// `expireAfterSeconds`: a TTL index.
    pub expire_after_seconds: Option<u64>,
    /// `partialFilterExpression`, as relaxed Extended JSON text.
    pub partial_filter: Option<String>,
    pub collation: Option<Collation>,
    /// A text index's fields and weights (`weights`).
    pub text_weights: Vec<(String, i64)>,
    /// A wildcard index's `wildcardProjection`, as relaxed Extended JSON text.
    pub wildcard_projection: Option<String>,
}

impl DumpIndex {
    /// The implicit index every collection has on `_id`.
    pub fn is_id_index(&self) -> bool {
        self.name == "_id_"
            || (self.keys.len() == 1
                && self.keys[0].0 == "_id"
                && !self.unique
                && self.keys[0].1 == KeyKind::Ascending
                && self.partial_filter.is_none())
    }

    pub fn is_wildcard(&self) -> bool {
        self.keys.iter().any(|(path, _)| path == "$**" || path.ends_with(".$**"))
    }

    /// The index as the model holds it: its keys with their kind (a text index by its
    /// weighted fields), `unique`, the TTL, the partial filter, `sparse`, `hidden`, the
    /// collation and the name.
    pub fn to_spec(&self) -> IndexSpec {
        let mut keys: Vec<IndexKey> = self
            .keys
            .iter()
            .filter(|(path, _)| path != "_fts" && path != "_ftsx")
            .map(|(path, kind)| {
                let mut key = IndexKey::new(path, if *kind == KeyKind::Descending { -1 } else { 1 });
                key.kind = match kind {
                    KeyKind::Hashed => Some(ModelKeyKind::Hashed),
                    KeyKind::Text => Some(ModelKeyKind::Text),
                    KeyKind::Sphere2d => Some(ModelKeyKind::Sphere2d),
                    _ => None,
                };
                key
            })
            .collect();
        for (path, _) in &self.text_weights {
            let mut key = IndexKey::new(path, 1);
            key.kind = Some(ModelKeyKind::Text);
            keys.push(key);
        }
        IndexSpec {
            keys,
            unique: self.unique,
            ttl_seconds: self.expire_after_seconds,
            partial_filter_expression: self.partial_filter_json(),
            sparse: self.sparse,
            hidden: self.hidden,
            collation: self.collation.clone(),
            name: self.name.clone(),
        }
    }

    /// The partial filter as JSON, when its Extended JSON text reads as JSON.
    fn partial_filter_json(&self) -> Option<serde_json::Value> {
        serde_json::from_str(self.partial_filter.as_deref()?).ok()
    }

    /// The options the model's [`IndexSpec`] cannot hold, in words (empty when none).
    pub fn options_not_kept(&self) -> Vec<String> {
        let mut out = Vec::new();
        let kinds: Vec<&str> = self
            .keys
            .iter()
            .filter_map(|(_, k)| match k {
                KeyKind::Flat2d => Some("2d"),
                KeyKind::Other(_) => Some("a special key"),
                _ => None,
            })
            .collect();
        out.extend(kinds.into_iter().map(str::to_string));
        if let Some(p) = &self.wildcard_projection {
            out.push(format!("wildcardProjection {p}"));
        }
        if let (Some(p), None) = (&self.partial_filter, self.partial_filter_json()) {
            out.push(format!("partial {p}"));
        }
        out.dedup();
        out
    }
}

fn get<'a>(doc: &'a Document, key: &str) -> Option<&'a Value> {
    doc.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Int32(n) => Some(f64::from(*n)),
        Value::Int64(n) => Some(*n as f64),
        Value::Double(n) => Some(*n),
        _ => None,
    }
}

fn whole(v: Option<&Value>) -> Option<u64> {
    number(v).filter(|n| n.is_finite() && *n >= 0.0).map(|n| n as u64)
}

fn truthy(v: Option<&Value>) -> bool {
    matches!(v, Some(Value::Bool(true))) || number(v).is_some_and(|n| n != 0.0)
}

fn string(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn json_text(v: &Value) -> String {
    crate::infer::to_json(v).to_string()
}

/// Reads a `metadata.json` text; `Err` says where it stops being JSON (line and column).
pub fn read_metadata(text: &str) -> Result<Metadata, String> {
    let doc = parse_document(text, Dialect::Json).map_err(|e| format!("not JSON: {e}"))?;
    let options = match get(&doc, "options") {
        Some(Value::Document(d)) => d.clone(),
        _ => Vec::new(),
    };
    let indexes = match get(&doc, "indexes") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|i| match i {
                Value::Document(d) => Some(index(d)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(Metadata {
        kind: string(get(&doc, "type")).unwrap_or_else(|| "collection".into()),
        collection_name: string(get(&doc, "collectionName")).unwrap_or_default(),
        options,
        indexes,
    })
}

fn index(d: &Document) -> DumpIndex {
    let keys = match get(d, "key") {
        Some(Value::Document(k)) => k
            .iter()
            .map(|(path, v)| {
                let kind = match v {
                    Value::String(s) if s == "hashed" => KeyKind::Hashed,
                    Value::String(s) if s == "text" => KeyKind::Text,
                    Value::String(s) if s == "2dsphere" => KeyKind::Sphere2d,
                    Value::String(s) if s == "2d" => KeyKind::Flat2d,
                    Value::String(s) => KeyKind::Other(s.clone()),
                    v => match number(Some(v)) {
                        Some(n) if n < 0.0 => KeyKind::Descending,
                        _ => KeyKind::Ascending,
                    },
                };
                (path.clone(), kind)
            })
            .collect(),
        _ => Vec::new(),
    };
    let text_weights = match get(d, "weights") {
        Some(Value::Document(w)) => {
            w.iter().map(|(f, v)| (f.clone(), number(Some(v)).map_or(1, |n| n as i64))).collect()
        }
        _ => Vec::new(),
    };
    DumpIndex {
        name: string(get(d, "name")).unwrap_or_default(),
        keys,
        unique: truthy(get(d, "unique")),
        sparse: truthy(get(d, "sparse")),
        hidden: truthy(get(d, "hidden")),
        expire_after_seconds: whole(get(d, "expireAfterSeconds")),
        partial_filter: get(d, "partialFilterExpression").map(json_text),
        collation: match get(d, "collation") {
            Some(Value::Document(c)) => Some(collation(c)),
            _ => None,
        },
        text_weights,
        wildcard_projection: get(d, "wildcardProjection").map(json_text),
    }
}

fn collation(c: &Document) -> Collation {
    Collation {
        locale: string(get(c, "locale")).unwrap_or_else(|| "simple".into()),
        strength: number(get(c, "strength")).filter(|n| (1.0..=5.0).contains(n)).map(|n| n as u8),
        case_level: truthy(get(c, "caseLevel")),
        numeric_ordering: truthy(get(c, "numericOrdering")),
    }
}

impl Metadata {
    pub fn is_view(&self) -> bool {
        self.kind == "view" || get(&self.options, "viewOn").is_some()
    }

    /// Puts the options, the validator and the indexes on `entity` (inferred from the data):
    /// collection options map one to one; the validator's `$jsonSchema` gives each field it
    /// describes its constraints (and adds the fields the sample never showed); indexes go to
    /// `collection.indexes` (the `_id` index left out) with the options the model cannot hold
    /// listed in the notes. Returns what could not be kept, in words.
    pub fn apply(&self, entity: &mut Entity) -> Vec<String> {
        let mut lost = Vec::new();
        let o = &self.options;
        let c = &mut entity.collection;
        if let Some(Value::Document(ts)) = get(o, "timeseries") {
            c.timeseries = Some(TimeSeries {
                time_field: string(get(ts, "timeField")).unwrap_or_default(),
                meta_field: string(get(ts, "metaField")),
                granularity: match string(get(ts, "granularity")).as_deref() {
                    Some("seconds") => Some(Granularity::Seconds),
                    Some("minutes") => Some(Granularity::Minutes),
                    Some("hours") => Some(Granularity::Hours),
                    _ => None,
                },
                bucket_max_span_seconds: whole(get(ts, "bucketMaxSpanSeconds")),
                bucket_rounding_seconds: whole(get(ts, "bucketRoundingSeconds")),
            });
        }
        c.expire_after_seconds = whole(get(o, "expireAfterSeconds"));
        c.clustered = get(o, "clusteredIndex").is_some_and(|v| !matches!(v, Value::Bool(false)));
        if truthy(get(o, "capped")) {
            c.capped = Some(Capped {
                size_bytes: whole(get(o, "size")).unwrap_or(0),
                max_documents: whole(get(o, "max")).filter(|m| *m > 0),
            });
        }
        if let Some(Value::Document(col)) = get(o, "collation") {
            c.collation = Some(collation(col));
        }
        for index in self.indexes.iter().filter(|i| !i.is_id_index()) {
            c.indexes.push(index.to_spec());
            let not_kept = index.options_not_kept();
            if !not_kept.is_empty() {
                lost.push(format!("index {}: {}", index.name, not_kept.join(", ")));
            }
        }
        if let Some(Value::Document(validator)) = get(o, "validator") {
            match entity_from_schema_document(o, &entity.name) {
                Ok(import) => {
                    merge_validator(entity, import.entity);
                    lost.extend(import.warnings.into_iter().map(|w| format!("validator: {w}")));
                }
                Err(e) => lost.push(format!("validator {}: {e}", json_text(&Value::Document(validator.clone())))),
            }
        }
        lost
    }
}

/// The validator's word on each field it describes: its constraints, and the fields the data
/// never showed. The measured types, presence and sizes stay.
fn merge_validator(entity: &mut Entity, schema: Entity) {
    let c = &mut entity.collection;
    c.validate = true;
    c.validation_level = schema.collection.validation_level;
    c.validation_action = schema.collection.validation_action;
    c.additional_properties = schema.collection.additional_properties;
    merge_fields(&mut entity.fields, schema.fields);
}

fn merge_fields(fields: &mut Vec<crate::model::Field>, from_schema: Vec<crate::model::Field>) {
    for s in from_schema {
        match fields.iter_mut().find(|f| f.name == s.name) {
            Some(f) => {
                f.constraints = s.constraints;
                f.required |= s.required;
                merge_fields(&mut f.fields, s.fields);
            }
            None => {
                let mut s = s;
                let note = "described by the validator; not seen in the sampled documents";
                s.notes = if s.notes.is_empty() { note.into() } else { format!("{}; {note}", s.notes) };
                fields.push(s);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const USERS: &str = r#"{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},
      {"v":{"$numberInt":"2"},"key":{"email":{"$numberInt":"1"}},"name":"email_1","unique":true,
       "collation":{"locale":"en","strength":{"$numberInt":"2"}}},
      {"v":{"$numberInt":"2"},"key":{"last_seen":{"$numberInt":"-1"}},"name":"ttl","expireAfterSeconds":{"$numberInt":"3600"},
       "partialFilterExpression":{"guest":true}},
      {"v":{"$numberInt":"2"},"key":{"tenant":"hashed"},"name":"tenant_hashed"}],
      "uuid":"0f2b","collectionName":"users","type":"collection",
      "options":{"validator":{"$jsonSchema":{"bsonType":"object","required":["email"],
        "properties":{"email":{"bsonType":"string","maxLength":{"$numberInt":"200"}},"age":{"bsonType":"int","minimum":{"$numberInt":"0"}}}}},
        "validationLevel":"moderate","validationAction":"warn",
        "collation":{"locale":"es","strength":{"$numberInt":"1"}}}}"#;

    #[test]
    fn indexes_options_and_validator_map_onto_the_entity() {
        let meta = read_metadata(USERS).unwrap();
        assert_eq!((meta.kind.as_str(), meta.collection_name.as_str(), meta.indexes.len()), ("collection", "users", 4));
        let mut e = Entity::new("users", "users");
        e.fields.push(crate::model::Field::new("email", crate::model::BsonType::String));
        let lost = meta.apply(&mut e);
        let c = &e.collection;
        assert_eq!(c.indexes.len(), 3, "the _id index is implicit");
        assert_eq!((c.indexes[0].key_doc(), c.indexes[0].unique), ("{ email: 1 }".to_string(), true));
        let collation = c.indexes[0].collation.as_ref().map(|c| (c.locale.as_str(), c.strength));
        assert_eq!(collation, Some(("en", Some(2))), "an index's collation is kept");
        assert_eq!((c.indexes[1].key_doc(), c.indexes[1].ttl_seconds), ("{ last_seen: -1 }".to_string(), Some(3600)));
        assert_eq!(c.collation.as_ref().map(|c| (c.locale.as_str(), c.strength)), Some(("es", Some(1))));
        assert!(c.validate && c.validation_action == crate::model::ValidationAction::Warn);
        assert_eq!(e.fields[0].constraints.max_length, Some(200));
        assert!(e.fields[0].required);
        assert_eq!(e.fields[1].name, "age");
        assert!(e.fields[1].notes.contains("not seen"));
        let partial = c.indexes[1].partial_filter_expression.clone();
        assert_eq!(partial, Some(serde_json::json!({"guest": true})), "the partial filter is kept");
        assert_eq!(c.indexes[1].name, "ttl");
        assert_eq!(c.indexes[2].keys[0].kind, Some(ModelKeyKind::Hashed), "a hashed key is kept");
        assert!(lost.is_empty(), "every option has its place on the model's index: {lost:?}");
    }

    #[test]
    fn time_series_clustered_capped_and_views() {
        let ts = read_metadata(
            r#"{"collectionName":"weather","type":"timeseries","options":{"timeseries":{"timeField":"ts","metaField":"sensor","granularity":"minutes"},"expireAfterSeconds":{"$numberLong":"86400"}},"indexes":[]}"#,
        )
        .unwrap();
        let mut e = Entity::new("w", "weather");
        ts.apply(&mut e);
        let t = e.collection.timeseries.as_ref().unwrap();
        assert_eq!(
            (t.time_field.as_str(), t.meta_field.as_deref(), t.granularity),
            ("ts", Some("sensor"), Some(Granularity::Minutes))
        );
        assert_eq!(e.collection.expire_after_seconds, Some(86_400));
        let capped = read_metadata(r#"{"options":{"capped":true,"size":{"$numberInt":"4096"},"max":{"$numberInt":"10"},"clusteredIndex":{"key":{"_id":1},"unique":true}},"indexes":[]}"#).unwrap();
        let mut e = Entity::new("l", "log");
        capped.apply(&mut e);
        assert_eq!(e.collection.capped, Some(Capped { size_bytes: 4096, max_documents: Some(10) }));
        assert!(e.collection.clustered);
        let view = read_metadata(r#"{"collectionName":"v","type":"view","options":{"viewOn":"users","pipeline":[]}}"#)
            .unwrap();
        assert!(view.is_view());
    }

    #[test]
    fn text_that_is_not_json_names_its_line() {
        let e = read_metadata("{\"indexes\": [\n  {\"v\": 2,, }\n]}").unwrap_err();
        assert!(e.starts_with("not JSON: line 2"), "{e}");
    }
}
