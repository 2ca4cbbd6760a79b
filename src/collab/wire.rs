//! The sync server's messages (Hocuspocus), framed with the lib0 encoding yrs ships.
//!
//! Every message starts with the room's name; then its type: 0 sync (the y-sync protocol's
//! step 1, step 2 and update), 1 awareness (presence), 2 authentication (a token, and the
//! server's answer), 3 a request for everyone's presence, 4 a sync reply, 7 leaving the room
//! (either side; the server says why when it cuts a client off), 8 the server's
//! acknowledgement of an update. This is Hocuspocus' protocol as its provider speaks it
//! (`packages/provider`, `packages/common/src/auth.ts`); the payloads are yrs' own encodings.

use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;

const SYNC: u64 = 0;
const AWARENESS: u64 = 1;
const AUTH: u64 = 2;
const QUERY_AWARENESS: u64 = 3;
const SYNC_REPLY: u64 = 4;
const CLOSE: u64 = 7;
const SYNC_STATUS: u64 = 8;

const STEP1: u64 = 0;
const STEP2: u64 = 1;
const UPDATE: u64 = 2;

const AUTH_TOKEN: u64 = 0;
const AUTH_DENIED: u64 = 1;
const AUTH_OK: u64 = 2;

/// What the server said.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// The key was accepted; `read_only` when the server only lets this client read.
    Authenticated { read_only: bool },
    /// The key was refused, with the server's reason.
    Denied(String),
    /// The server's state vector: answer with what it lacks.
    SyncStep1(Vec<u8>),
    /// What this client lacked.
    SyncStep2(Vec<u8>),
    /// Someone's edit.
    Update(Vec<u8>),
    /// Presence of some people in the room.
    Awareness(Vec<u8>),
    /// The server closed this room's connection, with its reason (a message it refused).
    Closed(String),
    /// The server stored (or, read-only, refused) an update.
    SyncStatus(bool),
    /// A message type docshape does not use (stateless messages, pings).
    Other(u64),
}

/// A frame that does not decode.
#[derive(Debug, Clone, PartialEq)]
pub struct WireError(pub String);

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the sync server sent a message docshape cannot read: {}", self.0)
    }
}

fn frame(room: &str, kind: u64) -> Vec<u8> {
    let mut out = Vec::new();
    out.write_string(room);
    out.write_var(kind);
    out
}

/// The key that opens `room` (sent first; the server holds other messages until it answers).
pub fn auth(room: &str, key: &str) -> Vec<u8> {
    let mut out = frame(room, AUTH);
    out.write_var(AUTH_TOKEN);
    out.write_string(key);
    out
}

fn sync(room: &str, step: u64, payload: &[u8]) -> Vec<u8> {
    let mut out = frame(room, SYNC);
    out.write_var(step);
    out.write_buf(payload);
    out
}

/// This client's state vector: "send me what I lack".
pub fn sync_step1(room: &str, state_vector: &[u8]) -> Vec<u8> {
    sync(room, STEP1, state_vector)
}

/// What the server lacks (the answer to its step 1).
pub fn sync_step2(room: &str, update: &[u8]) -> Vec<u8> {
    sync(room, STEP2, update)
}

/// A local edit.
pub fn update(room: &str, update: &[u8]) -> Vec<u8> {
    sync(room, UPDATE, update)
}

/// This client's presence (an encoded awareness update).
pub fn awareness(room: &str, update: &[u8]) -> Vec<u8> {
    let mut out = frame(room, AWARENESS);
    out.write_buf(update);
    out
}

/// Asks for everyone's presence.
pub fn query_awareness(room: &str) -> Vec<u8> {
    frame(room, QUERY_AWARENESS)
}

/// Leaving the room: the server drops this client from it and tells the others it left (an
/// awareness update with no state is not enough: Hocuspocus 4.7 re-encodes incoming presence
/// and loses a removal on the way).
pub fn close(room: &str) -> Vec<u8> {
    let mut out = frame(room, CLOSE);
    out.write_string("leaving");
    out
}

/// Reads a message from the server: its room and what it says.
pub fn decode(bytes: &[u8]) -> Result<(String, Incoming), WireError> {
    let err = |e: yrs::encoding::read::Error| WireError(e.to_string());
    let mut c = Cursor::new(bytes);
    let room = c.read_string().map_err(err)?.to_string();
    let kind: u64 = c.read_var().map_err(err)?;
    let incoming = match kind {
        SYNC | SYNC_REPLY => {
            let step: u64 = c.read_var().map_err(err)?;
            let payload = c.read_buf().map_err(err)?.to_vec();
            match step {
                STEP1 => Incoming::SyncStep1(payload),
                STEP2 => Incoming::SyncStep2(payload),
                UPDATE => Incoming::Update(payload),
                other => return Err(WireError(format!("sync step {other}"))),
            }
        }
        AWARENESS => Incoming::Awareness(c.read_buf().map_err(err)?.to_vec()),
        AUTH => match c.read_var::<u64>().map_err(err)? {
            AUTH_OK => Incoming::Authenticated { read_only: c.read_string().map_err(err)? == "readonly" },
            AUTH_DENIED => Incoming::Denied(c.read_string().map_err(err)?.to_string()),
            other => return Err(WireError(format!("authentication message {other}"))),
        },
        SYNC_STATUS => Incoming::SyncStatus(c.read_var::<u64>().map_err(err)? == 1),
        CLOSE => Incoming::Closed(c.read_string().map_err(err)?.to_string()),
        other => Incoming::Other(other),
    };
    Ok((room, incoming))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One part of a frame, written by hand.
    type Part<'a> = &'a dyn Fn(&mut Vec<u8>);

    /// Frames as a server would write them (the same layout, built by hand).
    fn server(room: &str, parts: &[Part]) -> Vec<u8> {
        let mut out = Vec::new();
        out.write_string(room);
        for part in parts {
            part(&mut out);
        }
        out
    }

    #[test]
    fn client_frames_read_back() {
        let sv = [1, 2, 3];
        assert_eq!(decode(&sync_step1("r", &sv)).unwrap(), ("r".into(), Incoming::SyncStep1(sv.to_vec())));
        assert_eq!(decode(&sync_step2("r", &sv)).unwrap().1, Incoming::SyncStep2(sv.to_vec()));
        assert_eq!(decode(&update("r", &sv)).unwrap().1, Incoming::Update(sv.to_vec()));
        assert_eq!(decode(&awareness("r", &sv)).unwrap().1, Incoming::Awareness(sv.to_vec()));
        assert_eq!(decode(&close("r")).unwrap().1, Incoming::Closed("leaving".into()));
        // The auth frame: room, 2, 0 (token), the key.
        let a = auth("room", "key");
        assert_eq!(a, [4, b'r', b'o', b'o', b'm', 2, 0, 3, b'k', b'e', b'y']);
    }

    #[test]
    fn server_answers_decode() {
        let ok = server("r", &[&|o| o.write_var(2u64), &|o| o.write_var(2u64), &|o| o.write_string("read-write")]);
        assert_eq!(decode(&ok).unwrap().1, Incoming::Authenticated { read_only: false });
        let no = server("r", &[&|o| o.write_var(2u64), &|o| o.write_var(1u64), &|o| o.write_string("wrong-key")]);
        assert_eq!(decode(&no).unwrap().1, Incoming::Denied("wrong-key".into()));
        let reply = server("r", &[&|o| o.write_var(4u64), &|o| o.write_var(1u64), &|o| o.write_buf([9])]);
        assert_eq!(decode(&reply).unwrap().1, Incoming::SyncStep2(vec![9]));
        let status = server("r", &[&|o| o.write_var(8u64), &|o| o.write_var(1u64)]);
        assert_eq!(decode(&status).unwrap().1, Incoming::SyncStatus(true));
    }

    #[test]
    fn broken_frames_are_errors_not_panics() {
        let good = update("room", &[1, 2, 3, 4]);
        for cut in 0..good.len() {
            let _ = decode(&good[..cut]);
        }
        assert!(decode(&[]).is_err());
        assert!(decode(&[200, 200, 200]).is_err());
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..rng.below(40)).map(|_| rng.below(256) as u8).collect();
            let _ = decode(&bytes);
        }
    }
}
