use crate::advisor::workload;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{AccessPattern, Id, Place, QueryKind, Storage};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a relation stored as a bucket whose items are entities rather than events or
    /// measurements: an access pattern of the application (not an analytical report) finds one
    /// item of the bucket array by an identity (an equality on `patients.patient_id` or
    /// `tasks._id`) or changes one item in place through the positional operator
    /// (`patients.$.vitals`). A bucket whose items are only appended and read by period (the
    /// readings of a device-hour, the samples of a lap) is not flagged.
    ///
    /// ## Why is this bad?
    /// The bucket pattern groups events or measurements of one subject over a period: written
    /// once, read by period. Records with an identity that are opened, corrected and moved
    /// through states one by one do not belong in it: every read of one item loads (or
    /// projects out of) a document holding dozens of others, every edit rewrites a shared
    /// document that other writers change too, an index on an item field is multikey over the
    /// whole array, and an item that outlives its period (a patient still admitted, a task
    /// still open) must be found across buckets.
    ///
    /// ## Example
    /// A ward's patients stored as buckets of up to 50 per ward and month
    /// (`ward_patients.patients[]`), while the chart is opened by `patients.patient_id` and the
    /// vitals are written with `patients.$.vitals` thousands of times a minute.
    ///
    /// ## Use instead
    /// Give each item its own document with a reference to the parent (`ward_id`, `project_id`)
    /// and index what the application finds it by; keep a bucket for the events of an item
    /// (its vitals per hour), not for the items themselves.
    ///
    /// ## References
    /// MongoDB, "Building with Patterns: The Bucket Pattern"; MongoDB manual, "Model
    /// One-to-Many Relationships with Document References"; the BiblioRed lesson on document
    /// modelling, "Patrón: agrupación (bucket)".
    pub BucketOfEntities {
        code: "DS110",
        name: "bucket-of-entities",
        category: AntiPattern,
        severity: Warning,
    }
}

/// The application's access patterns of `entity` that address one item of `array` (see
/// [`workload::addresses_one_item`]).
fn item_patterns<'m>(patterns: &'m [AccessPattern], entity: &str, array: &str) -> Vec<&'m AccessPattern> {
    patterns
        .iter()
        .filter(|q| q.entity == entity && q.kind != QueryKind::Analytical && workload::addresses_one_item(q, array))
        .collect()
}

impl Rule for BucketOfEntities {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in cx.model.relations.iter().filter(|r| r.storage == Storage::Bucket) {
            let Some(spec) = &rel.bucket else { continue };
            let found = item_patterns(&cx.model.queries, &rel.child, &spec.array_field);
            if found.is_empty() {
                continue;
            }
            let (parent, child) = cx.design.end_names(rel);
            let ids = Arg::List(found.iter().map(|q| Arg::from(q.id.as_str())).collect());
            let array = &spec.array_field;
            out.push(Self::finding(
                Place::Relation { id: Id::new(&rel.id) },
                text!(
                    en: "{parent} → {child} is stored as a bucket, but {ids} find or change one item of {array} at a time: its items are entities, not events.",
                    es: "{parent} → {child} se guarda como contenedor (bucket), pero {ids} buscan o modifican un elemento de {array} cada vez: sus elementos son entidades, no eventos.",
                    pt: "{parent} → {child} é guardado como bucket, mas {ids} buscam ou alteram um item de {array} por vez: seus itens são entidades, não eventos.";
                    parent, child, ids, array
                ),
                text!(
                    en: "A bucket groups events written once and read by period; records read and edited one by one pay for the whole bucket on every read and rewrite a document shared with the other items on every edit.",
                    es: "Un contenedor agrupa eventos que se escriben una vez y se leen por periodo; los registros que se leen y se editan uno a uno pagan el contenedor entero en cada lectura y reescriben un documento compartido con los demás elementos en cada edición.",
                    pt: "Um bucket agrupa eventos gravados uma vez e lidos por período; registros lidos e editados um a um pagam o bucket inteiro a cada leitura e reescrevem um documento compartilhado com os outros itens a cada edição."
                ),
                text!(
                    en: "Give each item of {array} its own document referencing {parent}, indexed by what the application finds it by; keep buckets for the events of an item, not for the items.",
                    es: "Da a cada elemento de {array} su propio documento con una referencia a {parent}, indexado por lo que la aplicación usa para encontrarlo; deja los contenedores para los eventos de un elemento, no para los elementos.",
                    pt: "Dê a cada item de {array} seu próprio documento com uma referência a {parent}, indexado pelo que a aplicação usa para encontrá-lo; deixe os buckets para os eventos de um item, não para os itens.";
                    array, parent
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BucketSpec, Filter, FilterOp, Model, QueryKind, Storage, WriteOp};

    /// Posts with their comments stored as buckets of 50 per post and day.
    fn bucketed() -> Model {
        let mut m = parent_child(Storage::Bucket, 40.0, None);
        m.relations[0].bucket = Some(BucketSpec {
            array_field: "items".into(),
            period: "day".into(),
            cap: 50,
            count_field: Some("count".into()),
            period_field: Some("day".into()),
            ttl_seconds: None,
            id_scheme: String::new(),
        });
        let mut append = AccessPattern::new("W1", "Append", "comment");
        (append.kind, append.write, append.per_minute) = (QueryKind::Write, Some(WriteOp::Upsert), 500.0);
        append.filters.push(Filter::new("_id", FilterOp::Equality));
        append.changes = vec!["items".into(), "count".into()];
        m.queries.push(append);
        m
    }

    #[test]
    fn items_found_or_edited_one_by_one_are_entities() {
        let mut m = bucketed();
        assert!(findings(&m, "DS110").is_empty(), "appended and read by period: a real bucket");
        let mut open = AccessPattern::new("R1", "Open one item", "comment");
        open.filters.push(Filter::new("items.item_id", FilterOp::Equality));
        m.queries.push(open);
        let f = findings(&m, "DS110");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, crate::model::Place::Relation { id: "r".into() });
        assert!(f[0].message.en().contains("R1 find or change one item of items"), "{}", f[0].message.en());
        // A positional edit says the same.
        let mut m = bucketed();
        let mut edit = AccessPattern::new("W2", "Edit one item", "comment");
        (edit.kind, edit.write) = (QueryKind::Write, Some(WriteOp::Update));
        edit.changes = vec!["items.$.text".into()];
        m.queries.push(edit);
        assert_eq!(findings(&m, "DS110").len(), 1);
        assert!(findings(&m, "DS110")[0].message.render(Lang::Es).contains("son entidades, no eventos"));
        assert!(findings(&m, "DS110")[0].fix_hint.render(Lang::Pt).contains("seu próprio documento"));
    }

    #[test]
    fn a_report_or_a_filter_on_an_item_value_is_no_identity() {
        let mut m = bucketed();
        let mut report = AccessPattern::new("A1", "Monthly report", "comment");
        report.kind = QueryKind::Analytical;
        report.filters.push(Filter::new("items.item_id", FilterOp::Equality));
        m.queries.push(report);
        let mut by_value = AccessPattern::new("R2", "High values", "comment");
        by_value.filters.push(Filter::new("items.status", FilterOp::Equality));
        m.queries.push(by_value);
        assert!(findings(&m, "DS110").is_empty());
    }
}
