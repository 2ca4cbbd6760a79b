//! The hand-written parser for JSON, MongoDB Extended JSON and mongosh's relaxed syntax.
//!
//! One grammar, two dialects: [`Dialect::Json`] is strict JSON (quoted keys, double quotes, no
//! comments, no trailing commas); [`Dialect::Shell`] adds what mongosh prints and people paste:
//! unquoted keys, single quotes, trailing commas, comments, regex literals, `ObjectId("...")`
//! and the other constructors (see `shell.rs`). Both decode Extended JSON wrappers
//! (`{"$oid": ...}`, see `ejson.rs`). Values are built one document at a time, so memory is
//! bounded by the largest document; nesting deeper than [`MAX_DEPTH`] is an error, not a crash.

use super::ejson;
use super::shell;
use super::source::{ParseError, Source};
use super::value::{Document, Value};
use std::io::BufRead;

/// Deepest nesting accepted (MongoDB refuses documents nested deeper than 100 levels).
pub const MAX_DEPTH: usize = 120;

/// mongosh elides long arrays (`... 900 more items`); the parser counts the elided items as
/// copies of the last printed item, up to this many.
pub const MAX_ELIDED_ITEMS: u64 = 4_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// Strict JSON, with Extended JSON wrappers decoded.
    Json,
    /// mongosh / legacy mongo shell syntax (a superset of JSON).
    Shell,
    /// mongosh syntax as application code writes it (`crate::mql`): a value may also be a
    /// name or an expression the application fills in (`userId`, `req.params.id`,
    /// `new ObjectId(id)`), read as [`Value::JavaScript`], the code as written, or as a value
    /// of the constructor's type whose content is unknown.
    Code,
}

pub struct Parser<R> {
    pub src: Source<R>,
    pub dialect: Dialect,
    pub(super) scratch: Vec<u8>,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80
}

fn is_ident_char(b: u8) -> bool {
    is_ident_start(b) || b.is_ascii_digit()
}

impl<R: BufRead> Parser<R> {
    pub fn new(src: Source<R>, dialect: Dialect) -> Parser<R> {
        Parser { src, dialect, scratch: Vec::new() }
    }

    pub(super) fn shell(&self) -> bool {
        self.dialect != Dialect::Json
    }

    /// Skips whitespace, and comments in the shell dialect.
    pub fn skip_ws(&mut self) -> Result<(), ParseError> {
        loop {
            match self.src.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => {
                    self.src.bump();
                }
                Some(0xEF) if self.src.consumed() == 0 && self.src.peek2() == Some(0xBB) => {
                    // UTF-8 byte-order mark at the start of a file
                    for _ in 0..3 {
                        self.src.bump();
                    }
                }
                Some(b'/') if self.shell() && self.src.peek2() == Some(b'/') => self.src.skip_line(),
                Some(b'/') if self.shell() && self.src.peek2() == Some(b'*') => {
                    let start = self.src.position();
                    self.src.bump();
                    self.src.bump();
                    loop {
                        match self.src.bump() {
                            None => return Err(self.src.error_at(start, "unterminated /* comment")),
                            Some(b'*') if self.src.peek() == Some(b'/') => {
                                self.src.bump();
                                break;
                            }
                            Some(_) => {}
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Parses one document (`{...}`); Extended JSON wrappers are decoded, so the result may
    /// be another value (`{"$oid": ...}` is an object id).
    pub fn document(&mut self, depth: usize) -> Result<Value, ParseError> {
        let start = self.src.position();
        if depth > MAX_DEPTH {
            return Err(self.src.error(format!("documents nested deeper than {MAX_DEPTH} levels")));
        }
        self.expect(b'{')?;
        let mut fields: Document = Vec::new();
        loop {
            self.skip_ws()?;
            match self.src.peek() {
                None => return Err(self.src.eof("a key or '}'")),
                Some(b'}') => {
                    if !fields.is_empty() && !self.shell() {
                        return Err(self.src.error("trailing comma before '}' (not allowed in JSON)"));
                    }
                    self.src.bump();
                    break;
                }
                _ => {}
            }
            let key = self.key()?;
            self.skip_ws()?;
            self.expect(b':')?;
            self.skip_ws()?;
            let value = self.value(depth + 1)?;
            fields.push((key, value));
            if self.separator(b'}', "',' or '}' after a value")? {
                break;
            }
        }
        ejson::decode(fields).map_err(|message| self.src.error_at(start, message))
    }

    fn key(&mut self) -> Result<String, ParseError> {
        let at = self.src.position();
        let key = match self.src.peek() {
            Some(b'"') => self.string(b'"')?,
            Some(b'\'') if self.shell() => self.string(b'\'')?,
            Some(b) if self.shell() && (is_ident_char(b)) => {
                let mut out = Vec::new();
                self.src.take_while(&mut out, is_ident_char);
                String::from_utf8_lossy(&out).into_owned()
            }
            Some(b) if is_ident_start(b) => {
                return Err(self
                    .src
                    .error("unquoted key: JSON needs \"quotes\" (this looks like mongosh output: use --format shell)"))
            }
            Some(b) => return Err(self.unexpected(b, "a key")),
            None => return Err(self.src.eof("a key")),
        };
        if key.contains('\0') {
            return Err(self.src.error_at(at, "a key cannot contain a NUL character in BSON"));
        }
        Ok(key)
    }

    /// Parses any value.
    pub fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        match self.src.peek() {
            None => Err(self.src.eof("a value")),
            Some(b'{') => self.document(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::String(self.string(b'"')?)),
            Some(b'\'') if self.shell() => Ok(Value::String(self.string(b'\'')?)),
            Some(b'/') if self.shell() => self.regex(),
            Some(b'-' | b'+' | b'.' | b'0'..=b'9') => self.number(),
            Some(b) if is_ident_start(b) => self.word(depth),
            Some(b) => Err(self.unexpected(b, "a value")),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.src.error(format!("arrays nested deeper than {MAX_DEPTH} levels")));
        }
        self.expect(b'[')?;
        let mut items = Vec::new();
        loop {
            self.skip_ws()?;
            match self.src.peek() {
                None => return Err(self.src.eof("a value or ']'")),
                Some(b']') => {
                    if !items.is_empty() && !self.shell() {
                        return Err(self.src.error("trailing comma before ']' (not allowed in JSON)"));
                    }
                    self.src.bump();
                    break;
                }
                Some(b'.') if self.shell() && self.src.peek2() == Some(b'.') => self.elided(&mut items)?,
                _ => items.push(self.value(depth + 1)?),
            }
            if self.separator(b']', "',' or ']' after an array item")? {
                break;
            }
        }
        Ok(Value::Array(items))
    }

    /// mongosh's `... 900 more items`: the elided items count as copies of the last one.
    fn elided(&mut self, items: &mut Vec<Value>) -> Result<(), ParseError> {
        let at = self.src.position();
        let mut text = Vec::new();
        self.src.take_while(&mut text, |b| b != b',' && b != b']' && b != b'\n');
        let text = String::from_utf8_lossy(&text);
        let words: Vec<&str> = text.split_whitespace().collect();
        let count = match words.as_slice() {
            ["...", n, "more", "item" | "items"] => n.parse::<u64>().ok(),
            _ => None,
        };
        let Some(count) = count else {
            return Err(self.src.error_at(at, format!("unexpected \"{}\" in an array", text.trim())));
        };
        let Some(last) = items.last().cloned() else {
            return Err(self.src.error_at(at, "\"more items\" with no item printed before it"));
        };
        if count > MAX_ELIDED_ITEMS {
            return Err(self.src.error_at(at, format!("{count} elided items is more than a document can hold")));
        }
        items.extend(std::iter::repeat_n(last, count as usize));
        Ok(())
    }

    /// A word in value position: a literal (`true`, `null`...), or a constructor call.
    pub(super) fn word(&mut self, depth: usize) -> Result<Value, ParseError> {
        let at = self.src.position();
        let mut name = self.dotted_name();
        let literal = match name.as_str() {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            "null" => Some(Value::Null),
            _ => None,
        };
        if let Some(v) = literal {
            return Ok(v);
        }
        if !self.shell() {
            return Err(self
                .src
                .error_at(at, format!("\"{name}\" is not JSON (this looks like mongosh output: use --format shell)")));
        }
        match name.as_str() {
            "undefined" => return Ok(Value::Undefined),
            "NaN" => return Ok(Value::Double(f64::NAN)),
            "Infinity" => return Ok(Value::Double(f64::INFINITY)),
            "new" => {
                self.skip_ws()?;
                name = self.dotted_name();
            }
            _ => {}
        }
        self.skip_ws()?;
        if self.src.peek() != Some(b'(') {
            return match name.as_str() {
                "MinKey" => Ok(Value::MinKey),
                "MaxKey" => Ok(Value::MaxKey),
                _ if self.dialect == Dialect::Code => Ok(Value::JavaScript(name)),
                "Object" | "Array" => Err(self.src.error_at(
                    at,
                    format!("mongosh cut this value short ([{name}]); print deeper (config.set('inspectDepth', Infinity)) or export with mongoexport"),
                )),
                _ => Err(self.src.error_at(at, format!("unexpected word \"{name}\" where a value was expected"))),
            };
        }
        self.src.bump();
        let mut args = Vec::new();
        loop {
            self.skip_ws()?;
            match self.src.peek() {
                None => return Err(self.src.eof("')'")),
                Some(b')') => {
                    self.src.bump();
                    break;
                }
                _ => args.push(self.value(depth + 1)?),
            }
            if self.separator(b')', "',' or ')' in the arguments")? {
                break;
            }
        }
        if self.dialect == Dialect::Code && args.iter().any(|a| matches!(a, Value::JavaScript(_))) {
            // A constructor of the application's values (`new ObjectId(id)`) is a value of its
            // type whose content is not known; any other call is the application's code.
            let code = Value::JavaScript(format!("{name}(…)"));
            return Ok(shell::construct(&name, Vec::new()).unwrap_or(code));
        }
        if self.dialect == Dialect::Code && shell::construct(&name, args.clone()).is_err() {
            return Ok(Value::JavaScript(format!("{name}(…)")));
        }
        shell::construct(&name, args).map_err(|message| self.src.error_at(at, message))
    }

    fn dotted_name(&mut self) -> String {
        let mut out = Vec::new();
        self.src.take_while(&mut out, |b| is_ident_char(b) || b == b'.');
        String::from_utf8_lossy(&out).into_owned()
    }

    /// After an item: consumes `,` (returns false) or `close` (returns true).
    fn separator(&mut self, close: u8, expected: &str) -> Result<bool, ParseError> {
        self.skip_ws()?;
        match self.src.peek() {
            Some(b',') => {
                self.src.bump();
                Ok(false)
            }
            Some(b) if b == close => {
                self.src.bump();
                Ok(true)
            }
            Some(b) => Err(self.unexpected(b, expected)),
            None => Err(self.src.eof(expected)),
        }
    }

    fn expect(&mut self, want: u8) -> Result<(), ParseError> {
        match self.src.peek() {
            Some(b) if b == want => {
                self.src.bump();
                Ok(())
            }
            Some(b) => Err(self.unexpected(b, &format!("'{}'", want as char))),
            None => Err(self.src.eof(&format!("'{}'", want as char))),
        }
    }

    pub(super) fn unexpected(&self, b: u8, expected: &str) -> ParseError {
        let found = if b.is_ascii_graphic() { format!("'{}'", b as char) } else { format!("byte 0x{b:02X}") };
        self.src.error(format!("expected {expected}, found {found}"))
    }
}

/// Parses one complete document from text (nothing but whitespace may follow it).
pub fn parse_document(text: &str, dialect: Dialect) -> Result<Document, ParseError> {
    let mut p = Parser::new(Source::new(text.as_bytes()), dialect);
    p.skip_ws()?;
    let at = p.src.position();
    let value = p.value(0)?;
    p.skip_ws()?;
    if let Some(b) = p.src.peek() {
        return Err(p.unexpected(b, "the end of the input"));
    }
    match value {
        Value::Document(fields) => Ok(fields),
        other => Err(p.src.error_at(at, format!("expected a document, found a value of type {}", other.kind().name()))),
    }
}
