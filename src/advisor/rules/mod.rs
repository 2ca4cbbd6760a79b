//! One rule per file. Each declares its code, name, category, severity and documentation
//! with `declare_rule!` and implements `Rule`.

pub mod dangerous_name;
pub mod date_as_string;
pub mod measured_data;
pub mod model_structure;

// relations (DS1xx) and patterns (DS5xx)
pub mod attribute_fits;
pub mod computed_fits;
pub mod copy_used_to_decide;
pub mod extended_reference_fits;
pub mod live_copy_without_propagation;
pub mod outlier_fits;
pub mod outlier_misapplied;
pub mod polymorphic_fits;
pub mod reference_type_mismatch;
#[cfg(test)]
pub(crate) mod relation_fixtures;
pub mod relational_in_disguise;
pub mod storage_disagrees;
pub mod subset_fits;
pub mod unbounded_array;
pub(crate) mod wanted_embeds;
pub mod write_spans_aggregates;
// collections, sizes, indexes, validation (advisor-collections)
pub mod bloated_document;
#[cfg(test)]
mod collection_fixtures;
pub mod deep_offset_pagination;
pub mod document_size;
pub mod large_array;
mod local_figures;
pub mod lookup_unindexed;
pub mod missing_index;
pub mod money_as_double;
pub mod no_projection;
pub mod no_schema_version;
pub mod no_validator;
pub mod non_unique_sort_pagination;
pub mod redundant_index;
pub mod single_field_indexes;
pub mod tiny_documents_flood;
pub mod too_many_collections;
pub mod too_many_indexes;
mod typed_fields;
pub mod unused_index;
pub mod validation_rollout;
