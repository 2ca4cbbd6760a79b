use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::i18n::Arg;
use crate::model::{CopyCategory, Id, Place, Propagation, Volatility};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Finds fields copied from a parent into its children (extended reference) that are
    /// marked **live** (the copy should show the current value) but have no propagation
    /// strategy: immediate, deferred or re-read.
    ///
    /// ## Why is this bad?
    /// Every copy is a coherence responsibility. A live copy with no plan goes stale the first time
    /// the source changes: the librarian fixes a title and 47 reviews keep the old one, and nobody
    /// knows whether they should be rewritten. "Modelagem de Documentos": "the customer's name in 5
    /// collections, and billing was never updated."
    ///
    /// ## Example
    /// `resenas.material.titulo` copied from `catalogo.titulo`, category live, no propagation.
    ///
    /// ## Use instead
    /// Choose and record one: *immediate* (update the N copies in the same operation; not
    /// atomic without a transaction), *deferred* (a background job plus a reconciliation
    /// pass; the one-click fix), or *re-read* (do not trust the copy; follow the reference).
    /// If the copy should keep the value as it was (a name as signed), mark it historical.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Duplicación controlada y cómo mantenerla
    /// coherente"; "Modelagem de Documentos", "Como isso falha em produção" ("Duplicação sem plano
    /// de propagação"); MongoDB, "Data Consistency".
    pub LiveCopyWithoutPropagation {
        code: "DS103",
        name: "live-copy-without-propagation",
        category: Relations,
        severity: Warning,
    }
}

impl Rule for LiveCopyWithoutPropagation {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            let mut live =
                rel.extended.iter().filter(|c| rel.copy_category(c) == CopyCategory::Live && c.propagation.is_none());
            // A holder written once and never changed: propagating would rewrite old documents
            // (an old order's price), so the advice offers the historical category instead.
            let written_once = rel.child_changes == Volatility::Never;
            let Some(first) = live.next() else { continue };
            // Each name appears in several sentences of each finding: made once, shared.
            let (parent, child) = cx.design.end_names(rel);
            let (parent, child) = (Arg::str(parent), Arg::str(child));
            let relation = Id::new(&rel.id);
            let typical = rel.cardinality.typical;
            let counted = typical.is_finite() && typical > 0.0;
            for copy in std::iter::once(first).chain(live) {
                // The copied field's id, shared by the sentences and the fix.
                let field_id = Id::new(&copy.field);
                let field = Arg::from(&field_id);
                let target = copy.target_name();
                // Who holds the copy is part of the sentence (one template per case), not a
                // sentence of its own: no nested text to allocate.
                let message = if counted {
                    text!(
                        en: "{child}.{target} copies {parent}.{field} as a live value with no propagation plan: each change of {parent}.{field} must be written to ~{n} {child} documents",
                        es: "{child}.{target} copia {parent}.{field} como valor vivo sin plan de propagación: cada cambio de {parent}.{field} debe escribirse en ~{n} documentos de {child}",
                        pt: "{child}.{target} copia {parent}.{field} como valor vivo sem plano de propagação: cada mudança de {parent}.{field} precisa ser escrita em ~{n} documentos de {child}";
                        child = child.clone(), target, parent = parent.clone(), field = field.clone(), n = Arg::Count(typical)
                    )
                } else {
                    text!(
                        en: "{child}.{target} copies {parent}.{field} as a live value with no propagation plan (every {child} holds it)",
                        es: "{child}.{target} copia {parent}.{field} como valor vivo sin plan de propagación (la guarda cada {child})",
                        pt: "{child}.{target} copia {parent}.{field} como valor vivo sem plano de propagação (guardada em cada {child})";
                        child = child.clone(), target, parent = parent.clone(), field = field.clone()
                    )
                };
                let mut f = Self::finding(
                    Place::Relation { id: relation.clone() },
                    message,
                    text!(
                        en: "When {parent}.{field} changes, the copies keep the old value and nobody knows whether to rewrite them.",
                        es: "Cuando cambia {parent}.{field}, las copias conservan el valor viejo y nadie sabe si hay que reescribirlas.",
                        pt: "Quando {parent}.{field} muda, as cópias mantêm o valor antigo e ninguém sabe se é preciso reescrevê-las.";
                        parent = parent.clone(), field
                    ),
                    if written_once {
                        text!(
                            en: "Each {child} is written once and never changed: if the copy records the value as it was then (a price on an order line), mark it historical and never propagate it; only if it must show today's value, re-read it instead of rewriting old documents.",
                            es: "Cada {child} se escribe una vez y no cambia: si la copia registra el valor de ese momento (un precio en una línea de pedido), márcala como histórica y no la propagues nunca; solo si debe mostrar el valor de hoy, reléela en lugar de reescribir documentos antiguos.",
                            pt: "Cada {child} é escrito uma vez e não muda: se a cópia registra o valor daquele momento (um preço em uma linha de pedido), marque-a como histórica e nunca a propague; só se ela precisar mostrar o valor de hoje, releia-a em vez de reescrever documentos antigos.";
                            child = child.clone()
                        )
                    } else {
                        text!(
                            en: "If the copy records the value as it was when written (a price on an order line), mark it historical; otherwise record a propagation strategy (immediate, deferred with reconciliation, or re-read).",
                            es: "Si la copia registra el valor del momento en que se escribió (un precio en una línea de pedido), márcala como histórica; si no, registra una estrategia de propagación (inmediata, diferida con reconciliación, o relectura).",
                            pt: "Se a cópia registra o valor do momento em que foi escrita (um preço em uma linha de pedido), marque-a como histórica; senão, registre uma estratégia de propagação (imediata, adiada com reconciliação, ou releitura)."
                        )
                    },
                );
                f.fix = Some(if written_once {
                    Fix::SetCopyCategory {
                        relation: relation.clone(),
                        field: field_id,
                        category: CopyCategory::Historical,
                    }
                } else {
                    Fix::SetPropagation {
                        relation: relation.clone(),
                        field: field_id,
                        propagation: Propagation::Deferred,
                    }
                });
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::model::{CopiedField, CopyCategory, Propagation, Storage};

    fn copy(category: CopyCategory, propagation: Option<Propagation>) -> CopiedField {
        CopiedField {
            field: "title".into(),
            as_field: None,
            category: Some(category),
            propagation,
            used_to_decide: false,
        }
    }

    #[test]
    fn a_live_copy_with_no_plan_triggers_with_a_deferred_fix() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].extended = vec![copy(CopyCategory::Live, None)];
        let f = findings(&m, "DS103");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("comments.title copies posts.title"), "{}", f[0].message);
        let mut fixed = m.clone();
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut fixed)));
        assert_eq!(fixed.relations[0].extended[0].propagation, Some(Propagation::Deferred));
        assert!(findings(&fixed, "DS103").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese_with_local_figures() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 1440.5, None);
        m.relations[0].extended = vec![copy(CopyCategory::Live, None)];
        let f = findings(&m, "DS103");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "comments.title copies posts.title as a live value with no propagation plan: each change of posts.title must be written to ~1,441 comments documents"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "comments.title copia posts.title como valor vivo sin plan de propagación: cada cambio de posts.title debe escribirse en ~1.441 documentos de comments"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "comments.title copia posts.title como valor vivo sem plano de propagação: cada mudança de posts.title precisa ser escrita em ~1.441 documentos de comments"
        );
        assert!(f[0].why.render(Lang::Es).starts_with("Cuando cambia posts.title, las copias"));
        assert!(f[0]
            .fix_hint
            .render(Lang::Pt)
            .starts_with("Se a cópia registra o valor do momento em que foi escrita"));
    }

    #[test]
    fn with_no_typical_count_every_child_holds_the_copy() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 0.0, None);
        m.relations[0].extended = vec![copy(CopyCategory::Live, None)];
        let f = findings(&m, "DS103");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().ends_with("no propagation plan (every comments holds it)"), "{}", f[0].message);
        assert!(f[0].message.render(Lang::Es).ends_with("sin plan de propagación (la guarda cada comments)"));
        assert!(f[0].message.render(Lang::Pt).ends_with("sem plano de propagação (guardada em cada comments)"));
    }

    #[test]
    fn a_copy_in_children_written_once_is_historical_and_never_propagated() {
        use crate::model::Volatility;
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].child_changes = Volatility::Never;
        // Not stated: inferred historical, nothing to report.
        m.relations[0].extended = vec![CopiedField { category: None, ..copy(CopyCategory::Live, None) }];
        assert!(findings(&m, "DS103").is_empty());
        // Stated live: the finding offers the historical category, never a propagation.
        m.relations[0].extended = vec![copy(CopyCategory::Live, None)];
        let f = findings(&m, "DS103");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix_hint.en().contains("mark it historical and never propagate"), "{}", f[0].fix_hint);
        assert!(matches!(
            f[0].fix,
            Some(crate::advisor::Fix::SetCopyCategory { category: CopyCategory::Historical, .. })
        ));
        let mut fixed = m.clone();
        assert!(f[0].fix.as_ref().is_some_and(|fix| fix.apply(&mut fixed)));
        assert_eq!(fixed.relations[0].extended[0].category, Some(CopyCategory::Historical));
        assert!(findings(&fixed, "DS103").is_empty());
        // A holder that changes, category not stated: live by default, flagged as before.
        m.relations[0].child_changes = Volatility::Rarely;
        m.relations[0].extended[0].category = None;
        let f = findings(&m, "DS103");
        assert!(matches!(f[0].fix, Some(crate::advisor::Fix::SetPropagation { .. })), "{f:?}");
        assert!(f[0].fix_hint.en().starts_with("If the copy records the value as it was when written"));
    }

    #[test]
    fn historical_immutable_and_planned_copies_pass() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.relations[0].extended = vec![
            copy(CopyCategory::Historical, None),
            copy(CopyCategory::Immutable, None),
            copy(CopyCategory::Live, Some(Propagation::Reread)),
        ];
        assert!(findings(&m, "DS103").is_empty());
    }
}
