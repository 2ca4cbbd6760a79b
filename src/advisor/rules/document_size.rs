use crate::advisor::sizes::human_bytes;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta, Severity, SizeLevel};
use crate::declare_rule;
use crate::model::{Place, Storage};

declare_rule! {
    /// ## What it does
    /// Estimates each collection's documents with BSON's encoding rules (average now, worst
    /// case now, worst case after `thresholds.horizonDays` of growth of its unbounded embedded
    /// arrays) and flags the worst figure when it passes 1 MB (the target), 2 MB (Atlas'
    /// flag) or 16 MiB (the BSON limit: an error).
    ///
    /// ## Why is this bad?
    /// A document over 16 MiB cannot be written (`BSONObjectTooLarge`); long before that,
    /// every update of a grown document rewrites it (appending 200 bytes to an 8 MB document
    /// costs an 8 MB write), every read moves megabytes, and the working set stops fitting in
    /// RAM. Growth is the criterion that breaks most systems: a design that fits today may
    /// not in five years.
    ///
    /// ## Example
    /// A post embedding its comments, 40 new comments a day with no bound: 16 MiB in under
    /// five years.
    ///
    /// ## Use instead
    /// Reference the growing children from their own collection (child points to parent),
    /// keep a subset of the few the parent's view shows, or group them with the bucket
    /// pattern; cap the arrays that are bounded (`maxItems`).
    ///
    /// ## References
    /// Seed 001 §3 (size and growth criteria) and §11; MongoDB limits: 16 MiB BSON document
    /// size; Atlas schema advisor (documents over 2 MB).
    pub DocumentSize {
        code: "DS202",
        name: "document-size",
        category: Size,
        severity: Warning,
    }
}

impl Rule for DocumentSize {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for size in cx.report.sizes.iter().filter(|s| s.level != SizeLevel::Fine) {
            let Some(entity) = cx.entity(&size.entity) else { continue };
            let (limit, what) = match size.level {
                SizeLevel::OverLimit => (t.doc_limit_bytes, "the 16 MiB BSON limit: writes will fail"),
                SizeLevel::OverAtlas => (t.doc_atlas_bytes, "Atlas' 2 MB flag"),
                _ => (t.doc_target_bytes, "the 1 MB target"),
            };
            let now = size.worst_bytes > limit;
            let when = if now { "now".to_string() } else { size.horizon_label.en() };
            let mut f = Self::finding(
                Place::Entity { id: entity.id.clone() },
                format!(
                    "A {} document reaches {} {when}, over {what} (average now {}, worst case now {}).",
                    entity.name,
                    human_bytes(if now { size.worst_bytes } else { size.horizon_bytes }),
                    human_bytes(size.avg_bytes),
                    human_bytes(size.worst_bytes)
                ),
                "Large documents are rewritten whole on each update, move megabytes on every read and crowd RAM; past 16 MiB MongoDB refuses the write.",
                "Reference the growing children from their own collection (with a subset in the parent if its view needs a few), use the bucket pattern for events, and cap bounded arrays with maxItems.",
            );
            if size.level == SizeLevel::OverLimit {
                f.severity = Severity::Error;
            }
            if !now {
                let growth = cx.growth(&entity.id);
                let embed = growth.and_then(|g| cx.relation(g.relation)).filter(|r| r.storage == Storage::Embed);
                if let Some(r) = embed {
                    f.fix_hint = format!(
                        "{} grows without bound: reference it from its own collection (child points to parent). {}",
                        r.field, f.fix_hint
                    )
                    .into();
                    f.fix = Some(Fix::SetStorage { relation: r.id.clone(), storage: Storage::Reference });
                }
            }
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::advisor::{Fix, Severity};
    use crate::model::{BsonType, Cardinality, Field, Model, Relation, Storage};

    fn post_with_comments(per_day: f64) -> Model {
        let mut m = model();
        let mut c = collection("comment", "comments");
        c.fields.clear();
        let mut body = Field::new("body", BsonType::String);
        body.size.avg_bytes = Some(300);
        c.fields.push(body);
        m.entities.push(c);
        let mut r = Relation::new("r", "c", "comment", Storage::Embed);
        r.field = "comments".into();
        r.cardinality =
            Cardinality { typical: 20.0, max: None, growth_per_day: Some(per_day), ..Cardinality::default() };
        m.relations.push(r);
        m
    }

    #[test]
    fn unbounded_embedded_growth_past_16_mib_is_an_error_with_a_fix() {
        let f = findings(&post_with_comments(40.0), "DS202");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Error);
        assert!(f[0].message.contains("in 5 years at 40 comments/day"), "{}", f[0].message);
        assert_eq!(f[0].fix, Some(Fix::SetStorage { relation: "r".into(), storage: Storage::Reference }));
    }

    #[test]
    fn over_one_megabyte_is_a_warning() {
        // 20 + 2 × 1825 = 3,670 comments of ~315 bytes: about 1.2 MB.
        let f = findings(&post_with_comments(2.0), "DS202");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f[0].message.contains("1 MB target"), "{}", f[0].message);
    }

    #[test]
    fn bounded_small_documents_pass() {
        assert!(findings(&model(), "DS202").is_empty());
        assert!(findings(&post_with_comments(0.1), "DS202").is_empty());
    }
}
