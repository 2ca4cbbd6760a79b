//! Design reviews: a model in a share link, the diagram as a standalone SVG, and a Markdown
//! review report for a pull request or a design document. Plain Rust, no browser dependency.

pub mod arrows;
mod base64url;
mod compact;
mod crc32;
pub mod labels;
mod link;
pub use crate::escape::markdown;
mod report;
mod report_collections;
mod report_comments;
pub mod report_export;
mod svg;
mod svg_box;
mod theme;
use crate::escape::xml;

pub use crate::export::code::mermaid::er_diagram;
pub use base64url::{
    decode as base64url_decode, encode as base64url_encode, encode_standard as base64_encode, Base64Error,
};
pub use compact::compact_json;
pub use link::{decode_link, share_link, ShareError, LINK_PREFIX, LINK_VERSION, MAX_LINK_CHARS, MAX_MODEL_BYTES};
pub use report::{file_stem, report_svg_name, review_markdown, Diagram, ReportOptions};
pub use svg::{diagram_svg, view_box, SvgOptions};
pub use theme::{Palette, Theme};
pub use xml::escape as xml_escape;
