//! One person in a room on the sync server: the conversation with the server as plain data
//! (frames in, frames out), so it is tested natively and the browser only moves bytes over a
//! WebSocket.
//!
//! Offline and back: an edit made while the connection is down stays in the local document;
//! when the connection opens again the two sides exchange state vectors (sync step 1) and each
//! sends what the other lacks (step 2), so nothing typed is lost and nothing is queued twice.

use super::session::{CollabError, Session};
use super::wire::{self, Incoming};
use crate::model::Model;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use yrs::sync::{Awareness, AwarenessUpdate};
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;

/// The room a key opens: the first 32 hex digits of the key's SHA-256 (the server checks the
/// same, so a link's id and key must match).
pub fn room_of(key: &str) -> String {
    Sha256::digest(key.as_bytes()).iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// What a person shows the others: who, in which colour, what they selected, where the pointer is.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Presence {
    pub name: String,
    pub colour: String,
    /// Ids of the selected boxes, arrows or access patterns.
    pub selection: Vec<String>,
    /// The pointer on the diagram, in diagram units.
    pub pointer: Option<(f64, f64)>,
}

/// Someone else in the room.
#[derive(Debug, Clone, PartialEq)]
pub struct Peer {
    pub client: u64,
    pub presence: Presence,
}

/// The state of the connection.
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// Not connected (never yet, or the connection dropped): edits are kept locally.
    Offline,
    /// Connected, the key not yet accepted.
    Connecting,
    /// In the room.
    Live,
    /// The server refused the key.
    Refused(String),
}

/// What a message from the server changed, and what to send back.
#[derive(Debug, Default)]
pub struct Step {
    pub send: Vec<Vec<u8>>,
    pub model_changed: bool,
    pub presence_changed: bool,
    /// This person's values that a colleague's concurrent edit replaced (`Session::take_lost`).
    pub lost: Vec<super::session::Lost>,
}

pub struct Room {
    id: String,
    key: String,
    session: Session,
    awareness: Awareness,
    link: Link,
}

impl Room {
    fn with(key: &str, mut session: Session, clock: fn() -> u64) -> Room {
        session.set_clock(clock);
        let awareness = Awareness::with_clock(session.doc().clone(), clock);
        Room { id: room_of(key), key: key.to_string(), session, awareness, link: Link::Offline }
    }

    /// Opens a new room on `model`, with `key` (random, from the caller).
    pub fn start(key: &str, model: &Model, clock: fn() -> u64) -> Room {
        Room::with(key, Session::start(model), clock)
    }

    /// Joins the room `key` opens.
    pub fn join(key: &str, clock: fn() -> u64) -> Room {
        Room::with(key, Session::join(), clock)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn link(&self) -> &Link {
        &self.link
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn model(&self) -> &Model {
        self.session.model()
    }

    /// The connection opened: the key, this copy's state vector, this person's presence, and a
    /// request for everyone's.
    pub fn opened(&mut self) -> Vec<Vec<u8>> {
        self.link = Link::Connecting;
        // Whatever waited to be sent is in the document: step 2 carries it.
        self.session.take_outgoing();
        self.session.back_online();
        let mut out = vec![wire::auth(&self.id, &self.key), wire::sync_step1(&self.id, &self.session.state_vector())];
        out.extend(self.presence_frame());
        out.push(wire::query_awareness(&self.id));
        out
    }

    /// The connection closed (the server stopped, the network went): edits go on locally.
    pub fn closed(&mut self) {
        if !matches!(self.link, Link::Refused(_)) {
            self.link = Link::Offline;
        }
        // The others' presence is stale until the server sends it again.
        let me = self.awareness.client_id();
        let others: Vec<yrs::ClientID> = self.awareness.iter().map(|(id, _)| id).filter(|&id| id != me).collect();
        for id in others {
            self.awareness.remove_state(id);
        }
    }

    /// A message from the server.
    pub fn received(&mut self, bytes: &[u8]) -> Result<Step, CollabError> {
        let (room, incoming) = wire::decode(bytes).map_err(|e| CollabError::Malformed(e.0))?;
        let mut step = Step::default();
        if room != self.id {
            return Ok(step);
        }
        match incoming {
            Incoming::Authenticated { .. } => self.link = Link::Live,
            Incoming::Denied(reason) => self.link = Link::Refused(reason),
            Incoming::SyncStep1(sv) => step.send.push(wire::sync_step2(&self.id, &self.session.update_since(&sv)?)),
            Incoming::SyncStep2(update) | Incoming::Update(update) => {
                let before = self.session.model().clone();
                self.session.apply_remote(&update)?;
                step.model_changed = &before != self.session.model();
                step.lost = self.session.take_lost();
            }
            Incoming::Awareness(update) => {
                let update = AwarenessUpdate::decode_v1(&update).map_err(|e| CollabError::Malformed(e.to_string()))?;
                self.awareness.apply_update(update).map_err(|e| CollabError::Malformed(e.to_string()))?;
                step.presence_changed = true;
            }
            // The server cut this room off (it refused a message): offline until reconnected.
            Incoming::Closed(_) => {
                self.closed();
                step.presence_changed = true;
            }
            Incoming::SyncStatus(_) | Incoming::Other(_) => {}
        }
        Ok(step)
    }

    /// The frames that carry this copy's new updates, when connected (else they wait in the
    /// document for the next sync).
    fn flush(&mut self) -> Vec<Vec<u8>> {
        let updates = self.session.take_outgoing();
        match self.link {
            Link::Live | Link::Connecting => updates.iter().map(|u| wire::update(&self.id, u)).collect(),
            _ => Vec::new(),
        }
    }

    /// A local edit (see [`Session::edit`]); returns the frames to send.
    pub fn edit(&mut self, after: &Model, coalesce: Option<&str>) -> Vec<Vec<u8>> {
        self.session.edit(after, coalesce);
        self.flush()
    }

    pub fn seal(&mut self) {
        self.session.seal();
    }

    /// Undoes this person's last step; returns the frames to send.
    pub fn undo(&mut self) -> Vec<Vec<u8>> {
        self.session.undo();
        self.flush()
    }

    pub fn redo(&mut self) -> Vec<Vec<u8>> {
        self.session.redo();
        self.flush()
    }

    pub fn can_undo(&self) -> bool {
        self.session.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.session.can_redo()
    }

    fn presence_frame(&self) -> Option<Vec<u8>> {
        let update = self.awareness.update_with_clients([self.awareness.client_id()]).ok()?;
        Some(wire::awareness(&self.id, &update.encode_v1()))
    }

    /// Sets this person's presence; returns the frames to send. Sent again now and then, it
    /// also keeps the connection alive (the server closes one silent for a minute).
    pub fn set_presence(&mut self, presence: &Presence) -> Vec<Vec<u8>> {
        let Ok(json) = serde_json::to_string(presence) else { return Vec::new() };
        self.awareness.set_local_state_raw(Arc::<str>::from(json));
        match self.link {
            Link::Live | Link::Connecting => self.presence_frame().into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Leaving: tells the others this person is gone and leaves the room on the server (which
    /// then drops this person's presence for everyone). The design stays here as it is.
    pub fn leave(&mut self) -> Vec<Vec<u8>> {
        self.awareness.clean_local_state();
        let me = self.awareness.client_id();
        let mut out: Vec<Vec<u8>> = match self.awareness.update_with_clients([me]) {
            Ok(update) => vec![wire::awareness(&self.id, &update.encode_v1())],
            Err(_) => Vec::new(),
        };
        out.push(wire::close(&self.id));
        self.closed();
        out
    }

    /// The others in the room, by client id (their presence as they sent it; a presence that
    /// does not read as one is skipped).
    pub fn peers(&self) -> Vec<Peer> {
        let me = self.awareness.client_id();
        let mut peers: Vec<Peer> = self
            .awareness
            .iter()
            .filter(|(id, _)| *id != me)
            .filter_map(|(client, state)| {
                let presence = serde_json::from_str(state.data.as_deref()?).ok()?;
                Some(Peer { client: client.get(), presence })
            })
            .collect();
        peers.sort_by_key(|p| p.client);
        peers
    }
}
