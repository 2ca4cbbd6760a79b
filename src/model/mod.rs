//! The document-design model: entities (boxes), relations (arrows) and access patterns.
//!
//! The file format is JSON, versioned by `formatVersion`, documented in
//! `docs/model-format.md` and described by `public/model.schema.json`.

mod comment;
mod entity;
mod id;
pub(crate) mod ids;
mod index;
mod load;
mod members;
mod names;
mod place;
mod place_labels;
mod query;
mod reference_field;
mod relation;
mod server_options;
mod structure;
pub mod synthetic;
mod text;
mod thresholds;

pub use comment::{Anchor, Comment, Thread};
pub use entity::*;
pub use id::Id;
pub use index::*;
pub use load::{load, load_reporting, LoadError, FORMAT, FORMAT_VERSION, MAX_FIELD_DEPTH, MAX_FILE_BYTES};
pub use members::UnknownMember;
pub use names::{check_names, collection_name_problem, name_problem, structure_problem_for_name};
pub use place::{Place, Problem};
pub use place_labels::PlaceLabels;
pub use query::*;
pub use reference_field::{
    child_reference_field, default_child_field, default_reference_field, id_type, singular, unnamed_reference_field,
    RenameRefused,
};
pub use relation::*;
pub use server_options::*;
pub(crate) use structure::check_structure_with;
pub use structure::{check_structure, names_missing_entity, walk_fields};
pub use text::text_of;
pub use thresholds::{tier_ram_bytes, Thresholds, DEFAULT_TIER};

use serde::{Deserialize, Serialize};

/// A whole design, as saved to a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Model {
    /// Always `"docshape"`: tells a docshape file from any other JSON.
    pub format: String,
    pub format_version: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Database name used by the exported scripts.
    #[serde(default = "default_database")]
    pub database: String,
    #[serde(default)]
    pub thresholds: Thresholds,
    #[serde(default)]
    pub entities: Vec<Entity>,
    #[serde(default)]
    pub relations: Vec<Relation>,
    #[serde(default)]
    pub queries: Vec<AccessPattern>,
    /// Review comments (format version 3): threads anchored to elements of the design.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
}

fn default_database() -> String {
    "app".to_string()
}

impl Default for Model {
    fn default() -> Self {
        Model::new("Untitled design")
    }
}

impl Model {
    pub fn new(name: &str) -> Model {
        Model {
            format: FORMAT.to_string(),
            format_version: FORMAT_VERSION,
            name: name.to_string(),
            notes: String::new(),
            database: default_database(),
            thresholds: Thresholds::default(),
            entities: Vec::new(),
            relations: Vec::new(),
            queries: Vec::new(),
            comments: Vec::new(),
        }
    }

    pub fn entity(&self, id: &str) -> Option<&Entity> {
        self.entities.iter().find(|e| e.id == id)
    }

    pub fn entity_mut(&mut self, id: &str) -> Option<&mut Entity> {
        self.entities.iter_mut().find(|e| e.id == id)
    }

    pub fn relation(&self, id: &str) -> Option<&Relation> {
        self.relations.iter().find(|r| r.id == id)
    }

    pub fn query(&self, id: &str) -> Option<&AccessPattern> {
        self.queries.iter().find(|q| q.id == id)
    }

    /// The relation that embeds `entity` into a parent document, if any.
    pub fn embedding_parent(&self, entity: &str) -> Option<&Relation> {
        self.relations.iter().find(|r| r.child == entity && r.storage == Storage::Embed)
    }

    /// Whether the entity is stored as a collection of its own: a document that no relation
    /// embeds and that is not kept outside MongoDB.
    pub fn is_collection(&self, entity: &Entity) -> bool {
        entity.kind == EntityKind::Document && self.embedding_parent(&entity.id).is_none()
    }

    /// The collections of the design, in model order (what [`Model::is_collection`] says of
    /// each entity, with the embedded entities listed once rather than searched per entity).
    pub fn collections(&self) -> impl Iterator<Item = &Entity> {
        let embedded: crate::keyed::HashSet<&str> =
            self.relations.iter().filter(|r| r.storage == Storage::Embed).map(|r| r.child.as_str()).collect();
        self.entities.iter().filter(move |e| e.kind == EntityKind::Document && !embedded.contains(e.id.as_str()))
    }

    /// The collection whose documents hold `entity` (itself, or the root of its embedding
    /// chain). `None` for external entities or an embedding cycle.
    pub fn root_of<'a>(&'a self, entity: &'a str) -> Option<&'a Entity> {
        let mut current = entity;
        for _ in 0..=self.entities.len() {
            match self.embedding_parent(current) {
                Some(rel) => current = &rel.parent,
                None => {
                    let e = self.entity(current)?;
                    return self.is_collection(e).then_some(e);
                }
            }
        }
        None
    }

    /// Relations whose parent is `entity`.
    pub fn children_of<'a>(&'a self, entity: &'a str) -> impl Iterator<Item = &'a Relation> {
        self.relations.iter().filter(move |r| r.parent == entity)
    }

    /// Serializes to the pretty JSON the file format uses.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// An id not used by any entity, relation or query, made from `stem`.
    pub fn fresh_id(&self, stem: &str) -> String {
        let used = |id: &str| {
            self.entities.iter().any(|e| e.id == id)
                || self.relations.iter().any(|r| r.id == id)
                || self.queries.iter().any(|q| q.id == id)
        };
        if !used(stem) {
            return stem.to_string();
        }
        (2..).map(|n| format!("{stem}{n}")).find(|id| !used(id)).unwrap_or_default()
    }
}
