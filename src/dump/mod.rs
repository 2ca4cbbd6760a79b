//! Starting from the database you have: a mongodump folder or archive read into a model, each
//! collection an entity with measured figures, its options, validator and indexes, and the
//! relations the data shows (references found by value, sub-documents and arrays embedded).
//!
//! ```text
//! source (folder | archive) ──► passes (count, sample, count children) ──► entities, relations
//! ```
//!
//! - [`source`]: the files (`<db>/<coll>.bson[.gz]`, `<coll>.metadata.json[.gz]`, or one
//!   archive), on disk or in memory.
//! - [`documents`], [`archive`]: the BSON framing, checked (offsets in every error); each
//!   document is read by MongoDB's `bson` crate and converted for the inference's accumulator.
//! - [`metadata`]: options, indexes (every option kept in [`DumpIndex`]) and the validator.
//! - [`passes`]: the three streaming passes; [`ids`]: the bounded sets of referable values.
//! - [`references`], [`embedded`]: the relations found, with their evidence.
//!
//! Memory stays bounded whatever the dump's size: one document at a time, counters per field
//! path (the accumulator), sets of at most `max_ids` hashes per referable field, and counts per
//! kept parent. Time is three reads of the data (the third only for collections holding a
//! reference).

pub mod archive;
pub mod documents;
pub mod embedded;
pub mod ids;
pub mod metadata;
pub mod passes;
pub mod paths;
pub mod preview;
pub mod references;
pub mod source;
pub mod to_value;

pub use documents::{BsonError, MAX_DOCUMENT_BYTES, MAX_NESTING};
pub use metadata::{read_metadata, DumpIndex, KeyKind, Metadata};
pub use passes::DumpError;
pub use source::{BytesInput, CollectionFiles, FileInput, Input};

use crate::infer::{entity_id, thousands, InferOptions};
use crate::model::{BsonType, Entity, Field, Model};
use ids::IdSet;
use passes::{Data, Scan, Tally, Target};
use std::collections::{HashMap, HashSet};
use std::io::Read;

/// Where a dump is read from.
pub enum DumpSource {
    /// A database's collections, each in its own files (see [`source::folder`]).
    Folder(Vec<CollectionFiles>),
    /// One `--archive` file.
    Archive(Box<dyn Input>),
}

/// How a dump is read.
#[derive(Debug, Clone)]
pub struct DumpOptions {
    /// Documents sampled per collection (spread over the whole collection); 0 reads them all.
    pub sample: u64,
    /// The database to read when an archive holds several.
    pub db: Option<String>,
    /// The most hashes one set of referable values keeps (see [`ids`]).
    pub max_ids: usize,
    pub infer: InferOptions,
}

/// Documents sampled per collection unless `--sample` says otherwise: the accumulator's
/// percentiles need about 100 values past the 99th to be read from data, and its
/// tiny-documents observation 10,000 documents; the sample costs time, never memory (it is
/// counted, not kept).
pub const DEFAULT_SAMPLE: u64 = 10_000;

impl Default for DumpOptions {
    fn default() -> Self {
        DumpOptions { sample: DEFAULT_SAMPLE, db: None, max_ids: 500_000, infer: InferOptions::default() }
    }
}

/// Where the reading is (for a progress bar).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// 1 counting, 2 sampling, 3 counting children.
    pub pass: u8,
    /// Bytes of documents read in this pass.
    pub bytes: u64,
    /// The documents' bytes in all (0 in the first pass, before they are counted).
    pub total: u64,
}

/// What reading the dump found beside the model.
#[derive(Debug, Clone, Default)]
pub struct DumpReport {
    pub collections: Vec<CollectionSummary>,
    /// Views, system collections and other databases, with why.
    pub skipped: Vec<(String, Skipped)>,
    /// Bytes of documents in the dump.
    pub bytes: u64,
    /// The archive's versions, for an archive.
    pub archive: Option<archive::Prelude>,
}

/// Why a collection of the dump is not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skipped {
    /// `system.*`: the server's, not the design's.
    System,
    /// A view (on the collection named, as JSON), which stores nothing.
    View { on: Option<String> },
    /// In an archive, a collection of another database than the one read.
    OtherDatabase,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skipped::System => write!(f, "a system collection"),
            Skipped::View { on: Some(on) } => write!(f, "a view on {on}"),
            Skipped::View { on: None } => write!(f, "a view"),
            Skipped::OtherDatabase => write!(f, "another database"),
        }
    }
}

/// One collection read.
#[derive(Debug, Clone)]
pub struct CollectionSummary {
    pub name: String,
    pub entity: String,
    pub documents: u64,
    pub sampled: u64,
    /// Its indexes with every option (today's model keeps keys, `unique` and the TTL).
    pub indexes: Vec<DumpIndex>,
    /// What the model could not keep (index options, validator keywords).
    pub not_kept: Vec<String>,
}

/// One collection to read, its metadata read.
struct Planned {
    db: String,
    name: String,
    metadata: Option<Metadata>,
}

/// Metadata files are read whole; past this they are refused.
const MAX_METADATA_BYTES: u64 = 16 << 20;

fn read_text(input: &dyn Input) -> Result<String, DumpError> {
    let mut text = String::new();
    let reader = source::decompressed(input).map_err(|e| DumpError::new(input.name(), format!("cannot read: {e}")))?;
    reader
        .take(MAX_METADATA_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| DumpError::new(input.name(), format!("cannot read as UTF-8 text: {e}")))?;
    if text.len() as u64 > MAX_METADATA_BYTES {
        return Err(DumpError::new(input.name(), "a metadata file over 16 MiB: not one mongodump writes"));
    }
    Ok(text)
}

fn metadata_of(file: &str, text: &str) -> Result<Metadata, DumpError> {
    read_metadata(text).map_err(|message| {
        let line = message.split("line ").nth(1).and_then(|rest| rest.split(',').next()).and_then(|n| n.parse().ok());
        DumpError { file: file.to_string(), offset: None, line, message }
    })
}

/// Why a collection is not read, if it is not.
fn skip_reason(name: &str, metadata: Option<&Metadata>) -> Option<Skipped> {
    if name.starts_with("system.") {
        return Some(Skipped::System);
    }
    let meta = metadata?;
    meta.is_view().then(|| {
        let on = meta.options.iter().find(|(k, _)| k == "viewOn").map(|(_, v)| crate::infer::to_json(v).to_string());
        Skipped::View { on }
    })
}

/// Reads a dump into `model` (its entities and relations are added); on an error nothing is
/// added. `source_name` is what the evidence and notes say the figures come from.
pub fn read_dump(
    dump: &DumpSource,
    model: &mut Model,
    options: &DumpOptions,
    source_name: &str,
    progress: &mut dyn FnMut(Progress),
) -> Result<DumpReport, DumpError> {
    let mut report = DumpReport::default();
    let mut planned: Vec<Planned> = Vec::new();
    let data = match dump {
        DumpSource::Folder(collections) => {
            for c in collections {
                let metadata = match &c.metadata {
                    Some(input) => Some(metadata_of(input.name(), &read_text(input.as_ref())?)?),
                    None => None,
                };
                planned.push(Planned { db: c.db.clone(), name: c.name.clone(), metadata });
            }
            Data::Files(collections)
        }
        DumpSource::Archive(input) => {
            let reader = source::decompressed(input.as_ref())
                .map_err(|e| DumpError::new(input.name(), format!("cannot read: {e}")))?;
            let (prelude, _) = archive::open(reader).map_err(|e| DumpError {
                file: input.name().to_string(),
                offset: Some(e.offset),
                line: None,
                message: e.message,
            })?;
            let databases: Vec<&str> = {
                let mut d: Vec<&str> = prelude.collections.iter().map(|c| c.db.as_str()).collect();
                d.sort();
                d.dedup();
                d
            };
            let chosen = match &options.db {
                Some(db) if databases.contains(&db.as_str()) => db.clone(),
                Some(db) => {
                    return Err(DumpError::new(
                        input.name(),
                        format!("the archive holds no database {db} (it holds: {})", databases.join(", ")),
                    ))
                }
                None => {
                    let apps: Vec<&str> =
                        databases.iter().copied().filter(|d| !source::SERVER_DATABASES.contains(d)).collect();
                    match apps.as_slice() {
                        [one] => one.to_string(),
                        [] => String::new(),
                        _ => {
                            return Err(DumpError::new(
                                input.name(),
                                format!(
                                    "the archive holds several databases ({}): name one with --db",
                                    apps.join(", ")
                                ),
                            ))
                        }
                    }
                }
            };
            for c in &prelude.collections {
                if c.db != chosen {
                    report.skipped.push((format!("{}.{}", c.db, c.name), Skipped::OtherDatabase));
                    continue;
                }
                let file = format!("{} ({}.{} metadata)", input.name(), c.db, c.name);
                planned.push(Planned {
                    db: c.db.clone(),
                    name: c.name.clone(),
                    metadata: Some(metadata_of(&file, &c.metadata)?),
                });
            }
            report.archive = Some(prelude);
            Data::Archive(input.as_ref())
        }
    };
    planned.retain(|p| match skip_reason(&p.name, p.metadata.as_ref()) {
        Some(why) => {
            report.skipped.push((p.name.clone(), why));
            false
        }
        None => true,
    });
    let index: HashMap<(String, String), usize> =
        planned.iter().enumerate().map(|(i, p)| ((p.db.clone(), p.name.clone()), i)).collect();
    let index_of = |db: &str, name: &str| index.get(&(db.to_string(), name.to_string())).copied();
    let mut scans: Vec<Scan> = planned.iter().map(|p| Scan::new(&p.db, &p.name, options.infer.clone())).collect();

    // Pass 1: counts and the referable values (`_id`, single-field unique indexes).
    let mut sets: Vec<Vec<(String, IdSet)>> = planned
        .iter()
        .map(|p| {
            let mut fields = vec!["_id".to_string()];
            if let Some(meta) = &p.metadata {
                for i in &meta.indexes {
                    let single = i.keys.len() == 1 && !i.keys[0].0.contains('.') && i.keys[0].0 != "_id";
                    if i.unique && single && i.partial_filter.is_none() && !fields.contains(&i.keys[0].0) {
                        fields.push(i.keys[0].0.clone());
                    }
                }
            }
            fields.into_iter().map(|f| (f, IdSet::new(1))).collect()
        })
        .collect();
    let set_count: usize = sets.iter().map(Vec::len).sum();
    // Four sets' worth of hashes in all, shared out: memory stays bounded however many
    // collections and unique indexes the dump has.
    let cap = options.max_ids.min(4 * options.max_ids / set_count.max(1)).max(1_000);
    for set in sets.iter_mut().flatten() {
        set.1 = IdSet::new(cap);
    }
    each_document_of(&data, &index_of, 1, 0, progress, &mut |i, doc| scans[i].count(doc, &mut sets[i]))?;
    let total: u64 = scans.iter().map(|s| s.bytes).sum();
    report.bytes = total;
    let targets: Vec<Target> = sets
        .into_iter()
        .enumerate()
        .flat_map(|(collection, list)| list.into_iter().map(move |(field, ids)| Target { collection, field, ids }))
        .filter(|t| t.field == "_id" || t.ids.repeated == 0)
        .collect();

    // Pass 2: the sample, and the fields whose values are found among the targets'.
    for s in &mut scans {
        s.stride = if options.sample == 0 { 1 } else { s.documents.div_ceil(options.sample).max(1) };
    }
    each_document_of(&data, &index_of, 2, total, progress, &mut |i, doc| scans[i].sample(doc, &targets))?;
    let found = references::found(&scans, &targets);

    // Pass 3: children per parent and the evidence, over every document.
    for f in &found {
        scans[f.collection].tallies.push(Tally {
            path: f.path.clone(),
            in_array: f.in_array,
            target: f.target,
            looked: 0,
            found: 0,
            per_parent: HashMap::new(),
        });
    }
    if !found.is_empty() {
        let holding: HashSet<usize> = found.iter().map(|f| f.collection).collect();
        let only_holders = |db: &str, name: &str| index_of(db, name).filter(|i| holding.contains(i));
        each_document_of(&data, &only_holders, 3, total, progress, &mut |i, doc| {
            scans[i].tally(doc, &targets);
            Ok(())
        })?;
    }

    // The model: entities, embedded entities, references.
    let mut used: HashSet<String> = model
        .entities
        .iter()
        .map(|e| e.id.clone())
        .chain(model.relations.iter().map(|r| r.id.clone()))
        .chain(model.queries.iter().map(|q| q.id.clone()))
        .collect();
    let thresholds = model.thresholds.clone();
    let mut entities = Vec::new();
    let mut relations = Vec::new();
    let mut holders: Vec<Vec<(String, String)>> = Vec::new();
    let mut inferences = Vec::new();
    for (p, scan) in planned.iter().zip(&scans) {
        let inference = scan.acc.report();
        let id = embedded::fresh(&mut used, &entity_id(&p.name));
        let mut entity = inference.to_measured_entity(&id, &p.name, &thresholds, source_name);
        let sampled = scan.acc.documents();
        entity.collection.documents = Some(scan.documents);
        entity.notes = format!(
            "{} documents in the dump ({} MB of BSON); {} sampled{}. {}",
            thousands(scan.documents),
            thousands(scan.bytes >> 20),
            thousands(sampled),
            if scan.stride > 1 { format!(", one in {}", thousands(scan.stride)) } else { String::new() },
            entity.notes
        );
        let mut not_kept = Vec::new();
        let mut indexes = Vec::new();
        if let Some(meta) = &p.metadata {
            time_series_fields(meta, &mut entity);
            not_kept = meta.apply(&mut entity);
            indexes = meta.indexes.clone();
            if !not_kept.is_empty() {
                entity.notes.push_str(&format!(" Not kept by the model: {}.", not_kept.join("; ")));
            }
        }
        let lifted = embedded::lift(&mut entity, &inference, &thresholds, source_name, &mut used);
        report.collections.push(CollectionSummary {
            name: p.name.clone(),
            entity: id.clone(),
            documents: scan.documents,
            sampled,
            indexes,
            not_kept,
        });
        let mut holder_list = vec![(String::new(), id)];
        holder_list.extend(lifted.holders);
        holders.push(holder_list);
        entities.push(entity);
        entities.extend(lifted.entities);
        relations.extend(lifted.relations);
        inferences.push(inference);
    }
    for (c, scan) in scans.iter().enumerate() {
        for tally in &scan.tallies {
            // The deepest embedded entity whose path prefixes the field holds it.
            let (prefix, holder) = holders[c]
                .iter()
                .filter(|(prefix, _)| prefix.is_empty() || tally.path.starts_with(&format!("{prefix}.")))
                .max_by_key(|(prefix, _)| prefix.len())
                .cloned()
                .unwrap_or_default();
            let field = if prefix.is_empty() { tally.path.clone() } else { tally.path[prefix.len() + 1..].to_string() };
            let target = &targets[tally.target];
            let target_entity = &holders[target.collection][0].1;
            let stem = format!("{}_{}", entity_id(&scan.name), entity_id(&tally.path));
            let id = embedded::fresh(&mut used, &stem);
            relations.push(references::relation(
                &id,
                tally,
                &holder,
                &field,
                target_entity,
                target,
                &scans,
                &inferences[c],
                &thresholds,
                source_name,
            ));
        }
    }
    model.entities.extend(entities);
    model.relations.extend(relations);
    Ok(report)
}

/// A time series collection's documents are the server's buckets, which docshape does not
/// unpack: its time and meta fields come from its options.
fn time_series_fields(meta: &Metadata, entity: &mut Entity) {
    let Some(crate::infer::Value::Document(ts)) = meta.options.iter().find(|(k, _)| k == "timeseries").map(|(_, v)| v)
    else {
        return;
    };
    let text = |key: &str| match ts.iter().find(|(k, _)| k == key) {
        Some((_, crate::infer::Value::String(s))) => Some(s.clone()),
        _ => None,
    };
    for (name, ty) in [(text("timeField"), BsonType::Date), (text("metaField"), BsonType::Object)] {
        if let Some(name) = name {
            if entity.field(&name).is_none() {
                let mut f = Field::new(&name, ty);
                f.required = ty == BsonType::Date;
                f.notes = "from the time series options".into();
                entity.fields.push(f);
            }
        }
    }
}

fn each_document_of(
    data: &Data<'_>,
    index_of: &dyn Fn(&str, &str) -> Option<usize>,
    pass: u8,
    total: u64,
    progress: &mut dyn FnMut(Progress),
    each: &mut dyn FnMut(usize, &bson::RawDocument) -> Result<(), String>,
) -> Result<(), DumpError> {
    passes::each_document(data, index_of, each, &mut |bytes| progress(Progress { pass, bytes, total }))
}
