use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{Id, Place};
use crate::text;

/// The field the fix adds.
const VERSION_FIELD: &str = "schema_v";

declare_rule! {
    /// ## What it does
    /// Notes a collection whose documents carry no schema version field
    /// (`collection.schemaVersionField`).
    ///
    /// ## Why is this bad?
    /// Schemas change. Without a version in each document, readers cannot tell an old shape
    /// from a broken one, a lazy migration cannot tell what is left to migrate, and the code
    /// path of an old version can never be deleted with confidence.
    ///
    /// ## Example
    /// `catalogo` documents with no `schema_v`, after `autor` became `autores`.
    ///
    /// ## Use instead
    /// A `schema_v: 1` field from the first document; readers handle two or three versions;
    /// migrate lazily, in background or in bulk, and drop a version's code when its count
    /// reaches zero.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Versionado de documentos y evolución del
    /// esquema"; "Patrones de Diseño de Esquema en MongoDB", "Versionado de Esquema"; MongoDB,
    /// "Building with Patterns: The Schema Versioning Pattern".
    pub NoSchemaVersion {
        code: "DS402",
        name: "no-schema-version",
        category: Validation,
        severity: Info,
    }
}

impl Rule for NoSchemaVersion {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in cx.design.collections().iter().map(|c| c.entity) {
            if e.collection.schema_version_field.as_deref().is_some_and(|f| !f.is_empty()) {
                continue;
            }
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "{collection} documents carry no schema version field.",
                    es: "Los documentos de {collection} no llevan campo de versión del esquema.",
                    pt: "Os documentos de {collection} não trazem campo de versão do schema.";
                    collection = &e.name
                ),
                text!(
                    en: "Without a version in each document, readers cannot tell an old shape from a broken one and migrations cannot tell what is left.",
                    es: "Sin una versión en cada documento, los lectores no distinguen una forma antigua de una rota y las migraciones no saben qué queda por migrar.",
                    pt: "Sem uma versão em cada documento, os leitores não distinguem um formato antigo de um quebrado e as migrações não sabem o que falta migrar."
                ),
                text!(
                    en: "Add {field} (int, required) from the first document; readers branch on it.",
                    es: "Añade {field} (int, obligatorio) desde el primer documento; los lectores deciden qué hacer según su valor.",
                    pt: "Adicione {field} (int, obrigatório) desde o primeiro documento; os leitores decidem o caminho pelo seu valor.";
                    field = VERSION_FIELD
                ),
            );
            f.fix = Some(Fix::AddSchemaVersionField { entity: Id::new(&e.id), field: Id::from(VERSION_FIELD) });
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::i18n::Lang;

    #[test]
    fn a_collection_without_version_gets_schema_v() {
        let mut m = model();
        m.entities[0].collection.schema_version_field = None;
        let f = findings(&m, "DS402");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        assert_eq!(m.entities[0].collection.schema_version_field.as_deref(), Some("schema_v"));
        assert!(findings(&m, "DS402").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = model();
        m.entities[0].collection.schema_version_field = None;
        let f = &findings(&m, "DS402")[0];
        let name = &m.entities[0].name;
        assert_eq!(
            f.message.render(Lang::Es),
            format!("Los documentos de {name} no llevan campo de versión del esquema.")
        );
        assert_eq!(
            f.message.render(Lang::Pt),
            format!("Os documentos de {name} não trazem campo de versão do schema.")
        );
        assert!(f.fix_hint.render(Lang::Es).starts_with("Añade schema_v (int, obligatorio)"));
        assert!(f.fix_hint.render(Lang::Pt).starts_with("Adicione schema_v (int, obrigatório)"));
    }
}
