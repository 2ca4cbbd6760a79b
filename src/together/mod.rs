//! "Edit together" in the browser: the room runs in a Web Worker of its own (`docshape-collab`,
//! `src/collab_main.rs`), which owns the shared document ([`crate::collab::Room`]) and the
//! WebSocket, so the collaboration code (yrs) loads only when a room starts or a room link
//! opens. The page and the worker talk in JSON messages ([`protocol`]).
//!
//! - [`protocol`]: the messages, both ways;
//! - [`host`]: the worker's side as plain data (messages and socket events in, effects out);
//! - [`rebase`]: an edit the page made on a design older than the room's, carried onto the
//!   newer one (the page and the worker are never in lock-step);
//! - [`key`]: a room's random key written as text;
//! - [`setup`]: the sync server's address and how a person shows (name, colour).
//!
//! No browser dependency: tested natively (`cargo test --lib together`).

pub mod host;
pub mod key;
pub mod protocol;
pub mod rebase;
pub mod setup;

#[cfg(test)]
mod tests;
