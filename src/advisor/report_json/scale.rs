//! The scale part of the JSON report: each collection with shard key advice (it outgrows one
//! replica set by the horizon, or its design states a key), with the recommended key and its
//! reasons, the patterns the key sends to one shard and those it sends to several, and the
//! figures now and at the horizon. A collection without shard key advice is not listed.

use crate::advisor::scale::{key_doc, CollectionScale, Fit, KeyCriterion, KeyOption, ShardAdvice};
use crate::advisor::Report;
use crate::i18n::Lang;
use crate::model::{Id, Model, ShardKey};
use serde::Serialize;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShardedCollection {
    pub entity: Id,
    pub collection: String,
    /// It outgrows one replica set by the horizon (false: only its stated key lists it).
    pub needed: bool,
    /// The shards the advice assumes.
    pub shards: u32,
    pub key: ShardKey,
    /// The key as mongosh writes it: `{ customer_id: 1, _id: 1 }`.
    pub key_doc: String,
    /// The key the design states, as mongosh writes it, when it states a valid one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stated_key: Option<String>,
    /// The six criteria judged for the recommended key, each with its reason.
    pub reasons: Vec<KeyReason>,
    /// Access patterns (ids) whose executions reach one shard under the key.
    pub targeted: Vec<Id>,
    /// Access patterns that go to several shards, or to every one.
    pub broadcast: Vec<Id>,
    /// Why the stated key cannot be used (`shardCollection` would refuse it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
    pub figures: Figures,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyReason {
    pub criterion: KeyCriterion,
    pub fit: Fit,
    pub reason: String,
}

/// The collection's projected figures (bytes, documents, writes per second).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub horizon_days: u64,
    pub documents_now: f64,
    pub documents_horizon: f64,
    pub data_bytes_now: f64,
    pub data_bytes_horizon: f64,
    pub index_bytes_now: f64,
    pub index_bytes_horizon: f64,
    pub working_set_bytes_now: f64,
    pub working_set_bytes_horizon: f64,
    pub writes_per_second: f64,
}

/// Every collection with shard key advice, in the report's order.
pub fn sharded(model: &Model, report: &Report, lang: Lang) -> Vec<ShardedCollection> {
    report
        .sharded()
        .filter_map(|(scale, advice)| Some(collection(model, scale, advice, advice.recommended_option()?, lang)))
        .collect()
}

fn collection(
    model: &Model,
    scale: &CollectionScale,
    advice: &ShardAdvice,
    key: &KeyOption,
    lang: Lang,
) -> ShardedCollection {
    let f = &scale.figures;
    ShardedCollection {
        entity: scale.entity.clone(),
        collection: model.entity(&scale.entity).map_or_else(|| scale.entity.to_string(), |e| e.name.clone()),
        needed: advice.needed,
        shards: advice.shards,
        key: key.key.clone(),
        key_doc: key_doc(&key.key),
        stated_key: advice.stated_option().map(|o| key_doc(&o.key)),
        reasons: advice
            .votes(key)
            .iter()
            .map(|v| KeyReason { criterion: v.criterion, fit: v.fit, reason: v.reason.render(lang) })
            .collect(),
        targeted: key.targeted().map(|r| r.query.clone()).collect(),
        broadcast: key.everywhere().map(|r| r.query.clone()).collect(),
        problems: advice.problems.iter().map(|p| p.message.render(lang)).collect(),
        figures: Figures {
            horizon_days: f.horizon_days,
            documents_now: f.documents_now,
            documents_horizon: f.documents_horizon,
            data_bytes_now: f.data_now,
            data_bytes_horizon: f.data_horizon,
            index_bytes_now: f.index_now,
            index_bytes_horizon: f.index_horizon,
            working_set_bytes_now: f.working_set_now,
            working_set_bytes_horizon: f.working_set_horizon,
            writes_per_second: f.writes_per_second,
        },
    }
}
