//! Look-ups the exporters share, built once per model so nothing scans relations in a loop.

use crate::model::{Entity, EntityKind, Model, Relation, Storage};
use std::collections::{HashMap, HashSet};

/// Entities by id and relations by parent and by child, as indexes into the model's vectors.
pub struct Lookup<'m> {
    pub model: &'m Model,
    entities: HashMap<&'m str, &'m Entity>,
    by_parent: HashMap<&'m str, Vec<usize>>,
    by_child: HashMap<&'m str, Vec<usize>>,
    embedded: HashSet<&'m str>,
}

impl<'m> Lookup<'m> {
    pub fn new(model: &'m Model) -> Lookup<'m> {
        let mut by_parent: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut by_child: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut embedded = HashSet::new();
        for (i, r) in model.relations.iter().enumerate() {
            by_parent.entry(r.parent.as_str()).or_default().push(i);
            by_child.entry(r.child.as_str()).or_default().push(i);
            if r.storage == Storage::Embed {
                embedded.insert(r.child.as_str());
            }
        }
        Lookup {
            model,
            entities: model.entities.iter().map(|e| (e.id.as_str(), e)).collect(),
            by_parent,
            by_child,
            embedded,
        }
    }

    pub fn entity(&self, id: &str) -> Option<&'m Entity> {
        self.entities.get(id).copied()
    }

    pub fn relation(&self, index: usize) -> Option<&'m Relation> {
        self.model.relations.get(index)
    }

    /// Relations whose parent is `entity`, with their index.
    pub fn children(&self, entity: &str) -> impl Iterator<Item = (usize, &'m Relation)> + '_ {
        let model = self.model;
        self.by_parent.get(entity).into_iter().flatten().filter_map(move |i| model.relations.get(*i).map(|r| (*i, r)))
    }

    /// Relations whose child is `entity`, with their index.
    pub fn parents(&self, entity: &str) -> impl Iterator<Item = (usize, &'m Relation)> + '_ {
        let model = self.model;
        self.by_child.get(entity).into_iter().flatten().filter_map(move |i| model.relations.get(*i).map(|r| (*i, r)))
    }

    /// Same answer as `Model::is_collection`, in constant time.
    pub fn is_collection(&self, entity: &Entity) -> bool {
        entity.kind == EntityKind::Document && !self.embedded.contains(entity.id.as_str())
    }

    /// The collections, in model order.
    pub fn collections(&self) -> impl Iterator<Item = &'m Entity> + '_ {
        self.model.entities.iter().filter(|e| self.is_collection(e))
    }

    /// The collection named `name` (or with entity id `name`).
    pub fn collection_named(&self, name: &str) -> Option<&'m Entity> {
        self.collections().find(|e| e.name == name).or_else(|| self.collections().find(|e| e.id == name))
    }

    /// The entity that embeds `entity`, through the embedding relation.
    pub fn embedding_parent(&self, entity: &str) -> Option<&'m Relation> {
        self.parents(entity).map(|(_, r)| r).find(|r| r.storage == Storage::Embed)
    }

    /// The collection whose documents hold `entity` (following embeddings), if any.
    pub fn root_of(&self, entity: &'m str) -> Option<&'m Entity> {
        let mut current = entity;
        for _ in 0..=self.model.entities.len() {
            match self.embedding_parent(current) {
                Some(rel) => current = rel.parent.as_str(),
                None => {
                    let e = self.entity(current)?;
                    return self.is_collection(e).then_some(e);
                }
            }
        }
        None
    }

    /// Display name of an entity id (its collection name), or the id itself.
    pub fn name(&self, id: &str) -> String {
        self.entity(id).map(|e| e.name.clone()).unwrap_or_else(|| id.to_string())
    }
}
