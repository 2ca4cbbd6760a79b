use crate::advisor::scale::key_doc;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Text;
use crate::model::{Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Checks the shard key a collection states (`collection.shardKey`) against what
    /// `sh.shardCollection` accepts: every field must be one the collection's documents have,
    /// none an array or a path through one, at most one hashed field, no `unique` with a
    /// hashed field, no capped collection, only the `metaField` and `timeField` of a time
    /// series, and every unique index must start with the key.
    ///
    /// ## Why is this bad?
    /// `shardCollection` refuses such a key, or (a field the documents lack) shards every
    /// document into the one chunk of the missing value. A unique index that does not start
    /// with the key cannot be enforced across shards, so MongoDB refuses to shard the
    /// collection while it exists.
    ///
    /// ## Example
    /// `orders` states `{ shardKey: { fields: [{ field: "lines.sku" }] } }`: `lines` is an
    /// array of order lines.
    ///
    /// ## Use instead
    /// Key on fields every document holds once (a customer id, a tenant id, a hashed `_id`);
    /// start the unique indexes with the key, or keep their uniqueness in the application.
    /// DS205 names the key the advisor recommends.
    ///
    /// ## References
    /// MongoDB, "Choose a Shard Key", "Shard Key Indexes", "Hashed Sharding", "Shard a Time
    /// Series Collection".
    pub ShardKeyInvalid {
        code: "DS206",
        name: "shard-key-invalid",
        category: Size,
        severity: Error,
    }
}

impl Rule for ShardKeyInvalid {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for (scale, advice) in cx.report.sharded() {
            let Some(entity) = cx.design.entity(&scale.entity) else { continue };
            for problem in &advice.problems {
                let place = match &problem.field {
                    Some(path) => Place::Field { entity: Id::new(&entity.id), path: Id::new(path) },
                    None => Place::Entity { id: Id::new(&entity.id) },
                };
                out.push(Self::finding(place, problem.message.clone(), why(), fix(advice)));
            }
        }
    }
}

fn why() -> Text {
    text!(
        en: "sh.shardCollection refuses this key, so the collection cannot be sharded as designed.",
        es: "sh.shardCollection rechaza esta clave, así que la colección no se puede fragmentar como está diseñada.",
        pt: "sh.shardCollection recusa esta chave, então a coleção não pode ser fragmentada como foi desenhada."
    )
}

fn fix(advice: &crate::advisor::scale::ShardAdvice) -> Text {
    match advice.recommended_option() {
        Some(o) => text!(
            en: "Key on fields every document holds once; the advisor recommends {key}.",
            es: "Usa como clave campos que cada documento tiene una vez; el asesor recomienda {key}.",
            pt: "Use como chave campos que cada documento tem uma vez; o assistente recomenda {key}.";
            key = key_doc(&o.key)
        ),
        None => text!(
            en: "Key on fields every document holds once.",
            es: "Usa como clave campos que cada documento tiene una vez.",
            pt: "Use como chave campos que cada documento tem uma vez."
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::findings;
    use crate::i18n::Lang;
    use crate::model::{load, Id, Place, ShardKey, ShardKeyField};

    fn with_key(fields: &[(&str, bool)]) -> crate::model::Model {
        let mut m = load(include_str!("../../../tests/fixtures/scale/marketplace.json")).unwrap();
        let key = ShardKey {
            fields: fields.iter().map(|(f, h)| ShardKeyField { field: f.to_string(), hashed: *h }).collect(),
            unique: false,
        };
        let order = m.entity_mut("order").unwrap();
        order.collection.shard_key = Some(key);
        m
    }

    #[test]
    fn a_missing_field_an_array_and_a_unique_index_are_named() {
        let found = findings(&with_key(&[("customer", false), ("lines.sku", false)]), "DS206");
        let messages: Vec<String> = found.iter().map(|f| f.message.render(Lang::En)).collect();
        assert_eq!(
            messages,
            [
                "the shard key of orders names customer, a field orders documents do not have",
                "the shard key of orders names lines.sku, an array (or a path through one): a shard key field cannot be an array",
                "the unique index { number: 1 } of orders does not start with the shard key { customer: 1, \"lines.sku\": 1 }: shardCollection refuses it",
            ]
        );
        assert_eq!(found[0].place, Place::Field { entity: Id::new("order"), path: Id::new("customer") });
        assert!(found[1].message.render(Lang::Es).contains("no puede ser un array"));
        assert!(found[1].message.render(Lang::Pt).contains("não pode ser um array"));
    }

    #[test]
    fn a_valid_key_is_not_flagged() {
        let mut m = with_key(&[("number", false)]);
        assert!(findings(&m, "DS206").is_empty());
        m.entity_mut("order").unwrap().collection.shard_key.as_mut().unwrap().fields[0].hashed = true;
        m.entity_mut("order").unwrap().collection.indexes.clear();
        assert!(findings(&m, "DS206").is_empty());
    }
}
