//! One rule per file. Each declares its code, name, category, severity and documentation
//! with `declare_rule!` and implements `Rule`.

pub mod measured_data;
pub mod model_structure;

// relations (DS1xx) and patterns (DS5xx)
pub mod computed_fits;
pub mod copy_used_to_decide;
pub mod extended_reference_fits;
pub mod live_copy_without_propagation;
pub mod outlier_fits;
pub mod outlier_misapplied;
#[cfg(test)]
pub(crate) mod relation_fixtures;
pub mod relational_in_disguise;
pub mod storage_disagrees;
pub mod subset_fits;
pub mod unbounded_array;
pub mod write_spans_aggregates;
