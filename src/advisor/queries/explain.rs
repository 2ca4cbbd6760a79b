//! The explanation of each access pattern in words: its first sentence says how its documents
//! serve it ([`first`]), the next one which index serves it ([`Tail`]).

use super::super::index_reason::and;
use super::reach::Clause;
use crate::i18n::{Arg, Text};
use crate::model::IndexSpec;
use crate::text;
use std::sync::Arc;

/// What the index that serves a query serves of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum What {
    Filter,
    Sort,
    FilterAndSort,
}

/// Which index serves a query: the sentence that follows its first one.
#[derive(Debug)]
pub(super) enum Tail {
    /// Nothing follows (no filter or sort, or no collection).
    None,
    /// The built-in `_id` index finds the document.
    IdIndex,
    /// No index serves it: every run scans.
    NoIndex,
    /// No index serves its whole shape; this one serves part of it (the rest in memory).
    Partly { index: Arc<IndexSpec>, declared: bool },
    /// An index of the collection serves it.
    Served { index: Arc<IndexSpec>, declared: bool, multikey: bool, what: What },
}

impl Tail {
    /// `first`, followed by what this tail says.
    pub(super) fn after(&self, first: Text) -> Text {
        match self {
            Tail::None => first,
            Tail::IdIndex => and(
                first,
                text!(
                    en: "The built-in _id index finds the document.",
                    es: "El índice nativo de _id encuentra el documento.",
                    pt: "O índice nativo de _id encontra o documento."
                ),
            ),
            Tail::NoIndex => and(
                first,
                text!(
                    en: "No index serves it: every run scans the collection.",
                    es: "Ningún índice lo atiende: cada ejecución recorre la colección entera.",
                    pt: "Nenhum índice o atende: cada execução varre a coleção inteira."
                ),
            ),
            Tail::Partly { index, declared } => {
                let kind = if *declared {
                    text!(en: "declared index", es: "índice declarado", pt: "índice declarado")
                } else {
                    text!(en: "index", es: "índice", pt: "índice")
                };
                let keys = index.with_key_doc(Arg::str);
                text!(
                    en: "{first} No index serves its whole shape: the {kind} {keys} serves part of it, and the rest is filtered or sorted in memory.",
                    es: "{first} Ningún índice atiende su forma completa: el {kind} {keys} atiende una parte, y el resto se filtra u ordena en memoria.",
                    pt: "{first} Nenhum índice atende sua forma completa: o {kind} {keys} atende uma parte, e o resto é filtrado ou ordenado em memória.";
                    first, kind, keys
                )
            }
            Tail::Served { index, declared, multikey, what } => served_by(first, index, *declared, *multikey, *what),
        }
    }
}

/// `first`, then "The index { a: 1 } (multikey) serves its filter and sort." (one sentence
/// with `first` nested, rather than two nested in a third).
fn served_by(first: Text, index: &IndexSpec, declared: bool, multikey: bool, what: What) -> Text {
    let kind = if declared {
        text!(en: "declared index", es: "índice declarado", pt: "índice declarado")
    } else {
        text!(en: "index", es: "índice", pt: "índice")
    };
    let what = match what {
        What::Filter => text!(en: "its filter", es: "su filtro", pt: "seu filtro"),
        What::Sort => text!(en: "its sort", es: "su ordenación", pt: "sua ordenação"),
        What::FilterAndSort => {
            text!(en: "its filter and sort", es: "su filtro y su ordenación", pt: "seu filtro e sua ordenação")
        }
    };
    let keys = index.with_key_doc(Arg::str);
    if multikey {
        text!(
            en: "{first} The {kind} {keys} (multikey) serves {what}.",
            es: "{first} El {kind} {keys} (multiclave) atiende {what}.",
            pt: "{first} O {kind} {keys} (multichave) atende {what}.";
            first, kind, keys, what
        )
    } else {
        text!(
            en: "{first} The {kind} {keys} serves {what}.",
            es: "{first} El {kind} {keys} atiende {what}.",
            pt: "{first} O {kind} {keys} atende {what}.";
            first, kind, keys, what
        )
    }
}

/// How a query's documents serve it: which first sentence it reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum How {
    /// A write that changes its root and other aggregates (the clauses say which).
    Changes,
    /// A read that needs a second read or a `$lookup` (the clauses say where).
    Needs,
    /// Its data is in its root's documents, yet it is written with `$lookup`.
    Lookup,
    /// One root document serves it, with the copies the clauses name.
    Copied,
    /// A write of one root document.
    WriteOne,
    /// A read of root documents alone.
    Alone,
}

/// A query's first sentence: how its documents serve it, with the name of its root and the
/// clauses that say where its data is.
pub(super) fn first(how: How, root: Arg, clauses: &[Clause]) -> Text {
    match how {
        // One list, its own collection first: "clientes, carrinhos, chamados and avaliacoes".
        How::Changes => text!(
            en: "Changes {all}: more than one aggregate, so the write needs a multi-document transaction or tolerance of a temporary inconsistency.",
            es: "Cambia {all}: más de un agregado, así que la escritura necesita una transacción multidocumento o tolerar una inconsistencia temporal.",
            pt: "Altera {all}: mais de um agregado, então a escrita precisa de uma transação multidocumento ou tolerar uma inconsistência temporária.";
            all = Arg::List(std::iter::once(root.clone()).chain(clauses.iter().map(Clause::arg)).collect())
        ),
        How::Needs => text!(
            en: "Needs a second read or a $lookup: {where_}.",
            es: "Necesita una segunda lectura o un $lookup: {where_}.",
            pt: "Precisa de uma segunda leitura ou de um $lookup: {where_}.";
            where_ = joined(clauses, true)
        ),
        How::Lookup => text!(
            en: "Its data is in {root} documents, yet it is written with $lookup: read the documents directly.",
            es: "Sus datos están en documentos de {root}, pero está escrito con $lookup: lee los documentos directamente.",
            pt: "Seus dados estão em documentos de {root}, mas está escrito com $lookup: leia os documentos diretamente.";
            root
        ),
        How::Copied => text!(
            en: "One {root} document serves it: {how}.",
            es: "Un documento de {root} lo atiende: {how}.",
            pt: "Um documento de {root} o atende: {how}.";
            root, how = joined(clauses, false)
        ),
        How::WriteOne => text!(
            en: "Changes one {root} document: atomic on its own.",
            es: "Cambia un documento de {root}: atómico por sí solo.",
            pt: "Altera um documento de {root}: atômico por si só.";
            root
        ),
        How::Alone => text!(
            en: "Served by {root} documents alone: no second read.",
            es: "Lo atienden solo documentos de {root}: sin segunda lectura.",
            pt: "Atendido apenas por documentos de {root}: sem segunda leitura.";
            root
        ),
    }
}

/// Clauses one after the other, separated by `, ` or, with `semicolons`, by `; `.
fn joined(clauses: &[Clause], semicolons: bool) -> Arg {
    let mut items = clauses.iter().map(Clause::arg);
    let Some(first) = items.next() else { return Text::empty().into() };
    items.fold(first, |a, b| {
        if semicolons {
            text!(en: "{a}; {b}", es: "{a}; {b}", pt: "{a}; {b}"; a, b).into()
        } else {
            text!(en: "{a}, {b}", es: "{a}, {b}", pt: "{a}, {b}"; a, b).into()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tail_follows_its_first_sentence() {
        let first = || text!(en: "Query 7.", es: "Consulta 7.", pt: "Consulta 7.");
        let served = |declared| Tail::Served {
            index: Arc::new(IndexSpec::new(&[("a.b", 1), ("c", -1)])),
            declared,
            multikey: true,
            what: What::FilterAndSort,
        };
        assert_eq!(Tail::None.after(first()).en(), "Query 7.");
        assert_eq!(Tail::IdIndex.after(first()).en(), "Query 7. The built-in _id index finds the document.");
        assert_eq!(
            Tail::NoIndex.after(first()).render(crate::i18n::Lang::Es),
            "Consulta 7. Ningún índice lo atiende: cada ejecución recorre la colección entera."
        );
        assert_eq!(
            served(true).after(first()).en(),
            "Query 7. The declared index { \"a.b\": 1, c: -1 } (multikey) serves its filter and sort."
        );
        assert_eq!(
            served(false).after(first()).en(),
            "Query 7. The index { \"a.b\": 1, c: -1 } (multikey) serves its filter and sort."
        );
        assert_eq!(
            Tail::IdIndex.after(first()).render(crate::i18n::Lang::Pt),
            "Consulta 7. O índice nativo de _id encontra o documento."
        );
        for tail in [Tail::None, Tail::IdIndex, Tail::NoIndex, served(true), served(false)] {
            let t = tail.after(first());
            assert!(t.is_translated() && t.check().is_ok(), "{t}");
        }
    }
}
