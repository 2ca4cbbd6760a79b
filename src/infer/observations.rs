//! What the measured figures say: structured observations the advisor and the UI can show.
//!
//! Each has a stable `code`, a message with the figures, the field path it concerns (none for
//! collection-wide ones) and the number of documents, arrays or values concerned.
//!
//! | code | when |
//! |---|---|
//! | `array-outlier` | ≥ 100 arrays, p99 ≤ a tenth of the maximum, maximum over `few_max` (100) |
//! | `array-over-atlas` | arrays over `array_atlas` (10,000) items |
//! | `array-over-warn` | arrays over `array_warn` (1,000) items (when none is over 10,000) |
//! | `mixed-types` | a field seen with two or more non-null types |
//! | `string-formats` | 2–8 formats of short strings, ≥ 90% of them coded (digits, at most one run of letters: phones, zip codes) |
//! | `doc-over-limit` / `doc-near-limit` / `doc-over-atlas` / `doc-over-target` | documents over 16 MiB / 80% of it / 2 MB / 1 MB (the strongest applies) |
//! | `tiny-documents` | ≥ 10,000 documents sampled with a median under `tiny_doc_bytes` (256 B) |
//! | `untracked-fields` | more distinct field paths than the accumulator tracks |

use super::report::{percent, thousands, FieldReport, Inference};
use super::value::Kind;
use crate::model::Thresholds;
use serde::Serialize;

/// Arrays needed before percentiles are trusted for the outlier observation.
pub const OUTLIER_MIN_ARRAYS: u64 = 100;

/// Sampled documents needed before a small median size is worth an observation.
pub const TINY_MIN_DOCUMENTS: u64 = 10_000;

/// One observation about the sampled data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observation {
    /// Stable kebab-case code (see the module table).
    pub code: &'static str,
    /// What was measured, with the figures, and what it suggests.
    pub message: String,
    /// Dotted field path, when the observation is about one field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Documents, arrays or values concerned.
    pub count: u64,
}

impl Observation {
    fn new(code: &'static str, path: Option<&str>, count: u64, message: String) -> Observation {
        Observation { code, message, path: path.map(str::to_string), count }
    }
}

/// The observations of an inference report, collection-wide first, then field by field.
pub fn observations(inference: &Inference, thresholds: &Thresholds) -> Vec<Observation> {
    let mut out = Vec::new();
    document_sizes(inference, thresholds, &mut out);
    for field in &inference.fields {
        arrays(field, thresholds, &mut out);
        mixed_types(field, &mut out);
        string_formats(field, &mut out);
    }
    if inference.untracked_fields > 0 {
        out.push(Observation::new(
            "untracked-fields",
            None,
            inference.untracked_fields,
            format!(
                "More than {} distinct field paths: {} field occurrences were not analysed. Keys that are data (ids, dates as keys) suggest the attribute pattern: an array of {{k, v}} pairs.",
                thousands(inference.max_paths as u64),
                thousands(inference.untracked_fields)
            ),
        ));
    }
    out
}

fn document_sizes(inf: &Inference, t: &Thresholds, out: &mut Vec<Observation>) {
    let c = &inf.size_counts;
    let max = thousands(inf.document_size.max);
    let of = thousands(inf.documents);
    let strongest = [
        (
            "doc-over-limit",
            c.over_limit,
            format!(
                "over the 16 MiB BSON limit ({} bytes): MongoDB refuses them (BSONObjectTooLarge)",
                thousands(t.doc_limit_bytes)
            ),
        ),
        (
            "doc-near-limit",
            c.near_limit,
            "over 80% of the 16 MiB BSON limit: the next growth may break the writes".to_string(),
        ),
        ("doc-over-atlas", c.over_atlas, format!("over {} bytes, which Atlas flags", thousands(t.doc_atlas_bytes))),
        (
            "doc-over-target",
            c.over_target,
            format!("over {} bytes; aim for documents under 1 MB", thousands(t.doc_target_bytes)),
        ),
    ]
    .into_iter()
    .find(|(_, n, _)| *n > 0);
    if let Some((code, n, what)) = strongest {
        out.push(Observation::new(
            code,
            None,
            n,
            format!(
                "{} of {of} documents are {what}; the largest is {max} bytes (median {}). Move large or rarely read parts to their own collection.",
                thousands(n),
                thousands(inf.document_size.median)
            ),
        ));
    }
    if inf.documents >= TINY_MIN_DOCUMENTS && inf.document_size.median < t.tiny_doc_bytes {
        out.push(Observation::new(
            "tiny-documents",
            None,
            inf.documents,
            format!(
                "The median of {} sampled documents is {} bytes: if the collection holds millions of such events, per-document overhead outweighs the data; consider the bucket pattern.",
                thousands(inf.documents),
                thousands(inf.document_size.median)
            ),
        ));
    }
}

fn arrays(field: &FieldReport, t: &Thresholds, out: &mut Vec<Observation>) {
    let Some(array) = &field.array else { return };
    let l = &array.lengths;
    let path = Some(field.path.as_str());
    if l.count >= OUTLIER_MIN_ARRAYS && l.max > t.few_max && l.max >= 10 * l.p99.max(1) {
        out.push(Observation::new(
            "array-outlier",
            path,
            array.over_few,
            format!(
                "99% of `{}` arrays have ≤ {} items; the largest has {} ({} of {} arrays over {}): outlier pattern, flag those documents (e.g. `has_extras`) and move the overflow to its own collection.",
                field.path,
                thousands(l.p99),
                thousands(l.max),
                thousands(array.over_few),
                thousands(l.count),
                thousands(t.few_max)
            ),
        ));
    }
    let (code, n, limit) = if array.over_atlas > 0 {
        ("array-over-atlas", array.over_atlas, t.array_atlas)
    } else {
        ("array-over-warn", array.over_warn, t.array_warn)
    };
    if n > 0 {
        out.push(Observation::new(
            code,
            path,
            n,
            format!(
                "{} of {} `{}` arrays have more than {} items (largest {}): arrays this long hurt updates and indexes; reference the items or bucket them.",
                thousands(n),
                thousands(l.count),
                field.path,
                thousands(limit),
                thousands(l.max)
            ),
        ));
    }
}

fn mixed_types(field: &FieldReport, out: &mut Vec<Observation>) {
    let types: Vec<_> = field.value_types().collect();
    if types.len() < 2 {
        return;
    }
    let numeric_only = types.iter().all(|t| matches!(t.kind, Kind::Int | Kind::Long | Kind::Double));
    let list: Vec<String> = types.iter().map(|t| format!("{} {}", t.kind.name(), percent(t.share))).collect();
    let advice = if numeric_only {
        "numbers of several widths; check whether every writer stores the same numeric type"
    } else {
        "readers must handle each; validate the field with $jsonSchema and migrate the old shapes"
    };
    let values: u64 = types.iter().map(|t| t.count).sum();
    out.push(Observation::new(
        "mixed-types",
        Some(&field.path),
        values,
        format!("`{}` is stored as {} types ({}): {advice}.", field.path, types.len(), list.join(", ")),
    ));
}

fn string_formats(field: &FieldReport, out: &mut Vec<Observation>) {
    let formats = &field.string_formats;
    if formats.len() < 2 || field.string_values == 0 {
        return;
    }
    // coded values (phones, zip codes, ids): digits and at most one run of letters
    let coded = |f: &str| f.contains('9') && f.matches('a').count() <= 1;
    let with_digits: u64 = formats.iter().filter(|f| coded(&f.format)).map(|f| f.count).sum();
    if with_digits * 10 < field.string_values * 9 {
        return;
    }
    let list: Vec<String> = formats
        .iter()
        .map(|f| format!("\"{}\" {}", f.format, percent(f.count as f64 / field.string_values as f64)))
        .collect();
    out.push(Observation::new(
        "string-formats",
        Some(&field.path),
        field.string_values,
        format!(
            "`{}` strings come in {} formats ({}; 9 = digits, a = letters): normalize them on write and add a `pattern` to the validator.",
            field.path,
            formats.len(),
            list.join(", ")
        ),
    ));
}
