//! What a call says about an access pattern: its filters with their operators, `$or`, sort,
//! projection, page size and depth, collation, `$lookup` stages, and for a write what it does
//! and which fields it changes. [`fill`] writes them into the pattern.

use super::call::{Call, Change, Operation, Read, Write};
use crate::infer::{Document, Value};
use crate::model::{
    AccessPattern, Collation, Filter, FilterOp, Lookup, Model, Pagination, QueryKind, SortKey, WriteOp,
};

/// Something the call says that the pattern cannot hold (it is kept in the call as written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    /// The operator, stage or option (`$where`, `$expr`, `$geoNear`…).
    pub what: String,
    /// Why it is left out, in English.
    pub why: &'static str,
}

/// Why a call cannot fill a pattern of this model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotInDesign {
    pub collection: String,
}

impl std::fmt::Display for NotInDesign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "db.{0}: the design has no collection named \"{0}\"", self.collection)
    }
}

/// The entity whose collection a call names: a collection of that name, else an entity of
/// that id.
pub fn entity_of<'m>(model: &'m Model, collection: &str) -> Option<&'m crate::model::Entity> {
    let collections = model.entities.iter().filter(|e| model.is_collection(e));
    collections.clone().find(|e| e.name == collection).or_else(|| model.entities.iter().find(|e| e.id == collection))
}

/// Fills `pattern` from `call` (read from `text`, kept as the pattern's `call`): its entity,
/// kind, filters, `$or`, sort, projection, page size, pagination, collation, lookups and, for a
/// write, what it does and changes. What the pattern says that a call cannot (its name, actor,
/// frequency, the entities it needs, its latency goal) is kept. Returns what the call says
/// that the pattern cannot hold. Nothing changes when the call names no collection of the design.
pub fn fill(pattern: &mut AccessPattern, call: &Call, text: &str, model: &Model) -> Result<Vec<Unread>, NotInDesign> {
    let entity =
        entity_of(model, &call.collection).ok_or_else(|| NotInDesign { collection: call.collection.clone() })?;
    let mut facts = Facts::default();
    match &call.operation {
        Operation::Read(read) => facts.read(read),
        Operation::Aggregate { pipeline, collation } => facts.aggregate(pipeline, collation.as_ref(), model),
        Operation::Write(writes) => facts.writes(writes),
    }
    // Equality on an array field is membership: `{ tags: "x" }`.
    for f in facts.filters.iter_mut().chain(facts.or.iter_mut().flatten()) {
        let array = crate::advisor::path_type(model, &entity.id, &f.field).is_some_and(|(_, array)| array);
        if array && f.op == FilterOp::Equality && f.elem_match.is_none() {
            f.op = FilterOp::ArrayContains;
        }
    }
    pattern.entity = entity.id.clone();
    pattern.call = text.trim().to_string();
    pattern.kind = match (&call.operation, pattern.kind) {
        (Operation::Write(_), _) => QueryKind::Write,
        (Operation::Aggregate { .. }, QueryKind::Analytical) => QueryKind::Analytical,
        _ if facts.batch => QueryKind::Analytical,
        _ => QueryKind::Read,
    };
    pattern.pagination = facts.pagination();
    pattern.filters = facts.filters;
    pattern.or = facts.or;
    pattern.sort = facts.sort;
    pattern.projection = facts.projection;
    pattern.page_size = facts.limit;
    pattern.max_page = match (facts.skip, facts.limit) {
        (Some(skip), Some(limit)) if limit > 0 => Some(skip / limit + 1),
        _ => None,
    };
    pattern.collation = facts.collation;
    pattern.uses_lookup = !facts.lookups.is_empty();
    for lookup in &facts.lookups {
        if !pattern.touches.contains(&lookup.from) && lookup.from != pattern.entity {
            pattern.touches.push(lookup.from.clone());
        }
    }
    pattern.lookups = facts.lookups;
    pattern.write = facts.write;
    if pattern.kind == QueryKind::Write {
        pattern.changes = facts.changes;
        if !facts.many {
            pattern.documents_changed = None;
        }
    }
    Ok(facts.unread)
}

/// The facts read so far.
#[derive(Default)]
struct Facts {
    filters: Vec<Filter>,
    or: Vec<Vec<Filter>>,
    sort: Vec<SortKey>,
    projection: Vec<String>,
    limit: Option<u32>,
    skip: Option<u32>,
    /// A skip whose depth the call does not say (a variable).
    skips: bool,
    collation: Option<Collation>,
    lookups: Vec<Lookup>,
    write: Option<WriteOp>,
    many: bool,
    changes: Vec<String>,
    /// `$out` or `$merge`: a batch job.
    batch: bool,
    unread: Vec<Unread>,
}

impl Facts {
    fn unread(&mut self, what: &str, why: &'static str) {
        let what = what.to_string();
        if !self.unread.iter().any(|u| u.what == what) {
            self.unread.push(Unread { what, why });
        }
    }

    fn read(&mut self, read: &Read) {
        self.filters = self.filter(&read.filter, "", None);
        self.sort(&read.sort);
        self.projection(&read.projection);
        self.limit = read.limit.as_ref().and_then(count);
        self.skip_by(read.skip.as_ref());
        self.collation = read.collation.as_ref().map(collation);
    }

    fn skip_by(&mut self, skip: Option<&Value>) {
        match skip {
            None => {}
            Some(v) => match count(v) {
                Some(0) => {}
                Some(n) => self.skip = Some(n),
                None => self.skips = true,
            },
        }
    }

    fn pagination(&self) -> Pagination {
        let (sort, filters) = (&self.sort, &self.filters);
        if self.skip.is_some() || self.skips {
            return Pagination::Offset;
        }
        // A range on the first sort key (or on `_id`) after a sort: the next page starts after
        // the last value read.
        let first = sort.first().map(|s| s.field.as_str());
        let resumes =
            filters.iter().any(|f| f.op == FilterOp::Range && (Some(f.field.as_str()) == first || f.field == "_id"));
        if first.is_some() && resumes && self.limit.is_some() {
            Pagination::Cursor
        } else {
            Pagination::None
        }
    }

    /// The filters of a filter document; `$or` branches go to `self.or`.
    fn filter(&mut self, doc: &[(String, Value)], prefix: &str, elem: Option<&str>) -> Vec<Filter> {
        let mut out: Vec<Filter> = Vec::new();
        for (key, value) in doc {
            match key.as_str() {
                "$and" => {
                    for branch in branches(value) {
                        let more = self.filter(branch, prefix, elem);
                        merge(&mut out, more);
                    }
                }
                "$or" => {
                    let list: Vec<Vec<Filter>> =
                        branches(value).into_iter().map(|b| self.filter(b, prefix, elem)).collect();
                    if self.or.is_empty() {
                        self.or = list;
                    } else {
                        self.unread("$or", "a second $or: the pattern keeps the first one's branches");
                    }
                }
                "$nor" => {
                    for branch in branches(value) {
                        let more = self.filter(branch, prefix, elem);
                        merge(&mut out, more.into_iter().map(|f| Filter { op: FilterOp::Not, ..f }).collect());
                    }
                }
                "$comment" => {}
                "$text" => self.unread("$text", "text search: the fields come from the collection's text index"),
                op if op.starts_with('$') => {
                    self.unread(op, "an operator docshape does not read (no index narrows it)");
                }
                field => {
                    let path = if prefix.is_empty() { field.to_string() } else { format!("{prefix}.{field}") };
                    let more = self.value(&path, value, elem);
                    merge(&mut out, more);
                }
            }
        }
        out
    }

    /// The filters `value` puts on `path`.
    fn value(&mut self, path: &str, value: &Value, elem: Option<&str>) -> Vec<Filter> {
        let filter = |op, case_insensitive| Filter {
            case_insensitive,
            elem_match: elem.map(str::to_string),
            ..Filter::new(path, op)
        };
        match value {
            Value::Regex { pattern, options } => vec![regex(filter, pattern, options)],
            Value::Document(ops) if !ops.is_empty() && ops.iter().all(|(k, _)| k.starts_with('$')) => {
                let mut out = Vec::new();
                for (op, arg) in ops {
                    let more = match op.as_str() {
                        "$eq" => self.value(path, arg, elem),
                        "$gt" | "$gte" | "$lt" | "$lte" => vec![filter(FilterOp::Range, false)],
                        "$in" => match arg {
                            Value::Array(items) if items.iter().any(|i| matches!(i, Value::Regex { .. })) => items
                                .iter()
                                .filter_map(|i| match i {
                                    Value::Regex { pattern, options } => Some(regex(filter, pattern, options)),
                                    _ => None,
                                })
                                .take(1)
                                .collect(),
                            Value::Array(items) if items.len() == 1 => vec![filter(FilterOp::Equality, false)],
                            _ => vec![filter(FilterOp::In, false)],
                        },
                        "$ne" | "$nin" | "$not" => vec![filter(FilterOp::Not, false)],
                        "$exists" => vec![filter(FilterOp::Exists, false)],
                        "$regex" => {
                            let pattern = match arg {
                                Value::String(s) => s.clone(),
                                Value::Regex { pattern, .. } => pattern.clone(),
                                _ => String::new(),
                            };
                            let options = match (ops.iter().find(|(k, _)| k == "$options"), arg) {
                                (Some((_, Value::String(o))), _) => o.clone(),
                                (_, Value::Regex { options, .. }) => options.clone(),
                                _ => String::new(),
                            };
                            vec![regex(filter, &pattern, &options)]
                        }
                        "$options" => Vec::new(),
                        "$all" => vec![filter(FilterOp::ArrayContains, false)],
                        "$elemMatch" => match arg {
                            Value::Document(inner) if inner.iter().all(|(k, _)| k.starts_with('$')) => {
                                self.value(path, arg, Some(path))
                            }
                            Value::Document(inner) => self.filter(inner, path, Some(path)),
                            _ => Vec::new(),
                        },
                        "$near" | "$nearSphere" | "$geoWithin" | "$geoIntersects" => {
                            self.unread(op, "a geospatial match: state a 2dsphere index on the field");
                            Vec::new()
                        }
                        other => {
                            self.unread(other, "an operator docshape does not read (no index narrows it)");
                            Vec::new()
                        }
                    };
                    merge(&mut out, more);
                }
                out
            }
            // A whole sub-document, a scalar, or a value the application fills in.
            _ => vec![filter(FilterOp::Equality, false)],
        }
    }

    fn sort(&mut self, sort: &[(String, Value)]) {
        self.sort = sort
            .iter()
            .filter_map(|(field, dir)| match dir {
                Value::Document(_) => {
                    self.unread.push(Unread { what: field.clone(), why: "a sort by text score" });
                    None
                }
                v => {
                    Some(SortKey { field: field.clone(), dir: if number(v).is_some_and(|n| n < 0.0) { -1 } else { 1 } })
                }
            })
            .collect();
    }

    fn projection(&mut self, projection: &[(String, Value)]) {
        let excluded = |v: &Value| number(v) == Some(0.0) || matches!(v, Value::Bool(false));
        let excludes = projection.iter().any(|(k, v)| k != "_id" && excluded(v));
        if excludes {
            self.unread("projection", "a projection that leaves fields out: the pattern lists the fields returned");
            self.projection.clear();
            return;
        }
        self.projection =
            projection.iter().filter(|(k, v)| !(k == "_id" && excluded(v))).map(|(k, _)| k.clone()).collect();
    }

    fn aggregate(&mut self, pipeline: &[Document], collation_of: Option<&Document>, model: &Model) {
        self.collation = collation_of.map(collation);
        // Stages the server runs on the collection's documents with an index: the first
        // `$match`, `$sort`, `$skip` and `$limit`, before anything reshapes the documents.
        let mut leading = true;
        for stage in pipeline {
            let Some((name, body)) = stage.first() else { continue };
            let body_doc = match body {
                Value::Document(d) => d.as_slice(),
                _ => &[],
            };
            match name.as_str() {
                "$match" if leading => {
                    let more = self.filter(body_doc, "", None);
                    merge(&mut self.filters, more);
                }
                "$sort" if leading => self.sort(body_doc),
                "$limit" => {
                    if self.limit.is_none() {
                        self.limit = count(body);
                    }
                }
                "$skip" => self.skip_by(Some(body)),
                "$project" => self.projection(body_doc),
                "$lookup" => {
                    leading = false;
                    let text = |key: &str| match body_doc.iter().find(|(k, _)| k == key) {
                        Some((_, Value::String(s))) => s.clone(),
                        _ => String::new(),
                    };
                    let from = text("from");
                    match entity_of(model, &from) {
                        Some(entity) => self.lookups.push(Lookup {
                            from: entity.id.clone(),
                            local_field: text("localField"),
                            foreign_field: text("foreignField"),
                        }),
                        None => self.unread.push(Unread {
                            what: format!("$lookup from {from}"),
                            why: "the design has no collection of that name",
                        }),
                    }
                }
                "$out" | "$merge" => {
                    self.batch = true;
                    leading = false;
                }
                "$geoNear" | "$search" | "$vectorSearch" | "$searchMeta" => {
                    self.unread(name, "a search stage: state its index on the collection");
                    leading = false;
                }
                "$match" | "$sort" => {
                    leading = false;
                }
                _ => leading = false,
            }
        }
    }

    fn writes(&mut self, writes: &[Write]) {
        for (i, w) in writes.iter().enumerate() {
            if i == 0 {
                self.filters = self.filter(&w.filter, "", None);
                self.sort(&w.sort);
                self.collation = w.collation.as_ref().map(collation);
            }
            // The strongest of the writes: an upsert over an update over an insert.
            self.write = Some(match (self.write, w.op) {
                (Some(WriteOp::Upsert), _) | (_, WriteOp::Upsert) => WriteOp::Upsert,
                (Some(previous), _) if i > 0 => previous,
                (_, op) => op,
            });
            self.many |= w.many;
            let fields: Vec<String> = match &w.change {
                Change::Nothing => Vec::new(),
                Change::Insert(docs) => docs
                    .first()
                    .map(|d| d.iter().filter(|(k, _)| k != "_id").map(|(k, _)| k.clone()).collect())
                    .unwrap_or_default(),
                Change::Operators(ops) => ops
                    .iter()
                    .filter(|(op, _)| op != "$setOnInsert")
                    .flat_map(|(_, fields)| match fields {
                        Value::Document(d) => d.iter().map(|(k, _)| changed_path(k)).collect::<Vec<_>>(),
                        _ => Vec::new(),
                    })
                    .collect(),
                Change::Pipeline(stages) => stages
                    .iter()
                    .flat_map(|s| s.iter())
                    .flat_map(|(_, fields)| match fields {
                        Value::Document(d) => d.iter().map(|(k, _)| changed_path(k)).collect::<Vec<_>>(),
                        _ => Vec::new(),
                    })
                    .collect(),
                Change::Replacement(doc) => doc.iter().filter(|(k, _)| k != "_id").map(|(k, _)| k.clone()).collect(),
            };
            for f in fields {
                if !self.changes.contains(&f) {
                    self.changes.push(f);
                }
            }
        }
    }
}

/// A changed path without its positional parts (`items.$.qty` → `items.qty`).
fn changed_path(path: &str) -> String {
    path.split('.')
        .filter(|p| !(p.starts_with('$') || p.chars().all(|c| c.is_ascii_digit())))
        .collect::<Vec<_>>()
        .join(".")
}

/// A regular expression's filter: anchored (`^`) is a prefix; `i` ignores case.
fn regex(filter: impl Fn(FilterOp, bool) -> Filter, pattern: &str, options: &str) -> Filter {
    let anchored = pattern.starts_with('^') || pattern.starts_with("\\A");
    filter(if anchored { FilterOp::Prefix } else { FilterOp::Regex }, options.contains('i'))
}

/// Adds `more` to `out`, leaving out a filter already there (same field, operator and flags).
fn merge(out: &mut Vec<Filter>, more: Vec<Filter>) {
    for f in more {
        if !out.contains(&f) {
            out.push(f);
        }
    }
}

fn branches(value: &Value) -> Vec<&Document> {
    match value {
        Value::Array(items) => items
            .iter()
            .filter_map(|i| match i {
                Value::Document(d) => Some(d),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int32(n) => Some(f64::from(*n)),
        Value::Int64(n) => Some(*n as f64),
        Value::Double(n) => Some(*n),
        _ => None,
    }
}

/// A whole number the call states (a limit, a skip); `None` for a value the application fills in.
fn count(v: &Value) -> Option<u32> {
    number(v).filter(|n| n.is_finite() && *n >= 0.0 && n.fract() == 0.0).map(|n| n.min(f64::from(u32::MAX)) as u32)
}

fn collation(doc: &Document) -> Collation {
    let get = |key: &str| doc.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    Collation {
        locale: match get("locale") {
            Some(Value::String(s)) => s.clone(),
            _ => "simple".to_string(),
        },
        strength: get("strength").and_then(number).filter(|n| (1.0..=5.0).contains(n)).map(|n| n as u8),
        case_level: matches!(get("caseLevel"), Some(Value::Bool(true))),
        numeric_ordering: matches!(get("numericOrdering"), Some(Value::Bool(true))),
    }
}
