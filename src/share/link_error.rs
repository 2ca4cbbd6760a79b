//! Why a share link could not be made or opened, in words a person can act on.

use super::labels::bytes_label;
use super::link::{LINK_PREFIX, LINK_VERSION, MAX_LINK_CHARS, MAX_MODEL_BYTES};
use crate::i18n::counts::number;
use crate::i18n::{Lang, Msg};
use crate::model::LoadError;
use std::fmt;

/// Why a share link could not be opened (or, for [`share_link`](super::share_link), made).
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
    /// Why [`share_link`](super::share_link) made no link, in `lang`, for the app (which offers
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
