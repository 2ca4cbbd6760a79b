//! How many indexes a collection can afford, and which access patterns are too rare to earn
//! one (seed 002: "not every query deserves a dedicated index"; DOMAIN.md §7, "an index for
//! every new query").
//!
//! The index derivation (`indexes.rs`) stays within the budget and `too-many-indexes`
//! (DS301) flags a collection over it, so the advisor never proposes a set of indexes it then
//! flags itself.

use crate::model::{AccessPattern, Thresholds};

/// Runs per minute under which an access pattern is rare: fewer than one an hour (under 24
/// a day), such as a monthly report or an analytical query run a few times a day. On a
/// write-heavy collection such a pattern gets no index of its own: it may scan, run on an
/// analytical copy or in a batch. An unknown frequency (0) is not taken as rare.
pub(crate) const RARE_PER_MINUTE: f64 = 1.0 / 60.0;

/// Secondary indexes (besides `_id`) from which a write-heavy collection is flagged (DS301).
pub(crate) const WRITE_HEAVY_INDEXES: usize = 10;

/// Executions per minute, with nonsense (NaN, negative) read as zero.
pub(crate) fn rate(q: &AccessPattern) -> f64 {
    if q.per_minute.is_finite() {
        q.per_minute.max(0.0)
    } else {
        0.0
    }
}

/// Whether an access pattern runs rarely enough to go without an index of its own.
pub(crate) fn is_rare(q: &AccessPattern) -> bool {
    let r = rate(q);
    r > 0.0 && r < RARE_PER_MINUTE
}

/// The reads and writes per minute a collection takes (every access pattern counted once on
/// each collection it involves).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Load {
    pub reads: f64,
    pub writes: f64,
}

impl Load {
    /// Writes at least as frequent as reads (and some writes).
    pub fn write_heavy(&self) -> bool {
        self.writes > 0.0 && self.writes >= self.reads
    }

    /// The most indexes (besides `_id`) the collection should carry: under the write-heavy
    /// count when writes dominate, else Atlas' `thresholds.maxIndexes`.
    pub fn budget(&self, t: &Thresholds) -> usize {
        let max = usize::try_from(t.max_indexes).unwrap_or(usize::MAX);
        if self.write_heavy() {
            max.min(WRITE_HEAVY_INDEXES - 1)
        } else {
            max
        }
    }
}

/// The reads and writes per minute of each collection, by entity position.
#[derive(Debug, Default, Clone)]
pub(crate) struct Loads(Vec<Load>);

impl Loads {
    /// The loads of the entities, by position.
    pub fn new(by_position: Vec<Load>) -> Loads {
        Loads(by_position)
    }

    /// The load of the collection at `position` (none known: zero). Entities that share an id
    /// share the load of the last one some access pattern involves, as a look-up by id finds.
    pub fn at(&self, position: usize) -> Load {
        self.0.get(position).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{AccessPattern, Model, QueryKind};

    fn loads(m: &Model) -> Loads {
        crate::advisor::Design::new(m).loads().clone()
    }

    #[test]
    fn rare_means_under_one_run_an_hour_and_known() {
        let mut q = AccessPattern::new("r", "r", "c");
        for (per_minute, rare) in [(0.01, true), (1.0 / 120.0, true), (1.0 / 60.0, false), (0.0, false), (2.0, false)] {
            q.per_minute = per_minute;
            assert_eq!(is_rare(&q), rare, "{per_minute}/min");
        }
    }

    #[test]
    fn the_budget_follows_the_write_load() {
        let t = Thresholds::default();
        assert_eq!(Load { reads: 100.0, writes: 2000.0 }.budget(&t), 9);
        assert_eq!(Load { reads: 100.0, writes: 10.0 }.budget(&t), 30);
        assert_eq!(Load { reads: 0.0, writes: 0.0 }.budget(&t), 30, "no load known: Atlas' count");
        let low = Thresholds { max_indexes: 4, ..Thresholds::default() };
        assert_eq!(Load { reads: 1.0, writes: 2.0 }.budget(&low), 4);
        let mut m = Model::new("t");
        m.entities.push(crate::model::Entity::new("c", "items"));
        let mut w = AccessPattern::new("w", "w", "c");
        w.kind = QueryKind::Write;
        w.per_minute = 50.0;
        m.queries.push(w);
        assert_eq!(loads(&m).at(0), Load { reads: 0.0, writes: 50.0 });
    }

    #[test]
    fn entities_sharing_an_id_share_the_last_loaded_ones_load() {
        let mut m = Model::new("t");
        for name in ["first", "second", "third"] {
            m.entities.push(crate::model::Entity::new("c", name));
        }
        m.entities.push(crate::model::Entity::new("d", "other"));
        let mut w = AccessPattern::new("w", "w", "d");
        w.kind = QueryKind::Write;
        w.per_minute = 7.0;
        m.queries.push(w);
        let found = loads(&m);
        assert_eq!(found.at(3), Load { reads: 0.0, writes: 7.0 });
        // No pattern names "c"'s entities apart: all three read the same (here zero) load.
        assert_eq!([found.at(0), found.at(1), found.at(2)], [Load::default(); 3]);
        assert_eq!(found.at(99), Load::default(), "no entity there");
        let mut r = AccessPattern::new("r", "r", "c");
        r.per_minute = 3.0;
        m.queries.push(r);
        let found = loads(&m);
        let shared = Load { reads: 3.0, writes: 0.0 };
        assert_eq!([found.at(0), found.at(1), found.at(2)], [shared; 3]);
    }
}
