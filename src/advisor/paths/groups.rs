//! Relations grouped by the entity at one of their ends, for `Layout`'s look-ups.

use crate::keyed::HashMap;
use crate::model::ids::IdIndex;
use crate::model::Relation;

/// Relations grouped by one end, each group in model order: one list, and each group's
/// range in it (one allocation for all the groups rather than one per entity). An end that is
/// an entity is grouped by the entity's position, found once per relation by the id table;
/// only ends that name no entity are hashed here.
pub(super) fn group<'a>(ids: &IdIndex<'a>, child_end: bool) -> Groups<'a> {
    let relations = &ids.model.relations;
    let entities = ids.model.entities.len();
    let mut dangling: HashMap<&'a str, usize> = HashMap::default();
    let mut group_of: Vec<usize> = Vec::with_capacity(relations.len());
    let mut ranges: Vec<(usize, usize)> = vec![(0, 0); entities];
    for (i, r) in relations.iter().enumerate() {
        let (parent, child) = ids.end_positions(i);
        let at = if child_end { child } else { parent };
        let g = match at {
            Some(p) => p,
            None => {
                let key = if child_end { r.child.as_str() } else { r.parent.as_str() };
                let next = ranges.len();
                let g = *dangling.entry(key).or_insert(next);
                if g == next {
                    ranges.push((0, 0));
                }
                g
            }
        };
        if let Some(range) = ranges.get_mut(g) {
            range.1 += 1;
        }
        group_of.push(g);
    }
    let mut start = 0;
    for range in &mut ranges {
        let count = range.1;
        *range = (start, start);
        start += count;
    }
    // Every relation lands in exactly one slot: the first relation holds each until then.
    let mut list: Vec<&Relation> = relations.first().map(|first| vec![first; relations.len()]).unwrap_or_default();
    for (r, &g) in relations.iter().zip(&group_of) {
        if let Some(range) = ranges.get_mut(g) {
            if let Some(slot) = list.get_mut(range.1) {
                *slot = r;
            }
            range.1 += 1;
        }
    }
    Groups { dangling, ranges, list }
}

/// Relations grouped by an entity id (see [`group`]).
pub(super) struct Groups<'a> {
    /// The group of each end that names no entity (the others are at the entity's position).
    dangling: HashMap<&'a str, usize>,
    ranges: Vec<(usize, usize)>,
    list: Vec<&'a Relation>,
}

impl<'a> Groups<'a> {
    pub(super) fn get(&self, ids: &IdIndex, id: &str) -> &[&'a Relation] {
        match ids.entity_position(id).or_else(|| self.dangling.get(id).copied()) {
            Some(g) => self.at(g),
            None => &[],
        }
    }

    /// The group of the entity at position `g`.
    pub(super) fn at(&self, g: usize) -> &[&'a Relation] {
        let range = self.ranges.get(g).map_or(0..0, |&(start, end)| start..end);
        self.list.get(range).unwrap_or(&[])
    }
}
