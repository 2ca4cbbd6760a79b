//! `docshape shard`: the shard key advice checked on generated documents, since no MongoDB
//! server is reachable here.
//!
//! For each collection with shard key advice (it outgrows one replica set, or its design
//! states a key), a sample of its documents at the horizon is generated with the model's
//! distributions (the synthetic generator of `docshape generate`, children pointing at their
//! parents in proportion to the children each has, so the outliers a relation states become
//! heavy key values). Each judged key places the sample on N shards (`placement`); the
//! simulation reads the balance of data and of inserts, the largest chunk and the share of
//! each pattern's executions that reach one shard, fills the advisor's [`Evidence`] with them
//! and judges it by the same criteria: where the measurement contradicts the estimate (a
//! "targeted" pattern reaching several shards, a balance over the limit), the advice changes.
//!
//! The sample stands for the whole collection: document `k` of `S` is document
//! `k × documents / S` of the collection, each weighing `documents / S` documents. Its size is
//! chosen so that a 128 MiB chunk holds at least 16 sampled documents (ranges are cut at key
//! boundaries between sampled documents), within 100,000 and 1,000,000.

pub mod keys;
pub mod placement;

use crate::advisor::scale::{range_bytes, CollectionScale, Evidence, KeyOption, Reach, ShardAdvice};
use crate::advisor::{analyze, Report};
use crate::export::{Builder, Which};
use crate::model::Model;
use placement::{place, KeyColumn, Placement};

/// The most shards a simulation places documents on (MongoDB has no such limit; a design
/// needing more than this is out of this tool's reach).
pub const MAX_SHARDS: u32 = 1_024;

/// The fewest and the most documents sampled by default.
pub const MIN_SAMPLE: u64 = 100_000;
pub const MAX_SAMPLE: u64 = 1_000_000;

/// Sampled documents per chunk, at least, by default.
const PER_CHUNK: f64 = 16.0;

/// What to simulate.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Shards to place the documents on (default: what the collection needs at the horizon).
    pub shards: Option<u32>,
    /// Documents to generate (default: see the module documentation).
    pub sample: Option<u64>,
    pub seed: u64,
    /// One collection, by name (default: every collection with shard key advice).
    pub collection: Option<String>,
}

/// One key placed on the shards.
#[derive(Debug, Clone)]
pub struct KeyRun {
    /// The key's place in the advice's options.
    pub option: usize,
    pub evidence: Evidence,
    pub chunks: usize,
    pub largest_chunk_bytes: f64,
    pub jumbo_chunks: usize,
    pub shard_bytes: Vec<f64>,
}

/// One collection's simulation.
#[derive(Debug, Clone)]
pub struct Simulation {
    pub entity: String,
    pub collection: String,
    pub scale: CollectionScale,
    /// The advice as the advisor estimated it on `shards` shards.
    pub estimated: ShardAdvice,
    /// The same advice judged on the simulated evidence.
    pub simulated: ShardAdvice,
    pub runs: Vec<KeyRun>,
    pub shards: u32,
    pub sample: u64,
    /// Documents each sampled one stands for.
    pub weight: f64,
}

impl Simulation {
    /// Whether the simulation changed the recommended key.
    pub fn changed(&self) -> bool {
        self.estimated.recommended != self.simulated.recommended
    }

    pub fn run_of(&self, option: usize) -> Option<&KeyRun> {
        self.runs.iter().find(|r| r.option == option)
    }
}

/// The shards asked for, when they are a number MongoDB and this simulation take.
pub fn check_shards(n: u32) -> Result<u32, String> {
    if (1..=MAX_SHARDS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("--shards {n}: the number of shards must be between 1 and {}", "1,024"))
    }
}

/// Simulates every collection with shard key advice (or the one named). An error names the
/// place at fault: an unknown collection, a stated key the collection cannot take, a number of
/// shards out of range.
pub fn simulate(model: &Model, options: &Options) -> Result<Vec<Simulation>, String> {
    if let Some(n) = options.shards {
        check_shards(n)?;
    }
    let report = analyze(model);
    let chosen = chosen(model, &report, options.collection.as_deref())?;
    let builder = Builder::new(model).with_parents_at_horizon(model.thresholds.horizon_days);
    chosen.into_iter().map(|scale| simulate_one(model, &builder, scale, options)).collect()
}

/// The collections to simulate.
fn chosen<'r>(model: &Model, report: &'r Report, name: Option<&str>) -> Result<Vec<&'r CollectionScale>, String> {
    let entity_name = |id: &str| model.entity(id).map_or(id.to_string(), |e| e.name.clone());
    let Some(name) = name else {
        return Ok(report.sharded().map(|(s, _)| s).collect());
    };
    let entity = model
        .entities
        .iter()
        .find(|e| e.name == name && model.is_collection(e))
        .or_else(|| model.entities.iter().find(|e| e.id == name && model.is_collection(e)))
        .ok_or_else(|| format!("--collection {name}: the model has no collection named \"{name}\""))?;
    let scale = report.scale_of(&entity.id).ok_or_else(|| format!("--collection {name}: no figures for it"))?;
    if scale.shard.is_none() {
        return Err(format!(
            "--collection {name}: {} does not outgrow one replica set by the horizon and states no shardKey: nothing to simulate",
            entity_name(&entity.id)
        ));
    }
    Ok(vec![scale])
}

/// How many documents to generate.
fn sample_size(documents: f64, data_bytes: f64, chunk_bytes: f64, asked: Option<u64>) -> u64 {
    let documents = documents.max(1.0) as u64;
    let wanted = asked.unwrap_or_else(|| {
        let per_chunk = (PER_CHUNK * data_bytes / chunk_bytes.max(1.0)).ceil() as u64;
        per_chunk.clamp(MIN_SAMPLE, MAX_SAMPLE)
    });
    wanted.clamp(1, documents)
}

fn simulate_one(
    model: &Model,
    builder: &Builder,
    scale: &CollectionScale,
    options: &Options,
) -> Result<Simulation, String> {
    let t = &model.thresholds;
    let entity = model.entity(&scale.entity).ok_or("an entity the report names is missing")?;
    let advice = scale.shard.as_ref().ok_or("no shard advice")?;
    if !advice.problems.is_empty() {
        let problems: Vec<String> = advice
            .problems
            .iter()
            .map(|p| match &p.field {
                Some(f) => format!("{}.shardKey ({f}): {}", entity.name, p.message.render(crate::i18n::Lang::En)),
                None => format!("{}.shardKey: {}", entity.name, p.message.render(crate::i18n::Lang::En)),
            })
            .collect();
        return Err(problems.join("\n"));
    }
    let figures = &scale.figures;
    let shards = options.shards.unwrap_or(advice.shards);
    let estimated = advice.estimated_on(shards, figures, &entity.name, t);
    let documents = figures.documents_horizon.max(1.0);
    let chunk = t.chunk_bytes.max(1) as f64;
    let sample = sample_size(documents, figures.data_horizon, chunk, options.sample);
    let weight = documents / sample as f64;
    // Generate once; keep each document's bytes and every option's key.
    let mut columns: Vec<KeyColumn> =
        estimated.options.iter().map(|_| KeyColumn::with_capacity(sample as usize, 24)).collect();
    let mut bytes: Vec<f64> = Vec::with_capacity(sample as usize);
    let total = documents as u64;
    for k in 0..sample {
        let index = (u128::from(k) * u128::from(total) / u128::from(sample)) as u64;
        let which = Which { seed: options.seed, index, example: false, variant: None };
        let Some(doc) = builder.document(&entity.id, which) else { break };
        bytes.push(doc.bson_size() as f64 * weight);
        for (column, option) in columns.iter_mut().zip(&estimated.options) {
            column.push(|out| {
                for f in &option.key.fields {
                    let value = doc.get_path(&f.field);
                    if f.hashed {
                        keys::push_hashed(out, value);
                    } else {
                        keys::push_value(out, value);
                    }
                }
            });
        }
    }
    let data: f64 = bytes.iter().sum();
    let mut runs = Vec::with_capacity(estimated.options.len());
    let mut evidence = Vec::with_capacity(estimated.options.len());
    for (i, (option, column)) in estimated.options.iter().zip(&columns).enumerate() {
        let placed = place(column, &bytes, shards, range_bytes(chunk, data, shards));
        let e = measure(option, column, &bytes, &placed, shards);
        runs.push(KeyRun {
            option: i,
            evidence: e.clone(),
            chunks: placed.ranges.len(),
            largest_chunk_bytes: placed.largest_range_bytes(),
            jumbo_chunks: placed.jumbo(chunk),
            shard_bytes: placed.shard_bytes.clone(),
        });
        evidence.push(e);
    }
    let simulated = estimated.with_evidence(evidence, figures, &entity.name, t);
    Ok(Simulation {
        entity: entity.id.clone(),
        collection: entity.name.clone(),
        scale: scale.clone(),
        estimated,
        simulated,
        runs,
        shards,
        sample,
        weight,
    })
}

/// The evidence a placement gives for one key.
fn measure(option: &KeyOption, column: &KeyColumn, bytes: &[f64], placed: &Placement, shards: u32) -> Evidence {
    let monotonic = option.fields.iter().zip(&option.key.fields).position(|(f, k)| f.monotonic && !k.hashed);
    let single_shard = option
        .reaches
        .iter()
        .map(|r| match r.reach {
            _ if shards <= 1 => 1.0,
            Reach::Targeted if r.insert => 1.0,
            Reach::Targeted => placed.single_shard_share(column, r.prefix.min(option.key.fields.len())),
            Reach::Range | Reach::Broadcast => 0.0,
        })
        .collect();
    Evidence {
        simulated: true,
        shards,
        data_balance: placed.data_balance(),
        insert_balance: placed.insert_balance(column, bytes, monotonic),
        largest_value_bytes: placed.largest_value_bytes(column, bytes),
        single_shard,
    }
}
