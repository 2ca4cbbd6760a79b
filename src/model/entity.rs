//! Entities (the boxes on the canvas) and their fields.

use serde::{Deserialize, Serialize};

/// A point on the canvas, in diagram units.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// The BSON types a field can take (the names `$jsonSchema`'s `bsonType` uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum BsonType {
    String,
    Int,
    Long,
    Double,
    Decimal,
    Bool,
    Date,
    ObjectId,
    BinData,
    Object,
    Array,
    Null,
    Timestamp,
}

impl BsonType {
    pub const ALL: [BsonType; 13] = [
        BsonType::String,
        BsonType::Int,
        BsonType::Long,
        BsonType::Double,
        BsonType::Decimal,
        BsonType::Bool,
        BsonType::Date,
        BsonType::ObjectId,
        BsonType::BinData,
        BsonType::Object,
        BsonType::Array,
        BsonType::Null,
        BsonType::Timestamp,
    ];

    /// The name `$jsonSchema` uses in `bsonType`.
    pub fn name(self) -> &'static str {
        match self {
            BsonType::String => "string",
            BsonType::Int => "int",
            BsonType::Long => "long",
            BsonType::Double => "double",
            BsonType::Decimal => "decimal",
            BsonType::Bool => "bool",
            BsonType::Date => "date",
            BsonType::ObjectId => "objectId",
            BsonType::BinData => "binData",
            BsonType::Object => "object",
            BsonType::Array => "array",
            BsonType::Null => "null",
            BsonType::Timestamp => "timestamp",
        }
    }

    pub fn from_name(name: &str) -> Option<BsonType> {
        BsonType::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn is_numeric(self) -> bool {
        matches!(self, BsonType::Int | BsonType::Long | BsonType::Double | BsonType::Decimal)
    }
}

/// Validation constraints of a field; each maps to a `$jsonSchema` keyword.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Constraints {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub r#enum: Vec<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_items: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
}

impl Constraints {
    pub fn is_empty(&self) -> bool {
        self == &Constraints::default()
    }
}

/// Size hints used by the document-size estimate and the example generator.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SizeHint {
    /// Average bytes of a string or binary value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avg_bytes: Option<u64>,
    /// Average number of items of an array.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avg_items: Option<u64>,
    /// Largest number of items an array reaches (worst case).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_items: Option<u64>,
}

/// One field of a document. `object` fields carry `fields`; `array` fields carry `items`
/// (the element type) and, for arrays of sub-documents, `fields`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Field {
    pub name: String,
    #[serde(rename = "type")]
    pub bson_type: BsonType,
    /// Element type of an array field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<BsonType>,
    #[serde(default)]
    pub required: bool,
    /// The share of documents (of the sub-documents or array items holding it, for a
    /// sub-field) that carry the field, 0..1, as measured by `docshape infer` or stated by the
    /// designer; `None` when not stated. A required field is in every document. The advisor
    /// reads it as the evidence that a field is sparse (the attribute pattern).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presence: Option<f64>,
    #[serde(default, skip_serializing_if = "Constraints::is_empty")]
    pub constraints: Constraints,
    #[serde(default, skip_serializing_if = "is_default_hint")]
    pub size: SizeHint,
    /// Sub-document fields (for `object`, or `array` of `object`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<Field>,
    /// An example value, used by the example-document exporter when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub example: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Format 4: how many times a minute, at peak, this field's value changes in some document
    /// of the collection. A copy of the field elsewhere is judged by it: every change is one
    /// more write to each document holding the copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes_per_minute: Option<f64>,
    /// Format 4: what the field means where the advisor needs to know (a tenant, a region).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<super::FieldRole>,
}

fn is_default_hint(h: &SizeHint) -> bool {
    h == &SizeHint::default()
}

impl Field {
    pub fn new(name: &str, bson_type: BsonType) -> Field {
        Field {
            name: name.to_string(),
            bson_type,
            items: None,
            required: false,
            presence: None,
            constraints: Constraints::default(),
            size: SizeHint::default(),
            fields: Vec::new(),
            example: None,
            notes: String::new(),
            changes_per_minute: None,
            role: None,
        }
    }

    /// The share of documents that carry the field: all of them when it is required, else its
    /// stated `presence`, if any.
    pub fn carried_by(&self) -> Option<f64> {
        if self.required {
            Some(1.0)
        } else {
            self.presence
        }
    }

    /// Whether this field holds sub-documents (an object, or an array of objects).
    pub fn is_subdocument(&self) -> bool {
        self.bson_type == BsonType::Object
            || (self.bson_type == BsonType::Array && self.items == Some(BsonType::Object))
    }
}

/// What a box on the canvas stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EntityKind {
    /// A document: a collection of its own, or a sub-document when embedded by a relation.
    #[default]
    Document,
    /// A scalar value (a tag, a follower id): embedding it gives an array of `valueType`.
    Value,
    /// Data that stays outside MongoDB (e.g. physical copies in PostgreSQL, named by `system`).
    External,
}

/// How the server validates a collection's writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ValidationLevel {
    #[default]
    Strict,
    Moderate,
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ValidationAction {
    #[default]
    Error,
    Warn,
}

/// One variant of a polymorphic collection: documents whose discriminator equals `value`
/// carry these extra fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    pub value: String,
    #[serde(default)]
    pub fields: Vec<Field>,
    /// Share of documents of this variant (0..1), for synthetic data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share: Option<f64>,
}

/// Settings that apply when the entity is stored as a collection.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CollectionSettings {
    /// The field that carries the schema version (e.g. `esquema_v`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema_version_field: Option<String>,
    /// Whether the collection gets a `$jsonSchema` validator.
    pub validate: bool,
    pub validation_level: ValidationLevel,
    pub validation_action: ValidationAction,
    /// `additionalProperties` policy of the validator.
    pub additional_properties: bool,
    /// Field that tells variants apart in a polymorphic collection (e.g. `tipo`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discriminator: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<Variant>,
    /// Expected number of documents now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub documents: Option<u64>,
    /// New documents per day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub growth_per_day: Option<f64>,
    /// Indexes the designer declared (the advisor derives its own from the queries too).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub indexes: Vec<super::IndexSpec>,
    /// Format 4: a time series collection (the server buckets the measurements itself).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeseries: Option<super::TimeSeries>,
    /// Format 4: a clustered collection (5.3+), its documents stored in `_id` order.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub clustered: bool,
    /// Format 4: documents expire this many seconds after their time field (time series) or
    /// their `_id` date (clustered): the collection's own TTL, `expireAfterSeconds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expire_after_seconds: Option<u64>,
    /// Format 4: a capped collection.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capped: Option<super::Capped>,
    /// Format 4: the collection's default collation (its indexes and queries use it unless
    /// they name another).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collation: Option<super::Collation>,
    /// Format 4: the box stands for many collections of this shape (per tenant, per period).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instances: Option<super::Instances>,
    /// Format 4: the shard key the team chose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard_key: Option<super::ShardKey>,
}

/// Figures measured from sample documents (`docshape infer`, the import dialog), kept with the
/// model so the advisor can speak from real data rather than guesses.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Measured {
    /// Documents sampled.
    pub documents: u64,
    /// Where they came from (a file name, "pasted").
    #[serde(skip_serializing_if = "String::is_empty")]
    pub source: String,
    pub observations: Vec<MeasuredNote>,
}

/// One observation from the sample (`array-outlier`, `mixed-types`, `doc-over-atlas`...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MeasuredNote {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default)]
    pub count: u64,
    /// The figures behind the message, by name (`p99`, `max`, `arrays`..., per code in the
    /// table of `infer/observation_text.rs`), so the advisor can write the observation in each
    /// language.
    /// Empty in files saved before the figures were kept: the message is then shown as written.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub figures: std::collections::BTreeMap<String, u64>,
    /// The types or formats seen, each with its share of the values (`mixed-types`,
    /// `string-formats`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<MeasuredShare>,
}

/// A type or format seen in the sample and its share of the values (0..1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredShare {
    pub label: String,
    pub share: f64,
}

/// A box on the canvas: an aggregate root, a sub-document or an external record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entity {
    pub id: String,
    /// Collection name (or sub-document name when embedded).
    pub name: String,
    #[serde(default)]
    pub kind: EntityKind,
    /// For `value` entities: the scalar's type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_type: Option<BsonType>,
    /// For `external` entities: the system that keeps the data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    #[serde(default)]
    pub position: Point,
    #[serde(default)]
    pub fields: Vec<Field>,
    #[serde(default)]
    pub collection: CollectionSettings,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Figures measured from sample documents, when the entity was inferred or checked
    /// against real data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measured: Option<Measured>,
}

impl Entity {
    pub fn new(id: &str, name: &str) -> Entity {
        Entity {
            id: id.to_string(),
            name: name.to_string(),
            kind: EntityKind::Document,
            value_type: None,
            system: None,
            position: Point::default(),
            fields: Vec::new(),
            collection: CollectionSettings::default(),
            notes: String::new(),
            measured: None,
        }
    }

    pub fn is_external(&self) -> bool {
        self.kind == EntityKind::External
    }

    /// Finds a field by dotted path (`valoracion.media`), descending into sub-documents.
    pub fn field(&self, path: &str) -> Option<&Field> {
        find_path(&self.fields, path)
    }
}

pub fn find_path<'a>(fields: &'a [Field], path: &str) -> Option<&'a Field> {
    let (head, rest) = split_head(path);
    let field = fields.iter().find(|f| f.name == head)?;
    match rest {
        None => Some(field),
        Some(rest) => find_path(&field.fields, rest),
    }
}

/// A dotted path's first segment and the rest after its first dot, if any (what
/// `split_once('.')` gives), found with a plain byte scan: paths are a few bytes long.
fn split_head(path: &str) -> (&str, Option<&str>) {
    match path.bytes().position(|b| b == b'.') {
        Some(i) => (path.get(..i).unwrap_or(path), path.get(i + 1..)),
        None => (path, None),
    }
}

pub fn find_path_mut<'a>(fields: &'a mut [Field], path: &str) -> Option<&'a mut Field> {
    let (head, rest) = match path.split_once('.') {
        Some((h, r)) => (h, Some(r)),
        None => (path, None),
    };
    let field = fields.iter_mut().find(|f| f.name == head)?;
    match rest {
        None => Some(field),
        Some(rest) => find_path_mut(&mut field.fields, rest),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_splits_at_its_first_dot_as_split_once_does() {
        for path in ["", ".", "a", "a.", ".b", "a.b", "a.b.c", "año.ñ", "titulo.main.x"] {
            let want = match path.split_once('.') {
                Some((h, r)) => (h, Some(r)),
                None => (path, None),
            };
            assert_eq!(split_head(path), want, "{path:?}");
        }
        let mut outer = Field::new("a", BsonType::Object);
        outer.fields.push(Field::new("b", BsonType::Int));
        let fields = vec![outer];
        assert_eq!(find_path(&fields, "a.b").map(|f| f.name.as_str()), Some("b"));
        assert!(find_path(&fields, "a.c").is_none() && find_path(&fields, "b").is_none());
    }
}
