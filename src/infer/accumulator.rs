//! The streaming inference accumulator: feed it documents one at a time; it keeps counters per
//! field path, never the documents.
//!
//! Memory is bounded: at most [`InferOptions::max_paths`] distinct field paths are tracked
//! (further ones are counted in `untracked` and reported), each with fixed-size counters, a
//! bounded histogram of array lengths (see [`Histogram`]) and at most
//! [`InferOptions::max_formats`] string formats. Document sizes are exact BSON sizes computed
//! from the parsed value (`document_size`), kept in one more histogram.

use super::histogram::Histogram;
use super::value::{document_size, Kind, Value};
use crate::model::Thresholds;
use std::collections::HashMap;

/// Limits and thresholds of an inference run.
#[derive(Debug, Clone)]
pub struct InferOptions {
    /// Distinct field paths tracked; documents whose keys are data (ids as keys) stop here.
    pub max_paths: usize,
    /// Distinct string formats kept per field before the field counts as free text.
    pub max_formats: usize,
    /// Strings longer than this (bytes) are not classified into formats.
    pub format_max_bytes: usize,
    /// The figures documents and arrays are counted against (DOMAIN.md §4).
    pub thresholds: Thresholds,
}

impl Default for InferOptions {
    fn default() -> Self {
        InferOptions { max_paths: 5_000, max_formats: 8, format_max_bytes: 64, thresholds: Thresholds::default() }
    }
}

/// Counters of one array field.
#[derive(Debug, Clone, Default)]
pub(super) struct ArrayStats {
    pub lengths: Histogram,
    pub elements: [u64; Kind::COUNT],
    /// Arrays longer than `thresholds.few_max` (100), `array_warn` (1,000) and
    /// `array_atlas` (10,000).
    pub over_few: u64,
    pub over_warn: u64,
    pub over_atlas: u64,
}

/// Counters of one field path.
#[derive(Debug, Clone)]
pub(super) struct PathStats {
    pub name: String,
    pub parent: Option<usize>,
    children: HashMap<String, usize>,
    last_instance: u64,
    /// Objects (documents or sub-documents) that had this field.
    pub present: u64,
    /// Values by kind (array elements are counted in `array.elements`).
    pub types: [u64; Kind::COUNT],
    /// Sub-documents seen here, as the value or as array elements: the parent count of the
    /// paths below.
    pub objects: u64,
    pub string_count: u64,
    pub string_bytes: u64,
    pub binary_count: u64,
    pub binary_bytes: u64,
    /// Short strings by format (`+9 9 9-9`), while there are few formats.
    pub formats: Vec<(String, u64)>,
    /// Too many formats to be a coded value: formats are no longer tracked.
    pub free_text: bool,
    pub array: Option<Box<ArrayStats>>,
}

impl PathStats {
    fn new(name: &str, parent: Option<usize>) -> PathStats {
        PathStats {
            name: name.to_string(),
            parent,
            children: HashMap::new(),
            last_instance: 0,
            present: 0,
            types: [0; Kind::COUNT],
            objects: 0,
            string_count: 0,
            string_bytes: 0,
            binary_count: 0,
            binary_bytes: 0,
            formats: Vec::new(),
            free_text: false,
            array: None,
        }
    }
}

/// Documents over the size thresholds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SizeCounts {
    /// Over `doc_target_bytes` (1 MB).
    pub over_target: u64,
    /// Over `doc_atlas_bytes` (2 MB).
    pub over_atlas: u64,
    /// Over 80% of the 16 MiB limit.
    pub near_limit: u64,
    /// Over the 16 MiB limit (MongoDB would refuse them).
    pub over_limit: u64,
}

/// Depth beyond which sub-documents are not walked (the parser stops at 120 already).
const MAX_WALK_DEPTH: usize = 200;

/// The streaming accumulator.
#[derive(Debug, Clone)]
pub struct Accumulator {
    pub(super) options: InferOptions,
    pub(super) documents: u64,
    pub(super) sizes: Histogram,
    pub(super) size_counts: SizeCounts,
    pub(super) paths: Vec<PathStats>,
    root: HashMap<String, usize>,
    pub(super) untracked: u64,
    instance: u64,
    format_buf: String,
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator::new(InferOptions::default())
    }
}

impl Accumulator {
    pub fn new(options: InferOptions) -> Accumulator {
        Accumulator {
            options,
            documents: 0,
            sizes: Histogram::new(),
            size_counts: SizeCounts::default(),
            paths: Vec::new(),
            root: HashMap::new(),
            untracked: 0,
            instance: 0,
            format_buf: String::new(),
        }
    }

    /// Documents added so far.
    pub fn documents(&self) -> u64 {
        self.documents
    }

    /// Adds one sampled document.
    pub fn add(&mut self, doc: &[(String, Value)]) {
        self.documents += 1;
        let size = document_size(doc);
        self.sizes.add(size);
        let t = &self.options.thresholds;
        let c = &mut self.size_counts;
        c.over_target += (size > t.doc_target_bytes) as u64;
        c.over_atlas += (size > t.doc_atlas_bytes) as u64;
        c.near_limit += (size * 5 > t.doc_limit_bytes * 4) as u64;
        c.over_limit += (size > t.doc_limit_bytes) as u64;
        self.walk(None, doc, 0);
    }

    fn walk(&mut self, parent: Option<usize>, fields: &[(String, Value)], depth: usize) {
        self.instance += 1;
        let instance = self.instance;
        for (key, value) in fields {
            let Some(idx) = self.path(parent, key) else {
                self.untracked += 1;
                continue;
            };
            let stats = &mut self.paths[idx];
            if stats.last_instance != instance {
                stats.last_instance = instance;
                stats.present += 1;
            }
            stats.types[value.kind().index()] += 1;
            if let Value::Array(items) = value {
                let t = &self.options.thresholds;
                let (few, warn, atlas) = (t.few_max, t.array_warn, t.array_atlas);
                let array = stats.array.get_or_insert_with(Default::default);
                let len = items.len() as u64;
                array.lengths.add(len);
                array.over_few += (len > few) as u64;
                array.over_warn += (len > warn) as u64;
                array.over_atlas += (len > atlas) as u64;
            }
            self.content(idx, value, depth);
        }
    }

    /// Records what a value holds (string sizes and formats, sub-documents, array elements).
    fn content(&mut self, idx: usize, value: &Value, depth: usize) {
        match value {
            Value::String(s) => self.string(idx, s),
            Value::Binary { len, .. } => {
                let stats = &mut self.paths[idx];
                stats.binary_count += 1;
                stats.binary_bytes += len;
            }
            Value::Document(fields) if depth < MAX_WALK_DEPTH => {
                self.paths[idx].objects += 1;
                self.walk(Some(idx), fields, depth + 1);
            }
            Value::Array(items) if depth < MAX_WALK_DEPTH => {
                for item in items {
                    if let Some(array) = self.paths[idx].array.as_mut() {
                        array.elements[item.kind().index()] += 1;
                    }
                    // arrays of arrays are flattened into the same path
                    self.content(idx, item, depth + 1);
                }
            }
            _ => {}
        }
    }

    fn string(&mut self, idx: usize, s: &str) {
        let max_bytes = self.options.format_max_bytes;
        let max_formats = self.options.max_formats;
        let stats = &mut self.paths[idx];
        stats.string_count += 1;
        stats.string_bytes += s.len() as u64;
        if stats.free_text || s.len() > max_bytes {
            return;
        }
        string_format(s, &mut self.format_buf);
        let count = stats.formats.len();
        match stats.formats.iter_mut().find(|(f, _)| *f == self.format_buf) {
            Some((_, n)) => *n += 1,
            None if count < max_formats => stats.formats.push((self.format_buf.clone(), 1)),
            None => {
                stats.free_text = true;
                stats.formats = Vec::new();
            }
        }
    }

    /// The index of the path `parent.key`, created on first sight while under the cap.
    fn path(&mut self, parent: Option<usize>, key: &str) -> Option<usize> {
        let found = match parent {
            None => self.root.get(key),
            Some(p) => self.paths.get(p)?.children.get(key),
        };
        if let Some(idx) = found {
            return Some(*idx);
        }
        if self.paths.len() >= self.options.max_paths {
            return None;
        }
        let idx = self.paths.len();
        self.paths.push(PathStats::new(key, parent));
        match parent {
            None => self.root.insert(key.to_string(), idx),
            Some(p) => self.paths.get_mut(p)?.children.insert(key.to_string(), idx),
        };
        Some(idx)
    }
}

/// The format of a short string: digits become `9`, letters `a`, runs of either collapse,
/// other characters stay (`"+55 11 91234-5678"` → `"+9 9 9-9"`, `"(11) 91234-5678"` →
/// `"(9) 9-9"`).
pub fn string_format(s: &str, out: &mut String) {
    out.clear();
    let mut last = None;
    for c in s.chars() {
        let class = if c.is_ascii_digit() {
            '9'
        } else if c.is_alphabetic() {
            'a'
        } else {
            c
        };
        if (class == '9' || class == 'a') && last == Some(class) {
            continue;
        }
        out.push(class);
        last = Some(class);
    }
}
