//! The one list of rules. Codes are stable: a retired rule's code is never reused.
//!
//! DS0xx structure · DS1xx relations and anti-patterns of embedding · DS2xx size ·
//! DS3xx indexes and queries · DS4xx validation and evolution · DS5xx patterns.

use super::rules;
use super::{Rule, RuleMeta};

/// Declares [`RULES`] and [`english_docs`] from one list of rule types.
macro_rules! registry {
    ($($rule:path),* $(,)?) => {
        /// Every rule, in the order the advisor runs them.
        pub static RULES: &[&dyn Rule] = &[$(&$rule),*];

        /// The English documentation (doc comment) of the rule with this code; empty for an
        /// unknown code. A function apart from [`RULES`], so the text is linked in only where
        /// it is read (the CLI, the report, the tests), not in the browser app.
        pub fn english_docs(code: &str) -> &'static str {
            $(
                if code == <$rule>::META.code {
                    return <$rule>::DOCS;
                }
            )*
            ""
        }
    };
}

registry! {
    rules::model_structure::ModelStructure,
    rules::dangerous_name::DangerousName,
    // relations (advisor-relations)
    rules::unbounded_array::UnboundedArray,
    rules::storage_disagrees::StorageDisagrees,
    rules::live_copy_without_propagation::LiveCopyWithoutPropagation,
    rules::copy_used_to_decide::CopyUsedToDecide,
    rules::relational_in_disguise::RelationalInDisguise,
    rules::write_spans_aggregates::WriteSpansAggregates,
    rules::outlier_misapplied::OutlierMisapplied,
    rules::reference_type_mismatch::ReferenceTypeMismatch,
    rules::reference_names_no_field::ReferenceNamesNoField,
    rules::bucket_of_entities::BucketOfEntities,
    rules::volatile_copy::VolatileCopy,
    rules::hot_document::HotDocument,
    rules::subset_fits::SubsetFits,
    rules::computed_fits::ComputedFits,
    rules::extended_reference_fits::ExtendedReferenceFits,
    rules::outlier_fits::OutlierFits,
    rules::attribute_fits::AttributeFits,
    rules::polymorphic_fits::PolymorphicFits,
    rules::time_series_fits::TimeSeriesFits,
    // collections, sizes, indexes, validation (advisor-collections)
    rules::bloated_document::BloatedDocument,
    rules::document_size::DocumentSize,
    rules::large_array::LargeArray,
    rules::tiny_documents_flood::TinyDocumentsFlood,
    rules::needs_sharding::NeedsSharding,
    rules::shard_key_invalid::ShardKeyInvalid,
    rules::shard_key_weak::ShardKeyWeak,
    rules::too_many_indexes::TooManyIndexes,
    rules::single_field_indexes::SingleFieldIndexes,
    rules::redundant_index::RedundantIndex,
    rules::missing_index::MissingIndex,
    rules::lookup_unindexed::LookupUnindexed,
    rules::unused_index::UnusedIndex,
    rules::deep_offset_pagination::DeepOffsetPagination,
    rules::non_unique_sort_pagination::NonUniqueSortPagination,
    rules::case_insensitive_match::CaseInsensitiveMatch,
    rules::unanchored_regex::UnanchoredRegex,
    rules::sort_in_memory::SortInMemory,
    rules::no_projection::NoProjection,
    rules::too_many_collections::TooManyCollections,
    rules::ttl_deletes_whole_documents::TtlDeletesWholeDocuments,
    rules::refused_index::RefusedIndex,
    rules::unique_missing_field::UniqueMissingField,
    rules::no_validator::NoValidator,
    rules::no_schema_version::NoSchemaVersion,
    rules::validation_rollout::ValidationRollout,
    rules::money_as_double::MoneyAsDouble,
    rules::date_as_string::DateAsString,
    // measured from real data
    rules::measured_data::MeasuredData,
    rules::collection_scan_measured::CollectionScan,
    rules::sort_in_memory_measured::SortInMemory,
    rules::index_unused_measured::IndexUnusedMeasured,
}

/// The rule with this code, if any.
pub fn rule_by_code(code: &str) -> Option<&'static RuleMeta> {
    RULES.iter().map(|r| r.meta()).find(|m| m.code == code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keyed::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_documented() {
        let mut codes = HashSet::default();
        let mut names = HashSet::default();
        for rule in RULES {
            let m = rule.meta();
            assert!(codes.insert(m.code), "duplicate code {}", m.code);
            assert!(names.insert(m.name), "duplicate name {}", m.name);
            assert!(m.code.starts_with("DS") && m.code.len() == 5, "bad code {}", m.code);
            assert!(m.docs().contains("## What it does"), "{} has no 'What it does'", m.code);
            assert!(m.docs().contains("## Why is this bad?"), "{} has no 'Why is this bad?'", m.code);
            assert!(!m.summary().is_empty(), "{} has an empty summary", m.code);
        }
    }
}
