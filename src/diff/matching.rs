//! Which record of the old design is which of the new: the same id first; then, among the
//! records left, the same name (an entity renamed its id, a pattern re-numbered), or for a
//! relation the same two ends.

use crate::model::Model;
use serde::Serialize;
use std::collections::HashMap;

/// How a record of the old design was found in the new one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MatchedBy {
    /// The same id.
    Id,
    /// The same name under another id.
    Name,
    /// A relation between the same two entities under another id.
    Ends,
}

/// The records of one kind, paired: `(old index, new index, how)`, and those on one side only.
#[derive(Debug, Default)]
pub(crate) struct Pairs {
    pub pairs: Vec<(usize, usize, MatchedBy)>,
    pub removed: Vec<usize>,
    pub added: Vec<usize>,
}

impl Pairs {
    /// Pairs `old` with `new` (each an `(id, key)` per record): by id, then by key.
    fn new<'a>(old: &[(&'a str, String)], new: &[(&'a str, String)], by_key: MatchedBy) -> Pairs {
        let mut new_of: Vec<Option<usize>> = vec![None; old.len()];
        let mut taken = vec![false; new.len()];
        let mut by_id: HashMap<&str, usize> = HashMap::with_capacity(new.len());
        for (j, (id, _)) in new.iter().enumerate().rev() {
            by_id.insert(id, j);
        }
        let mut how = vec![MatchedBy::Id; old.len()];
        for (i, (id, _)) in old.iter().enumerate() {
            if let Some(&j) = by_id.get(id) {
                if !taken[j] {
                    taken[j] = true;
                    new_of[i] = Some(j);
                }
            }
        }
        // The records left on both sides, by key, first come first paired.
        let mut by_key_left: HashMap<&str, Vec<usize>> = HashMap::new();
        for (j, (_, key)) in new.iter().enumerate().rev() {
            if !taken[j] && !key.is_empty() {
                by_key_left.entry(key.as_str()).or_default().push(j);
            }
        }
        for (i, (_, key)) in old.iter().enumerate() {
            if new_of[i].is_some() || key.is_empty() {
                continue;
            }
            if let Some(j) = by_key_left.get_mut(key.as_str()).and_then(Vec::pop) {
                taken[j] = true;
                new_of[i] = Some(j);
                how[i] = by_key;
            }
        }
        let mut pairs: Vec<(usize, usize, MatchedBy)> =
            new_of.iter().enumerate().filter_map(|(i, j)| j.map(|j| (i, j, how[i]))).collect();
        pairs.sort_by_key(|p| p.1);
        Pairs {
            pairs,
            removed: new_of.iter().enumerate().filter(|(_, j)| j.is_none()).map(|(i, _)| i).collect(),
            added: taken.iter().enumerate().filter(|(_, t)| !**t).map(|(j, _)| j).collect(),
        }
    }

    /// Old id → new id of every pair whose id changed.
    fn renamed(&self, old: &[(&str, String)], new: &[(&str, String)]) -> HashMap<String, String> {
        self.pairs
            .iter()
            .filter_map(|&(i, j, _)| {
                let (a, b) = (old.get(i)?.0, new.get(j)?.0);
                (a != b).then(|| (a.to_string(), b.to_string()))
            })
            .collect()
    }
}

/// The three kinds of records paired, and the ids that changed.
#[derive(Debug)]
pub(crate) struct Matched {
    pub entities: Pairs,
    pub relations: Pairs,
    pub queries: Pairs,
    /// Old entity id → new one, for the entities matched by name under another id.
    pub entity_ids: HashMap<String, String>,
    pub relation_ids: HashMap<String, String>,
    pub query_ids: HashMap<String, String>,
}

fn entity_keys(m: &Model) -> Vec<(&str, String)> {
    m.entities.iter().map(|e| (e.id.as_str(), e.name.clone())).collect()
}

fn query_keys(m: &Model) -> Vec<(&str, String)> {
    m.queries.iter().map(|q| (q.id.as_str(), q.name.clone())).collect()
}

impl Matched {
    pub fn new(old: &Model, new: &Model) -> Matched {
        let (old_e, new_e) = (entity_keys(old), entity_keys(new));
        let entities = Pairs::new(&old_e, &new_e, MatchedBy::Name);
        let entity_ids = entities.renamed(&old_e, &new_e);
        let entity = |id: &str| entity_ids.get(id).cloned().unwrap_or_else(|| id.to_string());
        let ends = |parent: &str, child: &str| format!("{}\u{0}{}", parent, child);
        let old_r: Vec<(&str, String)> =
            old.relations.iter().map(|r| (r.id.as_str(), ends(&entity(&r.parent), &entity(&r.child)))).collect();
        let new_r: Vec<(&str, String)> =
            new.relations.iter().map(|r| (r.id.as_str(), ends(&r.parent, &r.child))).collect();
        let relations = Pairs::new(&old_r, &new_r, MatchedBy::Ends);
        let relation_ids = relations.renamed(&old_r, &new_r);
        let (old_q, new_q) = (query_keys(old), query_keys(new));
        let queries = Pairs::new(&old_q, &new_q, MatchedBy::Name);
        let query_ids = queries.renamed(&old_q, &new_q);
        Matched { entities, relations, queries, entity_ids, relation_ids, query_ids }
    }

    /// The new id of an old entity (itself when it kept its id or is gone).
    pub fn entity<'a>(&'a self, old_id: &'a str) -> &'a str {
        self.entity_ids.get(old_id).map_or(old_id, String::as_str)
    }

    pub fn relation<'a>(&'a self, old_id: &'a str) -> &'a str {
        self.relation_ids.get(old_id).map_or(old_id, String::as_str)
    }

    pub fn query<'a>(&'a self, old_id: &'a str) -> &'a str {
        self.query_ids.get(old_id).map_or(old_id, String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys<'a>(items: &[(&'a str, &str)]) -> Vec<(&'a str, String)> {
        items.iter().map(|(id, k)| (*id, k.to_string())).collect()
    }

    #[test]
    fn ids_first_then_names_then_the_rest() {
        let old = keys(&[("a", "alpha"), ("b", "beta"), ("c", "gamma"), ("d", "delta")]);
        let new = keys(&[("b", "beta2"), ("x", "alpha"), ("y", "epsilon"), ("c", "gamma")]);
        let p = Pairs::new(&old, &new, MatchedBy::Name);
        assert_eq!(p.pairs, vec![(1, 0, MatchedBy::Id), (0, 1, MatchedBy::Name), (2, 3, MatchedBy::Id)]);
        assert_eq!(p.removed, vec![3]);
        assert_eq!(p.added, vec![2]);
        assert_eq!(p.renamed(&old, &new).get("a").map(String::as_str), Some("x"));
    }

    #[test]
    fn a_repeated_id_or_name_is_paired_once() {
        let old = keys(&[("a", "n"), ("a", "n"), ("b", "")]);
        let new = keys(&[("a", "n"), ("z", "n"), ("q", "")]);
        let p = Pairs::new(&old, &new, MatchedBy::Name);
        assert_eq!(p.pairs, vec![(0, 0, MatchedBy::Id), (1, 1, MatchedBy::Name)]);
        assert_eq!((p.removed, p.added), (vec![2], vec![2]));
    }
}
