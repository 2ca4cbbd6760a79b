//! The template gallery: reference designs bundled into the app.

pub struct Template {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
    pub json: &'static str,
}

pub static TEMPLATES: &[Template] = &[Template {
    id: "bibliored",
    title: "BiblioRed",
    blurb: "Seed 001: catalogue with tags, reviews by reference plus subset, activity buckets.",
    json: super::storage::DEMO,
}];
