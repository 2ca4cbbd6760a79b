//! The literals of the parser's grammar: strings with their escapes, numbers (JSON and the
//! shell's `-Infinity`), and regular-expression literals (`/ab+c/i`).

use super::parser::Parser;
use super::scalars;
use super::source::ParseError;
use super::value::Value;
use std::io::BufRead;

impl<R: BufRead> Parser<R> {
    pub(super) fn string(&mut self, quote: u8) -> Result<String, ParseError> {
        let start = self.src.position();
        self.src.bump();
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        let result = loop {
            self.src.take_while(&mut out, |b| b != quote && b != b'\\' && b != b'\n');
            match self.src.bump() {
                Some(b) if b == quote => break Ok(()),
                Some(b'\\') => {
                    if let Err(e) = self.escape(&mut out) {
                        break Err(e);
                    }
                }
                Some(_) => break Err(self.src.error_at(start, "unterminated string (a line break inside quotes)")),
                None => break Err(ParseError { eof: true, ..self.src.error_at(start, "unterminated string") }),
            }
        };
        let text = String::from_utf8_lossy(&out).into_owned();
        self.scratch = out;
        result.map(|_| text)
    }

    fn escape(&mut self, out: &mut Vec<u8>) -> Result<(), ParseError> {
        let at = self.src.position();
        let c = match self.src.bump() {
            None => return Err(self.src.eof("an escape")),
            Some(c) => c,
        };
        let simple = match c {
            b'"' | b'\\' | b'/' => Some(c),
            b'\'' if self.shell() => Some(c),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'b' => Some(0x08),
            b'f' => Some(0x0C),
            b'0' if self.shell() => Some(0),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            return Ok(());
        }
        let code = match c {
            b'u' => self.hex_digits(4)?,
            b'x' if self.shell() => self.hex_digits(2)?,
            _ => return Err(self.src.error_at(at, format!("unknown escape \\{}", c as char))),
        };
        let ch = if (0xD800..0xDC00).contains(&code) && self.src.peek() == Some(b'\\') {
            self.src.bump();
            if self.src.bump() != Some(b'u') {
                return Err(self.src.error_at(at, "a high surrogate must be followed by \\u"));
            }
            let low = self.hex_digits(4)?;
            char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF))
        } else {
            char::from_u32(code)
        };
        let ch = ch.unwrap_or(char::REPLACEMENT_CHARACTER);
        out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        Ok(())
    }

    fn hex_digits(&mut self, n: usize) -> Result<u32, ParseError> {
        let mut code = 0u32;
        for _ in 0..n {
            let at = self.src.position();
            let digit = match self.src.bump() {
                None => return Err(self.src.eof("a hex digit")),
                Some(b) => (b as char).to_digit(16).ok_or_else(|| self.src.error_at(at, "expected a hex digit"))?,
            };
            code = code * 16 + digit;
        }
        Ok(code)
    }

    pub(super) fn number(&mut self) -> Result<Value, ParseError> {
        let at = self.src.position();
        if self.src.peek() == Some(b'-') && self.shell() {
            self.src.bump();
            if !matches!(self.src.peek(), Some(b'I' | b'.' | b'0'..=b'9')) {
                return Err(self.src.error_at(at, "expected a number after '-'"));
            }
            if self.src.peek() == Some(b'I') {
                return match self.word(0)? {
                    Value::Double(f) => Ok(Value::Double(-f)),
                    _ => Err(self.src.error_at(at, "expected a number after '-'")),
                };
            }
            return match self.number()? {
                Value::Int32(n) => Ok(n.checked_neg().map(Value::Int32).unwrap_or(Value::Int64(-(n as i64)))),
                Value::Int64(n) => Ok(Value::Int64(n.wrapping_neg())),
                Value::Double(f) => Ok(Value::Double(-f)),
                _ => Err(self.src.error_at(at, "expected a number after '-'")),
            };
        }
        let mut text = Vec::new();
        self.src.take_while(&mut text, |b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.'));
        let text = String::from_utf8_lossy(&text);
        scalars::number(&text).ok_or_else(|| self.src.error_at(at, format!("\"{text}\" is not a number")))
    }

    pub(super) fn regex(&mut self) -> Result<Value, ParseError> {
        let start = self.src.position();
        self.src.bump();
        let mut pattern = Vec::new();
        let mut in_class = false;
        loop {
            match self.src.bump() {
                None | Some(b'\n') => return Err(self.src.error_at(start, "unterminated regular expression")),
                Some(b'\\') => {
                    pattern.push(b'\\');
                    if let Some(b) = self.src.bump() {
                        pattern.push(b);
                    }
                }
                Some(b'/') if !in_class => break,
                Some(b) => {
                    in_class = (in_class || b == b'[') && b != b']';
                    pattern.push(b);
                }
            }
        }
        let mut options = Vec::new();
        self.src.take_while(&mut options, |b| b.is_ascii_alphabetic());
        Ok(Value::Regex {
            pattern: String::from_utf8_lossy(&pattern).into_owned(),
            options: String::from_utf8_lossy(&options).into_owned(),
        })
    }
}
