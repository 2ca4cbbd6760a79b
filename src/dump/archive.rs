//! mongodump's `--archive` format, read from mongo-tools' specification ("The Mongodump archive
//! format specification"): the magic number `0x8199e26d` (little-endian), a header document,
//! one metadata document per collection (`db`, `collection`, `metadata`: the text of its
//! `metadata.json`, `size`), the terminator `FF FF FF FF`; then blocks, each a namespace header
//! (`db`, `collection`, `EOF`, `CRC`) followed, when `EOF` is false, by documents of that
//! collection and a terminator (collections dumped in parallel interleave their blocks). An
//! archive written with `--gzip` is gzipped whole.

use super::documents::{BsonError, Documents, Frame};
use bson::RawDocument;
use std::io::Read;

/// The little-endian bytes of the magic number.
pub const MAGIC: [u8; 4] = [0x6d, 0xe2, 0x99, 0x81];

/// What the archive says before its data.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Prelude {
    /// The archive format's version (`0.1`), the server's and mongodump's.
    pub version: String,
    pub server_version: String,
    pub tool_version: String,
    pub collections: Vec<ArchivedCollection>,
}

/// One collection's entry in the prelude.
#[derive(Debug, Clone, PartialEq)]
pub struct ArchivedCollection {
    pub db: String,
    pub name: String,
    /// The text of its `metadata.json`.
    pub metadata: String,
    /// Its uncompressed size in bytes, as mongodump counted it.
    pub size: u64,
}

fn text(doc: &RawDocument, key: &str) -> String {
    doc.get(key).ok().flatten().and_then(|v| v.as_str()).unwrap_or_default().to_string()
}

fn error(offset: u64, message: impl Into<String>) -> BsonError {
    BsonError { offset, message: message.into() }
}

/// Reads an archive's prelude; the returned reader is at its first block.
pub fn open<R: Read>(mut input: R) -> Result<(Prelude, Documents<R>), BsonError> {
    let mut magic = [0u8; 4];
    input.read_exact(&mut magic).map_err(|_| error(0, "the file is shorter than an archive's magic number"))?;
    if magic != MAGIC {
        return Err(error(
            0,
            format!("not a mongodump archive: it starts with {magic:02x?}, an archive with 6d e2 99 81 (gzip is read as such)"),
        ));
    }
    let mut docs = Documents::at(input, 4);
    let mut prelude = Prelude::default();
    let at = docs.offset();
    match docs.next_frame()? {
        Frame::Document(header) => {
            prelude.version = text(header, "version");
            prelude.server_version = text(header, "server_version");
            prelude.tool_version = text(header, "tool_version");
        }
        _ => return Err(error(at, "the archive has no header document after its magic number")),
    }
    loop {
        let at = docs.offset();
        match docs.next_frame()? {
            Frame::Document(meta) => prelude.collections.push(ArchivedCollection {
                db: text(meta, "db"),
                name: text(meta, "collection"),
                metadata: text(meta, "metadata"),
                size: meta
                    .get("size")
                    .ok()
                    .flatten()
                    .and_then(|v| v.as_i64().or(v.as_i32().map(i64::from)))
                    .unwrap_or(0)
                    .max(0) as u64,
            }),
            Frame::Terminator => break,
            Frame::End => return Err(error(at, "the archive ends inside its prelude (truncated)")),
        }
    }
    Ok((prelude, docs))
}

/// Calls `each(db, collection, offset, document)` for every document of the archive's blocks,
/// in the order they were written. Offsets count from the start of the file.
pub fn for_each_document<R: Read>(
    docs: &mut Documents<R>,
    mut each: impl FnMut(&str, &str, u64, &RawDocument) -> Result<(), BsonError>,
) -> Result<(), BsonError> {
    loop {
        let at = docs.offset();
        let (db, collection, eof) = match docs.next_frame()? {
            Frame::End => return Ok(()),
            Frame::Terminator => return Err(error(at, "a terminator where a block's namespace header belongs")),
            Frame::Document(header) => (
                text(header, "db"),
                text(header, "collection"),
                header.get("EOF").ok().flatten().and_then(|v| v.as_bool()).unwrap_or(false),
            ),
        };
        if eof {
            let at = docs.offset();
            match docs.next_frame()? {
                Frame::Terminator => continue,
                _ => return Err(error(at, format!("the end of {db}.{collection} is not followed by a terminator"))),
            }
        }
        loop {
            let at = docs.offset();
            match docs.next_frame()? {
                Frame::Document(doc) => each(&db, &collection, at, doc)?,
                Frame::Terminator => break,
                Frame::End => {
                    return Err(error(at, format!("the archive ends inside a block of {db}.{collection} (truncated)")))
                }
            }
        }
    }
}
