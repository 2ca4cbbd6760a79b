//! The indexes of one collection while they are merged: each keeps its keys borrowed (from
//! the designer's declaration, the query shape or the bucket) and its queries by position,
//! and only the indexes kept are built as [`IndexAdvice`](crate::advisor::IndexAdvice).

use super::super::index_reason;
use super::super::query_shape::{blocked, pins_one, serves, serves_lookup, Shape, Shapes};
use crate::i18n::Text;
use crate::keyed::HashMap;
use crate::model::{IndexKey, IndexSpec, Model};

/// Where an index's keys come from, borrowed until the index is kept.
#[derive(Debug, Clone, Copy)]
pub(super) enum Keys<'a> {
    /// Declared by the designer.
    Declared(&'a IndexSpec),
    /// The ideal index of a query shape ([`Shape::ideal`]).
    Derived(&'a Shape),
    /// A bucket's period field with its TTL in seconds.
    Ttl(&'a str, u64),
    /// A `$lookup`'s `foreignField` in the collection it joins.
    Foreign(&'a str),
}

impl<'a> Keys<'a> {
    fn len(&self) -> usize {
        match self {
            Keys::Declared(s) => s.keys.len(),
            Keys::Derived(s) => s.key_count(),
            Keys::Ttl(..) | Keys::Foreign(_) => 1,
        }
    }

    /// Key `i` (field, direction); only called below `len`.
    fn key(&self, i: usize) -> (&'a str, i8) {
        match *self {
            Keys::Declared(s) => s.keys.get(i).map_or(("", 0), |k| (k.field.as_str(), k.dir)),
            Keys::Derived(s) => s.ideal_key(i).unwrap_or(("", 0)),
            Keys::Ttl(field, _) | Keys::Foreign(field) => (field, 1),
        }
    }

    pub(super) fn ttl(&self) -> Option<u64> {
        match self {
            Keys::Declared(s) => s.ttl_seconds,
            Keys::Derived(_) | Keys::Foreign(_) => None,
            Keys::Ttl(_, ttl) => Some(*ttl),
        }
    }

    /// The same fields in the same order and directions.
    fn same(&self, other: &Keys) -> bool {
        self.len() == other.len() && (0..self.len()).all(|i| self.key(i) == other.key(i))
    }

    /// Whether `self` is a prefix of `long`, directly or with every direction flipped.
    fn prefix_either_way(&self, long: &Keys) -> bool {
        // Two query shapes (most candidates): compared in their arena, key by key.
        if let (Keys::Derived(short), Keys::Derived(long)) = (self, long) {
            return short.ideal_prefix_either_way(long);
        }
        let n = self.len();
        if n > long.len() {
            return false;
        }
        // One pass: every field equal, and every direction the same or every one flipped.
        let (mut same, mut flipped) = (true, true);
        for i in 0..n {
            let ((a, da), (b, db)) = (self.key(i), long.key(i));
            same &= da == db;
            flipped &= da.wrapping_neg() == db;
            if a != b || !(same || flipped) {
                return false;
            }
        }
        true
    }

    /// The index itself, built once for an index that is kept.
    pub(super) fn spec(&self) -> IndexSpec {
        let keys = match *self {
            // A declared index keeps its options.
            Keys::Declared(s) => return s.clone(),
            Keys::Derived(s) => s.ideal_keys().map(|(field, dir)| IndexKey::new(field, dir)).collect(),
            Keys::Ttl(field, _) | Keys::Foreign(field) => vec![IndexKey::new(field, 1)],
        };
        let unique = matches!(self, Keys::Declared(s) if s.unique);
        let collation = match self {
            Keys::Declared(s) => s.collation.clone(),
            _ => None,
        };
        IndexSpec { keys, unique, ttl_seconds: self.ttl(), collation, ..IndexSpec::default() }
    }
}

/// Why an index exists, kept as where it comes from until the index is kept or absorbs
/// another: a candidate stays small while it is moved, and no reason is written for an index
/// left out.
#[derive(Debug)]
pub(super) enum Reason<'a> {
    /// The shape of the query it was derived for (its `first`).
    Derived,
    /// Declared by the designer.
    Declared,
    /// Declared by the designer, and refused by MongoDB.
    Refused,
    /// A bucket's retention: the relation's id (the TTL and the field are its keys').
    Ttl(&'a str),
    /// A `$lookup` of the query with this id (the field is its key).
    Lookup(&'a str),
    /// Written already (an index that absorbed another).
    Built(Box<Text>),
}

/// What writes the reasons: the model and its query shapes.
pub(super) struct Reasons<'a> {
    pub model: &'a Model,
    pub shapes: &'a Shapes,
}

impl Reasons<'_> {
    /// The reason of a candidate with these keys and first query.
    pub(super) fn build(&mut self, reason: Reason, keys: &Keys, first: Option<usize>) -> Text {
        match reason {
            Reason::Derived => match first.map(|at| (self.model.queries.get(at), self.shapes.get(at))) {
                Some((Some(query), Some(Some(shape)))) => index_reason::reason(&query.id, shape),
                _ => Text::empty(),
            },
            Reason::Declared => index_reason::declared(),
            Reason::Refused => index_reason::refused(),
            Reason::Ttl(relation) => match *keys {
                Keys::Ttl(field, ttl) => index_reason::ttl(ttl, field, relation),
                _ => Text::empty(),
            },
            Reason::Lookup(query) => match *keys {
                Keys::Foreign(field) => index_reason::lookup(field, query),
                _ => Text::empty(),
            },
            Reason::Built(text) => *text,
        }
    }
}

/// An index of one collection while merging.
#[derive(Debug)]
pub(super) struct Candidate<'a> {
    pub keys: Keys<'a>,
    /// The fingerprint of its first field (see [`head`]).
    head: u64,
    /// The positions of the queries it serves: the one it was derived for (none for a declared
    /// or TTL index), then those of the indexes it absorbed.
    queries: Vec<usize>,
    pub reason: Reason<'a>,
    pub multikey: bool,
    pub declared: bool,
    /// A declared index MongoDB refuses to build (`refused-index`): it serves no query, so
    /// the indexes derived for them are kept apart from it.
    pub refused: bool,
}

/// The fingerprint of an index with no keys.
const EMPTY: u64 = 0;

/// A fingerprint of an index's first field: its length and first bytes (equal fields give
/// equal fingerprints; [`EMPTY`] for no keys).
fn head(keys: &Keys) -> u64 {
    if keys.len() == 0 {
        return EMPTY;
    }
    let field = keys.key(0).0.as_bytes();
    let mut out = [0u8; 8];
    out[0] = u8::try_from(field.len()).unwrap_or(u8::MAX) | 0x80;
    for (o, b) in out.iter_mut().skip(1).zip(field) {
        *o = *b;
    }
    u64::from_le_bytes(out)
}

impl<'a> Candidate<'a> {
    /// A candidate serving `first` (none for a declared or TTL index) with these keys.
    pub(super) fn new(
        keys: Keys<'a>,
        first: Option<usize>,
        reason: Reason<'a>,
        multikey: bool,
        declared: bool,
    ) -> Self {
        Candidate {
            head: head(&keys),
            keys,
            queries: first.into_iter().collect(),
            reason,
            multikey,
            declared,
            refused: false,
        }
    }
}

impl Candidate<'_> {
    /// The positions of the queries it serves, in order.
    pub(super) fn queries(&self) -> impl Iterator<Item = usize> + '_ {
        self.queries.iter().copied()
    }

    /// The position of the query it was derived for (or, once it absorbed others, the first
    /// it serves).
    pub(super) fn first(&self) -> Option<usize> {
        self.queries.first().copied()
    }

    fn query_count(&self) -> usize {
        self.queries.len()
    }

    fn push(&mut self, q: usize) {
        self.queries.push(q);
    }
}

/// The indexes found for each collection (a group: a collection's position), in the order
/// found. The candidates stay in one list while they are merged: the merge works on their
/// positions in it.
pub(super) struct Found<'a> {
    /// Each index, and whether it is a rare pattern's.
    items: Vec<(bool, Candidate<'a>)>,
    /// The positions of each group's indexes, in the order found.
    groups: Vec<Vec<usize>>,
}

impl<'a> Found<'a> {
    pub(super) fn new(groups: usize, capacity: usize) -> Found<'a> {
        Found { items: Vec::with_capacity(capacity), groups: vec![Vec::new(); groups] }
    }

    /// Adds an index to `group` (ignored when `group` is out of range).
    pub(super) fn add(&mut self, group: usize, rare: bool, candidate: Candidate<'a>) {
        if group < self.groups.len() {
            let at = self.push_item(rare, candidate);
            self.chain(group, at);
        }
    }

    /// Adds an index to no group (a declared one), and gives its position.
    pub(super) fn push(&mut self, candidate: Candidate<'a>) -> usize {
        self.push_item(false, candidate)
    }

    fn push_item(&mut self, rare: bool, candidate: Candidate<'a>) -> usize {
        self.items.push((rare, candidate));
        self.items.len() - 1
    }

    /// Puts the index at `at` back at the end of `group`.
    pub(super) fn chain(&mut self, group: usize, at: usize) {
        if let Some(group) = self.groups.get_mut(group) {
            group.push(at);
        }
    }

    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    pub(super) fn has(&self, group: usize) -> bool {
        self.groups.get(group).is_some_and(|g| !g.is_empty())
    }

    /// The positions of the indexes of `group` (rare ones apart), in the order found; the
    /// group is empty afterwards.
    pub(super) fn take(&mut self, group: usize, derived: &mut Vec<usize>, rare: &mut Vec<usize>) {
        let Some(group) = self.groups.get_mut(group) else { return };
        for at in std::mem::take(group) {
            match self.items.get(at) {
                Some((true, _)) => rare.push(at),
                Some((false, _)) => derived.push(at),
                None => {}
            }
        }
    }

    /// The index at position `at`.
    pub(super) fn get(&self, at: usize) -> Option<&Candidate<'a>> {
        self.items.get(at).map(|item| &item.1)
    }

    pub(super) fn get_mut(&mut self, at: usize) -> Option<&mut Candidate<'a>> {
        self.items.get_mut(at).map(|item| &mut item.1)
    }

    /// Whether the index at `host` serves the one at `candidate` (see [`absorbs`]).
    fn absorbs(&self, host: usize, candidate: usize) -> bool {
        self.get(host).zip(self.get(candidate)).is_some_and(|(h, c)| absorbs(h, c))
    }

    /// The index at `host` serves the one at `candidate` too (see [`fold_into`]).
    pub(super) fn fold(&mut self, reasons: &mut Reasons, host: usize, candidate: usize) {
        // Split the list between the two, the host on one side and the candidate on the other.
        let pair = match host < candidate {
            true => {
                self.items.split_at_mut_checked(candidate).and_then(|(l, r)| Some((l.get_mut(host)?, r.first_mut()?)))
            }
            false => {
                self.items.split_at_mut_checked(host).and_then(|(l, r)| Some((r.first_mut()?, l.get_mut(candidate)?)))
            }
        };
        if let Some((host, candidate)) = pair {
            fold_into(reasons, &mut host.1, &mut candidate.1);
        }
    }

    /// The first of `kept` (positions) that serves the index at `candidate`.
    pub(super) fn host_in(&self, kept: &[usize], candidate: usize) -> Option<usize> {
        kept.iter().copied().find(|&k| self.absorbs(k, candidate))
    }
}

/// The id of the query at `at`.
pub(super) fn id_at(model: &Model, at: usize) -> &str {
    model.queries.get(at).map_or("", |q| q.id.as_str())
}

/// Folds derived indexes into the declared ones (`kept`) and into each other: an index whose
/// keys are a prefix of a kept one (or equal to it) is served by it. TTL indexes merge only
/// with an identical TTL index. `kept` ends with the declared indexes, then the derived ones
/// kept in the order found; `derived` ends empty. All are positions in `found`.
pub(super) fn merge(reasons: &mut Reasons, found: &mut Found, kept: &mut Vec<usize>, derived: &mut Vec<usize>) {
    // Longest first (the first found on a tie: the sort is stable), so each shorter index
    // finds the longest one it is a prefix of. Places in `derived`.
    let mut order: Vec<usize> = (0..derived.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(derived.get(i).and_then(|&c| found.get(c)).map_or(0, |c| c.keys.len())));
    // The derived indexes kept so far (places in `derived`), in the order kept: searched
    // after the declared ones, as they were appended after them.
    let mut hosts: Vec<usize> = Vec::new();
    for i in order {
        let Some(&candidate) = derived.get(i) else { continue };
        let host = found.host_in(kept, candidate).or_else(|| {
            let derived_host =
                hosts.iter().copied().find(|&h| derived.get(h).is_some_and(|&h| found.absorbs(h, candidate)));
            derived_host.and_then(|h| derived.get(h).copied())
        });
        match host {
            Some(host) => found.fold(reasons, host, candidate),
            None => hosts.push(i),
        }
    }
    hosts.sort_unstable();
    kept.extend(hosts.iter().filter_map(|&i| derived.get(i)));
    derived.clear();
}

/// `host` serves `candidate`'s queries too: note them and why (`candidate`'s reason is taken).
pub(super) fn fold_into(reasons: &mut Reasons, host: &mut Candidate, candidate: &mut Candidate) {
    let model = reasons.model;
    let same_keys = host.keys.same(&candidate.keys);
    let before = std::mem::replace(&mut host.reason, Reason::Declared);
    for q in candidate.queries() {
        let id = id_at(model, q);
        if !host.queries().any(|h| id_at(model, h) == id) {
            host.push(q);
        }
    }
    host.multikey |= candidate.multikey;
    let text = if host.declared && same_keys && host.query_count() == candidate.query_count() {
        let reason = std::mem::replace(&mut candidate.reason, Reason::Declared);
        index_reason::declared_and(reasons.build(reason, &candidate.keys, candidate.first()))
    } else {
        let before = reasons.build(before, &host.keys, host.first());
        let mut ids = String::new();
        for (i, q) in candidate.queries().enumerate() {
            if i > 0 {
                ids.push_str(", ");
            }
            ids.push_str(id_at(model, q));
        }
        index_reason::also_serves(before, ids, same_keys)
    };
    host.reason = Reason::Built(Box::new(text));
}

/// Whether `host` serves `candidate` (see [`merge`]). A declared index serves a query only
/// when its options allow it (hidden, partial, sparse, hashed: `query_shape::blocked`); one
/// with text, wildcard or hashed keys serves what `query_shape::serves` says, and a unique one
/// serves every query that matches all its keys by equality (one document at most).
pub(super) fn absorbs(host: &Candidate, candidate: &Candidate) -> bool {
    if host.refused {
        return false;
    }
    if let (Keys::Declared(spec), Keys::Derived(shape)) = (host.keys, candidate.keys) {
        if blocked(spec, shape).is_some() {
            return false;
        }
        if spec.has_special_keys() {
            return serves(spec, shape);
        }
        if spec.ttl_seconds.is_none() && pins_one(spec, shape) {
            return true;
        }
    }
    if let (Keys::Declared(spec), Keys::Foreign(_)) = (host.keys, candidate.keys) {
        if !serves_lookup(spec) {
            return false;
        }
    }
    // Most pairs differ in their first field: told apart by its fingerprint alone.
    if candidate.head != host.head && candidate.head != EMPTY {
        return false;
    }
    match (host.keys.ttl(), candidate.keys.ttl()) {
        (None, None) => candidate.keys.prefix_either_way(&host.keys),
        (Some(a), Some(b)) => a == b && host.keys.same(&candidate.keys),
        _ => false,
    }
}

/// Leaves out derived indexes (never declared or TTL ones) until the collection is within
/// `budget`, those serving the fewest runs per minute first (the latest on a tie). `rates`:
/// the runs per minute by query id.
pub(super) fn trim(model: &Model, found: &Found, kept: &mut Vec<usize>, budget: usize, rates: &HashMap<&str, f64>) {
    while kept.len() > budget {
        let served =
            |c: &Candidate| c.queries().map(|q| rates.get(id_at(model, q)).copied().unwrap_or(0.0)).sum::<f64>();
        let weakest = kept
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| Some((i, found.get(c)?)))
            .filter(|(_, c)| !c.declared && c.keys.ttl().is_none())
            .map(|(i, c)| (i, served(c)))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
        let Some((i, _)) = weakest else { return };
        kept.remove(i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_compare_across_their_sources_without_being_built() {
        let declared = IndexSpec::new(&[("dia", -1), ("socio_id", 1)]);
        let flipped = IndexSpec::new(&[("dia", 1)]);
        let ttl = IndexSpec { ttl_seconds: Some(60), ..IndexSpec::new(&[("dia", 1)]) };
        let (long, short, ttl_declared) = (Keys::Declared(&declared), Keys::Declared(&flipped), Keys::Declared(&ttl));
        assert!(short.prefix_either_way(&long), "a prefix with every direction flipped");
        assert!(!long.prefix_either_way(&short));
        assert!(Keys::Ttl("dia", 60).same(&ttl_declared) && Keys::Ttl("dia", 60).ttl() == Some(60));
        assert!(!Keys::Ttl("dia", 60).same(&long));
        assert_eq!(Keys::Ttl("dia", 60).spec(), ttl);
        assert_eq!(long.spec(), declared);
        let mut c = Candidate::new(long, None, Reason::Declared, false, true);
        assert_eq!(c.queries().count(), 0);
        c.push(3);
        c.push(1);
        assert_eq!(c.queries().collect::<Vec<_>>(), [3, 1]);
        assert_eq!(c.query_count(), 2);
    }

    #[test]
    fn fingerprints_tell_first_fields_apart_and_keep_equal_ones_equal() {
        let (a, b, c) = (
            IndexSpec::new(&[("estado", 1)]),
            IndexSpec::new(&[("estado", -1), ("fecha", 1)]),
            IndexSpec::new(&[("estados", 1)]),
        );
        let none = IndexSpec::new(&[]);
        let (ka, kb, kc, kn) = (Keys::Declared(&a), Keys::Declared(&b), Keys::Declared(&c), Keys::Declared(&none));
        assert_eq!(head(&ka), head(&kb), "same first field, either direction");
        assert_ne!(head(&ka), head(&kc), "a longer field");
        assert_eq!(head(&kn), EMPTY);
        assert_eq!(head(&Keys::Ttl("estado", 60)), head(&ka));
        let candidate = |keys| Candidate::new(keys, None, Reason::Declared, false, false);
        assert!(absorbs(&candidate(kb), &candidate(ka)), "a flipped prefix");
        assert!(!absorbs(&candidate(kc), &candidate(ka)));
        assert!(absorbs(&candidate(kc), &candidate(kn)), "no keys: a prefix of any index");
        let long: Vec<(String, i8)> = vec![("a_field_name_longer_than_seven".into(), 1)];
        let long = IndexSpec::new(&long.iter().map(|(f, d)| (f.as_str(), *d)).collect::<Vec<_>>());
        let other = IndexSpec::new(&[("a_field_name_longer_than_seven_too", 1)]);
        let (kl, ko) = (Keys::Declared(&long), Keys::Declared(&other));
        assert!(!absorbs(&candidate(ko), &candidate(kl)), "same first bytes, other field");
    }

    #[test]
    fn reasons_are_written_from_where_the_index_comes_from() {
        let model = Model::new("t");
        let shapes: Shapes = std::sync::Arc::new(Vec::new());
        let mut reasons = Reasons { model: &model, shapes: &shapes };
        let ttl = reasons.build(Reason::Ttl("r7"), &Keys::Ttl("dia", 86_400), None);
        assert_eq!(ttl, index_reason::ttl(86_400, "dia", "r7"));
        assert!(ttl.contains("the retention of r7"), "{ttl}");
        let spec = IndexSpec::new(&[("a", 1)]);
        assert_eq!(reasons.build(Reason::Declared, &Keys::Declared(&spec), None), index_reason::declared());
        let built = index_reason::declared_and(index_reason::declared());
        assert_eq!(reasons.build(Reason::Built(Box::new(built.clone())), &Keys::Declared(&spec), None), built);
        assert!(reasons.build(Reason::Derived, &Keys::Declared(&spec), Some(0)).is_empty(), "no such query: no reason");
        assert!(reasons.build(Reason::Derived, &Keys::Declared(&spec), None).is_empty(), "no query: no reason");
    }

    #[test]
    fn found_indexes_come_back_by_group_in_the_order_found_once() {
        let spec = IndexSpec::new(&[("a", 1)]);
        let candidate =
            |first: usize| Candidate::new(Keys::Declared(&spec), Some(first), Reason::Declared, false, false);
        let mut found = Found::new(3, 0);
        for (group, rare, q) in [(2, false, 0), (0, false, 1), (2, true, 2), (2, false, 3), (7, false, 4)] {
            found.add(group, rare, candidate(q));
        }
        assert_eq!(found.len(), 4, "group 7 does not exist");
        assert!(found.has(2) && found.has(0) && !found.has(1));
        let (mut derived, mut rare) = (Vec::new(), Vec::new());
        found.take(2, &mut derived, &mut rare);
        let firsts = |found: &Found, at: &[usize]| at.iter().filter_map(|&c| found.get(c)?.first()).collect::<Vec<_>>();
        assert_eq!(firsts(&found, &derived), [0, 3]);
        assert_eq!(firsts(&found, &rare), [2]);
        assert!(!found.has(2));
        found.take(2, &mut derived, &mut rare);
        assert_eq!(derived.len() + rare.len(), 3, "taken once");
        found.take(1, &mut derived, &mut rare);
        assert_eq!(derived.len(), 2, "an empty group gives nothing");
        found.chain(1, rare[0]);
        let declared = found.push(candidate(9));
        assert!(found.has(1) && found.get(declared).is_some_and(|c| c.first() == Some(9)));
        let (mut again, mut rare_again) = (Vec::new(), Vec::new());
        found.take(1, &mut again, &mut rare_again);
        assert_eq!((again.len(), firsts(&found, &rare_again)), (0, vec![2]), "a rare index put back in another group");
    }
}
