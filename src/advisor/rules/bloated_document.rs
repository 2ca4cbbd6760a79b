use crate::advisor::paths::find_fields;
use crate::advisor::sizes::{human_bytes, members};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{BsonType, Field, Place};

declare_rule! {
    /// ## What it does
    /// Flags a large value kept in a collection's documents: a string or binary field whose
    /// average size (`size.avgBytes`) is over `thresholds.bloatFieldBytes` (100 KB), or a
    /// document whose average is over the 1 MB target mostly (more than half) because of one
    /// field.
    ///
    /// ## Why is this bad?
    /// MongoDB reads and caches whole documents. A cover image in base64, the full text of a
    /// PDF or a long change history travels with every read of the document, even when the
    /// screen shows only the title, so fewer documents fit in RAM and every query pays for
    /// bytes it throws away. Seed 001 §11 calls it the bloated document.
    ///
    /// ## Example
    /// `catalogo.portada` holding a 150 KB base64 image read by the catalogue search.
    ///
    /// ## Use instead
    /// Move the large, rarely read value to its own collection (one document per material,
    /// fetched by id when the detail view needs it) or to an object store, and keep a URL.
    ///
    /// ## References
    /// Seed 001 §11 (anti-patterns); MongoDB, "Reduce Bloated Documents".
    pub BloatedDocument {
        code: "DS201",
        name: "bloated-document",
        category: AntiPattern,
        severity: Warning,
    }
}

impl Rule for BloatedDocument {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for size in &cx.report.sizes {
            let Some(entity) = cx.entity(&size.entity) else { continue };
            let bloated = |f: &Field| {
                let large = matches!(f.bson_type, BsonType::String | BsonType::BinData)
                    || (f.bson_type == BsonType::Array
                        && matches!(f.items, Some(BsonType::String | BsonType::BinData)));
                large && f.size.avg_bytes.is_some_and(|avg| avg > t.bloat_field_bytes)
            };
            let mut flagged = find_fields(&entity.fields, &bloated);
            for v in &entity.collection.variants {
                flagged.extend(find_fields(&v.fields, &bloated));
            }
            for (path, f) in &flagged {
                let avg = f.size.avg_bytes.unwrap_or(0);
                out.push(field_finding(&entity.id, &entity.name, path, avg, t.bloat_field_bytes));
            }
            if size.avg_bytes <= t.doc_target_bytes {
                continue;
            }
            let members = members(cx.layout(), entity);
            let top = members.iter().max_by(|a, b| a.bytes.avg.total_cmp(&b.bytes.avg));
            if let Some(m) = top.filter(|m| m.bytes.avg > 0.5 * size.avg_bytes as f64) {
                let inside =
                    |p: &str| p == m.name || p.strip_prefix(m.name.as_str()).is_some_and(|r| r.starts_with('.'));
                if flagged.iter().any(|(p, _)| inside(p)) {
                    continue;
                }
                let share = (100.0 * m.bytes.avg / size.avg_bytes as f64).round();
                out.push(Self::finding(
                    Place::Field { entity: entity.id.clone(), path: m.name.clone() },
                    format!(
                        "{}'s average document is {}, {share}% of it in {} ({}).",
                        entity.name,
                        human_bytes(size.avg_bytes),
                        m.name,
                        human_bytes(m.bytes.avg as u64)
                    ),
                    "Every read loads the whole document: one dominant field makes each query carry bytes the view rarely shows, and fewer documents fit in RAM.",
                    format!("Move {} to its own collection (fetched by id when needed) or to an object store with a URL.", m.name),
                ));
            }
        }
    }
}

fn field_finding(entity: &str, name: &str, path: &str, avg: u64, limit: u64) -> Finding {
    BloatedDocument::finding(
        Place::Field { entity: entity.to_string(), path: path.to_string() },
        format!(
            "{name}.{path} averages {} per document, over the {} a field read with its document should carry.",
            human_bytes(avg),
            human_bytes(limit)
        ),
        "MongoDB reads and caches whole documents: a large, rarely shown value (an image in base64, a PDF's text) travels with every read and crowds the working set out of RAM.",
        format!("Move {path} to its own collection or an object store and keep its id or URL in {name}."),
    )
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::model::{BsonType, Field};

    #[test]
    fn a_base64_cover_is_flagged() {
        let mut m = model();
        let mut cover = Field::new("portada", BsonType::String);
        cover.size.avg_bytes = Some(150_000);
        m.entities[0].fields.push(cover);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("items.portada") && f[0].message.contains("150.0 KB"), "{}", f[0].message);
    }

    #[test]
    fn a_document_dominated_by_one_array_is_flagged() {
        let mut m = model();
        let mut hist = Field::new("history", BsonType::Array);
        hist.items = Some(BsonType::Object);
        hist.size.avg_items = Some(20_000);
        let mut note = Field::new("note", BsonType::String);
        note.size.avg_bytes = Some(60);
        hist.fields.push(note);
        m.entities[0].fields.push(hist);
        let f = findings(&m, "DS201");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("in history"), "{}", f[0].message);
    }

    #[test]
    fn small_fields_are_fine() {
        let mut m = model();
        let mut url = Field::new("portada_url", BsonType::String);
        url.size.avg_bytes = Some(80);
        m.entities[0].fields.push(url);
        assert!(findings(&m, "DS201").is_empty());
    }
}
