//! The template gallery: the reference designs, bundled into the app and the CLI.

pub struct Template {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
    pub json: &'static str,
}

pub static TEMPLATES: &[Template] = &[
    Template {
        id: "bibliored",
        title: "BiblioRed",
        blurb: "Seed 001: catalogue with embedded tags, reviews by reference plus a subset, member activity in day buckets.",
        json: include_str!("../public/templates/bibliored.json"),
    },
    Template {
        id: "book-club",
        title: "Book clubs (exercise)",
        blurb: "Seed 001, exercise 1: members embedded, monthly books embedded but watched, comments referenced with the last 3.",
        json: include_str!("../public/templates/book-club.json"),
    },
    Template {
        id: "orders",
        title: "Orders",
        blurb: "Seed 004: items embedded with a cap, customer as extended reference, computed total, schema version.",
        json: include_str!("../public/templates/orders.json"),
    },
    Template {
        id: "orders-lookup",
        title: "Orders, relational in disguise",
        blurb: "Seed 004's wrong model: three collections stitched with $lookup on the main screen.",
        json: include_str!("../public/templates/orders-lookup.json"),
    },
    Template {
        id: "sensor-day",
        title: "Sensor readings per day",
        blurb: "Seed 004: 1,440 readings a day become one bucket document with min, max and average.",
        json: include_str!("../public/templates/sensor-day.json"),
    },
    Template {
        id: "users-outlier",
        title: "Followers with outliers",
        blurb: "Seed 000: followers embedded for normal users, a flag and an overflow for celebrities.",
        json: include_str!("../public/templates/users-outlier.json"),
    },
    Template {
        id: "users-versioning",
        title: "Schema versioning",
        blurb: "Seed 000: version_esquema 2 splits the name; readers handle both versions.",
        json: include_str!("../public/templates/users-versioning.json"),
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
            crate::model::load(t.json).unwrap_or_else(|e| panic!("{}: {e}", t.id));
        }
    }
}
