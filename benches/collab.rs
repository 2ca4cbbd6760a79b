//! Designing together through the real sync server on loopback, with docshape's own headless
//! clients (`collab::Room`, yrs, one WebSocket each, all driven from this one thread): prints
//! figures, asserts nothing.
//!
//! - edit-to-remote latency: one person renames a box, the time until the other's model (read
//!   back from the merged document, as the app would show it) has the new name; p50 and p95.
//!   This stops before the browser paints: add one frame (~16 ms) for the screen.
//! - 30 people in one room, each editing its own box at a steady rate: the time from the last
//!   edit until all 30 read the same design, and the server's memory (VmRSS) as edits grow.
//!
//! `cargo bench --bench collab` (needs Node and `npm ci`); `COLLAB_EDITS=…` sets the latency run.

#[path = "../tests/collab_support/mod.rs"]
mod support;

use docshape::collab::{Link, Room};
use docshape::model::Point;
use std::time::{Duration, Instant};
use support::{bibliored, clock, free_port, scratch, Person, Server};

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Pumps everyone until `done` holds or 30 s pass; returns whether it held.
fn settle(people: &mut [Person], done: impl Fn(&[Person]) -> bool) -> bool {
    let start = Instant::now();
    while !done(people) {
        if start.elapsed() > Duration::from_secs(30) {
            return false;
        }
        for p in people.iter_mut() {
            p.pump();
        }
    }
    true
}

fn latency(port: u16) {
    let edits: usize = std::env::var("COLLAB_EDITS").ok().and_then(|n| n.parse().ok()).unwrap_or(300);
    let mut people = vec![Person::online(Room::start("bench-latency", &bibliored(), clock), port)];
    settle(&mut people, |p| p[0].room.link() == &Link::Live);
    people.push(Person::online(Room::join("bench-latency", clock), port));
    settle(&mut people, |p| p[1].room.model() == p[0].room.model());
    let mut times = Vec::with_capacity(edits);
    for i in 0..edits {
        let name = format!("catalogo_{i}");
        let t0 = Instant::now();
        let n = name.clone();
        people[0].edit(|m| m.entities[0].name = n);
        if !settle(&mut people, |p| p[1].room.model().entities[0].name == name) {
            println!("latency: edit {i} never arrived");
            return;
        }
        times.push(t0.elapsed());
    }
    times.sort();
    println!(
        "edit-to-remote latency, BiblioRed, {edits} renames on loopback: p50 {}, p95 {}, max {}",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(*times.last().expect("times"))
    );
}

fn thirty(port: u16, pid: u32) {
    const PEOPLE: usize = 30;
    println!("server memory at start: {} KiB", rss_kib(pid));
    // The design has a box per person (plus BiblioRed's): each moves its own box.
    let mut design = bibliored();
    let first = design.entities.len();
    for i in 0..PEOPLE {
        let id = docshape::editor::edit::add_entity(&mut design, Point { x: 40.0 * i as f64, y: 900.0 });
        design.entity_mut(&id).expect("added").name = format!("person_{i}");
    }
    let mut people = vec![Person::online(Room::start("bench-thirty", &design, clock), port)];
    settle(&mut people, |p| p[0].room.link() == &Link::Live);
    for _ in 1..PEOPLE {
        people.push(Person::online(Room::join("bench-thirty", clock), port));
    }
    let t = Instant::now();
    let joined = settle(&mut people, |p| p.iter().all(|x| x.room.model() == p[0].room.model()));
    println!("{PEOPLE} people joined and read the design in {} ({joined})", ms(t.elapsed()));
    println!("server memory with the room open: {} KiB", rss_kib(pid));
    // Rounds: every person moves its own box once per round, one round every 100 ms (10 edits a
    // second each, 300 a second in the room).
    let mut edits = 0;
    for (rounds, label) in [(20, "600"), (80, "3,000")] {
        let mut last_edit = Instant::now();
        for round in 0..rounds {
            let tick = Instant::now();
            for (i, p) in people.iter_mut().enumerate() {
                let at = Point { x: 40.0 * i as f64, y: 900.0 + (edits + round) as f64 };
                p.edit(|m| m.entities[first + i].position = at);
            }
            last_edit = Instant::now();
            // The next round 100 ms later; after the last round, straight to waiting.
            while round + 1 < rounds && tick.elapsed() < Duration::from_millis(100) {
                for p in people.iter_mut() {
                    p.pump();
                }
            }
        }
        edits += rounds * PEOPLE;
        let converged = settle(&mut people, |p| p.iter().all(|x| x.room.model() == p[0].room.model()));
        let last = last_edit;
        println!(
            "after {label} edits in all: all {PEOPLE} read the same design {} after the last edit ({converged}); \
             server memory {} KiB; the shared document is {} bytes",
            ms(last.elapsed()),
            rss_kib(pid),
            people[0].room.session().full_update().len()
        );
    }
}

fn main() {
    let data = scratch("bench");
    let server = Server::start(free_port(), &data, &[]);
    latency(server.port);
    thirty(server.port, server.child.id());
    drop(server);
    let _ = std::fs::remove_dir_all(data);
}
