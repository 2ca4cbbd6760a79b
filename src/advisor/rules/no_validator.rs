use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{Id, Place};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Flags a collection without a `$jsonSchema` validator (`collection.validate: false`).
    ///
    /// ## Why is this bad?
    /// MongoDB's flexibility is not a licence for anarchy: without a validator any writer can
    /// store a misspelled field, a price as a string or an array without its cap, and every
    /// reader must defend against shapes nobody designed. An explicit `maxItems` turns "we
    /// never add more than 500 events" from a convention into a rule.
    ///
    /// ## Example
    /// `db.createCollection("actividad")` with no options.
    ///
    /// ## Use instead
    /// `db.createCollection("actividad", {validator: {$jsonSchema: {bsonType: "object",
    /// required: ["socio_id", "dia", "eventos"], properties: {...}}}})`; the exporter writes it
    /// from the model.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Validación de esquema con $jsonSchema";
    /// "Patrones de Diseño de Esquema en MongoDB", "Reglas de Validación"; MongoDB, "Schema
    /// Validation".
    pub NoValidator {
        code: "DS401",
        name: "no-validator",
        category: Validation,
        severity: Warning,
    }
}

impl Rule for NoValidator {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in cx.design.collections().iter().map(|c| c.entity).filter(|e| !e.collection.validate) {
            let mut f = Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "{collection} has no $jsonSchema validator.",
                    es: "{collection} no tiene validador $jsonSchema.",
                    pt: "{collection} não tem validador $jsonSchema.";
                    collection = &e.name
                ),
                text!(
                    en: "Without a validator any writer can store a misspelled field, a wrong type or an uncapped array, and every reader must defend against it.",
                    es: "Sin validador, cualquier escritor puede guardar un campo mal escrito, un tipo equivocado o un array sin tope, y cada lector tiene que defenderse de ello.",
                    pt: "Sem validador, qualquer escritor pode gravar um campo com nome errado, um tipo errado ou um array sem teto, e cada leitor precisa se defender disso."
                ),
                text!(
                    en: "Enable validation: required fields, bsonType, enums, ranges and maxItems from the model.",
                    es: "Activa la validación: campos obligatorios, bsonType, enums, rangos y maxItems a partir del modelo.",
                    pt: "Ative a validação: campos obrigatórios, bsonType, enums, intervalos e maxItems a partir do modelo."
                ),
            );
            f.fix = Some(Fix::EnableValidation { entity: Id::new(&e.id) });
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::i18n::Lang;

    #[test]
    fn an_unvalidated_collection_is_flagged_and_fixed() {
        let mut m = model();
        m.entities[0].collection.validate = false;
        let f = findings(&m, "DS401");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        assert!(findings(&m, "DS401").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = model();
        m.entities[0].collection.validate = false;
        let f = &findings(&m, "DS401")[0];
        let name = &m.entities[0].name;
        assert_eq!(f.message.render(Lang::Es), format!("{name} no tiene validador $jsonSchema."));
        assert_eq!(f.message.render(Lang::Pt), format!("{name} não tem validador $jsonSchema."));
        assert!(f.fix_hint.render(Lang::Es).starts_with("Activa la validación"), "{}", f.fix_hint.render(Lang::Es));
        assert!(f.why.render(Lang::Pt).contains("array sem teto"), "{}", f.why.render(Lang::Pt));
        assert!(f.fix.as_ref().is_some_and(|fix| fix.label().render(Lang::Es).contains("validador")));
    }
}
