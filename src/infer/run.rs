//! Driving an inference over a whole input: documents into the accumulator, malformed ones
//! counted with their positions.

use super::accumulator::Accumulator;
use super::stream::{open, Format, Malformed};
use serde::Serialize;
use std::io::Read;

/// Malformed documents whose message is kept (the rest are only counted).
pub const MAX_MESSAGES: usize = 20;

/// How often (in documents) the progress callback is called.
pub const PROGRESS_EVERY: u64 = 10_000;

/// What reading the input went like.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadSummary {
    /// The format used (the detected one when `auto` was asked).
    pub format: &'static str,
    /// Documents read and added.
    pub documents: u64,
    /// Documents (or NDJSON lines) that could not be read.
    pub malformed: u64,
    /// The first [`MAX_MESSAGES`] of them, with line and column.
    pub messages: Vec<Malformed>,
    /// Lines of text outside any document that were skipped (shell prompts and the like).
    pub skipped_lines: u64,
    pub bytes: u64,
    /// A read error that ended the input early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub io_error: Option<String>,
}

impl Serialize for Malformed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Malformed", 3)?;
        st.serialize_field("line", &self.line)?;
        st.serialize_field("column", &self.column)?;
        st.serialize_field("message", &self.message)?;
        st.end()
    }
}

/// Reads every document of `input` into `acc`. Malformed documents are counted and never stop
/// the run; `progress(bytes, documents)` is called every [`PROGRESS_EVERY`] documents.
pub fn infer_from<R: Read>(
    input: R,
    format: Format,
    acc: &mut Accumulator,
    mut progress: impl FnMut(u64, u64),
) -> std::io::Result<ReadSummary> {
    let mut docs = open(input, format)?;
    let mut summary = ReadSummary {
        format: docs.format().name(),
        documents: 0,
        malformed: 0,
        messages: Vec::new(),
        skipped_lines: 0,
        bytes: 0,
        io_error: None,
    };
    while let Some(item) = docs.next() {
        match item {
            Ok(doc) => {
                acc.add(&doc);
                summary.documents += 1;
                if summary.documents % PROGRESS_EVERY == 0 {
                    progress(docs.bytes_read(), summary.documents);
                }
            }
            Err(bad) => {
                summary.malformed += 1;
                if summary.messages.len() < MAX_MESSAGES {
                    summary.messages.push(bad);
                }
            }
        }
    }
    summary.skipped_lines = docs.skipped_lines;
    summary.bytes = docs.bytes_read();
    summary.io_error = docs.io_error().map(str::to_string);
    Ok(summary)
}

/// Infers from text in memory (tests, the browser's pasted samples).
pub fn infer_text(text: &str, format: Format, acc: &mut Accumulator) -> ReadSummary {
    let fallback = ReadSummary {
        format: format.name(),
        documents: 0,
        malformed: 0,
        messages: Vec::new(),
        skipped_lines: 0,
        bytes: 0,
        io_error: None,
    };
    infer_from(text.as_bytes(), format, acc, |_, _| {}).unwrap_or(fallback)
}
