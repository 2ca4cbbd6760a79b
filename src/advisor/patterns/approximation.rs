//! The approximation pattern where it fits ("Use the Approximation Pattern", "Building with
//! Patterns: The Approximation Pattern"): a counter written on every event (a page's views, a
//! city's population, visits) that readers take as a trend, not an exact figure, is written
//! once every N events instead (a `$inc` of N with probability 1/N, or from an in-memory
//! tally), which divides its writes by N.
//!
//! It fits a write that changes only integer fields (`int`, `long`: counts) of one
//! collection's documents, at
//! least [`HOT_COUNTER_WRITES`] times a minute, with no precondition: a conditional write (a
//! stock decremented only while some is left) decides from the value, which must then be
//! exact. An amount (`decimal`, `double`: a balance, a price) is no count and must stay
//! exact. Whether readers need the exact figure is the designer's call, and the suggestion
//! says so.

use super::push;
use crate::advisor::{PatternKind, PatternSuggestion};
use crate::i18n::Arg;
use crate::model::{AccessPattern, BsonType, Entity, Id, Model, Place, QueryKind};
use crate::text;

/// Writes a minute from which a counter's updates are worth approximating (about 17 a second).
pub(crate) const HOT_COUNTER_WRITES: f64 = 1_000.0;

/// The N of the suggestion: one write every this many events.
const EVERY: f64 = 100.0;

/// The integer fields (counts) a write changes on its own collection's documents, when it
/// changes nothing else (a path of another entity, a field not declared or not an integer:
/// none).
fn counters_only<'e>(q: &AccessPattern, e: &'e Entity) -> Option<Vec<&'e str>> {
    let mut fields = Vec::with_capacity(q.changes.len());
    for change in &q.changes {
        let field = e.field(change)?;
        if !matches!(field.bson_type, BsonType::Int | BsonType::Long) {
            return None;
        }
        fields.push(field.name.as_str());
    }
    (!fields.is_empty()).then_some(fields)
}

/// One suggestion per hot counter write of a collection (`is_collection`), at its first field.
pub(super) fn suggest<'m>(
    model: &'m Model,
    entity: impl Fn(&str) -> Option<&'m Entity>,
    is_collection: impl Fn(&str) -> bool,
    out: &mut Vec<PatternSuggestion>,
) {
    for q in &model.queries {
        let rate = if q.per_minute.is_finite() { q.per_minute } else { 0.0 };
        if q.kind != QueryKind::Write || rate < HOT_COUNTER_WRITES || !q.precondition.trim().is_empty() {
            continue;
        }
        let Some(e) = entity(&q.entity).filter(|e| is_collection(&e.id)) else { continue };
        let Some(fields) = counters_only(q, e) else { continue };
        let first = q.changes.first().map(String::as_str).unwrap_or_default();
        let (id, name, collection) = (q.id.as_str(), q.name.as_str(), e.name.as_str());
        let (fields, n, every, fewer) =
            (Arg::list(&fields), Arg::Count(rate), Arg::Count(EVERY), Arg::Count((rate / EVERY).ceil()));
        let change = text!(
            en: "{id} \"{name}\" writes {fields} of {collection} {n} times a minute; if readers need a trend rather than the exact figure, write it once every {every} events (a $inc of {every} with a 1-in-{every} chance, or from a tally kept in memory): {fewer} writes a minute",
            es: "{id} \"{name}\" escribe {fields} de {collection} {n} veces por minuto; si a quien lo lee le basta la tendencia y no la cifra exacta, escríbelo una vez cada {every} eventos (un $inc de {every} con una probabilidad de 1 entre {every}, o desde un recuento en memoria): {fewer} escrituras por minuto",
            pt: "{id} \"{name}\" grava {fields} de {collection} {n} vezes por minuto; se quem o lê precisa da tendência e não do número exato, grave-o uma vez a cada {every} eventos (um $inc de {every} com chance de 1 em {every}, ou a partir de uma contagem em memória): {fewer} gravações por minuto";
            id, name, fields, collection, n, every, fewer
        );
        let place = Place::Field { entity: Id::new(&e.id), path: Id::new(first) };
        push(out, PatternKind::Approximation, place, false, change);
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::{analyze, PatternKind};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BsonType, Entity, Field, Model, QueryKind};

    fn page_views(per_minute: f64) -> Model {
        let mut m = Model::new("t");
        let mut page = Entity::new("page", "pages");
        page.fields = vec![
            Field::new("_id", BsonType::ObjectId),
            Field::new("url", BsonType::String),
            Field::new("views", BsonType::Long),
        ];
        m.entities.push(page);
        let mut q = AccessPattern::new("V1", "Count a page view", "page");
        q.kind = QueryKind::Write;
        q.per_minute = per_minute;
        q.changes = vec!["views".into()];
        m.queries.push(q);
        m
    }

    fn approximations(m: &Model) -> Vec<crate::advisor::PatternSuggestion> {
        analyze(m).patterns.into_iter().filter(|p| p.pattern == PatternKind::Approximation).collect()
    }

    #[test]
    fn a_hot_counter_write_gets_the_approximation_in_every_language() {
        let found = approximations(&page_views(30_000.0));
        assert_eq!(found.len(), 1, "{found:?}");
        let change = &found[0].change;
        assert!(!found[0].in_use);
        assert_eq!(
            change.render(Lang::En),
            "V1 \"Count a page view\" writes views of pages 30,000 times a minute; if readers need a trend rather than the exact figure, write it once every 100 events (a $inc of 100 with a 1-in-100 chance, or from a tally kept in memory): 300 writes a minute"
        );
        assert!(change.render(Lang::Es).contains("30.000 veces por minuto"));
        assert!(change.render(Lang::Pt).contains("300 gravações por minuto"));
        assert!(change.is_translated() && change.check().is_ok());
    }

    #[test]
    fn rare_conditional_or_mixed_writes_get_none() {
        // A counter written 100 times a minute costs little.
        assert!(approximations(&page_views(100.0)).is_empty());
        // A stock decremented only while some is left decides from the value: it must be exact.
        let mut stock = page_views(30_000.0);
        stock.queries[0].precondition = "views > 0".into();
        assert!(approximations(&stock).is_empty());
        // A write that records more than numbers (a click with its page) is a record, not a counter.
        let mut mixed = page_views(30_000.0);
        mixed.queries[0].changes.push("url".into());
        assert!(approximations(&mixed).is_empty());
        // An amount (a decimal balance) is no count: it must stay exact.
        let mut balance = page_views(30_000.0);
        balance.entities[0].fields[2].bson_type = BsonType::Decimal;
        assert!(approximations(&balance).is_empty());
        // A change the collection does not declare is not judged.
        let mut unknown = page_views(30_000.0);
        unknown.queries[0].changes = vec!["likes".into()];
        assert!(approximations(&unknown).is_empty());
    }
}
