use crate::advisor::{Context, Finding, Rule, RuleMeta, Severity};
use crate::declare_rule;
use crate::model::Place;

declare_rule! {
    /// ## What it does
    /// Reports what sample documents showed about a collection (from `docshape infer` or the
    /// import dialog): an array whose 99th percentile is small but whose maximum is huge (an
    /// outlier case), a field seen with several types or several formats, documents near or
    /// over MongoDB's size thresholds, floods of tiny documents. Each finding carries the
    /// figures and the number of documents sampled.
    ///
    /// ## Why is this bad?
    /// A design drawn from guesses goes wrong in production: "a design tried on 200 documents
    /// always looks good" (seed 001, error 5). Three phone formats living side by side are
    /// discovered in the report (seed 004); an array that is 40 items for 99% of documents and
    /// 50,000 for a few breaks the 16 MiB limit for those few.
    ///
    /// ## Example
    /// `seguidores` has p99 40 items and a maximum of 50,000 in 10,000 sampled users.
    ///
    /// ## Use instead
    /// Design for the common case and flag the outliers (outlier pattern); normalise the field
    /// to one type and add a `$jsonSchema` rule; move large parts to their own collection.
    ///
    /// ## References
    /// Seed 001 §9 and error 5; seed 004 "Nenhuma validação"; MongoDB Atlas schema advisor.
    pub MeasuredData {
        code: "DS601",
        name: "measured-data",
        category: Measured,
        severity: Warning,
    }
}

/// How serious each measured observation is.
fn severity(code: &str) -> Severity {
    match code {
        "doc-over-limit" => Severity::Error,
        "array-outlier" | "array-over-atlas" | "array-over-warn" | "mixed-types" | "string-formats"
        | "doc-near-limit" | "doc-over-atlas" => Severity::Warning,
        _ => Severity::Info,
    }
}

fn advice(code: &str) -> &'static str {
    match code {
        "array-outlier" => "Design for the common case: cap the array and flag the few overflowing documents (outlier pattern), or reference the children for all if many overflow.",
        "array-over-atlas" | "array-over-warn" => "Stop embedding this array: reference the children, or bucket them.",
        "mixed-types" | "string-formats" => "Normalise the field to one type and format, and enforce it with a $jsonSchema rule.",
        "doc-over-limit" | "doc-near-limit" | "doc-over-atlas" | "doc-over-target" => "Move large or rarely read parts to their own collection; reference unbounded children.",
        "tiny-documents" => "Group the small documents per entity and period (bucket pattern).",
        _ => "Review the field's definition against what the data shows.",
    }
}

impl Rule for MeasuredData {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for entity in &cx.model.entities {
            let Some(measured) = &entity.measured else { continue };
            for note in &measured.observations {
                let place = match &note.path {
                    Some(path) => Place::Field { entity: entity.id.clone(), path: path.clone() },
                    None => Place::Entity { id: entity.id.clone() },
                };
                let mut f = Self::finding(
                    place,
                    format!("{} (measured on {} sampled documents)", note.message, measured.documents),
                    "The figure comes from real documents, not from a guess.",
                    advice(&note.code),
                );
                f.severity = severity(&note.code);
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::{analyze, Severity};
    use crate::infer::{infer_text, Accumulator, Format};
    use crate::model::Model;

    #[test]
    fn an_outlier_array_in_the_sample_becomes_a_warning_with_its_figures() {
        // 200 users with 3 followers, one with 5,000.
        let mut text = String::new();
        for i in 0..200 {
            text.push_str(&format!("{{\"_id\": {i}, \"seguidores\": [1, 2, 3]}}\n"));
        }
        let big: Vec<String> = (0..5000).map(|i| i.to_string()).collect();
        text.push_str(&format!("{{\"_id\": 999, \"seguidores\": [{}]}}\n", big.join(",")));
        let mut acc = Accumulator::default();
        infer_text(&text, Format::Ndjson, &mut acc);
        let mut m = Model::new("t");
        m.entities.push(acc.report().to_measured_entity("users", "users", &m.thresholds, "sample.ndjson"));
        let report = analyze(&m);
        let f = report.findings.iter().find(|f| f.code == "DS601").expect("a measured-data finding");
        assert_eq!(f.severity, Severity::Warning);
        assert!(f.message.contains("5,000") || f.message.contains("5000"), "{}", f.message);
        assert!(f.message.contains("201 sampled documents"), "{}", f.message);
    }

    #[test]
    fn no_measurements_no_finding() {
        let report = analyze(&crate::model::load(include_str!("../../../public/templates/bibliored.json")).unwrap());
        assert!(report.findings.iter().all(|f| f.code != "DS601"));
    }
}
