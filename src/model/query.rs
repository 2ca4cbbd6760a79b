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
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Filter {
    pub field: String,
    #[serde(default)]
    pub op: FilterOp,
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

/// `status, createdAt>, tags[], deletedAt?, title~`: equality, range, array membership,
/// existence, text.
pub fn filters_text(filters: &[Filter]) -> String {
    filters
        .iter()
        .map(|f| {
            let suffix = match f.op {
                FilterOp::Equality => "",
                FilterOp::Range => ">",
                FilterOp::ArrayContains => "[]",
                FilterOp::Exists => "?",
                FilterOp::Text => "~",
            };
            format!("{}{suffix}", f.field)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn parse_filters(v: &str) -> Vec<Filter> {
    split_list(v)
        .into_iter()
        .map(|s| {
            let (field, op) = if let Some(f) = s.strip_suffix("[]") {
                (f, FilterOp::ArrayContains)
            } else if let Some(f) = s.strip_suffix('>').or_else(|| s.strip_suffix('<')) {
                (f, FilterOp::Range)
            } else if let Some(f) = s.strip_suffix('?') {
                (f, FilterOp::Exists)
            } else if let Some(f) = s.strip_suffix('~') {
                (f, FilterOp::Text)
            } else {
                (s.as_str(), FilterOp::Equality)
            };
            Filter { field: field.trim().to_string(), op }
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
    fn sort_shorthand_round_trips() {
        let s = parse_sort("createdAt:-1, _id:-1, name");
        assert_eq!(s[0], SortKey { field: "createdAt".into(), dir: -1 });
        assert_eq!(s[2].dir, 1);
        assert_eq!(parse_sort(&sort_text(&s)), s);
        assert!(parse_sort(" , ").is_empty());
    }
}
