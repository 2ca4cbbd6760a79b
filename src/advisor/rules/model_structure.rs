use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::check_structure_with;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Reports what makes the model itself inconsistent: an id used twice, a relation or
    /// query that names an entity that does not exist, an embedding cycle, a sub-document
    /// embedded by two parents, a field or collection name MongoDB refuses (empty,
    /// `$`-prefixed, containing NUL or `.`), or a number that cannot be (negative counts).
    ///
    /// ## Why is this bad?
    /// MongoDB rejects documents with such names, and the advisor cannot judge a relation
    /// whose ends do not exist. Every other finding assumes a well-formed model.
    ///
    /// ## Example
    /// A field named `$price`, or a relation whose child was deleted.
    ///
    /// ## Use instead
    /// Rename the field (`price`), reconnect or delete the relation.
    ///
    /// ## References
    /// MongoDB manual, "Field Names" and "Naming Restrictions".
    pub ModelStructure {
        code: "DS001",
        name: "model-structure",
        category: Structure,
        severity: Error,
    }
}

impl Rule for ModelStructure {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for problem in check_structure_with(cx.design.ids()) {
            out.push(Self::finding(
                problem.place,
                problem.message,
                text!(
                    en: "MongoDB would refuse this, or the advisor cannot judge it.",
                    es: "MongoDB lo rechazaría, o el asesor no puede juzgarlo.",
                    pt: "O MongoDB recusaria isto, ou o assistente não consegue avaliá-lo."
                ),
                text!(
                    en: "Fix the element named; the other findings assume a well-formed model.",
                    es: "Corrige el elemento indicado; los demás hallazgos suponen un modelo bien formado.",
                    pt: "Corrija o elemento indicado; os demais achados pressupõem um modelo bem formado."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::analyze;
    use crate::model::{BsonType, Entity, Field, Model};

    #[test]
    fn forbidden_field_name_is_an_error_finding() {
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields.push(Field::new("$bad", BsonType::String));
        m.entities.push(e);
        let report = analyze(&m);
        assert!(report.findings.iter().any(|f| f.code == "DS001" && f.message.contains("$bad")));
        assert!(report.has_errors());
    }

    #[test]
    fn structural_findings_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        use crate::model::{Relation, Storage};
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields.push(Field::new("a.b", BsonType::String));
        m.entities.push(e);
        let mut r = Relation::new("r", "u", "ghost", Storage::Reference);
        r.cardinality.typical = 1500.0;
        r.cardinality.max = Some(1200);
        m.relations.push(r);
        let report = analyze(&m);
        let ds001: Vec<_> = report.findings.iter().filter(|f| f.code == "DS001").collect();
        let dotted = ds001.iter().find(|f| f.message.contains("a.b")).expect("the dotted name is reported");
        assert_eq!(
            dotted.message.render(Lang::Es),
            "el nombre de campo \"a.b\" contiene '.', que las consultas leen como una ruta dentro de un subdocumento"
        );
        assert!(dotted.fix_hint.render(Lang::Pt).starts_with("Corrija o elemento indicado"));
        let ghost = ds001.iter().find(|f| f.message.contains("ghost")).expect("the dangling child is reported");
        assert_eq!(ghost.message.render(Lang::Pt), "seu filho \"ghost\" não existe");
        let above = ds001.iter().find(|f| f.message.contains("above the maximum")).expect("typical above max");
        assert_eq!(above.message.render(Lang::Es), "los hijos típicos (1500) superan el máximo (1200)");
        for f in &ds001 {
            assert!(f.message.is_translated() && f.message.check().is_ok(), "{}", f.message);
            assert_ne!(f.why.render(Lang::Es), f.why.en());
        }
    }
}
