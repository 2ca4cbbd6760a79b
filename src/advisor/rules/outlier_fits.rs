use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta, Severity};
use crate::declare_rule;
use crate::model::Place;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the outlier pattern where it fits and is not used yet: the children are
    /// rightly embedded for the common case, but a tiny share of parents (at most
    /// `thresholds.outlier_share`) goes far beyond the bound. The finding is **info**, raised
    /// to a **warning** when those outliers would push their documents past the 16 MiB limit.
    ///
    /// ## Why is this bad?
    /// Designing for the extreme penalises the 99.8% of normal parents; ignoring it lets the
    /// three or four extreme ones break the system (a celebrity with millions of followers
    /// embedded in one document fails with `BSONObjectTooLarge`).
    ///
    /// ## Example
    /// `usuarios.seguidores` embedded (pocos) while 0.05% of the users are celebrities.
    ///
    /// ## Use instead
    /// Keep the embedded array for everyone, capped; flag the overflowing parents
    /// (`tiene_extras: true`) and move their overflow to an overflow collection read only
    /// when the flag is set. Document and test both read paths.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: valor atípico (outlier)"; "Patrones de
    /// Diseño de Esquema en MongoDB", "Patrón Outlier"; MongoDB, "Building with Patterns: The
    /// Outlier Pattern".
    pub OutlierFits {
        code: "DS504",
        name: "outlier-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for OutlierFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::Outlier && !p.in_use) {
            let change = p.change.clone();
            let over_limit = matches!(&p.place, Place::Relation { id } if outliers_overflow_limit(cx, id));
            let message = if over_limit {
                text!(
                    en: "the outlier pattern fits: {change}; without it those documents pass the 16 MiB limit",
                    es: "encaja el patrón de valor atípico: {change}; sin él, esos documentos superan el límite de 16 MiB",
                    pt: "o padrão outlier se encaixa: {change}; sem ele, esses documentos passam do limite de 16 MiB";
                    change
                )
            } else {
                text!(
                    en: "the outlier pattern fits: {change}",
                    es: "encaja el patrón de valor atípico: {change}",
                    pt: "o padrão outlier se encaixa: {change}";
                    change
                )
            };
            let mut f = Self::finding(
                p.place.clone(),
                message,
                text!(
                    en: "A tiny minority of parents far beyond the bound: embedding serves everyone else, and those few need a flag and a second path.",
                    es: "Una minoría diminuta de padres muy por encima del límite: embeber sirve a todos los demás, y esos pocos necesitan una bandera y un segundo camino.",
                    pt: "Uma minoria ínfima de pais muito acima do limite: embutir atende a todos os outros, e esses poucos precisam de uma flag e de um segundo caminho."
                ),
                text!(
                    en: "Set the relation's outlier flag field and overflow collection, and cap the embedded array.",
                    es: "Define en la relación el campo bandera de los valores atípicos y la colección de desbordamiento, y pon un tope al array embebido.",
                    pt: "Defina na relação o campo de flag dos outliers e a coleção de excedentes, e coloque um teto no array embutido."
                ),
            );
            if over_limit {
                f.severity = Severity::Warning;
            }
            out.push(f);
        }
    }
}

/// Whether the outliers' worst case (children × bytes) passes the BSON limit.
fn outliers_overflow_limit(cx: &Context, relation: &str) -> bool {
    let Some(rel) = cx.design.relation(relation) else { return false };
    let Some(o) = &rel.cardinality.outliers else { return false };
    let bytes = rel.child_bytes.unwrap_or(16) as f64;
    o.max as f64 * bytes > cx.model.thresholds.doc_limit_bytes as f64
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::advisor::Severity;
    use crate::i18n::Lang;
    use crate::model::{OutlierSpec, Outliers, Storage};

    #[test]
    fn a_tiny_skewed_minority_on_an_embedding_wants_a_flag() {
        let mut m = parent_child(Storage::Embed, 20.0, Some(50));
        m.relations[0].cardinality.outliers = Some(Outliers { share: 0.002, max: 5_000_000 });
        m.relations[0].child_bytes = Some(40);
        let f = findings(&m, "DS504");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, Severity::Warning, "5,000,000 × 40 B is past 16 MiB");
        assert!(f[0].message.contains("0.2%") && f[0].message.contains("5,000,000"), "{}", f[0].message);
    }

    #[test]
    fn a_large_share_or_a_flag_in_place_passes() {
        let mut m = parent_child(Storage::Embed, 20.0, Some(50));
        m.relations[0].cardinality.outliers = Some(Outliers { share: 0.2, max: 5000 });
        assert!(findings(&m, "DS504").is_empty(), "20% is not an outlier");
        m.relations[0].cardinality.outliers = Some(Outliers { share: 0.002, max: 5000 });
        m.relations[0].outlier =
            Some(OutlierSpec { flag_field: "has_extras".into(), overflow_collection: String::new() });
        assert!(findings(&m, "DS504").is_empty());
    }

    #[test]
    fn the_warning_reads_in_spanish_and_portuguese_with_local_figures() {
        let mut m = parent_child(Storage::Embed, 20.0, Some(50));
        m.relations[0].cardinality.outliers = Some(Outliers { share: 0.002, max: 5_000_000 });
        m.relations[0].child_bytes = Some(40);
        let f = &findings(&m, "DS504")[0];
        let es = f.message.render(Lang::Es);
        let pt = f.message.render(Lang::Pt);
        assert!(es.starts_with("encaja el patrón de valor atípico: embebe para el 99,8% de posts"), "{es}");
        assert!(
            es.contains("marca el 0,2% que llega a 5.000.000") && es.ends_with("superan el límite de 16 MiB"),
            "{es}"
        );
        assert!(
            pt.contains("sinalize os 0,2% que chegam a 5.000.000") && pt.contains("coleção comments_extra"),
            "{pt}"
        );
        assert!(pt.ends_with("passam do limite de 16 MiB"), "{pt}");
    }
}
