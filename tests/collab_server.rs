//! The real sync server (`node server/sync.mjs`, Hocuspocus as published) with docshape's own
//! client (`collab::Room`, yrs) over WebSockets on loopback: two people edit one design, a
//! wrong key is refused, a malformed or oversized message closes its connection, and edits
//! made while the server is down are merged when it comes back.
//!
//! Needs Node and the npm packages (`npm ci`, which `scripts/setup.sh` runs): without them the
//! tests fail and say so, rather than pass having checked nothing.

#[path = "collab_support/mod.rs"]
mod support;

use docshape::collab::{room_of, wire, Link, Presence, Room};
use docshape::model::{Model, Point};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use support::{bibliored, clock, connect, free_port, scratch, until, Person, Server};
use tungstenite::Message;

fn rename_first(m: &mut Model, name: &str) {
    m.entities[0].name = name.into();
}

#[test]
fn two_people_edit_one_design_through_the_server() {
    let data = scratch("two");
    let server = Server::start(free_port(), &data, &[]);
    let key = "k3y-two-people";
    let mut ana = Person::online(Room::start(key, &bibliored(), clock), server.port);
    until(&mut [&mut ana], "Ana in the room", |p| p[0].room.link() == &Link::Live);
    let mut luis = Person::online(Room::join(key, clock), server.port);
    until(&mut [&mut ana, &mut luis], "Luis gets the design", |p| p[1].room.model() == &bibliored());

    // An edit in one appears in the other; edits of different boxes at once both stay.
    ana.edit(|m| rename_first(m, "catalogo_ana"));
    luis.edit(|m| m.entities[1].position = Point { x: 900.0, y: 40.0 });
    until(&mut [&mut ana, &mut luis], "both edits in both", |p| {
        p[0].room.model() == p[1].room.model() && p[1].room.model().entities[0].name == "catalogo_ana"
    });
    assert_eq!(ana.room.model().entities[1].position, Point { x: 900.0, y: 40.0 });

    // Edits of the same box's name at once converge to one of them in both.
    ana.edit(|m| rename_first(m, "from_ana"));
    luis.edit(|m| rename_first(m, "from_luis"));
    until(&mut [&mut ana, &mut luis], "the same name in both", |p| {
        p[0].room.model() == p[1].room.model() && p[0].room.model().entities[0].name.starts_with("from_")
    });

    // Presence: Luis sees Ana's name, colour and selection; she leaves and he sees it.
    let presence =
        Presence { name: "Ana".into(), colour: "#c2410c".into(), selection: vec!["x".into()], pointer: None };
    let frames = ana.room.set_presence(&presence);
    ana.send(frames);
    until(&mut [&mut ana, &mut luis], "Luis sees Ana", |p| p[1].room.peers().iter().any(|x| x.presence == presence));
    let frames = ana.room.leave();
    ana.send(frames);
    until(&mut [&mut ana, &mut luis], "Ana's presence leaves", |p| p[1].room.peers().is_empty());
    drop(server);
    let _ = std::fs::remove_dir_all(data);
}

/// Sends `frames` on a fresh connection and reports how the server answered: `Ok(true)` when it
/// said the key opens the room, `Ok(false)` when it refused it, `Err` when it closed the link.
fn raw_session(port: u16, frames: &[Vec<u8>]) -> Result<bool, String> {
    let mut ws = connect(port);
    for f in frames {
        ws.send(Message::binary(f.clone())).map_err(|e| e.to_string())?;
    }
    let start = Instant::now();
    let mut answer = None;
    while start.elapsed() < Duration::from_secs(5) {
        match ws.read() {
            Ok(Message::Binary(bytes)) => match wire::decode(&bytes).map(|(_, m)| m) {
                Ok(wire::Incoming::Authenticated { .. }) => answer = Some(true),
                Ok(wire::Incoming::Denied(_)) => return Ok(false),
                Ok(wire::Incoming::Closed(why)) => return Err(format!("left the room: {why}")),
                _ => {}
            },
            Ok(Message::Close(c)) => return Err(format!("closed: {c:?}")),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    answer.ok_or_else(|| "no answer".to_string())
}

#[test]
fn a_wrong_key_is_refused_and_a_broken_or_oversized_message_closes_its_connection() {
    let data = scratch("hostile");
    let server = Server::start(free_port(), &data, &[("SYNC_MAX_BYTES", "65536")]);
    let room = room_of("the-right-key");
    // The right key opens the room; a wrong one, or none, does not.
    assert_eq!(raw_session(server.port, &[wire::auth(&room, "the-right-key")]), Ok(true));
    assert_eq!(raw_session(server.port, &[wire::auth(&room, "a-wrong-key")]), Ok(false));
    assert_eq!(raw_session(server.port, &[wire::auth(&room, "")]), Ok(false));
    assert_eq!(raw_session(server.port, &[wire::auth("not-a-room", "not-a-room")]), Ok(false));

    // A person in the room meanwhile.
    let mut ana = Person::online(Room::start("the-right-key", &bibliored(), clock), server.port);
    until(&mut [&mut ana], "Ana in the room", |p| p[0].room.link() == &Link::Live);
    // A malformed update, then an oversized one (over SYNC_MAX_BYTES): the sender is cut off.
    let auth = wire::auth(&room, "the-right-key");
    let broken = raw_session(server.port, &[auth.clone(), wire::update(&room, b"\x05garbage that is no update")]);
    assert!(broken.is_err(), "a malformed update was accepted: {broken:?}");
    let huge = raw_session(server.port, &[auth, wire::update(&room, &vec![0u8; 100_000])]);
    assert!(huge.is_err(), "an oversized message was accepted: {huge:?}");
    // Ana's design is untouched, and a newcomer gets it whole.
    let mut luis = Person::online(Room::join("the-right-key", clock), server.port);
    until(&mut [&mut ana, &mut luis], "Luis gets the design", |p| p[1].room.model() == &bibliored());
    assert!(ana.pump(), "Ana is still connected");
    drop(server);
    let _ = std::fs::remove_dir_all(data);
}

#[test]
fn edits_made_while_the_server_is_down_are_merged_when_it_returns() {
    let data = scratch("offline");
    let port = free_port();
    let mut server = Server::start(port, &data, &[]);
    let key = "offline-and-back";
    let mut ana = Person::online(Room::start(key, &bibliored(), clock), port);
    until(&mut [&mut ana], "Ana in the room", |p| p[0].room.link() == &Link::Live);
    let mut luis = Person::online(Room::join(key, clock), port);
    until(&mut [&mut ana, &mut luis], "Luis gets the design", |p| p[1].room.model() == &bibliored());

    // The server stops while both edit; both go on editing.
    server.stop();
    until(&mut [&mut ana, &mut luis], "both see the link drop", |p| p.iter().all(|x| x.ws.is_none()));
    assert_eq!(ana.room.link(), &Link::Offline);
    for i in 0..5 {
        ana.edit(|m| m.entities[0].name = format!("ana_offline_{i}"));
        luis.edit(|m| m.entities[1].position = Point { x: 10.0 * f64::from(i), y: 1.0 });
    }
    luis.edit(|m| m.notes = "typed while the server was down".into());

    // It comes back (same port, same folder); both reconnect and converge, nothing lost.
    let server = Server::start(port, &data, &[]);
    ana.reconnect(server.port);
    luis.reconnect(server.port);
    until(&mut [&mut ana, &mut luis], "both converge", |p| {
        p[0].room.model() == p[1].room.model() && p[0].room.model().notes == "typed while the server was down"
    });
    let m = ana.room.model();
    assert_eq!(m.entities[0].name, "ana_offline_4");
    assert_eq!(m.entities[1].position, Point { x: 40.0, y: 1.0 });

    // The room was saved on disk: a newcomer after another restart gets the same design.
    std::thread::sleep(Duration::from_millis(2500));
    drop(server);
    let server = Server::start(port, &data, &[]);
    let mut eva = Person::online(Room::join(key, clock), server.port);
    let expected = ana.room.model().clone();
    until(&mut [&mut eva], "Eva gets the saved design", |p| p[0].room.model() == &expected);
    drop(server);
    let _ = std::fs::remove_dir_all(data);
}

/// A Redis server on loopback for the scale-out test (Debian's `redis-server`), stopped when
/// dropped; nothing saved.
struct Redis(Child);

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn two_server_instances_behind_redis_carry_edits_between_their_clients() {
    let redis_port = free_port();
    let mut redis = Command::new("redis-server")
        .args(["--port", &redis_port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map(Redis)
        .expect("redis-server runs (apt-get install redis-server; scripts/setup.sh test does)");
    let mut ready = String::new();
    let mut out = BufReader::new(redis.0.stdout.take().expect("stdout"));
    while !ready.contains("Ready to accept connections") {
        ready.clear();
        assert!(out.read_line(&mut ready).expect("redis starts") > 0, "redis-server stopped");
    }
    // Each instance its own folder: only Redis can carry the design between them.
    let (data_one, data_two) = (scratch("redis-one"), scratch("redis-two"));
    let redis_at = format!("127.0.0.1:{redis_port}");
    let one = Server::start(free_port(), &data_one, &[("SYNC_REDIS", &redis_at)]);
    let two = Server::start(free_port(), &data_two, &[("SYNC_REDIS", &redis_at)]);
    let key = "scale-out";
    let mut ana = Person::online(Room::start(key, &bibliored(), clock), one.port);
    until(&mut [&mut ana], "Ana in the room on instance one", |p| p[0].room.link() == &Link::Live);
    let mut luis = Person::online(Room::join(key, clock), two.port);
    until(&mut [&mut ana, &mut luis], "Luis, on instance two, gets the design", |p| p[1].room.model() == &bibliored());
    ana.edit(|m| rename_first(m, "via_redis"));
    until(&mut [&mut ana, &mut luis], "Ana's edit reaches Luis", |p| p[1].room.model().entities[0].name == "via_redis");
    luis.edit(|m| m.notes = "from instance two".into());
    until(&mut [&mut ana, &mut luis], "Luis' edit reaches Ana", |p| p[0].room.model().notes == "from instance two");
    assert_eq!(ana.room.model(), luis.room.model());
    let presence = Presence { name: "Luis".into(), ..Presence::default() };
    let frames = luis.room.set_presence(&presence);
    luis.send(frames);
    until(&mut [&mut ana, &mut luis], "Ana sees Luis", |p| p[0].room.peers().iter().any(|x| x.presence == presence));
    drop((one, two, redis));
    let _ = (std::fs::remove_dir_all(data_one), std::fs::remove_dir_all(data_two));
}
