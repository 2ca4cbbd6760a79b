//! The real sync server and docshape's own client over WebSockets, for the server's tests
//! (`tests/collab_server.rs`) and its benchmark (`benches/collab.rs`).
#![allow(dead_code)]

use docshape::collab::{wire, Room};
use docshape::model::{load, Model};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

pub fn bibliored() -> Model {
    load(include_str!("../../public/templates/bibliored.json")).expect("BiblioRed loads")
}

pub fn clock() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// A sync server this test started (stopped when dropped).
pub struct Server {
    pub child: Child,
    pub port: u16,
}

impl Server {
    pub fn start(port: u16, data: &Path, env: &[(&str, &str)]) -> Server {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(
            root.join("node_modules/@hocuspocus/server").exists(),
            "the sync server's packages are missing: run `npm ci` (scripts/setup.sh does)"
        );
        let mut child = Command::new("node")
            .arg(root.join("server/sync.mjs"))
            .env("SYNC_PORT", port.to_string())
            .env("SYNC_DATA", data)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(if std::env::var("COLLAB_DEBUG").is_ok() { Stdio::inherit() } else { Stdio::null() })
            .spawn()
            .expect("node runs (install Node.js)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the server starts");
        assert!(line.contains("docshape sync server on ws://127.0.0.1:"), "{line}");
        Server { child, port }
    }

    pub fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A free port on loopback (the OS picks it).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a port")
}

pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("docshape-collab-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

pub fn connect(port: u16) -> WebSocket<TcpStream> {
    let stream = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    // As a browser's WebSocket: each message is sent at once (no Nagle delay).
    stream.set_nodelay(true).expect("nodelay");
    let (ws, _) = tungstenite::client(format!("ws://127.0.0.1:{port}/"), stream).expect("WebSocket handshake");
    ws.get_ref().set_read_timeout(Some(Duration::from_millis(2))).expect("timeout");
    ws
}

/// One person: a room and, when connected, its WebSocket.
pub struct Person {
    pub room: Room,
    pub ws: Option<WebSocket<TcpStream>>,
}

impl Person {
    pub fn online(room: Room, port: u16) -> Person {
        let mut p = Person { room, ws: None };
        p.reconnect(port);
        p
    }

    pub fn reconnect(&mut self, port: u16) {
        let mut ws = connect(port);
        for frame in self.room.opened() {
            ws.send(Message::binary(frame)).expect("send");
        }
        self.ws = Some(ws);
    }

    pub fn send(&mut self, frames: Vec<Vec<u8>>) {
        if let Some(ws) = &mut self.ws {
            for frame in frames {
                if ws.send(Message::binary(frame)).is_err() {
                    self.drop_link();
                    return;
                }
            }
        }
    }

    pub fn drop_link(&mut self) {
        self.ws = None;
        self.room.closed();
    }

    /// Reads what has arrived; answers it. Returns whether the connection is still open.
    pub fn pump(&mut self) -> bool {
        loop {
            let Some(ws) = &mut self.ws else { return false };
            match ws.read() {
                Ok(Message::Binary(bytes)) => {
                    if std::env::var("COLLAB_DEBUG").is_ok() {
                        eprintln!(
                            "{} <- {:?}",
                            self.room.id(),
                            wire::decode(&bytes).map(|(_, m)| format!("{m:?}").chars().take(80).collect::<String>())
                        );
                    }
                    let step = self.room.received(&bytes).expect("the server's message reads");
                    self.send(step.send);
                }
                Ok(Message::Close(_)) => {
                    self.drop_link();
                    return false;
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) =>
                {
                    return true
                }
                Err(_) => {
                    self.drop_link();
                    return false;
                }
            }
        }
    }

    pub fn edit(&mut self, change: impl FnOnce(&mut Model)) {
        let mut m = self.room.model().clone();
        change(&mut m);
        let frames = self.room.edit(&m, None);
        self.send(frames);
    }
}

/// Pumps everyone until `done` holds; panics after 10 s with `what`.
pub fn until(people: &mut [&mut Person], what: &str, done: impl Fn(&[&mut Person]) -> bool) {
    let start = Instant::now();
    while !done(people) {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting: {what}");
        for p in people.iter_mut() {
            p.pump();
        }
    }
}
