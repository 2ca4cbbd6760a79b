//! The browser UI (Leptos). It reads the core and dispatches edits; it never holds model logic.
