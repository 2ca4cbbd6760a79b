use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::model::{unnamed_reference_field, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a reference held by the child (`storage: "reference"`, with no array of the
    /// children's ids in the parent, `reference.parentField`) whose model file names no field
    /// for it: `reference.childField` is missing or empty. The finding names the default field
    /// the exporters then write: the parent's name made singular, followed by `_id`
    /// (`clientes` → `cliente_id`), or by `_ids` for a many-to-many relation, whose child
    /// keeps an array of its parents' ids (`etiquetas` → `etiqueta_ids`).
    ///
    /// ## Why is this bad?
    /// A reference is a field: the child keeps its parent's id in it, and every query, index
    /// and `$lookup` on the reference goes through it. A relation that names none leaves that
    /// field to a guess: the examples, the `$jsonSchema` validator and the code of the exports
    /// use the default name, while the application may already write another one. With
    /// `additionalProperties: false` the validator would then refuse the real documents. The
    /// editor names the field when an arrow becomes a reference; a file written by hand or by
    /// another tool may not.
    ///
    /// ## Example
    /// `{"parent": "cliente", "child": "pedido", "storage": "reference"}` with no `reference`
    /// member: the exports give `pedidos` a `cliente_id` field nobody chose.
    ///
    /// ## Use instead
    /// Name the field the documents really hold: `"reference": {"childField": "cliente_id"}`
    /// (or the arrow's "child's reference field" in the editor), and declare it in the child
    /// with the type of the parent's `_id`.
    ///
    /// ## References
    /// MongoDB manual, "Model One-to-Many Relationships with Document References" and
    /// "Database References" (manual references: the child saves the parent's `_id` in a field
    /// of its own).
    pub ReferenceNamesNoField {
        code: "DS112",
        name: "reference-names-no-field",
        category: Relations,
        severity: Warning,
    }
}

impl Rule for ReferenceNamesNoField {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for r in &cx.model.relations {
            // A relation whose end is missing is a structural error (DS001).
            let (Some(parent), Some(child)) = cx.design.ends(r) else { continue };
            let Some(default) = unnamed_reference_field(r, parent) else { continue };
            let (parent, child) = (&parent.name, &child.name);
            out.push(Self::finding(
                Place::Relation { id: Id::new(&r.id) },
                text!(
                    en: "the reference {parent} → {child} names no field in {child}: the exports will hold the parent's id in {default}, a name nobody chose",
                    es: "la referencia {parent} → {child} no nombra ningún campo en {child}: las exportaciones guardarán el id del padre en {default}, un nombre que nadie eligió",
                    pt: "a referência {parent} → {child} não nomeia nenhum campo em {child}: as exportações guardarão o id do pai em {default}, um nome que ninguém escolheu";
                    parent, child, default = default.as_str()
                ),
                text!(
                    en: "A reference is the field that keeps the parent's id: the examples, the $jsonSchema validator and the code use the default name, and a validator that allows no other field would refuse documents that hold the id under another one.",
                    es: "Una referencia es el campo que guarda el id del padre: los ejemplos, el validador $jsonSchema y el código usan el nombre por defecto, y un validador que no admite otros campos rechazaría los documentos que guardan el id con otro nombre.",
                    pt: "Uma referência é o campo que guarda o id do pai: os exemplos, o validador $jsonSchema e o código usam o nome padrão, e um validador que não admite outros campos recusaria os documentos que guardam o id com outro nome."
                ),
                text!(
                    en: "Name the field the documents of {child} really hold: the arrow's child's reference field in the editor, or reference.childField in the model file ({default} if that is the name).",
                    es: "Nombra el campo que realmente tienen los documentos de {child}: el campo de referencia del hijo de la flecha en el editor, o reference.childField en el archivo del modelo ({default} si ese es el nombre).",
                    pt: "Nomeie o campo que os documentos de {child} realmente têm: o campo de referência do filho da seta no editor, ou reference.childField no arquivo do modelo ({default} se esse for o nome).";
                    child, default = default.as_str()
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::relation_fixtures::{findings, parent_child};
    use crate::i18n::Lang;
    use crate::model::Storage;

    #[test]
    fn a_reference_that_names_no_field_is_flagged_with_the_default_name() {
        let m = parent_child(Storage::Reference, 20.0, None);
        let f = findings(&m, "DS112");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.render(Lang::En),
            "the reference posts → comments names no field in comments: the exports will hold the parent's id in post_id, a name nobody chose"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "la referencia posts → comments no nombra ningún campo en comments: las exportaciones guardarán el id del padre en post_id, un nombre que nadie eligió"
        );
        assert!(f[0].fix_hint.render(Lang::Pt).contains("reference.childField no arquivo do modelo (post_id"));
        // An empty name is no name.
        let mut m = m;
        m.relations[0].reference.child_field = Some(" ".into());
        assert_eq!(findings(&m, "DS112").len(), 1);
    }

    #[test]
    fn the_default_name_is_the_one_the_exports_use() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.entities[1].fields.retain(|f| f.name != "post_id");
        m.entities[1].collection.validate = true;
        let builder = crate::export::Builder::new(&m);
        let schema = crate::export::schema::render_json(&crate::export::schema::validators(&builder));
        assert!(schema.contains("\"post_id\""), "{schema}");
        assert!(findings(&m, "DS112")[0].message.contains("post_id"));
    }

    #[test]
    fn near_misses_a_named_field_an_array_of_ids_an_embedding_a_missing_parent() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].reference.child_field = Some("post_id".into());
        assert!(findings(&m, "DS112").is_empty(), "named");
        let mut m = parent_child(Storage::Reference, 5.0, Some(10));
        m.relations[0].reference.parent_field = Some("comment_ids".into());
        assert!(findings(&m, "DS112").is_empty(), "the parent keeps the ids");
        let m = parent_child(Storage::Embed, 5.0, Some(10));
        assert!(findings(&m, "DS112").is_empty(), "embedded");
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].parent = "ghost".into();
        assert!(findings(&m, "DS112").is_empty(), "a missing end is DS001's");
    }

    #[test]
    fn a_reference_the_editor_makes_names_its_field() {
        let mut m = parent_child(Storage::Embed, 20.0, None);
        m.set_storage("r", Storage::Reference);
        assert!(findings(&m, "DS112").is_empty());
    }
}
