//! Editing, as plain Rust: edits on the model, undo/redo as diffs, the store that records and
//! announces every change (`store`), diagram geometry and automatic layout. The UI calls
//! these; they are tested natively.

pub mod arrange;
pub mod clipboard;
pub mod comments;
pub mod diff_marks;
pub mod edit;
pub mod geometry;
pub mod history;
pub mod layout;
pub mod placement;
pub mod routing;
pub mod store;
