//! The shared document read back as a model, repaired where a merge (or a broken or hostile
//! peer) left what a model file may not hold. Every peer reads the same document the same way,
//! so every browser shows the same repaired design; the repair is not written back, so a record
//! it hides comes back when what it needs does (an undone deletion).
//!
//! What is repaired: a record whose members do not make one is left out; a repeated id (two
//! people added `collection3` at once) keeps its id on the first record and gives the others a
//! fresh one; a relation whose end is gone, and a reply to no thread, are left out. Everything
//! else a merge can make (a box embedded by two parents, a query naming a deleted box) is what
//! a model file can hold: `check_structure` reports it, as for a file.

use super::order;
use super::records::{model_with_meta, Kind, Record, META, ORDER};
use crate::model::Model;
use serde_json::{Map as JsonMap, Value};
use std::collections::{HashMap, HashSet};
use yrs::{Any, Map, Out, ReadTxn};

/// Something the reading left out or changed, named for a notice and for tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repair {
    /// A record whose members do not make one (document key).
    Unreadable { kind: Kind, key: String },
    /// A repeated id, renamed.
    Renamed { kind: Kind, from: String, to: String },
    /// A relation to an entity that is gone, or a reply to no thread.
    Dangling { kind: Kind, id: String },
}

/// A record's place in the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// Its key in the kind's root map.
    pub key: String,
    /// Its order key, when it has a valid one.
    pub order: Option<String>,
}

/// The model the document holds, and where each of its records is.
#[derive(Debug, Clone, Default)]
pub struct Projection {
    pub model: Model,
    /// (kind, id in the model) → its slot in the document.
    pub slots: HashMap<(Kind, String), Slot>,
    pub repairs: Vec<Repair>,
}

/// A map's members whose values are JSON text, parsed (other values are skipped).
fn json_members<T: ReadTxn>(txn: &T, map: &yrs::MapRef) -> (JsonMap<String, Value>, Option<String>) {
    let mut members = JsonMap::new();
    let mut order_key = None;
    for (name, value) in map.iter(txn) {
        let Out::Any(Any::String(text)) = value else { continue };
        if name == ORDER {
            order_key = order::valid(&text).then(|| text.to_string());
        } else if let Ok(v) = serde_json::from_str::<Value>(&text) {
            members.insert(name.to_string(), v);
        }
    }
    (members, order_key)
}

struct Read {
    kind: Kind,
    slot: Slot,
    record: Record,
}

impl Read {
    fn id(&self) -> &str {
        match &self.record {
            Record::Entity(r) => &r.id,
            Record::Relation(r) => &r.id,
            Record::Query(r) => &r.id,
            Record::Comment(r) => &r.id,
        }
    }

    fn set_id(&mut self, id: String) {
        match &mut self.record {
            Record::Entity(r) => r.id = id,
            Record::Relation(r) => r.id = id,
            Record::Query(r) => r.id = id,
            Record::Comment(r) => r.id = id,
        }
    }
}

/// Reads the document as a model.
pub fn project<T: ReadTxn>(txn: &T) -> Projection {
    let mut repairs = Vec::new();
    let meta = txn.get_map(META).map(|m| json_members(txn, &m).0).unwrap_or_default();
    let mut model = model_with_meta(meta);
    let mut reads: Vec<Read> = Vec::new();
    for kind in Kind::ALL {
        let Some(root) = txn.get_map(kind.root()) else { continue };
        let mut of_kind = Vec::new();
        for (key, value) in root.iter(txn) {
            let Out::YMap(map) = value else {
                repairs.push(Repair::Unreadable { kind, key: key.to_string() });
                continue;
            };
            let (members, order_key) = json_members(txn, &map);
            match Record::parse(kind, members) {
                Some(record) => {
                    of_kind.push(Read { kind, slot: Slot { key: key.to_string(), order: order_key }, record })
                }
                None => repairs.push(Repair::Unreadable { kind, key: key.to_string() }),
            }
        }
        // Model order: by order key (records without one last), then by document key.
        of_kind.sort_by(|a, b| {
            let rank = |r: &Read| (r.slot.order.is_none(), r.slot.order.clone(), r.slot.key.clone());
            rank(a).cmp(&rank(b))
        });
        reads.extend(of_kind);
    }
    rename_repeated_ids(&mut reads, &mut repairs);
    let mut slots = HashMap::new();
    for read in reads {
        slots.insert((read.kind, read.id().to_string()), read.slot);
        match read.record {
            Record::Entity(r) => model.entities.push(*r),
            Record::Relation(r) => model.relations.push(*r),
            Record::Query(r) => model.queries.push(*r),
            Record::Comment(r) => model.comments.push(*r),
        }
    }
    drop_dangling(&mut model, &mut slots, &mut repairs);
    Projection { model, slots, repairs }
}

/// Entities, relations and queries share one space of ids (as `Model::fresh_id` has it);
/// comments have their own. The first record with an id keeps it.
fn rename_repeated_ids(reads: &mut [Read], repairs: &mut Vec<Repair>) {
    let space = |kind: Kind| kind == Kind::Comment;
    let all: HashSet<(bool, String)> = reads.iter().map(|r| (space(r.kind), r.id().to_string())).collect();
    let mut taken: HashSet<(bool, String)> = HashSet::new();
    for read in reads.iter_mut() {
        let s = space(read.kind);
        let id = read.id().to_string();
        if taken.insert((s, id.clone())) {
            continue;
        }
        let fresh = (2..)
            .map(|n| format!("{id}-{n}"))
            .find(|c| !all.contains(&(s, c.clone())) && !taken.contains(&(s, c.clone())))
            .unwrap_or_default();
        taken.insert((s, fresh.clone()));
        repairs.push(Repair::Renamed { kind: read.kind, from: id, to: fresh.clone() });
        read.set_id(fresh);
    }
}

fn drop_dangling(model: &mut Model, slots: &mut HashMap<(Kind, String), Slot>, repairs: &mut Vec<Repair>) {
    let entities: HashSet<&str> = model.entities.iter().map(|e| e.id.as_str()).collect();
    let mut gone = Vec::new();
    model.relations.retain(|r| {
        let keep = entities.contains(r.parent.as_str()) && entities.contains(r.child.as_str());
        if !keep {
            gone.push((Kind::Relation, r.id.clone()));
        }
        keep
    });
    let threads: HashSet<String> =
        model.comments.iter().filter(|c| c.reply_to.is_none() && c.anchor.is_some()).map(|c| c.id.clone()).collect();
    model.comments.retain(|c| {
        let keep = match &c.reply_to {
            Some(to) => threads.contains(to),
            None => c.anchor.is_some(),
        };
        if !keep {
            gone.push((Kind::Comment, c.id.clone()));
        }
        keep
    });
    for (kind, id) in gone {
        slots.remove(&(kind, id.clone()));
        repairs.push(Repair::Dangling { kind, id });
    }
}
