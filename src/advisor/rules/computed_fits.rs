use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta};
use crate::declare_rule;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the computed pattern where it fits and is not used yet: a parent whose view
    /// reads its referenced children is read at least ten times as often as those children
    /// are written, so a count (and the average of a rated field, with its sum and count)
    /// should be stored in the parent and updated with `$inc`. Not when the view shows every
    /// child (no page size, and a bound an array holds): it loads them all anyway, and a
    /// stored count or average saves that read nothing (a movie page and its cast). A write
    /// recorded on the parent
    /// that adds a child or bumps the parent's counter of them (a `$push` into its id array or
    /// subset, a change naming the child, or a numeric field such as `num_comments`) counts as
    /// a write of the child; a counter it bumps is the count already in use, so only the
    /// average is then suggested.
    ///
    /// ## Why is this bad?
    /// Computing the value on every view means an aggregation over all the children (812
    /// reviews for one material) for a page requested thousands of times a day, while the
    /// value changes only when a child is written.
    ///
    /// ## Example
    /// The material page shows the average rating, computed from `resenas` on every visit.
    ///
    /// ## Use instead
    /// Store `valoracion: {media, suma, num}` in the material; each new review is a
    /// `$inc` of `suma` and `num` (and a recomputed `media`); a nightly full recompute
    /// corrects any drift ("a counter that only goes up never comes back on its own").
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: campo calculado"; "Modelagem de
    /// Documentos", "Computed"; MongoDB, "Building with Patterns: The Computed Pattern".
    pub ComputedFits {
        code: "DS502",
        name: "computed-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for ComputedFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::Computed && !p.in_use) {
            out.push(Self::finding(
                p.place.clone(),
                text!(
                    en: "the computed pattern fits: {change}",
                    es: "encaja el patrón de campo calculado: {change}",
                    pt: "o padrão de campo calculado se encaixa: {change}";
                    change = p.change.clone()
                ),
                text!(
                    en: "Reads outnumber writes by an order of magnitude: recomputing the value on every read costs far more than keeping it.",
                    es: "Las lecturas superan a las escrituras en un orden de magnitud: recalcular el valor en cada lectura cuesta mucho más que guardarlo.",
                    pt: "As leituras superam as escritas em uma ordem de grandeza: recalcular o valor a cada leitura custa muito mais do que guardá-lo."
                ),
                text!(
                    en: "Add the computed values to the relation and update them with $inc on each write; schedule a periodic full recompute.",
                    es: "Añade los valores calculados a la relación y actualízalos con $inc en cada escritura; programa un recálculo completo periódico.",
                    pt: "Adicione os valores calculados à relação e atualize-os com $inc a cada escrita; agende um recálculo completo periódico."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, read, write};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Computed, Field, Storage};

    fn rated() -> crate::model::Model {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        let mut stars = Field::new("stars", BsonType::Int);
        stars.constraints.minimum = Some(1.0);
        stars.constraints.maximum = Some(5.0);
        m.entities[1].fields.push(stars);
        m.queries.push(read("P", "post", &["comment"], 600.0));
        m.queries.push(write("W", "comment", &["text"]));
        m
    }

    #[test]
    fn a_read_heavy_parent_view_wants_a_computed_value() {
        let f = findings(&rated(), "DS502");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("average of stars") && f[0].message.contains("600 reads"), "{}", f[0].message);
    }

    #[test]
    fn write_heavy_or_already_computed_passes() {
        let mut m = rated();
        m.queries[1].per_minute = 200.0;
        assert!(findings(&m, "DS502").is_empty(), "600 reads against 200 writes is not 10 to 1");
        let mut m = rated();
        m.relations[0].computed = vec![Computed { field: "rating".into(), op: "avg".into(), source: "stars".into() }];
        assert!(findings(&m, "DS502").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese_with_local_figures() {
        let mut m = rated();
        m.queries[0].per_minute = 1440.0;
        m.queries[1].per_minute = 12.5;
        let f = &findings(&m, "DS502")[0];
        assert_eq!(
            f.message.render(Lang::Es),
            "encaja el patrón de campo calculado: guarda la media de stars con su suma y su recuento en posts \
             y actualízalo con $inc en cada escritura: 1.440 lecturas por minuto frente a 12,5 escrituras"
        );
        assert!(
            f.message.render(Lang::Pt).ends_with("1.440 leituras por minuto contra 12,5 escritas"),
            "{}",
            f.message.render(Lang::Pt)
        );
        assert!(f.message.en().ends_with("1,440 reads a minute against 12.5 writes"), "{}", f.message);
    }

    #[test]
    fn the_count_a_suggested_subset_keeps_is_not_proposed_again() {
        use crate::advisor::{analyze, PatternKind, Recommendation};
        let mut m = rated();
        let report = analyze(&m);
        let verdict = report.relation("r").map(|a| a.recommendation);
        assert_eq!(verdict, Some(Recommendation::ReferenceWithSubset));
        let subset = report.patterns.iter().find(|p| p.pattern == PatternKind::Subset).expect("a subset is suggested");
        assert!(subset.change.en().contains("plus total_comment"), "{}", subset.change);
        // The subset keeps total_comment: the computed pattern adds the average only.
        let f = findings(&m, "DS502");
        assert!(
            f[0].message.en().contains("store the average of stars with its sum and count in posts"),
            "{}",
            f[0].message
        );
        assert!(!f[0].message.en().contains("the count of"), "{}", f[0].message);
        // Nothing to average: the subset's count is all there is, said once.
        m.entities[1].fields.retain(|f| f.name != "stars");
        assert!(findings(&m, "DS502").is_empty());
    }

    #[test]
    fn a_push_or_count_recorded_on_the_parent_is_recognised() {
        // Adding a comment is recorded on the post: `$push` it and `$inc` the count.
        let mut m = rated();
        m.queries[1] = write("W", "post", &["comment", "post.num_comments"]);
        m.queries[1].per_minute = 200.0;
        m.entities[0].fields.push(Field::new("num_comments", BsonType::Int));
        assert!(findings(&m, "DS502").is_empty(), "600 reads against 200 writes through the parent");
        // A rare counter write: the count is kept already, only the average is left to store.
        m.queries[1] = write("W", "post", &["num_comments"]);
        m.queries[1].per_minute = 5.0;
        let f = findings(&m, "DS502");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "the computed pattern fits: store the average of stars with its sum and count in posts \
             and update it with $inc on each write: 600 reads a minute against 5 writes"
        );
        assert!(f[0].message.render(Lang::Es).contains("la media de stars con su suma y su recuento"));
        // Without a rated field the stored counter is the whole computed value.
        m.entities[1].fields.retain(|f| f.name != "stars");
        assert!(findings(&m, "DS502").is_empty());
    }
}
