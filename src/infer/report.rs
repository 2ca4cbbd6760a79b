//! The inference report: what the accumulator measured, per field path, in plain figures.

use super::accumulator::{Accumulator, ArrayStats, PathStats, SizeCounts};
use super::histogram::Histogram;
use super::value::Kind;
use serde::{Serialize, Serializer};

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Median, p99 and maximum of a measured quantity (see `Histogram` for the accuracy: exact up
/// to 256, otherwise at most 6.25% above the true percentile).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Distribution {
    pub count: u64,
    pub min: u64,
    pub median: u64,
    pub p99: u64,
    pub max: u64,
    pub mean: f64,
}

impl Distribution {
    fn of(h: &Histogram) -> Distribution {
        Distribution {
            count: h.count(),
            min: h.min(),
            median: h.median(),
            p99: h.percentile(0.99),
            max: h.max(),
            mean: h.mean(),
        }
    }
}

/// How often a field held one type.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TypeShare {
    #[serde(rename = "type")]
    pub kind: Kind,
    pub count: u64,
    /// Of all the field's values (or elements), 0..1.
    pub share: f64,
}

/// What an array field's arrays looked like.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArrayReport {
    /// Number of items per array.
    pub lengths: Distribution,
    /// Element types, most frequent first.
    pub elements: Vec<TypeShare>,
    /// Arrays over `thresholds.few_max` (100) items.
    pub over_few: u64,
    /// Arrays over `thresholds.array_warn` (1,000) items.
    pub over_warn: u64,
    /// Arrays over `thresholds.array_atlas` (10,000) items.
    pub over_atlas: u64,
}

/// A short-string format and how many values had it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FormatShare {
    pub format: String,
    pub count: u64,
}

/// Everything measured about one field path.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldReport {
    /// Dotted path; array elements' fields are under the array's name (`itens.sku`).
    pub path: String,
    pub name: String,
    /// Index of the parent field in [`Inference::fields`] (`None` at the top level).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<usize>,
    /// Objects that had the field.
    pub present: u64,
    /// Objects that could have had it: documents for a top-level field, the parent's
    /// sub-documents otherwise.
    pub out_of: u64,
    /// Value types, most frequent first.
    pub types: Vec<TypeShare>,
    /// Average bytes of the string (or binary) values, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avg_bytes: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array: Option<ArrayReport>,
    /// Formats of short string values, when there are few (coded values: phones, zip codes).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub string_formats: Vec<FormatShare>,
    /// Number of string values the formats were taken from.
    #[serde(skip_serializing_if = "is_zero")]
    pub string_values: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl FieldReport {
    /// Share of the possible objects that had the field (0..1).
    pub fn presence(&self) -> f64 {
        if self.out_of == 0 {
            0.0
        } else {
            self.present as f64 / self.out_of as f64
        }
    }

    /// Present in every object that could have had it.
    pub fn always_present(&self) -> bool {
        self.out_of > 0 && self.present >= self.out_of
    }

    /// The non-null types seen.
    pub fn value_types(&self) -> impl Iterator<Item = &TypeShare> {
        self.types.iter().filter(|t| !matches!(t.kind, Kind::Null | Kind::Undefined))
    }
}

/// The result of an inference run over sampled documents.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Inference {
    /// Documents sampled.
    pub documents: u64,
    /// Real BSON sizes of the documents, in bytes.
    pub document_size: Distribution,
    pub size_counts: SizeCounts,
    /// Every field path, parents before children, in order of first appearance.
    pub fields: Vec<FieldReport>,
    /// Field occurrences not tracked because the path limit was reached.
    pub untracked_fields: u64,
    /// The path limit that applied.
    pub max_paths: usize,
}

impl Inference {
    /// The field at a dotted path.
    pub fn field(&self, path: &str) -> Option<&FieldReport> {
        self.fields.iter().find(|f| f.path == path)
    }
}

fn shares(counts: &[u64; Kind::COUNT]) -> Vec<TypeShare> {
    let total: u64 = counts.iter().sum();
    let mut out: Vec<TypeShare> = Kind::ALL
        .iter()
        .zip(counts)
        .filter(|(_, n)| **n > 0)
        .map(|(kind, n)| TypeShare { kind: *kind, count: *n, share: *n as f64 / total as f64 })
        .collect();
    out.sort_by(|a, b| b.count.cmp(&a.count).then(a.kind.cmp(&b.kind)));
    out
}

fn array_report(a: &ArrayStats) -> ArrayReport {
    ArrayReport {
        lengths: Distribution::of(&a.lengths),
        elements: shares(&a.elements),
        over_few: a.over_few,
        over_warn: a.over_warn,
        over_atlas: a.over_atlas,
    }
}

impl Accumulator {
    /// The report of everything added so far (the accumulator can go on afterwards).
    pub fn report(&self) -> Inference {
        let mut fields: Vec<FieldReport> = Vec::with_capacity(self.paths.len());
        for stats in &self.paths {
            let (path, out_of) = match stats.parent.and_then(|p| fields.get(p).map(|f| (p, f))) {
                Some((p, parent)) => (format!("{}.{}", parent.path, stats.name), self.paths[p].objects),
                None => (stats.name.clone(), self.documents),
            };
            fields.push(field_report(stats, path, out_of));
        }
        Inference {
            documents: self.documents,
            document_size: Distribution::of(&self.sizes),
            size_counts: self.size_counts,
            fields,
            untracked_fields: self.untracked,
            max_paths: self.options.max_paths,
        }
    }
}

fn field_report(stats: &PathStats, path: String, out_of: u64) -> FieldReport {
    let bytes = stats.string_bytes + stats.binary_bytes;
    let values = stats.string_count + stats.binary_count;
    let mut formats: Vec<FormatShare> =
        stats.formats.iter().map(|(format, count)| FormatShare { format: format.clone(), count: *count }).collect();
    formats.sort_by(|a, b| b.count.cmp(&a.count).then(a.format.cmp(&b.format)));
    let formatted: u64 = formats.iter().map(|f| f.count).sum();
    FieldReport {
        path,
        name: stats.name.clone(),
        parent: stats.parent,
        present: stats.present,
        out_of,
        types: shares(&stats.types),
        avg_bytes: (values > 0).then(|| bytes as f64 / values as f64),
        array: stats.array.as_deref().map(array_report),
        string_formats: if stats.free_text { Vec::new() } else { formats },
        string_values: if stats.free_text { 0 } else { formatted },
    }
}

/// `50000` → `"50,000"`, for messages.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A share as a percentage with at most one decimal (`0.996` → `"99.6%"`); never rounds a
/// partial share to 100% or a non-zero one to 0% (`">99.9%"`, `"<0.1%"`).
pub fn percent(share: f64) -> String {
    let p = share * 100.0;
    if p > 99.95 && p < 100.0 {
        ">99.9%".to_string()
    } else if p > 0.0 && p < 0.05 {
        "<0.1%".to_string()
    } else if p == p.round() {
        format!("{p:.0}%")
    } else {
        format!("{p:.1}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_for_messages() {
        assert_eq!(thousands(50_000), "50,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(percent(0.996), "99.6%");
        assert_eq!(percent(0.75), "75%");
        assert_eq!(percent(0.99996), ">99.9%");
        assert_eq!(percent(0.00001), "<0.1%");
    }
}
