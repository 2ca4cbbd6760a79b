//! MongoDB calls as the application writes them (`db.orders.find({…}).sort({…}).limit(20)`),
//! read into access patterns and written back from them: the one reader the app, the command
//! line and the log reader share.
//!
//! ```
//! use docshape::model::{AccessPattern, Entity, FilterOp, Model};
//! let mut model = Model::new("shop");
//! model.entities.push(Entity::new("o", "orders"));
//! let mut pattern = AccessPattern::new("Q1", "a customer's orders", "o");
//! docshape::mql::read_into(&mut pattern, "db.orders.find({ customer_id: id, name: /^ab/i }).sort({ at: -1 }).limit(20)", &model).unwrap();
//! assert_eq!(pattern.filters[1].op, FilterOp::Prefix);
//! assert!(pattern.filters[1].case_insensitive);
//! assert_eq!(pattern.page_size, Some(20));
//! ```

mod call;
mod facts;
mod write;

pub use call::{from_command, read_call, Call, Change, Operation, Read, Write};
pub use facts::{entity_of, fill, NotInDesign, Unread};
pub use write::call_of;

use crate::model::{AccessPattern, Model};

/// Why a call could not be read into a pattern, and where (1-based line and column of the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallError {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for CallError {}

/// Reads `text` and fills `pattern` from it ([`fill`]); on an error the pattern is left as it
/// was. Returns what the call says that the pattern cannot hold.
pub fn read_into(pattern: &mut AccessPattern, text: &str, model: &Model) -> Result<Vec<Unread>, CallError> {
    let call = read_call(text).map_err(|e| CallError { line: e.line, column: e.column, message: e.message })?;
    let mut filled = pattern.clone();
    let unread = fill(&mut filled, &call, text, model).map_err(|e| CallError {
        line: 1,
        column: text.find(&e.collection).map_or(1, |at| text[..at].chars().count() as u64 + 1),
        message: e.to_string(),
    })?;
    *pattern = filled;
    Ok(unread)
}

#[cfg(test)]
mod tests;
