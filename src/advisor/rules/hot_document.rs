use crate::advisor::relations::rate;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{AccessPattern, BsonType, Entity, Id, Place, QueryKind, WriteOp};
use crate::{declare_rule, text};

/// Writers on one document at the same moment from which they queue (a few are absorbed).
const HOT_WRITERS: u32 = 10;

/// Writes a minute on a collection of one document from which that document is hot (about
/// 17 a second), when no count of simultaneous writers is stated.
const HOT_SINGLE_DOCUMENT_WRITES: f64 = 1_000.0;

declare_rule! {
    /// ## What it does
    /// Finds many writers updating one document at once: a write whose
    /// `sameDocumentWriters` (how many executions change the same document at the same
    /// moment, at peak) is 10 or more, or, when that is not stated, a write of 1,000 or more a
    /// minute on a collection that holds a single document (a global counter). Inserts
    /// (each writes a new document) and deletes are not judged; many writers each on their
    /// own document are no contention.
    ///
    /// ## Why is this bad?
    /// MongoDB's concurrency is per document: two writes to the same document cannot both
    /// apply at once, so one meets a write conflict and is retried ("Atomicity and
    /// Transactions", the Concurrency FAQ). However many cores the server has, the writers of
    /// one document queue behind each other: a global view counter or the stock document of a
    /// flash sale becomes the bottleneck, latency grows with the writers, and retries add
    /// load. The write itself is right (atomic, conditional): its target is the problem.
    ///
    /// ## Example
    /// `db.site_stats.updateOne({ _id: "global" }, { $inc: { views: 1 } })` on every page
    /// view, 400 at the same moment; 300 buyers at once running
    /// `updateOne({ _id, stock: { $gt: 0 } }, { $inc: { stock: -1 } })` on one product.
    ///
    /// ## Use instead
    /// Spread the writers over several documents. A counter: split it into N counter
    /// documents (`{ _id: "views-0" … "views-9" }`), increment one picked at random, and sum
    /// them on read; or count in memory and write every N events (the approximation
    /// pattern), or per-minute documents (bucket). A stock: split the sale's stock into
    /// several documents each holding part of it (a buyer takes one with stock left), or
    /// queue the purchases and apply them in order. Keep per-item state in per-item
    /// documents.
    ///
    /// ## References
    /// MongoDB, "Atomicity and Transactions"; "FAQ: Concurrency" (document-level concurrency,
    /// write conflicts); "Model Data for Atomic Operations"; "Building with Patterns: The
    /// Computed Pattern" and "Building with Patterns: The Approximation Pattern" (counters).
    pub HotDocument {
        code: "DS111",
        name: "hot-document",
        category: AntiPattern,
        severity: Warning,
    }
}

/// How the writers of one document are known: stated, or one document taking every write.
enum Hot {
    /// `sameDocumentWriters` says so.
    Writers(u32),
    /// The collection holds one document, and every execution writes it.
    OnlyDocument,
}

/// Whether `q` piles writers on one document of `collection`.
fn hot(q: &AccessPattern, collection: &Entity) -> Option<Hot> {
    if q.kind != QueryKind::Write || matches!(q.write, Some(WriteOp::Insert | WriteOp::Delete)) {
        return None;
    }
    match q.same_document_writers {
        Some(n) => (n >= HOT_WRITERS).then_some(Hot::Writers(n)),
        None => (collection.collection.documents == Some(1) && rate(q) >= HOT_SINGLE_DOCUMENT_WRITES)
            .then_some(Hot::OnlyDocument),
    }
}

/// Whether the write only counts: every field it changes is a number of its entity and no
/// precondition decides from it (a stock taken only while some is left is no counter).
fn counts_only(q: &AccessPattern, e: &Entity) -> bool {
    let number = |c: &String| {
        e.field(c).is_some_and(|f| {
            matches!(f.bson_type, BsonType::Int | BsonType::Long | BsonType::Double | BsonType::Decimal)
        })
    };
    !q.changes.is_empty() && q.changes.iter().all(number) && q.precondition.trim().is_empty()
}

impl Rule for HotDocument {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for q in &cx.model.queries {
            let Some(collection) = cx.design.collection_of(&q.entity) else { continue };
            let Some(how) = hot(q, collection) else { continue };
            let (id, name, coll, per_minute) = (&q.id, &q.name, &collection.name, Arg::Count(rate(q)));
            let message = match how {
                Hot::Writers(n) => text!(
                    en: "{id} \"{name}\" has ~{n} writers on the same {coll} document at once ({per_minute} writes a minute)",
                    es: "{id} \"{name}\" tiene ~{n} escritores sobre el mismo documento de {coll} a la vez ({per_minute} escrituras por minuto)",
                    pt: "{id} \"{name}\" tem ~{n} escritores no mesmo documento de {coll} ao mesmo tempo ({per_minute} gravações por minuto)";
                    id, name, n = Arg::Int(u64::from(n)), coll, per_minute
                ),
                Hot::OnlyDocument => text!(
                    en: "{id} \"{name}\" writes the only {coll} document {per_minute} times a minute: every writer waits for that one document",
                    es: "{id} \"{name}\" escribe el único documento de {coll} {per_minute} veces por minuto: cada escritor espera por ese documento",
                    pt: "{id} \"{name}\" grava o único documento de {coll} {per_minute} vezes por minuto: cada escritor espera por esse documento";
                    id, name, coll, per_minute
                ),
            };
            let why = text!(
                en: "MongoDB's concurrency is per document: two writes to one document cannot apply at once, so one meets a write conflict and is retried. The writers queue on that document however many cores the server has, and latency grows with them.",
                es: "La concurrencia de MongoDB es por documento: dos escrituras a un mismo documento no pueden aplicarse a la vez, así que una encuentra un conflicto de escritura y se reintenta. Los escritores hacen cola en ese documento por muchos núcleos que tenga el servidor, y la latencia crece con ellos.",
                pt: "A concorrência do MongoDB é por documento: duas gravações no mesmo documento não podem ser aplicadas ao mesmo tempo, então uma encontra um conflito de escrita e é repetida. Os escritores fazem fila nesse documento, não importa quantos núcleos o servidor tenha, e a latência cresce com eles."
            );
            let entity = cx.design.entity(&q.entity).unwrap_or(collection);
            let hint = if counts_only(q, entity) {
                text!(
                    en: "Split the counter: N counter documents in {coll} ({field}-0 … {field}-9), each write increments one picked at random and the read sums them; or count in memory and write once every N events (approximation pattern).",
                    es: "Divide el contador: N documentos contador en {coll} ({field}-0 … {field}-9), cada escritura incrementa uno elegido al azar y la lectura los suma; o cuenta en memoria y escribe una vez cada N eventos (patrón de aproximación).",
                    pt: "Divida o contador: N documentos contador em {coll} ({field}-0 … {field}-9), cada gravação incrementa um escolhido ao acaso e a leitura os soma; ou conte em memória e grave uma vez a cada N eventos (padrão de aproximação).";
                    coll, field = q.changes.first().map_or("", String::as_str)
                )
            } else {
                text!(
                    en: "Spread the writers over several documents: split what they share into parts in separate {coll} documents (a sale's stock in several lots, a writer takes from one with some left), keep per-item state in per-item documents, or queue the writes and apply them in order.",
                    es: "Reparte los escritores entre varios documentos: divide lo que comparten en partes, en documentos de {coll} distintos (el stock de una venta en varios lotes; cada escritor toma de uno que aún tenga), guarda el estado de cada elemento en su propio documento, o encola las escrituras y aplícalas en orden.",
                    pt: "Distribua os escritores entre vários documentos: divida o que eles compartilham em partes, em documentos de {coll} separados (o estoque de uma venda em vários lotes; cada escritor tira de um que ainda tenha), guarde o estado de cada item no seu próprio documento, ou enfileire as gravações e aplique-as em ordem.";
                    coll
                )
            };
            out.push(Self::finding(Place::Query { id: Id::new(&q.id) }, message, why, hint));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::{collection, findings, model};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BsonType, Field, Model, Place, QueryKind, WriteOp};

    /// `site_stats` with a `views` count and `documents` documents, and `W` "Count a view"
    /// incrementing it `per_minute` times a minute.
    fn counter(documents: u64, per_minute: f64, writers: Option<u32>) -> Model {
        let mut m = model();
        let mut stats = collection("stats", "site_stats");
        stats.fields.push(Field::new("views", BsonType::Long));
        stats.collection.documents = Some(documents);
        m.entities = vec![stats];
        let mut w = AccessPattern::new("W", "Count a view", "stats");
        w.kind = QueryKind::Write;
        w.write = Some(WriteOp::Update);
        w.changes = vec!["views".into()];
        w.per_minute = per_minute;
        w.same_document_writers = writers;
        m.queries = vec![w];
        m
    }

    #[test]
    fn many_writers_on_one_document_trigger() {
        let f = findings(&counter(1, 30_000.0, Some(400)), "DS111");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Query { id: "W".into() });
        assert_eq!(
            f[0].message.en(),
            "W \"Count a view\" has ~400 writers on the same site_stats document at once (30,000 writes a minute)"
        );
        assert!(
            f[0].fix_hint.en().starts_with("Split the counter: N counter documents in site_stats (views-0 … views-9)"),
            "{}",
            f[0].fix_hint
        );
        // Unstated, a collection of one document taking every write is hot too.
        let f = findings(&counter(1, 30_000.0, None), "DS111");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("writes the only site_stats document 30,000 times a minute"));
    }

    #[test]
    fn a_conditional_stock_is_told_to_split_not_to_count() {
        let mut m = counter(100_000, 12_000.0, Some(300));
        m.queries[0].precondition = "views > 0".into();
        let f = findings(&m, "DS111");
        assert!(f[0].fix_hint.en().starts_with("Spread the writers over several documents"), "{}", f[0].fix_hint);
    }

    #[test]
    fn near_misses_stay_silent() {
        // Many writers, each on its own document.
        assert!(findings(&counter(5_000_000, 30_000.0, Some(1)), "DS111").is_empty());
        assert!(findings(&counter(5_000_000, 30_000.0, None), "DS111").is_empty());
        // A few writers at once are absorbed.
        assert!(findings(&counter(1, 300.0, Some(3)), "DS111").is_empty());
        // A single document written now and then.
        assert!(findings(&counter(1, 10.0, None), "DS111").is_empty());
        // Inserts each write a new document.
        let mut m = counter(1, 30_000.0, Some(400));
        m.queries[0].write = Some(WriteOp::Insert);
        assert!(findings(&m, "DS111").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let f = findings(&counter(1, 1_440.0, Some(40)), "DS111");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "W \"Count a view\" tiene ~40 escritores sobre el mismo documento de site_stats a la vez (1.440 escrituras por minuto)"
        );
        assert!(f[0].why.render(Lang::Pt).starts_with("A concorrência do MongoDB é por documento"));
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("Divide el contador"));
        assert!(f[0].message.is_translated() && f[0].fix_hint.check().is_ok());
    }
}
