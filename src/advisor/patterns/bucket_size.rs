//! Sizing a suggested bucket from the facts: its period and cap worked out from the event
//! rate and size, and the summaries each bucket keeps as computed fields.
//!
//! The period is the shortest of hour, day, week and month in which one parent gathers at
//! least [`MIN_EVENTS`] events (the course's member-day holds a few events a day, MongoDB's
//! sensor-hour sixty): shorter buckets would still be a flood of small documents, longer ones
//! make each append rewrite a larger document. The cap leaves room for a busy period (half
//! again the expected events, in tens, and at least the one-to-few bound `fewMax`, since some
//! parents are busier than the typical one), but never more than the events that fit in a
//! quarter of the document-size target nor past the ~1,000 elements where arrays hurt; a
//! busier period opens the next bucket (`…-2`).

use crate::advisor::relations::Facts;
use crate::i18n::{Arg, Text};
use crate::model::{BsonType, Entity};
use crate::text;

/// A bucket holds at least this many events of its period, or the period is too short.
pub(crate) const MIN_EVENTS: f64 = 4.0;

/// The longest period a suggested bucket takes, in days (a month).
pub(crate) const LONGEST_PERIOD_DAYS: f64 = 30.0;

/// The periods a suggested bucket can take, shortest first, with their length in days.
const PERIODS: [(&str, f64); 4] = [("hour", 1.0 / 24.0), ("day", 1.0), ("week", 7.0), ("month", LONGEST_PERIOD_DAYS)];

/// The period and cap of a suggested bucket.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct BucketSize {
    /// `hour`, `day`, `week` or `month` (the model's tokens).
    pub period: &'static str,
    /// Events one parent adds in one period.
    pub per_period: f64,
    /// Most events per bucket.
    pub cap: u64,
}

impl BucketSize {
    /// Works out the bucket of `f`'s children from their rate (per parent per day) and bytes.
    pub fn work_out(f: &Facts) -> BucketSize {
        let per_day = if f.growth > 0.0 { f.growth } else { f.typical.max(1.0) };
        let (period, days) =
            PERIODS.iter().copied().find(|(_, days)| per_day * days >= MIN_EVENTS).unwrap_or(PERIODS[3]);
        let per_period = per_day * days;
        let by_size = (f.t.doc_target_bytes / 4) / f.child_bytes.max(1);
        let limit = by_size.min(f.t.array_warn).max(MIN_EVENTS as u64);
        let headroom = ((per_period * 1.5 / 10.0).ceil() * 10.0).min(1e9) as u64;
        let cap = headroom.max(f.t.few_max).min(limit);
        BucketSize { period, per_period, cap }
    }
}

/// A field holding a measurement a summary can be computed from: a number that is not an id.
fn measured(field: &&crate::model::Field) -> bool {
    let numeric = matches!(field.bson_type, BsonType::Int | BsonType::Long | BsonType::Double | BsonType::Decimal);
    let id_or_version =
        field.name.ends_with("_id") || field.name.ends_with("Id") || super::names_a_version(&field.name);
    numeric && field.name != "_id" && !id_or_version
}

/// The summaries each bucket keeps, updated on every insert (`$inc` the count and the sum,
/// `$min`, `$max`): count, min, max and avg (sum and count) of the child's first measurement;
/// a count alone when it has none.
pub(super) fn summaries(child: Option<&Entity>) -> Text {
    match child.and_then(|e| e.fields.iter().find(measured)) {
        Some(field) => text!(
            en: "count, min, max and avg of {field} (the avg from a sum and the count)",
            es: "count, min, max y avg de {field} (la media a partir de una suma y del recuento)",
            pt: "count, min, max e avg de {field} (a média a partir de uma soma e da contagem)";
            field = Arg::str(&field.name)
        ),
        None => text!(
            en: "count (and min, max and avg of any measurement the events carry)",
            es: "count (y min, max y avg de cada medida que lleven los eventos)",
            pt: "count (e min, max e avg de cada medida que os eventos tragam)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::relations::Usage;
    use crate::model::{Cardinality, Field, Model, Relation, Storage};

    fn size(per_day: f64, bytes: u64) -> BucketSize {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("p", "sensors"));
        m.entities.push(Entity::new("c", "readings"));
        let mut r = Relation::new("r", "p", "c", Storage::Reference);
        r.cardinality =
            Cardinality { typical: 0.0, max: None, growth_per_day: Some(per_day), ..Cardinality::default() };
        r.child_bytes = Some(bytes);
        m.relations.push(r);
        let u = Usage::new(&m, &[]);
        BucketSize::work_out(&crate::advisor::relations::Facts::gather(&u, &m.relations[0]))
    }

    #[test]
    fn the_period_gathers_enough_events_and_the_cap_leaves_room_for_a_busy_one() {
        // One reading a minute: 60 an hour, the pattern's own sensor-hour.
        assert_eq!(size(1_440.0, 60), BucketSize { period: "hour", per_period: 60.0, cap: 100 });
        // 20 clicks a day: a member-day bucket; 300 an hour: an hour holds 450 with room.
        assert_eq!(size(20.0, 80), BucketSize { period: "day", per_period: 20.0, cap: 100 });
        assert_eq!(size(7_200.0, 80).cap, 450);
        // Two a day: a week holds 14.
        assert_eq!(size(2.0, 80).period, "week");
        // A reading a second at 200 bytes: 3,600 an hour, capped by the array guidance.
        let busy = size(86_400.0, 200);
        assert_eq!((busy.period, busy.cap), ("hour", 1_000));
        // Large events: the cap keeps a bucket within a quarter of the 1 MB target.
        assert_eq!(size(86_400.0, 2_000).cap, 125);
    }

    #[test]
    fn the_summaries_name_the_first_measurement() {
        let mut e = Entity::new("c", "readings");
        e.fields = vec![
            Field::new("sensor_id", BsonType::Int),
            Field::new("schema_v", BsonType::Int),
            Field::new("temperature", BsonType::Double),
        ];
        let text = summaries(Some(&e));
        assert_eq!(text.en(), "count, min, max and avg of temperature (the avg from a sum and the count)");
        assert!(text.render(crate::i18n::Lang::Es).contains("count, min, max y avg de temperature"));
        e.fields.pop();
        assert!(summaries(Some(&e)).en().starts_with("count (and min, max and avg"));
    }
}
