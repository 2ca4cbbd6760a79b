//! The bucket pattern on one relation, and the archive its buckets need when nothing expires.

use super::bucket_size::{summaries, BucketSize, MIN_EVENTS};
use super::{place, push};
use crate::advisor::relations::{bucket_fits, Facts, Usage};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::export::shape::singular;
use crate::i18n::{period_word, Arg, Text};
use crate::model::{BucketSpec, Storage};
use crate::text;

/// The bucket pattern in use (with the archive when nothing expires) or fitting.
pub(super) fn suggest(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    // The parent key the bucket's _id starts with (built only for the suggestions that show it):
    // its reference field, else the parent's name made singular as the exporters name it
    // (`channels` → `channel_id`).
    let key = || rel.reference.child_field.clone().unwrap_or_else(|| format!("{}_id", singular(f.parent_name)));
    match (&rel.bucket, rel.storage == Storage::Bucket || rec == Some(Recommendation::Bucket)) {
        (Some(b), _) => {
            let change = flat(f, b).map_or_else(|| general(f, b), |b| flat_sentence(&b));
            push(out, PatternKind::Bucket, place(f), true, change);
            if b.ttl_seconds.is_none() {
                archive(f, out);
            }
        }
        // Never a bucket suggested beside a subset in use: one relation, one shape.
        (None, true) if (bucket_fits(f) || rel.storage == Storage::Bucket) && rel.subset.is_none() => {
            // Worked out from the rate and size of the events (`bucket_size.rs`). The id's
            // placeholder is the model's word for the period, as `period` would say.
            let size = BucketSize::work_out(f);
            let token = size.period;
            let period = period_word(token);
            let change = text!(
                en: "group the {child} events of one {parent} document ({bytes} each, ~{n} per {period}) into one document per {parent} document and {period} (the shortest period that gathers at least {min} events), capped at {cap} events ({capbytes}; then open `…-2`), _id {{key}}-{{token}}, with computed summaries updated on each insert ($inc, $min, $max): {summaries}, and a TTL index on the period field if old events expire: {n} tiny documents per {period} become one",
                es: "agrupa los eventos de {child} de un mismo documento de {parent} ({bytes} cada uno, ~{n} por {period}) en un documento por documento de {parent} y {period} (el periodo más corto que reúne al menos {min} eventos), con un tope de {cap} eventos ({capbytes}; luego abre `…-2`), _id {{key}}-{{token}}, con resúmenes calculados que se actualizan en cada inserción ($inc, $min, $max): {summaries}, y un índice TTL en el campo del periodo si los eventos antiguos caducan: {n} documentos diminutos por {period} se convierten en uno",
                pt: "agrupe os eventos de {child} de um mesmo documento de {parent} ({bytes} cada, ~{n} por {period}) em um documento por documento de {parent} e {period} (o período mais curto que reúne pelo menos {min} eventos), com teto de {cap} eventos ({capbytes}; depois abra `…-2`), _id {{key}}-{{token}}, com resumos calculados atualizados a cada inserção ($inc, $min, $max): {summaries}, e um índice TTL no campo do período se os eventos antigos expiram: {n} documentos minúsculos por {period} viram um só";
                child, parent, bytes = Arg::Bytes(f.child_bytes as f64), n = Arg::Count(size.per_period), period,
                min = Arg::Int(MIN_EVENTS as u64), cap = Arg::Int(size.cap),
                capbytes = Arg::Bytes(size.cap as f64 * f.child_bytes as f64), key = key(), token,
                summaries = summaries(u.entity(&rel.child))
            );
            push(out, PatternKind::Bucket, place(f), false, change);
        }
        _ => {}
    }
}

/// The bucket in use, whatever its shape, with a sentence per clause.
fn general(f: &Facts, b: &BucketSpec) -> Text {
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    let rel = f.rel;
    // The parent key the bucket's _id starts with.
    let key = || rel.reference.child_field.clone().unwrap_or_else(|| format!("{}_id", singular(f.parent_name)));
    let token = b.period.as_str();
    let period = period_word(token);
    let cap = if b.cap == 0 {
        text!(
            en: "with no cap: add one, or the bucket is an unbounded array",
            es: "sin tope: añade uno, o el contenedor será un array ilimitado",
            pt: "sem teto: adicione um, ou o bucket vira um array sem limite"
        )
    } else {
        text!(
            en: "capped at {n} {field} (then open the next, `…-2`)",
            es: "con un tope de {n} {field} (luego abre el siguiente, `…-2`)",
            pt: "com teto de {n} {field} (depois abra o próximo, `…-2`)";
            n = Arg::Int(b.cap), field = &b.array_field
        )
    };
    let id = if b.id_scheme.is_empty() {
        text!(
            en: "a deterministic _id such as {{key}}-{{token}}",
            es: "un _id determinista como {{key}}-{{token}}",
            pt: "um _id determinístico como {{key}}-{{token}}";
            key = key(), token
        )
    } else {
        text!(en: "_id {scheme}", es: "el _id {scheme}", pt: "o _id {scheme}"; scheme = &b.id_scheme)
    };
    let counter = match b.count_field.as_deref() {
        Some(c) => {
            text!(en: ", {field} counting them", es: ", {field} que los cuenta", pt: ", {field} com a contagem"; field = c)
        }
        None => Text::empty(),
    };
    let ttl = match (b.ttl_seconds, b.period_field.as_deref()) {
        (Some(s), Some(field)) => text!(
            en: ", TTL {s} s ({span}) on {field}",
            es: ", TTL de {s} s ({span}) en {field}",
            pt: ", TTL de {s} s ({span}) em {field}";
            s = Arg::Int(s), span = Arg::Days(s / 86_400), field
        ),
        (Some(s), None) => text!(
            en: ", TTL {s} s ({span})",
            es: ", TTL de {s} s ({span})",
            pt: ", TTL de {s} s ({span})";
            s = Arg::Int(s), span = Arg::Days(s / 86_400)
        ),
        (None, _) => text!(en: ", no TTL", es: ", sin TTL", pt: ", sem TTL"),
    };
    text!(
        en: "one {child} document per {parent} document and {period}, {cap}, {id}{counter}{ttl}; insert with updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
        es: "un documento de {child} por documento de {parent} y {period}, {cap}, {id}{counter}{ttl}; inserta con updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
        pt: "um documento de {child} por documento de {parent} e {period}, {cap}, {id}{counter}{ttl}; insira com updateOne({$push, $inc, $setOnInsert}, {upsert: true})";
        child, parent, period, cap, id, counter, ttl
    )
}

/// The names and figures of a bucket in use in the common shape.
struct Flat {
    child: Arg,
    parent: Arg,
    period: Arg,
    n: Arg,
    field: Arg,
    key: Arg,
    token: Arg,
    counter: Arg,
    /// The TTL in seconds and the field it is on, or none.
    ttl: Option<(u64, Arg)>,
}

/// The bucket in use in the common shape (a cap, a deterministic `_id`, a TTL on the period
/// field or none): its names and figures, for [`flat_sentence`]. `None` for the other shapes.
fn flat(f: &Facts, b: &BucketSpec) -> Option<Flat> {
    let token = b.period.as_str();
    if b.cap == 0 || !b.id_scheme.is_empty() || (b.ttl_seconds.is_some() && b.period_field.is_none()) {
        return None;
    }
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    let key = match f.rel.reference.child_field.as_deref() {
        Some(field) => Arg::str(field),
        None => Arg::from(format!("{}_id", singular(f.parent_name))),
    };
    let counter = match b.count_field.as_deref() {
        Some(c) => {
            text!(en: ", {field} counting them", es: ", {field} que los cuenta", pt: ", {field} com a contagem"; field = c)
        }
        None => Text::empty(),
    };
    let ttl = match (b.ttl_seconds, b.period_field.as_deref()) {
        (Some(s), Some(on)) => Some((s, Arg::str(on))),
        (None, _) => None,
        (Some(_), None) => return None,
    };
    Some(Flat {
        child: child.clone(),
        parent: parent.clone(),
        period: period_word(token).into(),
        n: Arg::Int(b.cap),
        field: Arg::str(&b.array_field),
        key,
        token: Arg::str(token),
        counter: counter.into(),
        ttl,
    })
}

/// The bucket in use in the common shape in one sentence, with its clauses' words in its own
/// templates rather than nested: what the general sentence says, without building a sentence
/// per clause.
fn flat_sentence(b: &Flat) -> Text {
    let Flat { child, parent, period, n, field, key, token, counter, ttl } = b;
    match ttl {
        Some((s, on)) => text!(
            en: "one {child} document per {parent} document and {period}, capped at {n} {field} (then open the next, `…-2`), a deterministic _id such as {{key}}-{{token}}{counter}, TTL {s} s ({span}) on {on}; insert with updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
            es: "un documento de {child} por documento de {parent} y {period}, con un tope de {n} {field} (luego abre el siguiente, `…-2`), un _id determinista como {{key}}-{{token}}{counter}, TTL de {s} s ({span}) en {on}; inserta con updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
            pt: "um documento de {child} por documento de {parent} e {period}, com teto de {n} {field} (depois abra o próximo, `…-2`), um _id determinístico como {{key}}-{{token}}{counter}, TTL de {s} s ({span}) em {on}; insira com updateOne({$push, $inc, $setOnInsert}, {upsert: true})";
            child, parent, period, n, field, key, token, counter, s = Arg::Int(*s), span = Arg::Days(s / 86_400), on
        ),
        None => text!(
            en: "one {child} document per {parent} document and {period}, capped at {n} {field} (then open the next, `…-2`), a deterministic _id such as {{key}}-{{token}}{counter}, no TTL; insert with updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
            es: "un documento de {child} por documento de {parent} y {period}, con un tope de {n} {field} (luego abre el siguiente, `…-2`), un _id determinista como {{key}}-{{token}}{counter}, sin TTL; inserta con updateOne({$push, $inc, $setOnInsert}, {upsert: true})",
            pt: "um documento de {child} por documento de {parent} e {period}, com teto de {n} {field} (depois abra o próximo, `…-2`), um _id determinístico como {{key}}-{{token}}{counter}, sem TTL; insira com updateOne({$push, $inc, $setOnInsert}, {upsert: true})";
            child, parent, period, n, field, key, token, counter
        ),
    }
}

fn archive(f: &Facts, out: &mut Vec<PatternSuggestion>) {
    let (parent, child) = f.names();
    let change = text!(
        en: "{child} buckets keep growing (~{n} events per {parent} document a year) with no TTL: move those past their useful age to an archive collection, or set ttlSeconds",
        es: "los contenedores de {child} no dejan de crecer (~{n} eventos por documento de {parent} al año) sin TTL: mueve los que hayan pasado su edad útil a una colección de archivo, o define ttlSeconds",
        pt: "os buckets de {child} não param de crescer (~{n} eventos por documento de {parent} ao ano) sem TTL: mova os que passaram da idade útil para uma coleção de arquivo, ou defina ttlSeconds";
        child, n = Arg::Count(f.growth * 365.0), parent
    );
    push(out, PatternKind::Archive, place(f), false, change);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::relations::Usage;
    use crate::i18n::Lang;
    use crate::model::{Entity, Model, Relation};

    /// The one-piece sentence of the common bucket says, in every language, what the
    /// sentence built clause by clause says; the other shapes have none.
    #[test]
    fn the_flat_bucket_sentence_reads_as_the_general_one() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("p", "sensores"));
        m.entities.push(Entity::new("c", "lecturas"));
        let mut rel = Relation::new("r", "p", "c", Storage::Bucket);
        rel.bucket = Some(BucketSpec {
            array_field: "eventos".into(),
            period: "day".into(),
            cap: 1_500,
            count_field: Some("n".into()),
            period_field: Some("dia".into()),
            ttl_seconds: Some(63_072_000),
            id_scheme: String::new(),
        });
        m.relations.push(rel);
        let mut shapes = 0;
        for (ttl, counter, key, field, scheme) in [
            (Some(63_072_000), Some("n"), Some("sensor_id"), Some("dia"), ""),
            (None, None, None, Some("dia"), ""),
            (Some(86_400), Some("a_long_counter_name"), None, Some("dia"), ""),
            (Some(86_400), None, None, None, ""),
            (None, None, None, None, "S-{sensor}"),
        ] {
            let r = &mut m.relations[0];
            r.reference.child_field = key.map(String::from);
            let b = r.bucket.as_mut().expect("set above");
            (b.ttl_seconds, b.count_field, b.period_field) = (ttl, counter.map(String::from), field.map(String::from));
            b.id_scheme = scheme.into();
            let u = Usage::new(&m, &[]);
            let f = Facts::gather(&u, &m.relations[0]);
            let b = m.relations[0].bucket.as_ref().expect("set above");
            let Some(one) = flat(&f, b).map(|item| flat_sentence(&item)) else {
                assert!(b.ttl_seconds.is_some() && b.period_field.is_none() || !b.id_scheme.is_empty());
                continue;
            };
            shapes += 1;
            let clauses = general(&f, b);
            for lang in [Lang::En, Lang::Es, Lang::Pt] {
                assert_eq!(one.render(lang), clauses.render(lang), "{lang:?}");
            }
            assert!(one.check().is_ok());
        }
        assert_eq!(shapes, 3);
        let u = Usage::new(&m, &[]);
        let f = Facts::gather(&u, &m.relations[0]);
        let b = m.relations[0].bucket.as_ref().expect("set above");
        assert!(general(&f, b).render(Lang::Es).contains("el _id S-{sensor}"));
    }
}
