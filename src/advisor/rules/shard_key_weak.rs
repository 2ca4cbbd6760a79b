use crate::advisor::scale::texts::key_summary;
use crate::advisor::scale::{key_doc, Fit, KeyOption, ShardAdvice};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Judges the shard key a collection states (`collection.shardKey`) by the six criteria
    /// of DS205 (cardinality, frequency, monotonic growth, reads and writes that reach one
    /// shard, balance) and flags it when one of them fails (a value heavier than a chunk, a
    /// ranged key that grows with time, fewer values than shards, a largest shard over
    /// `thresholds.shardBalance` times the average) or when the advisor's recommended key is
    /// better: it passes more criteria, or sends more of the executions to one shard.
    ///
    /// ## Why is this bad?
    /// A ranged key on a value that grows with time sends every insert to one shard; a value
    /// holding more than a chunk makes a jumbo chunk the balancer cannot move; a key the
    /// frequent queries do not name sends them to every shard. Changing the key later rewrites
    /// the collection (`reshardCollection`).
    ///
    /// ## Example
    /// `orders` states `{ _id: 1 }` (ObjectIds): every new order goes to the shard holding
    /// the highest `_id`, and the reads by customer go to every shard.
    ///
    /// ## Use instead
    /// The recommended key, or the stated one hashed or with a second field that splits its
    /// heavy values. `docshape diff` writes the `reshardCollection` for a changed key.
    ///
    /// ## References
    /// MongoDB, "Choose a Shard Key", "Hashed Sharding", "Ranged Sharding", "Reshard a
    /// Collection", "Data Partitioning with Chunks".
    pub ShardKeyWeak {
        code: "DS207",
        name: "shard-key-weak",
        category: Size,
        severity: Warning,
    }
}

impl Rule for ShardKeyWeak {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for (scale, advice) in cx.report.sharded() {
            let Some((stated, failing)) = condition(advice) else { continue };
            let Some(entity) = cx.design.entity(&scale.entity) else { continue };
            let name = entity.name.as_str();
            let key = key_doc(&stated.key);
            let reasons = reasons(&failing);
            let message = match (advice.stated_is_worse(), advice.recommended_option(), failing.is_empty()) {
                (true, Some(better), true) => text!(
                    en: "the shard key {key} of {name} targets fewer executions than {better}",
                    es: "la clave de shard {key} de {name} dirige menos ejecuciones que {better}",
                    pt: "a chave de shard {key} de {name} direciona menos execuções que {better}";
                    key, name, better = key_doc(&better.key)
                ),
                (true, Some(better), false) => text!(
                    en: "the shard key {key} of {name} is weaker than {better}: {reasons}",
                    es: "la clave de shard {key} de {name} es más débil que {better}: {reasons}",
                    pt: "a chave de shard {key} de {name} é mais fraca que {better}: {reasons}";
                    key, name, better = key_doc(&better.key), reasons
                ),
                _ => text!(
                    en: "the shard key {key} of {name}: {reasons}",
                    es: "la clave de shard {key} de {name}: {reasons}",
                    pt: "a chave de shard {key} de {name}: {reasons}";
                    key, name, reasons
                ),
            };
            out.push(Self::finding(Place::Entity { id: Id::new(&entity.id) }, message, why(stated), fix(advice)));
        }
    }
}

/// The stated key and its failing criteria, when it fails one or a better key exists.
fn condition(advice: &ShardAdvice) -> Option<(&KeyOption, Vec<Text>)> {
    let stated = advice.stated_option()?;
    let failing: Vec<Text> =
        advice.votes(stated).into_iter().filter(|v| v.fit == Fit::Poor).map(|v| v.reason).collect();
    (!failing.is_empty() || advice.stated_is_worse()).then_some((stated, failing))
}

fn reasons(failing: &[Text]) -> Arg {
    Arg::List(failing.iter().cloned().map(Arg::from).collect())
}

fn why(stated: &KeyOption) -> Text {
    text!(
        en: "Under it, {summary}. The key is costly to change: reshardCollection rewrites the whole collection.",
        es: "Con ella, {summary}. La clave cuesta cambiarla: reshardCollection reescribe toda la colección.",
        pt: "Com ela, {summary}. A chave custa mudar: reshardCollection reescreve toda a coleção.";
        summary = key_summary(stated)
    )
}

fn fix(advice: &ShardAdvice) -> Text {
    match advice.recommended_option().filter(|_| advice.stated != Some(advice.recommended)) {
        Some(o) => text!(
            en: "Shard on {summary} instead.",
            es: "Fragmenta mejor por {summary}.",
            pt: "Fragmente de preferência por {summary}.";
            summary = key_summary(o)
        ),
        None => text!(
            en: "Hash the key, or add a second field that splits its heavy values.",
            es: "Aplica hash a la clave, o añade un segundo campo que divida sus valores pesados.",
            pt: "Aplique hash à chave, ou acrescente um segundo campo que divida seus valores pesados."
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::findings;
    use crate::i18n::Lang;
    use crate::model::{load, ShardKey, ShardKeyField};

    fn with_key(fields: &[(&str, bool)]) -> crate::model::Model {
        let mut m = load(include_str!("../../../tests/fixtures/scale/marketplace.json")).unwrap();
        let order = m.entity_mut("order").unwrap();
        order.collection.shard_key = Some(ShardKey {
            fields: fields.iter().map(|(f, h)| ShardKeyField { field: f.to_string(), hashed: *h }).collect(),
            unique: false,
        });
        order.collection.indexes.clear();
        m
    }

    #[test]
    fn a_ranged_objectid_key_is_weaker_than_the_recommended_one() {
        let found = findings(&with_key(&[("_id", false)]), "DS207");
        assert_eq!(found.len(), 1);
        let message = found[0].message.render(Lang::En);
        assert!(
            message.starts_with("the shard key { _id: 1 } of orders is weaker than { customer_id: 1, _id: 1 }: "),
            "{message}"
        );
        assert!(
            message.contains("_id grows with time: every insert goes to the chunk of the highest values, on one shard"),
            "{message}"
        );
        assert!(found[0].fix_hint.render(Lang::Es).starts_with("Fragmenta mejor por { customer_id: 1, _id: 1 }"));
    }

    #[test]
    fn the_recommended_key_stated_is_not_flagged() {
        assert!(findings(&with_key(&[("customer_id", false), ("_id", false)]), "DS207").is_empty());
    }
}
