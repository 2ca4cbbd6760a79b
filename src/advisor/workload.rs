//! What the access patterns say about one collection's documents: written once and read by
//! series and period (events, measurements), or read and edited one by one (entities with an
//! identity). The bucket pattern, the tiny-documents flood, the time series collection and the
//! bucket-of-entities rule all ask these questions, so they are answered once, here.

use crate::model::{AccessPattern, FilterOp, QueryKind, WriteOp};

/// Whether `q` inserts new documents into its entity: a write stated as an insert, or a write
/// with no stated kind and no filter (nothing existing is matched, so something new is written).
pub(crate) fn inserts(q: &AccessPattern) -> bool {
    q.kind == QueryKind::Write
        && match q.write {
            Some(op) => op == WriteOp::Insert,
            None => q.filters.is_empty() && q.or.is_empty(),
        }
}

/// Whether `q` changes one existing document of `e` in place: an update or a replace (or a
/// write of no stated kind that matches documents) that changes one document per execution
/// (`documentsChanged`, 1 when not stated). An upsert is left out: it is how an idempotent
/// import or a bucket's append inserts.
pub(crate) fn edits_one(q: &AccessPattern) -> bool {
    let edits = match q.write {
        Some(op) => matches!(op, WriteOp::Update | WriteOp::Replace),
        None => !q.filters.is_empty() || !q.or.is_empty(),
    };
    q.kind == QueryKind::Write && edits && q.documents_changed.unwrap_or(1) <= 1
}

/// Whether the application edits an entity's documents one by one after writing them (a
/// correction, a state change): at least one of its access patterns (`own`, those that start
/// at it: `Usage::patterns_of`) does ([`edits_one`]).
pub(crate) fn edited_one_by_one(own: &[&AccessPattern]) -> bool {
    own.iter().any(|q| edits_one(q))
}

/// Inserts into an entity per minute at peak, summed over its access patterns (`own`) that
/// insert.
pub(crate) fn insert_rate(own: &[&AccessPattern]) -> f64 {
    let rate = |q: &AccessPattern| if q.per_minute.is_finite() && q.per_minute > 0.0 { q.per_minute } else { 0.0 };
    own.iter().filter(|q| inserts(q)).map(|q| rate(q)).sum()
}

/// Whether every access pattern that reaches an entity (`naming`: from it or touching it,
/// `Usage::patterns_naming`) is analytical, and at least one does: a monthly report is all the
/// workload says of these documents, so no grouping of them serves a view or a write of the
/// application.
pub(crate) fn only_analytical(naming: &[&AccessPattern]) -> bool {
    !naming.is_empty() && naming.iter().all(|q| q.kind == QueryKind::Analytical)
}

/// Whether `q` finds one item of the array `array` by an identity: an equality on an id of
/// the items (`patients.patient_id`, `tasks._id`), or a change of one item through the
/// positional operator (`patients.$.vitals`). The items are then addressed one by one, as
/// entities are.
pub(crate) fn addresses_one_item(q: &AccessPattern, array: &str) -> bool {
    let inside = |path: &str| path.strip_prefix(array).and_then(|rest| rest.strip_prefix('.')).map(str::to_string);
    let by_identity = q.filters.iter().any(|f| {
        f.op == FilterOp::Equality && inside(&f.field).is_some_and(|item| item == "_id" || item.ends_with("_id"))
    });
    let positional = q.changes.iter().any(|c| inside(c).is_some_and(|item| item.starts_with('$')));
    by_identity || positional
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Filter, QueryKind};

    fn write(op: Option<WriteOp>, filters: &[&str]) -> AccessPattern {
        let mut q = AccessPattern::new("W", "W", "e");
        q.kind = QueryKind::Write;
        q.write = op;
        q.filters = filters.iter().map(|f| Filter::new(f, FilterOp::Equality)).collect();
        q
    }

    #[test]
    fn inserts_and_edits_are_told_apart() {
        assert!(inserts(&write(Some(WriteOp::Insert), &[])));
        assert!(inserts(&write(None, &[])), "a write matching nothing writes something new");
        assert!(!inserts(&write(None, &["_id"])));
        assert!(edits_one(&write(Some(WriteOp::Update), &["_id"])));
        assert!(edits_one(&write(None, &["tracking_no"])));
        assert!(!edits_one(&write(Some(WriteOp::Upsert), &["_id"])), "an upsert appends or imports");
        let mut many = write(Some(WriteOp::Update), &["customer_id"]);
        many.documents_changed = Some(50);
        assert!(!edits_one(&many), "a bulk update is no edit of one document");
    }

    #[test]
    fn an_item_is_addressed_by_its_id_or_the_positional_operator() {
        let mut q = write(Some(WriteOp::Update), &["patients.patient_id"]);
        assert!(addresses_one_item(&q, "patients"));
        q.filters = vec![Filter::new("patients.status", FilterOp::Equality)];
        assert!(!addresses_one_item(&q, "patients"));
        q.changes = vec!["patients.$.notes".into()];
        assert!(addresses_one_item(&q, "patients"));
        assert!(!addresses_one_item(&q, "patient"), "another array");
    }
}
