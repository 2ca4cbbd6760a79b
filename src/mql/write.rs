//! An access pattern as the call an application would write (mongosh syntax), for a pattern
//! described field by field: what the app shows next to it and copies. Values are examples of
//! each field's type; reading the call back gives the same pattern ([`super::fill`]).

use crate::escape::js;
use crate::model::{AccessPattern, BsonType, Collation, Filter, FilterOp, Model, Pagination, QueryKind, WriteOp};

/// The call `pattern` stands for: `db.<collection>.find(…)…`, `aggregate([…])` when it has
/// `$lookup` stages, or the write it does.
pub fn call_of(pattern: &AccessPattern, model: &Model) -> String {
    let (collection, prefix) = collection_of(model, &pattern.entity);
    let fields = |path: &str| field_type(model, &pattern.entity, path);
    let mut filter = Doc::default();
    for f in &pattern.filters {
        filter.put(&within(&prefix, &f.field), condition(f, fields(&f.field)));
    }
    if !pattern.or.is_empty() {
        let branches: Vec<String> = pattern
            .or
            .iter()
            .map(|branch| {
                let mut doc = Doc::default();
                for f in branch {
                    doc.put(&within(&prefix, &f.field), condition(f, fields(&f.field)));
                }
                doc.text()
            })
            .collect();
        filter.put("$or", format!("[{}]", branches.join(", ")));
    }
    let filter = elem_matches(filter, &pattern.filters, &prefix, &fields);
    let db = format!("db.{}", collection_expr(&collection));
    let sort = (!pattern.sort.is_empty()).then(|| {
        let mut doc = Doc::default();
        for s in &pattern.sort {
            doc.put(&within(&prefix, &s.field), if s.dir < 0 { "-1".into() } else { "1".into() });
        }
        doc.text()
    });
    let projection = (!pattern.projection.is_empty()).then(|| {
        let mut doc = Doc::default();
        for p in &pattern.projection {
            doc.put(&within(&prefix, p), "1".into());
        }
        doc.text()
    });
    let skip = match (pattern.pagination, pattern.page_size, pattern.max_page) {
        (Pagination::Offset, Some(size), Some(page)) if page > 1 => Some(u64::from(size) * u64::from(page - 1)),
        _ => None,
    };
    let collation = pattern.collation.as_ref().map(collation_text);
    if pattern.kind == QueryKind::Write {
        return write_call(pattern, &db, &filter, &prefix, model, collation);
    }
    if !pattern.lookups.is_empty() {
        let mut stages = Vec::new();
        if !filter.is_empty() {
            stages.push(format!("{{ $match: {} }}", filter.text()));
        }
        if let Some(sort) = &sort {
            stages.push(format!("{{ $sort: {sort} }}"));
        }
        if let Some(skip) = skip {
            stages.push(format!("{{ $skip: {skip} }}"));
        }
        if let Some(limit) = pattern.page_size {
            stages.push(format!("{{ $limit: {limit} }}"));
        }
        for l in &pattern.lookups {
            let from = model.entity(&l.from).map_or(l.from.as_str(), |e| e.name.as_str());
            let mut doc = Doc::default();
            doc.put("from", js::string(from));
            if !l.local_field.is_empty() {
                doc.put("localField", js::string(&l.local_field));
            }
            if !l.foreign_field.is_empty() {
                doc.put("foreignField", js::string(&l.foreign_field));
            }
            doc.put("as", js::string(from));
            stages.push(format!("{{ $lookup: {} }}", doc.text()));
        }
        if let Some(projection) = &projection {
            stages.push(format!("{{ $project: {projection} }}"));
        }
        let options = collation.map(|c| format!(", {{ collation: {c} }}")).unwrap_or_default();
        return format!("{db}.aggregate([{}]{options})", stages.join(", "));
    }
    let mut out = format!("{db}.find({}", filter.text());
    if let Some(projection) = &projection {
        out.push_str(", ");
        out.push_str(projection);
    }
    out.push(')');
    if let Some(c) = collation {
        out.push_str(&format!(".collation({c})"));
    }
    if let Some(sort) = sort {
        out.push_str(&format!(".sort({sort})"));
    }
    if let Some(skip) = skip {
        out.push_str(&format!(".skip({skip})"));
    }
    if let Some(limit) = pattern.page_size {
        out.push_str(&format!(".limit({limit})"));
    }
    out
}

fn write_call(
    pattern: &AccessPattern,
    db: &str,
    filter: &Doc,
    prefix: &str,
    model: &Model,
    collation: Option<String>,
) -> String {
    let fields = |path: &str| field_type(model, &pattern.entity, path);
    let array = |path: &str| crate::advisor::path_type(model, &pattern.entity, path).is_some_and(|(_, a)| a);
    let many = pattern.documents_changed.is_some_and(|n| n > 1);
    // `changes` names this document's fields, or an entity's as `entity.field` (by its id).
    let own: Vec<&str> = pattern
        .changes
        .iter()
        .filter_map(|change| match change.split_once('.') {
            Some((head, rest)) if head == pattern.entity => Some(rest),
            Some((head, _)) if pattern.touches.iter().any(|t| t == head) => None,
            _ => Some(change.as_str()),
        })
        .collect();
    let (mut set, mut push) = (Doc::default(), Doc::default());
    for change in &own {
        let path = within(prefix, change);
        match fields(change) {
            // An array grows by one element; anything else is set.
            None if array(change) => push.put(&path, "\"abc\"".into()),
            ty => set.put(&path, example(ty)),
        }
    }
    let mut update = Doc::default();
    if !set.is_empty() || push.is_empty() {
        update.put("$set", set.text());
    }
    if !push.is_empty() {
        update.put("$push", push.text());
    }
    let mut options = Doc::default();
    if pattern.write == Some(WriteOp::Upsert) {
        options.put("upsert", "true".into());
    }
    if let Some(c) = collation {
        options.put("collation", c);
    }
    let options = if options.is_empty() { String::new() } else { format!(", {}", options.text()) };
    let op = match pattern.write {
        Some(op) => op,
        // A write that finds nothing first adds a document.
        None if pattern.filters.is_empty() => WriteOp::Insert,
        None => WriteOp::Update,
    };
    match op {
        WriteOp::Insert => {
            let mut doc = Doc::default();
            for change in &own {
                doc.put(&within(prefix, change), example(fields(change)));
            }
            format!("{db}.insertOne({})", doc.text())
        }
        WriteOp::Delete => {
            format!("{db}.{}({}{options})", if many { "deleteMany" } else { "deleteOne" }, filter.text())
        }
        WriteOp::Replace => format!("{db}.replaceOne({}, {}{options})", filter.text(), set.text()),
        WriteOp::Update | WriteOp::Upsert => {
            let method = if many { "updateMany" } else { "updateOne" };
            format!("{db}.{method}({}, {}{options})", filter.text(), update.text())
        }
    }
}

/// A document written key by key, in order.
#[derive(Default)]
struct Doc(Vec<(String, String)>);

impl Doc {
    fn put(&mut self, key: &str, value: String) {
        if !self.0.iter().any(|(k, _)| k == key) {
            self.0.push((key.to_string(), value));
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn text(&self) -> String {
        if self.0.is_empty() {
            return "{}".into();
        }
        let items: Vec<String> = self.0.iter().map(|(k, v)| format!("{}: {v}", key(k))).collect();
        format!("{{ {} }}", items.join(", "))
    }
}

/// A key as JavaScript reads it: bare when it is a name (or an operator), quoted otherwise.
fn key(name: &str) -> String {
    let operator = name.strip_prefix('$').is_some_and(js::is_identifier);
    if operator || js::is_identifier(name) {
        name.to_string()
    } else {
        js::string(name)
    }
}

fn collection_expr(name: &str) -> String {
    if js::is_identifier(name) && !matches!(name, "getCollection" | "getName" | "runCommand" | "aggregate") {
        name.to_string()
    } else {
        format!("getCollection({})", js::string(name))
    }
}

/// The filters inside `$elemMatch` gathered under their array: `{ items: { $elemMatch: {…} } }`.
fn elem_matches(mut filter: Doc, filters: &[Filter], prefix: &str, fields: &dyn Fn(&str) -> Option<BsonType>) -> Doc {
    let arrays: Vec<&str> = filters.iter().filter_map(|f| f.elem_match.as_deref()).collect();
    for array in arrays {
        let inside: Vec<&Filter> = filters.iter().filter(|f| f.elem_match.as_deref() == Some(array)).collect();
        let array_path = within(prefix, array);
        filter.0.retain(|(k, _)| k != &array_path && !inside.iter().any(|f| within(prefix, &f.field) == *k));
        let scalar = inside.iter().all(|f| f.field == array);
        let body = if scalar {
            // `{ scores: { $elemMatch: { $gte: 80, $lt: 90 } } }`
            inside.first().map(|f| condition(f, fields(&f.field))).unwrap_or_else(|| "{}".into())
        } else {
            let mut doc = Doc::default();
            for f in &inside {
                let sub = f.field.strip_prefix(array).and_then(|s| s.strip_prefix('.')).unwrap_or(&f.field);
                doc.put(sub, condition(f, fields(&f.field)));
            }
            doc.text()
        };
        filter.put(&array_path, format!("{{ $elemMatch: {body} }}"));
    }
    filter
}

/// The condition a filter puts on its field, with an example value of the field's type.
fn condition(f: &Filter, ty: Option<BsonType>) -> String {
    let value = example(ty);
    let i = if f.case_insensitive { "i" } else { "" };
    match f.op {
        FilterOp::Equality | FilterOp::ArrayContains if f.case_insensitive => format!("/^{}$/i", regex_word(ty)),
        FilterOp::Equality | FilterOp::ArrayContains => value,
        FilterOp::Range => format!("{{ $gte: {value} }}"),
        FilterOp::Exists => "{ $exists: true }".into(),
        FilterOp::Text | FilterOp::Prefix => format!("/^{}/{i}", regex_word(ty)),
        FilterOp::Regex => format!("/{}/{i}", regex_word(ty)),
        FilterOp::In => format!("{{ $in: [{value}, {value}] }}"),
        FilterOp::Not => format!("{{ $ne: {value} }}"),
    }
}

fn regex_word(_ty: Option<BsonType>) -> &'static str {
    "abc"
}

/// An example value of a type, in mongosh syntax.
fn example(ty: Option<BsonType>) -> String {
    match ty {
        Some(BsonType::Int | BsonType::Long) => "1".into(),
        Some(BsonType::Double) => "1.5".into(),
        Some(BsonType::Decimal) => "Decimal128(\"9.99\")".into(),
        Some(BsonType::Bool) => "true".into(),
        Some(BsonType::Date | BsonType::Timestamp) => "ISODate(\"2026-01-01T00:00:00Z\")".into(),
        Some(BsonType::ObjectId) => "ObjectId(\"65a000000000000000000001\")".into(),
        Some(BsonType::Null) => "null".into(),
        _ => "\"abc\"".into(),
    }
}

fn collation_text(c: &Collation) -> String {
    let mut doc = Doc::default();
    doc.put("locale", js::string(&c.locale));
    if let Some(s) = c.strength {
        doc.put("strength", s.to_string());
    }
    if c.case_level {
        doc.put("caseLevel", "true".into());
    }
    if c.numeric_ordering {
        doc.put("numericOrdering", "true".into());
    }
    doc.text()
}

/// `path` inside the documents of the collection (an embedded entity's fields are under the
/// path that embeds it).
fn within(prefix: &str, path: &str) -> String {
    if prefix.is_empty() || path == "_id" && prefix.is_empty() {
        path.to_string()
    } else {
        format!("{prefix}.{path}")
    }
}

/// The collection holding `entity`'s documents and the path it sits at in them.
fn collection_of(model: &Model, entity: &str) -> (String, String) {
    let mut path = Vec::new();
    let mut at = entity;
    // An embedding chain is at most as long as the model's relations (a cycle stops there).
    for _ in 0..=model.relations.len() {
        match model.embedding_parent(at) {
            Some(rel) => {
                let child = model.entity(&rel.child).map_or(rel.child.as_str(), |e| e.name.as_str());
                path.push(if rel.field.is_empty() { child.to_string() } else { rel.field.clone() });
                at = &rel.parent;
            }
            None => break,
        }
    }
    path.reverse();
    let name = model.entity(at).map_or(at, |e| e.name.as_str());
    (name.to_string(), path.join("."))
}

/// The type of the values at `path` of `entity` (an array's items), if the design names it.
fn field_type(model: &Model, entity: &str, path: &str) -> Option<BsonType> {
    match crate::advisor::path_type(model, entity, path)? {
        (BsonType::Array, _) => None,
        (ty, _) => Some(ty),
    }
}
