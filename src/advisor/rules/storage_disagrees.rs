use super::outlier_misapplied::outlier_misapplied;
use super::unbounded_array::embeds_unbounded;
use crate::advisor::relations::{expected_storage, storage_agrees};
use crate::advisor::{Context, Finding, Fix, Recommendation, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::{Place, Storage};

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
    /// Seed 001 §3-§4 (six criteria, cardinality classes); seed 004 "Embutir ou referenciar".
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
            let Some(advice) = cx.advice(&rel.id) else { continue };
            let child_external = cx.entity(&rel.child).is_some_and(|e| e.is_external());
            if storage_agrees(rel, advice.recommendation, child_external) {
                continue;
            }
            if embeds_unbounded(cx, rel).is_some() || outlier_misapplied(cx, rel).is_some() {
                continue;
            }
            let to = expected_storage(advice.recommendation);
            let (parent, child) = cx.end_names(rel);
            let then = match advice.recommendation {
                Recommendation::ReferenceWithSubset => ", then keep the subset the parent's view shows",
                Recommendation::ExtendedReference => ", then copy the few displayed fields beside the reference",
                Recommendation::Bucket => ", with a capped bucket per parent and period",
                Recommendation::Embed | Recommendation::EmbedWatchBound if rel.field.is_empty() => {
                    ", naming the field of the parent that holds it"
                }
                _ => "",
            };
            let mut f = Self::finding(
                Place::Relation { id: rel.id.clone() },
                format!(
                    "{parent} → {child} is stored as {}, but the criteria recommend {}",
                    rel.storage.label(),
                    advice.recommendation.label()
                ),
                advice.summary.clone(),
                format!("Change the storage to {}{then}.", to.label()),
            );
            let embed_into_nothing = to == Storage::Embed && cx.entity(&rel.parent).is_none();
            if !embed_into_nothing {
                f.fix = Some(Fix::SetStorage { relation: rel.id.clone(), storage: to });
            }
            out.push(f);
        }
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
