use super::local_figures::{count, rate};
use crate::advisor::index_budget::{Load, WRITE_HEAVY_INDEXES};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::keyed::HashMap;
use crate::model::{Entity, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Counts the indexes each collection needs (declared ones plus those the advisor derives
    /// from the access patterns, besides `_id`) and flags more than `thresholds.maxIndexes`
    /// (30, Atlas' flag), or 10 or more on a write-heavy collection (writes per minute at
    /// least equal to reads). The indexes the advisor derives stay under both counts (on a
    /// write-heavy collection a query run less than once an hour gets no index of its own,
    /// and the indexes serving the fewest runs are left out first), so this rule only fires
    /// for declared indexes the designer keeps beyond them.
    ///
    /// ## Why is this bad?
    /// Every insert, and every update of an indexed field, updates each index; indexes share
    /// the RAM the working set needs. "An index for every new query" ends with 15 indexes on
    /// a write-intensive collection whose writes slow down for queries that run once a day.
    ///
    /// ## Example
    /// An orders collection taking 2,000 writes per minute with 15 indexes, most serving one
    /// rare report each.
    ///
    /// ## Use instead
    /// Let one compound index serve several query shapes (shared equality prefix, ESR order),
    /// drop indexes that are a prefix of another, and move rare reports to an analytical
    /// copy or accept a slower scan for them.
    ///
    /// ## References
    /// The course lesson on access patterns (not every query deserves a dedicated index); MongoDB,
    /// "Remove Unnecessary Indexes"; Atlas schema suggestions (more than 30 indexes on a
    /// collection).
    pub TooManyIndexes {
        code: "DS301",
        name: "too-many-indexes",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for TooManyIndexes {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let max = cx.model.thresholds.max_indexes as usize;
        let mut counts: HashMap<&str, usize> = HashMap::default();
        for i in &cx.report.indexes {
            *counts.entry(i.entity.as_str()).or_default() += 1;
        }
        for c in cx.design.collections() {
            let n = counts.get(c.entity.id.as_str()).copied().unwrap_or(0);
            if n > max || n >= WRITE_HEAVY_INDEXES {
                check_count(c.entity, n, c.load, max, out);
            }
        }
    }
}

/// Flags the collection `e` when its `n` indexes are over Atlas' `max` or too many for its
/// write `load`.
fn check_count(e: &Entity, n: usize, load: Load, max: usize, out: &mut Vec<Finding>) {
    let (reads, writes, write_heavy) = (load.reads, load.writes, load.write_heavy());
    let (name, indexes) = (&e.name, || count(n as u64));
    let message = if n > max {
        text!(
            en: "{name} needs {n} indexes besides _id, over the {max} Atlas flags.",
            es: "{name} necesita {n} índices además de _id, más de los {max} que señala Atlas.",
            pt: "{name} precisa de {n} índices além do _id, acima dos {max} que o Atlas sinaliza.";
            name, n = indexes(), max = count(max as u64)
        )
    } else if write_heavy && n >= WRITE_HEAVY_INDEXES {
        text!(
            en: "{name} needs {n} indexes besides _id and takes {writes} writes/min against {reads} reads/min: each write updates them all.",
            es: "{name} necesita {n} índices además de _id y recibe {writes} escrituras/min frente a {reads} lecturas/min: cada escritura los actualiza todos.",
            pt: "{name} precisa de {n} índices além do _id e recebe {writes} escritas/min contra {reads} leituras/min: cada escrita atualiza todos eles.";
            name, n = indexes(), writes = rate(writes), reads = rate(reads)
        )
    } else {
        return;
    };
    out.push(TooManyIndexes::finding(
        Place::Entity { id: Id::new(&e.id) },
        message,
        text!(
            en: "Every insert and every update of an indexed field updates each index, and indexes compete with the working set for RAM.",
            es: "Cada inserción y cada actualización de un campo indexado actualiza todos los índices, y los índices compiten con el working set por la RAM.",
            pt: "Cada inserção e cada atualização de um campo indexado atualiza todos os índices, e os índices disputam a RAM com o working set."
        ),
        text!(
            en: "Let one compound index serve several query shapes, drop prefix-redundant indexes, and serve rare reports from an analytical copy.",
            es: "Haz que un índice compuesto sirva a varias formas de consulta, elimina los índices redundantes por prefijo y atiende los informes poco frecuentes desde una copia analítica.",
            pt: "Faça um índice composto atender a várias formas de consulta, remova os índices redundantes por prefixo e atenda os relatórios raros a partir de uma cópia analítica."
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::{IndexSpec, Model, QueryKind};

    fn with_indexes(n: usize, write_rate: f64) -> Model {
        let mut m = model();
        m.entities[0].collection.indexes = (0..n).map(|i| IndexSpec::new(&[(&format!("f{i}"), 1)])).collect();
        let mut w = query("w", "c", &["_id"], &[]);
        w.kind = QueryKind::Write;
        w.per_minute = write_rate;
        m.queries.push(w);
        let mut r = query("r", "c", &["_id"], &[]);
        r.per_minute = 100.0;
        m.queries.push(r);
        m
    }

    #[test]
    fn fifteen_indexes_on_a_write_heavy_collection() {
        let f = findings(&with_indexes(15, 2000.0), "DS301");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("15 indexes") && f[0].message.contains("2000 writes/min"), "{}", f[0].message);
    }

    #[test]
    fn counted_by_id_when_elements_share_ids() {
        // A repeated query id: the index links are not built and the counts go by id.
        let mut m = with_indexes(15, 2000.0);
        m.queries.push(query("r", "c", &["_id"], &[]));
        let f = findings(&m, "DS301");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("15 indexes") && f[0].message.contains("2000 writes/min"), "{}", f[0].message);
        // Two collections with one id: their indexes count together, under the last one's load.
        let mut m = with_indexes(6, 2000.0);
        let mut twin = m.entities[0].clone();
        twin.name = "twin".into();
        m.entities.push(twin);
        let f = findings(&m, "DS301");
        assert!(f.iter().all(|f| f.message.contains("12 indexes")) && !f.is_empty(), "{f:?}");
    }

    #[test]
    fn over_the_atlas_count_whatever_the_load() {
        let f = findings(&with_indexes(31, 1.0), "DS301");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("over the 30"), "{}", f[0].message);
    }

    #[test]
    fn fifteen_indexes_on_a_read_mostly_collection_pass() {
        assert!(findings(&with_indexes(15, 10.0), "DS301").is_empty());
        assert!(findings(&with_indexes(3, 2000.0), "DS301").is_empty());
    }

    #[test]
    fn the_write_load_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let f = findings(&with_indexes(15, 2000.5), "DS301");
        assert!(f[0].message.check().is_ok());
        assert_eq!(
            f[0].message.render(Lang::Es),
            "items necesita 15 índices además de _id y recibe 2000,5 escrituras/min frente a 100 lecturas/min: cada escritura los actualiza todos."
        );
        assert!(f[0].message.render(Lang::Pt).contains("2000,5 escritas/min contra 100 leituras/min"));
        assert!(f[0].message.en().contains("2000.5 writes/min"));
    }

    #[test]
    fn the_advisors_own_indexes_are_never_flagged() {
        // 14 query shapes on a write-heavy collection, four of them monthly reports.
        let mut m = with_indexes(0, 2000.0);
        for i in 0..14 {
            let mut q = query(&format!("q{i}"), "c", &[&format!("f{i}")], &[]);
            q.per_minute = if i < 4 { 1.0 / 43_200.0 } else { 20.0 };
            m.queries.push(q);
        }
        assert!(findings(&m, "DS301").is_empty(), "{:?}", findings(&m, "DS301"));
        let derived = crate::advisor::analyze(&m).indexes;
        assert_eq!(derived.len(), 9, "{derived:?}");
        // 35 frequent shapes on a read-mostly collection: the advice stops at Atlas' 30.
        let mut m = with_indexes(0, 10.0);
        for i in 0..35 {
            m.queries.push(query(&format!("q{i}"), "c", &[&format!("f{i}")], &[]));
        }
        assert!(findings(&m, "DS301").is_empty(), "{:?}", findings(&m, "DS301"));
        assert_eq!(crate::advisor::analyze(&m).indexes.len(), 30);
    }
}
