//! A reference always means a field: the child of a reference holds its parent's id in a field
//! of its own. When a relation names none, that field is named as the exporters name it
//! (`clientes` → `cliente_id`) and typed like the parent's id.

use super::{find_path, BsonType, Entity, EntityKind, Field, Model, Relation, Storage};
use crate::i18n::Text;
use crate::text;

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

/// The name the editor and the exporters give the field a child holds for relation `r` when
/// it names none: [`default_child_field`] (`cliente_id`), or its plural (`etiqueta_ids`) when
/// the relation is many-to-many and each child keeps the ids of all its parents.
pub fn default_reference_field(r: &Relation, parent_name: &str) -> String {
    if r.cardinality.many_to_many {
        format!("{}_ids", singular(parent_name))
    } else {
        default_child_field(parent_name)
    }
}

/// The field a child holds for relation `r`, named `name`, when the child does not declare it:
/// required and typed like the parent's id (`parent_id`), or, for a many-to-many relation, an
/// array of such ids (a many-to-many reference keeps arrays of ids on one or both sides, as in
/// the "6 Rules of Thumb for MongoDB Schema Design" posts' two-way referencing).
pub fn child_reference_field(r: &Relation, name: &str, parent_id: BsonType) -> Field {
    let mut field = if r.cardinality.many_to_many {
        let mut list = Field::new(name, BsonType::Array);
        list.items = Some(parent_id);
        list
    } else {
        Field::new(name, parent_id)
    };
    field.required = true;
    field
}

/// The field the exporters give relation `r` (whose parent is `parent`) when it names none:
/// `Some("cliente_id")` (`Some("etiqueta_ids")` for a many-to-many relation) for a reference
/// held by the child (no array of the children's ids in the parent) whose `childField` is
/// missing or empty, `None` otherwise. `docshape check` warns about such a relation (DS112).
pub fn unnamed_reference_field(r: &Relation, parent: &Entity) -> Option<String> {
    let held_by_child = r.storage == Storage::Reference && r.reference.parent_field.is_none();
    let unnamed = r.reference.child_field.as_deref().is_none_or(|f| f.trim().is_empty());
    (held_by_child && unnamed).then(|| default_reference_field(r, &parent.name))
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
    /// relation names no child field it takes the default name ([`default_reference_field`]),
    /// and the child gets that field ([`child_reference_field`]: typed like the parent's id, an
    /// array of them for a many-to-many relation) when it lacks it.
    pub fn set_storage(&mut self, id: &str, storage: Storage) -> bool {
        let Some(r) = self.relations.iter().find(|r| r.id == id) else { return false };
        let held_by_child = storage == Storage::Reference && r.reference.parent_field.is_none();
        let (parent, child, named) = (r.parent.clone(), r.child.clone(), r.reference.child_field.clone());
        let Some(parent) = self.entity(&parent).map(|p| (default_reference_field(r, &p.name), id_type(p))) else {
            return self.set_storage_only(id, storage);
        };
        self.set_storage_only(id, storage);
        if !held_by_child {
            return true;
        }
        let name = named.unwrap_or(parent.0);
        let Some(r) = self.relations.iter_mut().find(|r| r.id == id) else { return true };
        r.reference.child_field = Some(name.clone());
        let field = child_reference_field(r, &name, parent.1);
        // A dotted path the person typed is theirs to shape; a plain name is added when missing.
        if let Some(child) = self.entity_mut(&child) {
            if !name.contains('.') && find_path(&child.fields, &name).is_none() {
                child.fields.push(field);
            }
        }
        true
    }

    /// The child's field that relation `id` means, when the child holds it as a plain field of
    /// its own (what drawing the reference created and the box shows): (the child's id, the
    /// field's name). `None` for an embedding, an array of ids in the parent, a dotted path
    /// inside a sub-document, or a name the child does not declare.
    pub fn reference_field(&self, id: &str) -> Option<(String, String)> {
        let r = self.relation(id)?;
        if r.storage != Storage::Reference || r.reference.parent_field.is_some() {
            return None;
        }
        let name = r.reference.child_field.as_deref().filter(|n| !n.is_empty() && !n.contains('.'))?;
        let child = self.entity(&r.child)?;
        child.fields.iter().any(|f| f.name == name).then(|| (child.id.clone(), name.to_string()))
    }

    /// Renames the child's reference field of relation `id` to `name`: for a reference the
    /// child holds, the relation and the child's field change together (the field is added, required and typed like the parent's
    /// id, when the child lacks it). Refused, changing nothing, for an empty name or one that
    /// another field of the child already has. A dotted path names a field inside a
    /// sub-document the person shapes: only the relation changes.
    pub fn rename_reference_field(&mut self, id: &str, name: &str) -> Result<(), RenameRefused> {
        let name = name.trim();
        let r = self.relation(id).ok_or(RenameRefused::NoRelation)?;
        let (child_id, parent_id) = (r.child.clone(), r.parent.clone());
        let old = r.reference.child_field.clone().unwrap_or_default();
        // Not a reference the child holds (an embedding, a bucket, ids in the parent): the
        // name is only the relation's, as the person types it.
        if r.storage != Storage::Reference || r.reference.parent_field.is_some() {
            if let Some(r) = self.relations.iter_mut().find(|r| r.id == id) {
                r.reference.child_field = (!name.is_empty()).then(|| name.to_string());
            }
            return Ok(());
        }
        if name.is_empty() {
            return Err(RenameRefused::Empty);
        }
        if name == old {
            return Ok(());
        }
        let id_type = self.entity(&parent_id).map(id_type).unwrap_or(BsonType::ObjectId);
        let plain = !name.contains('.');
        if let Some(child) = self.entity(&child_id) {
            let taken = child.fields.iter().any(|f| f.name == name && f.name != old);
            if plain && taken {
                return Err(RenameRefused::Taken { child: child.name.clone(), name: name.to_string() });
            }
        }
        let Some(r) = self.relations.iter_mut().find(|r| r.id == id) else { return Ok(()) };
        r.reference.child_field = Some(name.to_string());
        let added = child_reference_field(r, name, id_type);
        if !plain {
            return Ok(());
        }
        if let Some(child) = self.entity_mut(&child_id) {
            match child.fields.iter_mut().find(|f| !old.is_empty() && f.name == old) {
                Some(field) => field.name = name.to_string(),
                None => child.fields.push(added),
            }
        }
        Ok(())
    }

    /// Removes the child's field that relation `id` means ([`Model::reference_field`]), when it
    /// has one; returns whether it did. (Deleting the arrow and its field too.)
    pub fn remove_reference_field(&mut self, id: &str) -> bool {
        let Some((child, name)) = self.reference_field(id) else { return false };
        let Some(child) = self.entity_mut(&child) else { return false };
        child.fields.retain(|f| f.name != name);
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

/// Why the child's reference field was not renamed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenameRefused {
    /// No relation has the id.
    NoRelation,
    /// A reference needs a field name.
    Empty,
    /// Another field of the child has the name.
    Taken { child: String, name: String },
}

impl RenameRefused {
    /// What the inspector says, in the three languages.
    pub fn message(&self) -> Text {
        match self {
            RenameRefused::NoRelation => {
                text!(en: "This arrow is gone.", es: "Esta flecha ya no existe.", pt: "Esta seta não existe mais.")
            }
            RenameRefused::Empty => text!(
                en: "A reference needs a field name: the child keeps the parent's id in it.",
                es: "Una referencia necesita un nombre de campo: el hijo guarda en él el id del padre.",
                pt: "Uma referência precisa de um nome de campo: o filho guarda nele o id do pai."
            ),
            RenameRefused::Taken { child, name } => text!(
                en: "{child} already has a field named {name}: choose another name for the reference field.",
                es: "{child} ya tiene un campo llamado {name}: elige otro nombre para el campo de referencia.",
                pt: "{child} já tem um campo chamado {name}: escolha outro nome para o campo de referência.";
                child = child.as_str(), name = name.as_str()
            ),
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

    /// Drawing a many-to-many reference gives the child an array of its parents' ids, named
    /// in the plural; renaming it keeps the array, and a new name the child lacks is added as one.
    #[test]
    fn a_many_to_many_reference_creates_an_array_of_the_parents_ids() {
        let mut m = two_boxes();
        m.relations[0].cardinality.many_to_many = true;
        assert!(m.set_storage("r", Storage::Reference));
        assert_eq!(m.relations[0].reference.child_field.as_deref(), Some("cliente_ids"));
        let field = find_path(&m.entity("p").unwrap().fields, "cliente_ids").expect("the child holds the ids");
        assert_eq!((field.bson_type, field.items, field.required), (BsonType::Array, Some(BsonType::ObjectId), true));
        m.rename_reference_field("r", "clientes").expect("renamed");
        let field = find_path(&m.entity("p").unwrap().fields, "clientes").expect("renamed in place");
        assert_eq!(field.bson_type, BsonType::Array);
        m.entity_mut("p").unwrap().fields.clear();
        m.rename_reference_field("r", "owners").expect("renamed");
        let field = find_path(&m.entity("p").unwrap().fields, "owners").expect("added");
        assert_eq!((field.bson_type, field.items), (BsonType::Array, Some(BsonType::ObjectId)));
        // One-to-many beside it: one id.
        let mut one = two_boxes();
        one.set_storage("r", Storage::Reference);
        assert_eq!(
            find_path(&one.entity("p").unwrap().fields, "cliente_id").map(|f| f.bson_type),
            Some(BsonType::ObjectId)
        );
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

    /// Clients and orders referenced from the order by `cliente_id`, which the order holds
    /// beside its `nome`.
    fn referenced() -> Model {
        let mut m = two_boxes();
        m.entities[1].fields.push(Field::new("nome", BsonType::String));
        m.set_storage("r", Storage::Reference);
        m
    }

    fn names(m: &Model) -> Vec<&str> {
        m.entity("p").unwrap().fields.iter().map(|f| f.name.as_str()).collect()
    }

    #[test]
    fn renaming_the_reference_field_renames_the_childs_field() {
        let mut m = referenced();
        assert_eq!(m.reference_field("r"), Some(("p".into(), "cliente_id".into())));
        assert_eq!(m.rename_reference_field("r", "customer_id"), Ok(()));
        assert_eq!(m.relations[0].reference.child_field.as_deref(), Some("customer_id"));
        assert_eq!(names(&m), ["nome", "customer_id"]);
        let field = find_path(&m.entity("p").unwrap().fields, "customer_id").unwrap();
        assert_eq!((field.bson_type, field.required), (BsonType::ObjectId, true), "the same field, renamed");
        // The same name again changes nothing.
        let before = m.clone();
        assert_eq!(m.rename_reference_field("r", "customer_id"), Ok(()));
        assert_eq!(m, before);
    }

    #[test]
    fn a_name_another_field_has_or_an_empty_one_is_refused_and_nothing_changes() {
        let mut m = referenced();
        let before = m.clone();
        let refused = m.rename_reference_field("r", "nome").unwrap_err();
        assert_eq!(refused, RenameRefused::Taken { child: "pedidos".into(), name: "nome".into() });
        assert_eq!(
            refused.message().render(crate::i18n::Lang::En),
            "pedidos already has a field named nome: choose another name for the reference field."
        );
        assert_eq!(
            refused.message().render(crate::i18n::Lang::Pt),
            "pedidos já tem um campo chamado nome: escolha outro nome para o campo de referência."
        );
        assert_eq!(m.rename_reference_field("r", "  "), Err(RenameRefused::Empty));
        assert_eq!(m.rename_reference_field("nothing", "x"), Err(RenameRefused::NoRelation));
        assert_eq!(m, before);
    }

    #[test]
    fn a_missing_field_is_added_and_a_dotted_path_only_changes_the_relation() {
        let mut m = referenced();
        m.entities[1].fields.retain(|f| f.name != "cliente_id");
        assert_eq!(m.reference_field("r"), None, "the child does not declare it");
        assert_eq!(m.rename_reference_field("r", "owner"), Ok(()));
        assert_eq!(names(&m), ["nome", "owner"]);
        assert_eq!(m.rename_reference_field("r", "cliente._id"), Ok(()));
        assert_eq!(m.relations[0].reference.child_field.as_deref(), Some("cliente._id"));
        assert_eq!(names(&m), ["nome", "owner"], "a path inside a sub-document is the person's to shape");
        assert_eq!(m.reference_field("r"), None);
    }

    #[test]
    fn another_storage_only_names_the_field_in_the_relation() {
        let mut m = two_boxes();
        assert_eq!(m.rename_reference_field("r", "cliente_id"), Ok(()));
        assert_eq!(m.relations[0].reference.child_field.as_deref(), Some("cliente_id"));
        assert!(m.entity("p").unwrap().fields.is_empty(), "an embedding gives the child no field");
        assert_eq!(m.rename_reference_field("r", ""), Ok(()));
        assert_eq!(m.relations[0].reference.child_field, None);
    }

    #[test]
    fn removing_the_reference_field_removes_only_that_field() {
        let mut m = referenced();
        assert!(m.remove_reference_field("r"));
        assert_eq!(names(&m), ["nome"]);
        assert!(!m.remove_reference_field("r"), "nothing left to remove");
        let mut embedded = two_boxes();
        assert!(!embedded.remove_reference_field("r"));
    }
}
