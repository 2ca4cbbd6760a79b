use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::i18n::Arg;
use crate::model::{CopyCategory, Id, Place, Propagation};
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
            let mut live = rel.extended.iter().filter(|c| c.category == CopyCategory::Live && c.propagation.is_none());
            let Some(first) = live.next() else { continue };
            // Each name appears in several sentences of each finding: kept inline when short,
            // shared when long, never copied into a new string.
            let (parent, child) = cx.end_names(rel);
            let (parent, child) = (Arg::str(parent), Arg::str(child));
            let typical = rel.cardinality.typical;
            let counted = typical.is_finite() && typical > 0.0;
            for copy in std::iter::once(first).chain(live) {
                let field = Arg::str(&copy.field);
                let target = copy.target_name();
                // Who holds the copy is part of the sentence (one template per case), not a
                // sentence of its own: no nested text to allocate.
                let message = if counted {
                    text!(
                        en: "{child}.{target} copies {parent}.{field} as a live value with no propagation plan (~{n} {child} per {parent} hold it)",
                        es: "{child}.{target} copia {parent}.{field} como valor vivo sin plan de propagación (la guardan ~{n} {child} por cada {parent})",
                        pt: "{child}.{target} copia {parent}.{field} como valor vivo sem plano de propagação (guardada por ~{n} {child} por {parent})";
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
                    Place::Relation { id: Id::new(&rel.id) },
                    message,
                    text!(
                        en: "When {parent}.{field} changes, the copies keep the old value and nobody knows whether to rewrite them.",
                        es: "Cuando cambia {parent}.{field}, las copias conservan el valor viejo y nadie sabe si hay que reescribirlas.",
                        pt: "Quando {parent}.{field} muda, as cópias mantêm o valor antigo e ninguém sabe se é preciso reescrevê-las.";
                        parent = parent.clone(), field
                    ),
                    text!(
                        en: "Record a propagation strategy (immediate, deferred with reconciliation, or re-read), or mark the copy historical if the old value is the right one.",
                        es: "Registra una estrategia de propagación (inmediata, diferida con reconciliación, o relectura), o marca la copia como histórica si el valor viejo es el correcto.",
                        pt: "Registre uma estratégia de propagação (imediata, adiada com reconciliação, ou releitura), ou marque a cópia como histórica se o valor antigo for o correto."
                    ),
                );
                f.fix = Some(Fix::SetPropagation {
                    relation: Id::new(&rel.id),
                    field: Id::new(&copy.field),
                    propagation: Propagation::Deferred,
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
        CopiedField { field: "title".into(), as_field: None, category, propagation, used_to_decide: false }
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
            "comments.title copies posts.title as a live value with no propagation plan (~1,441 comments per posts hold it)"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "comments.title copia posts.title como valor vivo sin plan de propagación (la guardan ~1.441 comments por cada posts)"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "comments.title copia posts.title como valor vivo sem plano de propagação (guardada por ~1.441 comments por posts)"
        );
        assert!(f[0].why.render(Lang::Es).starts_with("Cuando cambia posts.title, las copias"));
        assert!(f[0].fix_hint.render(Lang::Pt).starts_with("Registre uma estratégia de propagação"));
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
