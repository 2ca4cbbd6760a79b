//! A shard key value as bytes that sort the way MongoDB orders the values (BSON comparison
//! order: null, numbers, strings, objects, arrays, binary data, ObjectId, booleans, dates,
//! timestamps), one self-delimiting component per key field, so the documents sorted by
//! their bytes are in chunk order and a key's first fields are a prefix of its bytes.
//!
//! A hashed field is replaced by a 64-bit hash of its value. MongoDB hashes with the first 8
//! bytes of an MD5 of the value; this uses FNV-1a followed by splitmix64's finalizer
//! (`crate::rng`). The placement only needs what both give: equal values hash equal, and
//! distinct values (sequential ones included) spread evenly and independently of their order
//! over the 64 bits. Which shard a given value lands on differs from a real cluster's; how
//! evenly the values spread, and which values share a chunk (only equal ones), do not.

use crate::export::Bson;
use crate::rng::{hash_bytes, mix};

const NULL: u8 = 0x05;
const NUMBER: u8 = 0x10;
const HASHED: u8 = 0x11;
const STRING: u8 = 0x14;
const OBJECT: u8 = 0x18;
const ARRAY: u8 = 0x1c;
const BINARY: u8 = 0x20;
const OBJECT_ID: u8 = 0x24;
const BOOL: u8 = 0x28;
const DATE: u8 = 0x2c;
const TIMESTAMP: u8 = 0x30;
/// Past every value: where a value that grows with time lands when it is inserted.
const MAX_KEY: u8 = 0xff;

/// FNV-1a's offset basis.
const FNV: u64 = 0xcbf2_9ce4_8422_2325;

/// An f64 as 8 bytes that sort as the numbers do.
fn ordered_f64(x: f64) -> [u8; 8] {
    let bits = x.to_bits();
    let flipped = if bits >> 63 == 1 { !bits } else { bits ^ (1 << 63) };
    flipped.to_be_bytes()
}

/// An i64 as 8 bytes that sort as the numbers do.
fn ordered_i64(x: i64) -> [u8; 8] {
    ((x as u64) ^ (1 << 63)).to_be_bytes()
}

/// Text bytes that sort as the text does and end unambiguously (a 0 byte is written 0 255,
/// the end 0 0).
fn push_text(out: &mut Vec<u8>, s: &[u8]) {
    for &b in s {
        out.push(b);
        if b == 0 {
            out.push(0xff);
        }
    }
    out.extend_from_slice(&[0, 0]);
}

/// Appends the ordered bytes of `value` (`None`: a missing field, which MongoDB reads as null).
pub fn push_value(out: &mut Vec<u8>, value: Option<&Bson>) {
    let Some(value) = value else {
        out.push(NULL);
        return;
    };
    match value {
        Bson::Null => out.push(NULL),
        Bson::Int(n) => number(out, f64::from(*n)),
        Bson::Long(n) => number(out, *n as f64),
        Bson::Double(x) => number(out, *x),
        Bson::Decimal(s) => number(out, s.parse().unwrap_or(0.0)),
        Bson::String(s) => {
            out.push(STRING);
            push_text(out, s.as_bytes());
        }
        Bson::Document(d) => {
            out.push(OBJECT);
            for (k, v) in &d.0 {
                out.push(1);
                push_text(out, k.as_bytes());
                push_value(out, Some(v));
            }
            out.push(0);
        }
        Bson::Array(items) => {
            out.push(ARRAY);
            for v in items {
                out.push(1);
                push_value(out, Some(v));
            }
            out.push(0);
        }
        Bson::Binary(bytes) => {
            out.push(BINARY);
            out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
            out.push(0);
            out.extend_from_slice(bytes);
        }
        Bson::ObjectId(oid) => {
            out.push(OBJECT_ID);
            out.extend_from_slice(oid);
        }
        Bson::Bool(b) => {
            out.push(BOOL);
            out.push(u8::from(*b));
        }
        Bson::Date(ms) => {
            out.push(DATE);
            out.extend_from_slice(&ordered_i64(*ms));
        }
        Bson::Timestamp { t, i } => {
            out.push(TIMESTAMP);
            out.extend_from_slice(&((u64::from(*t) << 32) | u64::from(*i)).to_be_bytes());
        }
    }
}

fn number(out: &mut Vec<u8>, x: f64) {
    out.push(NUMBER);
    out.extend_from_slice(&ordered_f64(x));
}

/// Appends the hashed component of `value`: its 64-bit hash, ordered as a signed long (what
/// a hashed index stores).
pub fn push_hashed(out: &mut Vec<u8>, value: Option<&Bson>) {
    let mut plain = Vec::with_capacity(24);
    push_value(&mut plain, value);
    let h = mix(&[hash_bytes(FNV, &plain)]) as i64;
    out.push(HASHED);
    out.extend_from_slice(&ordered_i64(h));
}

/// Appends the component past every value (`MaxKey`).
pub fn push_max(out: &mut Vec<u8>) {
    out.push(MAX_KEY);
}

/// Where the component starting at `at` ends (its length read from its type).
fn component_end(bytes: &[u8], at: usize) -> usize {
    let Some(&tag) = bytes.get(at) else { return bytes.len() };
    let body = at + 1;
    match tag {
        NULL | MAX_KEY => body,
        NUMBER | HASHED | DATE | TIMESTAMP => body + 8,
        OBJECT_ID => body + 12,
        BOOL => body + 1,
        STRING => text_end(bytes, body),
        BINARY => {
            let len = bytes.get(body..body + 4).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize);
            body + 5 + len
        }
        OBJECT | ARRAY => {
            let mut i = body;
            while bytes.get(i) == Some(&1) {
                i += 1;
                if tag == OBJECT {
                    i = text_end(bytes, i);
                }
                i = component_end(bytes, i);
            }
            i + 1
        }
        _ => bytes.len(),
    }
    .min(bytes.len())
}

/// The end of escaped text starting at `at` (past its 0 0).
fn text_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() {
        if bytes[at] == 0 {
            if bytes.get(at + 1) == Some(&0) {
                return at + 2;
            }
            at += 2;
        } else {
            at += 1;
        }
    }
    bytes.len()
}

/// The bytes of a key's first `fields` components.
pub fn prefix(bytes: &[u8], fields: usize) -> &[u8] {
    let mut end = 0;
    for _ in 0..fields {
        end = component_end(bytes, end);
    }
    bytes.get(..end).unwrap_or(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::Doc;

    fn enc(v: &Bson) -> Vec<u8> {
        let mut out = Vec::new();
        push_value(&mut out, Some(v));
        out
    }

    #[test]
    fn bytes_sort_in_bson_order() {
        let ordered = [
            Bson::Null,
            Bson::Int(-5),
            Bson::Double(-0.5),
            Bson::Long(0),
            Bson::Int(3),
            Bson::Double(3.5),
            Bson::Long(1 << 40),
            Bson::str(""),
            Bson::str("a"),
            Bson::str("a\0b"),
            Bson::str("ab"),
            Bson::str("b"),
            Bson::Document(Doc::new().with("a", Bson::Int(1))),
            Bson::ObjectId([0; 12]),
            Bson::ObjectId([1; 12]),
            Bson::Bool(false),
            Bson::Bool(true),
            Bson::Date(-1),
            Bson::Date(0),
        ];
        for pair in ordered.windows(2) {
            assert!(enc(&pair[0]) < enc(&pair[1]), "{:?} < {:?}", pair[0], pair[1]);
        }
        assert_eq!(enc(&Bson::Int(3)), enc(&Bson::Double(3.0)), "numbers compare by value");
    }

    #[test]
    fn prefixes_cut_at_component_ends() {
        let mut key = Vec::new();
        push_value(&mut key, Some(&Bson::str("eu\0x")));
        let first = key.len();
        push_value(&mut key, Some(&Bson::Document(Doc::new().with("k", Bson::str("v")))));
        let second = key.len();
        push_hashed(&mut key, Some(&Bson::Int(7)));
        assert_eq!(prefix(&key, 1).len(), first);
        assert_eq!(prefix(&key, 2).len(), second);
        assert_eq!(prefix(&key, 3), key.as_slice());
        let mut other = Vec::new();
        push_hashed(&mut other, Some(&Bson::Long(7)));
        assert_eq!(other, key[second..], "equal values hash equal");
    }
}
