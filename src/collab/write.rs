//! A model written into the shared document: only what differs from what the document holds
//! (the records added, removed or changed, and in a changed record only the members that
//! changed), so a concurrent edit of anything else is left alone.

use super::order;
use super::project::Projection;
use super::records::{ids, meta_members, records, same_record, Kind, Members, META, ORDER};
use crate::model::Model;
use std::collections::HashSet;
use yrs::{Any, Map, MapPrelim, MapRef, Out, TransactionMut, WriteTxn};

/// How records added by this write are keyed in their root map.
#[derive(Debug, Clone, Copy)]
pub enum NewKeys {
    /// By their id: the design a room starts from (no one else has written yet).
    Ids,
    /// By their id and this peer's client id, so two people adding `collection3` at once
    /// add two records (the reading gives the second a fresh id).
    OfClient(u64),
}

fn stored(txn: &TransactionMut, map: &MapRef, name: &str) -> Option<String> {
    match map.get(txn, name) {
        Some(Out::Any(Any::String(s))) => Some(s.to_string()),
        _ => None,
    }
}

/// Writes `members` into `map`: changed and new members set, members no longer there removed.
fn write_members(txn: &mut TransactionMut, map: &MapRef, members: &Members) {
    let names: HashSet<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
    let old: Vec<String> = map.keys(txn).map(str::to_string).collect();
    for name in old {
        if name != ORDER && !names.contains(name.as_str()) {
            map.remove(txn, &name);
        }
    }
    for (name, text) in members {
        if stored(txn, map, name).as_deref() != Some(text.as_str()) {
            map.insert(txn, name.as_str(), text.as_str());
        }
    }
}

/// Writes what `after` changes in the document `current` was read from.
pub fn write(txn: &mut TransactionMut, current: &Projection, after: &Model, new_keys: NewKeys) {
    let meta = txn.get_or_insert_map(META);
    write_members(txn, &meta, &meta_members(after));
    for kind in Kind::ALL {
        write_kind(txn, current, after, kind, new_keys);
    }
}

fn write_kind(txn: &mut TransactionMut, current: &Projection, after: &Model, kind: Kind, new_keys: NewKeys) {
    let root = txn.get_or_insert_map(kind.root());
    let new_ids = ids(after, kind);
    let kept: HashSet<&str> = new_ids.iter().copied().collect();
    for old in ids(&current.model, kind) {
        if !kept.contains(old) {
            if let Some(slot) = current.slots.get(&(kind, old.to_string())) {
                root.remove(txn, &slot.key);
            }
        }
    }
    let slot = |id: &str| current.slots.get(&(kind, id.to_string()));
    let existing: Vec<Option<&str>> = new_ids.iter().map(|id| slot(id).and_then(|s| s.order.as_deref())).collect();
    let new_order = order::assign(&existing);
    // Members are written as text only for the records that changed.
    let changed: Vec<bool> = (0..new_ids.len()).map(|i| !same_record(after, &current.model, kind, i)).collect();
    let all = if changed.iter().any(|&c| c) { records(after, kind) } else { Vec::new() };
    for (i, id) in new_ids.iter().enumerate() {
        match slot(id) {
            Some(s) => {
                let Some(Out::YMap(map)) = root.get(txn, &s.key) else { continue };
                if changed[i] {
                    write_members(txn, &map, &all[i].1);
                }
                if let Some(key) = &new_order[i] {
                    map.insert(txn, ORDER, key.as_str());
                }
            }
            None => {
                let key = match new_keys {
                    NewKeys::Ids => id.to_string(),
                    NewKeys::OfClient(client) => format!("{id}@{client:x}"),
                };
                let order_key = new_order[i].clone().unwrap_or_else(|| order::between(None, None));
                let members = all[i].1.iter().map(|(k, v)| (k.clone(), v.clone()));
                let prelim: MapPrelim = members.chain([(ORDER.to_string(), order_key)]).collect();
                root.insert(txn, key, prelim);
            }
        }
    }
}
