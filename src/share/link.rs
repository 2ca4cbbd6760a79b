//! Share links: a whole model in a URL fragment. Version 2 (what docshape writes) is
//! `#m=v2.` followed, in base64url without padding, by a CRC-32 of the compressed bytes (4
//! bytes, big-endian) and the model's compact JSON compressed with raw DEFLATE. Version 1 (the
//! links made before) is `#m=` and the compressed JSON alone; it still opens, unchecked.
//!
//! A fragment never reaches a server, so the design stays between the people who share it.
//! Decoding never panics and says exactly what is wrong with a bad link; with the checksum, a
//! damaged version-2 link is refused rather than opened as a different model.

use super::base64url::{self, Base64Error};
use super::compact::compact_json;
use super::crc32::crc32;
use super::labels::bytes_label;
use crate::i18n::counts::number;
use crate::i18n::{Lang, Msg};
use crate::model::{load, LoadError, Model};
use miniz_oxide::inflate::core::{decompress, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;
use std::fmt;

/// What a share link's fragment starts with.
pub const LINK_PREFIX: &str = "#m=";
/// The link format docshape writes (and the newest it reads).
pub const LINK_VERSION: u64 = 2;
/// Links longer than this (2 MiB of text) are refused before any work.
pub const MAX_LINK_CHARS: usize = 2 * 1024 * 1024;
/// Inflating stops past this many bytes (8 MiB): a small link cannot become a huge model.
pub const MAX_MODEL_BYTES: usize = 8 * 1024 * 1024;
/// miniz' strongest level; models are small, so the extra effort costs microseconds.
const LEVEL: u8 = 10;
/// Bytes of checksum before the compressed model in a version-2 link.
const CHECK_BYTES: usize = 4;

/// The fragment (`#m=v2....`) that carries `json`, unchecked: every link docshape gives out
/// comes from [`share_link`], which checks it.
fn encode_json(json: &str) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), LEVEL);
    let mut payload = Vec::with_capacity(deflated.len() + CHECK_BYTES);
    payload.extend_from_slice(&crc32(&deflated).to_be_bytes());
    payload.extend_from_slice(&deflated);
    format!("{LINK_PREFIX}v{LINK_VERSION}.{}", base64url::encode(&payload))
}

/// The share link (`#m=v2....`) of `model`, only if it opens as this very model: refuses (with
/// the reason, which says to share the file) a model too large for a link, and any model the
/// link would change. The one way docshape makes a link: the command line, the app's Share
/// action and the review report's link all come through here.
pub fn share_link(model: &Model) -> Result<String, ShareError> {
    let json = compact_json(model);
    if json.len() > MAX_MODEL_BYTES {
        return Err(ShareError::ModelTooLarge(json.len()));
    }
    let link = encode_json(&json);
    if link.len() > MAX_LINK_CHARS {
        return Err(ShareError::TooLong(link.len()));
    }
    match decode_link(&link) {
        Ok(back) if back == *model => Ok(link),
        Ok(_) => Err(ShareError::NotFaithful),
        Err(e) => Err(e),
    }
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
    let bytes = match version_of(payload)? {
        Some((tag_chars, body)) => open_v2(body, tag_chars)?,
        None => inflate_limited(&from_base64(payload, 0)?, MAX_MODEL_BYTES)?,
    };
    let text = String::from_utf8(bytes).map_err(|_| ShareError::NotText)?;
    load(&text).map_err(ShareError::Model)
}

/// A version-2 payload's body and the characters its `v2.` tag takes; `None` for a version-1
/// payload (base64url never contains a dot).
fn version_of(payload: &str) -> Result<Option<(usize, &str)>, ShareError> {
    let Some((tag, body)) = payload.split_once('.') else { return Ok(None) };
    let number = tag.strip_prefix('v').filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    // Digits past u64 are a version newer than any, named as written.
    match number.map(|n| (n, n.parse::<u64>().unwrap_or(u64::MAX))) {
        Some((_, LINK_VERSION)) => Ok(Some((tag.len() + 1, body))),
        Some((digits, v)) if v > LINK_VERSION => {
            let digits = digits.trim_start_matches('0');
            let shown = if digits.len() > 20 { format!("{}…", &digits[..20]) } else { digits.to_string() };
            Err(ShareError::UnknownVersion(shown))
        }
        // A damaged tag: base64url decoding names the first character that does not belong.
        _ => Err(from_base64(payload, 0).err().unwrap_or(ShareError::Corrupt)),
    }
}

/// Checks and inflates a version-2 body (`offset` characters after `#m=`).
fn open_v2(body: &str, offset: usize) -> Result<Vec<u8>, ShareError> {
    let bytes = match from_base64(body, offset) {
        Err(ShareError::Corrupt | ShareError::Truncated) => return Err(diagnose_end(body)),
        other => other?,
    };
    let Some((check, deflated)) = bytes.split_first_chunk::<CHECK_BYTES>() else {
        return Err(ShareError::Truncated);
    };
    if u32::from_be_bytes(*check) != crc32(deflated) {
        // Say "cut short" when the stream ends early, which is what a person can fix.
        return Err(match inflate_limited(deflated, MAX_MODEL_BYTES) {
            Err(ShareError::Truncated) => ShareError::Truncated,
            _ => ShareError::Checksum,
        });
    }
    inflate_limited(deflated, MAX_MODEL_BYTES)
}

/// Why a version-2 body whose last characters do not form whole bytes is refused: cut short
/// when its whole groups hold a compressed stream that merely stops early, damaged otherwise.
fn diagnose_end(body: &str) -> ShareError {
    let whole = body.get(..body.len() - body.len() % 4).unwrap_or_default();
    match base64url::decode(whole) {
        Ok(bytes) if bytes.len() <= CHECK_BYTES => ShareError::Truncated,
        Ok(bytes) => match inflate_limited(bytes.get(CHECK_BYTES..).unwrap_or_default(), MAX_MODEL_BYTES) {
            Err(ShareError::Truncated) => ShareError::Truncated,
            _ => ShareError::Corrupt,
        },
        Err(_) => ShareError::Corrupt,
    }
}

/// Decodes base64url, reporting a bad character by its 1-based position after `#m=`.
fn from_base64(text: &str, offset: usize) -> Result<Vec<u8>, ShareError> {
    base64url::decode(text).map_err(|e| match e {
        Base64Error::BadCharacter { position, character } => {
            ShareError::BadCharacter { position: offset + position + 1, character }
        }
        Base64Error::BadLength(_) => ShareError::Truncated,
        Base64Error::NonCanonicalEnd { .. } => ShareError::Corrupt,
    })
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

/// Why a share link could not be opened (or, for [`share_link`], made).
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
    /// The link's checksum does not match its data: a character was changed, added or lost.
    Checksum,
    /// A link format newer than this build reads (`#m=v3.`...): its number as written (past
    /// 20 digits, cut with an ellipsis).
    UnknownVersion(String),
    /// Extra data after the end of the compressed model.
    TrailingData(usize),
    /// The model inflates past `MAX_MODEL_BYTES`.
    TooLarge,
    /// Making a link: the model's compact JSON is this many bytes, more than `MAX_MODEL_BYTES`.
    ModelTooLarge(usize),
    /// The inflated bytes are not UTF-8 text.
    NotText,
    /// The text is not a valid model: the loader's own explanation.
    Model(LoadError),
    /// Making a link: the link would open a model different from the one given.
    NotFaithful,
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
            ShareError::Checksum => write!(
                f,
                "The share link is damaged: its checksum does not match (a character was changed, added or lost). Copy the whole link again."
            ),
            ShareError::UnknownVersion(v) => write!(
                f,
                "This share link was made by a newer docshape (link version {v}; this one reads up to {LINK_VERSION}). Update docshape to open it."
            ),
            ShareError::TrailingData(n) => write!(
                f,
                "The share link is damaged: {n} unexpected bytes follow the end of the model."
            ),
            ShareError::TooLarge => write!(
                f,
                "The model is larger than {MAX_MODEL_BYTES} bytes, which a share link cannot carry (docshape refuses such links). Share the model file instead."
            ),
            ShareError::ModelTooLarge(n) => write!(
                f,
                "The model is {n} bytes, more than the {MAX_MODEL_BYTES} a share link can carry (docshape refuses such links). Share the model file instead."
            ),
            ShareError::NotText => write!(f, "The share link is damaged: it does not hold text."),
            ShareError::Model(e) => write!(f, "The share link holds no valid model. {e}"),
            ShareError::NotFaithful => write!(
                f,
                "A share link cannot carry this model faithfully: it would open differently. Share the model file instead."
            ),
        }
    }
}

impl std::error::Error for ShareError {}

impl ShareError {
    /// Why [`share_link`] made no link, in `lang`, for the app (which offers
    /// the file beside it). The command line prints the English `Display`.
    pub fn refusal(&self, lang: Lang) -> String {
        match self {
            ShareError::ModelTooLarge(n) => Msg::ShareTooLarge
                .fill(lang, &[&bytes_label(*n as u64, lang), &bytes_label(MAX_MODEL_BYTES as u64, lang)]),
            ShareError::TooLong(n) => {
                Msg::ShareTooLong.fill(lang, &[&number(lang, *n as f64), &number(lang, MAX_LINK_CHARS as f64)])
            }
            // A model the link would change (or not open): the same advice.
            _ => Msg::ShareNotFaithful.fill(lang, &[]),
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
        let link = share_link(&m).unwrap();
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
        assert_eq!(decode_link("#m=v2.ab%cd"), Err(ShareError::BadCharacter { position: 6, character: '%' }));
        assert_eq!(decode_link("#m=x2.abcd"), Err(ShareError::BadCharacter { position: 3, character: '.' }));
        assert_eq!(decode_link("#m=v9.abcd"), Err(ShareError::UnknownVersion("9".into())));
        let far = decode_link("#m=v99999999999999999999999.abcd").unwrap_err().to_string();
        assert!(far.contains("link version 99999999999999999999…;"), "{far}");
        assert!(decode_link("#m=v9.abcd").unwrap_err().to_string().contains("newer docshape"));
    }

    #[test]
    fn version_1_links_still_open() {
        let m = small();
        let v1 =
            format!("#m={}", base64url::encode(&miniz_oxide::deflate::compress_to_vec(compact_json(&m).as_bytes(), 6)));
        assert_eq!(decode_link(&v1).unwrap(), m);
        assert!(share_link(&m).unwrap().starts_with("#m=v2."));
    }

    #[test]
    fn a_wrong_checksum_is_refused() {
        let json = compact_json(&small());
        let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 6);
        let mut payload = (crc32(&deflated) ^ 1).to_be_bytes().to_vec();
        payload.extend_from_slice(&deflated);
        let link = format!("#m=v2.{}", base64url::encode(&payload));
        assert_eq!(decode_link(&link), Err(ShareError::Checksum));
    }

    #[test]
    fn share_link_refuses_what_would_not_open() {
        let m = small();
        assert_eq!(decode_link(&share_link(&m).unwrap()).unwrap(), m);
        let mut big = small();
        big.entities[0].notes = "x".repeat(MAX_MODEL_BYTES);
        let json_len = compact_json(&big).len();
        assert_eq!(share_link(&big), Err(ShareError::ModelTooLarge(json_len)));
        assert!(ShareError::ModelTooLarge(json_len).to_string().contains("model file"));
    }

    /// Notes that do not compress (base64url of random bytes): about one link character each.
    fn incompressible(chars: usize) -> String {
        let mut rng = crate::rng::Rng::new(7);
        let bytes: Vec<u8> = (0..chars * 3 / 4 + 3).map(|_| rng.next_u64() as u8).collect();
        base64url::encode(&bytes)[..chars].to_string()
    }

    #[test]
    fn a_model_whose_link_would_be_too_long_is_refused_with_its_length() {
        let mut m = small();
        m.entities[0].notes = incompressible(MAX_LINK_CHARS + 1000);
        assert!(compact_json(&m).len() < MAX_MODEL_BYTES, "small enough as a file");
        let Err(ShareError::TooLong(n)) = share_link(&m) else { panic!("a link over {MAX_LINK_CHARS} characters") };
        assert!(n > MAX_LINK_CHARS, "{n}");
        // Just under the limit, the same kind of model is shared.
        m.entities[0].notes = incompressible(MAX_LINK_CHARS / 10 * 9);
        assert!(share_link(&m).is_ok_and(|link| link.len() <= MAX_LINK_CHARS));
    }

    #[test]
    fn the_refusal_speaks_each_language_and_offers_the_file() {
        use crate::i18n::Lang;
        let too_long = ShareError::TooLong(2_500_000);
        assert_eq!(
            too_long.refusal(Lang::En),
            "No share link was made: it would be 2,500,000 characters long, and docshape opens links of up to 2,097,152. Share the model file instead."
        );
        assert!(too_long.refusal(Lang::Es).contains("2.500.000 caracteres"), "{}", too_long.refusal(Lang::Es));
        assert!(too_long.refusal(Lang::Pt).contains("2.500.000 caracteres"), "{}", too_long.refusal(Lang::Pt));
        let too_large = ShareError::ModelTooLarge(9_000_000);
        for (lang, file) in
            [(Lang::En, "model file"), (Lang::Es, "archivo del modelo"), (Lang::Pt, "arquivo do modelo")]
        {
            for e in [&too_large, &too_long, &ShareError::NotFaithful] {
                let text = e.refusal(lang);
                assert!(text.contains(file) && !text.contains("{}"), "{text}");
            }
        }
        assert!(too_large.refusal(Lang::Es).contains("9,0 MB"), "{}", too_large.refusal(Lang::Es));
    }
}
