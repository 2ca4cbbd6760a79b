use crate::advisor::{Context, Finding, PatternKind, Rule, RuleMeta};
use crate::declare_rule;
use crate::text;

declare_rule! {
    /// ## What it does
    /// Suggests the subset pattern where it fits and is not used yet: the children must be
    /// referenced (no bound, read on their own), but a read that starts at the parent shows
    /// them, so the parent should keep a copy of the N its main view shows plus a total count.
    ///
    /// ## Why is this bad?
    /// Without the subset, the most frequent view needs a second query (or a `$lookup`)
    /// every time; with everything embedded instead, a popular title would carry 800 reviews
    /// to show five, 160 times more data than needed on the hottest read.
    ///
    /// ## Example
    /// `catalogo` with reviews in `resenas` and no `resenas_destacadas`, while C1 (the detail
    /// page, the most frequent query) shows the best reviews.
    ///
    /// ## Use instead
    /// Keep the 5 most-voted reviews and `total_resenas` in the material; refresh them lazily
    /// (every few minutes in the background); "see all 812" reads `resenas`.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Patrón: subconjunto"; "Modelagem de
    /// Documentos", "Subset"; MongoDB, "Building with Patterns: The Subset Pattern".
    pub SubsetFits {
        code: "DS501",
        name: "subset-fits",
        category: Pattern,
        severity: Info,
    }
}

impl Rule for SubsetFits {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in cx.report.patterns.iter().filter(|p| p.pattern == PatternKind::Subset && !p.in_use) {
            out.push(Self::finding(
                p.place.clone(),
                text!(
                    en: "the subset pattern fits: {change}",
                    es: "encaja el patrón de subconjunto: {change}",
                    pt: "o padrão de subconjunto se encaixa: {change}";
                    change = p.change.clone()
                ),
                text!(
                    en: "The parent's main view shows the first few children, which live elsewhere: without a copy every view costs a second read.",
                    es: "La vista principal del padre muestra los primeros hijos, que viven en otra colección: sin una copia, cada vista cuesta una segunda lectura.",
                    pt: "A tela principal do pai mostra os primeiros filhos, que vivem em outra coleção: sem uma cópia, cada exibição custa uma segunda leitura."
                ),
                text!(
                    en: "Add the subset to the relation (field, size, order, count field) and refresh it in the background.",
                    es: "Añade el subconjunto a la relación (campo, tamaño, orden, campo de recuento) y actualízalo en segundo plano.",
                    pt: "Adicione o subconjunto à relação (campo, tamanho, ordem, campo de contagem) e atualize-o em segundo plano."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, read};
    use crate::i18n::Lang;
    use crate::model::{Place, Storage, Subset};

    #[test]
    fn a_parent_view_over_unbounded_children_wants_a_subset() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        let mut page = read("P", "post", &["comment"], 300.0);
        page.page_size = Some(3);
        m.queries.push(page);
        let f = findings(&m, "DS501");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Relation { id: "r".into() });
        assert!(
            f[0].message.contains("keep the 3 comments") && f[0].message.contains("total_comments"),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn an_existing_subset_passes() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        m.relations[0].subset =
            Some(Subset { field: "last".into(), size: 3, order_by: String::new(), count_field: None, fields: vec![] });
        m.queries.push(read("P", "post", &["comment"], 300.0));
        assert!(findings(&m, "DS501").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = parent_child(Storage::Reference, 40.0, None);
        let mut page = read("P", "post", &["comment"], 300.0);
        page.page_size = Some(3);
        m.queries.push(page);
        let f = &findings(&m, "DS501")[0];
        assert_eq!(
            f.message.render(Lang::Es),
            "encaja el patrón de subconjunto: guarda 3 comments que se muestran en P, más total_comments, en posts; \
             el conjunto completo queda en comments (una lectura para la vista principal y una segunda solo para \"ver todos\")"
        );
        assert!(
            f.message
                .render(Lang::Pt)
                .starts_with("o padrão de subconjunto se encaixa: mantenha 3 comments exibidos em P"),
            "{}",
            f.message.render(Lang::Pt)
        );
        assert!(f.fix_hint.render(Lang::Pt).contains("campo de contagem"));
    }
}
