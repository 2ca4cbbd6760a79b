//! A byte source over any `BufRead` that knows its line and column, for streaming parsers.

use std::fmt;
use std::io::{BufRead, ErrorKind};

/// Why the parser stopped, and where (1-based line and column; columns count characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: u64,
    pub column: u64,
    pub message: String,
    /// The input ended in the middle of a value (a truncated document).
    pub eof: bool,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Bytes with their position. Read errors end the input and are kept in `io_error`.
pub struct Source<R> {
    inner: R,
    line: u64,
    column: u64,
    consumed: u64,
    /// Bytes past this offset read as the end of the input (see [`Source::set_limit`]).
    limit: u64,
    /// The first read error met, if any (the input is treated as ended there).
    pub io_error: Option<String>,
}

impl<R: BufRead> Source<R> {
    pub fn new(inner: R) -> Source<R> {
        Source::starting_at(inner, 1)
    }

    /// A source whose first byte is on `line` (for one NDJSON line parsed on its own).
    pub fn starting_at(inner: R, line: u64) -> Source<R> {
        Source { inner, line, column: 1, consumed: 0, limit: u64::MAX, io_error: None }
    }

    pub fn line(&self) -> u64 {
        self.line
    }

    pub fn column(&self) -> u64 {
        self.column
    }

    /// Bytes consumed so far.
    pub fn consumed(&self) -> u64 {
        self.consumed
    }

    /// Makes the input appear to end `max_bytes` from here, so one oversized document cannot
    /// exhaust memory; `None` lifts the limit.
    pub fn set_limit(&mut self, max_bytes: Option<u64>) {
        self.limit = max_bytes.map_or(u64::MAX, |n| self.consumed.saturating_add(n));
    }

    /// Whether the limit set by [`Source::set_limit`] has been reached.
    pub fn at_limit(&self) -> bool {
        self.consumed >= self.limit
    }

    /// The bytes buffered ahead of the cursor (empty at the end of the input or the limit).
    pub fn buffered(&mut self) -> &[u8] {
        if self.io_error.is_some() || self.at_limit() {
            return &[];
        }
        let room = usize::try_from(self.limit - self.consumed).unwrap_or(usize::MAX);
        loop {
            match self.inner.fill_buf() {
                Ok(_) => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.io_error = Some(e.to_string());
                    return &[];
                }
            }
        }
        let buf = self.inner.fill_buf().unwrap_or(&[]);
        &buf[..buf.len().min(room)]
    }

    pub fn peek(&mut self) -> Option<u8> {
        self.buffered().first().copied()
    }

    /// The byte after the next one, if it is already buffered.
    pub fn peek2(&mut self) -> Option<u8> {
        self.buffered().get(1).copied()
    }

    pub fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.advance(std::slice::from_ref(&b));
        self.inner.consume(1);
        Some(b)
    }

    /// Consumes bytes while `keep` holds, appending them to `out`; returns when a byte fails
    /// `keep` or the input ends. Works a buffer at a time.
    pub fn take_while(&mut self, out: &mut Vec<u8>, keep: impl Fn(u8) -> bool) {
        loop {
            let buf = self.buffered();
            if buf.is_empty() {
                return;
            }
            let n = buf.iter().position(|&b| !keep(b)).unwrap_or(buf.len());
            out.extend_from_slice(&buf[..n]);
            let done = n < buf.len();
            let (line, column) = position_after(self.line, self.column, &out[out.len() - n..]);
            self.line = line;
            self.column = column;
            self.consumed += n as u64;
            self.inner.consume(n);
            if done {
                return;
            }
        }
    }

    /// Skips the rest of the current line, including its newline (lifting any limit).
    pub fn skip_line(&mut self) {
        self.limit = u64::MAX;
        loop {
            let buf = self.buffered();
            if buf.is_empty() {
                return;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.consumed += i as u64 + 1;
                    self.inner.consume(i + 1);
                    self.line += 1;
                    self.column = 1;
                    return;
                }
                None => {
                    let n = buf.len();
                    self.consumed += n as u64;
                    self.inner.consume(n);
                }
            }
        }
    }

    fn advance(&mut self, bytes: &[u8]) {
        let (line, column) = position_after(self.line, self.column, bytes);
        self.line = line;
        self.column = column;
        self.consumed += bytes.len() as u64;
    }

    /// An error at the current position.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError { line: self.line, column: self.column, message: message.into(), eof: false }
    }

    /// An error at a position noted earlier.
    pub fn error_at(&self, (line, column): (u64, u64), message: impl Into<String>) -> ParseError {
        ParseError { line, column, message: message.into(), eof: false }
    }

    /// The input ended where `what` was expected.
    pub fn eof(&self, what: &str) -> ParseError {
        let message = match &self.io_error {
            Some(io) => format!("read error while expecting {what}: {io}"),
            None if self.at_limit() => "the document's text is too long (over 64 MiB); skipped".to_string(),
            None => format!("the input ends where {what} was expected (truncated document?)"),
        };
        ParseError { line: self.line, column: self.column, message, eof: true }
    }

    pub fn position(&self) -> (u64, u64) {
        (self.line, self.column)
    }
}

/// Line and column after reading `bytes` from (`line`, `column`); UTF-8 continuation bytes
/// do not advance the column.
fn position_after(line: u64, column: u64, bytes: &[u8]) -> (u64, u64) {
    let chars = |b: &[u8]| b.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64;
    match bytes.iter().rposition(|&b| b == b'\n') {
        None => (line, column + chars(bytes)),
        Some(last) => {
            let newlines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
            (line + newlines, 1 + chars(&bytes[last + 1..]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_lines_and_character_columns() {
        let mut s = Source::new("ab\nñx".as_bytes());
        let mut out = Vec::new();
        s.take_while(&mut out, |b| b != b'x');
        assert_eq!(out, "ab\nñ".as_bytes());
        assert_eq!((s.line(), s.column()), (2, 2));
        assert_eq!(s.bump(), Some(b'x'));
        assert_eq!(s.peek(), None);
        assert_eq!(s.consumed(), 6);
    }

    #[test]
    fn skip_line_moves_to_the_next_line() {
        let mut s = Source::new("junk junk\n{".as_bytes());
        s.skip_line();
        assert_eq!((s.line(), s.column(), s.peek()), (2, 1, Some(b'{')));
    }
}
