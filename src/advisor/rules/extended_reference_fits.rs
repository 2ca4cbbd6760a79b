use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta};
use crate::declare_rule;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the extended reference where it fits and is not used yet: the child is
    /// rightly referenced, but a read that starts at the child shows fields of its parent,
    /// so the few stable, displayed ones should be copied beside the reference.
    ///
    /// ## Why is this bad?
    /// Referencing is correct, but then every list of children needs a second query (or a
    /// `$lookup`) to paint four fields of the parent: the most common cost of a document
    /// design that stopped half way.
    ///
    /// ## Example
    /// `pedidos` with `cliente_id` only, while the order list shows the customer's name.
    ///
    /// ## Use instead
    /// `cliente: { _id, nome }` in each order. Copy what is stable and displayed (title,
    /// type, a name), never what is long or volatile (a synopsis, available copies), and mark
    /// each copy immutable, historical or live (with its propagation).
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: referencia extendida"; "Modelagem de
    /// Documentos", "Extended reference"; MongoDB, "Building with Patterns: The Extended Reference
    /// Pattern".
    pub ExtendedReferenceFits {
        code: "DS503",
        name: "extended-reference-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for ExtendedReferenceFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::ExtendedReference && !p.in_use) {
            out.push(Self::finding(
                p.place.clone(),
                text!(
                    en: "the extended reference fits: {change}",
                    es: "encaja la referencia extendida: {change}",
                    pt: "a referência estendida se encaixa: {change}";
                    change = p.change.clone()
                ),
                text!(
                    en: "The child's views show parent fields that only the parent holds: each one costs a second read or a $lookup.",
                    es: "Las vistas del hijo muestran campos que solo tiene el padre: cada una cuesta una segunda lectura o un $lookup.",
                    pt: "As telas do filho mostram campos que só o pai tem: cada uma custa uma segunda leitura ou um $lookup."
                ),
                text!(
                    en: "Add the copied fields to the relation, each with its category (immutable, historical, live) and, if live, its propagation.",
                    es: "Añade los campos copiados a la relación, cada uno con su categoría (inmutable, histórico, vivo) y, si es vivo, su propagación.",
                    pt: "Adicione os campos copiados à relação, cada um com sua categoria (imutável, histórico, vivo) e, se for vivo, sua propagação."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, read};
    use crate::i18n::Lang;
    use crate::model::{CopiedField, CopyCategory, Storage};

    #[test]
    fn a_child_view_showing_parent_fields_wants_the_copy() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.queries.push(read("L", "comment", &["post"], 120.0));
        let f = findings(&m, "DS503");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("copy title of posts"), "{}", f[0].message);
    }

    #[test]
    fn existing_copies_pass() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.relations[0].extended = vec![CopiedField {
            field: "title".into(),
            as_field: None,
            category: Some(CopyCategory::Historical),
            propagation: None,
            used_to_decide: false,
        }];
        m.queries.push(read("L", "comment", &["post"], 120.0));
        assert!(findings(&m, "DS503").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.queries.push(read("L", "comment", &["post"], 120.0));
        m.queries.push(read("M", "comment", &["post"], 60.0));
        let f = &findings(&m, "DS503")[0];
        assert_eq!(
            f.message.render(Lang::Es),
            "encaja la referencia extendida: copia title de posts en cada documento de comments junto a la referencia, \
             en lugar de un $lookup en L y M; marca cada copia como histórica (el valor tal como era al escribirla), inmutable o viva"
        );
        assert!(f.message.render(Lang::Pt).contains("em vez de um $lookup em L e M"), "{}", f.message.render(Lang::Pt));
        assert!(f.message.en().contains("instead of a $lookup in L and M"), "{}", f.message);
    }
}
