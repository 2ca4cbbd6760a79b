use super::local_figures::{bytes, count, rate};
use crate::advisor::query_shape::FREQUENT_PER_MINUTE;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Text;
use crate::model::{Id, Pagination, Place, QueryKind};
use crate::{declare_rule, text};

/// Average document size from which a collection's documents count as large.
const LARGE_DOC_BYTES: u64 = 2_048;

declare_rule! {
    /// ## What it does
    /// Notes a frequent (10 or more per minute) list read (it has a page size or pagination)
    /// with no projection on large documents: 2 KB or more on average. The number of documents
    /// does not matter: each item of a list of small documents carries little beyond what the
    /// list shows.
    ///
    /// ## Why is this bad?
    /// A list shows a few fields per item, yet without a projection every item travels
    /// whole: the synopsis, the embedded reviews, internal fields. Payload, latency and
    /// exposure of internal or sensitive fields grow with the document, and a projection
    /// limited to indexed fields can be a covered query that never reads the documents.
    ///
    /// ## Example
    /// "Best rated of a type", 20 catalogue items of 3.5 KB each, to show title and rating.
    ///
    /// ## Use instead
    /// `find(filter, {titulo: 1, tipo: 1, valoracion: 1})`: the fields the list shows. Do not
    /// use projection to hide a badly shaped document, though.
    ///
    /// ## References
    /// The course lesson on access patterns (projection); MongoDB, "Project Fields to Return from
    /// Query".
    pub NoProjection {
        code: "DS307",
        name: "no-projection",
        category: Indexes,
        severity: Info,
    }
}

impl Rule for NoProjection {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in &cx.model.queries {
            let list = q.page_size.is_some() || q.pagination != Pagination::None;
            if q.kind != QueryKind::Read || !list || !q.projection.is_empty() || q.per_minute < FREQUENT_PER_MINUTE {
                continue;
            }
            let Some(root) = cx.design.collection_of(&q.entity) else { continue };
            let avg = cx.design.collection(&root.id).map_or(0, |c| c.size.avg_bytes);
            if avg < LARGE_DOC_BYTES {
                continue;
            }
            let page = q.page_size.map_or_else(
                Text::empty,
                |p| text!(en: ", {p} per page", es: ", {p} por página", pt: ", {p} por página"; p = count(p as u64)),
            );
            out.push(Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}, {rate}/min{page}) returns whole {coll} documents of about {size} each: it has no projection.",
                    es: "{id} ({name}, {rate}/min{page}) devuelve documentos de {coll} enteros, de unos {size} cada uno: no tiene proyección.",
                    pt: "{id} ({name}, {rate}/min{page}) retorna documentos de {coll} inteiros, de cerca de {size} cada um: não tem projeção.";
                    id = &q.id, name = &q.name, rate = rate(q.per_minute), page, coll = &root.name, size = bytes(avg)
                ),
                text!(
                    en: "Every item of the list travels whole, with fields the list does not show: more payload and latency, and internal fields exposed.",
                    es: "Cada elemento de la lista viaja entero, con campos que la lista no muestra: más datos transferidos y más latencia, y campos internos expuestos.",
                    pt: "Cada item da lista trafega inteiro, com campos que a lista não mostra: mais dados trafegados e mais latência, e campos internos expostos."
                ),
                text!(
                    en: "Add a projection with the fields the list shows; if they are all in the index, the query is covered.",
                    es: "Añade una proyección con los campos que muestra la lista; si están todos en el índice, la consulta queda cubierta (covered query).",
                    pt: "Adicione uma projeção com os campos que a lista mostra; se estiverem todos no índice, a consulta fica coberta (covered query)."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::model::{BsonType, Field};

    fn list_model(projection: &[&str]) -> crate::model::Model {
        let mut m = model();
        let mut synopsis = Field::new("sinopsis", BsonType::String);
        synopsis.size.avg_bytes = Some(3_000);
        m.entities[0].fields.push(synopsis);
        let mut q = query("q", "c", &["tipo"], &[]);
        q.page_size = Some(20);
        q.per_minute = 100.0;
        q.projection = projection.iter().map(|s| s.to_string()).collect();
        m.queries.push(q);
        m
    }

    #[test]
    fn a_frequent_list_of_large_documents_without_projection() {
        let f = findings(&list_model(&[]), "DS307");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].severity, crate::advisor::Severity::Info);
        assert!(f[0].message.contains("20 per page"), "{}", f[0].message);
    }

    #[test]
    fn a_projection_or_small_documents_pass() {
        assert!(findings(&list_model(&["titulo"]), "DS307").is_empty());
        let mut m = list_model(&[]);
        m.entities[0].fields.pop();
        assert!(findings(&m, "DS307").is_empty());
        // Many small documents are still small documents: a projection saves little per item.
        m.entities[0].collection.documents = Some(5_000_000);
        assert!(findings(&m, "DS307").is_empty());
    }

    #[test]
    fn a_whole_document_list_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let f = findings(&list_model(&[]), "DS307");
        let en = f[0].message.en();
        let es = f[0].message.render(Lang::Es);
        assert!(en.contains("100/min, 20 per page) returns whole items documents of about 3.1 KB each"), "{en}");
        assert!(
            es.contains("100/min, 20 por página) devuelve documentos de items enteros, de unos 3,1 KB cada uno"),
            "{es}"
        );
        assert!(f[0].why.render(Lang::Pt).starts_with("Cada item da lista trafega inteiro"));
    }
}
