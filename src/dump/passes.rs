//! The passes over a dump's documents. Each reads every document once, in file order, and keeps
//! counters only, so memory does not grow with the dump:
//!
//! 1. **Count**: documents and bytes per collection, and the values each collection is referred
//!    to by (`_id`, and the fields of single-field unique indexes) into bounded [`IdSet`]s.
//! 2. **Sample**: every `stride`-th document (`stride` = documents ÷ `--sample`, so the sample
//!    is spread over the whole collection, not its first documents) goes to the inference's
//!    accumulator, and its values are matched against the other collections' sets: the
//!    reference candidates.
//! 3. **Count children** (only for collections holding a reference found in pass 2): every
//!    document's values at the reference's path, counted per parent and matched, for the
//!    measured cardinality and the evidence.

use super::documents::{BsonError, Documents, Frame};
use super::ids::{key_of, IdSet, Key};
use super::paths::{scalars, values_at};
use super::source::{decompressed, CollectionFiles, Input};
use super::to_value::to_document;
use crate::infer::{Accumulator, InferOptions};
use bson::RawDocument;
use std::collections::HashMap;

/// A file could not be read: which, where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DumpError {
    pub file: String,
    /// Byte offset (of the uncompressed data) where the bad document starts, when known.
    pub offset: Option<u64>,
    /// Line (of a text file), when known.
    pub line: Option<u64>,
    pub message: String,
}

impl std::fmt::Display for DumpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.offset, self.line) {
            (Some(offset), _) => write!(f, "{}: at byte {offset}: {}", self.file, self.message),
            (None, Some(line)) => write!(f, "{}: line {line}: {}", self.file, self.message),
            (None, None) => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl DumpError {
    pub fn new(file: &str, message: impl Into<String>) -> DumpError {
        DumpError { file: file.to_string(), offset: None, line: None, message: message.into() }
    }

    fn at(file: &str, e: BsonError) -> DumpError {
        DumpError { file: file.to_string(), offset: Some(e.offset), line: None, message: e.message }
    }
}

/// Where the documents come from.
pub enum Data<'a> {
    /// A folder's collections, each its own file.
    Files(&'a [CollectionFiles]),
    /// One archive.
    Archive(&'a dyn Input),
}

/// Calls `each(collection, document)` for every document of the dump whose collection
/// `index_of` knows; `progress(bytes)` after every few megabytes.
pub fn each_document(
    data: &Data<'_>,
    index_of: &dyn Fn(&str, &str) -> Option<usize>,
    each: &mut dyn FnMut(usize, &RawDocument) -> Result<(), String>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), DumpError> {
    const PROGRESS_EVERY: u64 = 8 << 20;
    let mut bytes = 0u64;
    let mut next_report = PROGRESS_EVERY;
    let mut count = |len: usize, progress: &mut dyn FnMut(u64)| {
        bytes += len as u64;
        if bytes >= next_report {
            next_report = bytes + PROGRESS_EVERY;
            progress(bytes);
        }
    };
    match data {
        Data::Files(collections) => {
            for c in collections.iter() {
                let (Some(input), Some(index)) = (&c.data, index_of(&c.db, &c.name)) else { continue };
                let file = input.name();
                let reader =
                    decompressed(input.as_ref()).map_err(|e| DumpError::new(file, format!("cannot read: {e}")))?;
                let mut docs = Documents::new(reader);
                loop {
                    let at = docs.offset();
                    match docs.next_frame().map_err(|e| DumpError::at(file, e))? {
                        Frame::End => break,
                        Frame::Terminator => {
                            return Err(DumpError::at(
                                file,
                                BsonError {
                                    offset: at,
                                    message: "a document's length says -1 (not BSON, or damaged)".into(),
                                },
                            ))
                        }
                        Frame::Document(doc) => {
                            count(doc.as_bytes().len(), progress);
                            each(index, doc)
                                .map_err(|message| DumpError::at(file, BsonError { offset: at, message }))?;
                        }
                    }
                }
            }
        }
        Data::Archive(input) => {
            let file = input.name();
            let reader = decompressed(*input).map_err(|e| DumpError::new(file, format!("cannot read: {e}")))?;
            let (_, mut docs) = super::archive::open(reader).map_err(|e| DumpError::at(file, e))?;
            super::archive::for_each_document(&mut docs, |db, name, at, doc| {
                count(doc.as_bytes().len(), progress);
                let Some(index) = index_of(db, name) else { return Ok(()) };
                each(index, doc).map_err(|message| BsonError { offset: at, message })
            })
            .map_err(|e| DumpError::at(file, e))?;
        }
    }
    progress(bytes);
    Ok(())
}

/// One collection's counters across the passes.
pub struct Scan {
    pub db: String,
    pub name: String,
    /// Pass 1: documents and bytes.
    pub documents: u64,
    pub bytes: u64,
    /// Pass 2: one document in `stride` is sampled.
    pub stride: u64,
    position: u64,
    pub acc: Accumulator,
    /// Pass 2: the fields whose values were matched against the other collections' values.
    pub candidates: Vec<Candidate>,
    candidate_at: HashMap<(String, bool), usize>,
    /// Pass 3: the tallies of the references this collection holds.
    pub tallies: Vec<Tally>,
}

/// A field's values matched against every target (pass 2).
#[derive(Debug, Clone)]
pub struct Candidate {
    pub path: String,
    /// The values are the elements of an array at `path` (ids kept in the parent).
    pub in_array: bool,
    /// Some values are numbers.
    pub numeric: bool,
    /// Per target: values looked up (those the target's set keeps) and found.
    pub looked: Vec<(u64, u64)>,
}

/// One reference's figures over every document of its collection (pass 3).
#[derive(Debug, Clone)]
pub struct Tally {
    pub path: String,
    pub in_array: bool,
    pub target: usize,
    pub looked: u64,
    pub found: u64,
    /// How many values (children, or arrays holding it) point at each parent kept by the set.
    pub per_parent: HashMap<u64, u32>,
}

/// A set of values another collection's fields may point at.
pub struct Target {
    pub collection: usize,
    /// `_id`, or the field of a single-field unique index.
    pub field: String,
    pub ids: IdSet,
}

/// Distinct paths followed per collection for references.
const MAX_CANDIDATES: usize = 1_000;

impl Scan {
    pub fn new(db: &str, name: &str, options: InferOptions) -> Scan {
        Scan {
            db: db.to_string(),
            name: name.to_string(),
            documents: 0,
            bytes: 0,
            stride: 1,
            position: 0,
            acc: Accumulator::new(options),
            candidates: Vec::new(),
            candidate_at: HashMap::new(),
            tallies: Vec::new(),
        }
    }

    /// Pass 1: counts the document and offers its `_id` (and unique fields) to the sets.
    pub fn count(&mut self, doc: &RawDocument, sets: &mut [(String, IdSet)]) -> Result<(), String> {
        self.documents += 1;
        self.bytes += doc.as_bytes().len() as u64;
        for (field, set) in sets.iter_mut() {
            let value = doc.get(field.as_str()).map_err(|e| format!("a malformed element: {e}"))?;
            if let Some(Key { hash, .. }) = value.and_then(key_of) {
                set.insert(hash);
            }
        }
        Ok(())
    }

    /// Pass 2: samples one document in `stride`.
    pub fn sample(&mut self, doc: &RawDocument, targets: &[Target]) -> Result<(), String> {
        let sampled = self.position % self.stride == 0;
        self.position += 1;
        if !sampled {
            return Ok(());
        }
        self.acc.add(&to_document(doc)?);
        let (candidates, at) = (&mut self.candidates, &mut self.candidate_at);
        scalars(doc, &mut |path, in_array, value| {
            let Some(key) = key_of(value) else { return };
            let index = match at.get(&(path.to_string(), in_array)) {
                Some(i) => *i,
                None if candidates.len() < MAX_CANDIDATES => {
                    candidates.push(Candidate {
                        path: path.to_string(),
                        in_array,
                        numeric: false,
                        looked: vec![(0, 0); targets.len()],
                    });
                    at.insert((path.to_string(), in_array), candidates.len() - 1);
                    candidates.len() - 1
                }
                None => return,
            };
            let c = &mut candidates[index];
            c.numeric |= key.numeric;
            for (t, target) in targets.iter().enumerate() {
                if target.ids.keeps(key.hash) {
                    c.looked[t].0 += 1;
                    c.looked[t].1 += u64::from(target.ids.contains(key.hash));
                }
            }
        });
        Ok(())
    }

    /// Pass 3: counts every document's values of each reference.
    pub fn tally(&mut self, doc: &RawDocument, targets: &[Target]) {
        for t in &mut self.tallies {
            let target = &targets[t.target].ids;
            let path: Vec<&str> = t.path.split('.').collect();
            let mut seen_here: Vec<u64> = Vec::new();
            values_at(doc, &path, t.in_array, &mut |value| {
                let Some(key) = key_of(value) else { return };
                if !target.keeps(key.hash) {
                    return;
                }
                t.looked += 1;
                if target.contains(key.hash) {
                    t.found += 1;
                    // An array holding one id twice points at it once.
                    if !t.in_array || !seen_here.contains(&key.hash) {
                        *t.per_parent.entry(key.hash).or_insert(0) += 1;
                        seen_here.push(key.hash);
                    }
                }
            });
        }
    }
}
