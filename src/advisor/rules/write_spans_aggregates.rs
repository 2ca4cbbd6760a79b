use crate::advisor::{Context, Finding, Rule, RuleMeta, Severity};
use crate::declare_rule;
use crate::i18n::{Arg, Text};
use crate::model::{Id, Place, QueryKind};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Reports each write whose changes (and touched entities) reach two or more aggregates:
    /// the roots of different collections, or a collection and another database; and each
    /// write that changes several documents of one collection (`documentsChanged` of 2 or
    /// more: a transfer between two accounts). Such a write is not atomic. The finding is a **warning** when the access pattern records no
    /// choice, and **info** when it does (a `consistency` note such as "the counters may lag a
    /// few minutes", or a precondition or note naming a transaction).
    ///
    /// ## Why is this bad?
    /// The aggregate is the atomicity boundary: a single-document write is atomic, anything
    /// beyond it needs a multi-document transaction or tolerance of temporary inconsistency.
    /// If the process dies between the two writes, the catalogue shows the new title and 47
    /// reviews the old one. Leaving that choice implicit is how it becomes a production bug.
    ///
    /// ## Example
    /// Publishing a review inserts into `resenas` and updates `catalogo.valoracion`,
    /// `total_resenas` and `resenas_destacadas`.
    ///
    /// ## Use instead
    /// Either wrap the writes in a multi-document transaction (and accept its cost), or
    /// record that the inconsistency is tolerated and how it is reconciled (a periodic
    /// recompute); or, if the parts must always change together, move them into one aggregate.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "El agregado: unidad de lectura, escritura y
    /// atomicidad" and "Duplicación controlada y cómo mantenerla coherente"; the course lesson on
    /// access patterns (what must change as a unit); MongoDB, "Atomicity and Transactions".
    pub WriteSpansAggregates {
        code: "DS106",
        name: "write-spans-aggregates",
        category: Relations,
        severity: Warning,
    }
}

impl Rule for WriteSpansAggregates {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for reach in cx.design.reaches().iter().filter(|r| r.spans_aggregates()) {
            let q = reach.query;
            let names = reach
                .aggregates_written
                .iter()
                .map(|&id| Arg::str(cx.design.entity(id).map_or(id, |e| e.name.as_str())));
            let names = Arg::List(names.collect());
            let n = reach.aggregates_written.len();
            let message = text!(
                en: "{id} \"{query}\" changes {n} aggregates ({names}): no single write is atomic across them",
                es: "{id} \"{query}\" modifica {n} agregados ({names}): ninguna escritura por sí sola es atómica entre ellos",
                pt: "{id} \"{query}\" altera {n} agregados ({names}): nenhuma escrita isolada é atômica entre eles";
                id = &q.id, query = &q.name, n, names
            );
            out.push(Self::not_atomic(q, message));
        }
        // One write that changes several documents of its own collection (a transfer between
        // two accounts): each document is an aggregate of its own.
        for reach in cx.design.reaches().iter().filter(|r| !r.spans_aggregates()) {
            let q = reach.query;
            if q.kind != QueryKind::Write || q.documents_changed.unwrap_or(1) < 2 {
                continue;
            }
            let root = cx.design.aggregate_of(&q.entity).or_else(|| cx.design.entity(&q.entity));
            let collection = root.map_or(q.entity.as_str(), |e| e.name.as_str());
            let message = text!(
                en: "{id} \"{query}\" changes {n} documents of {collection} in one operation: no single-document write is atomic across them",
                es: "{id} \"{query}\" modifica {n} documentos de {collection} en una sola operación: ninguna escritura de un documento es atómica entre ellos",
                pt: "{id} \"{query}\" altera {n} documentos de {collection} em uma só operação: nenhuma escrita de um documento é atômica entre eles";
                id = &q.id, query = &q.name, n = q.documents_changed.unwrap_or(2), collection
            );
            out.push(Self::not_atomic(q, message));
        }
    }
}

impl WriteSpansAggregates {
    /// The finding for a write that is not atomic, with `message`: a warning with the two
    /// ways out, or info with the choice the access pattern records.
    fn not_atomic(q: &crate::model::AccessPattern, message: Text) -> Finding {
        {
            let mentions_tx = |s: &str| {
                s.as_bytes().windows(TRANSACTION.len()).any(|w| w.eq_ignore_ascii_case(TRANSACTION.as_bytes()))
            };
            let decided = !q.consistency.trim().is_empty() || mentions_tx(&q.precondition) || mentions_tx(&q.notes);
            let hint = if decided {
                recorded(q)
            } else {
                text!(
                    en: "Wrap it in a multi-document transaction, or record that the inconsistency is tolerated and how it is reconciled (consistency).",
                    es: "Envuélvela en una transacción multidocumento, o registra que la inconsistencia se tolera y cómo se reconcilia (consistencia).",
                    pt: "Envolva-a em uma transação multidocumento, ou registre que a inconsistência é tolerada e como ela é reconciliada (consistência)."
                )
            };
            let mut f = Self::finding(
                Place::Query { id: Id::new(&q.id) },
                message,
                text!(
                    en: "The aggregate is the atomicity boundary: beyond one document, a failure between the writes leaves the aggregates disagreeing.",
                    es: "El agregado es la frontera de la atomicidad: más allá de un documento, un fallo entre las escrituras deja los agregados en desacuerdo.",
                    pt: "O agregado é a fronteira da atomicidade: além de um documento, uma falha entre as escritas deixa os agregados em desacordo."
                ),
                hint,
            );
            if decided {
                f.severity = Severity::Info;
            }
            f
        }
    }
}

/// The word that shows a write's notes name a transaction (in any case).
const TRANSACTION: &str = "transaction";

/// The choice the access pattern records, quoted as the designer wrote it.
fn recorded(q: &crate::model::AccessPattern) -> Text {
    let written = [&q.consistency, &q.precondition, &q.notes].into_iter().map(|s| s.trim()).find(|s| !s.is_empty());
    match written {
        Some(choice) => text!(
            en: "Recorded choice: {choice}. Keep a reconciliation pass for the lagging side.",
            es: "Decisión registrada: {choice}. Mantén un proceso de reconciliación para el lado que se retrasa.",
            pt: "Escolha registrada: {choice}. Mantenha um processo de reconciliação para o lado que fica para trás.";
            choice = choice.trim_end_matches('.')
        ),
        None => text!(
            en: "Recorded choice: transaction. Keep a reconciliation pass for the lagging side.",
            es: "Decisión registrada: transacción. Mantén un proceso de reconciliación para el lado que se retrasa.",
            pt: "Escolha registrada: transação. Mantenha um processo de reconciliação para o lado que fica para trás."
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, write};
    use crate::advisor::Severity;
    use crate::model::{Place, Storage};

    #[test]
    fn a_write_across_two_collections_is_a_warning_until_the_choice_is_recorded() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.queries.push(write("W", "comment", &["text", "post.comment_count"]));
        let f = findings(&m, "DS106");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Query { id: "W".into() });
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f[0].message.contains("comments and posts"), "{}", f[0].message);
        m.queries[0].consistency = "the post's counter may lag a minute".into();
        let f = findings(&m, "DS106");
        assert_eq!(f[0].severity, Severity::Info);
        assert!(f[0].fix_hint.contains("may lag a minute"));
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.queries.push(write("W", "comment", &["text", "post.comment_count"]));
        m.queries[0].name = "Publish".into();
        let f = findings(&m, "DS106");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "W \"Publish\" modifica 2 agregados (comments y posts): ninguna escritura por sí sola es atómica entre ellos"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "W \"Publish\" altera 2 agregados (comments e posts): nenhuma escrita isolada é atômica entre eles"
        );
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("Envuélvela en una transacción multidocumento"));
        m.queries[0].consistency = "el contador puede ir un minuto por detrás.".into();
        let f = findings(&m, "DS106");
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Escolha registrada: el contador puede ir un minuto por detrás. Mantenha um processo de reconciliação para o lado que fica para trás."
        );
    }

    #[test]
    fn each_spanning_write_is_found_in_order_and_reads_its_own_record() {
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.queries.push(write("W1", "comment", &["text", "post.comment_count"]));
        m.queries.push(write("W0", "post", &["title"]));
        m.queries.push(write("W2", "post", &["title", "comment.text"]));
        m.queries[1].consistency = "tolerated".into();
        let f = findings(&m, "DS106");
        let places: Vec<_> = f.iter().map(|f| f.place.clone()).collect();
        assert_eq!(places, vec![Place::Query { id: "W1".into() }, Place::Query { id: "W2".into() }], "{f:?}");
        assert!(f.iter().all(|f| f.severity == Severity::Warning), "the choice is recorded on no spanning write");
        // Two queries named W2 (a structural error): the finding reads the spanning one's own
        // record, not the first query with its id.
        m.queries.insert(0, write("W2", "post", &["title"]));
        m.queries[0].consistency = "the first W2 records it".into();
        let f = findings(&m, "DS106");
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().all(|f| !f.fix_hint.contains("the first W2 records it")), "{f:?}");
    }

    #[test]
    fn a_write_of_two_documents_of_one_collection_needs_a_transaction() {
        let mut m = parent_child(Storage::Embed, 5.0, Some(8));
        m.queries.push(write("T", "post", &["title"]));
        assert!(findings(&m, "DS106").is_empty(), "one document: atomic");
        m.queries[0].documents_changed = Some(2);
        let f = findings(&m, "DS106");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(f[0].message.en().contains("changes 2 documents of posts in one operation"), "{}", f[0].message);
        assert!(f[0].fix_hint.en().contains("multi-document transaction"));
        assert!(f[0].message.render(crate::i18n::Lang::Es).contains("modifica 2 documentos de posts"));
        // A write on an embedded child changes documents of its root's collection.
        m.queries[0].entity = "comment".into();
        assert!(findings(&m, "DS106")[0].message.en().contains("documents of posts"));
        m.queries[0].precondition = "in a transaction".into();
        assert_eq!(findings(&m, "DS106")[0].severity, Severity::Info);
    }

    #[test]
    fn a_write_inside_one_aggregate_passes() {
        let mut m = parent_child(Storage::Embed, 5.0, Some(8));
        m.queries.push(write("W", "post", &["comments", "title"]));
        assert!(findings(&m, "DS106").is_empty());
    }
}
