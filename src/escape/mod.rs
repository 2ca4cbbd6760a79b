//! The one escaping path per target language. Every string that comes from a model (a
//! database, collection, entity or field name, a note, a query id, an enum value, a default)
//! reaches generated text through one of these modules, never by plain interpolation:
//!
//! - [`js`]: JavaScript / JSON string literals, object keys, member access and `//` comments
//!   (the mongosh script, the example documents, the validators, Extended JSON);
//! - [`markdown`]: GitHub-flavoured Markdown prose, table cells and code spans (decision
//!   sheets, the review report);
//! - [`xml`]: XML text and attribute values (the SVG diagram, the report's `<img alt>`);
//! - [`clike`]: Python, Rust and Java string literals and comments (the generated code);
//! - [`dbml`]: DBML names and strings.
//! - [`screen`]: names and sentences the app's views show as text (a bidirectional control is
//!   shown, not obeyed).
//!
//! [`hazard`] names the characters that each of them neutralises beyond its own syntax (line
//! breaks of every kind, controls, bidirectional and invisible characters); the advisor rule
//! `dangerous-name` reports the names that hold them.

pub mod clike;
pub mod dbml;
pub mod hazard;
pub mod js;
pub mod markdown;
pub mod screen;
pub mod xml;
