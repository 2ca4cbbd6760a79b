//! The room worker's conversation, natively: two [`Host`]s through a small stand-in for the
//! sync server (it checks the key as `server/sync.mjs` does, answers the y-sync steps from a
//! document of its own and relays updates and presence), plus the messages' round trip and
//! the rebase of an edit made on an older design.

use super::host::{Effect, Host};
use super::protocol::{FromWorker, PeerView, Status, ToWorker};
use super::rebase::rebase;
use crate::collab::room_of;
use crate::collab::wire::{self, Incoming};
use crate::collab::Presence;
use crate::model::{self, Model};
use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;
use yrs::updates::decoder::Decode;
use yrs::{Doc, ReadTxn, StateVector, Transact, Update};

const KEY_A: &str = "q3Jx_8-bWc0aZ2fKp1LmN4oR7sT9uV6wXyYz0AbCdEf";

fn clock() -> u64 {
    1
}

fn bibliored() -> Model {
    model::load(crate::templates::template("bibliored").expect("template").json()).expect("loads")
}

/// The sync server's part: one room, its document, the connected clients.
struct Server {
    room: String,
    doc: Doc,
    /// Frames waiting for each client.
    inbox: Vec<Vec<Vec<u8>>>,
    /// Which clients presented the right key (the others' messages are ignored, as
    /// Hocuspocus does).
    allowed: [bool; 3],
    /// Each client's last presence, sent to a client that asks for everyone's (as Hocuspocus
    /// answers a query for awareness).
    presence: [Option<Vec<u8>>; 3],
    up: bool,
}

fn server_frame(room: &str, kind: u64, body: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut out = Vec::new();
    out.write_string(room);
    out.write_var(kind);
    body(&mut out);
    out
}

impl Server {
    fn new(key: &str) -> Server {
        Server {
            room: room_of(key),
            doc: Doc::new(),
            inbox: vec![Vec::new(), Vec::new(), Vec::new()],
            allowed: [false; 3],
            presence: [None, None, None],
            up: true,
        }
    }

    /// A frame from client `from`.
    fn receive(&mut self, from: usize, bytes: &[u8]) {
        let mut c = Cursor::new(bytes);
        let room = c.read_string().unwrap().to_string();
        let kind: u64 = c.read_var().unwrap();
        if kind == 2 {
            let _token_kind: u64 = c.read_var().unwrap();
            let key = c.read_string().unwrap();
            self.allowed[from] = room_of(key) == room && room == self.room;
            let reply = if self.allowed[from] {
                server_frame(&room, 2, |o| {
                    o.write_var(2u64);
                    o.write_string("read-write");
                })
            } else {
                server_frame(&room, 2, |o| {
                    o.write_var(1u64);
                    o.write_string("permission-denied");
                })
            };
            self.inbox[from].push(reply);
            return;
        }
        if !self.allowed[from] {
            return;
        }
        if kind == 3 {
            for (other, update) in self.presence.iter().enumerate() {
                if let (true, Some(update)) = (other != from, update) {
                    self.inbox[from].push(wire::awareness(&room, update));
                }
            }
            return;
        }
        match wire::decode(bytes).unwrap().1 {
            Incoming::SyncStep1(sv) => {
                let sv = StateVector::decode_v1(&sv).unwrap();
                let update = self.doc.transact().encode_state_as_update_v1(&sv);
                self.inbox[from].push(wire::sync_step2(&room, &update));
                let mine = {
                    use yrs::updates::encoder::Encode;
                    self.doc.transact().state_vector().encode_v1()
                };
                self.inbox[from].push(wire::sync_step1(&room, &mine));
            }
            Incoming::SyncStep2(update) | Incoming::Update(update) => {
                self.doc.transact_mut().apply_update(Update::decode_v1(&update).unwrap()).unwrap();
                for (to, inbox) in self.inbox.iter_mut().enumerate() {
                    if to != from {
                        inbox.push(wire::update(&room, &update));
                    }
                }
            }
            Incoming::Awareness(update) => {
                self.presence[from] = Some(update.clone());
                for (to, inbox) in self.inbox.iter_mut().enumerate() {
                    if to != from {
                        inbox.push(wire::awareness(&room, &update));
                    }
                }
            }
            _ => {}
        }
    }
}

/// A worker and what it told its page.
struct Peer {
    host: Host,
    slot: usize,
    connected: bool,
    posted: Vec<FromWorker>,
    /// The page's design and revision, as the page applies `Model` messages.
    design: Option<Model>,
    seen_rev: u64,
    seq: u64,
}

impl Peer {
    fn new(slot: usize) -> Peer {
        Peer { host: Host::new(clock), slot, connected: false, posted: Vec::new(), design: None, seen_rev: 0, seq: 0 }
    }

    fn run(&mut self, effects: Vec<Effect>, server: &mut Server) {
        let mut queue = effects;
        while !queue.is_empty() {
            let mut next = Vec::new();
            for effect in queue {
                match effect {
                    Effect::Post(message) => {
                        // Through JSON, as in the browser.
                        let back: FromWorker = serde_json::from_str(&message.to_json()).unwrap();
                        assert_eq!(back, message);
                        if let FromWorker::Model { rev, ack, model: Some(text), .. } = &back {
                            if *ack == self.seq {
                                self.design = Some(model::load(text).unwrap());
                                self.seen_rev = *rev;
                            }
                        }
                        self.posted.push(back);
                    }
                    Effect::Send(frame) if self.connected && server.up => server.receive(self.slot, &frame),
                    Effect::Send(_) => {}
                    Effect::Connect(_) if server.up => {
                        self.connected = true;
                        next.extend(self.host.opened());
                    }
                    Effect::Connect(_) => {}
                    Effect::Close => self.connected = false,
                }
            }
            queue = next;
        }
    }

    fn send(&mut self, message: ToWorker, server: &mut Server) {
        let effects = self.host.message(&message.to_json());
        self.run(effects, server);
    }

    fn edit(&mut self, server: &mut Server, f: impl FnOnce(&mut Model)) {
        let mut after = self.design.clone().expect("a design");
        f(&mut after);
        self.seq += 1;
        self.design = Some(after.clone());
        let message = ToWorker::Edit { seq: self.seq, rev: self.seen_rev, model: after.to_json(), coalesce: None };
        self.send(message, server);
    }

    fn statuses(&self) -> Vec<Status> {
        self.posted
            .iter()
            .filter_map(|m| match m {
                FromWorker::Status { status } => Some(status.clone()),
                _ => None,
            })
            .collect()
    }

    fn peers(&self) -> Vec<PeerView> {
        self.posted
            .iter()
            .rev()
            .find_map(|m| match m {
                FromWorker::Peers { peers } => Some(peers.clone()),
                _ => None,
            })
            .unwrap_or_default()
    }
}

/// Delivers every waiting frame until nothing moves.
fn pump(server: &mut Server, peers: &mut [&mut Peer]) {
    for _ in 0..50 {
        let mut moved = false;
        for peer in peers.iter_mut() {
            if !peer.connected {
                continue;
            }
            let frames = std::mem::take(&mut server.inbox[peer.slot]);
            for frame in frames {
                moved = true;
                let effects = peer.host.received(&frame);
                peer.run(effects, server);
            }
        }
        if !moved {
            return;
        }
    }
    panic!("the peers never settled");
}

fn presence(name: &str) -> Presence {
    Presence { name: name.into(), colour: "#d33".into(), ..Presence::default() }
}

fn start_and_join() -> (Server, Peer, Peer) {
    let mut server = Server::new(KEY_A);
    let mut a = Peer::new(0);
    a.design = Some(bibliored());
    let start = ToWorker::Start {
        key: KEY_A.into(),
        model: bibliored().to_json(),
        ws_url: "ws://x".into(),
        presence: presence("Ana"),
    };
    a.send(start, &mut server);
    let mut b = Peer::new(1);
    b.send(ToWorker::Join { key: KEY_A.into(), ws_url: "ws://x".into(), presence: presence("Bo") }, &mut server);
    pump(&mut server, &mut [&mut a, &mut b]);
    (server, a, b)
}

#[test]
fn every_message_round_trips_through_json() {
    let messages = [
        ToWorker::Start {
            key: "k".into(),
            model: "{}".into(),
            ws_url: "ws://h".into(),
            presence: presence("<b>x</b>"),
        },
        ToWorker::Join { key: "k".into(), ws_url: "wss://h/sync".into(), presence: Presence::default() },
        ToWorker::Edit { seq: 3, rev: 2, model: "{}".into(), coalesce: Some("name".into()) },
        ToWorker::Seal,
        ToWorker::Undo { seq: 4 },
        ToWorker::Redo { seq: 5 },
        ToWorker::Presence { selection: vec!["a".into()], pointer: Some((1.5, -2.0)) },
        ToWorker::Name { name: "\u{202e}Ana".into(), colour: "#abc".into() },
        ToWorker::Leave,
    ];
    for m in messages {
        assert_eq!(serde_json::from_str::<ToWorker>(&m.to_json()).unwrap(), m);
    }
    let from = [
        FromWorker::Model { rev: 1, ack: 2, model: None, can_undo: true, can_redo: false },
        FromWorker::Status { status: Status::Refused { reason: "permission-denied".into() } },
        FromWorker::Peers { peers: vec![PeerView { client: 7, presence: presence("\u{202e}evil") }] },
        FromWorker::Problem { detail: "x".into() },
    ];
    for m in from {
        assert_eq!(serde_json::from_str::<FromWorker>(&m.to_json()).unwrap(), m);
    }
}

#[test]
fn an_unreadable_message_is_a_problem_not_a_panic() {
    let mut host = Host::new(clock);
    for text in ["", "{", "{\"type\":\"edit\"}", "[1,2]", "\"ready\""] {
        let effects = host.message(text);
        assert!(matches!(effects.as_slice(), [Effect::Post(FromWorker::Problem { .. })]), "{text}: {effects:?}");
    }
    // Edits and presence before any room do nothing.
    assert!(host.handle(ToWorker::Undo { seq: 1 }).is_empty());
    assert!(!host.wants_connection());
}

#[test]
fn a_joining_person_gets_the_room_s_design_and_edits_flow_both_ways() {
    let (mut server, mut a, mut b) = start_and_join();
    assert_eq!(a.statuses().last(), Some(&Status::Live));
    assert_eq!(b.statuses().last(), Some(&Status::Live));
    assert_eq!(b.design.as_ref(), Some(&bibliored()));

    a.edit(&mut server, |m| m.entities[0].name = "catalogue".into());
    pump(&mut server, &mut [&mut a, &mut b]);
    assert_eq!(b.design.as_ref().unwrap().entities[0].name, "catalogue");

    b.edit(&mut server, |m| m.name = "Shared".into());
    pump(&mut server, &mut [&mut a, &mut b]);
    assert_eq!(a.design.as_ref().unwrap().name, "Shared");
    assert_eq!(a.design, b.design);
    // Presence: each sees the other.
    assert_eq!(a.peers().iter().map(|p| p.presence.name.as_str()).collect::<Vec<_>>(), ["Bo"]);
    assert_eq!(b.peers().iter().map(|p| p.presence.name.as_str()).collect::<Vec<_>>(), ["Ana"]);
}

#[test]
fn an_edit_made_on_an_older_design_keeps_the_colleague_s_change() {
    let (mut server, mut a, mut b) = start_and_join();
    // B renames box 1; before A's page hears of it, A renames box 0 on the older design.
    b.edit(&mut server, |m| m.entities[1].name = "from-b".into());
    let stale = a.design.clone().unwrap();
    let frames = std::mem::take(&mut server.inbox[0]);
    for frame in frames {
        let effects = a.host.received(&frame);
        // A's page is busy: the worker's messages arrive after A's edit was sent.
        let posted: Vec<Effect> = effects.into_iter().filter(|e| !matches!(e, Effect::Post(_))).collect();
        a.run(posted, &mut server);
    }
    a.design = Some(stale);
    a.edit(&mut server, |m| m.entities[0].name = "from-a".into());
    pump(&mut server, &mut [&mut a, &mut b]);
    for peer in [&a, &b] {
        let m = peer.design.as_ref().unwrap();
        assert_eq!((m.entities[0].name.as_str(), m.entities[1].name.as_str()), ("from-a", "from-b"));
    }
}

#[test]
fn undo_is_personal() {
    let (mut server, mut a, mut b) = start_and_join();
    a.edit(&mut server, |m| m.entities[0].name = "a-edit".into());
    pump(&mut server, &mut [&mut a, &mut b]);
    b.edit(&mut server, |m| m.entities[1].name = "b-edit".into());
    pump(&mut server, &mut [&mut a, &mut b]);
    a.seq += 1;
    let seq = a.seq;
    a.send(ToWorker::Undo { seq }, &mut server);
    pump(&mut server, &mut [&mut a, &mut b]);
    let original = bibliored().entities[0].name.clone();
    for peer in [&a, &b] {
        let m = peer.design.as_ref().unwrap();
        assert_eq!((m.entities[0].name.as_str(), m.entities[1].name.as_str()), (original.as_str(), "b-edit"));
    }
    let last = a.posted.iter().rev().find_map(|m| match m {
        FromWorker::Model { can_redo, .. } => Some(*can_redo),
        _ => None,
    });
    assert_eq!(last, Some(true));
}

#[test]
fn edits_made_while_the_server_is_down_arrive_when_it_is_back() {
    let (mut server, mut a, mut b) = start_and_join();
    server.up = false;
    for peer in [&mut a, &mut b] {
        peer.connected = false;
        let effects = peer.host.closed();
        peer.run(effects, &mut server);
        assert_eq!(peer.statuses().last(), Some(&Status::Offline));
        assert!(peer.host.wants_connection());
    }
    a.edit(&mut server, |m| m.entities[0].name = "offline-a".into());
    b.edit(&mut server, |m| m.entities[1].name = "offline-b".into());
    server.up = true;
    for peer in [&mut a, &mut b] {
        peer.run(vec![Effect::Connect("ws://x".into())], &mut server);
    }
    pump(&mut server, &mut [&mut a, &mut b]);
    assert_eq!(a.design, b.design);
    let m = a.design.as_ref().unwrap();
    assert_eq!((m.entities[0].name.as_str(), m.entities[1].name.as_str()), ("offline-a", "offline-b"));
}

#[test]
fn two_renames_of_one_box_offline_tell_the_one_whose_name_lost_who_kept_theirs() {
    let (mut server, mut a, mut b) = start_and_join();
    server.up = false;
    for peer in [&mut a, &mut b] {
        peer.connected = false;
        let effects = peer.host.closed();
        peer.run(effects, &mut server);
    }
    a.edit(&mut server, |m| m.entities[0].name = "from-ana".into());
    b.edit(&mut server, |m| m.entities[0].name = "from-bo".into());
    server.up = true;
    for peer in [&mut a, &mut b] {
        peer.run(vec![Effect::Connect("ws://x".into())], &mut server);
    }
    pump(&mut server, &mut [&mut a, &mut b]);
    assert_eq!(a.design, b.design);
    let kept = a.design.as_ref().unwrap().entities[0].name.clone();
    let lost = |p: &Peer| {
        p.posted
            .iter()
            .filter_map(|m| match m {
                FromWorker::Lost { lost, by } => Some((lost.mine.clone(), lost.theirs.clone(), by.clone())),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let (loser, winner, mine, other) =
        if kept == "from-ana" { (&b, &a, "from-bo", "Ana") } else { (&a, &b, "from-ana", "Bo") };
    assert!(lost(winner).is_empty(), "{:?}", lost(winner));
    // Back online the design arrives before the others' presence: the name seen before counts.
    assert_eq!(lost(loser), vec![(format!("\"{mine}\""), format!("\"{kept}\""), vec![other.to_string()])]);
}

#[test]
fn a_key_the_server_refuses_is_reported_and_not_retried() {
    let mut server = Server::new(KEY_A);
    let mut c = Peer::new(2);
    let other = "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz";
    c.send(ToWorker::Join { key: other.into(), ws_url: "ws://x".into(), presence: presence("C") }, &mut server);
    pump(&mut server, &mut [&mut c]);
    assert!(matches!(c.statuses().last(), Some(Status::Refused { .. })), "{:?}", c.statuses());
    assert!(!c.host.wants_connection());
    // No design was sent: the page keeps its own.
    assert!(c.design.is_none());
}

#[test]
fn the_server_s_reasons_for_a_refusal_are_told_apart() {
    use super::protocol::Refusal;
    assert_eq!(Refusal::from_reason("room-full"), Refusal::Full);
    assert_eq!(Refusal::from_reason("wrong-key"), Refusal::WrongKey);
    assert_eq!(Refusal::from_reason("permission-denied"), Refusal::WrongKey, "Hocuspocus' default");
    assert_eq!(Refusal::from_reason("<b>maintenance</b>"), Refusal::Other("<b>maintenance</b>".into()));
}

#[test]
fn a_new_name_reaches_the_others() {
    let (mut server, mut a, mut b) = start_and_join();
    b.send(ToWorker::Name { name: "Bobby".into(), colour: "#123456".into() }, &mut server);
    pump(&mut server, &mut [&mut a, &mut b]);
    let peers = a.peers();
    assert_eq!(peers.len(), 1);
    assert_eq!((peers[0].presence.name.as_str(), peers[0].presence.colour.as_str()), ("Bobby", "#123456"));
}

#[test]
fn leaving_tells_the_others() {
    let (mut server, mut a, mut b) = start_and_join();
    b.send(ToWorker::Leave, &mut server);
    assert!(!b.host.wants_connection());
    pump(&mut server, &mut [&mut a]);
    assert!(a.peers().is_empty(), "{:?}", a.peers());
}

#[test]
fn rebase_applies_only_what_the_page_changed() {
    let base = bibliored();
    let mut current = base.clone();
    current.entities[1].name = "theirs".into();
    current.entities.remove(2);
    let mut after = base.clone();
    after.entities[0].name = "mine".into();
    after.name = "My name".into();
    let merged = rebase(&base, &after, &current).expect("a model");
    assert_eq!(merged.entities[0].name, "mine");
    assert_eq!(merged.entities[1].name, "theirs");
    assert_eq!(merged.entities.len(), base.entities.len() - 1);
    assert_eq!(merged.name, "My name");
    // Nothing changed in the room: the page's design as it is.
    assert_eq!(rebase(&base, &after, &base), Some(after.clone()));
    // Added here and removed here.
    let mut added = base.clone();
    let mut extra = base.entities[0].clone();
    extra.id = "brand-new".into();
    added.entities.push(extra);
    added.entities.remove(0);
    let merged = rebase(&base, &added, &current).unwrap();
    assert!(merged.entities.iter().any(|e| e.id == "brand-new"));
    assert!(!merged.entities.iter().any(|e| e.id == base.entities[0].id));
    assert!(merged.entities.iter().any(|e| e.name == "theirs"));
}
