use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::model::{Id, Pagination, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a paginated access pattern (offset or cursor) whose sort is not unique: it does
    /// not end with `_id`, and its keys (with the equality filters) do not cover a declared
    /// unique index. A paginated pattern with no sort at all is flagged too.
    ///
    /// ## Why is this bad?
    /// When several documents share the sort value (the same `fecha`), their order between
    /// two requests is not defined: a page boundary inside the tie repeats some documents and
    /// skips others, and cursor pagination cannot say "after this one".
    ///
    /// ## Example
    /// `sort({createdAt: -1})` with cursor pagination on `createdAt` alone.
    ///
    /// ## Use instead
    /// `sort({createdAt: -1, _id: -1})` with the index `{..., createdAt: -1, _id: -1}`, and the
    /// cursor `{$or: [{createdAt: {$lt: c}}, {createdAt: c, _id: {$lt: id}}]}`.
    ///
    /// ## References
    /// The course lesson on access patterns ("Paginar solo por createdAt puede producir duplicados
    /// o saltos si varios documentos comparten fecha. Añade tie-breaker único"); MongoDB,
    /// "cursor.sort()" (Sort Consistency).
    pub NonUniqueSortPagination {
        code: "DS306",
        name: "non-unique-sort-pagination",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for NonUniqueSortPagination {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let paginated =
            cx.model.queries.iter().zip(cx.design.shapes()).filter(|(q, _)| q.pagination != Pagination::None);
        for (q, shape) in paginated {
            let Some(shape) = shape else { continue };
            if shape.has_tie_breaker() || shape.id_equality {
                continue;
            }
            let keyed = |f: &str| shape.equality().any(|e| e == f) || shape.sort().any(|(k, _)| k == f);
            let unique = shape.root_in(cx.model).is_some_and(|root| {
                root.collection
                    .indexes
                    .iter()
                    .any(|i| i.unique && !i.keys.is_empty() && i.keys.iter().all(|k| keyed(&k.field)))
            });
            if unique && shape.sort().len() > 0 {
                continue;
            }
            let (id, name) = (&q.id, &q.name);
            let message = if shape.sort().len() == 0 {
                text!(
                    en: "{id} ({name}) paginates with no sort: the order of results is not defined.",
                    es: "{id} ({name}) pagina sin ordenación: el orden de los resultados no está definido.",
                    pt: "{id} ({name}) pagina sem ordenação: a ordem dos resultados não é definida.";
                    id, name
                )
            } else {
                let keys = SortKeys(shape.sort()).to_string();
                text!(
                    en: "{id} ({name}) paginates on the sort {keys}, which is not unique.",
                    es: "{id} ({name}) pagina según la ordenación {keys}, que no es única.",
                    pt: "{id} ({name}) pagina pela ordenação {keys}, que não é única.";
                    id, name, keys
                )
            };
            let dir = shape.sort().last().map_or(1, |(_, dir)| dir);
            out.push(Self::finding(
                Place::Query { id: Id::new(&q.id) },
                message,
                text!(
                    en: "Documents that share the sort value have no defined order: a page boundary inside the tie repeats some and skips others.",
                    es: "Los documentos que comparten el valor de ordenación no tienen un orden definido: un límite de página dentro del empate repite unos y se salta otros.",
                    pt: "Documentos que compartilham o valor de ordenação não têm ordem definida: um limite de página dentro do empate repete alguns e pula outros."
                ),
                text!(
                    en: "End the sort with _id:{dir} as a unique tie-breaker, and add it to the index.",
                    es: "Termina la ordenación con _id:{dir} como desempate único (tie-breaker) y añádelo al índice.",
                    pt: "Termine a ordenação com _id:{dir} como desempate único (tie-breaker) e adicione-o ao índice.";
                    dir = dir.to_string()
                ),
            ));
        }
    }
}

/// A sort as `field:dir, field:dir`.
struct SortKeys<I>(I);

impl<'a, I: Iterator<Item = (&'a str, i8)> + Clone> std::fmt::Display for SortKeys<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, (field, dir)) in self.0.clone().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{field}:{dir}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::{IndexSpec, Pagination};

    #[test]
    fn a_cursor_on_a_date_alone_is_flagged() {
        let mut m = model();
        let mut q = query("q", "c", &["status"], &[("createdAt", -1)]);
        q.pagination = Pagination::Cursor;
        m.queries.push(q);
        let f = findings(&m, "DS306");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix_hint.contains("_id:-1"), "{}", f[0].fix_hint);
    }

    #[test]
    fn a_tie_breaker_or_a_unique_key_passes() {
        let mut m = model();
        let mut q = query("q", "c", &["status"], &[("createdAt", -1), ("_id", -1)]);
        q.pagination = Pagination::Cursor;
        m.queries.push(q);
        let mut u = query("u", "c", &[], &[("email", 1)]);
        u.pagination = Pagination::Offset;
        m.queries.push(u);
        let mut idx = IndexSpec::new(&[("email", 1)]);
        idx.unique = true;
        m.entities[0].collection.indexes.push(idx);
        let mut first_page = query("p", "c", &["status"], &[("createdAt", -1)]);
        first_page.page_size = Some(20);
        m.queries.push(first_page);
        assert!(findings(&m, "DS306").is_empty());
    }

    #[test]
    fn a_tie_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        let mut q = query("q", "c", &["status"], &[("createdAt", -1)]);
        q.pagination = Pagination::Cursor;
        m.queries.push(q);
        let mut none = query("n", "c", &["status"], &[]);
        none.pagination = Pagination::Offset;
        m.queries.push(none);
        let f = findings(&m, "DS306");
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f[0].message.render(Lang::Es).contains("pagina según la ordenación createdAt:-1, que no es única."));
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Termine a ordenação com _id:-1 como desempate único (tie-breaker) e adicione-o ao índice."
        );
        assert!(f[1].message.render(Lang::Pt).contains("pagina sem ordenação: a ordem dos resultados não é definida."));
    }
}
