use super::outlier_misapplied::outlier_misapplied;
use super::unbounded_array::embeds_unbounded;
use crate::advisor::relations::{expected_storage, storage_agrees};
use crate::advisor::{Context, Finding, Fix, Recommendation, RelationAdvice, Rule, RuleMeta};
use crate::declare_rule;
use crate::i18n::{Labelled, Text};
use crate::model::{Id, Place, Relation, Storage};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Compares each relation's storage (embed, reference, bucket, outside) with the storage
    /// the six criteria recommend, and reports the relations where they differ, with the
    /// recommendation's one-sentence reason and the one-step change that makes them agree.
    ///
    /// Missing copies on a storage that does agree (a reference that wants a subset or an
    /// extended reference) are left to the pattern findings (DS501, DS503); an embedding with
    /// no bound is left to DS101 and a misapplied outlier pattern to DS107, so each problem is
    /// reported once.
    ///
    /// ## Why is this bad?
    /// The storage choice is the decision that is hardest to undo once data exists: an
    /// embedded child that should have its own collection grows or gets read apart; a
    /// referenced child that belongs inside its parent costs a second read (or a `$lookup`)
    /// on every view and loses the single-document atomicity it needed.
    ///
    /// ## Example
    /// Order items in their own collection, stitched back with `$lookup` on every order page,
    /// although an order has 3 items typically and at most 200, never read alone, and they
    /// must change with the order's total.
    ///
    /// ## Use instead
    /// Apply the recommended storage (the finding carries it as a one-click fix), then add the
    /// copies it names (subset, extended reference, computed values).
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "La decisión central: embeber o referenciar" and
    /// "Uno a pocos, uno a muchos, uno a muchísimos"; "Modelagem de Documentos", "Embutir ou
    /// referenciar"; MongoDB, "Model One-to-Many Relationships with Embedded Documents" and "Model
    /// One-to-Many Relationships with Document References"; "6 Rules of Thumb for MongoDB Schema
    /// Design".
    pub StorageDisagrees {
        code: "DS102",
        name: "storage-disagrees",
        category: Relations,
        severity: Warning,
    }
}

impl Rule for StorageDisagrees {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            let Some((advice, to)) = disagrees(cx, rel) else { continue };
            // A bucket of measurements that fit a time series collection: DS507 proposes the
            // collection the server buckets itself, not a hand-made bucket.
            let child = cx.design.entity(&rel.child);
            if to == Storage::Bucket && child.is_some_and(|e| super::time_series_fits::fits(cx, e)) {
                continue;
            }
            let parent_entity = cx.design.ends(rel).0;
            let (parent, child) = cx.design.end_names(rel);
            let mut f = Self::finding(
                Place::Relation { id: Id::new(&rel.id) },
                text!(
                    en: "{parent} → {child} is stored as {storage}, but the criteria recommend {recommendation}",
                    es: "el almacenamiento de {parent} → {child} es «{storage}», pero los criterios recomiendan «{recommendation}»",
                    pt: "o armazenamento de {parent} → {child} é \"{storage}\", mas os critérios recomendam \"{recommendation}\"";
                    parent, child, storage = rel.storage.msg(), recommendation = advice.recommendation.msg()
                ),
                advice.summary().clone(),
                change_to(to, advice.recommendation, rel),
            );
            let embed_into_nothing = to == Storage::Embed && parent_entity.is_none();
            if !embed_into_nothing {
                f.fix = Some(Fix::SetStorage { relation: Id::new(&rel.id), storage: to });
            }
            out.push(f);
        }
    }
}

/// Where this rule reports `rel`: its advice and the storage the criteria recommend instead of
/// the designer's. Also read by DS105 and DS106, which name a recommended embedding first.
pub(crate) fn disagrees<'a>(cx: &Context<'a>, rel: &Relation) -> Option<(&'a RelationAdvice, Storage)> {
    let advice = cx.advice(&rel.id)?;
    // Agreeing without an external child is agreeing (an external child only adds a way to
    // agree): the ends are looked up for the few that do not.
    if storage_agrees(rel, advice.recommendation, false) {
        return None;
    }
    let child_external = cx.design.ends(rel).1.is_some_and(|e| e.is_external());
    if storage_agrees(rel, advice.recommendation, child_external) {
        return None;
    }
    if embeds_unbounded(cx, rel).is_some() || outlier_misapplied(cx, rel).is_some() {
        return None;
    }
    Some((advice, expected_storage(advice.recommendation)))
}

/// The one-step change: the storage to set, and what to do next for the recommendation.
fn change_to(to: Storage, recommendation: Recommendation, rel: &Relation) -> Text {
    let storage = to.msg();
    match recommendation {
        Recommendation::ReferenceWithSubset => text!(
            en: "Change the storage to {storage}, then keep the subset the parent's view shows.",
            es: "Cambia el almacenamiento a «{storage}» y después guarda el subconjunto que muestra la vista del padre.",
            pt: "Mude o armazenamento para \"{storage}\" e depois guarde o subconjunto que a tela do pai mostra.";
            storage
        ),
        Recommendation::ExtendedReference => text!(
            en: "Change the storage to {storage}, then copy the few displayed fields beside the reference.",
            es: "Cambia el almacenamiento a «{storage}» y después copia junto a la referencia los pocos campos que se muestran.",
            pt: "Mude o armazenamento para \"{storage}\" e depois copie ao lado da referência os poucos campos exibidos.";
            storage
        ),
        Recommendation::Bucket => text!(
            en: "Change the storage to {storage}, with a capped bucket per parent and period.",
            es: "Cambia el almacenamiento a «{storage}», con un contenedor con tope por padre y periodo.",
            pt: "Mude o armazenamento para \"{storage}\", com um bucket com teto por pai e período.";
            storage
        ),
        Recommendation::Embed | Recommendation::EmbedWatchBound if rel.field.is_empty() => text!(
            en: "Change the storage to {storage}, naming the field of the parent that holds it.",
            es: "Cambia el almacenamiento a «{storage}», indicando el campo del padre que lo contiene.",
            pt: "Mude o armazenamento para \"{storage}\", indicando o campo do pai que o contém.";
            storage
        ),
        _ => text!(
            en: "Change the storage to {storage}.",
            es: "Cambia el almacenamiento a «{storage}».",
            pt: "Mude o armazenamento para \"{storage}\".";
            storage
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::advisor::{analyze, Fix, Recommendation};
    use crate::model::{Place, Storage};

    #[test]
    fn a_referenced_one_to_few_child_read_with_its_parent_triggers_with_the_fix() {
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.relations[0].atomic_with_parent = true;
        let f = findings(&m, "DS102");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Relation { id: "r".into() });
        assert!(
            f[0].message.contains("stored as reference") && f[0].message.contains("recommend embed"),
            "{}",
            f[0].message
        );
        assert!(f[0].why.contains("atomicity decides"), "{}", f[0].why);
        let fix = f[0].fix.clone().expect("a one-step fix");
        assert_eq!(fix, Fix::SetStorage { relation: "r".into(), storage: Storage::Embed });
        let mut fixed = m.clone();
        assert!(fix.apply(&mut fixed));
        assert_eq!(analyze(&fixed).relation("r").map(|a| a.agrees), Some(true));
        assert!(findings(&fixed, "DS102").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.relations[0].atomic_with_parent = true;
        m.relations[0].field.clear();
        let f = findings(&m, "DS102");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "el almacenamiento de posts → comments es «referenciar», pero los criterios recomiendan «embeber»"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "o armazenamento de posts → comments é \"referenciar\", mas os critérios recomendam \"embutir\""
        );
        assert_eq!(f[0].fix_hint.en(), "Change the storage to embed, naming the field of the parent that holds it.");
        assert_eq!(
            f[0].fix_hint.render(Lang::Es),
            "Cambia el almacenamiento a «embeber», indicando el campo del padre que lo contiene."
        );
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Mude o armazenamento para \"embutir\", indicando o campo do pai que o contém."
        );
    }

    #[test]
    fn agreeing_storage_passes() {
        let m = parent_child(Storage::Embed, 3.0, Some(10));
        assert_eq!(analyze(&m).relation("r").map(|a| a.recommendation), Some(Recommendation::Embed));
        assert!(findings(&m, "DS102").is_empty());
    }

    #[test]
    fn unbounded_embedding_is_left_to_ds101() {
        let m = parent_child(Storage::Embed, 30.0, None);
        assert!(findings(&m, "DS102").is_empty());
        assert_eq!(findings(&m, "DS101").len(), 1);
    }
}
