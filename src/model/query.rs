//! Access patterns: the queries and commands the design must serve (DOMAIN.md §1).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum QueryKind {
    #[default]
    Read,
    Write,
    Analytical,
}

/// How a filter field is matched; it decides its place in a compound index (ESR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FilterOp {
    #[default]
    Equality,
    Range,
    Exists,
    /// Array membership (`{tags: "x"}` or `$in` on an array field).
    ArrayContains,
    /// Text or prefix search.
    Text,
    /// Format 4: `$in` over a few values of a scalar field: several equality points (an index
    /// serves it as equality, but a sort after it is no longer given by the index).
    In,
    /// Format 4: a regular expression anchored at the start (`/^abc/`): a range on an index,
    /// when it is case-sensitive.
    Prefix,
    /// Format 4: an unanchored regular expression (`/abc/`): no index narrows it; at best the
    /// whole index is scanned.
    Regex,
    /// Format 4: `$ne`, `$nin` or `$not`: matches what is *not* a value; an index narrows it poorly.
    Not,
}

impl FilterOp {
    /// The operator's name in the model file and the shorthand's words.
    pub fn name(self) -> &'static str {
        match self {
            FilterOp::Equality => "equality",
            FilterOp::Range => "range",
            FilterOp::Exists => "exists",
            FilterOp::ArrayContains => "arrayContains",
            FilterOp::Text => "text",
            FilterOp::In => "in",
            FilterOp::Prefix => "prefix",
            FilterOp::Regex => "regex",
            FilterOp::Not => "not",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Filter {
    pub field: String,
    #[serde(default)]
    pub op: FilterOp,
    /// Format 4: the match ignores case (a `/…/i` regular expression, or equality under a
    /// collation of strength 1 or 2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub case_insensitive: bool,
    /// Format 4: the filter is inside `$elemMatch` on this array field: the filters that name
    /// the same array must hold in one element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elem_match: Option<String>,
}

impl Filter {
    pub fn new(field: &str, op: FilterOp) -> Filter {
        Filter { field: field.to_string(), op, case_insensitive: false, elem_match: None }
    }
}

/// Format 4: a `$lookup` stage of the operation: which entity it joins, on which fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lookup {
    /// The entity joined (its collection is the stage's `from`).
    pub from: String,
    /// The field of the documents flowing in (`localField`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub local_field: String,
    /// The field of `from` matched against it (`foreignField`): an index on it serves every
    /// document flowing in.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub foreign_field: String,
}

/// Format 4: what a write does to the documents it changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WriteOp {
    Insert,
    Update,
    /// An update that inserts when nothing matches (`upsert: true`).
    Upsert,
    Replace,
    Delete,
}

impl WriteOp {
    pub fn name(self) -> &'static str {
        match self {
            WriteOp::Insert => "insert",
            WriteOp::Update => "update",
            WriteOp::Upsert => "upsert",
            WriteOp::Replace => "replace",
            WriteOp::Delete => "delete",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SortKey {
    pub field: String,
    /// 1 ascending, -1 descending.
    #[serde(default = "ascending")]
    pub dir: i8,
}

fn ascending() -> i8 {
    1
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Pagination {
    #[default]
    None,
    /// `skip(n).limit(k)`; `max_pages` says how deep users go.
    Offset,
    /// Range on the last sort values (`_id` tie-breaker).
    Cursor,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessPattern {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub actor: String,
    #[serde(default)]
    pub kind: QueryKind,
    /// Executions per minute at peak.
    #[serde(default)]
    pub per_minute: f64,
    /// The entity (collection) the operation starts from.
    pub entity: String,
    /// Other entities whose data the operation needs (read) or changes (write).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub touches: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub filters: Vec<Filter>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sort: Vec<SortKey>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub projection: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_size: Option<u32>,
    #[serde(default)]
    pub pagination: Pagination,
    /// For offset pagination: the deepest page users reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_page: Option<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub consistency: String,
    /// Latency goal, p95 in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sla_ms: Option<f64>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume: String,
    /// The implementation stitches collections with `$lookup`.
    #[serde(default)]
    pub uses_lookup: bool,
    /// Writes: the fields that must change as one unit (dotted, `entity.field` allowed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
    /// Writes: the precondition / concurrency rule (conditional update, version field).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub precondition: String,
    /// Writes: how many documents of `entity`'s collection one execution changes (format
    /// version 2; 1 when absent). Two for a transfer between two accounts: no single-document
    /// write covers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub documents_changed: Option<u32>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Format 4: the call as the application writes it (`db.orders.find({…}).sort({…})`),
    /// kept as written; docshape fills the members above from it (`crate::mql`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub call: String,
    /// Format 4: `$or`: each branch a list of filters; every branch needs an index of its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub or: Vec<Vec<Filter>>,
    /// Format 4: the collation the operation names (`.collation({…})`, or the `collation`
    /// option): an index serves its string matches and sorts only under the same collation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collation: Option<super::Collation>,
    /// Format 4: the `$lookup` stages, each with its entity and fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lookups: Vec<Lookup>,
    /// Format 4, writes: what the write does (insert, update, upsert, replace, delete).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write: Option<WriteOp>,
    /// Format 4, writes: at peak, how many executions change the same document at the same
    /// moment (a counter every client increments, a shared cart). Over a few, they queue on
    /// the document's lock and retry on write conflicts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_document_writers: Option<u32>,
}

impl AccessPattern {
    pub fn new(id: &str, name: &str, entity: &str) -> AccessPattern {
        AccessPattern {
            id: id.to_string(),
            name: name.to_string(),
            actor: String::new(),
            kind: QueryKind::Read,
            per_minute: 1.0,
            entity: entity.to_string(),
            touches: Vec::new(),
            filters: Vec::new(),
            sort: Vec::new(),
            projection: Vec::new(),
            page_size: None,
            pagination: Pagination::None,
            max_page: None,
            consistency: String::new(),
            sla_ms: None,
            volume: String::new(),
            uses_lookup: false,
            changes: Vec::new(),
            documents_changed: None,
            precondition: String::new(),
            notes: String::new(),
            call: String::new(),
            or: Vec::new(),
            collation: None,
            lookups: Vec::new(),
            write: None,
            same_document_writers: None,
        }
    }

    /// A read that finds one document of its entity by `_id` (equality): the application
    /// knows those documents one by one, by their identity.
    pub fn reads_one_by_id(&self) -> bool {
        self.kind == QueryKind::Read && self.filters.iter().any(|f| f.field == "_id" && f.op == FilterOp::Equality)
    }

    /// Every entity the pattern involves, its own first.
    pub fn entities(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.entity.as_str()).chain(self.touches.iter().map(String::as_str))
    }
}

/// Splits a comma-separated list, trimming and dropping empty items.
pub fn split_list(v: &str) -> Vec<String> {
    v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
}

/// The shorthand of a filter's operator, after its field: `status` equality, `createdAt>`
/// range, `tags[]` array membership, `deletedAt?` existence, `title~` text, `state*` `$in`,
/// `sku^` an anchored regular expression, `name/` an unanchored one, `status!` `$ne`/`$nin`.
/// A case-insensitive match adds `i`: `email=i`, `name^i`, `name/i`.
const SHORTHAND: [(FilterOp, &str); 9] = [
    (FilterOp::ArrayContains, "[]"),
    (FilterOp::Range, ">"),
    (FilterOp::Exists, "?"),
    (FilterOp::Text, "~"),
    (FilterOp::In, "*"),
    (FilterOp::Prefix, "^"),
    (FilterOp::Regex, "/"),
    (FilterOp::Not, "!"),
    (FilterOp::Equality, "="),
];

/// `status, createdAt>, tags[], deletedAt?, title~, email=i`: the filters in the shorthand
/// of [`SHORTHAND`] (what the access-pattern inspector shows and reads).
pub fn filters_text(filters: &[Filter]) -> String {
    filters
        .iter()
        .map(|f| {
            let suffix = SHORTHAND.iter().find(|(op, _)| *op == f.op).map_or("", |(_, s)| s);
            match (f.op, f.case_insensitive) {
                (FilterOp::Equality, false) => f.field.clone(),
                (_, true) => format!("{}{suffix}i", f.field),
                (_, false) => format!("{}{suffix}", f.field),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn parse_filters(v: &str) -> Vec<Filter> {
    split_list(v)
        .into_iter()
        .map(|s| {
            let (s, case_insensitive) = match s.strip_suffix('i') {
                Some(rest) if rest.ends_with(['=', '^', '/']) => (rest.to_string(), true),
                _ => (s, false),
            };
            let s = s.strip_suffix('<').map(|f| format!("{f}>")).unwrap_or(s);
            let (field, op) = SHORTHAND
                .iter()
                .find_map(|(op, suffix)| Some((s.strip_suffix(suffix)?, *op)))
                .unwrap_or((s.as_str(), FilterOp::Equality));
            Filter { case_insensitive, ..Filter::new(field.trim(), op) }
        })
        .collect()
}

pub fn sort_text(sort: &[SortKey]) -> String {
    sort.iter().map(|s| format!("{}:{}", s.field, s.dir)).collect::<Vec<_>>().join(", ")
}

pub fn parse_sort(v: &str) -> Vec<SortKey> {
    split_list(v)
        .into_iter()
        .map(|s| match s.rsplit_once(':') {
            Some((f, d)) => SortKey { field: f.trim().to_string(), dir: if d.trim() == "-1" { -1 } else { 1 } },
            None => SortKey { field: s, dir: 1 },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_shorthand_round_trips() {
        let f = parse_filters("businessId, status, createdAt>, tags[], deletedAt?, title~");
        let ops: Vec<FilterOp> = f.iter().map(|f| f.op).collect();
        assert_eq!(
            ops,
            vec![
                FilterOp::Equality,
                FilterOp::Equality,
                FilterOp::Range,
                FilterOp::ArrayContains,
                FilterOp::Exists,
                FilterOp::Text
            ]
        );
        assert_eq!(f[2].field, "createdAt");
        assert_eq!(parse_filters(&filters_text(&f)), f);
    }

    #[test]
    fn format_4_operators_round_trip_through_the_shorthand() {
        let f = parse_filters("state*, sku^, name/i, status!, email=i, title~, createdAt<");
        let ops: Vec<(FilterOp, bool)> = f.iter().map(|f| (f.op, f.case_insensitive)).collect();
        assert_eq!(
            ops,
            vec![
                (FilterOp::In, false),
                (FilterOp::Prefix, false),
                (FilterOp::Regex, true),
                (FilterOp::Not, false),
                (FilterOp::Equality, true),
                (FilterOp::Text, false),
                (FilterOp::Range, false),
            ]
        );
        assert_eq!(f[2].field, "name");
        assert_eq!(f[4].field, "email");
        assert_eq!(filters_text(&f), "state*, sku^, name/i, status!, email=i, title~, createdAt>");
        assert_eq!(parse_filters(&filters_text(&f)), f);
        // A field whose name ends in `i` is not read as case-insensitive.
        assert_eq!(parse_filters("wifi"), vec![Filter::new("wifi", FilterOp::Equality)]);
    }

    #[test]
    fn sort_shorthand_round_trips() {
        let s = parse_sort("createdAt:-1, _id:-1, name");
        assert_eq!(s[0], SortKey { field: "createdAt".into(), dir: -1 });
        assert_eq!(s[2].dir, 1);
        assert_eq!(parse_sort(&sort_text(&s)), s);
        assert!(parse_sort(" , ").is_empty());
    }
}
