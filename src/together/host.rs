//! The room worker as plain data: the page's messages and the socket's events go in, the
//! effects come out (messages for the page, frames for the server, connect or close). The
//! worker's shell (`src/collab_main.rs`) only moves bytes, so the whole conversation is tested
//! natively against a [`Room`] talking to another.

use super::protocol::{FromWorker, PeerView, Status, ToWorker};
use super::rebase::rebase;
use crate::collab::room::Link;
use crate::collab::wire::{self, Incoming};
use crate::collab::{Presence, Room};
use crate::model::{self, Model};
use std::collections::{HashMap, VecDeque};

/// How many designs sent to the page are kept to rebase its edits on (the page answers within
/// a few messages; an older base falls back to the page's last edit).
const KEPT: usize = 64;

/// What the worker's shell does.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// A message to the page.
    Post(FromWorker),
    /// A binary frame to the server (dropped by the shell when the socket is not open: the
    /// next sync carries what it held).
    Send(Vec<u8>),
    /// Open the WebSocket to this address.
    Connect(String),
    /// Close the WebSocket (leaving).
    Close,
}

/// The worker's state: the room, and what the page has been shown.
pub struct Host {
    room: Option<Room>,
    ws_url: String,
    presence: Presence,
    /// The revision of the last design sent to the page, and the designs sent, by revision.
    rev: u64,
    sent: VecDeque<(u64, Model)>,
    /// The design the page holds as far as the worker knows: the design of revision
    /// `page_rev` with the page's edits since.
    page_view: Model,
    page_rev: u64,
    /// The last `seq` of the page's applied.
    ack: u64,
    /// Joining: the design has not come from the server yet.
    waiting_for_design: bool,
    /// Left the room, or the server refused the key: no reconnecting.
    done: bool,
    /// The names the others showed in the room, by client (kept when they go offline).
    names: HashMap<u64, String>,
    clock: fn() -> u64,
}

impl Host {
    pub fn new(clock: fn() -> u64) -> Host {
        Host {
            room: None,
            ws_url: String::new(),
            presence: Presence::default(),
            rev: 0,
            sent: VecDeque::new(),
            page_view: Model::default(),
            page_rev: 0,
            ack: 0,
            waiting_for_design: false,
            done: false,
            names: HashMap::new(),
            clock,
        }
    }

    /// Whether the shell should (re)connect when the socket closes.
    pub fn wants_connection(&self) -> bool {
        self.room.is_some() && !self.done
    }

    pub fn room(&self) -> Option<&Room> {
        self.room.as_ref()
    }

    fn problem(detail: impl Into<String>) -> Vec<Effect> {
        vec![Effect::Post(FromWorker::Problem { detail: detail.into() })]
    }

    /// One message of the page's (JSON text).
    pub fn message(&mut self, text: &str) -> Vec<Effect> {
        match serde_json::from_str::<ToWorker>(text) {
            Ok(message) => self.handle(message),
            Err(e) => Host::problem(format!("unreadable message: {e}")),
        }
    }

    pub fn handle(&mut self, message: ToWorker) -> Vec<Effect> {
        match message {
            ToWorker::Start { key, model, ws_url, presence } => {
                let model = match model::load(&model) {
                    Ok(m) => m,
                    Err(e) => return Host::problem(e.to_string()),
                };
                let room = Room::start(&key, &model, self.clock);
                self.page_view = model;
                self.begin(room, ws_url, presence, false)
            }
            ToWorker::Join { key, ws_url, presence } => {
                let room = Room::join(&key, self.clock);
                self.begin(room, ws_url, presence, true)
            }
            ToWorker::Edit { seq, rev, model, coalesce } => match model::load(&model) {
                Ok(after) => self.edit(seq, rev, after, coalesce.as_deref()),
                Err(e) => {
                    self.ack = seq;
                    let mut out = Host::problem(e.to_string());
                    out.extend(self.post_model(false));
                    out
                }
            },
            ToWorker::Seal => {
                if let Some(room) = &mut self.room {
                    room.seal();
                }
                Vec::new()
            }
            ToWorker::Undo { seq } => self.step(seq, true),
            ToWorker::Redo { seq } => self.step(seq, false),
            ToWorker::Presence { selection, pointer } => {
                self.presence.selection = selection;
                self.presence.pointer = pointer;
                let Some(room) = &mut self.room else { return Vec::new() };
                room.set_presence(&self.presence).into_iter().map(Effect::Send).collect()
            }
            ToWorker::Name { name, colour } => {
                self.presence.name = name;
                self.presence.colour = colour;
                let Some(room) = &mut self.room else { return Vec::new() };
                room.set_presence(&self.presence).into_iter().map(Effect::Send).collect()
            }
            ToWorker::Leave => {
                self.done = true;
                let Some(room) = &mut self.room else { return Vec::new() };
                let mut out: Vec<Effect> = room.leave().into_iter().map(Effect::Send).collect();
                out.push(Effect::Close);
                out
            }
        }
    }

    fn begin(&mut self, room: Room, ws_url: String, presence: Presence, joining: bool) -> Vec<Effect> {
        let mut room = room;
        room.set_presence(&presence);
        self.presence = presence;
        self.room = Some(room);
        self.ws_url = ws_url.clone();
        self.waiting_for_design = joining;
        self.done = false;
        let mut out = vec![Effect::Post(FromWorker::Status { status: Status::Connecting })];
        // The room reads the design through its repair: if that changed it, the page shows it.
        if !joining && self.room.as_ref().is_some_and(|r| r.model() != &self.page_view) {
            out.extend(self.post_model(true));
        }
        out.push(Effect::Connect(ws_url));
        out
    }

    /// The page's design before `after`: the design of revision `rev` if the page has seen a
    /// newer one than the worker knew, else the page's last edit.
    fn base_for(&mut self, rev: u64) -> Model {
        if rev > self.page_rev {
            if let Some((_, m)) = self.sent.iter().find(|(r, _)| *r == rev) {
                self.page_view = m.clone();
            }
            self.page_rev = rev;
            self.sent.retain(|(r, _)| *r >= rev);
        }
        self.page_view.clone()
    }

    fn edit(&mut self, seq: u64, rev: u64, after: Model, coalesce: Option<&str>) -> Vec<Effect> {
        let base = self.base_for(rev);
        self.ack = seq;
        let Some(room) = &mut self.room else { return Vec::new() };
        let merged = rebase(&base, &after, room.model()).unwrap_or_else(|| after.clone());
        let mut out: Vec<Effect> = room.edit(&merged, coalesce).into_iter().map(Effect::Send).collect();
        let differs = room.model() != &after;
        self.page_view = after;
        out.extend(self.post_model(differs));
        out
    }

    fn step(&mut self, seq: u64, back: bool) -> Vec<Effect> {
        self.ack = seq;
        let Some(room) = &mut self.room else { return Vec::new() };
        let frames = if back { room.undo() } else { room.redo() };
        let mut out: Vec<Effect> = frames.into_iter().map(Effect::Send).collect();
        out.extend(self.post_model(true));
        out
    }

    /// The model message: with the design (a new revision) when `with_design`, else only the
    /// undo state and the acknowledgement.
    fn post_model(&mut self, with_design: bool) -> Vec<Effect> {
        let Some(room) = &self.room else { return Vec::new() };
        let model = if with_design {
            self.rev += 1;
            self.sent.push_back((self.rev, room.model().clone()));
            while self.sent.len() > KEPT {
                self.sent.pop_front();
            }
            Some(room.model().to_json())
        } else {
            None
        };
        let (can_undo, can_redo) = (room.can_undo(), room.can_redo());
        vec![Effect::Post(FromWorker::Model { rev: self.rev, ack: self.ack, model, can_undo, can_redo })]
    }

    fn status(&self) -> Effect {
        let status = match self.room.as_ref().map(Room::link) {
            Some(Link::Live) => Status::Live,
            Some(Link::Connecting) => Status::Connecting,
            Some(Link::Refused(reason)) => Status::Refused { reason: reason.clone() },
            Some(Link::Offline) | None => Status::Offline,
        };
        Effect::Post(FromWorker::Status { status })
    }

    fn peers(&self) -> Effect {
        let peers = self.room.as_ref().map(Room::peers).unwrap_or_default();
        Effect::Post(FromWorker::Peers {
            peers: peers.into_iter().map(|p| PeerView { client: p.client, presence: p.presence }).collect(),
        })
    }

    /// The socket opened: the key, this copy's state and presence.
    pub fn opened(&mut self) -> Vec<Effect> {
        let Some(room) = &mut self.room else { return vec![Effect::Close] };
        let mut out: Vec<Effect> = room.opened().into_iter().map(Effect::Send).collect();
        out.push(self.status());
        out
    }

    /// A frame from the server.
    pub fn received(&mut self, bytes: &[u8]) -> Vec<Effect> {
        let Some(room) = &mut self.room else { return Vec::new() };
        let synced = matches!(wire::decode(bytes), Ok((ref id, Incoming::SyncStep2(_))) if id == room.id());
        let before = room.link().clone();
        let step = match room.received(bytes) {
            Ok(step) => step,
            Err(e) => return Host::problem(e.to_string()),
        };
        let mut out: Vec<Effect> = step.send.into_iter().map(Effect::Send).collect();
        let link = room.link().clone();
        if link != before {
            out.push(self.status());
            if matches!(link, Link::Refused(_)) {
                self.done = true;
                out.push(Effect::Close);
            }
        }
        // Joining: the first design is the room's, even an empty one.
        let first = synced && self.waiting_for_design;
        if first {
            self.waiting_for_design = false;
        }
        if step.model_changed || first {
            out.extend(self.post_model(true));
        }
        if step.presence_changed {
            out.push(self.peers());
        }
        // Who replaced a value of this person's, by the names they showed in the room (back
        // online, the design comes before the others' presence: the names seen before count).
        for peer in self.room.as_ref().map(Room::peers).unwrap_or_default() {
            if !peer.presence.name.is_empty() {
                self.names.insert(peer.client, peer.presence.name);
            }
        }
        for lost in step.lost {
            let by = lost.by.iter().filter_map(|client| self.names.get(client).cloned()).collect();
            out.push(Effect::Post(FromWorker::Lost { lost, by }));
        }
        out
    }

    /// The socket closed (the server stopped, the network went, or leaving).
    pub fn closed(&mut self) -> Vec<Effect> {
        let Some(room) = &mut self.room else { return Vec::new() };
        room.closed();
        vec![self.status(), self.peers()]
    }

    /// Sent every few seconds: this person's presence again, which also keeps the connection
    /// alive (the server closes one silent for a minute).
    pub fn heartbeat(&mut self) -> Vec<Effect> {
        let Some(room) = &mut self.room else { return Vec::new() };
        room.set_presence(&self.presence).into_iter().map(Effect::Send).collect()
    }
}
