use super::local_figures::rate;
use crate::advisor::{Context, Finding, Rule, RuleMeta, Severity};
use crate::model::{AccessPattern, Id, MeasuredUse, Place};
use crate::{declare_rule, text};

/// Documents a scan must have examined to be reported: a scan of a small collection (a few
/// settings, a list of countries) costs nothing worth an index.
pub const MIN_SCANNED: u64 = 1_000;

declare_rule! {
    /// ## What it does
    /// Reports an access pattern the server ran by scanning the whole collection: its measured
    /// plans (`docshape infer --workload`, from mongod's log or the profiler) include
    /// `COLLSCAN`, and those executions examined at least 1,000 documents. The finding gives
    /// how many executions scanned, the documents examined against those returned, and the
    /// durations. A scan of a small collection is not reported.
    ///
    /// ## Why is this bad?
    /// A collection scan reads every document to find the few that match: its time grows with
    /// the collection, it competes with every other operation for the cache, and it pushes the
    /// working set out of memory. Stated access patterns say what should be indexed; the
    /// server's records say what was not.
    ///
    /// ## Example
    /// "find orders by status" ran 200 times in an hour's log with plan `COLLSCAN`, examining
    /// 2,000 documents to return 600 (median 500 ms).
    ///
    /// ## Use instead
    /// Create the index the advisor derives for the pattern (equality fields, then the sort,
    /// then ranges) and read the plan again with `explain()`. DS301 (missing-index) says which
    /// index from the stated pattern; this finding is the measurement that it is missing.
    ///
    /// ## References
    /// MongoDB, "Log Messages" (`planSummary`); "Database Profiler Output"; "Create Indexes to
    /// Support Your Queries"; "The ESR (Equality, Sort, Range) Guideline".
    pub CollectionScan {
        code: "DS602",
        name: "collection-scan",
        category: Measured,
        severity: Warning,
    }
}

/// The pattern's measured scans, when they count: (executions scanning, most documents examined).
pub fn scans(m: &MeasuredUse) -> Option<(u64, u64)> {
    let scans = m.collection_scans();
    let examined = m.docs_examined.as_ref().map_or(u64::MAX, |d| d.max);
    (scans > 0 && examined >= MIN_SCANNED).then_some((scans, examined))
}

fn entity_name<'a>(cx: &'a Context, q: &'a AccessPattern) -> &'a str {
    cx.model.entity(&q.entity).map_or(q.entity.as_str(), |e| e.name.as_str())
}

impl Rule for CollectionScan {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in &cx.model.queries {
            let Some(m) = &q.measured else { continue };
            let Some((scanned, examined)) = scans(m) else { continue };
            let coll = entity_name(cx, q);
            let n = m.executions.to_string();
            let scanned = scanned.to_string();
            let examined = if examined == u64::MAX { "?".to_string() } else { examined.to_string() };
            let returned = m.returned.as_ref().map_or("?".to_string(), |r| r.max.to_string());
            let ms = m.duration_ms.as_ref().map_or("?".to_string(), |d| d.median.to_string());
            let mut f = Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}) scanned the whole {coll} collection (COLLSCAN) in {scanned} of {n} measured executions, examining up to {examined} documents to return up to {returned}; median {ms} ms ({per}/min measured).",
                    es: "{id} ({name}) recorrió toda la colección {coll} (COLLSCAN) en {scanned} de {n} ejecuciones medidas, examinando hasta {examined} documentos para devolver hasta {returned}; mediana {ms} ms ({per}/min medidas).",
                    pt: "{id} ({name}) percorreu toda a coleção {coll} (COLLSCAN) em {scanned} de {n} execuções medidas, examinando até {examined} documentos para retornar até {returned}; mediana {ms} ms ({per}/min medidas).";
                    id = &q.id, name = &q.name, coll, scanned, n, examined, returned, ms, per = rate(q.per_minute)
                ),
                text!(
                    en: "A collection scan reads every document to find the few that match: it slows as the collection grows and pushes the working set out of memory.",
                    es: "Un recorrido de colección lee todos los documentos para encontrar los pocos que coinciden: se vuelve más lento a medida que crece la colección y expulsa de memoria el conjunto de trabajo.",
                    pt: "Uma varredura de coleção lê todos os documentos para achar os poucos que casam: fica mais lenta à medida que a coleção cresce e tira da memória o conjunto de trabalho."
                ),
                text!(
                    en: "Create the index the advisor derives for this pattern (equality fields, then the sort, then ranges) and check the plan again with explain().",
                    es: "Crea el índice que el asesor deriva para este patrón (campos de igualdad, luego el orden, luego los rangos) y vuelve a comprobar el plan con explain().",
                    pt: "Crie o índice que o assistente deriva para este padrão (campos de igualdade, depois a ordenação, depois os intervalos) e confira o plano de novo com explain()."
                ),
            );
            f.severity = Severity::Warning;
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::i18n::Lang;
    use crate::model::{MeasuredCount, MeasuredUse, PlanUse};

    fn spread(max: u64) -> Option<MeasuredCount> {
        Some(MeasuredCount { count: 10, median: max / 2, p95: Some(max), p99: max, max })
    }

    fn measured(plan: &str, examined: u64) -> crate::model::Model {
        let mut m = model();
        let mut q = query("w1", "c", &["status"], &[]);
        q.name = "find items by status".into();
        q.measured = Some(MeasuredUse {
            record: "log".into(),
            executions: 10,
            span_minutes: 60.0,
            rate_is_floor: true,
            plans: vec![PlanUse { plan: plan.into(), count: 10 }],
            docs_examined: spread(examined),
            returned: spread(20),
            duration_ms: spread(500),
            ..MeasuredUse::default()
        });
        m.queries.push(q);
        m
    }

    #[test]
    fn a_measured_collection_scan_is_reported_with_its_figures() {
        let f = findings(&measured("COLLSCAN", 50_000), "DS602");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message
                .contains("in 10 of 10 measured executions, examining up to 50000 documents to return up to 20"),
            "{}",
            f[0].message
        );
        assert!(f[0]
            .message
            .render(Lang::Es)
            .starts_with("w1 (find items by status) recorrió toda la colección items"));
        assert!(f[0].message.is_translated());
    }

    #[test]
    fn an_index_scan_or_a_small_collection_is_not() {
        assert!(findings(&measured("IXSCAN { status: 1 }", 50_000), "DS602").is_empty());
        assert!(findings(&measured("COLLSCAN", 40), "DS602").is_empty(), "40 settings documents scanned cost nothing");
        let mut stated = measured("COLLSCAN", 50_000);
        stated.queries[0].measured = None;
        assert!(findings(&stated, "DS602").is_empty(), "a stated pattern has no measured plan");
    }
}
