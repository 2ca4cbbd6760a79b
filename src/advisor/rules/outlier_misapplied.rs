use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::declare_rule;
use crate::i18n::Arg;
use crate::model::{Id, Place, Relation, Storage};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Reports a relation that uses the outlier pattern (a flag such as `has_extras` plus an
    /// overflow collection) although the share of parents that overflow is above
    /// `thresholds.outlier_share` (1% by default): the extremes are not a tiny minority.
    ///
    /// ## Why is this bad?
    /// The outlier pattern buys a fast path for the common case at the price of two read paths the
    /// application must document and test. It pays only when the distribution is truly skewed (the
    /// BiblioRed lesson: 99.8% of materials under 50 reviews, three or four best sellers with
    /// thousands). "If 20% of the materials overflow, there is no outlier: there is a bad design,
    /// and it is time to reference for all."
    ///
    /// ## Example
    /// Reviews embedded in the material with `tiene_extras`, when 20% of the materials
    /// overflow the embedded array.
    ///
    /// ## Use instead
    /// Reference the children for every parent (own collection, with a subset in the parent
    /// if its view shows the first N), and drop the flag.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: valor atípico (outlier)"; MongoDB,
    /// "Building with Patterns: The Outlier Pattern".
    pub OutlierMisapplied {
        code: "DS107",
        name: "outlier-misapplied",
        category: Pattern,
        severity: Warning,
    }
}

/// The overflowing share and its maximum when the outlier pattern is used on a relation whose
/// overflow is not a tiny minority.
pub(crate) fn outlier_misapplied(cx: &Context, rel: &Relation) -> Option<(f64, u64)> {
    rel.outlier.as_ref()?;
    let o = rel.cardinality.outliers.as_ref()?;
    (o.share.is_finite() && o.share > cx.model.thresholds.outlier_share).then_some((o.share.min(1.0), o.max))
}

impl Rule for OutlierMisapplied {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for rel in &cx.model.relations {
            let Some((share, max)) = outlier_misapplied(cx, rel) else { continue };
            // `outlier_misapplied` answers only for a relation with the outlier pattern.
            let Some(flag) = rel.outlier.as_ref().map(|o| o.flag_field.as_str()) else { continue };
            let (parent, child) = cx.design.end_names(rel);
            let mut f = Self::finding(
                Place::Relation { id: Id::new(&rel.id) },
                text!(
                    en: "{parent} → {child} uses the outlier pattern ({flag}), but {share} of {parent} overflow to {max} {child}: that is not a tiny minority (at most {limit})",
                    es: "{parent} → {child} usa el patrón de valor atípico ({flag}), pero el {share} de {parent} se desborda hasta {max} {child}: no es una minoría diminuta (como mucho el {limit})",
                    pt: "{parent} → {child} usa o padrão outlier ({flag}), mas {share} de {parent} transbordam até {max} {child}: isso não é uma minoria ínfima (no máximo {limit})";
                    parent, child, flag, share = Arg::Percent(share), max, limit = Arg::Percent(cx.model.thresholds.outlier_share)
                ),
                text!(
                    en: "Two read paths pay only for a truly skewed distribution; with this share the overflow path is a main path, and the embedded arrays are not bounded in practice.",
                    es: "Dos caminos de lectura solo compensan con una distribución realmente asimétrica; con esta proporción el camino de desbordamiento es un camino principal, y los arrays embebidos no tienen tope en la práctica.",
                    pt: "Dois caminhos de leitura só compensam com uma distribuição realmente assimétrica; com esta proporção o caminho de transbordo é um caminho principal, e os arrays embutidos não têm teto na prática."
                ),
                text!(
                    en: "Reference {child} for every {parent} document (own collection, a subset in {parent} if its view shows the first few) and drop {flag}.",
                    es: "Referencia {child} para todos los documentos de {parent} (colección propia, con un subconjunto en {parent} si su vista muestra los primeros) y elimina {flag}.",
                    pt: "Referencie {child} para todos os documentos de {parent} (coleção própria, com um subconjunto em {parent} se a tela dele mostra os primeiros) e remova {flag}.";
                    child, parent, flag
                ),
            );
            if rel.storage == Storage::Embed {
                f.fix = Some(Fix::SetStorage { relation: Id::new(&rel.id), storage: Storage::Reference });
            }
            out.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child};
    use crate::model::{Model, OutlierSpec, Outliers, Storage};

    fn with_outliers(share: f64) -> Model {
        let mut m = parent_child(Storage::Embed, 20.0, Some(50));
        m.relations[0].cardinality.outliers = Some(Outliers { share, max: 5000 });
        m.relations[0].outlier =
            Some(OutlierSpec { flag_field: "has_extras".into(), overflow_collection: "comments_extra".into() });
        m
    }

    #[test]
    fn a_fifth_overflowing_is_not_an_outlier() {
        let f = findings(&with_outliers(0.2), "DS107");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("20%") && f[0].message.contains("has_extras"), "{}", f[0].message);
        assert!(f[0].fix.is_some());
        assert!(findings(&with_outliers(0.2), "DS102").is_empty(), "reported once, by DS107");
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese_with_local_figures() {
        use crate::i18n::Lang;
        let f = findings(&with_outliers(0.125), "DS107");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "posts → comments uses the outlier pattern (has_extras), but 12.5% of posts overflow to 5,000 comments: that is not a tiny minority (at most 1%)"
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "posts → comments usa el patrón de valor atípico (has_extras), pero el 12,5% de posts se desborda hasta 5.000 comments: no es una minoría diminuta (como mucho el 1%)"
        );
        assert_eq!(
            f[0].message.render(Lang::Pt),
            "posts → comments usa o padrão outlier (has_extras), mas 12,5% de posts transbordam até 5.000 comments: isso não é uma minoria ínfima (no máximo 1%)"
        );
        assert!(f[0].fix_hint.render(Lang::Es).ends_with("y elimina has_extras."));
        assert!(f[0].why.render(Lang::Pt).starts_with("Dois caminhos de leitura"));
    }

    #[test]
    fn a_tiny_minority_is_a_proper_outlier() {
        assert!(findings(&with_outliers(0.002), "DS107").is_empty());
    }
}
