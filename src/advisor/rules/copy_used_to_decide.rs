use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{CopyCategory, Id, Place, Propagation};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Finds copied fields marked `usedToDecide` (price, stock, availability: the application
    /// takes a business decision from them) whose category is **live** and which are not
    /// re-read from the source.
    ///
    /// It is an **error**, not a warning: a stale copy used to decide produces wrong
    /// outcomes (a sale of stock that is gone, a loan of a copy that is out), not merely a
    /// stale screen, and no propagation strategy short of re-reading closes the window.
    /// Historical copies (the price on an invoice line) and immutable ones are exempt: there
    /// the copy *is* the correct value.
    ///
    /// ## Why is this bad?
    /// The golden rule of the BiblioRed lesson on document modelling: "duplicate what is displayed,
    /// never what is used to decide". Copies converge late (deferred) or not atomically
    /// (immediate); a decision taken in that window is taken from a value that is no longer true.
    ///
    /// ## Example
    /// `pedidos.itens.estoque` copied from the product and checked before confirming a sale;
    /// `catalogo.disponibilidad` used to accept a reservation.
    ///
    /// ## Use instead
    /// Decide from the source (re-read it, ideally with a conditional update such as
    /// `updateOne({_id, stock: {$gte: 2}}, {$inc: {stock: -2}})`) and keep the copy for display
    /// only; or mark the copy historical if it is the value agreed at that moment.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Duplicación controlada y cómo mantenerla
    /// coherente" ("Regla de oro"); the course lesson on access patterns (conditional updates for
    /// preconditions); MongoDB, "Data Consistency".
    pub CopyUsedToDecide {
        code: "DS104",
        name: "copy-used-to-decide",
        category: Relations,
        severity: Error,
    }
}

impl Rule for CopyUsedToDecide {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            let mut deciding = rel.extended.iter().filter(|c| {
                c.used_to_decide
                    && rel.copy_category(c) == CopyCategory::Live
                    && c.propagation != Some(Propagation::Reread)
            });
            // Most relations copy nothing the application decides from: their ends are not named.
            let Some(first) = deciding.next() else { continue };
            let (parent, child) = cx.design.end_names(rel);
            for copy in std::iter::once(first).chain(deciding) {
                let field = &copy.field;
                let mut f = Self::finding(
                    Place::Relation { id: Id::new(&rel.id) },
                    text!(
                        en: "{child}.{target} is a live copy of {parent}.{field} and the application decides from it",
                        es: "{child}.{target} es una copia viva de {parent}.{field} y la aplicación decide a partir de ella",
                        pt: "{child}.{target} é uma cópia viva de {parent}.{field} e a aplicação decide a partir dela";
                        child, target = copy.target_name(), parent, field
                    ),
                    text!(
                        en: "Duplicate what is displayed, never what is used to decide: a copy converges late or not atomically, and a decision taken in that window is wrong.",
                        es: "Duplica lo que se muestra, nunca lo que se usa para decidir: una copia converge tarde o no de forma atómica, y una decisión tomada en esa ventana es errónea.",
                        pt: "Duplique o que é exibido, nunca o que é usado para decidir: uma cópia converge tarde ou sem atomicidade, e uma decisão tomada nessa janela está errada."
                    ),
                    text!(
                        en: "Decide from {parent}.{field} itself (re-read it, with a conditional update) and keep the copy for display only.",
                        es: "Decide a partir del propio {parent}.{field} (reléelo, con una actualización condicional) y deja la copia solo para mostrar.",
                        pt: "Decida a partir do próprio {parent}.{field} (releia-o, com uma atualização condicional) e mantenha a cópia só para exibição.";
                        parent, field
                    ),
                );
                f.fix = Some(Fix::SetPropagation {
                    relation: Id::new(&rel.id),
                    field: Id::new(&copy.field),
                    propagation: Propagation::Reread,
                });
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::advisor::Severity;
    use crate::model::{CopiedField, CopyCategory, Propagation, Storage};

    fn stock(category: CopyCategory, propagation: Option<Propagation>) -> CopiedField {
        CopiedField {
            field: "stock".into(),
            as_field: None,
            category: Some(category),
            propagation,
            used_to_decide: true,
        }
    }

    #[test]
    fn deciding_from_a_live_copy_is_an_error() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].extended = vec![stock(CopyCategory::Live, Some(Propagation::Deferred))];
        let f = findings(&m, "DS104");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Error);
        assert!(f[0].why.contains("never what is used to decide"));
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 20.0, None);
        let mut copy = stock(CopyCategory::Live, None);
        copy.as_field = Some("stock_seen".into());
        m.relations[0].extended = vec![copy];
        let f = findings(&m, "DS104");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "comments.stock_seen is a live copy of posts.stock and the application decides from it"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "comments.stock_seen es una copia viva de posts.stock y la aplicación decide a partir de ella"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "comments.stock_seen é uma cópia viva de posts.stock e a aplicação decide a partir dela"
        );
        assert!(f[0].why.render(Lang::Es).starts_with("Duplica lo que se muestra, nunca lo que se usa para decidir"));
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Decida a partir do próprio posts.stock (releia-o, com uma atualização condicional) e mantenha a cópia só para exibição."
        );
    }

    #[test]
    fn historical_or_reread_copies_may_decide() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].extended =
            vec![stock(CopyCategory::Historical, None), stock(CopyCategory::Live, Some(Propagation::Reread))];
        assert!(findings(&m, "DS104").is_empty());
    }
}
