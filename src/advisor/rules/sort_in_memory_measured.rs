use super::local_figures::rate;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::model::{sort_text, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Reports an access pattern the server sorted in memory: its measured executions
    /// (`docshape infer --workload`, from mongod's log or the profiler, or `$queryStats`) carry
    /// `hasSortStage`, so no index gave the order. The finding gives how many executions sorted
    /// in memory and the sort.
    ///
    /// ## Why is this bad?
    /// A sort no index serves is a blocking stage: the server holds every matching document
    /// before it returns the first, and the stage is limited to 100 MB of memory (from 6.0 it
    /// spills to disk where allowed, more slowly). A page of 20 then costs as much as the whole
    /// result.
    ///
    /// ## Example
    /// "find orders by status" sorted by `created_at` in memory in 200 of 200 executions.
    ///
    /// ## Use instead
    /// Index the equality fields followed by the sort's fields, in the sort's order and
    /// directions (or all reversed); ranges go after the sort. The advisor's derived index for
    /// the pattern has that order.
    ///
    /// ## References
    /// MongoDB, "Use Indexes to Sort Query Results"; "The ESR (Equality, Sort, Range)
    /// Guideline"; "Log Messages" (`hasSortStage`).
    pub SortInMemory {
        code: "DS603",
        name: "sort-in-memory-measured",
        category: Measured,
        severity: Warning,
    }
}

impl Rule for SortInMemory {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in &cx.model.queries {
            let Some(m) = &q.measured else { continue };
            if m.sorts_in_memory == 0 {
                continue;
            }
            let sort = if q.sort.is_empty() { "?".to_string() } else { sort_text(&q.sort) };
            out.push(Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}) sorted in memory (hasSortStage) in {sorted} of {n} measured executions: no index gave the order {sort} ({per}/min measured).",
                    es: "{id} ({name}) ordenó en memoria (hasSortStage) en {sorted} de {n} ejecuciones medidas: ningún índice dio el orden {sort} ({per}/min medidas).",
                    pt: "{id} ({name}) ordenou em memória (hasSortStage) em {sorted} de {n} execuções medidas: nenhum índice deu a ordem {sort} ({per}/min medidas).";
                    id = &q.id, name = &q.name, sorted = m.sorts_in_memory.to_string(), n = m.executions.to_string(), sort, per = rate(q.per_minute)
                ),
                text!(
                    en: "A sort no index serves holds every matching document before returning the first, within 100 MB of memory (it spills to disk where allowed, more slowly).",
                    es: "Un orden que ningún índice sirve retiene todos los documentos que coinciden antes de devolver el primero, dentro de 100 MB de memoria (se vuelca a disco donde se permite, más despacio).",
                    pt: "Uma ordenação que nenhum índice serve retém todos os documentos que casam antes de retornar o primeiro, dentro de 100 MB de memória (vai para o disco onde permitido, mais devagar)."
                ),
                text!(
                    en: "Index the equality fields followed by the sort's fields in its order and directions; ranges go after the sort.",
                    es: "Indexa los campos de igualdad seguidos de los campos del orden, en su orden y sentidos; los rangos van después del orden.",
                    pt: "Indexe os campos de igualdade seguidos dos campos da ordenação, na sua ordem e sentidos; os intervalos vêm depois da ordenação."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::MeasuredUse;

    fn measured(sorted: u64) -> crate::model::Model {
        let mut m = model();
        let mut q = query("w1", "c", &["status"], &[("created_at", -1)]);
        q.measured = Some(MeasuredUse {
            record: "log".into(),
            executions: 200,
            sorts_in_memory: sorted,
            ..MeasuredUse::default()
        });
        m.queries.push(q);
        m
    }

    #[test]
    fn a_sort_measured_in_memory_is_reported() {
        let f = findings(&measured(200), "DS603");
        assert_eq!(f.len(), 1);
        assert!(
            f[0].message.contains("in 200 of 200 measured executions: no index gave the order created_at:-1"),
            "{}",
            f[0].message
        );
        assert!(f[0].message.is_translated());
    }

    #[test]
    fn a_sort_an_index_gave_is_not() {
        assert!(findings(&measured(0), "DS603").is_empty());
    }
}
