use super::local_figures::count;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Text;
use crate::model::{Id, Pagination, Place};
use crate::{declare_rule, text};

/// Page size assumed when an offset-paginated pattern gives none.
const DEFAULT_PAGE: u64 = 20;

declare_rule! {
    /// ## What it does
    /// Flags an access pattern with offset pagination (`skip(n).limit(k)`) whose deepest
    /// page (`maxPage` × `pageSize`) skips more than `thresholds.maxSkip` (1,000) documents.
    ///
    /// ## Why is this bad?
    /// `skip` does not jump: the server walks and discards every skipped index entry (and
    /// often document), so page 500 costs 500 pages of work, and inserts between requests
    /// shift the pages, repeating or losing results.
    ///
    /// ## Example
    /// A review list with pages of 20 that users page through up to page 400: 8,000 skipped
    /// documents on the last page.
    ///
    /// ## Use instead
    /// Cursor (keyset) pagination: sort on an indexed key with a unique tie-breaker and ask
    /// for the documents after the last one seen,
    /// `{$or: [{fecha: {$lt: last.fecha}}, {fecha: last.fecha, _id: {$lt: last._id}}]}`.
    ///
    /// ## References
    /// The course lesson on access patterns (pagination); MongoDB, "cursor.skip()" ("as the offset
    /// increases, skip() becomes slower").
    pub DeepOffsetPagination {
        code: "DS305",
        name: "deep-offset-pagination",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for DeepOffsetPagination {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let max_skip = cx.model.thresholds.max_skip;
        for q in cx.model.queries.iter().filter(|q| q.pagination == Pagination::Offset) {
            let Some(pages) = q.max_page else { continue };
            let (size, assumed) = match q.page_size {
                Some(s) => (s as u64, Text::empty()),
                None => (DEFAULT_PAGE, text!(en: " (assumed)", es: " (valor supuesto)", pt: " (valor suposto)")),
            };
            let skipped = pages as u64 * size;
            if skipped <= max_skip {
                continue;
            }
            out.push(Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}) pages by offset down to page {pages}, {size} per page{assumed}: about {skipped} documents skipped, over {max}.",
                    es: "{id} ({name}) pagina por offset hasta la página {pages}, {size} por página{assumed}: unos {skipped} documentos saltados, más de {max}.",
                    pt: "{id} ({name}) pagina por offset até a página {pages}, {size} por página{assumed}: cerca de {skipped} documentos pulados, acima de {max}.";
                    id = &q.id, name = &q.name, pages = count(pages as u64), size = count(size), assumed,
                    skipped = count(skipped), max = count(max_skip)
                ),
                text!(
                    en: "skip() walks and discards every skipped entry, so deep pages cost as much as all the pages before them, and concurrent inserts shift pages.",
                    es: "skip() recorre y descarta cada entrada saltada, así que las páginas profundas cuestan tanto como todas las anteriores, y las inserciones concurrentes desplazan las páginas.",
                    pt: "skip() percorre e descarta cada entrada pulada, então as páginas profundas custam tanto quanto todas as anteriores, e inserções concorrentes deslocam as páginas."
                ),
                text!(
                    en: "Use cursor pagination: sort on indexed keys ending with _id and ask for the documents after the last one seen.",
                    es: "Usa paginación por cursor: ordena por claves indexadas que terminen en _id y pide los documentos posteriores al último visto.",
                    pt: "Use paginação por cursor: ordene por chaves indexadas terminadas em _id e peça os documentos depois do último visto."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::Pagination;

    #[test]
    fn deep_offset_pages_are_flagged() {
        let mut m = model();
        let mut q = query("q", "c", &["estado"], &[("fecha", -1)]);
        q.pagination = Pagination::Offset;
        q.page_size = Some(20);
        q.max_page = Some(400);
        m.queries.push(q);
        let f = findings(&m, "DS305");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("8,000 documents skipped"), "{}", f[0].message);
    }

    #[test]
    fn shallow_offsets_and_cursors_pass() {
        let mut m = model();
        let mut q = query("q", "c", &["estado"], &[("fecha", -1)]);
        q.pagination = Pagination::Offset;
        q.page_size = Some(20);
        q.max_page = Some(5);
        m.queries.push(q.clone());
        q.id = "q2".into();
        q.pagination = Pagination::Cursor;
        q.max_page = Some(4000);
        m.queries.push(q);
        assert!(findings(&m, "DS305").is_empty());
    }

    #[test]
    fn deep_pages_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        let mut q = query("q", "c", &["estado"], &[("fecha", -1)]);
        q.pagination = Pagination::Offset;
        q.max_page = Some(400);
        m.queries.push(q);
        let f = findings(&m, "DS305");
        // The page size is not a count of pages ("page 400 of 20" read as the last of 20).
        assert!(f[0].message.en().contains("down to page 400, 20 per page (assumed): about 8,000"), "{}", f[0].message);
        let es = f[0].message.render(Lang::Es);
        assert!(
            es.contains(
                "hasta la página 400, 20 por página (valor supuesto): unos 8.000 documentos saltados, más de 1.000."
            ),
            "{es}"
        );
        let pt = f[0].message.render(Lang::Pt);
        assert!(
            pt.contains("até a página 400, 20 por página (valor suposto): cerca de 8.000 documentos pulados"),
            "{pt}"
        );
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("Usa paginación por cursor"));
    }
}
