use super::local_figures::count;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{Entity, InstancesPer, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a design with more collections than `thresholds.maxCollections` (100, Atlas'
    /// flag). A box that stands for many collections of one shape (`instances`: one per
    /// tenant, one per period) counts as that many; the finding then names each such box with
    /// its count, and the files the server keeps for them (one per collection and one per
    /// index, `_id` included).
    ///
    /// ## Why is this bad?
    /// Each collection has its own files, `_id` index and cache footprint; hundreds of them
    /// usually mean a relational schema translated table by table (every read stitched with
    /// `$lookup`), or one collection per tenant or per period where a field would do. The
    /// storage engine opens a file per collection and per index: thousands of them slow the
    /// server down, whatever each holds.
    ///
    /// ## Example
    /// `orders_2024_01`, `orders_2024_02`, ... one collection per month; `orders_{tenant}`
    /// for each of 3,000 tenants.
    ///
    /// ## Use instead
    /// Embed what is read together, put the tenant or period in a field (a tenant field
    /// leading the indexes; for periods, a time series collection or a TTL index for the
    /// retention), and keep separate collections for separate aggregates.
    ///
    /// ## References
    /// MongoDB, "Reduce the Number of Collections" (Atlas schema suggestions); "Schema Design
    /// Anti-Patterns" ("Massive Number of Collections"); "6 Rules of Thumb for MongoDB Schema
    /// Design".
    pub TooManyCollections {
        code: "DS308",
        name: "too-many-collections",
        category: AntiPattern,
        severity: Warning,
    }
}

/// How many collections a box stands for: its instances, else one.
fn instances(e: &Entity) -> u64 {
    e.collection.instances.as_ref().map_or(1, |i| i.count.max(1))
}

/// One box standing for many collections, with its count and pattern.
fn box_clause(e: &Entity) -> Option<Arg> {
    let i = e.collection.instances.as_ref().filter(|i| i.count > 1)?;
    let (name, n, pattern) = (&e.name, count(i.count), &i.name_pattern);
    let clause = match (i.per, pattern.is_empty()) {
        (InstancesPer::Tenant, false) => text!(
            en: "{name} stands for {n} (one per tenant, {pattern})",
            es: "{name} representa {n} (una por inquilino, {pattern})",
            pt: "{name} representa {n} (uma por inquilino, {pattern})";
            name, n, pattern
        ),
        (InstancesPer::Tenant, true) => text!(
            en: "{name} stands for {n} (one per tenant)",
            es: "{name} representa {n} (una por inquilino)",
            pt: "{name} representa {n} (uma por inquilino)";
            name, n
        ),
        (InstancesPer::Period, false) => text!(
            en: "{name} stands for {n} (one per period, {pattern})",
            es: "{name} representa {n} (una por periodo, {pattern})",
            pt: "{name} representa {n} (uma por período, {pattern})";
            name, n, pattern
        ),
        (InstancesPer::Period, true) => text!(
            en: "{name} stands for {n} (one per period)",
            es: "{name} representa {n} (una por periodo)",
            pt: "{name} representa {n} (uma por período)";
            name, n
        ),
        (InstancesPer::Other, false) => text!(
            en: "{name} stands for {n} ({pattern})",
            es: "{name} representa {n} ({pattern})",
            pt: "{name} representa {n} ({pattern})";
            name, n, pattern
        ),
        (InstancesPer::Other, true) => text!(
            en: "{name} stands for {n}",
            es: "{name} representa {n}",
            pt: "{name} representa {n}";
            name, n
        ),
    };
    Some(Arg::from(clause))
}

/// What to do when boxes stand for many collections: the field each kind of split becomes.
fn instances_hint(boxes: &[&Entity]) -> Text {
    let per = |p: InstancesPer| boxes.iter().any(|e| e.collection.instances.as_ref().is_some_and(|i| i.per == p));
    match (per(InstancesPer::Tenant), per(InstancesPer::Period)) {
        (true, false) => text!(
            en: "Keep one collection per shape with the tenant in a field (tenant_id) leading its indexes, instead of one collection per tenant; isolate only the few tenants that need it (their own database or cluster).",
            es: "Mantén una colección por forma con el inquilino en un campo (tenant_id) al frente de sus índices, en lugar de una colección por inquilino; aísla solo los pocos inquilinos que lo necesiten (su propia base de datos o clúster).",
            pt: "Mantenha uma coleção por formato com o inquilino em um campo (tenant_id) à frente dos seus índices, em vez de uma coleção por inquilino; isole só os poucos inquilinos que precisarem (banco de dados ou cluster próprio)."
        ),
        (false, true) => text!(
            en: "Keep one collection with the date in each document instead of one per period: a time series collection for measurements, or a TTL index for the retention; queries filter on the date.",
            es: "Mantén una sola colección con la fecha en cada documento en lugar de una por periodo: una colección de series temporales para mediciones, o un índice TTL para la retención; las consultas filtran por la fecha.",
            pt: "Mantenha uma só coleção com a data em cada documento em vez de uma por período: uma coleção de séries temporais para medições, ou um índice TTL para a retenção; as consultas filtram pela data."
        ),
        _ => text!(
            en: "Keep one collection per shape and put what tells the instances apart in a field (the tenant leading the indexes; the date, with a TTL index or a time series collection for periods).",
            es: "Mantén una colección por forma y pon en un campo lo que distingue las instancias (el inquilino al frente de los índices; la fecha, con un índice TTL o una colección de series temporales para los periodos).",
            pt: "Mantenha uma coleção por formato e ponha em um campo o que distingue as instâncias (o inquilino à frente dos índices; a data, com um índice TTL ou uma coleção de séries temporais para os períodos)."
        ),
    }
}

impl Rule for TooManyCollections {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let collections = cx.design.collections();
        let n: u64 = collections.iter().map(|c| instances(c.entity)).fold(0, u64::saturating_add);
        let max = cx.model.thresholds.max_collections;
        if n <= max {
            return;
        }
        let boxes: Vec<&Entity> = collections.iter().map(|c| c.entity).filter(|e| instances(e) > 1).collect();
        let why = text!(
            en: "Each collection carries its own files, _id index and cache; hundreds of them usually mean a relational schema stitched with $lookup, or data split by tenant or period.",
            es: "Cada colección lleva sus propios archivos, su índice _id y su caché; cientos de ellas suelen indicar un esquema relacional cosido con $lookup, o datos repartidos por inquilino (tenant) o por periodo.",
            pt: "Cada coleção tem seus próprios arquivos, índice _id e cache; centenas delas costumam indicar um schema relacional costurado com $lookup, ou dados divididos por inquilino (tenant) ou período."
        );
        if boxes.is_empty() {
            out.push(Self::finding(
                Place::Model,
                text!(
                    en: "The design has {n} collections, over the {max} Atlas flags.",
                    es: "El diseño tiene {n} colecciones, más de las {max} que señala Atlas.",
                    pt: "O design tem {n} coleções, acima das {max} que o Atlas sinaliza.";
                    n = count(n), max = count(max)
                ),
                why,
                text!(
                    en: "Embed what is read together and keep tenants or periods in a field, not in the collection name.",
                    es: "Embebe lo que se lee junto y guarda el inquilino o el periodo en un campo, no en el nombre de la colección.",
                    pt: "Embuta o que é lido junto e guarde o inquilino ou o período em um campo, não no nome da coleção."
                ),
            ));
            return;
        }
        // One file per collection and per index (the `_id` index and the ones the advice keeps).
        let files: u64 = collections
            .iter()
            .map(|c| instances(c.entity).saturating_mul(2 + cx.indexes_of(&c.entity.id).count() as u64))
            .fold(0, u64::saturating_add);
        let clauses = Arg::List(boxes.iter().filter_map(|e| box_clause(e)).collect());
        out.push(Self::finding(
            Place::Model,
            text!(
                en: "The design has {n} collections, over the {max} Atlas flags: {clauses}; with their indexes the server keeps ~{files} files.",
                es: "El diseño tiene {n} colecciones, más de las {max} que señala Atlas: {clauses}; con sus índices el servidor mantiene ~{files} archivos.",
                pt: "O design tem {n} coleções, acima das {max} que o Atlas sinaliza: {clauses}; com seus índices o servidor mantém ~{files} arquivos.";
                n = count(n), max = count(max), clauses, files = count(files)
            ),
            why,
            instances_hint(&boxes),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};

    #[test]
    fn more_than_the_limit_is_flagged() {
        let mut m = model();
        m.thresholds.max_collections = 3;
        for i in 0..3 {
            m.entities.push(collection(&format!("e{i}"), &format!("c{i}")));
        }
        let f = findings(&m, "DS308");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("4 collections"), "{}", f[0].message);
        m.entities.pop();
        assert!(findings(&m, "DS308").is_empty());
    }

    #[test]
    fn too_many_collections_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        m.thresholds.max_collections = 3;
        for i in 0..3 {
            m.entities.push(collection(&format!("e{i}"), &format!("c{i}")));
        }
        let f = findings(&m, "DS308");
        assert_eq!(f[0].message.render(Lang::Es), "El diseño tiene 4 colecciones, más de las 3 que señala Atlas.");
        assert_eq!(f[0].message.render(Lang::Pt), "O design tem 4 coleções, acima das 3 que o Atlas sinaliza.");
    }

    /// `n` boxes each standing for `count` collections, one per `per`.
    fn instantiated(n: usize, count: u64, per: crate::model::InstancesPer) -> crate::model::Model {
        let mut m = model();
        m.entities.clear();
        for i in 0..n {
            let mut e = collection(&format!("e{i}"), &format!("c{i}"));
            e.collection.instances =
                Some(crate::model::Instances { per, count, name_pattern: format!("c{i}_{{tenant}}") });
            m.entities.push(e);
        }
        m
    }

    #[test]
    fn a_box_per_tenant_counts_as_its_instances() {
        use crate::model::InstancesPer;
        let m = instantiated(2, 3_000, InstancesPer::Tenant);
        let f = findings(&m, "DS308");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "The design has 6,000 collections, over the 100 Atlas flags: c0 stands for 3,000 (one per tenant, \
             c0_{tenant}) and c1 stands for 3,000 (one per tenant, c1_{tenant}); with their indexes the server keeps \
             ~12,000 files."
        );
        assert!(f[0].fix_hint.en().contains("tenant in a field (tenant_id)"), "{}", f[0].fix_hint);
        assert!(f[0].message.render(crate::i18n::Lang::Es).contains("c0 representa 3.000 (una por inquilino"));
        assert!(f[0].fix_hint.is_translated() && f[0].message.check().is_ok());
        // One per period: the date goes in a field.
        let f = findings(&instantiated(1, 730, InstancesPer::Period), "DS308");
        assert!(f[0].message.en().contains("730 (one per period"), "{}", f[0].message);
        assert!(f[0].fix_hint.en().contains("time series collection"), "{}", f[0].fix_hint);
    }

    #[test]
    fn a_few_instances_stay_under_the_limit() {
        use crate::model::InstancesPer;
        assert!(findings(&instantiated(3, 24, InstancesPer::Period), "DS308").is_empty());
        assert!(findings(&instantiated(2, 50, InstancesPer::Tenant), "DS308").is_empty());
        assert_eq!(findings(&instantiated(2, 51, InstancesPer::Tenant), "DS308").len(), 1);
    }
}
