use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta};
use crate::declare_rule;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the polymorphic pattern where it fits and is not used yet: a read starts at
    /// one collection and needs others whose documents share most of its fields (at least 3
    /// fields of the same name and type, 60% of the larger one's), none of them already told
    /// apart by a type field.
    ///
    /// ## Why is this bad?
    /// Documents of one shape split over several collections make the read that needs them
    /// together run one query per collection (or a `$unionWith`), each collection with its own
    /// copy of the same indexes, and every new variant adds a collection and another query.
    ///
    /// ## Example
    /// `auto_policies` and `home_policies`, both with `customer_id`, `policy_no` and
    /// `premium`, and a single view of a customer's policies that reads both.
    ///
    /// ## Use instead
    /// One `policies` collection whose documents carry a type field (`tipo: "auto"`), each
    /// variant with its own fields beside the shared ones, and one index on the shared fields
    /// that serves the single view.
    ///
    /// ## References
    /// MongoDB, "Building with Patterns: The Polymorphic Pattern".
    pub PolymorphicFits {
        code: "DS506",
        name: "polymorphic-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for PolymorphicFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::Polymorphic && !p.in_use) {
            out.push(Self::finding(
                p.place.clone(),
                text!(
                    en: "the polymorphic pattern fits: {change}",
                    es: "encaja el patrón polimórfico: {change}",
                    pt: "o padrão polimórfico se encaixa: {change}";
                    change = p.change.clone()
                ),
                text!(
                    en: "Documents of one shape kept in several collections make the read that needs them together run one query per collection, each with its own copy of the same indexes.",
                    es: "Documentos de una misma forma repartidos en varias colecciones obligan a la lectura que los necesita juntos a hacer una consulta por colección, cada una con su propia copia de los mismos índices.",
                    pt: "Documentos de um mesmo formato espalhados em várias coleções obrigam a leitura que precisa deles juntos a fazer uma consulta por coleção, cada uma com sua própria cópia dos mesmos índices."
                ),
                text!(
                    en: "Merge them into one collection with a type field (the discriminator), each variant keeping its own fields, and index the shared ones once.",
                    es: "Únelas en una sola colección con un campo de tipo (el discriminador), cada variante con sus propios campos, e indexa una sola vez los campos comunes.",
                    pt: "Junte-as em uma só coleção com um campo de tipo (o discriminador), cada variante com seus próprios campos, e indexe uma só vez os campos comuns."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::{collection, findings, model};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BsonType, Field, Model, Place};

    /// Car and home policies of one shape, and a read of `auto` touching `home` if `together`.
    fn policies(together: bool) -> Model {
        let mut m = model();
        for (id, extra) in [("auto", "plate"), ("home", "address")] {
            let mut e = collection(id, &format!("{id}_policies"));
            for name in ["customer_id", "policy_no", "premium", extra] {
                e.fields.push(Field::new(name, BsonType::String));
            }
            m.entities.push(e);
        }
        let mut q = AccessPattern::new("V", "single view", "auto");
        if together {
            q.touches = vec!["home".into()];
        }
        m.queries.push(q);
        m
    }

    #[test]
    fn collections_of_one_shape_read_together_want_one_collection() {
        let f = findings(&policies(true), "DS506");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Entity { id: "auto".into() });
        let message = f[0].message.en();
        assert!(
            message.starts_with(
                "the polymorphic pattern fits: auto_policies and home_policies share most of their fields"
            ),
            "{message}"
        );
        assert!(f[0].fix_hint.en().contains("type field"));
    }

    #[test]
    fn collections_read_apart_or_already_one_pass() {
        assert!(findings(&policies(false), "DS506").is_empty(), "nothing reads them together");
        let mut m = policies(true);
        m.entities[1].collection.discriminator = Some("tipo".into());
        assert!(findings(&m, "DS506").is_empty(), "already told apart by a type field");
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let f = &findings(&policies(true), "DS506")[0];
        let es = f.message.render(Lang::Es);
        assert!(es.starts_with("encaja el patrón polimórfico: auto_policies y home_policies comparten"), "{es}");
        let pt = f.message.render(Lang::Pt);
        assert!(pt.starts_with("o padrão polimórfico se encaixa: auto_policies e home_policies compartilham"), "{pt}");
        assert!(f.fix_hint.render(Lang::Es).contains("discriminador"));
    }
}
