use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{Entity, Field, Id, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a declared unique index whose fields the design lets documents leave out: every
    /// key names a field that is not required (itself or a sub-document on its path), and the
    /// index is neither partial nor sparse. `_id` is always there; a field the design does not
    /// declare is not judged.
    ///
    /// ## Why is this bad?
    /// A document without the indexed field is stored in the index under `null`, and a unique
    /// index holds one `null`: the first document without the field goes in, the second fails
    /// with a duplicate key error, and building the index on data where two documents lack it
    /// fails too. A compound unique index does the same when a document lacks all its fields.
    /// Optional contact data (a phone number, a tracking number not yet given) is the usual
    /// case: the constraint meant to keep two values apart ends up refusing everyone without a
    /// value after the first.
    ///
    /// ## Example
    /// `members.phone`, optional, with `{ phone: 1 }` declared unique so that two members never
    /// share a number.
    ///
    /// ## Use instead
    /// A partial unique index over the documents that have the field
    /// (`partialFilterExpression: { phone: { $exists: true } }`): the documents without it stay
    /// out of the index, and the values present stay unique. A sparse unique index does the
    /// same for a single field. Or make the field required, when every document has it.
    ///
    /// ## References
    /// MongoDB manual, "Unique Indexes" (Missing Document Field in a Unique Single-Field Index,
    /// Unique Partial Indexes) and "Partial Indexes".
    pub UniqueMissingField {
        code: "DS316",
        name: "unique-missing-field",
        category: Indexes,
        severity: Warning,
    }
}

/// Whether documents of `e` may lack `path`: some field on the path is not required. `None`
/// when the design does not declare the path.
fn may_lack(e: &Entity, path: &str) -> Option<bool> {
    let mut fields: &[Field] = &e.fields;
    let mut optional = false;
    for part in path.split('.') {
        let f = fields.iter().find(|f| f.name == part)?;
        optional |= !f.required;
        fields = &f.fields;
    }
    Some(optional)
}

/// The unique indexes of `e` that hold `null` for a document without their fields.
fn nulls_collide(e: &Entity) -> impl Iterator<Item = &IndexSpec> + '_ {
    e.collection.indexes.iter().filter(move |i| {
        i.unique
            && !i.sparse
            && i.partial_filter_expression.is_none()
            && !i.keys.is_empty()
            && i.keys.iter().all(|k| k.kind.is_none() && k.field != "_id" && may_lack(e, &k.field) == Some(true))
    })
}

impl Rule for UniqueMissingField {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for c in cx.design.collections() {
            let e = c.entity;
            for index in nulls_collide(e) {
                let Some(first) = index.keys.first() else { continue };
                let path = first.field.as_str();
                let (name, key) = (&e.name, index.with_key_doc(Arg::str));
                let place = match index.keys.len() {
                    1 => Place::Field { entity: Id::new(&e.id), path: Id::new(path) },
                    _ => Place::Entity { id: Id::new(&e.id) },
                };
                // The filter as mongosh writes it, each path quoted as a key must be.
                let exists_of = |field: &str| {
                    let mut doc = String::from("{ ");
                    crate::escape::js::push_key(&mut doc, field);
                    doc.push_str(": { $exists: true } }");
                    doc
                };
                let exists = match index.keys.as_slice() {
                    [_] => exists_of(path),
                    keys => format!(
                        "{{ $or: [{}] }}",
                        keys.iter().map(|k| exists_of(&k.field)).collect::<Vec<_>>().join(", ")
                    ),
                };
                out.push(Self::finding(
                    place,
                    text!(
                        en: "The unique index {key} of {name} is on a field its documents may leave out: every {name} document without it is indexed as null, and after the first one each insert without it fails with a duplicate key error.",
                        es: "El índice único {key} de {name} está sobre un campo que sus documentos pueden omitir: cada documento de {name} sin él se indexa como null y, después del primero, toda inserción sin él falla con un error de clave duplicada.",
                        pt: "O índice único {key} de {name} está sobre um campo que seus documentos podem omitir: cada documento de {name} sem ele é indexado como null e, depois do primeiro, toda inserção sem ele falha com um erro de chave duplicada.";
                        key = key.clone(), name
                    ),
                    text!(
                        en: "A unique index stores null for a document that lacks its fields and holds one null: the constraint meant to keep two values apart refuses everyone without a value after the first, and the index cannot be built on data where two documents lack it.",
                        es: "Un índice único guarda null para un documento al que le faltan sus campos y admite un solo null: la restricción pensada para separar dos valores rechaza, después del primero, a todos los que no tienen valor, y el índice no se puede crear sobre datos en los que dos documentos no lo tengan.",
                        pt: "Um índice único guarda null para um documento sem seus campos e admite um só null: a restrição pensada para separar dois valores recusa, depois do primeiro, todos os que não têm valor, e o índice não pode ser criado sobre dados em que dois documentos não o tenham."
                    ),
                    text!(
                        en: "Make {key} a partial index of the documents that have the field (partialFilterExpression: {exists}), or make the field required if every document has it.",
                        es: "Convierte {key} en un índice parcial de los documentos que tienen el campo (partialFilterExpression: {exists}), o haz el campo obligatorio si todos los documentos lo tienen.",
                        pt: "Torne {key} um índice parcial dos documentos que têm o campo (partialFilterExpression: {exists}), ou torne o campo obrigatório se todos os documentos o têm.";
                        key, exists
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, IndexSpec};

    /// Members with a required `email`, an optional `phone`, an optional `address` sub-document
    /// with a required `zip`, and the declared indexes given.
    fn members(indexes: Vec<IndexSpec>) -> crate::model::Model {
        let mut m = model();
        let required = |name: &str| Field { required: true, ..Field::new(name, BsonType::String) };
        let mut address = Field::new("address", BsonType::Object);
        address.fields = vec![required("zip")];
        m.entities[0].fields.extend([required("email"), Field::new("phone", BsonType::String), address]);
        m.entities[0].collection.indexes = indexes;
        m
    }

    fn unique(keys: &[(&str, i8)]) -> IndexSpec {
        IndexSpec { unique: true, ..IndexSpec::new(keys) }
    }

    #[test]
    fn a_unique_index_on_an_optional_field_collides_on_null() {
        let m = members(vec![unique(&[("phone", 1)]), unique(&[("address.zip", 1)])]);
        let f = findings(&m, "DS316");
        let said: Vec<String> = f.iter().map(|f| f.message.en()).collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].starts_with("The unique index { phone: 1 } of items is on a field its documents may leave out"),
            "{said:?}"
        );
        // A required field inside an optional sub-document is missing with it.
        assert!(said[1].starts_with("The unique index { \"address.zip\": 1 } of items"), "{said:?}");
        assert_eq!(f[0].place, crate::model::Place::Field { entity: "c".into(), path: "phone".into() });
        assert!(
            f[0].fix_hint.en().contains("partialFilterExpression: { phone: { $exists: true } }"),
            "{}",
            f[0].fix_hint.en()
        );
        assert!(f[0].message.render(Lang::Es).contains("falla con un error de clave duplicada"));
    }

    #[test]
    fn required_fields_partial_or_sparse_indexes_and_compounds_with_a_required_key_pass() {
        let partial = IndexSpec {
            partial_filter_expression: Some(serde_json::json!({ "phone": { "$exists": true } })),
            ..unique(&[("phone", 1)])
        };
        let sparse = IndexSpec { sparse: true, ..unique(&[("phone", -1)]) };
        let m = members(vec![
            unique(&[("email", 1)]),
            partial,
            sparse,
            unique(&[("email", 1), ("phone", 1)]),
            unique(&[("undeclared", 1)]),
            IndexSpec::new(&[("phone", 1)]),
        ]);
        assert!(findings(&m, "DS316").is_empty(), "{:?}", findings(&m, "DS316"));
    }
}
