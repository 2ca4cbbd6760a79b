//! docshape: a visual modeler for MongoDB document design.
//!
//! The core (`model`, `advisor`, `export`, `infer`) is plain Rust with no browser dependency;
//! the `ui` module (browser only) reads it and dispatches edits.

pub mod advisor;
pub mod collab;
pub mod designs;
pub mod diff;
pub mod dump;
pub mod editor;
pub mod escape;
pub mod export;
pub mod i18n;
pub mod infer;
pub mod keyed;
pub mod model;
pub mod mql;
pub mod offload;
pub mod rng;
pub mod share;
pub mod simulation;
pub mod templates;
pub mod together;
pub mod workload;

#[cfg(target_arch = "wasm32")]
pub mod ui;
