//! Design patterns in use and patterns that fit (DOMAIN.md §6, MongoDB's pattern catalogue),
//! each with the concrete change in words, with names and figures.
//!
//! Relation patterns, one file each: extended reference, subset, bucket (with the archive of
//! buckets), outlier, computed. Collection patterns (here): schema versioning and polymorphic documents
//! in use; attribute (`attribute.rs`), polymorphic (`collection_fits.rs`), approximation
//! (`approximation.rs`) and archive of a growing collection (`archive.rs`) where they fit.

mod approximation;
mod archive;
mod attribute;
mod bucket;
mod bucket_size;
pub(crate) use bucket_size::{LONGEST_PERIOD_DAYS, MIN_EVENTS};
mod collection_fits;
mod computed;
mod extended_reference;
mod outlier;
mod parent_writes;
mod subset;

use super::aggregates::Roots;
use super::relations::{Facts, Usage};
use super::{PatternKind, PatternSuggestion, RelationAdvice};
use crate::i18n::{Arg, Text};
use crate::keyed::HashMap;
use crate::model::{AccessPattern, Entity, EntityKind, Id, Model, Place};
use crate::text;

/// Every pattern in use, then every pattern that fits, relation by relation and then
/// collection by collection, in model order, over look-ups and facts already built (see
/// `relations::gather_all`).
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
pub(crate) fn suggest_with(
    usage: &Usage,
    facts: &[Facts],
    relations: &[RelationAdvice],
    roots: &Roots,
) -> Vec<PatternSuggestion> {
    let model = usage.model;
    // `relations` is built from `facts`, in the same order: pair them by position (checking
    // the id), with a look-up by id only if the two ever disagree.
    let by_id = std::cell::OnceCell::new();
    let advice_of = |i: usize, id: &str| match relations.get(i) {
        Some(a) if a.relation == id => Some(a),
        _ => by_id
            .get_or_init(|| {
                relations.iter().map(|a| (a.relation.as_str(), a)).collect::<HashMap<&str, &RelationAdvice>>()
            })
            .get(id)
            .copied(),
    };
    // Room for about one pattern per relation and per collection: growing the vector copies
    // every suggestion made so far.
    let writes = parent_writes::WritesOn::new();
    let mut out = Vec::with_capacity(facts.len() + model.entities.len());
    for (i, f) in facts.iter().enumerate() {
        let rec = advice_of(i, f.rel.id.as_str()).map(|a| a.recommendation);
        extended_reference::suggest(usage, f, rec, &mut out);
        subset::suggest(usage, f, rec, &mut out);
        bucket::suggest(usage, f, rec, &mut out);
        outlier::suggest(f, rec, &mut out);
        computed::suggest(usage, &writes, f, rec, &mut out);
    }
    let version_field = shared_version_field(model);
    let reads = attribute::reads_by_entity(model);
    for (i, e) in model.entities.iter().enumerate() {
        if e.kind == EntityKind::Document && roots.root_at(i) == Some(e.id.as_str()) {
            schema_versioning(e, &version_field, &mut out);
            polymorphic(e, &mut out);
            attribute::attribute(e, &reads, &mut out);
        }
    }
    let is_collection =
        |id: &str| roots.root(id) == Some(id) && usage.entity(id).is_some_and(|e| e.kind == EntityKind::Document);
    collection_fits::polymorphic(model, |id| usage.entity(id), is_collection, &mut out);
    approximation::suggest(model, |id| usage.entity(id), is_collection, &mut out);
    archive::suggest(model, |id| usage.entity(id), is_collection, &mut out);
    out
}

fn push(out: &mut Vec<PatternSuggestion>, pattern: PatternKind, place: Place, in_use: bool, change: Text) {
    out.push(PatternSuggestion { pattern, place, change, in_use });
}

/// Where a relation pattern points: the relation.
fn place(f: &Facts) -> Place {
    Place::Relation { id: f.id.clone() }
}

/// Query ids, as a list.
fn ids(queries: &[&AccessPattern]) -> Arg {
    Arg::List(queries.iter().map(|q| Arg::str(&q.id)).collect())
}

/// Items (names, or sentences that carry figures each language formats) joined as
/// `a, b and c` (`a, b y c`, `a, b e c`): one item is itself, more are one `Arg::List`.
fn joined(mut items: Vec<Arg>) -> Arg {
    match (items.len(), items.pop()) {
        (1, Some(one)) => one,
        (_, None) => Text::empty().into(),
        (_, Some(last)) => {
            items.push(last);
            Arg::List(items)
        }
    }
}

/// The version field a collection carries: the declared one, or a field named like one.
fn version_field_of(e: &Entity) -> Option<&str> {
    e.collection
        .schema_version_field
        .as_deref()
        .filter(|f| !f.is_empty())
        .or_else(|| e.fields.iter().map(|f| f.name.as_str()).find(|n| names_a_version(n)))
}

/// `schema_v`, `esquema_v`, `_schema`, `SchemaVersion`: a name that says "schema version".
fn names_a_version(name: &str) -> bool {
    let bytes = name.as_bytes();
    [b"schema".as_slice(), b"esquema".as_slice()]
        .iter()
        .any(|word| bytes.windows(word.len()).any(|w| w.eq_ignore_ascii_case(word)))
}

/// The version field name the design already uses elsewhere, for consistency; `schema_v`
/// when none does.
fn shared_version_field(model: &Model) -> String {
    model.entities.iter().find_map(version_field_of).unwrap_or("schema_v").to_string()
}

fn schema_versioning(e: &Entity, default_field: &str, out: &mut Vec<PatternSuggestion>) {
    let place = Place::Entity { id: Id::new(&e.id) };
    let collection = e.name.as_str();
    match version_field_of(e) {
        Some(field) => push(
            out,
            PatternKind::SchemaVersioning,
            place,
            true,
            text!(
                en: "{collection} carries {field}; readers handle two or three versions, migrate lazily or in background, and drop a version's code path when its count reaches zero",
                es: "{collection} lleva {field}; los lectores manejan dos o tres versiones, cada documento se migra al leerlo o en segundo plano, y el código de una versión se elimina cuando su recuento llega a cero",
                pt: "{collection} traz {field}; os leitores lidam com duas ou três versões, cada documento é migrado ao ser lido ou em segundo plano, e o código de uma versão é removido quando a contagem dela chega a zero";
                collection, field
            ),
        ),
        None => push(
            out,
            PatternKind::SchemaVersioning,
            place,
            false,
            text!(
                en: "add {field} (int, from 1) to every {collection} document from the first one, so a later change of shape needs no blind mass migration",
                es: "añade {field} (int, desde 1) a todo documento de {collection} desde el primero, para que un cambio de forma posterior no exija una migración masiva a ciegas",
                pt: "adicione {field} (int, a partir de 1) a todo documento de {collection} desde o primeiro, para que uma mudança de formato posterior não exija uma migração em massa às cegas";
                field = default_field, collection
            ),
        ),
    }
}

fn polymorphic(e: &Entity, out: &mut Vec<PatternSuggestion>) {
    let c = &e.collection;
    if c.discriminator.is_none() && c.variants.is_empty() {
        return;
    }
    let variants: Vec<Arg> = c
        .variants
        .iter()
        .map(|v| match v.share {
            Some(s) if s.is_finite() && s > 0.0 => {
                text!(en: "{value} ({share})", es: "{value} ({share})", pt: "{value} ({share})"; value = &v.value, share = Arg::Percent(s)).into()
            }
            _ => Arg::str(&v.value),
        })
        .collect();
    let what = if variants.is_empty() {
        text!(en: "documents of several shapes", es: "documentos de varias formas", pt: "documentos de vários formatos")
            .into()
    } else {
        joined(variants)
    };
    let collection = e.name.as_str();
    let change = match c.discriminator.as_deref() {
        Some(field) if !field.is_empty() => text!(
            en: "{collection} holds {what} in one collection, told apart by {field}; shared fields keep one index serving all",
            es: "{collection} guarda {what} en una sola colección, distinguidos por {field}; los campos comunes permiten que un solo índice sirva a todos",
            pt: "{collection} guarda {what} em uma só coleção, distinguidos por {field}; os campos comuns permitem que um só índice atenda a todos";
            collection, what, field
        ),
        _ => text!(
            en: "{collection} holds {what} in one collection, with no discriminator field yet: add one (e.g. tipo); shared fields keep one index serving all",
            es: "{collection} guarda {what} en una sola colección, todavía sin campo discriminador: añade uno (p. ej., tipo); los campos comunes permiten que un solo índice sirva a todos",
            pt: "{collection} guarda {what} em uma só coleção, ainda sem campo discriminador: adicione um (p. ex., tipo); os campos comuns permitem que um só índice atenda a todos";
            collection, what
        ),
    };
    push(out, PatternKind::Polymorphic, Place::Entity { id: Id::new(&e.id) }, true, change);
}

#[cfg(test)]
mod tests;
