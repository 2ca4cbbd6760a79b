//! Concatenated BSON documents, as mongodump writes them (`<collection>.bson`, and the blocks of
//! an archive): each document starts with its length, a little-endian int32 that counts itself.
//!
//! The length is checked before anything is read past it, so a damaged file never makes the
//! reader allocate more than one document (at most 16 MiB, MongoDB's limit): a length past the
//! end of the file, a file that ends inside a document, a length under 5 bytes or over 16 MiB
//! are errors naming the byte offset where the document starts. The document itself is read by
//! MongoDB's `bson` crate ([`RawDocument`], which checks its frame; the elements are checked as
//! they are walked).

use bson::RawDocument;
use std::io::Read;

/// The most bytes a document may take (MongoDB's `BSONObjMaxUserSize`, "MongoDB Limits and
/// Thresholds": 16 mebibytes).
pub const MAX_DOCUMENT_BYTES: u64 = 16 * 1024 * 1024;

/// The deepest nesting a stored document may have ("Nested Depth for BSON Documents": 100 levels).
pub const MAX_NESTING: usize = 100;

/// Why a document could not be read, and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BsonError {
    pub offset: u64,
    pub message: String,
}

impl std::fmt::Display for BsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

/// What comes next in the stream.
pub enum Frame<'a> {
    /// A whole document (its bytes are checked by the `bson` crate as it is walked).
    Document(&'a RawDocument),
    /// The four bytes `FF FF FF FF`: the end of a block in an archive (an error in a `.bson` file).
    Terminator,
    /// The input ended cleanly, between two documents.
    End,
}

/// Reads one document at a time from `input` into a buffer it reuses.
pub struct Documents<R> {
    input: R,
    offset: u64,
    buf: Vec<u8>,
}

impl<R: Read> Documents<R> {
    pub fn new(input: R) -> Documents<R> {
        Documents::at(input, 0)
    }

    /// A reader whose first byte is at `offset` of its file (an archive's, after the magic number).
    pub fn at(input: R, offset: u64) -> Documents<R> {
        Documents { input, offset, buf: Vec::new() }
    }

    /// Bytes consumed so far; also the offset of the next frame.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next frame. After an error the stream is not in a known place: stop reading.
    pub fn next_frame(&mut self) -> Result<Frame<'_>, BsonError> {
        let start = self.offset;
        let error = |message: String| BsonError { offset: start, message };
        let mut prefix = [0u8; 4];
        let got = read_full(&mut self.input, &mut prefix).map_err(|e| error(format!("read error: {e}")))?;
        self.offset += got as u64;
        match got {
            0 => return Ok(Frame::End),
            1..=3 => {
                return Err(error(format!(
                    "the file ends {got} byte{} into a document's 4-byte length (truncated BSON)",
                    if got == 1 { "" } else { "s" }
                )))
            }
            _ => {}
        }
        let length = i32::from_le_bytes(prefix);
        if length == -1 {
            return Ok(Frame::Terminator);
        }
        if length < 5 {
            return Err(error(format!(
                "a document's length says {length} bytes, less than the 5 of an empty document (not BSON, or damaged)"
            )));
        }
        let length = length as u64;
        if length > MAX_DOCUMENT_BYTES {
            // JSON text read as BSON: its first bytes make a huge length.
            let text = start == 0 && matches!(prefix[0], b'{' | b'[' | b' ' | b'\n' | b'\r' | b'\t');
            let hint = if text {
                "; the file starts like JSON text: sample documents are read from a file not named .bson"
            } else {
                ""
            };
            return Err(error(format!(
                "a document's length says {length} bytes, over MongoDB's 16 MiB limit ({MAX_DOCUMENT_BYTES} bytes): not a document mongodump writes (damaged file?){hint}"
            )));
        }
        self.buf.clear();
        self.buf.extend_from_slice(&prefix);
        self.buf.resize(length as usize, 0);
        let body = self.buf.get_mut(4..).unwrap_or_default();
        let got = read_full(&mut self.input, body).map_err(|e| error(format!("read error: {e}")))?;
        self.offset += got as u64;
        if got < body.len() {
            return Err(error(format!(
                "a document's length says {length} bytes, past the end of the file: only {} bytes follow its start (truncated BSON)",
                got + 4
            )));
        }
        RawDocument::from_bytes(&self.buf).map(Frame::Document).map_err(|e| error(format!("not a BSON document: {e}")))
    }
}

/// Reads until `buf` is full or the input ends; returns the bytes read.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::rawdoc;

    fn bytes(docs: &[bson::RawDocumentBuf]) -> Vec<u8> {
        docs.iter().flat_map(|d| d.as_bytes().to_vec()).collect()
    }

    fn all(data: &[u8]) -> Result<usize, BsonError> {
        let mut docs = Documents::new(data);
        let mut n = 0;
        loop {
            match docs.next_frame()? {
                Frame::Document(_) => n += 1,
                Frame::Terminator => return Err(BsonError { offset: 0, message: "terminator".into() }),
                Frame::End => return Ok(n),
            }
        }
    }

    #[test]
    fn reads_documents_one_after_another() {
        let data = bytes(&[rawdoc! { "a": 1 }, rawdoc! { "b": "x" }, rawdoc! {}]);
        assert_eq!(all(&data), Ok(3));
        assert_eq!(all(&[]), Ok(0));
    }

    #[test]
    fn damaged_files_name_the_offset() {
        let one = rawdoc! { "a": 1 }.as_bytes().to_vec();
        let mut data = one.clone();
        data.extend_from_slice(&one[..2]);
        let e = all(&data).unwrap_err();
        assert_eq!(e.offset, one.len() as u64);
        assert!(e.message.contains("2 bytes into"), "{e}");

        let mut data = one.clone();
        data.extend_from_slice(&one[..one.len() - 3]);
        let e = all(&data).unwrap_err();
        assert_eq!(e.offset, one.len() as u64);
        assert!(e.message.contains("past the end of the file"), "{e}");

        let mut huge = one.clone();
        huge.extend_from_slice(&(17 * 1024 * 1024i32).to_le_bytes());
        let e = all(&huge).unwrap_err();
        assert!(e.message.contains("16 MiB"), "{e}");

        let e = all(&[3, 0, 0, 0, 0]).unwrap_err();
        assert!(e.message.contains("less than the 5"), "{e}");

        let mut unterminated = one.clone();
        let last = unterminated.len() - 1;
        unterminated[last] = 7;
        assert!(all(&unterminated).unwrap_err().message.contains("not a BSON document"));
    }
}
