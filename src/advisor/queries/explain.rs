//! The explanation of each access pattern, built when it is read: an analysis explains every
//! query and the user reads a few. Each query keeps its first sentence (how its documents
//! serve it) and which index serves it ([`Tail`]); the sentence that names the index (its key
//! document, kind and what it serves) is written only when the explanation is rendered,
//! compared or checked. The queries share one source per [`BLOCK`] of them, so an explanation
//! allocates nothing of its own.

use super::super::index_reason::and;
use crate::i18n::{Arg, Deferred, Text};
use crate::model::IndexSpec;
use crate::text;
use std::sync::Arc;

/// Queries per shared source (a deferred text names its sentence with a `u8`).
const BLOCK: usize = 256;

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
    /// An index of the collection serves it.
    Served { index: Arc<IndexSpec>, declared: bool, multikey: bool, what: What },
}

impl Tail {
    /// `first`, followed by what this tail says.
    fn after(&self, first: Text) -> Text {
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

/// The first sentence and the tail of some queries' explanations, shared by their texts.
#[derive(Debug)]
struct Block {
    items: Vec<(Text, Tail)>,
}

impl Deferred for Block {
    fn text(&self, which: u8) -> Text {
        match self.items.get(usize::from(which)) {
            Some((first, tail)) => tail.after(first.clone()),
            None => Text::empty(),
        }
    }
}

/// The explanations of queries, gathered in order, then handed out as texts built when read.
#[derive(Default)]
pub(super) struct Explanations {
    blocks: Vec<Vec<(Text, Tail)>>,
}

impl Explanations {
    /// Room for `n` queries.
    pub(super) fn with_capacity(n: usize) -> Explanations {
        Explanations { blocks: Vec::with_capacity(n.div_ceil(BLOCK)) }
    }

    /// The next query's explanation: `first`, then what `tail` says.
    pub(super) fn push(&mut self, first: Text, tail: Tail) {
        match self.blocks.last_mut() {
            Some(block) if block.len() < BLOCK => block.push((first, tail)),
            _ => {
                let mut block = Vec::with_capacity(BLOCK);
                block.push((first, tail));
                self.blocks.push(block);
            }
        }
    }

    /// The texts, in the order pushed.
    pub(super) fn texts(self) -> impl Iterator<Item = Text> {
        self.blocks.into_iter().flat_map(|items| {
            let n = items.len();
            let source: Arc<dyn Deferred> = Arc::new(Block { items });
            (0..n).map(move |i| Text::deferred(Arc::clone(&source), u8::try_from(i).unwrap_or(u8::MAX)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_back_in_order_across_blocks_and_build_as_written() {
        let mut e = Explanations::with_capacity(BLOCK + 2);
        for i in 0..BLOCK + 2 {
            let first = text!(en: "Query {i}.", es: "Consulta {i}.", pt: "Consulta {i}."; i = Arg::Int(i as u64));
            let tail = match i % 4 {
                0 => Tail::None,
                1 => Tail::IdIndex,
                2 => Tail::NoIndex,
                _ => Tail::Served {
                    index: Arc::new(IndexSpec::new(&[("a.b", 1), ("c", -1)])),
                    declared: i % 8 == 3,
                    multikey: true,
                    what: What::FilterAndSort,
                },
            };
            e.push(first, tail);
        }
        let texts: Vec<Text> = e.texts().collect();
        assert_eq!(texts.len(), BLOCK + 2);
        assert_eq!(texts[0].en(), "Query 0.");
        assert_eq!(texts[1].en(), "Query 1. The built-in _id index finds the document.");
        assert_eq!(
            texts[2].render(crate::i18n::Lang::Es),
            "Consulta 2. Ningún índice lo atiende: cada ejecución recorre la colección entera."
        );
        assert_eq!(
            texts[3].en(),
            "Query 3. The declared index { \"a.b\": 1, c: -1 } (multikey) serves its filter and sort."
        );
        assert_eq!(texts[7].en(), "Query 7. The index { \"a.b\": 1, c: -1 } (multikey) serves its filter and sort.");
        assert_eq!(texts[BLOCK + 1].en(), "Query 257. The built-in _id index finds the document.");
        assert_eq!(
            texts[BLOCK + 1].render(crate::i18n::Lang::Pt),
            "Consulta 257. O índice nativo de _id encontra o documento."
        );
        assert!(texts.iter().all(|t| t.is_translated() && t.check().is_ok()));
    }
}
