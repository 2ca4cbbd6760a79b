//! When one replica set is not enough: each collection's data, indexes, working set and
//! writes now and at the growth horizon against what one replica set holds, and for the few
//! collections that outgrow it (or whose design states a shard key), the key: candidates from
//! the access patterns and the fields' roles, each judged by six criteria, the best
//! recommended, a stated key checked the same way.
//!
//! Computed once per analysis, linear in the design: the figures are a few products per
//! collection; only a collection that needs sharding has its candidates judged, each against
//! the collection's own patterns. The judgement reads an [`Evidence`] the advisor estimates
//! from the design; `docshape shard` measures the same evidence on generated documents
//! (`crate::simulation`) and judges it by the same criteria ([`ShardAdvice::with_evidence`]).
//!
//! Sources (MongoDB's pages, by title): "Sharded Cluster Requirements" (when), "Choose a Shard
//! Key", "Hashed Sharding", "Ranged Sharding", "Zones", "Shard Key Indexes", "Data
//! Partitioning with Chunks", "Reshard a Collection", "Atlas Cluster Sizing and Tier Selection".

mod candidates;
mod criteria;
mod evidence;
mod fields;
mod figures;
mod reach;
pub mod texts;
pub mod values;

pub use criteria::{
    balance_arg, bytes_arg, choose, key_doc, targeted_share, Fit, KeyCriterion, KeyVote, Scale, Standing,
};
pub use evidence::{range_bytes, Evidence};
pub use fields::{parents_at_horizon, FieldFacts};
pub use figures::{Limit, ScaleFigures};
pub use reach::{PatternReach, Reach};

use super::design::{Collection, Design};
use super::query_shape::Shape;
use super::IndexAdvice;
use crate::i18n::Text;
use crate::keyed::HashMap;
use crate::model::{AccessPattern, FieldRole, Id, IndexSpec, Model, ShardKey, Storage, Thresholds};
use crate::text;
use serde::Serialize;

/// A collection's scale: its figures, and its shard key advice when it needs one.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CollectionScale {
    /// The collection's entity id.
    pub entity: Id,
    pub figures: ScaleFigures,
    /// Present when the collection outgrows one replica set by the horizon, or its design
    /// states a shard key.
    pub shard: Option<ShardAdvice>,
}

/// The shard key advice of one collection.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ShardAdvice {
    /// The collection outgrows one replica set by the horizon (false: only its stated key
    /// brought it here).
    pub needed: bool,
    /// The shards the evidence assumes: what the collection needs at the horizon, at least 2.
    pub shards: u32,
    /// Every key judged: the candidates, and the stated key when it is valid.
    pub options: Vec<KeyOption>,
    /// The best of `options`.
    pub recommended: usize,
    /// The stated key's place in `options`, when the design states a valid one.
    pub stated: Option<usize>,
    /// What is wrong with the stated key (it would be refused by `shardCollection`).
    pub problems: Vec<KeyProblem>,
    /// Zones the design's region or tenant field makes possible.
    pub zones: Option<Zones>,
    /// The collection's figures at the horizon and the thresholds its keys are judged by.
    pub scale: Scale,
}

/// One key judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyOption {
    pub key: ShardKey,
    pub fields: Vec<FieldFacts>,
    /// Every access pattern on the collection, and how it reaches the shards.
    pub reaches: Vec<PatternReach>,
    pub evidence: Evidence,
    /// Its fit on each of the six criteria, in [`KeyCriterion::ALL`]'s order. The reasons are
    /// written for the keys a reader sees ([`ShardAdvice::votes`]): most keys judged are not.
    pub fits: [Fit; 6],
    pub standing: Standing,
    /// Unique indexes that do not start with this key: a sharded collection cannot keep them
    /// ("Shard Key Indexes").
    pub unique_indexes: Vec<IndexSpec>,
    /// The key is the `_id` of buckets that start with their owner's id.
    pub bucket_id: bool,
}

impl KeyOption {
    /// The patterns that go to several shards (or to every one) under this key.
    pub fn everywhere(&self) -> impl Iterator<Item = &PatternReach> + '_ {
        self.reaches.iter().zip(&self.evidence.single_shard).filter(|(_, s)| **s < 0.5).map(|(r, _)| r)
    }

    /// The patterns that reach one shard (most of their executions).
    pub fn targeted(&self) -> impl Iterator<Item = &PatternReach> + '_ {
        self.reaches.iter().zip(&self.evidence.single_shard).filter(|(_, s)| **s >= 0.5).map(|(r, _)| r)
    }

    pub fn fit(&self, c: KeyCriterion) -> Fit {
        KeyCriterion::ALL.iter().zip(self.fits).find(|(k, _)| **k == c).map_or(Fit::Neutral, |(_, f)| f)
    }
}

/// What makes a stated key unusable, naming the field when one is at fault.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyProblem {
    pub field: Option<String>,
    pub message: Text,
}

/// Zones the design allows: ranges of the key pinned to chosen shards.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Zones {
    pub field: String,
    pub role: FieldRole,
    /// The field's values when the design lists them (an enum).
    pub values: Vec<String>,
    /// The zones need the key to start with the field; the recommended key does.
    pub key_starts_with_it: bool,
}

impl ShardAdvice {
    pub fn recommended_option(&self) -> Option<&KeyOption> {
        self.options.get(self.recommended)
    }

    pub fn stated_option(&self) -> Option<&KeyOption> {
        self.stated.and_then(|i| self.options.get(i))
    }

    /// The six criteria's fits on one of its keys, each with its reason.
    pub fn votes(&self, o: &KeyOption) -> Vec<KeyVote> {
        criteria::judge(&o.key, &o.fields, &o.reaches, &o.evidence, &self.scale)
    }

    /// Whether the stated key is worse than the recommended one.
    pub fn stated_is_worse(&self) -> bool {
        match (self.stated_option(), self.recommended_option()) {
            (Some(s), Some(r)) => self.stated != Some(self.recommended) && r.standing.better_than(&s.standing),
            _ => false,
        }
    }

    /// The advisor's estimate on `shards` shards instead of the count the collection needs.
    pub fn estimated_on(&self, shards: u32, figures: &ScaleFigures, collection: &str, t: &Thresholds) -> ShardAdvice {
        let documents = figures.documents_horizon.max(1.0);
        let avg = figures.data_horizon / documents;
        let evidence = self
            .options
            .iter()
            .map(|o| {
                let hashed: Vec<bool> = o.key.fields.iter().map(|f| f.hashed).collect();
                evidence::estimate(&o.fields, &hashed, &o.reaches, documents, avg, shards, self.scale.chunk_bytes)
            })
            .collect();
        let mut next = self.with_evidence(evidence, figures, collection, t);
        next.shards = shards;
        next
    }

    /// The same advice judged on other evidence (one per option, in order: what the
    /// simulation measured), with the recommendation it leads to.
    pub fn with_evidence(
        &self,
        evidence: Vec<Evidence>,
        figures: &ScaleFigures,
        collection: &str,
        t: &Thresholds,
    ) -> ShardAdvice {
        let mut next = self.clone();
        next.scale = Scale::new(figures.documents_horizon, figures.data_horizon, collection, t);
        for (o, e) in next.options.iter_mut().zip(evidence) {
            o.fits = criteria::fits(&o.key, &o.fields, &o.reaches, &e, &next.scale);
            o.standing = Standing::of(&o.fits, &o.reaches, &e, o.key.fields.len());
            o.evidence = e;
        }
        let standings: Vec<Standing> = next.options.iter().map(|o| o.standing).collect();
        next.recommended = choose(&standings);
        if let Some(z) = next.zones.as_mut() {
            let first = next.options.get(next.recommended).and_then(|o| o.key.fields.first());
            z.key_starts_with_it = first.is_some_and(|f| f.field == z.field && !f.hashed);
        }
        next
    }
}

/// The scale of every collection of the design, in model order.
pub(crate) fn advise(design: &Design, indexes: &[IndexAdvice]) -> Vec<CollectionScale> {
    let model = design.model;
    let t = &model.thresholds;
    let mut by_entity: HashMap<&str, Vec<&IndexAdvice>> = HashMap::default();
    for a in indexes {
        by_entity.entry(a.entity.as_str()).or_default().push(a);
    }
    let mut patterns: Option<Vec<Vec<usize>>> = None;
    design
        .collections()
        .iter()
        .map(|c| {
            let own = by_entity.get(c.entity.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
            let figures = figures::project(design.layout(), c, own, t);
            let stated = c.entity.collection.shard_key.as_ref();
            let shard = (figures.needs_sharding() || stated.is_some()).then(|| {
                let by_root = patterns.get_or_insert_with(|| patterns_by_root(design));
                let mine = by_root.get(c.position).map(Vec::as_slice).unwrap_or(&[]);
                shard_advice(design, c, &figures, own, mine)
            });
            CollectionScale { entity: Id::new(&c.entity.id), figures, shard }
        })
        .collect()
}

/// The positions of the access patterns run on each collection, by entity position.
fn patterns_by_root(design: &Design) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); design.model.entities.len()];
    for (i, shape) in design.shapes().iter().enumerate() {
        if let Some(list) = shape.as_ref().and_then(|s| out.get_mut(s.root)) {
            list.push(i);
        }
    }
    // Inserts filter nothing, so they have no shape: find them by their entity.
    for (i, q) in design.model.queries.iter().enumerate() {
        let shaped = design.shapes().get(i).is_some_and(Option::is_some);
        if !shaped && reach::inserts(q) {
            if let Some(list) = design.ids().entity_position(&q.entity).and_then(|at| out.get_mut(at)) {
                list.push(i);
            }
        }
    }
    out
}

fn shard_advice(
    design: &Design,
    c: &Collection,
    figures: &ScaleFigures,
    indexes: &[&IndexAdvice],
    mine: &[usize],
) -> ShardAdvice {
    let model: &Model = design.model;
    let t = &model.thresholds;
    let e = c.entity;
    let documents = figures.documents_horizon.max(1.0);
    let unique_paths: Vec<&str> = indexes
        .iter()
        .filter(|a| a.index.unique && a.index.keys.len() == 1)
        .filter_map(|a| a.index.keys.first().map(|k| k.field.as_str()))
        .collect();
    let facts = |path: &str| {
        fields::field_facts(design.layout(), e, path, documents, t.horizon_days, unique_paths.contains(&path))
    };
    let patterns: Vec<(&AccessPattern, Option<&Shape>)> = mine
        .iter()
        .filter_map(|&i| Some((model.queries.get(i)?, design.shapes().get(i).and_then(Option::as_ref))))
        .collect();
    let shaped: Vec<(&AccessPattern, &Shape)> = patterns.iter().filter_map(|(q, s)| Some((*q, (*s)?))).collect();
    let tenant = candidates::role_field(e, FieldRole::Tenant);
    let region = candidates::role_field(e, FieldRole::Region);
    let timeseries = e.collection.timeseries.as_ref().map(|ts| (ts.meta_field.as_deref(), ts.time_field.as_str()));
    let mut keys = candidates::candidates(&shaped, &facts, tenant, region, timeseries);
    let stated = e.collection.shard_key.as_ref();
    let mut unique_indexes: Vec<&IndexSpec> = Vec::new();
    for i in indexes.iter().map(|a| &*a.index).chain(&e.collection.indexes) {
        let id_only = i.keys.len() == 1 && i.keys.first().is_some_and(|k| k.field == "_id");
        if i.unique && !id_only && !unique_indexes.iter().any(|u| u.keys == i.keys) {
            unique_indexes.push(i);
        }
    }
    let problems = stated.map(|k| problems(k, e, &facts, &unique_indexes)).unwrap_or_default();
    let stated_at = match stated {
        Some(k) if problems.is_empty() => match keys.iter().position(|c| c.fields == k.fields) {
            Some(at) => Some(at),
            None => {
                keys.push(k.clone());
                Some(keys.len() - 1)
            }
        },
        _ => None,
    };
    let shards = figures.shards_horizon.max(2);
    let avg = if figures.documents_horizon > 0.0 { figures.data_horizon / figures.documents_horizon } else { 0.0 };
    let scale = Scale::new(documents, figures.data_horizon, &e.name, t);
    let bucket_owner_id = e.collection.timeseries.is_none()
        && design.layout().parents_of(e).iter().any(|r| r.storage == Storage::Bucket)
        && !facts("_id").monotonic;
    let options: Vec<KeyOption> = keys
        .into_iter()
        .map(|key| {
            let key_fields: Vec<FieldFacts> = key.fields.iter().map(|f| facts(&f.field)).collect();
            let hashed: Vec<bool> = key.fields.iter().map(|f| f.hashed).collect();
            let reaches: Vec<PatternReach> = patterns.iter().map(|(q, s)| reach::reach_of(q, *s, &key)).collect();
            let evidence =
                evidence::estimate(&key_fields, &hashed, &reaches, documents, avg, shards, t.chunk_bytes as f64);
            let fits = criteria::fits(&key, &key_fields, &reaches, &evidence, &scale);
            let standing = Standing::of(&fits, &reaches, &evidence, key.fields.len());
            let conflicts = unique_indexes.iter().filter(|i| !starts_with_key(i, &key)).map(|i| (*i).clone()).collect();
            let bucket_id = bucket_owner_id && key.fields.first().is_some_and(|f| f.field == "_id" && !f.hashed);
            KeyOption {
                key,
                fields: key_fields,
                reaches,
                evidence,
                fits,
                standing,
                unique_indexes: conflicts,
                bucket_id,
            }
        })
        .collect();
    let standings: Vec<Standing> = options.iter().map(|o| o.standing).collect();
    let recommended = choose(&standings);
    let zones = zones(e, region, tenant, options.get(recommended));
    ShardAdvice {
        needed: figures.needs_sharding(),
        shards,
        options,
        recommended,
        stated: stated_at,
        problems,
        zones,
        scale,
    }
}

/// Whether the index's first keys are the shard key's fields, in order.
fn starts_with_key(index: &IndexSpec, key: &ShardKey) -> bool {
    key.fields.len() <= index.keys.len()
        && key.fields.iter().zip(index.keys.iter()).all(|(f, k)| k.field == f.field.as_str())
}

fn zones(
    e: &crate::model::Entity,
    region: Option<&str>,
    tenant: Option<&str>,
    recommended: Option<&KeyOption>,
) -> Option<Zones> {
    let (field, role) = match (region, tenant) {
        (Some(r), _) => (r, FieldRole::Region),
        (None, Some(t)) => (t, FieldRole::Tenant),
        _ => return None,
    };
    let values = e
        .field(field)
        .map(|f| f.constraints.r#enum.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let key_starts_with_it =
        recommended.and_then(|o| o.key.fields.first()).is_some_and(|f| f.field == field && !f.hashed);
    Some(Zones { field: field.to_string(), role, values, key_starts_with_it })
}

/// What `shardCollection` would refuse in a stated key.
fn problems(
    key: &ShardKey,
    e: &crate::model::Entity,
    facts: &dyn Fn(&str) -> FieldFacts,
    unique: &[&IndexSpec],
) -> Vec<KeyProblem> {
    let name = e.name.as_str();
    let mut out = Vec::new();
    if key.fields.is_empty() {
        out.push(KeyProblem {
            field: None,
            message: text!(
                en: "the shard key of {name} names no field",
                es: "la clave de shard de {name} no nombra ningún campo",
                pt: "a chave de shard de {name} não nomeia nenhum campo";
                name
            ),
        });
    }
    if e.collection.capped.is_some() {
        out.push(KeyProblem {
            field: None,
            message: text!(
                en: "{name} is a capped collection, and a capped collection cannot be sharded",
                es: "{name} es una colección capped, y una colección capped no se puede fragmentar",
                pt: "{name} é uma coleção capped, e uma coleção capped não pode ser fragmentada";
                name
            ),
        });
    }
    for f in &key.fields {
        let facts = facts(&f.field);
        let field = f.field.as_str();
        if facts.bson_type.is_none() {
            out.push(KeyProblem {
                field: Some(field.to_string()),
                message: text!(
                    en: "the shard key of {name} names {field}, a field {name} documents do not have",
                    es: "la clave de shard de {name} nombra {field}, un campo que los documentos de {name} no tienen",
                    pt: "a chave de shard de {name} nomeia {field}, um campo que os documentos de {name} não têm";
                    name, field
                ),
            });
        } else if facts.array {
            out.push(KeyProblem {
                field: Some(field.to_string()),
                message: text!(
                    en: "the shard key of {name} names {field}, an array (or a path through one): a shard key field cannot be an array",
                    es: "la clave de shard de {name} nombra {field}, un array (o un camino que pasa por uno): un campo de la clave de shard no puede ser un array",
                    pt: "a chave de shard de {name} nomeia {field}, um array (ou um caminho que passa por um): um campo da chave de shard não pode ser um array";
                    name, field
                ),
            });
        }
        if let Some(ts) = &e.collection.timeseries {
            let meta = ts.meta_field.as_deref().is_some_and(|m| field == m || field.starts_with(&format!("{m}.")));
            if !meta && field != ts.time_field {
                out.push(KeyProblem {
                    field: Some(field.to_string()),
                    message: text!(
                        en: "{name} is a time series: its shard key may name only its metaField and its timeField, not {field}",
                        es: "{name} es una serie temporal: su clave de shard solo puede nombrar su metaField y su timeField, no {field}",
                        pt: "{name} é uma série temporal: sua chave de shard só pode nomear seu metaField e seu timeField, não {field}";
                        name, field
                    ),
                });
            }
        }
    }
    if key.fields.iter().filter(|f| f.hashed).count() > 1 {
        out.push(KeyProblem {
            field: None,
            message: text!(
                en: "the shard key of {name} hashes more than one field; a key may hash only one",
                es: "la clave de shard de {name} aplica hash a más de un campo; una clave solo puede aplicarlo a uno",
                pt: "a chave de shard de {name} aplica hash a mais de um campo; uma chave só pode aplicá-lo a um";
                name
            ),
        });
    }
    if key.unique && key.fields.iter().any(|f| f.hashed) {
        out.push(KeyProblem {
            field: None,
            message: text!(
                en: "the shard key of {name} is unique and hashed; a hashed key cannot be unique",
                es: "la clave de shard de {name} es única y con hash; una clave con hash no puede ser única",
                pt: "a chave de shard de {name} é única e com hash; uma chave com hash não pode ser única";
                name
            ),
        });
    }
    for index in unique.iter().filter(|i| !starts_with_key(i, key)) {
        out.push(KeyProblem {
            field: None,
            message: text!(
                en: "the unique index {index} of {name} does not start with the shard key {key}: shardCollection refuses it",
                es: "el índice único {index} de {name} no empieza por la clave de shard {key}: shardCollection lo rechaza",
                pt: "o índice único {index} de {name} não começa pela chave de shard {key}: shardCollection o recusa";
                index = index.key_doc(), name, key = key_doc(key)
            ),
        });
    }
    out
}

#[cfg(test)]
mod tests;
