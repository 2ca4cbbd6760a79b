//! Two and three peers exchanging updates by hand (no network): edits cross, concurrent edits
//! converge, undo is personal, a broken or hostile update is refused or repaired.

use super::records::{Kind, ORDER};
use super::{Repair, Session};
use crate::editor::edit;
use crate::model::{load, Anchor, Comment, Model, Point};
use std::collections::HashSet;
use yrs::{Map, MapPrelim, Transact, WriteTxn};

fn bibliored() -> Model {
    load(crate::templates::template("bibliored").expect("template").json()).expect("loads")
}

/// Delivers everything each peer has sent to every other peer.
fn sync(peers: &mut [&mut Session]) {
    loop {
        let mut sent = false;
        for i in 0..peers.len() {
            let out = peers[i].take_outgoing();
            for update in &out {
                sent = true;
                for (j, peer) in peers.iter_mut().enumerate() {
                    if j != i {
                        peer.apply_remote(update).expect("update applies");
                    }
                }
            }
        }
        if !sent {
            return;
        }
    }
}

/// Two peers in a room started from BiblioRed.
fn room() -> (Session, Session) {
    let mut a = Session::start_with_client(1, &bibliored());
    let mut b = Session::join_with_client(2);
    sync(&mut [&mut a, &mut b]);
    (a, b)
}

#[test]
fn a_joining_peer_gets_the_same_design() {
    let (a, b) = room();
    assert_eq!(a.model(), &bibliored());
    assert_eq!(b.model(), a.model());
    assert!(a.repairs().is_empty(), "{:?}", a.repairs());
}

#[test]
fn a_model_with_comments_and_every_record_kind_round_trips_through_the_document() {
    let mut m = bibliored();
    m.notes = "Review on Monday".into();
    m.database = "biblio".into();
    let first = m.entities[0].id.clone();
    m.comments.push(Comment::thread("c1", Anchor::Entity { entity: first }, "Ana", 1, "<b>why</b>?"));
    m.comments.push(Comment::reply("c2", "c1", "Luis", 2, "because"));
    let mut a = Session::start_with_client(1, &m);
    let mut b = Session::join_with_client(2);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(b.model(), &m);
}

#[test]
fn an_edit_in_one_peer_appears_in_the_other() {
    let (mut a, mut b) = room();
    let mut m = a.model().clone();
    let id = edit::add_entity(&mut m, Point { x: 40.0, y: 40.0 });
    assert!(a.edit(&m, None));
    sync(&mut [&mut a, &mut b]);
    assert_eq!(b.model(), &m);
    assert!(b.model().entity(&id).is_some());
}

#[test]
fn concurrent_edits_of_different_members_of_one_box_both_stay() {
    let (mut a, mut b) = room();
    let id = a.model().entities[0].id.clone();
    let mut ma = a.model().clone();
    ma.entity_mut(&id).unwrap().name = "catalogue".into();
    a.edit(&ma, None);
    let mut mb = b.model().clone();
    mb.entity_mut(&id).unwrap().position = Point { x: 999.0, y: 5.0 };
    b.edit(&mb, None);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    let e = a.model().entity(&id).unwrap();
    assert_eq!((e.name.as_str(), e.position), ("catalogue", Point { x: 999.0, y: 5.0 }));
}

#[test]
fn concurrent_edits_of_one_member_converge_to_one_of_them() {
    let (mut a, mut b) = room();
    let id = a.model().entities[0].id.clone();
    for (peer, name) in [(&mut a, "from_a"), (&mut b, "from_b")] {
        let mut m = peer.model().clone();
        m.entity_mut(&id).unwrap().name = name.into();
        peer.edit(&m, None);
    }
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    assert!(["from_a", "from_b"].contains(&a.model().entity(&id).unwrap().name.as_str()));
}

thread_local! {
    /// The clock of the tests that date writes (ms).
    static NOW: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn now() -> u64 {
    NOW.get()
}

/// Renames box `id` in `peer` to `name`.
fn rename(peer: &mut Session, id: &str, name: &str) {
    let mut m = peer.model().clone();
    m.entity_mut(id).unwrap().name = name.into();
    peer.edit(&m, None);
}

#[test]
fn the_person_whose_concurrent_rename_lost_is_told_with_their_name() {
    let (mut a, mut b) = room();
    a.set_clock(now);
    b.set_clock(now);
    let id = a.model().entities[0].id.clone();
    rename(&mut a, &id, "from_a");
    rename(&mut b, &id, "from_b");
    sync(&mut [&mut a, &mut b]);
    let kept = a.model().entity(&id).unwrap().name.clone();
    let (winner, loser, mine) = if kept == "from_a" { (&mut a, &mut b, "from_b") } else { (&mut b, &mut a, "from_a") };
    assert!(winner.take_lost().is_empty(), "the kept name's author lost nothing");
    let lost = loser.take_lost();
    assert_eq!(lost.len(), 1, "{lost:?}");
    let l = &lost[0];
    assert_eq!((l.kind, l.id.as_str(), l.member.as_str()), (Kind::Entity, id.as_str(), "name"));
    assert_eq!((l.mine.as_str(), l.theirs.as_str()), (format!("\"{mine}\"").as_str(), format!("\"{kept}\"").as_str()));
    assert_eq!(l.by, vec![winner.client_id()], "the other person's client");
    // Their own value is one edit away, and it reaches the other person.
    let mut m = loser.model().clone();
    assert!(super::records::set_member(&mut m, l.kind, &l.id, &l.member, &l.mine));
    loser.edit(&m, None);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model().entity(&id).unwrap().name, mine);
    assert_eq!(b.model().entity(&id).unwrap().name, mine);
}

#[test]
fn a_rename_made_long_after_anothers_is_not_a_loss_to_tell() {
    let (mut a, mut b) = room();
    a.set_clock(now);
    b.set_clock(now);
    let id = a.model().entities[0].id.clone();
    NOW.set(1_000);
    rename(&mut a, &id, "first");
    sync(&mut [&mut a, &mut b]);
    // A minute later the other person renames it again, having seen it.
    NOW.set(61_000);
    rename(&mut b, &id, "second");
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model().entity(&id).unwrap().name, "second");
    assert!(a.take_lost().is_empty() && b.take_lost().is_empty());
    // Nor is a colleague's edit of another member of the same box, at once.
    NOW.set(200_000);
    rename(&mut a, &id, "third");
    let mut m = b.model().clone();
    m.entity_mut(&id).unwrap().position = Point { x: 5.0, y: 5.0 };
    b.edit(&m, None);
    sync(&mut [&mut a, &mut b]);
    assert!(a.take_lost().is_empty() && b.take_lost().is_empty());
}

#[test]
fn two_people_adding_a_box_at_once_keep_both_boxes() {
    let (mut a, mut b) = room();
    let mut ids = Vec::new();
    for peer in [&mut a, &mut b] {
        let mut m = peer.model().clone();
        ids.push(edit::add_entity(&mut m, Point::default()));
        peer.edit(&m, None);
    }
    assert_eq!(ids[0], ids[1], "both made the same id");
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    assert_eq!(a.model().entities.len(), bibliored().entities.len() + 2);
    let unique: HashSet<&str> = a.model().entities.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(unique.len(), a.model().entities.len());
    assert!(a.repairs().iter().any(|r| matches!(r, Repair::Renamed { kind: Kind::Entity, .. })));
    // The renamed box can be edited, and the edit reaches the other peer.
    let renamed = a.model().entities.iter().find(|e| e.id.starts_with(&format!("{}-", ids[0]))).unwrap().id.clone();
    let mut m = b.model().clone();
    m.entity_mut(&renamed).unwrap().name = "renamed_box".into();
    b.edit(&m, None);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model().entity(&renamed).unwrap().name, "renamed_box");
    assert_eq!(a.model(), b.model());
}

#[test]
fn a_relation_to_a_box_deleted_meanwhile_is_left_out_in_every_peer() {
    let (mut a, mut b) = room();
    let mut ma = a.model().clone();
    let doomed = ma.entities.last().unwrap().id.clone();
    edit::delete(&mut ma, &HashSet::from([doomed.clone()]), &HashSet::new(), &HashSet::new());
    a.edit(&ma, None);
    let mut mb = b.model().clone();
    let other = mb.entities[0].id.clone();
    let rel = edit::connect(&mut mb, &other, &doomed).unwrap();
    b.edit(&mb, None);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    assert!(a.model().relation(&rel).is_none());
    assert!(a.repairs().contains(&Repair::Dangling { kind: Kind::Relation, id: rel.clone() }));
    // Undoing the deletion brings the box back, and the relation with it.
    assert!(a.undo());
    sync(&mut [&mut a, &mut b]);
    assert!(b.model().relation(&rel).is_some());
    assert_eq!(a.model(), b.model());
}

#[test]
fn undo_reverts_my_step_and_leaves_a_colleagues_edit_of_the_same_box() {
    let (mut a, mut b) = room();
    let id = a.model().entities[0].id.clone();
    let old_name = a.model().entities[0].name.clone();
    // A renames by typing (one coalesced step), B moves the same box.
    for name in ["c", "ca", "cat"] {
        let mut m = a.model().clone();
        m.entity_mut(&id).unwrap().name = name.into();
        a.edit(&m, Some("rename"));
    }
    let mut mb = b.model().clone();
    mb.entity_mut(&id).unwrap().position = Point { x: 7.0, y: 8.0 };
    b.edit(&mb, None);
    sync(&mut [&mut a, &mut b]);
    assert!(a.undo());
    assert!(!a.can_undo(), "typing was one step");
    sync(&mut [&mut a, &mut b]);
    for peer in [&a, &b] {
        let e = peer.model().entity(&id).unwrap();
        assert_eq!((e.name.as_str(), e.position), (old_name.as_str(), Point { x: 7.0, y: 8.0 }));
    }
    // B's undo is B's: it moves the box back, and A's redo renames it again.
    assert!(b.undo());
    assert!(a.redo());
    sync(&mut [&mut a, &mut b]);
    let e = b.model().entity(&id).unwrap();
    assert_eq!((e.name.as_str(), e.position), ("cat", bibliored().entities[0].position));
    assert_eq!(a.model(), b.model());
}

#[test]
fn the_room_s_starting_design_is_not_undoable_and_a_remote_edit_is_not_mine() {
    let (mut a, mut b) = room();
    assert!(!a.can_undo() && !b.can_undo());
    let mut m = a.model().clone();
    m.name = "shared".into();
    a.edit(&m, None);
    sync(&mut [&mut a, &mut b]);
    assert!(!b.can_undo());
    assert!(!b.undo());
    assert_eq!(b.model().name, "shared");
}

#[test]
fn edits_made_offline_are_merged_when_the_peers_meet_again() {
    let (mut a, mut b) = room();
    // Both edit while apart: nothing is delivered.
    let mut ma = a.model().clone();
    for i in 0..20 {
        let id = edit::add_entity(&mut ma, Point { x: i as f64 * 10.0, y: 0.0 });
        ma.entity_mut(&id).unwrap().name = format!("offline_a_{i}");
        a.edit(&ma, None);
    }
    let mut mb = b.model().clone();
    mb.entities.reverse();
    mb.name = "renamed offline".into();
    b.edit(&mb, None);
    // They meet again: each sends what the other lacks (what a reconnect does).
    let _ = (a.take_outgoing(), b.take_outgoing());
    let for_b = a.update_since(&b.state_vector()).unwrap();
    let for_a = b.update_since(&a.state_vector()).unwrap();
    a.apply_remote(&for_a).unwrap();
    b.apply_remote(&for_b).unwrap();
    assert_eq!(a.model(), b.model());
    assert_eq!(a.model().name, "renamed offline");
    assert_eq!(a.model().entities.iter().filter(|e| e.name.starts_with("offline_a_")).count(), 20);
}

#[test]
fn order_moves_converge() {
    let (mut a, mut b) = room();
    let mut ma = a.model().clone();
    let last = ma.entities.pop().unwrap();
    ma.entities.insert(0, last);
    a.edit(&ma, None);
    let mut mb = b.model().clone();
    mb.entities.swap(1, 2);
    b.edit(&mb, None);
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    assert_eq!(a.model().entities[0].id, ma.entities[0].id);
}

#[test]
fn two_replies_to_one_thread_at_once_are_both_kept() {
    let (mut a, mut b) = room();
    let mut m = a.model().clone();
    m.comments.push(Comment::thread("t1", Anchor::Model, "Ana", 1, "Start"));
    a.edit(&m, None);
    sync(&mut [&mut a, &mut b]);
    for (peer, id) in [(&mut a, "ra"), (&mut b, "rb")] {
        let mut m = peer.model().clone();
        m.comments.push(Comment::reply(id, "t1", id, 2, "reply"));
        peer.edit(&m, None);
    }
    sync(&mut [&mut a, &mut b]);
    assert_eq!(a.model(), b.model());
    assert_eq!(a.model().threads()[0].replies.len(), 2);
}

/// Random bytes, cut updates and updates with a flipped bit. yrs 0.28.1 itself panics on some
/// (an overflow check of its own decoder, in a debug build): those are counted apart, and the
/// server (Yjs in Node) refuses such bytes before any browser sees them (`server/sync.mjs`).
#[test]
fn malformed_updates_are_refused_without_harm() {
    let (mut a, _) = room();
    let before = a.model().clone();
    let mut other = Session::start_with_client(9, &bibliored());
    let good = other.take_outgoing().concat();
    let mut rng = crate::rng::Rng::new(3);
    let (mut refused, mut applied, mut yrs_panics) = (0, 0, 0);
    for n in 0..300 {
        let bytes: Vec<u8> = match n % 3 {
            0 => (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
            1 => good[..rng.below(good.len() as u64) as usize].to_vec(),
            _ => {
                let mut g = good.clone();
                let at = rng.below(g.len() as u64) as usize;
                g[at] ^= 1 << rng.below(8);
                g
            }
        };
        let mut probe = Session::start_with_client(1, &before);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| probe.apply_remote(&bytes))) {
            Ok(Ok(())) => applied += 1,
            Ok(Err(_)) => refused += 1,
            Err(_) => {
                yrs_panics += 1;
                continue;
            }
        }
        // Whatever it did, the reading is a model that saves and loads.
        assert_eq!(load(&probe.model().to_json()).map(|_| ()), Ok(()));
    }
    println!("300 broken updates: {refused} refused, {applied} applied, {yrs_panics} panicked inside yrs");
    assert!(refused > 100, "{refused}");
    assert!(a.apply_remote(b"not an update").is_err());
    // An oversized update is refused before it is read, whatever it holds.
    let huge = vec![0u8; super::session::MAX_UPDATE + 1];
    assert_eq!(a.apply_remote(&huge), Err(super::CollabError::TooLarge(huge.len())));
    assert_eq!(a.model(), &before);
}

#[test]
fn a_hostile_record_is_left_out_and_the_rest_stays() {
    let (mut a, mut b) = room();
    // A peer writes, with the CRDT directly, a box whose fields are not a list and a member
    // that is not JSON text.
    let evil = Session::join_with_client(66);
    let doc = yrs::Doc::with_client_id(66);
    let update = {
        let mut txn = doc.transact_mut();
        let root = txn.get_or_insert_map(Kind::Entity.root());
        let bad: MapPrelim =
            [("id", "\"evil\""), ("name", "\"x\""), ("fields", "\"not a list\""), (ORDER, "5")].into_iter().collect();
        root.insert(&mut txn, "evil", bad);
        let odd: MapPrelim = [("id", "\"odd\""), ("name", "{unclosed")].into_iter().collect();
        root.insert(&mut txn, "odd", odd);
        txn.encode_update_v1()
    };
    drop(evil);
    a.apply_remote(&update).unwrap();
    b.apply_remote(&update).unwrap();
    assert_eq!(a.model(), &bibliored());
    assert_eq!(a.model(), b.model());
    assert!(a.repairs().contains(&Repair::Unreadable { kind: Kind::Entity, key: "evil".into() }));
}
