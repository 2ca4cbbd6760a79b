//! Share links: a whole model in a URL fragment, `#m=` followed by the model's compact JSON,
//! compressed with raw DEFLATE and written in base64url without padding.
//!
//! A fragment never reaches a server, so the design stays between the people who share it.
//! Decoding never panics and says exactly what is wrong with a bad link.

use super::base64url::{self, Base64Error};
use super::compact::compact_json;
use crate::model::{load, LoadError, Model};
use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;
use std::fmt;

/// What a share link's fragment starts with.
pub const LINK_PREFIX: &str = "#m=";
/// Links longer than this (2 MiB of text) are refused before any work.
pub const MAX_LINK_CHARS: usize = 2 * 1024 * 1024;
/// Inflating stops past this many bytes (8 MiB): a small link cannot become a huge model.
pub const MAX_MODEL_BYTES: usize = 8 * 1024 * 1024;
/// miniz' strongest level; models are small, so the extra effort costs microseconds.
const LEVEL: u8 = 10;

/// Why a share link could not be opened.
#[derive(Debug, Clone, PartialEq)]
pub enum ShareError {
    /// The text has no `m=` fragment.
    NotALink,
    /// `#m=` with nothing after it.
    Empty,
    /// Longer than `MAX_LINK_CHARS`.
    TooLong(usize),
    /// A character outside base64url, at this 1-based position after `#m=`.
    BadCharacter { position: usize, character: char },
    /// The payload ends in the middle of a character group, or the compressed stream ends early.
    Truncated,
    /// The compressed data is invalid (a changed character, or not docshape's encoding).
    Corrupt,
    /// Extra data after the end of the compressed model.
    TrailingData(usize),
    /// The model inflates past `MAX_MODEL_BYTES`.
    TooLarge,
    /// The inflated bytes are not UTF-8 text.
    NotText,
    /// The text is not a valid model: the loader's own explanation.
    Model(LoadError),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::NotALink => {
                write!(f, "This is not a docshape share link: it has no \"{LINK_PREFIX}\" part.")
            }
            ShareError::Empty => write!(f, "The share link is empty: nothing follows \"{LINK_PREFIX}\"."),
            ShareError::TooLong(n) => write!(
                f,
                "The share link is {n} characters long; docshape opens links up to {MAX_LINK_CHARS} characters. Share the model file instead."
            ),
            ShareError::BadCharacter { position, character } => write!(
                f,
                "The share link is damaged: character {position} after \"{LINK_PREFIX}\" is {character:?}, which a share link never contains."
            ),
            ShareError::Truncated => {
                write!(f, "The share link is cut short: the model ends early. Copy the whole link again.")
            }
            ShareError::Corrupt => write!(
                f,
                "The share link is damaged: its compressed data is invalid (a character was changed or lost)."
            ),
            ShareError::TrailingData(n) => write!(
                f,
                "The share link is damaged: {n} unexpected bytes follow the end of the model."
            ),
            ShareError::TooLarge => write!(
                f,
                "The share link expands to more than {MAX_MODEL_BYTES} bytes; docshape refuses it (a model is kilobytes)."
            ),
            ShareError::NotText => write!(f, "The share link is damaged: it does not hold text."),
            ShareError::Model(e) => write!(f, "The share link holds no valid model. {e}"),
        }
    }
}

impl std::error::Error for ShareError {}

/// The fragment (`#m=...`) that carries `model`.
pub fn encode_link(model: &Model) -> String {
    let json = compact_json(model);
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), LEVEL);
    format!("{LINK_PREFIX}{}", base64url::encode(&deflated))
}

/// Opens a share link: a whole URL, its fragment (`#m=...`) or the bare `m=...`. Surrounding
/// whitespace is ignored.
pub fn decode_link(link: &str) -> Result<Model, ShareError> {
    if link.len() > MAX_LINK_CHARS {
        return Err(ShareError::TooLong(link.chars().count()));
    }
    let trimmed = link.trim();
    let fragment = trimmed.split_once('#').map_or(trimmed, |(_, f)| f);
    let rest = fragment.strip_prefix("m=").ok_or(ShareError::NotALink)?;
    // Leave room for more fragment parameters later (`#m=...&v=...`).
    let payload = rest.split('&').next().unwrap_or_default();
    if payload.is_empty() {
        return Err(ShareError::Empty);
    }
    let deflated = base64url::decode(payload).map_err(|e| match e {
        Base64Error::BadCharacter { position, character } => {
            ShareError::BadCharacter { position: position + 1, character }
        }
        Base64Error::BadLength(_) => ShareError::Truncated,
        Base64Error::NonCanonicalEnd { .. } => ShareError::Corrupt,
    })?;
    let bytes = inflate_limited(&deflated, MAX_MODEL_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|_| ShareError::NotText)?;
    load(&text).map_err(ShareError::Model)
}

/// Inflates raw DEFLATE into at most `limit` bytes, and insists the stream ends where the
/// input does.
fn inflate_limited(input: &[u8], limit: usize) -> Result<Vec<u8>, ShareError> {
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let mut out = vec![0u8; input.len().saturating_mul(4).clamp(1, limit.max(1))];
    let mut state = Box::<DecompressorOxide>::default();
    let mut in_pos = 0;
    let mut out_pos = 0;
    loop {
        let remaining = input.get(in_pos..).unwrap_or_default();
        let (status, read, written) = decompress(&mut state, remaining, &mut out, out_pos, flags);
        in_pos += read;
        out_pos += written;
        match status {
            TINFLStatus::Done => {
                let extra = input.len().saturating_sub(in_pos);
                if extra > 0 {
                    return Err(ShareError::TrailingData(extra));
                }
                out.truncate(out_pos);
                return Ok(out);
            }
            TINFLStatus::HasMoreOutput => {
                if out.len() >= limit {
                    return Err(ShareError::TooLarge);
                }
                let grown = out.len().saturating_mul(2).min(limit);
                out.resize(grown, 0);
            }
            TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => return Err(ShareError::Truncated),
            _ => return Err(ShareError::Corrupt),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    fn small() -> Model {
        let mut m = Model::new("Small");
        m.entities.push(Entity::new("a", "orders"));
        m
    }

    #[test]
    fn round_trip_and_every_form_of_the_link() {
        let m = small();
        let link = encode_link(&m);
        assert!(link.starts_with("#m="), "{link}");
        assert_eq!(decode_link(&link).unwrap(), m);
        assert_eq!(decode_link(&format!("https://example.org/app/{link}")).unwrap(), m);
        assert_eq!(decode_link(&format!("  {}\n", &link[1..])).unwrap(), m);
        assert_eq!(decode_link(&format!("{link}&v=2")).unwrap(), m);
    }

    #[test]
    fn inflate_stops_at_the_limit() {
        let zeros = vec![b'0'; 100_000];
        let deflated = miniz_oxide::deflate::compress_to_vec(&zeros, 6);
        assert_eq!(inflate_limited(&deflated, 1000), Err(ShareError::TooLarge));
        assert_eq!(inflate_limited(&deflated, 100_000).unwrap().len(), 100_000);
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut deflated = miniz_oxide::deflate::compress_to_vec(b"{}", 6);
        assert!(inflate_limited(&deflated, 100).is_ok());
        deflated.extend_from_slice(b"xyz");
        assert_eq!(inflate_limited(&deflated, 100), Err(ShareError::TrailingData(3)));
    }

    #[test]
    fn shape_errors() {
        assert_eq!(decode_link("https://example.org/app"), Err(ShareError::NotALink));
        assert_eq!(decode_link("#x=abc"), Err(ShareError::NotALink));
        assert_eq!(decode_link("#m="), Err(ShareError::Empty));
        assert_eq!(decode_link("#m=ab%cd"), Err(ShareError::BadCharacter { position: 3, character: '%' }));
    }
}
