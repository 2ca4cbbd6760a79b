//! The six criteria of seed 001 §3, in order, each a vote with a reason that carries the
//! figures. The votes explain; the decision (`decide.rs`) follows the seeds' ordered questions.
//!
//! Every reason is a [`Text`] in the three languages: each criterion decides its vote from the
//! relation's [`Facts`] and writes the sentence that explains it.

use super::facts::{Facts, Outliers};
use crate::advisor::{CardinalityClass, Criterion, Vote};
use crate::i18n::{Arg, Labelled, Text};
use crate::model::{Id, Volatility};
use crate::text;

/// The vote of `criterion` on the relation of `f` and its reason; `reads` holds the query ids
/// the facts' read lists name.
pub(crate) fn judge(f: &Facts, reads: &[Id], criterion: Criterion) -> (Vote, Text) {
    match criterion {
        Criterion::Cardinality => cardinality(f),
        Criterion::ReadSeparately => read_separately(f, reads),
        Criterion::Volatility => volatility(f),
        Criterion::Size => size(f),
        Criterion::Growth => growth(f),
        Criterion::Atomicity => atomicity(f),
    }
}

/// The vote of `criterion` alone, without its reason: what [`judge`] votes, decided by the same
/// conditions (a test holds the two together on every design of the corpus and the gallery).
/// The editor's live analysis takes these votes; the reasons are written when one is read.
pub(crate) fn vote(f: &Facts, criterion: Criterion) -> Vote {
    match criterion {
        Criterion::Cardinality => match f.class {
            CardinalityClass::OneToOne | CardinalityClass::OneToFew => Vote::Embed,
            CardinalityClass::ManyToMany if f.child_is_value => Vote::Neutral,
            _ => Vote::Reference,
        },
        Criterion::ReadSeparately => {
            if !f.read_apart.is_empty() || f.rel.read_separately {
                Vote::Reference
            } else {
                Vote::Embed
            }
        }
        Criterion::Volatility => match f.rel.child_changes {
            Volatility::Never | Volatility::Rarely => Vote::Embed,
            Volatility::Often | Volatility::Constantly => Vote::Reference,
        },
        Criterion::Size => size_vote(f),
        Criterion::Growth => match (f.bound, f.outliers) {
            (_, Outliers::Major { .. }) | (None, _) => Vote::Reference,
            (Some(_), _) => Vote::Embed,
        },
        Criterion::Atomicity => {
            if f.rel.atomic_with_parent || f.child_is_value {
                Vote::Embed
            } else {
                Vote::Neutral
            }
        }
    }
}

/// The size criterion's vote ([`size`]): bulky children read with every parent, else what the
/// children weigh in one parent document (a capped bucket relation too: the vote is what
/// all its events would weigh there), against the limit, the guidance and a tenth of it.
fn size_vote(f: &Facts) -> Vote {
    let t = f.t;
    let total = f.worst_bytes();
    if f.child_bytes > t.bloat_field_bytes && total <= t.doc_target_bytes as f64 {
        return Vote::Reference;
    }
    let capped_bucket =
        f.rel.bucket.as_ref().is_some_and(|b| b.cap > 0) && f.rel.storage == crate::model::Storage::Bucket;
    if total > t.doc_target_bytes as f64 || (!capped_bucket && f.bulk_for_other_reads().is_some()) {
        Vote::Reference
    } else if total > t.doc_target_bytes as f64 / 10.0 {
        Vote::Neutral
    } else {
        Vote::Embed
    }
}

/// "5 etiquetas typical, at most 8: one-to-few".
fn cardinality(f: &Facts) -> (Vote, Text) {
    let vote = match f.class {
        CardinalityClass::OneToOne | CardinalityClass::OneToFew => Vote::Embed,
        CardinalityClass::ManyToMany if f.child_is_value => Vote::Neutral,
        CardinalityClass::OneToMany | CardinalityClass::OneToSquillions | CardinalityClass::ManyToMany => {
            Vote::Reference
        }
    };
    let (parent, child) = f.names();
    let outliers = match f.outliers {
        Outliers::Minor { share, max } => text!(
            en: "; {share} of {parent} reach {max} (outliers)",
            es: "; el {share} de {parent} llega a {max} (valores atípicos)",
            pt: "; {share} de {parent} chegam a {max} (outliers)";
            share = Arg::Percent(share), parent = &parent, max = Arg::Count(max as f64)
        ),
        Outliers::Major { share, max } => text!(
            en: "; {share} of {parent} reach {max}, too many to call outliers",
            es: "; el {share} de {parent} llega a {max}, demasiados para llamarlos valores atípicos",
            pt: "; {share} de {parent} chegam a {max}, muitos demais para chamá-los de outliers";
            share = Arg::Percent(share), parent = &parent, max = Arg::Count(max as f64)
        ),
        Outliers::None => Text::empty(),
    };
    let class: Arg = match f.class {
        CardinalityClass::OneToOne | CardinalityClass::OneToFew => f.class.msg().into(),
        CardinalityClass::OneToMany => text!(
            en: "one-to-many, more than a one-to-few array holds",
            es: "uno a muchos, más de lo que cabe en un array uno a pocos",
            pt: "um para muitos, mais do que cabe num array um para poucos"
        )
        .into(),
        CardinalityClass::OneToSquillions => text!(
            en: "one-to-squillions, beyond {n}",
            es: "uno a muchísimos, más de {n}",
            pt: "um para muitíssimos, além de {n}";
            n = Arg::Count(f.t.many_max as f64)
        )
        .into(),
        CardinalityClass::ManyToMany if f.child_is_value => text!(
            en: "many-to-many, but a bare value is copied, not shared",
            es: "muchos a muchos, pero un valor simple se copia, no se comparte",
            pt: "muitos para muitos, mas um valor simples é copiado, não compartilhado"
        )
        .into(),
        CardinalityClass::ManyToMany => text!(
            en: "many-to-many: each {child} belongs to many {parent}",
            es: "muchos a muchos: cada elemento de {child} pertenece a muchos de {parent}",
            pt: "muitos para muitos: cada item de {child} pertence a vários de {parent}";
            child = &child, parent = &parent
        )
        .into(),
    };
    let typical = Arg::Count(f.typical);
    let reason = match f.bound {
        Some(b) if f.outliers == Outliers::None => text!(
            en: "{typical} {child} typical, at most {max}: {class}",
            es: "habitualmente {typical} {child}, como máximo {max}: {class}",
            pt: "normalmente {typical} {child}, no máximo {max}: {class}";
            typical, child = &child, max = Arg::Count(b as f64), class
        ),
        Some(b) => text!(
            en: "{typical} {child} typical, at most {max}{outliers}: {class}",
            es: "habitualmente {typical} {child}, como máximo {max}{outliers}: {class}",
            pt: "normalmente {typical} {child}, no máximo {max}{outliers}: {class}";
            typical, child = &child, max = Arg::Count(b as f64), outliers, class
        ),
        None => text!(
            en: "{typical} {child} typical, no stated maximum (~{horizon} in {span}){outliers}: {class}",
            es: "habitualmente {typical} {child}, sin máximo declarado (~{horizon} en {span}){outliers}: {class}",
            pt: "normalmente {typical} {child}, sem máximo declarado (~{horizon} em {span}){outliers}: {class}";
            typical, child = &child, horizon = Arg::Count(f.horizon.round()), span = Arg::Days(f.t.horizon_days),
            outliers, class
        ),
    };
    (vote, reason)
}

/// "read without catalogo by C2, C3 and C5" / "never read without catalogo".
fn read_separately(f: &Facts, reads: &[Id]) -> (Vote, Text) {
    let (parent, _) = f.names();
    let ids = || f.listed_reads(reads);
    if !f.read_apart.is_empty() {
        (
            Vote::Reference,
            text!(
                en: "read without {parent} by {ids}: it has a life of its own",
                es: "se lee sin {parent} en {ids}: tiene vida propia",
                pt: "é lido sem {parent} em {ids}: tem vida própria";
                parent, ids = ids()
            ),
        )
    } else if f.rel.read_separately {
        (
            Vote::Reference,
            text!(
                en: "queried on its own, without {parent} (own screen, moderation or search)",
                es: "se consulta por sí solo, sin {parent} (pantalla propia, moderación o búsqueda)",
                pt: "é consultado sozinho, sem {parent} (tela própria, moderação ou busca)";
                parent
            ),
        )
    } else if f.read_together.is_empty() {
        (
            Vote::Embed,
            text!(
                en: "no access pattern reads it without {parent}",
                es: "ningún patrón de acceso lo lee sin {parent}",
                pt: "nenhum padrão de acesso o lê sem {parent}";
                parent
            ),
        )
    } else {
        (
            Vote::Embed,
            text!(
                en: "always read with {parent} ({ids}), never on its own",
                es: "siempre se lee con {parent} ({ids}), nunca por separado",
                pt: "sempre é lido com {parent} ({ids}), nunca sozinho";
                parent, ids = ids()
            ),
        )
    }
}

/// How often the child changes against how often the parent is read.
fn volatility(f: &Facts) -> (Vote, Text) {
    let copies = f.copies_elsewhere;
    let (vote, change) = match f.rel.child_changes {
        Volatility::Never => (
            Vote::Embed,
            text!(en: "never changes once written", es: "no cambia nunca una vez escrito", pt: "nunca muda depois de gravado"),
        ),
        Volatility::Rarely => (Vote::Embed, text!(en: "changes rarely", es: "cambia rara vez", pt: "muda raramente")),
        Volatility::Often if copies > 0 => (
            Vote::Reference,
            text!(
                en: "changes often, and copies of it live under {n} other parent(s): each change rewrites the document that holds it",
                es: "cambia a menudo, y tiene copias en otros padres ({n}): cada cambio reescribe el documento que lo contiene",
                pt: "muda com frequência, e tem cópias em outros pais ({n}): cada mudança reescreve o documento que o contém";
                n = copies
            ),
        ),
        Volatility::Often => (
            Vote::Reference,
            text!(
                en: "changes often: each change rewrites the document that holds it",
                es: "cambia a menudo: cada cambio reescribe el documento que lo contiene",
                pt: "muda com frequência: cada mudança reescreve o documento que o contém"
            ),
        ),
        Volatility::Constantly if copies > 0 => (
            Vote::Reference,
            text!(
                en: "changes constantly, and copies of it live under {n} other parent(s): each change rewrites the document that holds it",
                es: "cambia constantemente, y tiene copias en otros padres ({n}): cada cambio reescribe el documento que lo contiene",
                pt: "muda constantemente, e tem cópias em outros pais ({n}): cada mudança reescreve o documento que o contém";
                n = copies
            ),
        ),
        Volatility::Constantly => (
            Vote::Reference,
            text!(
                en: "changes constantly: each change rewrites the document that holds it",
                es: "cambia constantemente: cada cambio reescribe el documento que lo contiene",
                pt: "muda constantemente: cada mudança reescreve o documento que o contém"
            ),
        ),
    };
    if f.parent_reads <= 0.0 {
        return (vote, change);
    }
    let reason = text!(
        en: "{change}; {parent} is read {n} times a minute",
        es: "{change}; {parent} se lee {n} veces por minuto",
        pt: "{change}; {parent} é lido {n} vezes por minuto";
        change, parent = f.names().0, n = Arg::Count(f.parent_reads)
    );
    (vote, reason)
}

/// The children's bytes against the 1 MB target and the 16 MiB limit.
fn size(f: &Facts) -> (Vote, Text) {
    let t = f.t;
    let total = f.worst_bytes();
    let (parent, child) = f.names();
    if f.child_bytes > t.bloat_field_bytes && total <= t.doc_target_bytes as f64 {
        return (
            Vote::Reference,
            text!(
                en: "each {child} is {each}: bulky data read with every {parent} document",
                es: "cada {child} ocupa {each}: datos voluminosos que se leen con cada documento de {parent}",
                pt: "cada {child} ocupa {each}: dados volumosos lidos com cada documento de {parent}";
                child, each = Arg::Bytes(f.child_bytes as f64), parent
            ),
        );
    }
    let worst = Arg::Count(f.worst.round());
    let each = Arg::Bytes(f.child_bytes as f64);
    let estimated = || {
        if f.bytes_declared {
            Text::empty()
        } else {
            text!(en: " (estimated)", es: " (estimado)", pt: " (estimado)")
        }
    };
    let horizon = || {
        if f.unbounded() {
            text!(en: " in {span}", es: " en {span}", pt: " em {span}"; span = Arg::Days(f.t.horizon_days))
        } else {
            Text::empty()
        }
    };
    let limit = Arg::Bytes(t.doc_limit_bytes as f64);
    if let Some(reason) = bucket_size(f, parent_clause(f, total)) {
        return reason;
    }
    if total > t.doc_limit_bytes as f64 {
        (
            Vote::Reference,
            text!(
                en: "{worst} × {each}{estimated} ≈ {total} per {parent} document{horizon}: over the {limit} limit",
                es: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: supera el límite de {limit}",
                pt: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: acima do limite de {limit}";
                worst, each, estimated = estimated(), total = Arg::Bytes(total), parent, horizon = horizon(), limit
            ),
        )
    } else if total > t.doc_target_bytes as f64 {
        (
            Vote::Reference,
            text!(
                en: "{worst} × {each}{estimated} ≈ {total} per {parent} document{horizon}: over the {target} guidance",
                es: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: supera la recomendación de {target}",
                pt: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: acima da recomendação de {target}";
                worst, each, estimated = estimated(), total = Arg::Bytes(total), parent, horizon = horizon(), target = Arg::Bytes(t.doc_target_bytes as f64)
            ),
        )
    } else if let Some((added, times)) = f.bulk_for_other_reads() {
        (
            Vote::Reference,
            text!(
                en: "{child} adds {added} to each {parent} document, {times}× its own {own}, and {n} reads a minute of {parent} leave it out: embedded, each would load it for nothing (keep it apart, the subset pattern's split)",
                es: "{child} añade {added} a cada documento de {parent}, {times}× lo que ocupa el propio ({own}), y {n} lecturas por minuto de {parent} lo dejan fuera: embebido, cada una lo cargaría para nada (mantenlo aparte, la división del patrón subconjunto)",
                pt: "{child} acrescenta {added} a cada documento de {parent}, {times}× o que ocupa o próprio ({own}), e {n} leituras por minuto de {parent} o deixam de fora: embutido, cada uma o carregaria à toa (mantenha-o à parte, a divisão do padrão subconjunto)";
                child, added = Arg::Bytes(added), parent, times = Arg::Count(times.round()), own = Arg::Bytes(f.parent_own_bytes.unwrap_or(0) as f64), n = Arg::Count(f.reads_without_child)
            ),
        )
    } else if total > t.doc_target_bytes as f64 / 10.0 {
        (
            Vote::Neutral,
            text!(
                en: "{worst} × {each}{estimated} ≈ {total} per {parent} document{horizon}: fits, but heavy to rewrite on every change",
                es: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: cabe, pero pesa reescribirlo en cada cambio",
                pt: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: cabe, mas pesa reescrevê-lo a cada mudança";
                worst, each, estimated = estimated(), total = Arg::Bytes(total), parent, horizon = horizon()
            ),
        )
    } else {
        (
            Vote::Embed,
            text!(
                en: "{worst} × {each}{estimated} ≈ {total} per {parent} document{horizon}: small next to the {limit} limit",
                es: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: pequeño frente al límite de {limit}",
                pt: "{worst} × {each}{estimated} ≈ {total} por documento de {parent}{horizon}: pequeno perto do limite de {limit}";
                worst, each, estimated = estimated(), total = Arg::Bytes(total), parent, horizon = horizon(), limit
            ),
        )
    }
}

/// The size of a relation stored as a bucket with a cap: the events never sit in the parent
/// document, they fill bucket documents of at most `cap` events each. The vote is what all
/// of them would weigh in one parent document (`in_parent`, the criterion's question: embed
/// or not); the reason says that, then weighs one full bucket against the 1 MB target and
/// the 16 MiB limit ("Building with Patterns: The Bucket Pattern"). `None` for any other
/// relation, or a bucket with no cap (judged as the events of the parent: nothing bounds it).
fn bucket_size(f: &Facts, (vote, in_parent): (Vote, Text)) -> Option<(Vote, Text)> {
    let spec = f.rel.bucket.as_ref().filter(|b| b.cap > 0 && f.rel.storage == crate::model::Storage::Bucket)?;
    let t = f.t;
    let (_, child) = f.names();
    let full = spec.cap as f64 * f.child_bytes as f64;
    let (cap, each, bytes) = (Arg::Int(spec.cap), Arg::Bytes(f.child_bytes as f64), Arg::Bytes(full));
    let reason = if full > t.doc_limit_bytes as f64 {
        text!(
            en: "{in_parent}in buckets of at most {cap} × {each} ≈ {bytes} per {child} document: over the {limit} limit, lower the cap",
            es: "{in_parent}en contenedores de como máximo {cap} × {each} ≈ {bytes} por documento de {child}: supera el límite de {limit}, baja el tope",
            pt: "{in_parent}em buckets de no máximo {cap} × {each} ≈ {bytes} por documento de {child}: acima do limite de {limit}, reduza o teto";
            in_parent, cap, each, bytes, child, limit = Arg::Bytes(t.doc_limit_bytes as f64)
        )
    } else if full > t.doc_target_bytes as f64 {
        text!(
            en: "{in_parent}in buckets of at most {cap} × {each} ≈ {bytes} per {child} document: over the {target} guidance, a smaller cap keeps each bucket light",
            es: "{in_parent}en contenedores de como máximo {cap} × {each} ≈ {bytes} por documento de {child}: supera la recomendación de {target}, un tope menor aligera cada contenedor",
            pt: "{in_parent}em buckets de no máximo {cap} × {each} ≈ {bytes} por documento de {child}: acima da recomendação de {target}, um teto menor deixa cada bucket leve";
            in_parent, cap, each, bytes, child, target = Arg::Bytes(t.doc_target_bytes as f64)
        )
    } else {
        text!(
            en: "{in_parent}in buckets of at most {cap} × {each} ≈ {bytes} per {child} document: each bucket fits, and the events never sit in the parent",
            es: "{in_parent}en contenedores de como máximo {cap} × {each} ≈ {bytes} por documento de {child}: cada contenedor cabe, y los eventos nunca están en el padre",
            pt: "{in_parent}em buckets de no máximo {cap} × {each} ≈ {bytes} por documento de {child}: cada bucket cabe, e os eventos nunca ficam no pai";
            in_parent, cap, each, bytes, child
        )
    };
    Some((vote, reason))
}

/// What the events of a bucket relation would weigh all in one parent document, and the vote
/// that gives: the reason one document per parent is no option, or is one (the bucket's
/// reason then says what a bucket weighs instead).
fn parent_clause(f: &Facts, total: f64) -> (Vote, Text) {
    let t = f.t;
    let (parent, _) = f.names();
    let (worst, each, bytes) = (Arg::Count(f.worst.round()), Arg::Bytes(f.child_bytes as f64), Arg::Bytes(total));
    let horizon = if f.unbounded() {
        text!(en: " in {span}", es: " en {span}", pt: " em {span}"; span = Arg::Days(t.horizon_days))
    } else {
        Text::empty()
    };
    if total > t.doc_limit_bytes as f64 {
        (
            Vote::Reference,
            text!(
                en: "all in one {parent} document, {worst} × {each} ≈ {bytes}{horizon} would be over the {limit} limit; ",
                es: "todos en un documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} superarían el límite de {limit}; ",
                pt: "todos num documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} passariam do limite de {limit}; ";
                parent, worst, each, bytes, horizon, limit = Arg::Bytes(t.doc_limit_bytes as f64)
            ),
        )
    } else if total > t.doc_target_bytes as f64 {
        (
            Vote::Reference,
            text!(
                en: "all in one {parent} document, {worst} × {each} ≈ {bytes}{horizon} would be over the {target} guidance; ",
                es: "todos en un documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} superarían la recomendación de {target}; ",
                pt: "todos num documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} passariam da recomendação de {target}; ";
                parent, worst, each, bytes, horizon, target = Arg::Bytes(t.doc_target_bytes as f64)
            ),
        )
    } else if total > t.doc_target_bytes as f64 / 10.0 {
        (
            Vote::Neutral,
            text!(
                en: "all in one {parent} document, {worst} × {each} ≈ {bytes}{horizon} would fit, but be heavy to rewrite on every change; ",
                es: "todos en un documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} cabrían, pero pesaría reescribirlo en cada cambio; ",
                pt: "todos num documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} caberiam, mas pesaria reescrevê-lo a cada mudança; ";
                parent, worst, each, bytes, horizon
            ),
        )
    } else {
        (
            Vote::Embed,
            text!(
                en: "all in one {parent} document, {worst} × {each} ≈ {bytes}{horizon} would be small; ",
                es: "todos en un documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} serían poco; ",
                pt: "todos num documento de {parent}, {worst} × {each} ≈ {bytes}{horizon} seriam pouco; ";
                parent, worst, each, bytes, horizon
            ),
        )
    }
}

/// Bounded or not: "if you cannot state the maximum, do not embed it".
fn growth(f: &Facts) -> (Vote, Text) {
    let (parent, _) = f.names();
    let per_year = Arg::Count(f.growth * 365.0);
    match (f.bound, f.outliers) {
        (_, Outliers::Major { share, max }) => (
            Vote::Reference,
            text!(
                en: "{share} of {parent} grow to {max}: the stated bound does not hold for a real share",
                es: "el {share} de {parent} crece hasta {max}: el tope declarado no se cumple para una parte real",
                pt: "{share} de {parent} crescem até {max}: o teto declarado não vale para uma parte real";
                share = Arg::Percent(share), parent = &parent, max = Arg::Count(max as f64)
            ),
        ),
        (None, _) if f.growth > 0.0 => (
            Vote::Reference,
            text!(
                en: "no stated maximum and it keeps growing ({rate} a day, ~{per_year} a year): if you cannot state the maximum, do not embed",
                es: "sin máximo declarado y sigue creciendo ({rate} al día, ~{per_year} al año): si no puedes declarar el máximo, no lo embebas",
                pt: "sem máximo declarado e continua crescendo ({rate} por dia, ~{per_year} por ano): se não for possível declarar o máximo, não embuta";
                rate = Arg::Count(f.growth), per_year
            ),
        ),
        (None, _) => (
            Vote::Reference,
            text!(
                en: "no stated maximum: if you cannot state the maximum, do not embed",
                es: "sin máximo declarado: si no puedes declarar el máximo, no lo embebas",
                pt: "sem máximo declarado: se não for possível declarar o máximo, não embuta"
            ),
        ),
        (Some(b), _) if f.growth > 0.0 => (
            Vote::Embed,
            text!(
                en: "grows ~{per_year} a year but stops at a stated maximum of {max}",
                es: "crece ~{per_year} al año pero se detiene en un máximo declarado de {max}",
                pt: "cresce ~{per_year} por ano, mas para num máximo declarado de {max}";
                per_year, max = Arg::Count(b as f64)
            ),
        ),
        (Some(b), _) => (
            Vote::Embed,
            text!(
                en: "bounded: at most {max} per {parent} document",
                es: "acotado: como máximo {max} por documento de {parent}",
                pt: "limitado: no máximo {max} por documento de {parent}";
                max = Arg::Count(b as f64), parent = &parent
            ),
        ),
    }
}

/// Must the child change in the same write as its parent?
fn atomicity(f: &Facts) -> (Vote, Text) {
    let (parent, _) = f.names();
    if f.rel.atomic_with_parent {
        (
            Vote::Embed,
            text!(
                en: "must change atomically with {parent}: inside one document that needs no transaction",
                es: "debe cambiar de forma atómica con {parent}: dentro de un mismo documento no hace falta transacción",
                pt: "precisa mudar atomicamente com {parent}: dentro de um mesmo documento não é preciso transação";
                parent
            ),
        )
    } else if f.child_is_value {
        (
            Vote::Embed,
            text!(
                en: "a bare value with no identity: it only ever changes as part of {parent}",
                es: "un valor simple sin identidad: solo cambia como parte de {parent}",
                pt: "um valor simples sem identidade: só muda como parte de {parent}";
                parent
            ),
        )
    } else {
        (
            Vote::Neutral,
            text!(
                en: "need not change atomically with {parent}: either side of the boundary works",
                es: "no necesita cambiar de forma atómica con {parent}: sirve cualquier lado de la frontera",
                pt: "não precisa mudar atomicamente com {parent}: qualquer lado da fronteira serve";
                parent
            ),
        )
    }
}
