//! What the facts of the relations read about the model's entities and access patterns, in one
//! record per entity (and per other id a query or relation names), built once per analysis.
//! Records sit at the entity's position in the id table the analysis shares, so a relation's
//! ends reach theirs without hashing an id.

use crate::advisor::SizeEstimate;
use crate::i18n::Arg;
use crate::keyed::HashMap;
use crate::model::ids::IdIndex;
use crate::model::{AccessPattern, Entity, Model, QueryKind, Relation, Storage, WriteOp};
use std::cell::OnceCell;
use std::rc::Rc;

/// Whether the relation puts a copy of the child into the parent (embedding or a subset).
pub(super) fn copies_child(r: &Relation) -> bool {
    r.storage == Storage::Embed || r.subset.is_some()
}

/// A read (or analytical read): it reads data rather than changing it.
pub(crate) fn is_read(q: &AccessPattern) -> bool {
    matches!(q.kind, QueryKind::Read | QueryKind::Analytical)
}

/// Executions per minute, with nonsense (NaN, negative) read as zero.
pub(crate) fn rate(q: &AccessPattern) -> f64 {
    if q.per_minute.is_finite() && q.per_minute > 0.0 {
        q.per_minute.min(1e12)
    } else {
        0.0
    }
}

/// The display name of `id` (its collection or sub-document name), or the id itself.
pub(super) fn display_name<'s>(entity: Option<&'s Entity>, id: &'s str) -> &'s str {
    match entity {
        Some(e) if !e.name.is_empty() => e.name.as_str(),
        _ => id,
    }
}

/// Adds `q` to the list of `record`, growing the lists to reach it.
fn push_at<'a>(lists: &mut Vec<Vec<&'a AccessPattern>>, record: usize, q: &'a AccessPattern) {
    if record >= lists.len() {
        lists.resize_with(record + 1, Vec::new);
    }
    lists[record].push(q);
}

/// Look-ups over the model's entities and access patterns, built once per analysis.
pub(crate) struct Usage<'a> {
    pub model: &'a Model,
    ids: Rc<IdIndex<'a>>,
    /// What the facts read about each id: first one record per entity position (an id two
    /// entities share uses the last one's), then one per other id a query or relation names.
    info: Vec<Info<'a>>,
    /// The record of each id that is no entity's.
    others: HashMap<&'a str, usize>,
    /// The records of each relation's parent and child, in model order.
    ends: Vec<(usize, usize)>,
    /// Every read, grouped by the record it starts at (in model order within a group): each
    /// record's [`Info::reads_from`] is a range of it.
    reads: Vec<&'a AccessPattern>,
    /// The record of an id a read touches, grouped by the record the read starts at (each
    /// record's [`Info::pairs`] is a range of it) and sorted, with the read at the same
    /// position of `pair_reads` (in model order within one pair).
    pair_keys: Vec<usize>,
    pair_reads: Vec<&'a AccessPattern>,
    /// Reads keyed by (record they start at, first segment of a filter/sort/projection path),
    /// for the paths an embedding names on its parent (the only ones looked up).
    paths: HashMap<(usize, &'a str), Vec<&'a AccessPattern>>,
    /// The access patterns of each record (those whose `entity` it is), in model order.
    own: Vec<Vec<&'a AccessPattern>>,
    /// The access patterns that name each record (as their entity or one they touch), in model
    /// order, each once.
    naming: Vec<Vec<&'a AccessPattern>>,
    /// The writes that change fields of documents already there (not inserts or deletes, with
    /// their `changes` stated), in model order: the writes that can change a copy's source.
    changing_writes: Vec<&'a AccessPattern>,
}

/// What the facts of a relation read about one of its ends.
#[derive(Default)]
pub(super) struct Info<'a> {
    pub entity: Option<&'a Entity>,
    /// The display name, made once and shared by every sentence that names it (relation ends
    /// only).
    pub name: Option<Arg>,
    /// Reads that start at it: a range of [`Usage::reads`] (see [`Usage::reads_from`]).
    reads_from: std::ops::Range<usize>,
    /// The reads that start at it, by the id they touch: a range of `pair_keys`/`pair_reads`.
    pairs: std::ops::Range<usize>,
    /// Read executions per minute starting at it.
    pub reads_per_min: f64,
    /// Write executions per minute starting at or touching it.
    pub writes_per_min: f64,
    /// How many relations copy it into their parent (embed or subset).
    pub copies: usize,
    /// How many relations embed it (`storage: embed`): its documents live in another
    /// aggregate.
    pub embedded: usize,
    /// How many relations reference children of its own (it is the parent; loops aside): an
    /// entity with an identity others point to, not an event.
    pub referenced_children: usize,
    /// The average size of its documents, when it is a collection.
    pub avg_bytes: Option<u64>,
    /// Field-based byte estimate, made the first time a relation's facts need it (a child
    /// whose bytes are declared, or whose collection has a size estimate, needs none).
    pub estimate: OnceCell<u64>,
    /// Whether an embedding names a field on it (its reads' paths are then listed).
    pub embeds_field: bool,
}

impl<'a> Usage<'a> {
    /// The look-ups of `model`, with an id table of their own.
    #[cfg(test)]
    pub fn new(model: &'a Model, sizes: &[SizeEstimate]) -> Usage<'a> {
        Usage::with_ids(Rc::new(IdIndex::new(model)), sizes)
    }

    /// The look-ups of the model `ids` indexes, sharing that table.
    #[inline(never)] // a phase of `analyze`, kept apart so profiles show it
    pub fn with_ids(ids: Rc<IdIndex<'a>>, sizes: &[SizeEstimate]) -> Usage<'a> {
        let model = ids.model;
        let mut info: Vec<Info<'a>> = Vec::with_capacity(model.entities.len());
        info.extend(model.entities.iter().map(|e| Info { entity: Some(e), ..Info::default() }));
        let mut u = Usage {
            model,
            ids,
            info,
            others: HashMap::default(),
            ends: Vec::with_capacity(model.relations.len()),
            reads: Vec::new(),
            pair_keys: Vec::new(),
            pair_reads: Vec::new(),
            paths: HashMap::default(),
            own: Vec::new(),
            naming: Vec::new(),
            changing_writes: Vec::new(),
        };
        u.attach_sizes(sizes);
        // The reads and the records they start at, for the paths below.
        let mut starts: Vec<(usize, &'a AccessPattern)> = Vec::with_capacity(model.queries.len());
        // (start, touched) of every read's touched id, sorted below.
        let touching = model.queries.iter().filter(|q| is_read(q)).map(|q| q.touches.len()).sum();
        let mut pairs: Vec<((usize, usize), &'a AccessPattern)> = Vec::with_capacity(touching);
        // The entities a query names are found by position (the id table's, made once); only
        // ids no entity has are hashed here.
        let ids = Rc::clone(&u.ids);
        for q in &model.queries {
            let start = u.record_or_insert_at(ids.start_of(q), &q.entity);
            push_at(&mut u.own, start, q);
            let mut named: Vec<usize> = Vec::with_capacity(1 + q.touches.len());
            for (id, at) in q.entities().zip(ids.entities_of(q)) {
                let record = u.record_or_insert_at(at, id);
                if !named.contains(&record) {
                    named.push(record);
                    push_at(&mut u.naming, record, q);
                }
            }
            if q.kind == QueryKind::Write
                && !matches!(q.write, Some(WriteOp::Insert | WriteOp::Delete))
                && !q.changes.is_empty()
            {
                u.changing_writes.push(q);
            }
            if is_read(q) {
                let at = u.record_mut(start);
                at.reads_from.end += 1; // counted here, placed below
                at.reads_per_min += rate(q);
                // An analytical read (a nightly report) may join what no view of the
                // application reads together: it counts as a read, never as a view of either
                // side (the criteria and the copies read the views).
                let touches = if q.kind == QueryKind::Analytical { &[][..] } else { &q.touches[..] };
                for (t, at) in touches.iter().zip(ids.touched_of(q)) {
                    let touched = u.record_or_insert_at(at, t);
                    pairs.push(((start, touched), q));
                }
                starts.push((start, q));
            } else {
                for (id, at) in q.entities().zip(ids.entities_of(q)) {
                    let record = u.record_or_insert_at(at, id);
                    u.record_mut(record).writes_per_min += rate(q);
                }
            }
        }
        u.group_reads(&starts);
        // A stable sort: the reads of one pair stay in model order.
        pairs.sort_by_key(|&(key, _)| key);
        u.pair_keys.reserve_exact(pairs.len());
        u.pair_reads.reserve_exact(pairs.len());
        for (k, ((start, touched), q)) in pairs.into_iter().enumerate() {
            u.pair_keys.push(touched);
            u.pair_reads.push(q);
            let range = &mut u.record_mut(start).pairs;
            if range.start == range.end {
                *range = k..k;
            }
            range.end = k + 1;
        }
        for (i, r) in model.relations.iter().enumerate() {
            let (parent, child) = u.ids.end_positions(i);
            let parent = parent.unwrap_or_else(|| u.record_or_insert(&r.parent));
            let child = child.unwrap_or_else(|| u.record_or_insert(&r.child));
            u.ends.push((parent, child));
            if copies_child(r) {
                u.record_mut(child).copies += 1;
            }
            if r.storage == Storage::Embed {
                u.record_mut(child).embedded += 1;
            }
            if r.storage == Storage::Reference && r.parent != r.child {
                u.record_mut(parent).referenced_children += 1;
            }
            for (record, end) in [(parent, r.parent.as_str()), (child, r.child.as_str())] {
                let at = u.record_mut(record);
                if at.name.is_none() {
                    at.name = Some(Arg::str(display_name(at.entity, end)));
                }
            }
            // Only an embedding's field is ever looked up (on its parent): the reads' paths
            // are listed for those alone.
            if r.storage == Storage::Embed && !r.field.is_empty() {
                u.paths.entry((parent, r.field.as_str())).or_default();
                u.record_mut(parent).embeds_field = true;
            }
        }
        if !u.paths.is_empty() {
            for (start, q) in starts {
                // Most reads start where no embedding names a field: nothing to look up.
                if !u.info.get(start).is_some_and(|i| i.embeds_field) {
                    continue;
                }
                let paths = q.filters.iter().map(|f| &f.field).chain(q.sort.iter().map(|s| &s.field));
                for path in paths.chain(q.projection.iter()) {
                    let head = path.split('.').next().unwrap_or(path);
                    let Some(list) = u.paths.get_mut(&(start, head)) else { continue };
                    if !list.iter().any(|p| p.id == q.id) {
                        list.push(q);
                    }
                }
            }
        }
        u
    }

    /// Places the reads (`starts`: each with its start record, in model order) in one list
    /// grouped by record, each record's range counted beforehand in its `reads_from.end`.
    fn group_reads(&mut self, starts: &[(usize, &'a AccessPattern)]) {
        let Some(&(_, first)) = starts.first() else { return };
        let mut next = 0;
        for info in &mut self.info {
            let count = info.reads_from.end;
            info.reads_from = next..next; // filled up to `next + count` below
            next += count;
        }
        self.reads = vec![first; next];
        for &(start, q) in starts {
            if let Some(range) = self.info.get_mut(start).map(|i| &mut i.reads_from) {
                if let Some(slot) = self.reads.get_mut(range.end) {
                    *slot = q;
                    range.end += 1;
                }
            }
        }
    }

    /// The access patterns of the entity `id` (whose `entity` it is), in model order.
    pub(crate) fn patterns_of(&self, id: &str) -> &[&'a AccessPattern] {
        self.record(id).and_then(|r| self.own.get(r)).map_or(&[], Vec::as_slice)
    }

    /// The access patterns that name the entity `id`, as their entity or one they touch, in
    /// model order.
    pub(crate) fn patterns_naming(&self, id: &str) -> &[&'a AccessPattern] {
        self.record(id).and_then(|r| self.naming.get(r)).map_or(&[], Vec::as_slice)
    }

    /// The writes that change fields of documents already there, in model order.
    pub(crate) fn changing_writes(&self) -> &[&'a AccessPattern] {
        &self.changing_writes
    }

    /// The reads that start at a record.
    pub(super) fn reads_from(&self, info: &Info<'a>) -> &[&'a AccessPattern] {
        self.reads.get(info.reads_from.clone()).unwrap_or(&[])
    }

    /// Hands each size estimate to its entity's record. The estimates follow the model's
    /// order (one per collection): when no two entities share an id, each is found by walking
    /// the entities once, comparing ids; an estimate not found that way, and every one after
    /// it, is looked up by id (the last entity with the id, as everywhere else).
    fn attach_sizes(&mut self, sizes: &[SizeEstimate]) {
        let model = self.model;
        let mut walk = (!self.ids.entity_ids_repeat()).then_some(0usize);
        for s in sizes {
            if let Some(from) = walk {
                let id = s.entity.as_str();
                let found = model.entities.get(from..).and_then(|rest| rest.iter().position(|e| e.id == id));
                walk = found.map(|k| from + k + 1);
                if let Some(record) = found.map(|k| from + k) {
                    self.record_mut(record).avg_bytes = Some(s.avg_bytes);
                    continue;
                }
            }
            let id = s.entity.as_str();
            let record = match self.record(id) {
                Some(record) => record,
                None => continue,
            };
            self.record_mut(record).avg_bytes = Some(s.avg_bytes);
        }
    }

    /// The record of `id`, if it has one.
    fn record(&self, id: &str) -> Option<usize> {
        self.ids.entity_position(id).or_else(|| self.others.get(id).copied())
    }

    /// The record of `id`, made when it has none.
    fn record_or_insert(&mut self, id: &'a str) -> usize {
        let at = self.ids.entity_position(id);
        self.record_or_insert_at(at, id)
    }

    /// [`Self::record_or_insert`] of `id`, whose entity position (as the id table finds it) is
    /// `at`: only an id no entity has is hashed.
    fn record_or_insert_at(&mut self, at: Option<usize>, id: &'a str) -> usize {
        if let Some(i) = at.or_else(|| self.others.get(id).copied()) {
            return i;
        }
        let next = self.info.len();
        self.info.push(Info::default());
        self.others.insert(id, next);
        next
    }

    fn record_mut(&mut self, record: usize) -> &mut Info<'a> {
        // Every record index handed out is in bounds; a fresh record keeps this total.
        if record >= self.info.len() {
            self.info.resize_with(record + 1, Info::default);
        }
        &mut self.info[record]
    }

    pub(super) fn info(&self, id: &str) -> Option<&Info<'a>> {
        self.info.get(self.record(id)?)
    }

    /// The records of `rel`'s parent and child: kept for the relation at position `i` (when
    /// `rel` is that relation), else looked up by id.
    pub(super) fn end_records(&self, i: Option<usize>, rel: &Relation) -> (Option<usize>, Option<usize>) {
        match i.and_then(|i| self.ends.get(i)) {
            Some(&(p, c)) => (Some(p), Some(c)),
            None => (self.record(&rel.parent), self.record(&rel.child)),
        }
    }

    pub(super) fn record_info(&self, record: Option<usize>) -> Option<&Info<'a>> {
        self.info.get(record?)
    }

    /// The id table the analysis shares.
    pub fn ids(&self) -> &IdIndex<'a> {
        &self.ids
    }

    pub fn entity(&self, id: &str) -> Option<&'a Entity> {
        self.info(id).and_then(|i| i.entity)
    }

    /// Reads that start at one record and touch the other.
    pub(super) fn pair(&self, start: Option<usize>, touched: Option<usize>) -> &[&'a AccessPattern] {
        let (Some(start), Some(touched)) = (start, touched) else { return &[] };
        let Some(range) = self.info.get(start).map(|i| i.pairs.clone()) else { return &[] };
        let keys = self.pair_keys.get(range.clone()).unwrap_or(&[]);
        let Some(from) = keys.iter().position(|&k| k == touched) else { return &[] };
        let len = keys.get(from..).map_or(0, |rest| rest.iter().take_while(|&&k| k == touched).count());
        self.pair_reads.get(range.start + from..range.start + from + len).unwrap_or(&[])
    }

    /// Reads that start at a record and name `head` as a path's first segment (`head`: the
    /// field of an embedding whose parent is that record; other heads are not listed).
    pub(super) fn path(&self, start: Option<usize>, head: &'a str) -> &[&'a AccessPattern] {
        let Some(start) = start else { return &[] };
        self.paths.get(&(start, head)).map(Vec::as_slice).unwrap_or(&[])
    }
}
