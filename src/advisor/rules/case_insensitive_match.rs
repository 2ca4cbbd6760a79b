use super::local_figures::count;
use crate::advisor::query_shape::FREQUENT_PER_MINUTE;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::model::{AccessPattern, Collation, Entity, Filter, FilterOp, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a frequent access pattern (10 or more per minute) on a collection of 10,000 or
    /// more documents (or of unknown size) that matches a field ignoring case, when no index
    /// can serve that match:
    /// - a case-insensitive regular expression (`/^alice$/i`), which no index serves well,
    ///   not even one with a case-insensitive collation;
    /// - an equality that ignores case (`=i`) while neither the query nor the collection names
    ///   a collation of strength 1 or 2;
    /// - an equality under a case-insensitive collation that no index on the field shares: an
    ///   index serves string matches only under its own collation (its own, else the
    ///   collection's default).
    ///
    /// A field kept as a normalised copy (`email_lower`, `name_normalized`) is matched exactly
    /// and is not flagged. An unanchored regular expression is `unanchored-regex`'s concern.
    ///
    /// ## Why is this bad?
    /// The match gives the right documents, but every run reads every key of the index (or
    /// every document) instead of the few that match: sign-in by email on millions of users
    /// becomes a scan.
    ///
    /// ## Example
    /// `db.users.findOne({ email: /^alice@example\.com$/i })` with an ordinary unique index
    /// on `email`; or `.collation({ locale: "en", strength: 2 })` on a collection whose
    /// indexes are French at strength 1.
    ///
    /// ## Use instead
    /// Match by equality under a collation of strength 2 (`.collation({ locale: "en",
    /// strength: 2 })`) with an index created with the same collation, or give the collection
    /// that default collation; or store a lowercase copy of the field, index it, and match it
    /// exactly with the lowercased input.
    ///
    /// ## References
    /// MongoDB, "Case-Insensitive Indexes", "Collation", "$regex" (Index Use) and "Case-Insensitive
    /// Queries Without Case-Insensitive Indexes".
    pub CaseInsensitiveMatch {
        code: "DS309",
        name: "case-insensitive-match",
        category: Indexes,
        severity: Warning,
    }
}

/// Collections under this many documents are scanned quickly enough.
pub(crate) const MANY_DOCUMENTS: u64 = 10_000;

/// Whether the collection holds many documents, or does not say how many.
pub(crate) fn many_documents(root: &Entity) -> bool {
    root.collection.documents.is_none_or(|n| n >= MANY_DOCUMENTS)
}

/// Why a case-insensitive match is not served by an index.
#[derive(Debug, Clone, PartialEq)]
enum Unserved {
    /// A `/…/i` regular expression: `$regex` does not use collations. `index` is an index on
    /// the field with a case-insensitive collation, which an equality would use.
    Regex { index: Option<IndexSpec> },
    /// An equality that ignores case with no case-insensitive collation anywhere.
    NoCollation,
    /// An equality under the query's case-insensitive collation, which no index on the field
    /// shares (`other`: the collation of the indexes on the field, if one has any).
    OtherCollation { query: Collation, other: Option<Collation> },
}

/// The collation a query runs under: its own, else its collection's default.
fn query_collation<'a>(q: &'a AccessPattern, root: &'a Entity) -> Option<&'a Collation> {
    q.collation.as_ref().or(root.collection.collation.as_ref())
}

/// The collation an index compares strings by: its own, else its collection's default.
fn index_collation<'a>(index: &'a IndexSpec, root: &'a Entity) -> Option<&'a Collation> {
    index.collation.as_ref().or(root.collection.collation.as_ref())
}

/// Whether `index` can bound `path` for `q`: the path is one of its keys and every key before
/// it is an equality of the query.
fn bounds(index: &IndexSpec, path: &str, equality: &[String]) -> bool {
    match index.keys.iter().position(|k| k.field == path) {
        Some(at) => index.keys.iter().take(at).all(|k| equality.iter().any(|e| e == k.field.as_str())),
        None => false,
    }
}

/// A field the application keeps normalised (lowercased) to match it exactly:
/// `email_lower`, `emailLower`, `lower_email`, `name_normalized`, `username_lc`.
pub(crate) fn is_normalised_copy(field: &str) -> bool {
    let last = field.rsplit('.').next().unwrap_or(field).to_lowercase();
    ["_lower", "_lowercase", "_lc", "_normalized", "_normalised", "_norm", "lower", "normalized", "normalised"]
        .iter()
        .any(|end| last.ends_with(end))
        || ["lower_", "lowercase_", "normalized_", "normalised_"].iter().any(|start| last.starts_with(start))
}

/// Why the case-insensitive filter `f` of `q` (on the full `path` in `root`'s documents) is
/// not served, or `None` when an index serves it (or the filter is not one this rule judges).
/// `indexes`: the indexes the collection will have (declared, else derived).
fn unserved(
    q: &AccessPattern,
    f: &Filter,
    path: &str,
    root: &Entity,
    indexes: &[&IndexSpec],
    equality: &[String],
) -> Option<Unserved> {
    if !f.case_insensitive || is_normalised_copy(&f.field) {
        return None;
    }
    let ignores_case = |c: Option<&Collation>| c.is_some_and(Collation::ignores_case);
    let on_field = || indexes.iter().filter(|i| bounds(i, path, equality));
    match f.op {
        FilterOp::Prefix => {
            let index = on_field().find(|i| ignores_case(index_collation(i, root))).map(|i| IndexSpec::clone(i));
            Some(Unserved::Regex { index })
        }
        FilterOp::Equality | FilterOp::In => {
            let Some(collation) = query_collation(q, root).filter(|c| c.ignores_case()) else {
                return Some(Unserved::NoCollation);
            };
            if on_field().any(|i| index_collation(i, root) == Some(collation)) {
                return None;
            }
            let other = on_field().find_map(|i| index_collation(i, root)).cloned();
            Some(Unserved::OtherCollation { query: collation.clone(), other })
        }
        // An unanchored regular expression is `unanchored-regex`'s; the others do not ignore case.
        _ => None,
    }
}

/// "4,000,000 documents", or that the count is not stated.
pub(crate) fn documents_text(root: &Entity) -> crate::i18n::Text {
    match root.collection.documents {
        Some(n) => text!(en: "{n} documents", es: "{n} documentos", pt: "{n} documentos"; n = count(n)),
        None => text!(
            en: "documents not counted",
            es: "documentos sin contar",
            pt: "documentos não contados"
        ),
    }
}

/// `{ locale: "fr", strength: 1 }`
fn collation_text(c: &Collation) -> String {
    let mut out = format!("{{ locale: \"{}\"", c.locale);
    if let Some(s) = c.strength {
        out.push_str(&format!(", strength: {s}"));
    }
    out.push_str(" }");
    out
}

impl Rule for CaseInsensitiveMatch {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in cx.model.queries.iter().filter(|q| q.per_minute >= FREQUENT_PER_MINUTE) {
            if !q.filters.iter().chain(q.or.iter().flatten()).any(|f| f.case_insensitive) {
                continue;
            }
            let Some((root, prefix, _)) = cx.design.placement(&q.entity) else { continue };
            if !many_documents(root) {
                continue;
            }
            let full = |field: &str| if prefix.is_empty() { field.to_string() } else { format!("{prefix}.{field}") };
            // The indexes the collection will have: the declared ones, else the advisor's.
            let declared: Vec<&IndexSpec> = root.collection.indexes.iter().collect();
            let indexes: Vec<&IndexSpec> =
                if declared.is_empty() { cx.indexes_of(&root.id).map(|a| &*a.index).collect() } else { declared };
            let branches = std::iter::once(&q.filters).chain(&q.or);
            for filters in branches {
                let equality: Vec<String> = filters
                    .iter()
                    .filter(|f| matches!(f.op, FilterOp::Equality | FilterOp::In | FilterOp::ArrayContains))
                    .map(|f| full(&f.field))
                    .collect();
                for f in filters {
                    let path = full(&f.field);
                    let Some(why) = unserved(q, f, &path, root, &indexes, &equality) else { continue };
                    out.push(finding(q, root, &path, why));
                }
            }
        }
    }
}

fn finding(q: &AccessPattern, root: &Entity, path: &str, why: Unserved) -> Finding {
    let (id, name, coll, field) = (&q.id, &q.name, &root.name, path);
    let docs = documents_text(root);
    let place = Place::Query { id: crate::model::Id::new(&q.id) };
    let scan = text!(
        en: "The match returns the right documents, but no index narrows it: every run reads every key of the index (or every document) instead of the few that match, and the cost grows with the collection.",
        es: "La coincidencia devuelve los documentos correctos, pero ningún índice la acota: cada ejecución lee todas las claves del índice (o todos los documentos) en lugar de las pocas que coinciden, y el coste crece con la colección.",
        pt: "A correspondência devolve os documentos certos, mas nenhum índice a delimita: cada execução lê todas as chaves do índice (ou todos os documentos) em vez das poucas que correspondem, e o custo cresce com a coleção."
    );
    let lowercase = text!(
        en: "store a lowercase copy of {field} ({field}_lower), index it and match it exactly with the lowercased input",
        es: "guarda una copia en minúsculas de {field} ({field}_lower), indéxala y compárala por igualdad con la entrada en minúsculas",
        pt: "guarde uma cópia em minúsculas de {field} ({field}_lower), indexe-a e compare-a por igualdade com a entrada em minúsculas";
        field
    );
    match why {
        Unserved::Regex { index } => {
            let message = text!(
                en: "{id} ({name}) matches {field} with a case-insensitive regular expression, which no index of {coll} ({docs}) serves.",
                es: "{id} ({name}) compara {field} con una expresión regular que ignora mayúsculas, que ningún índice de {coll} ({docs}) atiende.",
                pt: "{id} ({name}) compara {field} com uma expressão regular que ignora maiúsculas, que nenhum índice de {coll} ({docs}) atende.";
                id, name, field, coll, docs = docs.clone()
            );
            let hint = match index {
                Some(index) => text!(
                    en: "$regex ignores collations: query {field} by equality with the collation of the index {keys} (.collation({collation})) and that index serves it.",
                    es: "$regex ignora las intercalaciones (collation): consulta {field} por igualdad con la collation del índice {keys} (.collation({collation})) y ese índice la atiende.",
                    pt: "$regex ignora as collations: consulte {field} por igualdade com a collation do índice {keys} (.collation({collation})) e esse índice a atende.";
                    field, keys = index.key_doc(),
                    collation = index_collation(&index, root).map(collation_text).unwrap_or_default()
                ),
                None => text!(
                    en: "Query {field} by equality under a collation of strength 2 (.collation({ locale: \"en\", strength: 2 })) with an index created with the same collation (or make it the collection's default collation); or {lowercase}.",
                    es: "Consulta {field} por igualdad bajo una collation de strength 2 (.collation({ locale: \"en\", strength: 2 })) con un índice creado con la misma collation (o hazla la collation por defecto de la colección); o {lowercase}.",
                    pt: "Consulte {field} por igualdade sob uma collation de strength 2 (.collation({ locale: \"en\", strength: 2 })) com um índice criado com a mesma collation (ou torne-a a collation padrão da coleção); ou {lowercase}.";
                    field, lowercase
                ),
            };
            CaseInsensitiveMatch::finding(place, message, scan, hint)
        }
        Unserved::NoCollation => {
            let message = text!(
                en: "{id} ({name}) matches {field} ignoring case, but neither the query nor {coll} ({docs}) names a collation of strength 1 or 2, so no index can serve it.",
                es: "{id} ({name}) compara {field} sin distinguir mayúsculas, pero ni la consulta ni {coll} ({docs}) indican una collation de strength 1 o 2, así que ningún índice puede atenderla.",
                pt: "{id} ({name}) compara {field} sem distinguir maiúsculas, mas nem a consulta nem {coll} ({docs}) indicam uma collation de strength 1 ou 2, então nenhum índice pode atendê-la.";
                id, name, field, coll, docs = docs.clone()
            );
            let hint = text!(
                en: "Name a collation of strength 2 on the query (.collation({ locale: \"en\", strength: 2 })) and create the index on {field} with the same collation (or make it the collection's default collation); or {lowercase}.",
                es: "Indica una collation de strength 2 en la consulta (.collation({ locale: \"en\", strength: 2 })) y crea el índice sobre {field} con la misma collation (o hazla la collation por defecto de la colección); o {lowercase}.",
                pt: "Indique uma collation de strength 2 na consulta (.collation({ locale: \"en\", strength: 2 })) e crie o índice sobre {field} com a mesma collation (ou torne-a a collation padrão da coleção); ou {lowercase}.";
                field, lowercase
            );
            CaseInsensitiveMatch::finding(place, message, scan, hint)
        }
        Unserved::OtherCollation { query, other } => {
            let wanted = collation_text(&query);
            let message = match &other {
                Some(other) => text!(
                    en: "{id} ({name}) matches {field} under the collation {wanted}, but the indexes of {coll} ({docs}) on {field} use {other}: an index serves string matches only under its own collation.",
                    es: "{id} ({name}) compara {field} bajo la collation {wanted}, pero los índices de {coll} ({docs}) sobre {field} usan {other}: un índice solo atiende comparaciones de texto bajo su propia collation.",
                    pt: "{id} ({name}) compara {field} sob a collation {wanted}, mas os índices de {coll} ({docs}) sobre {field} usam {other}: um índice só atende comparações de texto sob a sua própria collation.";
                    id, name, field, wanted = &wanted, coll, docs = docs.clone(), other = collation_text(other)
                ),
                None => text!(
                    en: "{id} ({name}) matches {field} under the collation {wanted}, but no index of {coll} ({docs}) on {field} has that collation: an index serves string matches only under its own collation.",
                    es: "{id} ({name}) compara {field} bajo la collation {wanted}, pero ningún índice de {coll} ({docs}) sobre {field} tiene esa collation: un índice solo atiende comparaciones de texto bajo su propia collation.",
                    pt: "{id} ({name}) compara {field} sob a collation {wanted}, mas nenhum índice de {coll} ({docs}) sobre {field} tem essa collation: um índice só atende comparações de texto sob a sua própria collation.";
                    id, name, field, wanted = &wanted, coll, docs = docs.clone()
                ),
            };
            let mut index = IndexSpec::new(&[(path, 1)]);
            index.collation = Some(query.clone());
            let keys = index.key_doc();
            let hint = text!(
                en: "Create {keys} with the collation {wanted}, or run the query under the collation its indexes have.",
                es: "Crea {keys} con la collation {wanted}, o ejecuta la consulta bajo la collation de sus índices.",
                pt: "Crie {keys} com a collation {wanted}, ou execute a consulta sob a collation dos seus índices.";
                keys, wanted
            );
            let mut f = CaseInsensitiveMatch::finding(place, message, scan, hint);
            f.fix = Some(Fix::AddIndex { entity: crate::model::Id::new(&root.id), index });
            f
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use super::is_normalised_copy;
    use crate::advisor::Fix;
    use crate::model::{AccessPattern, Collation, Filter, FilterOp, IndexSpec, Model};

    fn en2() -> Collation {
        Collation { locale: "en".into(), strength: Some(2), case_level: false, numeric_ordering: false }
    }

    /// Users with a unique index on email, and a sign-in that matches it with `op`.
    fn sign_in(op: FilterOp, case_insensitive: bool) -> Model {
        let mut m = model();
        m.entities[0].collection.documents = Some(8_000_000);
        let mut index = IndexSpec::new(&[("email", 1)]);
        index.unique = true;
        m.entities[0].collection.indexes.push(index);
        let mut q = AccessPattern::new("L1", "Sign in", "c");
        q.per_minute = 3000.0;
        q.filters.push(Filter { case_insensitive, ..Filter::new("email", op) });
        m.queries.push(q);
        m
    }

    #[test]
    fn a_case_insensitive_regex_on_an_ordinary_index_is_flagged() {
        let f = findings(&sign_in(FilterOp::Prefix, true), "DS309");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("case-insensitive regular expression"), "{}", f[0].message.en());
        assert!(f[0].fix_hint.en().contains("strength: 2") && f[0].fix_hint.en().contains("email_lower"));
        assert_eq!(f[0].fix, None, "the query itself must change: no one-click fix");
    }

    #[test]
    fn a_regex_is_flagged_even_beside_a_collation_index() {
        let mut m = sign_in(FilterOp::Prefix, true);
        m.entities[0].collection.indexes[0].collation = Some(en2());
        let f = findings(&m, "DS309");
        assert_eq!(f.len(), 1, "$regex is not collation-aware: {f:?}");
        assert!(f[0].fix_hint.en().contains(".collation({ locale: \"en\", strength: 2 })"), "{}", f[0].fix_hint.en());
    }

    #[test]
    fn an_equality_under_the_index_collation_passes() {
        let mut m = sign_in(FilterOp::Equality, true);
        m.entities[0].collection.indexes[0].collation = Some(en2());
        m.queries[0].collation = Some(en2());
        assert!(findings(&m, "DS309").is_empty());
        // The collection's default collation is the query's and the index's.
        let mut m = sign_in(FilterOp::Equality, true);
        m.entities[0].collection.collation = Some(en2());
        assert!(findings(&m, "DS309").is_empty());
    }

    #[test]
    fn exact_matches_normalised_copies_small_and_rare_queries_pass() {
        assert!(findings(&sign_in(FilterOp::Equality, false), "DS309").is_empty(), "exact case");
        let mut m = sign_in(FilterOp::Equality, true);
        m.queries[0].filters[0].field = "email_lower".into();
        assert!(findings(&m, "DS309").is_empty(), "a normalised copy");
        let mut m = sign_in(FilterOp::Prefix, true);
        m.entities[0].collection.documents = Some(500);
        assert!(findings(&m, "DS309").is_empty(), "a small collection");
        let mut m = sign_in(FilterOp::Prefix, true);
        m.queries[0].per_minute = 1.0;
        assert!(findings(&m, "DS309").is_empty(), "a rare query");
        let m = sign_in(FilterOp::Regex, true);
        assert!(findings(&m, "DS309").is_empty(), "an unanchored regex is DS310's");
        assert!(is_normalised_copy("emailLower") && is_normalised_copy("profile.name_normalized"));
        assert!(!is_normalised_copy("email") && !is_normalised_copy("flower_name"));
    }

    #[test]
    fn an_equality_without_a_collation_is_flagged_without_a_fix() {
        let f = findings(&sign_in(FilterOp::Equality, true), "DS309");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("names a collation of strength 1 or 2"), "{}", f[0].message.en());
        assert_eq!(f[0].fix, None);
    }

    #[test]
    fn a_query_collation_the_indexes_do_not_share_gets_an_index_with_it() {
        use crate::i18n::Lang;
        let mut m = sign_in(FilterOp::Equality, true);
        m.entities[0].collection.collation =
            Some(Collation { locale: "fr".into(), strength: Some(1), case_level: false, numeric_ordering: false });
        m.queries[0].collation = Some(en2());
        let f = findings(&m, "DS309");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "L1 (Sign in) matches email under the collation { locale: \"en\", strength: 2 }, but the indexes of items \
             (8,000,000 documents) on email use { locale: \"fr\", strength: 1 }: an index serves string matches only under \
             its own collation."
        );
        assert!(f[0].message.render(Lang::Es).starts_with("L1 (Sign in) compara email bajo la collation"));
        assert!(f[0].message.render(Lang::Pt).contains("8.000.000 documentos"), "{}", f[0].message.render(Lang::Pt));
        let fix = f[0].fix.clone().expect("a fix");
        let Fix::AddIndex { index, .. } = &fix else { panic!("{fix:?}") };
        assert_eq!(index.collation, Some(en2()));
        assert_eq!(fix.label().en(), "Create index { email: 1 } with collation en, strength 2");
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS309").is_empty(), "the fix resolves it");
    }
}
