//! The values the parsers produce: a small, type-aware BSON value (int32 vs int64 vs double
//! vs decimal128, dates, object ids...) and its size under BSON's encoding rules.

/// A document: its fields in the order they were written (duplicates kept as written).
pub type Document = Vec<(String, Value)>;

/// One BSON value. Binary data keeps only its length and subtype: inference needs no bytes.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Double(f64),
    String(String),
    Document(Document),
    Array(Vec<Value>),
    Binary {
        subtype: u8,
        len: u64,
    },
    Undefined,
    /// The hexadecimal text as written (not checked to be 24 digits: shell samples often
    /// carry placeholders such as `ObjectId("id_cliente")`).
    ObjectId(String),
    Bool(bool),
    /// Milliseconds since the Unix epoch, or `None` when the text was not an ISO-8601 date
    /// (`ISODate("...")` placeholders) or the date was "now" (`new Date()`).
    Date(Option<i64>),
    Null,
    Regex {
        pattern: String,
        options: String,
    },
    DbPointer {
        namespace: String,
        id: String,
    },
    JavaScript(String),
    Symbol(String),
    JavaScriptWithScope {
        code: String,
        scope: Document,
    },
    Int32(i32),
    Timestamp {
        t: u32,
        i: u32,
    },
    Int64(i64),
    /// The decimal text as written (`"429.70"`).
    Decimal128(String),
    MinKey,
    MaxKey,
}

/// The BSON type of a value, in BSON's own type-byte order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Double,
    String,
    Object,
    Array,
    BinData,
    Undefined,
    ObjectId,
    Bool,
    Date,
    Null,
    Regex,
    DbPointer,
    JavaScript,
    Symbol,
    JavaScriptWithScope,
    Int,
    Timestamp,
    Long,
    Decimal,
    MinKey,
    MaxKey,
}

impl Kind {
    /// Number of kinds, for per-kind counter arrays.
    pub const COUNT: usize = 21;

    pub const ALL: [Kind; Kind::COUNT] = [
        Kind::Double,
        Kind::String,
        Kind::Object,
        Kind::Array,
        Kind::BinData,
        Kind::Undefined,
        Kind::ObjectId,
        Kind::Bool,
        Kind::Date,
        Kind::Null,
        Kind::Regex,
        Kind::DbPointer,
        Kind::JavaScript,
        Kind::Symbol,
        Kind::JavaScriptWithScope,
        Kind::Int,
        Kind::Timestamp,
        Kind::Long,
        Kind::Decimal,
        Kind::MinKey,
        Kind::MaxKey,
    ];

    /// Position in [`Kind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The alias `$type` and `$jsonSchema`'s `bsonType` use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Double => "double",
            Kind::String => "string",
            Kind::Object => "object",
            Kind::Array => "array",
            Kind::BinData => "binData",
            Kind::Undefined => "undefined",
            Kind::ObjectId => "objectId",
            Kind::Bool => "bool",
            Kind::Date => "date",
            Kind::Null => "null",
            Kind::Regex => "regex",
            Kind::DbPointer => "dbPointer",
            Kind::JavaScript => "javascript",
            Kind::Symbol => "symbol",
            Kind::JavaScriptWithScope => "javascriptWithScope",
            Kind::Int => "int",
            Kind::Timestamp => "timestamp",
            Kind::Long => "long",
            Kind::Decimal => "decimal",
            Kind::MinKey => "minKey",
            Kind::MaxKey => "maxKey",
        }
    }

    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The model's type for this kind; `None` for kinds the model does not describe
    /// (regex, javascript, symbol, dbPointer, minKey, maxKey, undefined).
    pub fn model_type(self) -> Option<crate::model::BsonType> {
        use crate::model::BsonType as T;
        Some(match self {
            Kind::Double => T::Double,
            Kind::String => T::String,
            Kind::Object => T::Object,
            Kind::Array => T::Array,
            Kind::BinData => T::BinData,
            Kind::ObjectId => T::ObjectId,
            Kind::Bool => T::Bool,
            Kind::Date => T::Date,
            Kind::Null => T::Null,
            Kind::Int => T::Int,
            Kind::Timestamp => T::Timestamp,
            Kind::Long => T::Long,
            Kind::Decimal => T::Decimal,
            _ => return None,
        })
    }
}

impl Value {
    pub fn kind(&self) -> Kind {
        match self {
            Value::Double(_) => Kind::Double,
            Value::String(_) => Kind::String,
            Value::Document(_) => Kind::Object,
            Value::Array(_) => Kind::Array,
            Value::Binary { .. } => Kind::BinData,
            Value::Undefined => Kind::Undefined,
            Value::ObjectId(_) => Kind::ObjectId,
            Value::Bool(_) => Kind::Bool,
            Value::Date(_) => Kind::Date,
            Value::Null => Kind::Null,
            Value::Regex { .. } => Kind::Regex,
            Value::DbPointer { .. } => Kind::DbPointer,
            Value::JavaScript(_) => Kind::JavaScript,
            Value::Symbol(_) => Kind::Symbol,
            Value::JavaScriptWithScope { .. } => Kind::JavaScriptWithScope,
            Value::Int32(_) => Kind::Int,
            Value::Timestamp { .. } => Kind::Timestamp,
            Value::Int64(_) => Kind::Long,
            Value::Decimal128(_) => Kind::Decimal,
            Value::MinKey => Kind::MinKey,
            Value::MaxKey => Kind::MaxKey,
        }
    }

    /// Bytes this value's payload takes in BSON (without the element's type byte and key).
    pub fn bson_size(&self) -> u64 {
        match self {
            Value::Double(_) | Value::Date(_) | Value::Timestamp { .. } | Value::Int64(_) => 8,
            Value::Int32(_) => 4,
            Value::Decimal128(_) => 16,
            Value::ObjectId(_) => 12,
            Value::Bool(_) => 1,
            Value::Null | Value::Undefined | Value::MinKey | Value::MaxKey => 0,
            Value::String(s) | Value::JavaScript(s) | Value::Symbol(s) => string_size(s),
            Value::Document(fields) => document_size(fields),
            Value::Array(items) => array_size(items),
            // int32 length + subtype byte + bytes
            Value::Binary { len, .. } => 4 + 1 + len,
            // two cstrings
            Value::Regex { pattern, options } => pattern.len() as u64 + 1 + options.len() as u64 + 1,
            Value::DbPointer { namespace, .. } => string_size(namespace) + 12,
            // int32 total + string + document
            Value::JavaScriptWithScope { code, scope } => 4 + string_size(code) + document_size(scope),
        }
    }
}

/// int32 length + UTF-8 bytes + NUL.
fn string_size(s: &str) -> u64 {
    4 + s.len() as u64 + 1
}

/// BSON size of a document: int32 length + elements + trailing NUL, where each element is
/// type byte + key + NUL + value.
pub fn document_size(fields: &[(String, Value)]) -> u64 {
    let elements: u64 = fields.iter().map(|(k, v)| 1 + k.len() as u64 + 1 + v.bson_size()).sum();
    4 + elements + 1
}

/// An array is a document whose keys are "0", "1", "2"...
fn array_size(items: &[Value]) -> u64 {
    let elements: u64 = items.iter().enumerate().map(|(i, v)| 1 + decimal_digits(i as u64) + 1 + v.bson_size()).sum();
    4 + elements + 1
}

fn decimal_digits(mut n: u64) -> u64 {
    let mut digits = 1;
    while n >= 10 {
        n /= 10;
        digits += 1;
    }
    digits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_bson_encoding() {
        // {} is 5 bytes; {a: 1} (int32) is 4 + (1 + 1 + 1 + 4) + 1 = 12.
        assert_eq!(document_size(&[]), 5);
        assert_eq!(document_size(&[("a".into(), Value::Int32(1))]), 12);
        // {s: "hi"}: 4 + (1 + 1 + 1 + (4 + 2 + 1)) + 1 = 15
        assert_eq!(document_size(&[("s".into(), Value::String("hi".into()))]), 15);
        // {a: [true, false]}: array = 4 + 2 * (1 + 1 + 1 + 1) + 1 = 13; doc = 4 + (1+1+1+13) + 1 = 21
        let arr = Value::Array(vec![Value::Bool(true), Value::Bool(false)]);
        assert_eq!(document_size(&[("a".into(), arr)]), 21);
        // {_id: ObjectId}: 4 + (1 + 3 + 1 + 12) + 1 = 22, the familiar size of an empty insert.
        assert_eq!(document_size(&[("_id".into(), Value::ObjectId("0".repeat(24)))]), 22);
        // keys "10".."99" take two bytes
        let long = Value::Array(vec![Value::Null; 11]);
        assert_eq!(long.bson_size(), 4 + 10 * 3 + 4 + 1);
    }

    #[test]
    fn kinds_index_their_table() {
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
            assert_eq!(Kind::from_name(k.name()), Some(*k));
        }
    }
}
