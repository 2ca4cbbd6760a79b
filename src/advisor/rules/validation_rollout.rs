use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{Id, Place, ValidationAction, ValidationLevel};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Notes a collection that already holds documents (`collection.documents` > 0) whose
    /// validator is deployed with `validationAction: "error"` and `validationLevel: "strict"`
    /// straight away.
    ///
    /// ## Why is this bad?
    /// Existing documents were written without the rules: with `error` and `strict`, the
    /// first update of any non-conforming document fails in production. Nobody knows how
    /// many there are until the writes start failing.
    ///
    /// ## Example
    /// Adding a validator requiring `esquema_v` to a catalogue of 40,000 materials that have
    /// none.
    ///
    /// ## Use instead
    /// Deploy with `validationAction: "warn"` first and read the log; use
    /// `validationLevel: "moderate"` (only documents that already conform are checked) while
    /// old documents are migrated; then switch to `"error"` and `"strict"`.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Validación de esquema con $jsonSchema";
    /// "Modelagem de Documentos"; MongoDB, "Specify Validation Level for Existing Documents".
    pub ValidationRollout {
        code: "DS403",
        name: "validation-rollout",
        category: Validation,
        severity: Info,
    }
}

impl Rule for ValidationRollout {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in cx.design.collections().iter().map(|c| c.entity) {
            let c = &e.collection;
            let existing = c.documents.unwrap_or(0);
            if !c.validate
                || existing == 0
                || c.validation_action != ValidationAction::Error
                || c.validation_level != ValidationLevel::Strict
            {
                continue;
            }
            out.push(Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                // The count is written without separators, as it always was (snapshots).
                text!(
                    en: "{collection} already holds {n} documents and its validator starts with validationAction \"error\" and level \"strict\".",
                    es: "{collection} ya contiene {n} documentos y su validador empieza con validationAction \"error\" y nivel \"strict\".",
                    pt: "{collection} já contém {n} documentos e seu validador começa com validationAction \"error\" e nível \"strict\".";
                    collection = &e.name, n = existing
                ),
                text!(
                    en: "Documents written before the validator may not conform: their next update would fail in production.",
                    es: "Los documentos escritos antes del validador pueden no cumplirlo: su próxima actualización fallaría en producción.",
                    pt: "Os documentos gravados antes do validador podem não estar em conformidade: a próxima atualização deles falharia em produção."
                ),
                text!(
                    en: "Warn first, then error: deploy with validationAction \"warn\", use validationLevel \"moderate\" while old documents are migrated, then switch to \"error\".",
                    es: "Primero avisa y luego rechaza: despliega con validationAction \"warn\", usa validationLevel \"moderate\" mientras se migran los documentos antiguos y después cambia a \"error\".",
                    pt: "Primeiro avise, depois rejeite: implante com validationAction \"warn\", use validationLevel \"moderate\" enquanto os documentos antigos são migrados e depois mude para \"error\"."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::i18n::Lang;
    use crate::model::ValidationAction;

    #[test]
    fn existing_documents_with_error_straight_away() {
        let mut m = model();
        m.entities[0].collection.documents = Some(40_000);
        let f = findings(&m, "DS403");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix_hint.contains("Warn first, then error"));
    }

    #[test]
    fn warn_first_or_an_empty_collection_passes() {
        let mut m = model();
        assert!(findings(&m, "DS403").is_empty(), "no documents yet");
        m.entities[0].collection.documents = Some(40_000);
        m.entities[0].collection.validation_action = ValidationAction::Warn;
        assert!(findings(&m, "DS403").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = model();
        m.entities[0].collection.documents = Some(40_000);
        let f = &findings(&m, "DS403")[0];
        let es = f.message.render(Lang::Es);
        let pt = f.message.render(Lang::Pt);
        assert!(es.contains("ya contiene 40.000 documentos") && es.contains("nivel \"strict\""), "{es}");
        assert!(pt.contains("já contém 40.000 documentos") && pt.contains("nível \"strict\""), "{pt}");
        assert!(f.fix_hint.render(Lang::Es).starts_with("Primero avisa y luego rechaza"));
        assert!(f.fix_hint.render(Lang::Pt).contains("validationLevel \"moderate\""));
    }
}
