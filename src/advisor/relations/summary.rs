//! The summary of a relation's advice in words: the verdict, the step of the procedure that
//! decided it (`decide.rs`) and the form of the reference.

use super::decide::{subset_size, Because, Decision, Step};
use super::facts::Facts;
use crate::advisor::{CardinalityClass, Recommendation, Vote};
use crate::i18n::{period_word, Arg, Labelled, Text};
use crate::model::{AccessPattern, Id};
use crate::text;

/// The summary of `decision` on the relation of `f`, whose six votes are `votes`; `reads`
/// holds the query ids the facts' read lists name.
pub(crate) fn summary(f: &Facts, reads: &[Id], decision: &Decision, votes: &[Vote; 6]) -> Text {
    match decision.step {
        Step::Outside => keep_outside(f),
        Step::Reference(step) => reference(f, decision.recommendation, because(f, reads, step)),
        Step::Embed { atomic } => embed(f, atomic, votes),
    }
}

/// Query ids, as a list.
fn ids(views: &[&AccessPattern]) -> Arg {
    Arg::List(views.iter().map(|q| Arg::str(&q.id)).collect())
}

/// The step that decided to reference, in words ("growth decides").
fn because(f: &Facts, reads: &[Id], step: Because) -> Text {
    let (parent, child) = f.names();
    match step {
        Because::NoBound => text!(
            en: "{child} has no stated maximum (growth decides)",
            es: "{child} no tiene máximo declarado (decide el crecimiento)",
            pt: "{child} não tem máximo declarado (decide o crescimento)";
            child
        ),
        Because::MajorOutliers { share, max } => text!(
            en: "{share} of {parent} grow to {max} {child}, so no bound holds (growth decides)",
            es: "el {share} de {parent} crece hasta {max} {child}, así que ningún tope se cumple (decide el crecimiento)",
            pt: "{share} de {parent} crescem até {max} {child}, então nenhum teto vale (decide o crescimento)";
            share = Arg::Percent(share), parent, max = Arg::Count(max as f64), child
        ),
        Because::QueriedAlone => text!(
            en: "{child} is queried on its own (read separately decides)",
            es: "{child} se consulta por sí solo (decide la consulta por separado)",
            pt: "{child} é consultado sozinho (decide a leitura sem o pai)";
            child
        ),
        Because::ReadApart => text!(
            en: "{child} is read without {parent} by {ids} (read separately decides)",
            es: "{child} se lee sin {parent} en {ids} (decide la consulta por separado)",
            pt: "{child} é lido sem {parent} em {ids} (decide a leitura sem o pai)";
            child, parent, ids = f.listed_reads(reads)
        ),
        Because::ParentExternal => text!(
            en: "{parent} lives outside MongoDB and cannot hold it (the parent's home decides)",
            es: "{parent} vive fuera de MongoDB y no puede contenerlo (decide dónde vive el padre)",
            pt: "{parent} vive fora do MongoDB e não pode contê-lo (decide onde o pai vive)";
            parent
        ),
        Because::Cardinality => text!(
            en: "{typical} {child} per {parent} document, up to {worst}, is {class} (cardinality decides)",
            es: "{typical} {child} por documento de {parent}, hasta {worst}, es {class} (decide la cardinalidad)",
            pt: "{typical} {child} por documento de {parent}, até {worst}, é {class} (decide a cardinalidade)";
            typical = Arg::Count(f.typical), child, parent, worst = Arg::Count(f.worst.round()), class = f.class.msg()
        ),
        Because::Size => text!(
            en: "{child} would add {bytes} to each {parent} document (size decides)",
            es: "{child} añadiría {bytes} a cada documento de {parent} (decide el tamaño)",
            pt: "{child} adicionaria {bytes} a cada documento de {parent} (decide o tamanho)";
            child, bytes = Arg::Bytes(f.worst_bytes()), parent
        ),
        Because::Volatility => text!(
            en: "{child} changes often and is copied under several parents (volatility decides)",
            es: "{child} cambia a menudo y está copiado bajo varios padres (decide la volatilidad)",
            pt: "{child} muda com frequência e está copiado sob vários pais (decide a volatilidade)";
            child
        ),
    }
}

fn keep_outside(f: &Facts) -> Text {
    let (parent, child) = f.names();
    let computed = &f.rel.computed;
    let copied = if computed.is_empty() {
        Text::empty()
    } else {
        text!(
            en: "; {parent} keeps only {fields} for display",
            es: "; {parent} guarda solo {fields} para mostrarlos",
            pt: "; {parent} guarda só {fields} para exibição";
            parent, fields = Arg::List(computed.iter().map(|c| Arg::str(&c.field)).collect())
        )
    };
    if f.child_external {
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
    }
}

/// How the votes add up: "all six criteria point to embed".
fn tally(votes: &[Vote; 6]) -> Text {
    let for_embed = votes.iter().filter(|v| **v == Vote::Embed).count();
    let against = votes.iter().filter(|v| **v == Vote::Reference).count();
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
fn embed(f: &Facts, atomic: bool, votes: &[Vote; 6]) -> Text {
    let (parent, child) = f.names();
    let bound = f.bound.unwrap_or(0) as f64;
    let max = Arg::Count(bound);
    let tally = tally(votes);
    if f.growth <= 0.0 {
        return if atomic {
            text!(
                en: "Embed: {child} must change atomically with {parent}, at most {max} of them (atomicity decides); {tally}.",
                es: "Embeber: {child} debe cambiar de forma atómica con {parent}, {max} como máximo (decide la atomicidad); {tally}.",
                pt: "Embutir: {child} precisa mudar atomicamente com {parent}, no máximo {max} (decide a atomicidade); {tally}.";
                child, parent, max, tally
            )
        } else {
            text!(
                en: "Embed: {typical} {child} per {parent} document, at most {max}, read with it: {class} (cardinality decides); {tally}.",
                es: "Embeber: {typical} {child} por documento de {parent}, como máximo {max}, que se leen con él: {class} (decide la cardinalidad); {tally}.",
                pt: "Embutir: {typical} {child} por documento de {parent}, no máximo {max}, que se leem com ele: {class} (decide a cardinalidade); {tally}.";
                typical = Arg::Count(f.typical), child, parent, max, class = f.class.msg(), tally
            )
        };
    }
    let per_year = f.growth * 365.0;
    let years = Arg::Count(((bound - f.typical).max(0.0) / per_year).ceil());
    let per_year = Arg::Count(per_year);
    if atomic {
        text!(
            en: "Embed, but watch the bound: {child} must change atomically with {parent}, at most {max} of them (atomicity decides); it grows ~{per_year} a year and reaches its stated maximum of {max} in ~{years} years: past it, move the older {child} to their own collection; {tally}.",
            es: "Embeber, pero vigilar el tope: {child} debe cambiar de forma atómica con {parent}, {max} como máximo (decide la atomicidad); crece ~{per_year} al año y alcanza su máximo declarado de {max} en ~{years} años: a partir de ahí, mueve los elementos más antiguos de {child} a su propia colección; {tally}.",
            pt: "Embutir, mas vigiar o teto: {child} precisa mudar atomicamente com {parent}, no máximo {max} (decide a atomicidade); cresce ~{per_year} por ano e atinge seu máximo declarado de {max} em ~{years} anos: depois disso, mova os elementos mais antigos de {child} para uma coleção própria; {tally}.";
            child, parent, max, per_year, years, tally
        )
    } else {
        text!(
            en: "Embed, but watch the bound: {typical} {child} per {parent} document, at most {max}, read with it: {class} (cardinality decides); it grows ~{per_year} a year and reaches its stated maximum of {max} in ~{years} years: past it, move the older {child} to their own collection; {tally}.",
            es: "Embeber, pero vigilar el tope: {typical} {child} por documento de {parent}, como máximo {max}, que se leen con él: {class} (decide la cardinalidad); crece ~{per_year} al año y alcanza su máximo declarado de {max} en ~{years} años: a partir de ahí, mueve los elementos más antiguos de {child} a su propia colección; {tally}.",
            pt: "Embutir, mas vigiar o teto: {typical} {child} por documento de {parent}, no máximo {max}, que se leem com ele: {class} (decide a cardinalidade); cresce ~{per_year} por ano e atinge seu máximo declarado de {max} em ~{years} anos: depois disso, mova os elementos mais antigos de {child} para uma coleção própria; {tally}.";
            typical = Arg::Count(f.typical), child, parent, max, class = f.class.msg(), per_year, years, tally
        )
    }
}

/// The summary of a reference in the form `recommendation` names: `because` names the
/// deciding step.
fn reference(f: &Facts, recommendation: Recommendation, because: Text) -> Text {
    let (parent, child) = f.names();
    // The view the summary names: the parent's for a subset, the child's for an extended
    // reference.
    let views = match recommendation {
        Recommendation::ReferenceWithSubset if !f.parent_view.is_empty() => Some(ids(f.parent_view)),
        Recommendation::ExtendedReference if !f.child_view.is_empty() => Some(ids(f.child_view)),
        _ => None,
    };
    match (recommendation, views) {
        (Recommendation::Bucket, _) => text!(
            en: "Bucket: {because}; group its tiny events ({each} each, {rate} a day per {parent} document) into one bucket document per {parent} document and {period}.",
            es: "Agrupación (bucket): {because}; agrupa sus eventos diminutos ({each} cada uno, {rate} al día por documento de {parent}) en un documento contenedor por documento de {parent} y {period}.",
            pt: "Bucket: {because}; agrupe seus eventos minúsculos ({each} cada, {rate} por dia por documento de {parent}) em um documento bucket por documento de {parent} e {period}.";
            because, each = Arg::Bytes(f.child_bytes as f64), rate = Arg::Count(f.growth), parent,
            period = period_word(f.rel.bucket.as_ref().map_or("", |b| b.period.as_str()))
        ),
        (Recommendation::ReferenceWithSubset, None) => text!(
            en: "Reference + subset: {because}; {parent}'s view shows {child} with {parent}: keep a subset of {n} in {parent} and the full set in its own collection.",
            es: "Referenciar + subconjunto: {because}; la vista de {parent} muestra {child} con {parent}: guarda un subconjunto de {n} en {parent} y el conjunto completo en su propia colección.",
            pt: "Referenciar + subconjunto: {because}; a tela de {parent} mostra {child} com {parent}: mantenha um subconjunto de {n} em {parent} e o conjunto completo em uma coleção própria.";
            because, parent, child, n = subset_size(f)
        ),
        (Recommendation::ReferenceWithSubset, Some(views)) => text!(
            en: "Reference + subset: {because}; {views} shows {child} with {parent}: keep a subset of {n} in {parent} and the full set in its own collection.",
            es: "Referenciar + subconjunto: {because}; {child} se muestra con {parent} en {views}: guarda un subconjunto de {n} en {parent} y el conjunto completo en su propia colección.",
            pt: "Referenciar + subconjunto: {because}; {child} aparece com {parent} em {views}: mantenha um subconjunto de {n} em {parent} e o conjunto completo em uma coleção própria.";
            because, views, child, parent, n = subset_size(f)
        ),
        (Recommendation::ExtendedReference, Some(views)) => text!(
            en: "Extended reference: {because}; {views} shows {parent} fields with each {child}: copy the few stable, displayed ones next to the reference.",
            es: "Referencia extendida: {because}; en {views} se muestran campos de {parent} con cada {child}: copia junto a la referencia los pocos que son estables.",
            pt: "Referência estendida: {because}; em {views}, campos de {parent} aparecem com cada {child}: copie ao lado da referência os poucos campos estáveis exibidos.";
            because, views, parent, child
        ),
        (Recommendation::ExtendedReference, None) => {
            let fields = Arg::List(f.rel.extended.iter().map(|c| Arg::str(&c.field)).collect());
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
        (Recommendation::ReferenceIdsInParent, _) if f.class == CardinalityClass::OneToOne => text!(
            en: "Reference, child id in the parent: {because}; {parent} may keep the id of its {child}.",
            es: "Referenciar, id del hijo en el padre: {because}; {parent} puede guardar el id de su {child}.",
            pt: "Referenciar, id do filho no pai: {because}; {parent} pode guardar o id de seu {child}.";
            because, parent, child
        ),
        (Recommendation::ReferenceIdsInParent, _) => text!(
            en: "Reference, child ids in the parent: {because}; {parent} may keep the ids of its at most {max} {child}.",
            es: "Referenciar, ids de los hijos en el padre: {because}; {parent} puede guardar los ids de sus {child}, {max} como máximo.",
            pt: "Referenciar, ids dos filhos no pai: {because}; {parent} pode guardar os ids de {child}, no máximo {max}.";
            because, parent, max = Arg::Count(f.worst), child
        ),
        (Recommendation::ReferenceFromChild, _)
            if f.bound.is_some_and(|b| b > f.t.array_warn) && f.class != CardinalityClass::OneToSquillions =>
        {
            text!(
                en: "Reference from the child only: {because}; {child} points to {parent}; a list of up to {max} ids in {parent} would be over the {limit} elements MongoDB advises for an array.",
                es: "Referenciar solo desde el hijo: {because}; {child} apunta a {parent}; una lista de hasta {max} ids en {parent} pasaría de los {limit} elementos que MongoDB aconseja para un array.",
                pt: "Referenciar só a partir do filho: {because}; {child} aponta para {parent}; uma lista de até {max} ids em {parent} passaria dos {limit} elementos que o MongoDB recomenda para um array.";
                because, child, parent, max = Arg::Count(f.worst), limit = Arg::Count(f.t.array_warn as f64)
            )
        }
        _ => text!(
            en: "Reference from the child only: {because}; {child} points to {parent}; {parent} keeps no list of them.",
            es: "Referenciar solo desde el hijo: {because}; {child} apunta a {parent}; {parent} no guarda ninguna lista de ellos.",
            pt: "Referenciar só a partir do filho: {because}; {child} aponta para {parent}; {parent} não guarda nenhuma lista deles.";
            because, child, parent
        ),
    }
}
