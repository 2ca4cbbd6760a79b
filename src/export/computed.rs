//! Values computed from a document's facts (averages, sums, counts), typed as the field asks.

use super::bson::Bson;
use super::facts;
use super::shape::Op;
use crate::model::BsonType;

pub fn computed(op: Op, f: &facts::RelFacts, ty: BsonType) -> Bson {
    let x = match op {
        Op::Avg => f.avg,
        Op::Sum => f.sum,
        Op::Count => f.n as f64,
        Op::Min => f.min,
        Op::Max => f.max,
    };
    match ty {
        BsonType::Int | BsonType::Long => typed_int(ty, x.round()),
        BsonType::Decimal => Bson::Decimal(format!("{x:.2}")),
        _ => Bson::Double(x),
    }
}

pub fn typed_int(ty: BsonType, x: f64) -> Bson {
    match ty {
        BsonType::Long => Bson::Long(x as i64),
        BsonType::Double => Bson::Double(x),
        BsonType::Decimal => Bson::Decimal(format!("{x}")),
        _ => Bson::Int(x.clamp(i32::MIN as f64, i32::MAX as f64) as i32),
    }
}

pub fn bson_type_matches(v: &Bson, ty: BsonType) -> bool {
    matches!(
        (v, ty),
        (Bson::String(_), BsonType::String)
            | (Bson::Int(_), BsonType::Int)
            | (Bson::Long(_), BsonType::Long)
            | (Bson::Double(_), BsonType::Double)
            | (Bson::Decimal(_), BsonType::Decimal)
            | (Bson::Bool(_), BsonType::Bool)
            | (Bson::Date(_), BsonType::Date)
            | (Bson::ObjectId(_), BsonType::ObjectId)
            | (Bson::Document(_), BsonType::Object)
            | (Bson::Array(_), BsonType::Array)
    )
}
