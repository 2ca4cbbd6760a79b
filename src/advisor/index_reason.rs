//! The sentences that say why an index exists: the query shape it follows (equality, sort,
//! range), the remarks that apply to it (ESR order, tie-breaker, multikey, text search), a
//! bucket's retention (TTL), the designer's declaration, and the queries a merged index also
//! serves. Each is a [`Text`] in the three languages; combined reasons nest, so every part is
//! rendered in the language shown.

use super::query_shape::Shape;
use crate::i18n::{Arg, Text};
use crate::model::IndexSpec;
use crate::text;

/// Why these keys in this order: the clauses of the query shape, then the remarks that apply
/// (ESR, tie-breaker, multikey, text search), each a sentence of its own.
pub(crate) fn reason(query: &str, shape: &Shape, index: &IndexSpec) -> Text {
    let names = |paths: &[String]| paths.join(", ");
    let mut how: Option<Text> = None;
    let mut parts = 0;
    let mut then = |clause: Text| {
        parts += 1;
        how = Some(match how.take() {
            None => clause,
            Some(first) => text!(
                en: "{first}, then {next}", es: "{first}, luego {next}", pt: "{first}, depois {next}";
                first, next = clause
            ),
        });
    };
    if !shape.equality.is_empty() {
        then(text!(
            en: "equality on {fields}", es: "igualdad en {fields}", pt: "igualdade em {fields}";
            fields = names(&shape.equality)
        ));
    }
    if !shape.sort.is_empty() {
        let keys = shape.sort.iter().map(|k| format!("{}:{}", k.field, k.dir)).collect::<Vec<_>>().join(", ");
        then(if shape.range_on_sort.is_empty() {
            text!(en: "the sort {keys}", es: "la ordenación {keys}", pt: "a ordenação {keys}"; keys)
        } else {
            text!(
                en: "the sort {keys}, which also bounds the range on {fields}",
                es: "la ordenación {keys}, que además acota el rango en {fields}",
                pt: "a ordenação {keys}, que também delimita o intervalo em {fields}";
                keys, fields = names(&shape.range_on_sort)
            )
        });
    }
    if !shape.range.is_empty() {
        then(text!(
            en: "the range on {fields}", es: "el rango en {fields}", pt: "o intervalo em {fields}";
            fields = names(&shape.range)
        ));
    }
    let mut text = text!(
        en: "Serves {query}: {how}.", es: "Atiende {query}: {how}.", pt: "Atende {query}: {how}.";
        query, how = how.unwrap_or_else(Text::empty)
    );
    if parts > 1 || !shape.range_on_sort.is_empty() {
        text = and(
            text,
            text!(
                en: "ESR order: equality, then sort, then range.",
                es: "Orden ESR: igualdad, luego ordenación, luego rango.",
                pt: "Ordem ESR: igualdade, depois ordenação, depois intervalo."
            ),
        );
    }
    if shape.has_tie_breaker() && shape.sort.len() > 1 {
        text = and(
            text,
            text!(
                en: "_id ends the sort as a unique tie-breaker, so pages never repeat or skip documents.",
                es: "_id cierra la ordenación como desempate único, así las páginas nunca repiten ni saltan documentos.",
                pt: "_id fecha a ordenação como desempate único, assim as páginas nunca repetem nem pulam documentos."
            ),
        );
    }
    let arrays: Vec<&str> =
        shape.array_paths.iter().filter(|p| index.keys.iter().any(|k| &k.field == *p)).map(String::as_str).collect();
    if !arrays.is_empty() {
        text = and(
            text,
            text!(
                en: "Multikey: {paths} is an array path, one index entry per element.",
                es: "Multiclave: {paths} es una ruta de array, una entrada de índice por elemento.",
                pt: "Multichave: {paths} é um caminho de array, uma entrada de índice por elemento.";
                paths = arrays.join(", ")
            ),
        );
        let top = |p: &&str| p.split('.').next().unwrap_or(p).to_string();
        if arrays.iter().any(|p| top(p) != top(&arrays[0])) {
            text = and(
                text,
                text!(
                    en: "MongoDB refuses a compound index over two parallel arrays: split it.",
                    es: "MongoDB rechaza un índice compuesto sobre dos arrays paralelos: divídelo.",
                    pt: "O MongoDB recusa um índice composto sobre dois arrays paralelos: divida-o."
                ),
            );
        }
    }
    if shape.text {
        text = and(
            text,
            text!(
                en: "Only a prefix search (/^abc/) can use it; full-text search needs a text or Atlas Search index.",
                es: "Solo una búsqueda por prefijo (/^abc/) puede usarlo; la búsqueda de texto completo necesita un índice text o de Atlas Search.",
                pt: "Só uma busca por prefixo (/^abc/) pode usá-lo; a busca de texto completo precisa de um índice text ou do Atlas Search."
            ),
        );
    }
    text
}

/// Two sentences, one after the other.
pub(crate) fn and(first: Text, next: Text) -> Text {
    text!(en: "{first} {next}", es: "{first} {next}", pt: "{first} {next}"; first, next)
}

/// A TTL as days, or as years when it makes whole years: `2 years`, `30 days`, `1.5 days`.
fn span(seconds: u64) -> Arg {
    if seconds % 86_400 == 0 {
        Arg::Days(seconds / 86_400)
    } else {
        let days = Arg::Count(seconds as f64 / 86_400.0);
        text!(en: "{days} days", es: "{days} días", pt: "{days} dias"; days).into()
    }
}

/// Why a bucket's period field has a TTL index: `ttl` seconds after `field`, the retention of
/// `relation`.
pub(crate) fn ttl(ttl: u64, field: &str, relation: &str) -> Text {
    // `seconds` is the expireAfterSeconds value as written in the index options: no separators.
    text!(
        en: "TTL: MongoDB deletes a bucket {seconds} s ({span}) after its {field}, the retention of {relation}.",
        es: "TTL: MongoDB borra cada contenedor {seconds} s ({span}) después de su {field}, la retención de {relation}.",
        pt: "TTL: o MongoDB apaga cada bucket {seconds} s ({span}) após o seu {field}, a retenção de {relation}.";
        seconds = ttl.to_string(), span = span(ttl), field, relation
    )
}

/// The reason of an index the designer declared.
pub(crate) fn declared() -> Text {
    text!(
        en: "Declared by the designer.",
        es: "Declarado por quien diseña el modelo.",
        pt: "Declarado por quem projeta o modelo."
    )
}

/// A declared index that is exactly the one a query needs: the declaration, then why.
pub(crate) fn declared_and(derived: Text) -> Text {
    text!(
        en: "Declared by the designer. {derived}",
        es: "Declarado por quien diseña el modelo. {derived}",
        pt: "Declarado por quem projeta o modelo. {derived}";
        derived
    )
}

/// An index's reason, followed by the queries of an index it absorbed: with the same keys,
/// or through its prefix.
pub(crate) fn also_serves(before: Text, queries: &[String], same_keys: bool) -> Text {
    let queries = queries.join(", ");
    if same_keys {
        text!(
            en: "{before} Also serves {queries}.",
            es: "{before} También atiende {queries}.",
            pt: "{before} Também atende {queries}.";
            before, queries
        )
    } else {
        text!(
            en: "{before} Also serves {queries} through its prefix.",
            es: "{before} También atiende {queries} gracias a su prefijo.",
            pt: "{before} Também atende {queries} pelo seu prefixo.";
            before, queries
        )
    }
}
