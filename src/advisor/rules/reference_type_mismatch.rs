use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::keyed::HashMap;
use crate::model::{BsonType, Entity, Field, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a reference whose id field has another type than the key it points at: the
    /// child's field that holds the parent's id (`reference.childField`) against the parent's
    /// key, and the parent's array of children's ids (`reference.parentField`) against the
    /// children's `_id`. The parent's key is its field of the same name when it has one (a
    /// business key: `policy_revisions.policy_id` pointing at `current_policies.policy_id`),
    /// else its `_id`. For an array of ids its items' type is compared. A key that is not
    /// declared, and an entity kept outside MongoDB, are not checked.
    ///
    /// ## Why is this bad?
    /// MongoDB compares values of different BSON types as different, never converting one into
    /// the other: an `ObjectId` never equals its 24-character hex string. A `$lookup` on the
    /// reference joins nothing, `find({customer_id: id})` finds nothing, and the index on the
    /// field serves queries that all come back empty — without an error anywhere. It is the
    /// usual result of ids written as strings by one application (or read from JSON) and as
    /// `ObjectId` by another.
    ///
    /// ## Example
    /// `orders.customer_id: string` referencing `customers`, whose `_id` is an `objectId`.
    ///
    /// ## Use instead
    /// Give the reference the type of the `_id` it holds (`objectId` here), convert the stored
    /// values once (`$toObjectId` in an update pipeline), and let the `$jsonSchema` validator
    /// refuse the other type from then on.
    ///
    /// ## References
    /// MongoDB manual, "$lookup (aggregation)" (an equality match between `localField` and
    /// `foreignField`), "Comparison/Sort Order" (values of different types), "$toObjectId";
    /// "Patrones de Diseño de Esquema en MongoDB", "Documentos Embebidos vs Referencias".
    pub ReferenceTypeMismatch {
        code: "DS108",
        name: "reference-type-mismatch",
        category: Relations,
        severity: Warning,
    }
}

/// The type a field holds per value: an array's items, or the field's own type.
fn held(f: &Field) -> Option<BsonType> {
    if f.bson_type == BsonType::Array {
        f.items
    } else {
        Some(f.bson_type)
    }
}

/// A reference field of `holder` at `path` whose type is not the one of the key it points at
/// in `target`: (the field's type, the key's name and type). The key is `target`'s field of
/// the same name as the reference's last part when there is one (a business key), else `_id`.
fn mismatch<'a>(holder: &Entity, path: &'a str, target: &Entity) -> Option<(BsonType, &'a str, BsonType)> {
    if holder.is_external() || target.is_external() {
        return None;
    }
    let leaf = path.rsplit('.').next().unwrap_or(path);
    let (key, key_field) = match target.field(leaf) {
        Some(f) if leaf != "_id" => (leaf, f),
        _ => ("_id", target.field("_id")?),
    };
    let key_type = held(key_field)?;
    let field = held(holder.field(path)?)?;
    (field != key_type).then_some((field, key, key_type))
}

impl Rule for ReferenceTypeMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        // The first entity with each id, as `Model::entity` finds it, looked up once (two
        // entities with one id are a structural error, DS001; the design's look-ups find the
        // last one).
        let mut entity: HashMap<&str, &Entity> = HashMap::default();
        for e in &cx.model.entities {
            entity.entry(e.id.as_str()).or_insert(e);
        }
        for r in &cx.model.relations {
            let (Some(parent), Some(child)) = (entity.get(r.parent.as_str()), entity.get(r.child.as_str())) else {
                continue;
            };
            if let Some(path) = r.reference.child_field.as_deref().filter(|p| !p.is_empty()) {
                if let Some((found, key, id)) = mismatch(child, path, parent) {
                    out.push(finding(child, path, parent, key, found, id));
                }
            }
            if let Some(path) = r.reference.parent_field.as_deref().filter(|p| !p.is_empty()) {
                // An array of the children's ids points at their `_id`.
                if let Some((found, key, id)) = mismatch(parent, path, child).filter(|(_, key, _)| *key == "_id") {
                    out.push(finding(parent, path, child, key, found, id));
                }
            }
        }
    }
}

fn finding(holder: &Entity, path: &str, target: &Entity, key: &str, found: BsonType, id: BsonType) -> Finding {
    let mut f = ReferenceTypeMismatch::finding(
        Place::Field { entity: Id::new(&holder.id), path: Id::from(path) },
        text!(
            en: "{field} is typed {found} but points at {target}, typed {id}: the two never compare equal.",
            es: "{field} es de tipo {found} pero apunta a {target}, de tipo {id}: nunca son iguales.",
            pt: "{field} é do tipo {found} mas aponta para {target}, do tipo {id}: nunca são iguais.";
            field = format!("{}.{path}", holder.name), found = found.name(), target = format!("{}.{key}", target.name), id = id.name()
        ),
        text!(
            en: "MongoDB never converts between types when it compares: a $lookup on this reference joins nothing and a query by it finds nothing, with no error.",
            es: "MongoDB nunca convierte entre tipos al comparar: un $lookup por esta referencia no une nada y una consulta por ella no encuentra nada, sin ningún error.",
            pt: "O MongoDB nunca converte entre tipos ao comparar: um $lookup por esta referência não junta nada e uma consulta por ela não encontra nada, sem erro algum."
        ),
        text!(
            en: "Give the reference the type of the key it holds ({id}), convert the stored values once ($toObjectId or $toString in an update pipeline), and let the validator refuse the other type.",
            es: "Dale a la referencia el tipo de la clave que guarda ({id}), convierte una vez los valores guardados ($toObjectId o $toString en un update con pipeline) y deja que el validador rechace el otro tipo.",
            pt: "Dê à referência o tipo da chave que ela guarda ({id}), converta uma vez os valores guardados ($toObjectId ou $toString em um update com pipeline) e deixe o validador recusar o outro tipo.";
            id = id.name()
        ),
    );
    f.fix = Some(Fix::SetFieldType { entity: Id::new(&holder.id), path: Id::from(path), from: found, to: id });
    f
}

#[cfg(test)]
mod tests {
    use super::super::relation_fixtures::{findings, parent_child};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, Storage};

    /// Posts and comments referenced from the child by `post_id` (an objectId, as `_id`).
    fn referenced() -> crate::model::Model {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].reference.child_field = Some("post_id".into());
        m
    }

    #[test]
    fn an_id_held_as_a_string_is_flagged_and_the_fix_gives_it_the_ids_type() {
        let mut m = referenced();
        assert!(findings(&m, "DS108").is_empty(), "objectId to objectId matches");
        m.entities[1].fields[1].bson_type = BsonType::String;
        let f = findings(&m, "DS108");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.render(Lang::En),
            "comments.post_id is typed string but points at posts._id, typed objectId: the two never compare equal."
        );
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        assert_eq!(m.entities[1].field("post_id").map(|f| f.bson_type), Some(BsonType::ObjectId));
        assert!(findings(&m, "DS108").is_empty());
    }

    #[test]
    fn an_array_of_children_ids_is_compared_by_its_items() {
        let mut m = parent_child(Storage::Reference, 5.0, Some(10));
        let mut ids = Field::new("comment_ids", BsonType::Array);
        ids.items = Some(BsonType::ObjectId);
        m.entities[0].fields.push(ids);
        m.relations[0].reference.parent_field = Some("comment_ids".into());
        assert!(findings(&m, "DS108").is_empty(), "objectId items to objectId _id match");
        m.entities[0].fields[2].items = Some(BsonType::String);
        let f = findings(&m, "DS108");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        assert_eq!(m.entities[0].field("comment_ids").and_then(|f| f.items), Some(BsonType::ObjectId));
    }

    #[test]
    fn a_business_key_of_the_same_name_is_the_key_pointed_at() {
        // current policies keep `_id` (objectId) and the business key `policy_id` (int); the
        // revisions point at the business key.
        let mut m = referenced();
        m.entities[0].fields.push(Field::new("post_id", BsonType::Int));
        m.entities[1].fields[1].bson_type = BsonType::Int;
        assert!(findings(&m, "DS108").is_empty(), "int to the int business key matches");
        m.entities[1].fields[1].bson_type = BsonType::String;
        let f = findings(&m, "DS108");
        assert_eq!(
            f[0].message.render(Lang::En),
            "comments.post_id is typed string but points at posts.post_id, typed int: the two never compare equal."
        );
    }

    #[test]
    fn no_id_declared_or_no_field_no_finding() {
        let mut m = referenced();
        m.entities[1].fields[1].bson_type = BsonType::String;
        m.entities[0].fields.retain(|f| f.name != "_id");
        assert!(findings(&m, "DS108").is_empty(), "a parent keyed by its own column is not checked");
        let mut m = referenced();
        m.relations[0].reference.child_field = Some("nowhere".into());
        assert!(findings(&m, "DS108").is_empty());
    }

    #[test]
    fn two_entities_with_one_id_the_first_is_the_one_pointed_at() {
        // A structural error (DS001), still checked: the first `post` (objectId `_id`) is the
        // key, as `Model::entity` finds it, not a later one keyed by a string.
        let mut m = referenced();
        m.entities[1].fields[1].bson_type = BsonType::String;
        let mut second = crate::model::Entity::new("post", "posts_again");
        second.fields = vec![Field::new("_id", BsonType::String)];
        m.entities.push(second);
        let f = findings(&m, "DS108");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.render(Lang::En).contains("points at posts._id, typed objectId"));
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = referenced();
        m.entities[1].fields[1].bson_type = BsonType::String;
        let f = &findings(&m, "DS108")[0];
        assert_eq!(
            f.message.render(Lang::Es),
            "comments.post_id es de tipo string pero apunta a posts._id, de tipo objectId: nunca son iguales."
        );
        assert!(f.message.render(Lang::Pt).starts_with("comments.post_id é do tipo string mas aponta para posts._id"));
    }
}
