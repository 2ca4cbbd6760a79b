use crate::advisor::scale::texts::{advice_summary, limit, when};
use crate::advisor::scale::{key_doc, ScaleFigures, ShardAdvice};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Projects each collection's data (documents × their average size), index entries and
    /// working set (every index plus `thresholds.workingSetShare`, 10%, of the data) and its
    /// writes a second, now and at the growth horizon (`collection.documents` plus
    /// `growthPerDay`, capped by a TTL), and flags a collection that one replica set will not
    /// hold by the horizon: data over `thresholds.replicaSetDataBytes` (2 TB), a working set
    /// over the RAM of one node of `thresholds.clusterTier` (M60: 64 GB), or writes over
    /// `thresholds.primaryWritesPerSecond` (5,000). The finding names the shard key the
    /// advisor recommends: candidates from the fields the frequent access patterns pin by
    /// equality, the tenant field (`role: "tenant"`), a time series' `metaField` and `_id`
    /// (ranged, hashed, or followed by `_id`), each judged by six criteria: cardinality,
    /// frequency (a value holding more than a 128 MiB chunk cannot split), monotonic growth,
    /// the share of reads and of writes that reach one shard (weighted by `perMinute`), and
    /// the balance of data and inserts on the shards the collection needs (at most
    /// `thresholds.shardBalance`, 1.3). It lists the patterns that go to every shard, the
    /// unique indexes that would have to start with the key, and the zones a region or tenant
    /// field allows. A collection whose design states a valid `shardKey` is left to DS207. A
    /// time series collection is counted as MongoDB stores it: its indexes hold one entry per
    /// bucket (what one `metaField` value writes within a bucket's span, at most 1,000
    /// measurements), and its data is divided by `thresholds.timeSeriesCompression` (4).
    ///
    /// ## Why is this bad?
    /// Past what one replica set holds, every query competes for one node's RAM and disk, and
    /// one primary takes every write. Sharding a system already over capacity is hard, and the
    /// key decides, for the collection's life, which queries reach one shard and which reach
    /// them all: changing it later rewrites the whole collection (`reshardCollection`).
    ///
    /// ## Example
    /// 2 billion orders growing by 2 million a day, read by customer 30,000 times a minute:
    /// a working set of 288 GB already, for a 64 GB node.
    ///
    /// ## Use instead
    /// Shard the collection on the recommended key (`sh.shardCollection`, in the exported
    /// mongosh script), and check the key with `docshape shard MODEL.json`, which places
    /// generated documents on the shards. Or state the key the team chose in the collection's
    /// `shardKey`, and the advisor checks it (DS206, DS207).
    ///
    /// ## References
    /// MongoDB, "Sharded Cluster Requirements", "Choose a Shard Key", "Hashed Sharding",
    /// "Ranged Sharding", "Zones", "Shard Key Indexes", "Data Partitioning with Chunks",
    /// "Time Series", "Time Series Compression";
    /// MongoDB Atlas, "Atlas Cluster Sizing and Tier Selection".
    pub NeedsSharding {
        code: "DS205",
        name: "needs-sharding",
        category: Size,
        severity: Warning,
    }
}

impl Rule for NeedsSharding {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        for (scale, advice) in cx.report.sharded() {
            if !condition(&scale.figures, advice) {
                continue;
            }
            let Some(entity) = cx.design.entity(&scale.entity) else { continue };
            let Some(key) = advice.recommended_option() else { continue };
            let name = entity.name.as_str();
            out.push(Self::finding(
                Place::Entity { id: Id::new(&entity.id) },
                text!(
                    en: "{name} outgrows one replica set {when}: {what}; shard it on {key}",
                    es: "{name} supera un replica set {when}: {what}; fragméntala por {key}",
                    pt: "{name} supera um replica set {when}: {what}; fragmente-a por {key}";
                    name, when = when(&scale.figures), what = limit(&scale.figures, t), key = key_doc(&key.key)
                ),
                why(&scale.figures),
                fix(advice),
            ));
        }
    }
}

/// A collection that needs sharding and states no valid key of its own.
fn condition(figures: &ScaleFigures, advice: &ShardAdvice) -> bool {
    figures.needs_sharding() && advice.stated.is_none() && advice.problems.is_empty()
}

fn why(f: &ScaleFigures) -> Text {
    text!(
        en: "It needs {n} replica sets by the horizon. Sharding a system already over capacity is hard (\"Sharded Cluster Requirements\"), and the key decides which queries reach one shard: changing it later rewrites the whole collection (reshardCollection).",
        es: "Necesita {n} replica sets antes del horizonte. Fragmentar un sistema ya desbordado es difícil (\"Sharded Cluster Requirements\"), y la clave decide qué consultas llegan a un solo shard: cambiarla después reescribe toda la colección (reshardCollection).",
        pt: "Ela precisa de {n} replica sets até o horizonte. Fragmentar um sistema já sobrecarregado é difícil (\"Sharded Cluster Requirements\"), e a chave decide quais consultas chegam a um só shard: mudá-la depois reescreve toda a coleção (reshardCollection).";
        n = Arg::Count(f64::from(f.shards_horizon))
    )
}

fn fix(a: &ShardAdvice) -> Text {
    text!(
        en: "Shard on {advice}. Check it with docshape shard.",
        es: "Fragmenta por {advice}. Compruébala con docshape shard.",
        pt: "Fragmente por {advice}. Verifique-a com docshape shard.";
        advice = advice_summary(a)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::rules::collection_fixtures::findings;
    use crate::i18n::Lang;
    use crate::model::load;

    fn marketplace() -> crate::model::Model {
        load(include_str!("../../../tests/fixtures/scale/marketplace.json")).unwrap()
    }

    #[test]
    fn orders_at_billions_get_a_key_and_customers_get_silence() {
        let m = marketplace();
        let found = findings(&m, "DS205");
        assert_eq!(found.len(), 1, "{found:#?}");
        let f = &found[0];
        assert_eq!(f.place, Place::Entity { id: Id::new("order") });
        let message = f.message.render(Lang::En);
        assert!(message.starts_with("orders outgrows one replica set already: a working set of"), "{message}");
        assert!(message.ends_with("shard it on { customer_id: 1, _id: 1 }"), "{message}");
        let fix = f.fix_hint.render(Lang::En);
        assert!(fix.contains("Q2 and Q5 go to several or every shard"), "{fix}");
        assert!(fix.contains("the unique indexes { number: 1 } would have to start with"), "{fix}");
        assert!(f.message.render(Lang::Es).starts_with("orders supera un replica set ya:"));
        assert!(f.message.render(Lang::Pt).starts_with("orders supera um replica set já:"));
    }

    #[test]
    fn a_smaller_collection_or_a_stated_key_gets_none() {
        let mut m = marketplace();
        m.entity_mut("order").unwrap().collection.documents = Some(2_000_000);
        m.entity_mut("order").unwrap().collection.growth_per_day = Some(2_000.0);
        assert!(findings(&m, "DS205").is_empty());
        let mut m = marketplace();
        let key = crate::model::ShardKey {
            fields: vec![crate::model::ShardKeyField { field: "customer_id".into(), hashed: false }],
            unique: false,
        };
        m.entity_mut("order").unwrap().collection.shard_key = Some(key);
        m.entity_mut("order").unwrap().collection.indexes.clear();
        assert!(findings(&m, "DS205").is_empty());
    }
}
