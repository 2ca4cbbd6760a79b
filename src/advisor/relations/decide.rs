//! The decision: seed 001 §3-§4 and seed 004's three ordered questions as a procedure. Each
//! step either decides (and names why) or passes to the next:
//!
//! 1. **Where the data lives**: an external child, or `storage: outside`, stays outside.
//! 2. **Growth** (seed 004 Q1, "known bound?"): no maximum that holds, no embedding.
//! 3. **Read separately** (Q2): a child read without its parent wants its own collection.
//! 4. **A parent outside MongoDB** cannot hold anything: the child points to it.
//! 5. **Cardinality**: one-to-many and beyond (or a shared document) is referenced.
//! 6. **Size**: children that would push the parent past the 1 MB target are referenced.
//! 7. **Atomicity**: a child that must change with its parent is embedded.
//! 8. **Volatility** (Q3): a child that changes often and is copied under several parents is
//!    referenced (one update instead of N).
//! 9. Otherwise the child has no life without its parent: **embed** (and watch the bound
//!    when it keeps growing toward it).
//!
//! When the answer is "reference", the form follows from how the data is read: tiny events
//! arriving daily → bucket; the parent's view shows the first N → reference + subset; the
//! child's view shows parent fields → extended reference; a bound that fits → ids in the
//! parent; else the child points to the parent and the parent keeps no list.

use super::facts::{Facts, Outliers};
use crate::advisor::{CardinalityClass, Criterion, CriterionVote, Recommendation, Vote};
use crate::i18n::{Arg, Labelled, Text};
use crate::model::{Storage, Volatility};
use crate::text;

/// Subset size when neither the relation nor the parent's view says how many.
pub(crate) const DEFAULT_SUBSET: u32 = 5;

pub(crate) struct Decision {
    pub recommendation: Recommendation,
    pub summary: Text,
}

/// Runs the procedure of the module documentation. Each reason to reference names the step
/// that decided it ("growth decides"); the summary adds the form of the reference.
pub(crate) fn decide(f: &Facts, votes: &[CriterionVote]) -> Decision {
    let rel = f.rel;
    let (parent, child) = (&f.parent, &f.child);
    if f.child_external || rel.storage == Storage::Outside {
        return keep_outside(f);
    }
    if f.bound.is_none() {
        let because = text!(
            en: "{child} has no stated maximum (growth decides)",
            es: "{child} no tiene máximo declarado (decide el crecimiento)",
            pt: "{child} não tem máximo declarado (decide o crescimento)";
            child
        );
        return reference(f, because);
    }
    if let Outliers::Major { share, max } = f.outliers {
        let because = text!(
            en: "{share} of {parent} grow to {max} {child}, so no bound holds (growth decides)",
            es: "el {share} de {parent} crece hasta {max} {child}, así que ningún tope se cumple (decide el crecimiento)",
            pt: "{share} de {parent} crescem até {max} {child}, então nenhum teto vale (decide o crescimento)";
            share = Arg::Percent(share), parent, max = Arg::Count(max as f64), child
        );
        return reference(f, because);
    }
    if f.read_separately() {
        let because = if f.read_apart.is_empty() {
            text!(
                en: "{child} is queried on its own (read separately decides)",
                es: "{child} se consulta por sí solo (decide la consulta por separado)",
                pt: "{child} é consultado sozinho (decide a leitura sem o pai)";
                child
            )
        } else {
            text!(
                en: "{child} is read without {parent} by {ids} (read separately decides)",
                es: "{child} se lee sin {parent} en {ids} (decide la consulta por separado)",
                pt: "{child} é lido sem {parent} em {ids} (decide a leitura sem o pai)";
                child, parent, ids = &f.read_apart
            )
        };
        return reference(f, because);
    }
    if f.parent_external {
        let because = text!(
            en: "{parent} lives outside MongoDB and cannot hold it (the parent's home decides)",
            es: "{parent} vive fuera de MongoDB y no puede contenerlo (decide dónde vive el padre)",
            pt: "{parent} vive fora do MongoDB e não pode contê-lo (decide onde o pai vive)";
            parent
        );
        return reference(f, because);
    }
    let shared_document = f.class == CardinalityClass::ManyToMany && !f.child_is_value;
    if matches!(f.class, CardinalityClass::OneToMany | CardinalityClass::OneToSquillions) || shared_document {
        let because = text!(
            en: "{typical} {child} per {parent}, up to {worst}, is {class} (cardinality decides)",
            es: "{typical} {child} por {parent}, hasta {worst}, es {class} (decide la cardinalidad)",
            pt: "{typical} {child} por {parent}, até {worst}, é {class} (decide a cardinalidade)";
            typical = Arg::Count(f.typical), child, parent, worst = Arg::Count(f.worst.round()), class = f.class.msg()
        );
        return reference(f, because);
    }
    if vote_of(votes, Criterion::Size) == Vote::Reference {
        let because = text!(
            en: "{child} would add {bytes} to each {parent} (size decides)",
            es: "{child} añadiría {bytes} a cada {parent} (decide el tamaño)",
            pt: "{child} adicionaria {bytes} a cada {parent} (decide o tamanho)";
            child, bytes = Arg::Bytes(f.worst_bytes()), parent
        );
        return reference(f, because);
    }
    if rel.atomic_with_parent {
        return embed(f, votes, true);
    }
    let volatile = rel.child_changes >= Volatility::Often;
    if volatile && (f.copies_elsewhere > 0 || f.class == CardinalityClass::ManyToMany) {
        let because = text!(
            en: "{child} changes often and is copied under several parents (volatility decides)",
            es: "{child} cambia a menudo y está copiado bajo varios padres (decide la volatilidad)",
            pt: "{child} muda com frequência e está copiado sob vários pais (decide a volatilidade)";
            child
        );
        return reference(f, because);
    }
    embed(f, votes, false)
}

fn vote_of(votes: &[CriterionVote], c: Criterion) -> Vote {
    votes.iter().find(|v| v.criterion == c).map(|v| v.vote).unwrap_or(Vote::Neutral)
}

fn keep_outside(f: &Facts) -> Decision {
    let copied = if f.rel.computed.is_empty() {
        Text::empty()
    } else {
        let fields: Vec<String> = f.rel.computed.iter().map(|c| c.field.clone()).collect();
        text!(
            en: "; {parent} keeps only {fields} for display",
            es: "; {parent} guarda solo {fields} para mostrarlos",
            pt: "; {parent} guarda só {fields} para exibição";
            parent = &f.parent, fields
        )
    };
    let child = &f.child;
    let summary = if f.child_external {
        text!(
            en: "Keep outside MongoDB: {child} is kept outside MongoDB (where the data lives decides){copied}.",
            es: "Mantener fuera de MongoDB: {child} se guarda fuera de MongoDB (decide dónde viven los datos){copied}.",
            pt: "Manter fora do MongoDB: {child} é mantido fora do MongoDB (decide onde os dados vivem){copied}.";
            child, copied
        )
    } else {
        text!(
            en: "Keep outside MongoDB: the design keeps {child} outside MongoDB (where the data lives decides){copied}.",
            es: "Mantener fuera de MongoDB: el diseño deja {child} fuera de MongoDB (decide dónde viven los datos){copied}.",
            pt: "Manter fora do MongoDB: o design mantém {child} fora do MongoDB (decide onde os dados vivem){copied}.";
            child, copied
        )
    };
    Decision { recommendation: Recommendation::KeepOutside, summary }
}

/// How the votes add up: "all six criteria point to embed".
fn tally(votes: &[CriterionVote]) -> Text {
    let for_embed = votes.iter().filter(|v| v.vote == Vote::Embed).count();
    let against = votes.iter().filter(|v| v.vote == Vote::Reference).count();
    match (for_embed, against) {
        (6, _) => text!(
            en: "all six criteria point to embed",
            es: "los seis criterios apuntan a embeber",
            pt: "os seis critérios apontam para embutir"
        ),
        (n, 0) => text!(
            en: "{n} of six criteria vote embed, none against",
            es: "{n} de seis criterios votan embeber, ninguno en contra",
            pt: "{n} de seis critérios votam embutir, nenhum contra";
            n
        ),
        (n, a) => text!(
            en: "{n} of six criteria vote embed, {a} against",
            es: "{n} de seis criterios votan embeber, {a} en contra",
            pt: "{n} de seis critérios votam embutir, {a} contra";
            n, a
        ),
    }
}

/// Embed, decided by atomicity (the child must change with its parent) or else by the
/// cardinality; a child that keeps growing toward its bound is embedded with a watch.
fn embed(f: &Facts, votes: &[CriterionVote], atomic: bool) -> Decision {
    let (parent, child) = (&f.parent, &f.child);
    let bound = f.bound.unwrap_or(0) as f64;
    let max = Arg::Count(bound);
    let tally = tally(votes);
    if f.growth <= 0.0 {
        let summary = if atomic {
            text!(
                en: "Embed: {child} must change atomically with {parent}, at most {max} of them (atomicity decides); {tally}.",
                es: "Embeber: {child} debe cambiar de forma atómica con {parent}, {max} como máximo (decide la atomicidad); {tally}.",
                pt: "Embutir: {child} precisa mudar atomicamente com {parent}, no máximo {max} (decide a atomicidade); {tally}.";
                child, parent, max, tally
            )
        } else {
            text!(
                en: "Embed: {typical} {child} per {parent}, at most {max}, read with it: {class} (cardinality decides); {tally}.",
                es: "Embeber: {typical} {child} por {parent}, como máximo {max}, que se leen con él: {class} (decide la cardinalidad); {tally}.",
                pt: "Embutir: {typical} {child} por {parent}, no máximo {max}, que se leem com ele: {class} (decide a cardinalidade); {tally}.";
                typical = Arg::Count(f.typical), child, parent, max, class = f.class.msg(), tally
            )
        };
        return Decision { recommendation: Recommendation::Embed, summary };
    }
    let per_year = f.growth * 365.0;
    let years = Arg::Count(((bound - f.typical).max(0.0) / per_year).ceil());
    let per_year = Arg::Count(per_year);
    let summary = if atomic {
        text!(
            en: "Embed, but watch the bound: {child} must change atomically with {parent}, at most {max} of them (atomicity decides); it grows ~{per_year} a year and reaches its stated maximum of {max} in ~{years} years: past it, move the older {child} to their own collection; {tally}.",
            es: "Embeber, pero vigilar el tope: {child} debe cambiar de forma atómica con {parent}, {max} como máximo (decide la atomicidad); crece ~{per_year} al año y alcanza su máximo declarado de {max} en ~{years} años: a partir de ahí, mueve los elementos más antiguos de {child} a su propia colección; {tally}.",
            pt: "Embutir, mas vigiar o teto: {child} precisa mudar atomicamente com {parent}, no máximo {max} (decide a atomicidade); cresce ~{per_year} por ano e atinge seu máximo declarado de {max} em ~{years} anos: depois disso, mova os elementos mais antigos de {child} para uma coleção própria; {tally}.";
            child, parent, max, per_year, years, tally
        )
    } else {
        text!(
            en: "Embed, but watch the bound: {typical} {child} per {parent}, at most {max}, read with it: {class} (cardinality decides); it grows ~{per_year} a year and reaches its stated maximum of {max} in ~{years} years: past it, move the older {child} to their own collection; {tally}.",
            es: "Embeber, pero vigilar el tope: {typical} {child} por {parent}, como máximo {max}, que se leen con él: {class} (decide la cardinalidad); crece ~{per_year} al año y alcanza su máximo declarado de {max} en ~{years} años: a partir de ahí, mueve los elementos más antiguos de {child} a su propia colección; {tally}.",
            pt: "Embutir, mas vigiar o teto: {typical} {child} por {parent}, no máximo {max}, que se leem com ele: {class} (decide a cardinalidade); cresce ~{per_year} por ano e atinge seu máximo declarado de {max} em ~{years} anos: depois disso, mova os elementos mais antigos de {child} para uma coleção própria; {tally}.";
            typical = Arg::Count(f.typical), child, parent, max, class = f.class.msg(), per_year, years, tally
        )
    };
    Decision { recommendation: Recommendation::EmbedWatchBound, summary }
}

/// The children of one parent per view: the relation's subset, the view's page size, or 5.
pub(crate) fn subset_size(f: &Facts) -> u32 {
    f.rel
        .subset
        .as_ref()
        .map(|s| s.size)
        .or_else(|| f.parent_view.iter().find_map(|q| q.page_size))
        .unwrap_or(DEFAULT_SUBSET)
}

/// Tiny events arriving every day, never edited: the bucket pattern's home ground.
pub(crate) fn bucket_fits(f: &Facts) -> bool {
    f.unbounded() && f.child_bytes <= f.t.tiny_doc_bytes && f.growth >= 1.0 && f.rel.child_changes <= Volatility::Rarely
}

/// Query ids, as an `Arg::List` (one allocation).
fn ids(views: &[&crate::model::AccessPattern]) -> Arg {
    Arg::List(views.iter().map(|q| Arg::str(&q.id)).collect())
}

/// The bucket's period in the language shown (the model's own word when it is not one of the
/// usual ones).
fn period(f: &Facts) -> Arg {
    let period = f.rel.bucket.as_ref().map(|b| b.period.as_str()).unwrap_or("");
    crate::i18n::period_word(period).into()
}

/// Picks the form of reference (see the module documentation) and writes the summary:
/// `because` names the deciding step.
fn reference(f: &Facts, because: Text) -> Decision {
    let recommendation = if bucket_fits(f) {
        Recommendation::Bucket
    } else if (!f.parent_view.is_empty() || f.rel.subset.is_some()) && !f.parent_external {
        Recommendation::ReferenceWithSubset
    } else if !f.child_view.is_empty() || !f.rel.extended.is_empty() {
        Recommendation::ExtendedReference
    } else if f.bound.is_some() && !f.parent_external && f.class != CardinalityClass::OneToSquillions {
        Recommendation::ReferenceIdsInParent
    } else {
        Recommendation::ReferenceFromChild
    };
    let (parent, child) = (&f.parent, &f.child);
    let summary = match recommendation {
        Recommendation::Bucket => text!(
            en: "Bucket: {because}; group its tiny events ({each} each, {rate} a day per {parent}) into one bucket document per {parent} and {period}.",
            es: "Agrupación (bucket): {because}; agrupa sus eventos diminutos ({each} cada uno, {rate} al día por {parent}) en un documento contenedor por {parent} y {period}.",
            pt: "Bucket: {because}; agrupe seus eventos minúsculos ({each} cada, {rate} por dia por {parent}) em um documento bucket por {parent} e {period}.";
            because, each = Arg::Bytes(f.child_bytes as f64), rate = Arg::Count(f.growth), parent, period = period(f)
        ),
        Recommendation::ReferenceWithSubset if f.parent_view.is_empty() => text!(
            en: "Reference + subset: {because}; {parent}'s view shows {child} with {parent}: keep a subset of {n} in {parent} and the full set in its own collection.",
            es: "Referenciar + subconjunto: {because}; la vista de {parent} muestra {child} con {parent}: guarda un subconjunto de {n} en {parent} y el conjunto completo en su propia colección.",
            pt: "Referenciar + subconjunto: {because}; a tela de {parent} mostra {child} com {parent}: mantenha um subconjunto de {n} em {parent} e o conjunto completo em uma coleção própria.";
            because, parent, child, n = subset_size(f)
        ),
        Recommendation::ReferenceWithSubset => text!(
            en: "Reference + subset: {because}; {views} shows {child} with {parent}: keep a subset of {n} in {parent} and the full set in its own collection.",
            es: "Referenciar + subconjunto: {because}; {child} se muestra con {parent} en {views}: guarda un subconjunto de {n} en {parent} y el conjunto completo en su propia colección.",
            pt: "Referenciar + subconjunto: {because}; {child} aparece com {parent} em {views}: mantenha um subconjunto de {n} em {parent} e o conjunto completo em uma coleção própria.";
            because, views = ids(&f.parent_view), child, parent, n = subset_size(f)
        ),
        Recommendation::ExtendedReference if !f.child_view.is_empty() => text!(
            en: "Extended reference: {because}; {views} shows {parent} fields with each {child}: copy the few stable, displayed ones next to the reference.",
            es: "Referencia extendida: {because}; en {views} se muestran campos de {parent} con cada {child}: copia junto a la referencia los pocos que son estables.",
            pt: "Referência estendida: {because}; em {views}, campos de {parent} aparecem com cada {child}: copie ao lado da referência os poucos campos estáveis exibidos.";
            because, views = ids(&f.child_view), parent, child
        ),
        Recommendation::ExtendedReference => {
            let fields: Vec<String> = f.rel.extended.iter().map(|c| c.field.clone()).collect();
            // English writes the possessive `catalogo's` / `socios'`; the others say "de".
            if f.parent_name.ends_with('s') {
                text!(
                    en: "Extended reference: {because}; {child} displays {parent}' {fields}: keep them beside the reference.",
                    es: "Referencia extendida: {because}; {child} muestra {fields} de {parent}: guarda una copia junto a la referencia.",
                    pt: "Referência estendida: {because}; {child} exibe {fields} de {parent}: mantenha uma cópia ao lado da referência.";
                    because, child, parent, fields
                )
            } else {
                text!(
                    en: "Extended reference: {because}; {child} displays {parent}'s {fields}: keep them beside the reference.",
                    es: "Referencia extendida: {because}; {child} muestra {fields} de {parent}: guarda una copia junto a la referencia.",
                    pt: "Referência estendida: {because}; {child} exibe {fields} de {parent}: mantenha uma cópia ao lado da referência.";
                    because, child, parent, fields
                )
            }
        }
        Recommendation::ReferenceIdsInParent => text!(
            en: "Reference, child ids in the parent: {because}; {parent} may keep the ids of its at most {max} {child}.",
            es: "Referenciar, ids de los hijos en el padre: {because}; {parent} puede guardar los ids de sus {child}, {max} como máximo.",
            pt: "Referenciar, ids dos filhos no pai: {because}; {parent} pode guardar os ids de {child}, no máximo {max}.";
            because, parent, max = Arg::Count(f.worst), child
        ),
        _ => text!(
            en: "Reference from the child only: {because}; {child} points to {parent}; {parent} keeps no list of them.",
            es: "Referenciar solo desde el hijo: {because}; {child} apunta a {parent}; {parent} no guarda ninguna lista de ellos.",
            pt: "Referenciar só a partir do filho: {because}; {child} aponta para {parent}; {parent} não guarda nenhuma lista deles.";
            because, child, parent
        ),
    };
    Decision { recommendation, summary }
}
