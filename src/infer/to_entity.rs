//! From measurements to the model: an [`Inference`] becomes a collection [`Entity`] whose
//! fields carry the dominant type, `required` when present everywhere and the measured
//! `presence` otherwise, size hints from the measured figures, and notes saying where each
//! figure came from.

use super::report::{percent, thousands, Inference, TypeShare};
use super::value::Kind;
use crate::model::{BsonType, Entity, Field, MAX_FIELD_DEPTH};

/// The type a field is modeled with, and why when it is not simply the only one seen.
///
/// Nulls are ignored when other types exist. Integers and doubles count together and take the
/// widest numeric type seen (int < long < double): mongosh prints a whole double such as
/// `22.0` as `22`, and relaxed Extended JSON writes small longs as plain numbers, so mixed
/// integer/double figures usually mean one numeric field. Otherwise the most frequent type wins.
pub fn dominant_type(types: &[TypeShare]) -> Option<Kind> {
    let numeric = [Kind::Int, Kind::Long, Kind::Double];
    let values: Vec<&TypeShare> = types.iter().filter(|t| !matches!(t.kind, Kind::Null | Kind::Undefined)).collect();
    if values.is_empty() {
        return types.first().map(|t| t.kind);
    }
    let numeric_count: u64 = values.iter().filter(|t| numeric.contains(&t.kind)).map(|t| t.count).sum();
    let widest = numeric.iter().rev().find(|k| values.iter().any(|t| t.kind == **k)).copied();
    let best_other = values
        .iter()
        .filter(|t| !numeric.contains(&t.kind))
        .max_by(|a, b| a.count.cmp(&b.count).then(b.kind.cmp(&a.kind)));
    match (widest, best_other) {
        (Some(n), Some(o)) if numeric_count >= o.count => Some(n),
        (Some(n), None) => Some(n),
        (_, Some(o)) => Some(o.kind),
        (None, None) => None,
    }
}

/// A measured share kept to four decimals (0.01%): the file stays readable, and the advisor
/// compares presences with one half.
fn share(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn model_type(kind: Kind) -> BsonType {
    kind.model_type().unwrap_or(BsonType::String)
}

fn type_list(types: &[TypeShare]) -> String {
    types.iter().map(|t| format!("{} {}", t.kind.name(), percent(t.share))).collect::<Vec<_>>().join(", ")
}

/// An entity id made from a collection name: lower-case letters, digits and underscores.
pub fn entity_id(name: &str) -> String {
    let id: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '_' })
        .collect::<String>()
        .trim_matches('_')
        .to_string();
    if id.is_empty() {
        "collection".to_string()
    } else {
        id
    }
}

impl Inference {
    /// The collection this sample describes, named `name` with the id `id`.
    pub fn to_entity(&self, id: &str, name: &str) -> Entity {
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); self.fields.len()];
        let mut top = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            match f.parent.and_then(|p| children.get_mut(p)) {
                Some(list) => list.push(i),
                None => top.push(i),
            }
        }
        let mut entity = Entity::new(id, name);
        entity.fields = top.iter().filter_map(|i| self.field_at(*i, &children, "documents", 1)).collect();
        let s = &self.document_size;
        entity.notes = format!(
            "Inferred from {} sampled documents. BSON size: median {} B, p99 {} B, max {} B.",
            thousands(self.documents),
            thousands(s.median),
            thousands(s.p99),
            thousands(s.max)
        );
        if self.untracked_fields > 0 {
            entity.notes.push_str(&format!(
                " {} field occurrences were not tracked: more than {} distinct field paths (keys that are data?).",
                thousands(self.untracked_fields),
                thousands(self.max_paths as u64)
            ));
        }
        entity
    }

    /// The field at `idx`, `depth` levels down (top-level fields are at 1); sub-fields stop at
    /// the depth a model file can hold, with a note saying so.
    fn field_at(&self, idx: usize, children: &[Vec<usize>], container: &str, depth: usize) -> Option<Field> {
        let report = self.fields.get(idx)?;
        let kind = dominant_type(&report.types)?;
        let mut field = Field::new(&report.name, model_type(kind));
        field.required = report.always_present();
        if !field.required && report.out_of > 0 {
            field.presence = Some(share(report.presence()));
        }
        let mut notes = vec![format!(
            "seen in {} of {} {container} ({})",
            thousands(report.present),
            thousands(report.out_of),
            percent(report.presence())
        )];
        if report.types.len() > 1 {
            notes.push(format!("types: {}", type_list(&report.types)));
        }
        if kind.model_type().is_none() {
            notes.push(format!("{} values: the model has no such type, shown as string", kind.name()));
        }
        let mut element_kind = None;
        if let (BsonType::Array, Some(array)) = (field.bson_type, &report.array) {
            element_kind = dominant_type(&array.elements);
            field.items = element_kind.map(model_type);
            let l = &array.lengths;
            field.size.avg_items = Some(l.mean.round() as u64);
            field.size.max_items = Some(l.max);
            notes.push(format!(
                "items per array: median {}, p99 {}, max {} over {} arrays",
                thousands(l.median),
                thousands(l.p99),
                thousands(l.max),
                thousands(l.count)
            ));
            if !array.elements.is_empty() {
                notes.push(format!("elements: {}", type_list(&array.elements)));
            }
        }
        let holds_bytes = [Some(Kind::String), Some(Kind::BinData)];
        if holds_bytes.contains(&Some(kind)) || holds_bytes.contains(&element_kind) {
            if let Some(avg) = report.avg_bytes {
                field.size.avg_bytes = Some(avg.round() as u64);
                notes.push(format!("average {avg:.1} bytes per value"));
            }
        }
        if report.string_formats.len() > 1 {
            let list: Vec<String> =
                report.string_formats.iter().map(|f| format!("\"{}\" ×{}", f.format, thousands(f.count))).collect();
            notes.push(format!("{} string formats: {}", report.string_formats.len(), list.join(", ")));
        }
        let sub = children.get(idx).map(Vec::as_slice).unwrap_or(&[]);
        if field.is_subdocument() && depth >= MAX_FIELD_DEPTH && !sub.is_empty() {
            notes.push(format!(
                "its sub-fields are not listed: a model nests at most {MAX_FIELD_DEPTH} levels of fields"
            ));
        } else if field.is_subdocument() {
            let container = if field.bson_type == BsonType::Array {
                format!("`{}` items", report.name)
            } else {
                format!("`{}` sub-documents", report.name)
            };
            field.fields = sub.iter().filter_map(|i| self.field_at(*i, children, &container, depth + 1)).collect();
        } else if !sub.is_empty() {
            let names: Vec<&str> = sub.iter().filter_map(|i| self.fields.get(*i)).map(|f| f.name.as_str()).collect();
            notes.push(format!("also seen as a sub-document with fields {}", names.join(", ")));
        }
        field.notes = notes.join("; ");
        Some(field)
    }
}

impl Inference {
    /// The collection with what was measured attached: documents sampled, where from, and the
    /// observations (which the advisor's `measured-data` rule reports).
    pub fn to_measured_entity(
        &self,
        id: &str,
        name: &str,
        thresholds: &crate::model::Thresholds,
        source: &str,
    ) -> Entity {
        let mut entity = self.to_entity(id, name);
        entity.measured = Some(crate::model::Measured {
            documents: self.documents,
            source: source.to_string(),
            observations: super::observations(self, thresholds)
                .into_iter()
                .map(|o| crate::model::MeasuredNote {
                    code: o.code.to_string(),
                    message: o.message,
                    path: o.path,
                    count: o.count,
                    figures: o.figures,
                    shares: o.shares,
                })
                .collect(),
        });
        entity
    }
}
