//! What the measured figures say: structured observations the advisor and the UI can show.
//!
//! Each has a stable `code`, the figures by name (and the shares of types or formats), a
//! message with them in English, the field path it concerns (none for collection-wide ones) and
//! the number of documents, arrays or values concerned. `observation_text.rs` writes the
//! sentence in each language from the code and the figures.
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

use super::observation_text::observation_text;
use super::report::{FieldReport, Inference};
use crate::i18n::Text;
use crate::model::{MeasuredShare, Thresholds};
use serde::Serialize;
use std::collections::BTreeMap;

/// Arrays needed before percentiles are trusted for the outlier observation.
pub const OUTLIER_MIN_ARRAYS: u64 = 100;

/// Sampled documents needed before a small median size is worth an observation.
pub const TINY_MIN_DOCUMENTS: u64 = 10_000;

/// One observation about the sampled data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observation {
    /// Stable kebab-case code (see the module table).
    pub code: &'static str,
    /// What was measured, with the figures, and what it suggests (the English of [`Observation::text`]).
    pub message: String,
    /// Dotted field path, when the observation is about one field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Documents, arrays or values concerned.
    pub count: u64,
    /// The figures the message states, by name (see `observation_text.rs`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub figures: BTreeMap<String, u64>,
    /// The types or formats seen, with their share of the values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shares: Vec<MeasuredShare>,
}

impl Observation {
    fn new(
        code: &'static str,
        path: Option<&str>,
        count: u64,
        figures: &[(&str, u64)],
        shares: Vec<MeasuredShare>,
    ) -> Observation {
        let mut o = Observation {
            code,
            message: String::new(),
            path: path.map(str::to_string),
            count,
            figures: figures.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            shares,
        };
        o.message = o.text().map(|t| t.en()).unwrap_or_default();
        o
    }

    /// The observation in English, Spanish and Portuguese.
    pub fn text(&self) -> Option<Text> {
        observation_text(self.code, self.path.as_deref(), self.count, &self.figures, &self.shares)
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
            &[("paths", inference.max_paths as u64), ("untracked", inference.untracked_fields)],
            Vec::new(),
        ));
    }
    out
}

fn document_sizes(inf: &Inference, t: &Thresholds, out: &mut Vec<Observation>) {
    let c = &inf.size_counts;
    let strongest = [
        ("doc-over-limit", c.over_limit, Some(t.doc_limit_bytes)),
        ("doc-near-limit", c.near_limit, None),
        ("doc-over-atlas", c.over_atlas, Some(t.doc_atlas_bytes)),
        ("doc-over-target", c.over_target, Some(t.doc_target_bytes)),
    ]
    .into_iter()
    .find(|(_, n, _)| *n > 0);
    if let Some((code, n, limit)) = strongest {
        let mut figures =
            vec![("documents", inf.documents), ("max", inf.document_size.max), ("median", inf.document_size.median)];
        figures.extend(limit.map(|l| ("limit", l)));
        out.push(Observation::new(code, None, n, &figures, Vec::new()));
    }
    if inf.documents >= TINY_MIN_DOCUMENTS && inf.document_size.median < t.tiny_doc_bytes {
        out.push(Observation::new(
            "tiny-documents",
            None,
            inf.documents,
            &[("documents", inf.documents), ("median", inf.document_size.median)],
            Vec::new(),
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
            &[("p99", l.p99), ("max", l.max), ("arrays", l.count), ("few", t.few_max)],
            Vec::new(),
        ));
    }
    let (code, n, limit) = if array.over_atlas > 0 {
        ("array-over-atlas", array.over_atlas, t.array_atlas)
    } else {
        ("array-over-warn", array.over_warn, t.array_warn)
    };
    if n > 0 {
        out.push(Observation::new(code, path, n, &[("arrays", l.count), ("limit", limit), ("max", l.max)], Vec::new()));
    }
}

fn mixed_types(field: &FieldReport, out: &mut Vec<Observation>) {
    let types: Vec<_> = field.value_types().collect();
    if types.len() < 2 {
        return;
    }
    let shares = types.iter().map(|t| MeasuredShare { label: t.kind.name().to_string(), share: t.share }).collect();
    let values: u64 = types.iter().map(|t| t.count).sum();
    out.push(Observation::new("mixed-types", Some(&field.path), values, &[], shares));
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
    let shares = formats
        .iter()
        .map(|f| MeasuredShare { label: f.format.clone(), share: f.count as f64 / field.string_values as f64 })
        .collect();
    out.push(Observation::new("string-formats", Some(&field.path), field.string_values, &[], shares));
}
