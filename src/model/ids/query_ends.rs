//! The entity positions every access pattern names (its start entity, then its touched
//! entities), looked up once when the id table is built and read by every pass that follows a
//! query to its entities (query advice, shapes, index loads, aggregates, relation facts, rules,
//! structural checks) instead of hashing the same ids again in each.

use super::{IdIndex, NONE};
use crate::model::{AccessPattern, Model};

/// Per access pattern, in model order, the positions of [`AccessPattern::entities`]: one flat
/// list, and where each query's run starts in it. A position is the one
/// [`IdIndex::entity_position`] gives (the last entity with the id), `NONE` where no entity
/// has the id; a repeated id is listed at each mention.
pub(super) struct QueryEnds {
    /// Where each query's run starts in `at`, plus the end of the last one.
    bounds: Vec<u32>,
    at: Vec<u32>,
    /// Whether some query names an id no entity has (or the table is too large to read).
    dangling: bool,
}

impl QueryEnds {
    /// The table of `model`'s queries, each id found by `position` (`NONE`: no entity has it).
    pub(super) fn new(model: &Model, position: impl Fn(&str) -> u32) -> QueryEnds {
        let named = model.queries.iter().map(|q| 1 + q.touches.len()).sum();
        let mut at = Vec::with_capacity(named);
        let mut bounds = Vec::with_capacity(model.queries.len() + 1);
        for q in &model.queries {
            bounds.push(u32::try_from(at.len()).unwrap_or(NONE));
            at.extend(q.entities().map(&position));
        }
        bounds.push(u32::try_from(at.len()).unwrap_or(NONE));
        let dangling = bounds.last() == Some(&NONE) || at.contains(&NONE);
        QueryEnds { bounds, at, dangling }
    }

    /// The run of the query at position `i` (`None`: no such query, or a table too large to
    /// index with 32 bits).
    fn run(&self, i: usize) -> Option<&[u32]> {
        let (&start, &end) = (self.bounds.get(i)?, self.bounds.get(i + 1)?);
        self.at.get(start as usize..end as usize)
    }
}

/// The entity positions of one access pattern's [`AccessPattern::entities`], in order (the
/// start entity first): `None` where no entity has the id. Read from the table when the
/// query is one of the model's, else each id looked up.
pub(crate) struct Named<'i, 'q> {
    ids: &'i IdIndex<'i>,
    q: &'q AccessPattern,
    table: Option<&'i [u32]>,
    next: usize,
}

impl Iterator for Named<'_, '_> {
    type Item = Option<usize>;

    fn next(&mut self) -> Option<Option<usize>> {
        let i = self.next;
        let found = match self.table {
            Some(run) => run.get(i).map(|&p| (p != NONE).then_some(p as usize)),
            None => {
                let id =
                    if i == 0 { Some(self.q.entity.as_str()) } else { self.q.touches.get(i - 1).map(String::as_str) };
                id.map(|id| self.ids.entity_position(id))
            }
        }?;
        self.next += 1;
        Some(found)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (1 + self.q.touches.len()).saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Named<'_, '_> {}

impl<'a> IdIndex<'a> {
    /// The run of `q` in the table, when it is one of the model's queries (by address).
    fn run_of(&self, q: &AccessPattern) -> Option<&[u32]> {
        let i = super::position_in(&self.model.queries, q)?;
        self.query_ends.run(i).filter(|run| run.len() == 1 + q.touches.len())
    }

    /// The positions of the entities `q` names: its start entity, then each touched entity
    /// (as [`AccessPattern::entities`] lists the ids), each as [`Self::entity_position`]
    /// finds it.
    pub fn entities_of<'s, 'q>(&'s self, q: &'q AccessPattern) -> Named<'s, 'q> {
        Named { ids: self, q, table: self.run_of(q), next: 0 }
    }

    /// The positions of the entities `q` touches, in the order of `q.touches`.
    pub fn touched_of<'s, 'q>(&'s self, q: &'q AccessPattern) -> Named<'s, 'q> {
        Named { ids: self, q, table: self.run_of(q), next: 1 }
    }

    /// Whether some access pattern of the model names an entity id no entity has (when not,
    /// every position [`Self::entities_of`] gives for the model's queries is `Some`).
    pub fn queries_name_missing_entities(&self) -> bool {
        self.query_ends.dangling
    }

    /// The position of the entity `q` starts at ([`Self::entity_position`] of `q.entity`).
    pub fn start_of(&self, q: &AccessPattern) -> Option<usize> {
        match self.run_of(q) {
            Some(run) => run.first().copied().filter(|&p| p != NONE).map(|p| p as usize),
            None => self.entity_position(&q.entity),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::ids::IdIndex;
    use crate::model::{AccessPattern, Entity, Model};

    fn query(id: &str, entity: &str, touches: &[&str]) -> AccessPattern {
        let mut q = AccessPattern::new(id, id, entity);
        q.touches = touches.iter().map(|t| t.to_string()).collect();
        q
    }

    /// Each position as the id table finds the id.
    fn by_id(ids: &IdIndex, q: &AccessPattern) -> Vec<Option<usize>> {
        q.entities().map(|id| ids.entity_position(id)).collect()
    }

    #[test]
    fn each_query_reads_the_positions_its_ids_look_up_dangling_and_repeated_ids_included() {
        let mut m = Model::new("m");
        for (id, name) in [("a", "a"), ("b", "b"), ("a", "a again"), ("c", "c")] {
            m.entities.push(Entity::new(id, name));
        }
        m.queries.push(query("q1", "a", &["b", "ghost", "b", "a"]));
        m.queries.push(query("q2", "ghost", &[]));
        m.queries.push(query("q3", "c", &["c", ""]));
        m.queries.push(query("q1", "b", &["a"])); // a repeated query id has its own run
        let ids = IdIndex::new(&m);
        let q = &m.queries;
        assert_eq!(ids.entities_of(&q[0]).collect::<Vec<_>>(), [Some(2), Some(1), None, Some(1), Some(2)]);
        assert_eq!(ids.touched_of(&q[0]).collect::<Vec<_>>(), [Some(1), None, Some(1), Some(2)]);
        assert_eq!(ids.start_of(&q[0]), Some(2), "the last entity with the id");
        assert_eq!((ids.start_of(&q[1]), ids.entities_of(&q[1]).len(), ids.touched_of(&q[1]).len()), (None, 1, 0));
        assert_eq!(ids.entities_of(&q[2]).collect::<Vec<_>>(), [Some(3), Some(3), None]);
        assert_eq!(ids.entities_of(&q[3]).collect::<Vec<_>>(), [Some(1), Some(2)]);
        assert!(ids.queries_name_missing_entities());
        let mut clean = m.clone();
        clean.queries.retain(|q| q.entities().all(|id| ids.entity_position(id).is_some()));
        assert_eq!(clean.queries.len(), 1);
        assert!(!IdIndex::new(&clean).queries_name_missing_entities());
        for q in q {
            assert_eq!(ids.entities_of(q).collect::<Vec<_>>(), by_id(&ids, q), "{}", q.id);
            assert_eq!(ids.start_of(q), ids.entity_position(&q.entity), "{}", q.id);
        }
    }

    #[test]
    fn a_query_not_in_the_model_is_looked_up_by_id() {
        let mut m = Model::new("m");
        m.entities.extend([Entity::new("a", "a"), Entity::new("b", "b")]);
        m.queries.push(query("q", "a", &["b"]));
        let ids = IdIndex::new(&m);
        // A copy (another address) that names other entities: its own ids, not the table's.
        let other = query("q", "b", &["ghost", "a"]);
        assert_eq!(ids.entities_of(&other).collect::<Vec<_>>(), [Some(1), None, Some(0)]);
        assert_eq!((ids.start_of(&other), ids.touched_of(&other).len()), (Some(1), 2));
        // A clone of the model's queries (other addresses) reads its own ids.
        let mut changed = m.clone();
        changed.queries[0].touches.push("a".into());
        assert_eq!(ids.entities_of(&changed.queries[0]).collect::<Vec<_>>(), [Some(0), Some(1), Some(0)]);
        let generated = crate::model::synthetic::generate(60, 7);
        let ids = IdIndex::new(&generated);
        for q in &generated.queries {
            assert_eq!(ids.entities_of(q).collect::<Vec<_>>(), by_id(&ids, q), "{}", q.id);
        }
    }
}
