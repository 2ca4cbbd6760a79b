//! A reference always means a field: the child of a reference holds its parent's id in a field
//! of its own. When a relation names none, that field is named as the exporters name it
//! (`clientes` → `cliente_id`) and typed like the parent's id.

use super::{find_path, BsonType, Entity, EntityKind, Field, Model, Relation, Storage};

/// `resenas` → `resena`, `reviews` → `review` (good enough for field names).
pub fn singular(name: &str) -> &str {
    name.strip_suffix("es")
        .filter(|s| s.ends_with(['n', 'r', 'l', 'd', 's', 'b', 'z']))
        .or_else(|| name.strip_suffix('s'))
        .unwrap_or(name)
}

/// The child's field that holds the parent's id when the relation names none: `cliente_id` for
/// a parent named `clientes`.
pub fn default_child_field(parent_name: &str) -> String {
    format!("{}_id", singular(parent_name))
}

/// The field the exporters give relation `r` (whose parent is `parent`) when it names none:
/// `Some("cliente_id")` for a reference held by the child (no array of the children's ids in
/// the parent) whose `childField` is missing or empty, `None` otherwise. `docshape check`
/// warns about such a relation (DS112).
pub fn unnamed_reference_field(r: &Relation, parent: &Entity) -> Option<String> {
    let held_by_child = r.storage == Storage::Reference && r.reference.parent_field.is_none();
    let unnamed = r.reference.child_field.as_deref().is_none_or(|f| f.trim().is_empty());
    (held_by_child && unnamed).then(|| default_child_field(&parent.name))
}

/// The type of an entity's identifier: its `_id`, or else its first `*_id` / `id` field.
pub fn id_type(entity: &Entity) -> BsonType {
    let is_id = |f: &&Field| f.name == "_id" || f.name == "id" || f.name.ends_with("_id");
    entity
        .fields
        .iter()
        .find(|f| f.name == "_id")
        .or_else(|| entity.fields.iter().find(is_id))
        .map(|f| f.bson_type)
        .unwrap_or(if entity.kind == EntityKind::External { BsonType::Int } else { BsonType::ObjectId })
}

impl Model {
    /// Sets the storage of relation `id`; false when there is no such relation. A reference
    /// whose parent keeps no array of the children's ids is held by the child: when the
    /// relation names no child field it takes the default name ([`default_child_field`]), and
    /// the child gets that field, required and typed like the parent's id, when it lacks it.
    pub fn set_storage(&mut self, id: &str, storage: Storage) -> bool {
        let Some(r) = self.relations.iter().find(|r| r.id == id) else { return false };
        let held_by_child = storage == Storage::Reference && r.reference.parent_field.is_none();
        let (parent, child, named) = (r.parent.clone(), r.child.clone(), r.reference.child_field.clone());
        let Some(parent) = self.entity(&parent).map(|p| (p.name.clone(), id_type(p))) else {
            return self.set_storage_only(id, storage);
        };
        self.set_storage_only(id, storage);
        if !held_by_child {
            return true;
        }
        let name = named.unwrap_or_else(|| default_child_field(&parent.0));
        if let Some(r) = self.relations.iter_mut().find(|r| r.id == id) {
            r.reference.child_field = Some(name.clone());
        }
        // A dotted path the person typed is theirs to shape; a plain name is added when missing.
        if let Some(child) = self.entity_mut(&child) {
            if !name.contains('.') && find_path(&child.fields, &name).is_none() {
                let mut field = Field::new(&name, parent.1);
                field.required = true;
                child.fields.push(field);
            }
        }
        true
    }

    fn set_storage_only(&mut self, id: &str, storage: Storage) -> bool {
        match self.relations.iter_mut().find(|r| r.id == id) {
            Some(r) => {
                r.storage = storage;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Relation;

    fn two_boxes() -> Model {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("c", "clientes"));
        m.entities.push(Entity::new("p", "pedidos"));
        m.entities[0].fields.push(Field::new("_id", BsonType::ObjectId));
        m.relations.push(Relation::new("r", "c", "p", Storage::Embed));
        m
    }

    #[test]
    fn a_reference_creates_the_childs_field_typed_like_the_parents_id() {
        let mut m = two_boxes();
        assert!(m.set_storage("r", Storage::Reference));
        assert_eq!(m.relations[0].reference.child_field.as_deref(), Some("cliente_id"));
        let field = find_path(&m.entity("p").unwrap().fields, "cliente_id").expect("the child holds the field");
        assert_eq!((field.bson_type, field.required), (BsonType::ObjectId, true));
        // Back to embedding and to reference again: one field, not two.
        assert!(m.set_storage("r", Storage::Embed));
        assert!(m.set_storage("r", Storage::Reference));
        assert_eq!(m.entity("p").unwrap().fields.iter().filter(|f| f.name == "cliente_id").count(), 1);
    }

    #[test]
    fn a_named_field_or_an_array_in_the_parent_is_kept() {
        let mut m = two_boxes();
        m.entities[0].kind = EntityKind::External;
        m.entities[0].fields.clear();
        m.relations[0].reference.child_field = Some("owner".into());
        m.set_storage("r", Storage::Reference);
        let field = find_path(&m.entity("p").unwrap().fields, "owner").expect("the named field");
        assert_eq!(field.bson_type, BsonType::Int, "an outside parent's id is an int");
        // The parent keeps the children's ids: the child holds nothing.
        let mut m = two_boxes();
        m.relations[0].reference.parent_field = Some("pedido_ids".into());
        m.set_storage("r", Storage::Reference);
        assert!(m.entity("p").unwrap().fields.is_empty());
        assert_eq!(m.relations[0].reference.child_field, None);
        assert!(!m.set_storage("nothing", Storage::Reference));
    }

    #[test]
    fn the_default_name_is_the_parents_singular() {
        assert_eq!(default_child_field("clientes"), "cliente_id");
        assert_eq!(default_child_field("resenas"), "resena_id");
        assert_eq!(default_child_field("reviews"), "review_id");
        assert_eq!(default_child_field("socio"), "socio_id");
    }
}
