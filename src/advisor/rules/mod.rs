//! One rule per file. Each declares its code, name, category, severity and documentation
//! with `declare_rule!` and implements `Rule`.

pub mod model_structure;

// collections, sizes, indexes, validation (advisor-collections)
pub mod bloated_document;
#[cfg(test)]
mod collection_fixtures;
pub mod deep_offset_pagination;
pub mod document_size;
pub mod large_array;
pub mod missing_index;
pub mod no_projection;
pub mod no_schema_version;
pub mod no_validator;
pub mod non_unique_sort_pagination;
pub mod redundant_index;
pub mod single_field_indexes;
pub mod tiny_documents_flood;
pub mod too_many_collections;
pub mod too_many_indexes;
pub mod validation_rollout;
