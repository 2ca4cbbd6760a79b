//! The template gallery: the reference designs and the anti-pattern examples.

pub struct Template {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
}

impl Template {
    /// The template's model file. Only the CLI and tests link these texts in; the browser
    /// fetches `templates/<id>.json` from the server, which keeps the bundle small.
    pub fn json(&self) -> &'static str {
        bundled(self.id)
    }
}

fn bundled(id: &str) -> &'static str {
    match id {
        "bibliored" => include_str!("../public/templates/bibliored.json"),
        "book-club" => include_str!("../public/templates/book-club.json"),
        "orders" => include_str!("../public/templates/orders.json"),
        "orders-lookup" => include_str!("../public/templates/orders-lookup.json"),
        "sensor-day" => include_str!("../public/templates/sensor-day.json"),
        "users-outlier" => include_str!("../public/templates/users-outlier.json"),
        "users-versioning" => include_str!("../public/templates/users-versioning.json"),
        "anti-unbounded-array" => include_str!("../public/templates/anti-unbounded-array.json"),
        "anti-bloated-document" => include_str!("../public/templates/anti-bloated-document.json"),
        "anti-tiny-documents" => include_str!("../public/templates/anti-tiny-documents.json"),
        "anti-relational-in-disguise" => include_str!("../public/templates/anti-relational-in-disguise.json"),
        "anti-live-copy" => include_str!("../public/templates/anti-live-copy.json"),
        "anti-copy-decides" => include_str!("../public/templates/anti-copy-decides.json"),
        "anti-no-validation" => include_str!("../public/templates/anti-no-validation.json"),
        "anti-index-per-query" => include_str!("../public/templates/anti-index-per-query.json"),
        "anti-pagination" => include_str!("../public/templates/anti-pagination.json"),
        "anti-outlier-misapplied" => include_str!("../public/templates/anti-outlier-misapplied.json"),
        "anti-storage-disagrees" => include_str!("../public/templates/anti-storage-disagrees.json"),
        _ => "",
    }
}

pub static TEMPLATES: &[Template] = &[
    Template {
        id: "bibliored",
        title: "BiblioRed",
        blurb: "Seed 001: catalogue with embedded tags, reviews by reference plus a subset, member activity in day buckets.",
    },
    Template {
        id: "book-club",
        title: "Book clubs (exercise)",
        blurb: "Seed 001, exercise 1: members embedded, monthly books embedded but watched, comments referenced with the last 3.",
    },
    Template {
        id: "orders",
        title: "Orders",
        blurb: "Seed 004: items embedded with a cap, customer as extended reference, computed total, schema version.",
    },
    Template {
        id: "orders-lookup",
        title: "Orders, relational in disguise",
        blurb: "Seed 004's wrong model: three collections stitched with $lookup on the main screen.",
    },
    Template {
        id: "sensor-day",
        title: "Sensor readings per day",
        blurb: "Seed 004: 1,440 readings a day become one bucket document with min, max and average.",
    },
    Template {
        id: "users-outlier",
        title: "Followers with outliers",
        blurb: "Seed 000: followers embedded for normal users, a flag and an overflow for celebrities.",
    },
    Template {
        id: "users-versioning",
        title: "Schema versioning",
        blurb: "Seed 000: version_esquema 2 splits the name; readers handle both versions.",
    },
    Template {
        id: "anti-unbounded-array",
        title: "Anti-pattern: unbounded array",
        blurb: "Seed 004 / seed 000: comments pushed into a viral post with no maximum, on the way to BSONObjectTooLarge (DS101).",
    },
    Template {
        id: "anti-bloated-document",
        title: "Anti-pattern: bloated document",
        blurb: "Seed 001 §11: cover in base64, the PDF's full text and the change history inside the catalogue card (DS201, DS202).",
    },
    Template {
        id: "anti-tiny-documents",
        title: "Anti-pattern: flood of tiny documents",
        blurb: "Seed 001: 17 million activity events of 80 bytes, one document each, instead of day buckets (DS204).",
    },
    Template {
        id: "anti-relational-in-disguise",
        title: "Anti-pattern: relational in disguise",
        blurb: "Seed 001 §11 / seed 004: a blog post page stitched from posts, autores and comentarios with $lookup (DS105).",
    },
    Template {
        id: "anti-live-copy",
        title: "Anti-pattern: live copy without propagation",
        blurb: "Seed 004: the customer's name in 5 collections, and billing's copy is never updated (DS103).",
    },
    Template {
        id: "anti-copy-decides",
        title: "Anti-pattern: deciding from a copy",
        blurb: "Seed 001 golden rule: checkout charges the cart's copied price and trusts its copied stock (DS104).",
    },
    Template {
        id: "anti-no-validation",
        title: "Anti-pattern: no validation, no schema version",
        blurb: "Seed 004: three phone formats side by side, found in the report (DS401, DS402, measured DS601).",
    },
    Template {
        id: "anti-index-per-query",
        title: "Anti-pattern: an index for every query",
        blurb: "Seed 004 / seed 002: 15 indexes on a write-heavy orders collection, singles instead of a compound, a prefix (DS301-DS303).",
    },
    Template {
        id: "anti-pagination",
        title: "Anti-pattern: deep offset and non-unique sort pagination",
        blurb: "Seed 002: skip() down to page 800, and a cursor on createdAt with no _id tie-breaker (DS305, DS306).",
    },
    Template {
        id: "anti-outlier-misapplied",
        title: "Anti-pattern: outlier pattern misapplied",
        blurb: "Seed 001 §9: a flag and an overflow collection when 20% of the materials overflow (DS107).",
    },
    Template {
        id: "anti-storage-disagrees",
        title: "Anti-pattern: storage that disagrees with the criteria",
        blurb: "Seed 001 §3: a user's 5 addresses in their own collection, read with the user every time (DS102).",
    },
];

/// The template with this id.
pub fn template(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_file_is_in_the_gallery() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            assert!(template(&stem).is_some(), "{stem}.json is not listed in TEMPLATES");
        }
        for t in TEMPLATES {
            crate::model::load(t.json()).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        }
    }
}
