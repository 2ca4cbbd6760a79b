//! Designing together: the model's records on a shared CRDT document (yrs, the Rust port of
//! Yjs), so every person in a room edits the same design live and every copy converges.
//!
//! - [`records`]: how records sit in the document (one map per kind, one map per record);
//! - [`order`]: the order of a kind's records (fractional keys);
//! - [`project`]: the document read back as a model, repaired the same way in every peer;
//! - [`write`]: a local edit written as the members it changes;
//! - [`session`]: one person's copy: edits, updates in and out, personal undo;
//! - [`wire`]: the sync server's (Hocuspocus') messages;
//! - [`room`]: one person in a room: the conversation with the server, presence, offline and back;
//! - [`invite`]: a room link's `#room=ID&key=SECRET`, checked before anything is sent.
//!
//! No browser dependency: tested natively (`cargo test --lib collab`).

pub mod invite;
pub mod order;
pub mod project;
pub mod records;
pub mod room;
pub mod session;
pub mod wire;
pub mod write;

pub use invite::{Invite, InviteError};
pub use project::Repair;
pub use records::Kind;
pub use room::{room_of, Link, Peer, Presence, Room};
pub use session::{CollabError, Lost, Session};

#[cfg(test)]
mod converge_tests;
#[cfg(test)]
mod tests;
