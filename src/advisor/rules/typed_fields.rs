//! What the rules on a field's type share (DS404 money held as `double`, DS405 a date held as
//! `string`): the fields of one type, or arrays of it, whose name says what they hold.

use crate::advisor::Fix;
use crate::model::{BsonType, Entity, Field, Id};

/// The paths of `entity`'s fields, at any depth, typed `ty` (or arrays of `ty`) whose name
/// `says` holds what the rule is about, in model order. Entities kept outside MongoDB have none:
/// their types are another database's business.
pub(super) fn typed_fields(entity: &Entity, ty: BsonType, says: fn(&str) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    if !entity.is_external() {
        walk(&entity.fields, &mut String::new(), ty, says, &mut out);
    }
    out
}

fn walk(fields: &[Field], path: &mut String, ty: BsonType, says: fn(&str) -> bool, out: &mut Vec<String>) {
    for f in fields {
        let typed = f.bson_type == ty || (f.bson_type == BsonType::Array && f.items == Some(ty));
        let found = typed && says(&f.name);
        // The path is written only for a field found or one with fields inside, in one buffer
        // (dotted, restored before the next field); a found field's path is copied out.
        if !found && f.fields.is_empty() {
            continue;
        }
        let len = path.len();
        if len > 0 {
            path.push('.');
        }
        path.push_str(&f.name);
        if found {
            out.push(path.clone());
        }
        walk(&f.fields, path, ty, says, out);
        path.truncate(len);
    }
}

/// The one-click fix that retypes the field at `path` from `from` to `to`.
pub(super) fn retype(entity: &Entity, path: &str, from: BsonType, to: BsonType) -> Fix {
    Fix::SetFieldType { entity: Id::new(&entity.id), path: Id::from(path), from, to }
}
