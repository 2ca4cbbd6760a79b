use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::Place;

declare_rule! {
    /// ## What it does
    /// Flags a design with more collections than `thresholds.maxCollections` (100, Atlas'
    /// flag).
    ///
    /// ## Why is this bad?
    /// Each collection has its own files, `_id` index and cache footprint; hundreds of them
    /// usually mean a relational schema translated table by table (every read stitched with
    /// `$lookup`), or one collection per tenant or per period where a field would do.
    ///
    /// ## Example
    /// `orders_2024_01`, `orders_2024_02`, ... one collection per month.
    ///
    /// ## Use instead
    /// Embed what is read together, put the tenant or period in a field (with an index or a
    /// TTL), and keep separate collections for separate aggregates.
    ///
    /// ## References
    /// Atlas schema advisor ("Reduce the Number of Collections"); DOMAIN.md §4.
    pub TooManyCollections {
        code: "DS308",
        name: "too-many-collections",
        category: AntiPattern,
        severity: Warning,
    }
}

impl Rule for TooManyCollections {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let n = cx.report.sizes.len();
        let max = cx.model.thresholds.max_collections as usize;
        if n > max {
            out.push(Self::finding(
                Place::Model,
                format!("The design has {n} collections, over the {max} Atlas flags."),
                "Each collection carries its own files, _id index and cache; hundreds of them usually mean a relational schema stitched with $lookup, or data split by tenant or period.",
                "Embed what is read together and keep tenants or periods in a field, not in the collection name.",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};

    #[test]
    fn more_than_the_limit_is_flagged() {
        let mut m = model();
        m.thresholds.max_collections = 3;
        for i in 0..3 {
            m.entities.push(collection(&format!("e{i}"), &format!("c{i}")));
        }
        let f = findings(&m, "DS308");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("4 collections"), "{}", f[0].message);
        m.entities.pop();
        assert!(findings(&m, "DS308").is_empty());
    }
}
