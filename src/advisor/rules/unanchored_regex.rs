use super::case_insensitive_match::{documents_text, many_documents};
use crate::advisor::query_shape::FREQUENT_PER_MINUTE;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::model::{AccessPattern, Filter, FilterOp, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a frequent access pattern (10 or more per minute) on a collection of 10,000 or
    /// more documents (or of unknown size) whose only narrowing filter is a regular
    /// expression not anchored at the start (`/wireless/`, `/wireless/i`): no equality (nor
    /// `$in`, nor array membership) in the same branch of the query narrows it first. A
    /// case-sensitive prefix expression (`/^ABC-/`) is served as a range of an index and is
    /// not flagged.
    ///
    /// ## Why is this bad?
    /// An index orders values from their first character: an expression that can match in
    /// the middle of a value gives the index no bounds, so every run examines every key of
    /// the index, or every document, to find the few that match.
    ///
    /// ## Example
    /// The search box runs `db.products.find({ name: /wireless/ })` on three million
    /// products, 1,500 times a minute.
    ///
    /// ## Use instead
    /// For word search, a text index (`{ name: "text" }` with `$text`) or Atlas Search. When
    /// users type the start of the value, anchor the expression (`/^wire/`, case-sensitive)
    /// so an index serves it as a range. Or keep a normalised field (lowercase keywords in an
    /// array) and match it exactly.
    ///
    /// ## References
    /// MongoDB, "$regex" (Index Use), "Text Indexes" and "Atlas Search".
    pub UnanchoredRegex {
        code: "DS310",
        name: "unanchored-regex",
        category: Indexes,
        severity: Warning,
    }
}

/// The unanchored regular expressions of one branch of `q`'s filters that nothing else in
/// the branch narrows.
fn alone(filters: &[Filter]) -> impl Iterator<Item = &Filter> {
    let narrowed = filters.iter().any(|f| matches!(f.op, FilterOp::Equality | FilterOp::In | FilterOp::ArrayContains));
    filters.iter().filter(move |f| !narrowed && f.op == FilterOp::Regex)
}

fn branches(q: &AccessPattern) -> impl Iterator<Item = &Vec<Filter>> {
    std::iter::once(&q.filters).chain(&q.or)
}

impl Rule for UnanchoredRegex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in cx.model.queries.iter().filter(|q| q.per_minute >= FREQUENT_PER_MINUTE) {
            if !branches(q).flatten().any(|f| f.op == FilterOp::Regex) {
                continue;
            }
            let Some(root) = cx.design.collection_of(&q.entity).filter(|root| many_documents(root)) else { continue };
            let mut named: Vec<&str> = Vec::new();
            for f in branches(q).flat_map(|b| alone(b)) {
                if named.contains(&f.field.as_str()) {
                    continue;
                }
                named.push(&f.field);
                let (id, name, field, coll) = (&q.id, &q.name, &f.field, &root.name);
                out.push(Self::finding(
                    Place::Query { id: Id::new(&q.id) },
                    text!(
                        en: "{id} ({name}) matches {field} with a regular expression not anchored at the start: every run examines every key or every document of {coll} ({docs}).",
                        es: "{id} ({name}) compara {field} con una expresión regular no anclada al inicio: cada ejecución examina todas las claves o todos los documentos de {coll} ({docs}).",
                        pt: "{id} ({name}) compara {field} com uma expressão regular não ancorada no início: cada execução examina todas as chaves ou todos os documentos de {coll} ({docs}).";
                        id, name, field, coll, docs = documents_text(root)
                    ),
                    text!(
                        en: "An index orders values from their first character: an expression that can match in the middle of a value gives it no bounds, so the whole index (or collection) is read to find the few that match.",
                        es: "Un índice ordena los valores desde su primer carácter: una expresión que puede coincidir en medio de un valor no le da límites, así que se lee el índice entero (o la colección) para encontrar los pocos que coinciden.",
                        pt: "Um índice ordena os valores a partir do primeiro caractere: uma expressão que pode coincidir no meio de um valor não lhe dá limites, então o índice inteiro (ou a coleção) é lido para achar os poucos que coincidem."
                    ),
                    text!(
                        en: "For word search use a text index or Atlas Search on {field}; if users type the start of the value, anchor the expression (/^…/, case-sensitive) so an index serves it as a range; or keep a normalised field (lowercase keywords) and match it exactly.",
                        es: "Para buscar palabras usa un índice de texto o Atlas Search sobre {field}; si los usuarios escriben el inicio del valor, ancla la expresión (/^…/, distinguiendo mayúsculas) para que un índice la atienda como un rango; o guarda un campo normalizado (palabras clave en minúsculas) y compáralo por igualdad.",
                        pt: "Para buscar palavras use um índice de texto ou o Atlas Search sobre {field}; se os usuários digitam o início do valor, ancore a expressão (/^…/, diferenciando maiúsculas) para que um índice a atenda como um intervalo; ou mantenha um campo normalizado (palavras-chave em minúsculas) e compare-o por igualdade.";
                        field
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::model::{AccessPattern, Filter, FilterOp, Model};

    fn search(filters: &[(&str, FilterOp)]) -> Model {
        let mut m = model();
        m.entities[0].collection.documents = Some(3_000_000);
        let mut q = AccessPattern::new("S1", "Search", "c");
        q.per_minute = 1500.0;
        q.filters = filters.iter().map(|(f, op)| Filter::new(f, *op)).collect();
        m.queries.push(q);
        m
    }

    #[test]
    fn an_unanchored_regex_alone_is_flagged() {
        use crate::i18n::Lang;
        let f = findings(&search(&[("name", FilterOp::Regex)]), "DS310");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "S1 (Search) matches name with a regular expression not anchored at the start: every run examines every key \
             or every document of items (3,000,000 documents)."
        );
        assert!(f[0].fix_hint.en().contains("text index or Atlas Search"));
        assert!(f[0].message.render(Lang::Es).contains("no anclada al inicio"));
        assert!(f[0].message.render(Lang::Pt).contains("não ancorada no início"));
        let mut m = search(&[]);
        m.queries[0].or =
            vec![vec![Filter::new("name", FilterOp::Regex)], vec![Filter::new("sku", FilterOp::Equality)]];
        assert_eq!(findings(&m, "DS310").len(), 1, "an $or branch of its own");
    }

    #[test]
    fn a_prefix_a_narrowed_regex_a_small_collection_and_a_rare_query_pass() {
        assert!(findings(&search(&[("sku", FilterOp::Prefix)]), "DS310").is_empty(), "anchored");
        let narrowed = search(&[("tenant_id", FilterOp::Equality), ("name", FilterOp::Regex)]);
        assert!(findings(&narrowed, "DS310").is_empty(), "an equality narrows it first");
        let mut small = search(&[("name", FilterOp::Regex)]);
        small.entities[0].collection.documents = Some(800);
        assert!(findings(&small, "DS310").is_empty());
        let mut rare = search(&[("name", FilterOp::Regex)]);
        rare.queries[0].per_minute = 2.0;
        assert!(findings(&rare, "DS310").is_empty());
    }
}
