//! One rule per file. Each declares its code, name, category, severity and documentation
//! with `declare_rule!` and implements `Rule`.

pub mod collection_scan_measured;
pub mod dangerous_name;
pub mod date_as_string;
pub mod index_unused_measured;
pub mod measured_data;
pub mod model_structure;
pub mod sort_in_memory_measured;

// relations (DS1xx) and patterns (DS5xx)
pub mod attribute_fits;
pub mod bucket_of_entities;
pub mod computed_fits;
pub mod copy_used_to_decide;
pub mod extended_reference_fits;
pub mod hot_document;
pub mod live_copy_without_propagation;
pub mod outlier_fits;
pub mod outlier_misapplied;
pub mod polymorphic_fits;
pub mod reference_names_no_field;
pub mod reference_type_mismatch;
#[cfg(test)]
pub(crate) mod relation_fixtures;
pub mod relational_in_disguise;
pub mod storage_disagrees;
pub mod subset_fits;
pub mod time_series_fits;
pub mod unbounded_array;
pub mod volatile_copy;
pub(crate) mod wanted_embeds;
pub mod write_spans_aggregates;
// collections, sizes, indexes, validation (advisor-collections)
pub mod bloated_document;
pub mod case_insensitive_match;
#[cfg(test)]
mod collection_fixtures;
pub mod deep_offset_pagination;
pub mod document_size;
pub mod large_array;
pub(in crate::advisor) mod local_figures;
pub mod lookup_unindexed;
pub mod missing_index;
pub mod money_as_double;
pub mod needs_sharding;
pub mod no_projection;
pub mod no_schema_version;
pub mod no_validator;
pub mod non_unique_sort_pagination;
pub mod redundant_index;
pub mod refused_index;
pub mod shard_key_invalid;
pub mod shard_key_weak;
pub mod single_field_indexes;
pub mod sort_in_memory;
pub mod tiny_documents_flood;
pub mod too_many_collections;
pub mod too_many_indexes;
pub mod ttl_deletes_whole_documents;
mod typed_fields;
pub mod unanchored_regex;
pub mod unique_missing_field;
pub mod unused_index;
pub mod validation_rollout;
