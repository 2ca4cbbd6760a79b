//! Editing, as plain Rust: edits on the model, undo/redo as diffs, diagram geometry and
//! automatic layout. The UI calls these; they are tested natively.

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
