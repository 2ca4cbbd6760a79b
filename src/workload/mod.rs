//! The workload as the server sees it: mongod's log (4.4 and later), `system.profile` documents
//! and `$queryStats` output, read into access patterns with what was measured.
//!
//! Each record is read by [`records`] into the command it ran, that command by `crate::mql`
//! (the reader the app and the command line share) into a pattern, and patterns of one query
//! shape are grouped by [`shapes`]. A file is streamed a line at a time (or a document at a
//! time, for a JSON array), so a log of any size is read in bounded memory: one line, and the
//! counters of at most `max_shapes` shapes.
//!
//! **Rates.** A shape's rate per minute is its executions over the minutes the records span.
//! mongod logs only operations slower than `slowms` (100 ms by default), and the profiler at
//! level 1 records the same ones: from those the rate is a floor, and the pattern says so,
//! unless the reader states that everything was captured (`slowms` 0, or the profiler at
//! level 2). `$queryStats` counts every execution of a shape: its rates are not floors.

pub mod records;
pub mod shapes;

use crate::dump::{source::decompressed, DumpError, Input};
use crate::infer::{parse_document, thousands, Dialect, Format};
use crate::model::{filters_text, AccessPattern, Entity, Model};
use records::{read_record, Reading, Record};
use shapes::Shape;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Read};

/// How a workload is read.
#[derive(Debug, Clone)]
pub struct WorkloadOptions {
    /// Every operation was recorded (`slowms` 0, or the profiler at level 2): rates are not floors.
    pub complete: bool,
    /// Query shapes kept; executions of further shapes are counted and dropped.
    pub max_shapes: usize,
}

impl Default for WorkloadOptions {
    fn default() -> Self {
        WorkloadOptions { complete: false, max_shapes: 10_000 }
    }
}

/// Lines longer than this are counted as malformed and skipped (mongod truncates a log line's
/// attributes at 10 KB by default: `maxLogSizeKB`).
pub const MAX_LINE_BYTES: usize = 16 << 20;

/// Problems whose line is kept per file (the rest are counted).
const MAX_PROBLEMS: usize = 10;

/// What one file held.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileSummary {
    pub name: String,
    pub lines: u64,
    /// Executions read (a `$queryStats` entry counts its `execCount`).
    pub executions: u64,
    /// Lines that are not JSON (skipped and counted).
    pub not_json: u64,
    /// Lines of the plain-text log of servers before 4.4 (skipped and counted).
    pub older_format: u64,
    /// Log messages that are not slow queries.
    pub other_messages: u64,
    /// JSON that is no record docshape knows.
    pub unknown: u64,
    /// Records of something that is no access pattern, by what they were (`getMore`, `hello`…).
    pub skipped: BTreeMap<String, u64>,
    /// Commands `mql` could not read.
    pub unreadable: u64,
    /// The first problems, with their line.
    pub problems: Vec<(u64, String)>,
}

/// What reading the workload found beside the patterns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WorkloadReport {
    pub files: Vec<FileSummary>,
    /// Patterns added to the model.
    pub patterns: usize,
    /// The minutes the log and profiler records span.
    pub span_minutes: f64,
    /// Executions of shapes past `max_shapes`.
    pub dropped: u64,
    /// Collections the workload names that the model had no entity for (added, without fields).
    pub new_collections: Vec<String>,
}

struct Reader<'m> {
    model: &'m mut Model,
    options: &'m WorkloadOptions,
    shapes: Vec<(Shape, String)>,
    by_key: HashMap<String, usize>,
    first: Option<i64>,
    last: Option<i64>,
    report: WorkloadReport,
}

/// Reads the workload files into access patterns added to `model`. A file that cannot be read
/// is an error naming it; lines that are not records are skipped and counted per file.
pub fn read_workload(
    inputs: &[&dyn Input],
    model: &mut Model,
    options: &WorkloadOptions,
    progress: &mut dyn FnMut(&str, u64),
) -> Result<WorkloadReport, DumpError> {
    let mut reader = Reader {
        model,
        options,
        shapes: Vec::new(),
        by_key: HashMap::new(),
        first: None,
        last: None,
        report: WorkloadReport::default(),
    };
    for input in inputs {
        let summary = reader.file(*input, progress)?;
        reader.report.files.push(summary);
    }
    Ok(reader.finish(inputs))
}

impl Reader<'_> {
    fn file(&mut self, input: &dyn Input, progress: &mut dyn FnMut(&str, u64)) -> Result<FileSummary, DumpError> {
        let name = input.name().to_string();
        let mut summary = FileSummary { name: name.clone(), ..FileSummary::default() };
        let stream = decompressed(input).map_err(|e| DumpError::new(&name, format!("cannot read: {e}")))?;
        let mut stream = BufReader::with_capacity(256 * 1024, stream);
        let starts_array = {
            let head = stream.fill_buf().map_err(|e| DumpError::new(&name, format!("cannot read: {e}")))?;
            head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
        };
        if starts_array {
            // A JSON array of profiler documents or query stats (`.toArray()` printed as JSON).
            let docs = crate::infer::open(stream, Format::Ejson).map_err(|e| DumpError::new(&name, e.to_string()))?;
            let mut docs = docs;
            while let Some(item) = docs.next() {
                summary.lines += 1;
                match item {
                    Ok(doc) => self.record(read_record(&doc), summary.lines, &mut summary),
                    Err(bad) => {
                        summary.not_json += 1;
                        problem(&mut summary, bad.line, format!("not JSON: column {}: {}", bad.column, bad.message));
                    }
                }
                if summary.lines % 10_000 == 0 {
                    progress(&name, docs.bytes_read());
                }
            }
            return Ok(summary);
        }
        let mut line = Vec::new();
        let mut bytes = 0u64;
        loop {
            line.clear();
            let n =
                (&mut stream).take(MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut line).map_err(|e| DumpError {
                    file: name.clone(),
                    offset: None,
                    line: Some(summary.lines + 1),
                    message: format!("read error: {e}"),
                })?;
            if n == 0 {
                break;
            }
            bytes += n as u64;
            summary.lines += 1;
            let number = summary.lines;
            if line.len() > MAX_LINE_BYTES && line.last() != Some(&b'\n') {
                // Skip the rest of the over-long line.
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    let m = (&mut stream).take(1 << 20).read_until(b'\n', &mut rest).unwrap_or(0);
                    bytes += m as u64;
                    if m == 0 || rest.last() == Some(&b'\n') {
                        break;
                    }
                }
                summary.not_json += 1;
                problem(&mut summary, number, format!("a line over {} MiB; skipped", MAX_LINE_BYTES >> 20));
                continue;
            }
            self.line(&line, number, &mut summary);
            if number % 100_000 == 0 {
                progress(&name, bytes);
            }
        }
        progress(&name, bytes);
        Ok(summary)
    }

    fn line(&mut self, line: &[u8], number: u64, summary: &mut FileSummary) {
        let Ok(text) = std::str::from_utf8(line) else {
            summary.not_json += 1;
            problem(summary, number, "not UTF-8 text".into());
            return;
        };
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if !text.starts_with('{') {
            if older_log_line(text) {
                summary.older_format += 1;
                if summary.older_format == 1 {
                    problem(summary, number, "a plain-text log line, as servers before 4.4 wrote them: docshape reads the JSON log of 4.4 and later".into());
                }
            } else {
                summary.not_json += 1;
                problem(summary, number, "not JSON".into());
            }
            return;
        }
        // mongod's structured log: read straight from the text, or parsed whole below when the
        // line is not in the plain form mongod writes.
        if text.starts_with("{\"t\":") {
            if let Some(reading) = records::read_log_line(text) {
                return self.record(reading, number, summary);
            }
        }
        match parse_document(text, Dialect::Json) {
            Ok(doc) => self.record(read_record(&doc), number, summary),
            Err(e) => {
                summary.not_json += 1;
                problem(summary, number, format!("not JSON: column {}: {}", e.column, e.message));
            }
        }
    }

    fn record(&mut self, reading: Reading, number: u64, summary: &mut FileSummary) {
        let execution = match reading {
            Reading::Execution(e) => e,
            Reading::OtherMessage => {
                summary.other_messages += 1;
                return;
            }
            Reading::Skipped(what) => {
                *summary.skipped.entry(what).or_insert(0) += 1;
                return;
            }
            Reading::Unknown => {
                summary.unknown += 1;
                problem(
                    summary,
                    number,
                    "JSON, but neither a log line, a system.profile document nor a $queryStats entry".into(),
                );
                return;
            }
        };
        let call = match crate::mql::from_command(&execution.command) {
            Ok(call) => call,
            Err(message) => {
                summary.unreadable += 1;
                problem(summary, number, format!("a command docshape cannot read: {message}"));
                return;
            }
        };
        if crate::mql::entity_of(self.model, &call.collection).is_none() {
            let id = self.model.fresh_id(&crate::infer::entity_id(&call.collection));
            let mut e = Entity::new(&id, &call.collection);
            e.notes = "Named by the workload; no documents of it were read.".into();
            self.model.entities.push(e);
            self.report.new_collections.push(call.collection.clone());
        }
        let mut pattern = AccessPattern::new("", "", "");
        if let Err(e) = crate::mql::fill(&mut pattern, &call, "", self.model) {
            summary.unreadable += 1;
            problem(summary, number, e.to_string());
            return;
        }
        summary.executions += execution.executions;
        if execution.record != Record::QueryStats {
            for at in [execution.at, execution.last_at].into_iter().flatten() {
                self.first = Some(self.first.map_or(at, |f| f.min(at)));
                self.last = Some(self.last.map_or(at, |l| l.max(at)));
            }
        }
        let limit = pattern.page_size;
        let key = shapes::key(&pattern);
        let at = match self.by_key.get(&key) {
            Some(at) => *at,
            None if self.shapes.len() < self.options.max_shapes => {
                self.shapes.push((Shape::new(pattern, execution.record), call.method.clone()));
                self.by_key.insert(key, self.shapes.len() - 1);
                self.shapes.len() - 1
            }
            None => {
                self.report.dropped += execution.executions;
                return;
            }
        };
        self.shapes[at].0.add(&execution, limit);
    }

    fn finish(mut self, inputs: &[&dyn Input]) -> WorkloadReport {
        let span_ms = match (self.first, self.last) {
            (Some(first), Some(last)) => (last - first).max(0),
            _ => 0,
        };
        // A file of one instant still spans the minute it was written in.
        let span_minutes = (span_ms as f64 / 60_000.0).max(1.0);
        self.report.span_minutes = span_minutes;
        let source: Vec<&str> = inputs.iter().map(|i| i.name()).collect();
        let source = source.join(", ");
        let mut shapes = std::mem::take(&mut self.shapes);
        shapes.sort_by_key(|s| std::cmp::Reverse(s.0.executions));
        for (shape, method) in shapes {
            let minutes = match shape.seen {
                Some((first, last)) => ((last - first) as f64 / 60_000.0).max(1.0),
                None => span_minutes,
            };
            let measured = shape.measured(&source, minutes, self.options.complete);
            let mut p = shape.pattern;
            let entity = self.model.entity(&p.entity).map(|e| e.name.clone()).unwrap_or_default();
            p.id = self.model.fresh_id(&format!("w_{}", crate::infer::entity_id(&entity)));
            let filters = filters_text(&p.filters);
            p.name = if filters.is_empty() {
                format!("{method} {entity}")
            } else {
                format!("{method} {entity} by {filters}")
            };
            p.page_size = shape.limit;
            p.per_minute = ((measured.executions as f64 / minutes) * 100.0).round() / 100.0;
            p.call = crate::mql::call_of(&p, self.model);
            p.notes = notes(&measured);
            p.measured = Some(measured);
            self.model.queries.push(p);
            self.report.patterns += 1;
        }
        self.report
    }
}

/// The pattern's notes: the rate and where it comes from, the plan, the durations.
fn notes(m: &crate::model::MeasuredUse) -> String {
    let mut out = format!(
        "Measured in {}: {} executions over {:.0} minutes ({}).",
        m.source,
        thousands(m.executions),
        m.span_minutes,
        m.record
    );
    if m.rate_is_floor {
        out.push_str(
            " The rate is a floor: the log (and the profiler at level 1) holds only operations slower than slowms, 100 ms by default.",
        );
    }
    if let Some(plan) = m.plans.first() {
        out.push_str(&format!(" Plan: {} ({} of {}).", plan.plan, thousands(plan.count), thousands(m.executions)));
    }
    if m.sorts_in_memory > 0 {
        out.push_str(&format!(" Sorted in memory {} times.", thousands(m.sorts_in_memory)));
    }
    if let Some(d) = &m.duration_ms {
        out.push_str(&format!(
            " Duration median {} ms, p95 {} ms, max {} ms.",
            thousands(d.median),
            thousands(d.p95.unwrap_or(d.p99)),
            thousands(d.max)
        ));
    }
    out
}

fn problem(summary: &mut FileSummary, line: u64, message: String) {
    if summary.problems.len() < MAX_PROBLEMS {
        summary.problems.push((line, message));
    }
}

/// `2020-05-01T15:16:17.180+0000 I COMMAND [conn1] …`: the text log before 4.4.
fn older_log_line(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() > 20 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[7] == b'-' && b[10] == b'T'
}
