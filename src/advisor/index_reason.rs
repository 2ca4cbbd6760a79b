//! The sentences that say why an index exists: the query shape it follows (equality, sort,
//! range), the remarks that apply to it (ESR order, tie-breaker, multikey, text search), a
//! bucket's retention (TTL), the designer's declaration, and the queries a merged index also
//! serves. Each is a [`Text`] in the three languages; combined reasons nest, so every part is
//! rendered in the language shown.

use super::query_shape::Shape;
use crate::i18n::{Arg, Text};
use crate::text;

/// Why these keys in this order: the clauses of the query shape, then the remarks that apply
/// (ESR, tie-breaker, multikey, text search), each a sentence of its own. The index is the
/// shape's ideal one ([`Shape::ideal`]).
pub(crate) fn reason(query: &str, shape: &Shape) -> Text {
    fn names<'s>(paths: impl Iterator<Item = &'s str>) -> String {
        let mut out = String::new();
        for (i, p) in paths.enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(p);
        }
        out
    }
    // The clauses in one sentence (`A, then B, then C`): one text, not one nested per clause.
    let mut clauses: Vec<Text> = Vec::with_capacity(3);
    if shape.equality().len() > 0 {
        clauses.push(text!(
            en: "equality on {fields}", es: "igualdad en {fields}", pt: "igualdade em {fields}";
            fields = names(shape.equality())
        ));
    }
    if shape.sort().len() > 0 {
        let mut keys = String::with_capacity(shape.sort().map(|(field, _)| field.len() + 5).sum());
        for (i, (field, dir)) in shape.sort().enumerate() {
            if i > 0 {
                keys.push_str(", ");
            }
            keys.push_str(field);
            match dir {
                1 => keys.push_str(":1"),
                -1 => keys.push_str(":-1"),
                dir => {
                    use std::fmt::Write;
                    let _ = write!(keys, ":{dir}");
                }
            }
        }
        clauses.push(if shape.range_on_sort().len() == 0 {
            text!(en: "the sort {keys}", es: "la ordenación {keys}", pt: "a ordenação {keys}"; keys)
        } else {
            text!(
                en: "the sort {keys}, which also bounds the range on {fields}",
                es: "la ordenación {keys}, que además acota el rango en {fields}",
                pt: "a ordenação {keys}, que também delimita o intervalo em {fields}";
                keys, fields = names(shape.range_on_sort())
            )
        });
    }
    if shape.range().len() > 0 {
        clauses.push(text!(
            en: "the range on {fields}", es: "el rango en {fields}", pt: "o intervalo em {fields}";
            fields = names(shape.range())
        ));
    }
    let parts = clauses.len();
    let mut clauses = clauses.into_iter();
    let mut clause = || clauses.next().unwrap_or_else(Text::empty);
    let serves = match parts {
        0 => text!(en: "Serves {query}: .", es: "Atiende {query}: .", pt: "Atende {query}: ."; query),
        1 => {
            text!(en: "Serves {query}: {a}.", es: "Atiende {query}: {a}.", pt: "Atende {query}: {a}."; query, a = clause())
        }
        2 => text!(
            en: "Serves {query}: {a}, then {b}.",
            es: "Atiende {query}: {a}, luego {b}.",
            pt: "Atende {query}: {a}, depois {b}.";
            query, a = clause(), b = clause()
        ),
        _ => text!(
            en: "Serves {query}: {a}, then {b}, then {c}.",
            es: "Atiende {query}: {a}, luego {b}, luego {c}.",
            pt: "Atende {query}: {a}, depois {b}, depois {c}.";
            query, a = clause(), b = clause(), c = clause()
        ),
    };
    // The remarks follow as sentences of one text, not one nested text per remark.
    let mut remarks: Vec<Text> = Vec::new();
    if parts > 1 || shape.range_on_sort().len() > 0 {
        remarks.push(text!(
            en: "ESR order: equality, then sort, then range.",
            es: "Orden ESR: igualdad, luego ordenación, luego rango.",
            pt: "Ordem ESR: igualdade, depois ordenação, depois intervalo."
        ));
    }
    if shape.has_tie_breaker() && shape.sort().len() > 1 {
        remarks.push(text!(
            en: "_id ends the sort as a unique tie-breaker, so pages never repeat or skip documents.",
            es: "_id cierra la ordenación como desempate único, así las páginas nunca repiten ni saltan documentos.",
            pt: "_id fecha a ordenação como desempate único, assim as páginas nunca repetem nem pulam documentos."
        ));
    }
    // The array paths, all keys of the ideal index (equality, sort, range).
    let arrays = shape.array_paths();
    if !arrays.is_empty() {
        remarks.push(text!(
            en: "Multikey: {paths} is an array path, one index entry per element.",
            es: "Multiclave: {paths} es una ruta de array, una entrada de índice por elemento.",
            pt: "Multichave: {paths} é um caminho de array, uma entrada de índice por elemento.";
            paths = arrays.join(", ")
        ));
    }
    if let Some(other) = shape.parallel_array() {
        remarks.push(text!(
            en: "{other} is another array: MongoDB refuses a compound index over two arrays, so the fetch filters it.",
            es: "{other} es otro array: MongoDB rechaza un índice compuesto sobre dos arrays, así que lo filtra la lectura de los documentos.",
            pt: "{other} é outro array: o MongoDB recusa um índice composto sobre dois arrays, então a leitura dos documentos o filtra.";
            other
        ));
    }
    if shape.text {
        remarks.push(text!(
            en: "Only a prefix search (/^abc/) can use it; full-text search needs a text or Atlas Search index.",
            es: "Solo una búsqueda por prefijo (/^abc/) puede usarlo; la búsqueda de texto completo necesita un índice text o de Atlas Search.",
            pt: "Só uma busca por prefixo (/^abc/) pode usá-lo; a busca de texto completo precisa de um índice text ou do Atlas Search."
        ));
    }
    sentences(serves, remarks)
}

/// `first`, then each of `rest`, separated by spaces, as one text (as many [`and`]s would
/// render, without nesting a text per sentence).
fn sentences(first: Text, rest: Vec<Text>) -> Text {
    if rest.len() > 5 {
        return rest.into_iter().fold(first, and);
    }
    let n = rest.len();
    let mut rest = rest.into_iter();
    let mut next = || rest.next().unwrap_or_else(Text::empty);
    match n {
        0 => first,
        1 => and(first, next()),
        2 => text!(en: "{a} {b} {c}", es: "{a} {b} {c}", pt: "{a} {b} {c}"; a = first, b = next(), c = next()),
        3 => text!(
            en: "{a} {b} {c} {d}", es: "{a} {b} {c} {d}", pt: "{a} {b} {c} {d}";
            a = first, b = next(), c = next(), d = next()
        ),
        4 => text!(
            en: "{a} {b} {c} {d} {e}", es: "{a} {b} {c} {d} {e}", pt: "{a} {b} {c} {d} {e}";
            a = first, b = next(), c = next(), d = next(), e = next()
        ),
        _ => text!(
            en: "{a} {b} {c} {d} {e} {f}", es: "{a} {b} {c} {d} {e} {f}", pt: "{a} {b} {c} {d} {e} {f}";
            a = first, b = next(), c = next(), d = next(), e = next(), f = next()
        ),
    }
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

/// Why a `$lookup`'s `foreignField` has an index: the stage of `query` matches `field` once per
/// document flowing in.
pub(crate) fn lookup(field: &str, query: &str) -> Text {
    text!(
        en: "$lookup: the join of {query} matches {field} once for each document flowing in; without this index each one scans the collection.",
        es: "$lookup: la unión de {query} busca {field} una vez por cada documento que entra; sin este índice cada uno recorre la colección.",
        pt: "$lookup: a junção de {query} busca {field} uma vez para cada documento que entra; sem este índice cada um varre a coleção.";
        query, field
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

/// The reason of a declared index MongoDB refuses to build (`refused-index` says why).
pub(crate) fn refused() -> Text {
    text!(
        en: "Declared by the designer, but MongoDB refuses to build it (refused-index, DS315): it serves no query.",
        es: "Declarado por quien diseña el modelo, pero MongoDB se niega a crearlo (refused-index, DS315): no sirve a ninguna consulta.",
        pt: "Declarado por quem projeta o modelo, mas o MongoDB se recusa a criá-lo (refused-index, DS315): não atende a nenhuma consulta."
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
/// `queries`: their ids, joined by `, `.
pub(crate) fn also_serves(before: Text, queries: String, same_keys: bool) -> Text {
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
