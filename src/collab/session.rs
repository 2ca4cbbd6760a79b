//! One person's copy of a shared design: the Yjs document, the model read from it, this
//! person's undo, and the updates waiting to be sent.
//!
//! Undo stays personal through the CRDT's own undo manager (yrs `UndoManager`), which tracks
//! only the transactions of this peer's local origin: Ctrl+Z reverts my last step, member by
//! member, and leaves a colleague's edits (even of the same box) as they are. The editor's
//! record-diff history (`editor::history`) restores whole records, so it would revert a
//! colleague's edit of a record I had touched; in a room the app undoes through the session.

use super::project::{project, Projection, Repair};
use super::records::{ids, member_text, record_members, same_record, Kind, META};
use super::write::{write, NewKeys};
use crate::model::Model;
use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, Mutex};
use yrs::undo::Options as UndoOptions;
use yrs::updates::decoder::Decode;
use yrs::{Doc, Origin, ReadTxn, StateVector, Transact, UndoManager, Update};

/// The origin of this peer's edits (the ones its undo tracks).
const LOCAL: &str = "docshape-local";
/// The origin of updates received from the others (never sent back, never undone).
const REMOTE: &str = "docshape-remote";
/// The origin of the design a room starts from (sent, not undoable).
const INIT: &str = "docshape-init";

/// Why an update from a peer was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum CollabError {
    /// The bytes are not a Yjs update (or state vector).
    Malformed(String),
    /// An update larger than [`MAX_UPDATE`] bytes (the sync server refuses the same).
    TooLarge(usize),
}

/// The largest update a peer may send, in bytes: the sync server's limit (`SYNC_MAX_BYTES`,
/// `server/sync.mjs`). A design of 1,000 boxes is about 1 MB as a whole-document update.
pub const MAX_UPDATE: usize = 8 * 1024 * 1024;

impl fmt::Display for CollabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CollabError::Malformed(why) => {
                write!(f, "A peer sent an update docshape cannot read ({why}); it was refused.")
            }
            CollabError::TooLarge(bytes) => {
                write!(f, "A peer sent an update of {bytes} bytes, over the limit of {MAX_UPDATE}; it was refused.")
            }
        }
    }
}

impl std::error::Error for CollabError {}

/// A value this person wrote that a colleague's edit of the same member replaced moments later
/// (within [`AT_ONCE_MS`] of it, or of coming back online when it was written offline): two
/// people renaming one box at once, and the CRDT keeping one name. Which of two concurrent
/// writes the CRDT keeps is not this person's choice, so they are told, with their value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Lost {
    pub kind: Kind,
    /// The record's id in the model.
    pub id: String,
    /// The member (`name`, `fields`, `position`…).
    pub member: String,
    /// This person's value and the one kept, as JSON text.
    pub mine: String,
    pub theirs: String,
    /// The clients whose update replaced it.
    pub by: Vec<u64>,
}

/// A member this person wrote lately: the value, and when (ms, the room's clock).
#[derive(Debug, Clone)]
struct Written {
    kind: Kind,
    id: String,
    member: String,
    value: String,
    at: u64,
}

/// How many recent writes are watched for concurrent losses.
const WATCHED: usize = 64;

/// How long after a write (or after coming back online) a colleague's replacement of it counts
/// as made at the same time (ms): a colleague working on the same box a minute later has seen
/// this person's value and means to change it.
pub const AT_ONCE_MS: u64 = 15_000;

/// A shared design as one peer holds it.
pub struct Session {
    doc: Doc,
    undo: UndoManager,
    view: Projection,
    outbox: Arc<Mutex<Vec<Vec<u8>>>>,
    /// The coalescing key of the last local edit (typing in one input is one undo step).
    coalesce: Option<String>,
    /// What this person wrote lately, and what colleagues' concurrent edits replaced of it.
    written: Vec<Written>,
    lost: Vec<Lost>,
    /// The time in ms (the room's clock; none in tests of the document alone: always 0).
    clock: Option<fn() -> u64>,
}

impl Session {
    /// Starts a room from `model`: the room's first content.
    pub fn start(model: &Model) -> Session {
        Session::start_as(Doc::new(), model)
    }

    /// [`Session::start`] with a chosen client id (tests).
    pub fn start_with_client(client: u64, model: &Model) -> Session {
        Session::start_as(Doc::with_client_id(client), model)
    }

    fn start_as(doc: Doc, model: &Model) -> Session {
        let mut session = Session::on(doc);
        {
            let mut txn = session.doc.transact_mut_with(INIT);
            write(&mut txn, &session.view, model, NewKeys::Ids);
        }
        session.refresh();
        session
    }

    /// Joins a room: the design arrives with the first updates.
    pub fn join() -> Session {
        Session::on(Doc::new())
    }

    /// [`Session::join`] with a chosen client id (tests).
    pub fn join_with_client(client: u64) -> Session {
        Session::on(Doc::with_client_id(client))
    }

    fn on(doc: Doc) -> Session {
        let mut roots = vec![doc.get_or_insert_map(META)];
        roots.extend(Kind::ALL.map(|k| doc.get_or_insert_map(k.root())));
        let options = UndoOptions {
            // The clock stands still and each step is ended by `reset`: steps are the editor's
            // steps, not time windows.
            capture_timeout_millis: 2,
            tracked_origins: HashSet::from([Origin::from(LOCAL)]),
            capture_transaction: None,
            timestamp: Arc::new(|| 1),
            init_undo_stack: Vec::new(),
            init_redo_stack: Vec::new(),
        };
        let mut undo = UndoManager::with_options(options);
        for root in &roots {
            undo.expand_scope(&doc, root);
        }
        let outbox: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
        let sink = outbox.clone();
        let remote = Origin::from(REMOTE);
        // Every change not received from a peer is sent: local edits, undo and redo, the start.
        let _ = doc.observe_update_v1("outbox", move |txn, event| {
            if txn.origin() != Some(&remote) {
                if let Ok(mut out) = sink.lock() {
                    out.push(event.update.clone());
                }
            }
        });
        Session {
            doc,
            undo,
            view: Projection::default(),
            outbox,
            coalesce: None,
            written: Vec::new(),
            lost: Vec::new(),
            clock: None,
        }
    }

    fn refresh(&mut self) {
        self.view = project(&self.doc.transact());
    }

    /// The shared document (for presence, which travels beside it).
    pub fn doc(&self) -> &Doc {
        &self.doc
    }

    /// This peer's client id in the document.
    pub fn client_id(&self) -> u64 {
        self.doc.client_id().get()
    }

    /// The design as the document holds it, repaired.
    pub fn model(&self) -> &Model {
        &self.view.model
    }

    /// What the last reading repaired.
    pub fn repairs(&self) -> &[Repair] {
        &self.view.repairs
    }

    /// A local edit: writes what `after` changes. Consecutive edits with the same `coalesce`
    /// key are one undo step. Returns whether the design changed.
    pub fn edit(&mut self, after: &Model, coalesce: Option<&str>) -> bool {
        if after == &self.view.model {
            return false;
        }
        if coalesce.is_none() || coalesce != self.coalesce.as_deref() {
            self.undo.reset();
        }
        self.coalesce = coalesce.map(str::to_string);
        let before = self.view.model.clone();
        {
            let mut txn = self.doc.transact_mut_with(LOCAL);
            write(&mut txn, &self.view, after, NewKeys::OfClient(self.doc.client_id().get()));
        }
        self.refresh();
        self.watch(&before);
        true
    }

    /// Sets the clock that dates this person's writes (ms).
    pub fn set_clock(&mut self, clock: fn() -> u64) {
        self.clock = Some(clock);
    }

    fn now(&self) -> u64 {
        self.clock.map_or(0, |c| c())
    }

    /// Back online: the writes made meanwhile reach the others now, so a replacement of them in
    /// the next moments is a concurrent one.
    pub fn back_online(&mut self) {
        let now = self.now();
        for w in &mut self.written {
            w.at = now;
        }
    }

    /// Remembers the members of records that an edit changed.
    fn watch(&mut self, before: &Model) {
        let at = self.now();
        for kind in Kind::ALL {
            let after = &self.view.model;
            for (i, id) in ids(after, kind).into_iter().enumerate() {
                if same_record(after, before, kind, i) {
                    continue;
                }
                let (Some(old), Some(new)) = (record_members(before, kind, id), record_members(after, kind, id)) else {
                    continue;
                };
                for (member, value) in new {
                    if old.iter().any(|(k, v)| *k == member && *v == value) {
                        continue;
                    }
                    self.written.retain(|w| !(w.kind == kind && w.id == id && w.member == member));
                    self.written.push(Written { kind, id: id.to_string(), member, value, at });
                }
            }
        }
        let extra = self.written.len().saturating_sub(WATCHED);
        self.written.drain(..extra);
    }

    /// The values of this person's that the last remote updates replaced concurrently.
    pub fn take_lost(&mut self) -> Vec<Lost> {
        std::mem::take(&mut self.lost)
    }

    /// After a remote update (written by `authors`): each watched value of this person's that
    /// was on screen before it and is not any more was replaced by a colleague; within
    /// [`AT_ONCE_MS`] of writing it, that is a loss to tell of.
    fn notice_losses(&mut self, before: &Model, authors: &[u64]) {
        let now = self.now();
        let model = &self.view.model;
        let mut lost = Vec::new();
        self.written.retain(|w| {
            if member_text(before, w.kind, &w.id, &w.member).as_deref() != Some(w.value.as_str()) {
                // Not on screen before this update (undone, or replaced already): not watched.
                return false;
            }
            let now_value = member_text(model, w.kind, &w.id, &w.member);
            if now_value.as_deref() == Some(w.value.as_str()) {
                return true;
            }
            if let (true, Some(theirs)) = (now.saturating_sub(w.at) <= AT_ONCE_MS, now_value) {
                lost.push(Lost {
                    kind: w.kind,
                    id: w.id.clone(),
                    member: w.member.clone(),
                    mine: w.value.clone(),
                    theirs,
                    by: authors.to_vec(),
                });
            }
            false
        });
        self.lost.extend(lost);
    }

    /// Ends coalescing: the next edit is a new undo step.
    pub fn seal(&mut self) {
        self.coalesce = None;
    }

    /// Applies an update received from a peer (or the server).
    pub fn apply_remote(&mut self, update: &[u8]) -> Result<(), CollabError> {
        if update.len() > MAX_UPDATE {
            return Err(CollabError::TooLarge(update.len()));
        }
        let update = Update::decode_v1(update).map_err(|e| CollabError::Malformed(e.to_string()))?;
        let me = self.client_id();
        // Who wrote it: the clients whose clocks this update moved on in the document.
        let before_sv = self.doc.transact().state_vector();
        {
            let mut txn = self.doc.transact_mut_with(REMOTE);
            txn.apply_update(update).map_err(|e| CollabError::Malformed(e.to_string()))?;
        }
        let after_sv = self.doc.transact().state_vector();
        let authors: Vec<u64> = after_sv
            .iter()
            .filter(|(client, clock)| before_sv.get(client) < **clock)
            .map(|(client, _)| client.get())
            .filter(|c| *c != me)
            .collect();
        let before = std::mem::take(&mut self.view.model);
        self.refresh();
        if !self.written.is_empty() {
            self.notice_losses(&before, &authors);
        }
        Ok(())
    }

    /// This peer's state vector (sync step 1).
    pub fn state_vector(&self) -> Vec<u8> {
        use yrs::updates::encoder::Encode;
        self.doc.transact().state_vector().encode_v1()
    }

    /// What a peer with state vector `sv` lacks (sync step 2).
    pub fn update_since(&self, sv: &[u8]) -> Result<Vec<u8>, CollabError> {
        let sv = StateVector::decode_v1(sv).map_err(|e| CollabError::Malformed(e.to_string()))?;
        Ok(self.doc.transact().encode_state_as_update_v1(&sv))
    }

    /// The whole document as one update.
    pub fn full_update(&self) -> Vec<u8> {
        self.doc.transact().encode_state_as_update_v1(&StateVector::default())
    }

    /// The updates made here since the last call, to send to the others.
    pub fn take_outgoing(&mut self) -> Vec<Vec<u8>> {
        self.outbox.lock().map(|mut out| std::mem::take(&mut *out)).unwrap_or_default()
    }

    pub fn can_undo(&self) -> bool {
        self.undo.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.undo.can_redo()
    }

    /// Undoes this peer's last step (a colleague's edits stay).
    pub fn undo(&mut self) -> bool {
        self.coalesce = None;
        let done = self.undo.undo_blocking();
        self.refresh();
        done
    }

    pub fn redo(&mut self) -> bool {
        self.coalesce = None;
        let done = self.undo.redo_blocking();
        self.refresh();
        done
    }
}
