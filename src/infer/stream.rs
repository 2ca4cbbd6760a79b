//! Reading documents one at a time from any `BufRead`: NDJSON (mongoexport), Extended JSON
//! and mongosh output (a sequence of documents or arrays of them), with format detection and
//! recovery after a malformed document.

use super::parser::{Dialect, Parser};
use super::source::{ParseError, Source};
use super::value::{Document, Value};
use std::io::{BufRead, Read};

/// Lines longer than this are reported as malformed without being parsed (the BSON limit is
/// 16 MiB; its JSON text is rarely more than three times that).
pub const MAX_LINE_BYTES: u64 = 64 * 1024 * 1024;

/// How much of the input format detection looks at.
pub const DETECT_BYTES: usize = 64 * 1024;

/// The input formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Look at the start of the input and pick one of the others.
    Auto,
    /// One document per line (mongoexport's default); each line may use shell syntax too.
    Ndjson,
    /// Strict Extended JSON documents, one after another or in an array, over many lines.
    Ejson,
    /// mongosh / mongo shell output of `find()`: relaxed syntax over many lines.
    Shell,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Auto => "auto",
            Format::Ndjson => "ndjson",
            Format::Ejson => "ejson",
            Format::Shell => "shell",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        [Format::Auto, Format::Ndjson, Format::Ejson, Format::Shell].into_iter().find(|f| f.name() == name)
    }
}

/// Picks the format from the first bytes of the input: NDJSON when the first non-blank line
/// is a whole document, otherwise strict Extended JSON if the first document parses as JSON
/// (or ends before showing shell syntax), otherwise shell.
pub fn detect(prefix: &[u8]) -> Format {
    let text = String::from_utf8_lossy(prefix);
    let text = text.trim_start_matches('\u{feff}');
    let trimmed = text.trim_start();
    if !trimmed.starts_with('{') && !trimmed.starts_with('[') {
        return Format::Shell; // a prompt or other text before the documents
    }
    if trimmed.starts_with('{') {
        let first_line = trimmed.lines().next().unwrap_or("");
        let complete_line = first_line.len() < trimmed.len() || prefix.len() < DETECT_BYTES;
        if complete_line && super::parser::parse_document(first_line, Dialect::Shell).is_ok() {
            return Format::Ndjson;
        }
    }
    let mut p = Parser::new(Source::new(trimmed.as_bytes()), Dialect::Json);
    match p.value(0) {
        Ok(_) => Format::Ejson,
        Err(e) if e.eof => Format::Ejson,
        Err(_) => Format::Shell,
    }
}

/// A document that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl From<ParseError> for Malformed {
    fn from(e: ParseError) -> Malformed {
        Malformed { line: e.line, column: e.column, message: e.message }
    }
}

/// Streams documents; yields `Err` for each malformed one and goes on after it.
pub struct Documents<R: BufRead> {
    parser: Parser<R>,
    format: Format,
    line_buf: Vec<u8>,
    line_no: u64,
    bytes: u64,
    done: bool,
    /// Lines of text outside any document that were skipped (shell prompts, `Type "it" for more`).
    pub skipped_lines: u64,
}

impl<R: BufRead> Documents<R> {
    /// Reads `input` as `format`, which must not be `Auto` (see [`open`]).
    pub fn new(input: R, format: Format) -> Documents<R> {
        let dialect = if format == Format::Ejson { Dialect::Json } else { Dialect::Shell };
        Documents {
            parser: Parser::new(Source::new(input), dialect),
            format,
            line_buf: Vec::new(),
            line_no: 0,
            bytes: 0,
            done: false,
            skipped_lines: 0,
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// Bytes of input consumed so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        match self.format {
            Format::Ndjson => self.bytes,
            _ => self.parser.src.consumed(),
        }
    }

    /// A read error that ended the input early, if any.
    pub fn io_error(&self) -> Option<&str> {
        self.parser.src.io_error.as_deref()
    }

    fn next_line(&mut self) -> Option<Result<Document, Malformed>> {
        loop {
            self.line_buf.clear();
            let reader = &mut self.parser.src;
            let n = match read_line_capped(reader, &mut self.line_buf) {
                Ok(n) => n,
                Err(e) => {
                    reader.io_error = Some(e.to_string());
                    return None;
                }
            };
            if n.read == 0 {
                return None;
            }
            self.line_no += 1;
            self.bytes += n.read;
            if n.truncated {
                let message = format!("the line is longer than {MAX_LINE_BYTES} bytes; skipped");
                return Some(Err(Malformed { line: self.line_no, column: 1, message }));
            }
            if self.line_buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            return Some(line_document(&self.line_buf, self.line_no).map_err(Malformed::from));
        }
    }

    fn next_multiline(&mut self) -> Option<Result<Document, Malformed>> {
        loop {
            if let Err(e) = self.parser.skip_ws() {
                self.done = true;
                return Some(Err(e.into()));
            }
            match self.parser.src.peek() {
                None => return None,
                // Top-level brackets and commas only frame the documents.
                Some(b'[' | b']' | b',') => {
                    self.parser.src.bump();
                }
                Some(b'{') => {
                    let indent = self.parser.src.column();
                    self.parser.src.set_limit(Some(MAX_LINE_BYTES));
                    let parsed = self.parser.document(0);
                    self.parser.src.set_limit(None);
                    return Some(match parsed {
                        Ok(Value::Document(doc)) => Ok(doc),
                        Ok(other) => Err(Malformed {
                            line: self.parser.src.line(),
                            column: indent,
                            message: format!("expected a document, found a {} wrapper", other.kind().name()),
                        }),
                        Err(e) => {
                            let e = e.into();
                            self.resync(indent);
                            Err(e)
                        }
                    });
                }
                Some(_) if self.format == Format::Shell => {
                    self.skipped_lines += 1;
                    self.parser.src.skip_line();
                }
                Some(_) => {
                    let err = self.parser.src.error("expected a document ('{')");
                    self.parser.src.skip_line();
                    return Some(Err(err.into()));
                }
            }
        }
    }

    /// After a malformed document: skips to the next line that opens a document at the same
    /// indentation or less (`{` as the line's first character), or a top-level `[`.
    fn resync(&mut self, indent: u64) {
        let src = &mut self.parser.src;
        src.skip_line();
        loop {
            let mut spaces = Vec::new();
            src.take_while(&mut spaces, |b| b == b' ' || b == b'\t');
            match src.peek() {
                None => return,
                Some(b'{') if src.column() <= indent => return,
                Some(b'[') if src.column() == 1 => return,
                _ => src.skip_line(),
            }
        }
    }
}

impl<R: BufRead> Iterator for Documents<R> {
    type Item = Result<Document, Malformed>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.format {
            Format::Ndjson => self.next_line(),
            _ => self.next_multiline(),
        };
        if item.is_none() {
            self.done = true;
        }
        item
    }
}

/// Parses one NDJSON line as a document, with positions on its line of the file.
fn line_document(line: &[u8], line_no: u64) -> Result<Document, ParseError> {
    let mut p = Parser::new(Source::starting_at(line, line_no), Dialect::Shell);
    p.skip_ws()?;
    let at = p.src.position();
    let value = p.value(0)?;
    p.skip_ws()?;
    if p.src.peek().is_some_and(|b| b != b',') {
        return Err(p.src.error("unexpected text after the document (one document per line)"));
    }
    match value {
        Value::Document(doc) => Ok(doc),
        other => Err(p.src.error_at(at, format!("expected a document, found a value of type {}", other.kind().name()))),
    }
}

struct LineRead {
    read: u64,
    truncated: bool,
}

/// Reads a line into `buf`, keeping at most [`MAX_LINE_BYTES`] and discarding the rest.
fn read_line_capped<R: BufRead>(src: &mut Source<R>, buf: &mut Vec<u8>) -> std::io::Result<LineRead> {
    let before = src.consumed();
    src.set_limit(Some(MAX_LINE_BYTES + 1));
    src.take_while(buf, |b| b != b'\n');
    let truncated = buf.len() as u64 > MAX_LINE_BYTES;
    if truncated {
        buf.clear();
        src.skip_line();
    } else {
        src.set_limit(None);
        src.bump();
    }
    if let Some(e) = &src.io_error {
        return Err(std::io::Error::other(e.clone()));
    }
    Ok(LineRead { read: src.consumed() - before, truncated })
}

/// Detects the format of `input` when `format` is `Auto`, reading a prefix and replaying it,
/// and returns the document stream.
pub fn open<R: Read>(mut input: R, format: Format) -> std::io::Result<Documents<impl BufRead>> {
    let mut prefix = Vec::with_capacity(DETECT_BYTES);
    (&mut input).take(DETECT_BYTES as u64).read_to_end(&mut prefix)?;
    if let Some(at) = prefix.iter().position(|b| *b == 0) {
        let line = prefix[..at].iter().filter(|b| **b == b'\n').count() + 1;
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "line {line} holds a zero byte, which text never does: this is binary data (BSON from mongodump? \
                 turn it into JSON with bsondump) or UTF-16 text; docshape reads UTF-8 text"
            ),
        ));
    }
    let format = match format {
        Format::Auto => detect(&prefix),
        f => f,
    };
    let reader = std::io::BufReader::with_capacity(256 * 1024, std::io::Cursor::new(prefix).chain(input));
    Ok(Documents::new(reader, format))
}
