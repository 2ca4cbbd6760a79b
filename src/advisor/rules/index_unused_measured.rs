use crate::advisor::{Context, Finding, Rule, RuleMeta, Severity};
use crate::model::{Id, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Reports a declared index that no measured plan used: the collection has access patterns
    /// measured by `docshape infer --workload` with their plans (mongod's log or the profiler),
    /// and none of those plans names the index's keys (`IXSCAN { status: 1 }`). Unique and TTL
    /// indexes are left out: they work on every write whether a query uses them or not. When
    /// the records hold only slow operations (a log, or the profiler at level 1) the finding is
    /// information: an index that serves fast queries never appears in them.
    ///
    /// DS313 (unused-index) asks the same of the access patterns the design *states*; this rule
    /// asks it of what the server *measured*. One may fire without the other: a stated pattern
    /// the application no longer runs keeps an index in DS313's eyes and not in this rule's.
    ///
    /// ## Why is this bad?
    /// Every index costs every insert, every delete and every update of its fields, and takes
    /// memory the working set needs ("Unnecessary Indexes"). An index no query uses pays those
    /// costs for nothing.
    ///
    /// ## Example
    /// `orders` declares `{ status: 1 }`; an hour of the profiler at level 2 shows 3 query
    /// shapes on `orders`, planned with `{ customer_id: 1, created_at: -1 }` and `COLLSCAN`.
    ///
    /// ## Use instead
    /// Confirm with `$indexStats` over a full business cycle (month-end reports use indexes the
    /// rest of the month does not), hide the index (`hideIndex`, 4.4+) to see what slows, then
    /// drop it.
    ///
    /// ## References
    /// MongoDB, "Unnecessary Indexes" (schema design anti-patterns); "$indexStats"; "Hidden
    /// Indexes"; "Log Messages" (`planSummary`).
    pub IndexUnusedMeasured {
        code: "DS604",
        name: "index-unused-measured",
        category: Measured,
        severity: Warning,
    }
}

/// Text without spaces or quotes, so `IXSCAN { "a": 1 }` and `{ a: 1 }` compare.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'').collect()
}

/// Whether a plan summary names this index's keys.
pub fn plan_uses(plan: &str, index: &IndexSpec) -> bool {
    squeezed(plan).contains(&squeezed(&index.key_doc()))
}

impl Rule for IndexUnusedMeasured {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in &cx.model.entities {
            let measured: Vec<_> = cx
                .design
                .usage()
                .patterns_of(&e.id)
                .iter()
                .filter_map(|q| q.measured.as_ref())
                .filter(|m| !m.plans.is_empty())
                .collect();
            if measured.is_empty() {
                continue;
            }
            let complete = measured.iter().any(|m| !m.rate_is_floor);
            let shapes = measured.len().to_string();
            for index in &e.collection.indexes {
                if index.unique || index.ttl_seconds.is_some() {
                    continue;
                }
                if measured.iter().any(|m| m.plans.iter().any(|p| plan_uses(&p.plan, index))) {
                    continue;
                }
                let keys = index.key_doc();
                let caveat = if complete {
                    text!(en: "", es: "", pt: "")
                } else {
                    text!(
                        en: " The records hold only operations slower than slowms: an index that serves fast queries never appears in them.",
                        es: " Los registros solo guardan operaciones más lentas que slowms: un índice que sirve consultas rápidas nunca aparece en ellos.",
                        pt: " Os registros só guardam operações mais lentas que slowms: um índice que serve consultas rápidas nunca aparece neles."
                    )
                };
                let mut f = Self::finding(
                    Place::Entity { id: Id::new(&e.id) },
                    text!(
                        en: "The index {keys} on {coll} appears in no measured plan of its {shapes} measured query shapes.{caveat}",
                        es: "El índice {keys} de {coll} no aparece en ningún plan medido de sus {shapes} formas de consulta medidas.{caveat}",
                        pt: "O índice {keys} de {coll} não aparece em nenhum plano medido das suas {shapes} formas de consulta medidas.{caveat}";
                        keys, coll = &e.name, shapes = &shapes, caveat
                    ),
                    text!(
                        en: "Every index costs every write of its fields and memory the working set needs; one no query uses pays for nothing.",
                        es: "Cada índice cuesta en cada escritura de sus campos y ocupa memoria que necesita el conjunto de trabajo; uno que ninguna consulta usa no aporta nada a cambio.",
                        pt: "Cada índice custa em cada escrita dos seus campos e ocupa memória de que o conjunto de trabalho precisa; um que nenhuma consulta usa não dá nada em troca."
                    ),
                    text!(
                        en: "Confirm with $indexStats over a full business cycle, hide the index (hideIndex) to see what slows, then drop it.",
                        es: "Confírmalo con $indexStats durante un ciclo de negocio completo, oculta el índice (hideIndex) para ver qué se ralentiza y después elimínalo.",
                        pt: "Confirme com $indexStats durante um ciclo de negócio completo, oculte o índice (hideIndex) para ver o que fica lento e depois remova-o."
                    ),
                );
                f.severity = if complete { Severity::Warning } else { Severity::Info };
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::advisor::Severity;
    use crate::model::{IndexSpec, MeasuredUse, PlanUse};

    fn measured(plan: &str, floor: bool, index: IndexSpec) -> crate::model::Model {
        let mut m = model();
        m.entities[0].collection.indexes.push(index);
        let mut q = query("w1", "c", &["customer_id"], &[]);
        q.measured = Some(MeasuredUse {
            record: "profiler".into(),
            executions: 50,
            rate_is_floor: floor,
            plans: vec![PlanUse { plan: plan.into(), count: 50 }],
            ..MeasuredUse::default()
        });
        m.queries.push(q);
        m
    }

    #[test]
    fn an_index_no_measured_plan_names_is_reported() {
        let f = findings(&measured("IXSCAN { customer_id: 1 }", false, IndexSpec::new(&[("status", 1)])), "DS604");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].severity, Severity::Warning);
        assert!(
            f[0].message.contains(
                "The index { status: 1 } on items appears in no measured plan of its 1 measured query shapes."
            ),
            "{}",
            f[0].message
        );
        let floor = findings(&measured("COLLSCAN", true, IndexSpec::new(&[("status", 1)])), "DS604");
        assert_eq!(floor[0].severity, Severity::Info);
        assert!(floor[0].message.contains("slower than slowms"));
    }

    #[test]
    fn a_used_unique_or_ttl_index_or_no_measurement_is_not() {
        let used = IndexSpec::new(&[("customer_id", 1), ("created_at", -1)]);
        assert!(findings(&measured("IXSCAN { customer_id: 1, created_at: -1 }", false, used), "DS604").is_empty());
        // A prefix of the used index is another index: `{ customer_id: 1 }` is not named.
        let prefix = IndexSpec::new(&[("customer_id", 1)]);
        assert_eq!(findings(&measured("IXSCAN { customer_id: 1, created_at: -1 }", false, prefix), "DS604").len(), 1);
        let mut unique = IndexSpec::new(&[("email", 1)]);
        unique.unique = true;
        assert!(findings(&measured("COLLSCAN", false, unique), "DS604").is_empty());
        let mut stated = measured("COLLSCAN", false, IndexSpec::new(&[("status", 1)]));
        stated.queries[0].measured = None;
        assert!(findings(&stated, "DS604").is_empty(), "no measurement, no finding");
    }
}
