//! The messages between the page and the room worker, as JSON text (`serde_json`; enums in
//! serde's default, externally tagged form, which reads with far less code in the page than a
//! tagged one).
//!
//! Page → worker: [`ToWorker`]; worker → page: [`FromWorker`]. Every message of the page that
//! changes the design carries a sequence number (`seq`); the worker's [`FromWorker::Model`] says
//! which one it answered last (`ack`), so the page shows a design only when it holds all of its
//! own edits (a keystroke in flight is never wiped by an older state of the room).

use crate::collab::{Lost, Presence};
use serde::{Deserialize, Serialize};

/// What the worker says first, once its module has loaded (messages sent before are dropped,
/// so the page waits for it).
pub const READY: &str = "\"ready\"";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWorker {
    /// Opens a new room on the design (a model file's text) with `key`.
    Start {
        key: String,
        model: String,
        ws_url: String,
        presence: Presence,
    },
    /// Joins the room `key` opens; the design arrives from the server.
    Join {
        key: String,
        ws_url: String,
        presence: Presence,
    },
    /// A local edit: the whole design after it, made on the design of revision `rev` (the last
    /// [`FromWorker::Model`] the page showed) and the page's own edits since.
    Edit {
        seq: u64,
        rev: u64,
        model: String,
        coalesce: Option<String>,
    },
    /// Typing in one input ended: the next edit is a new undo step.
    Seal,
    /// Undoes this person's last step (never a colleague's).
    Undo {
        seq: u64,
    },
    Redo {
        seq: u64,
    },
    /// What this person selected and where the pointer is (diagram units).
    Presence {
        selection: Vec<String>,
        pointer: Option<(f64, f64)>,
    },
    /// This person's name and colour changed.
    Name {
        name: String,
        colour: String,
    },
    /// Leaves the room; the design stays in the page.
    Leave,
}

/// The state of the connection, as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Connecting,
    Live,
    /// The connection is down: edits are kept and sent when it is back.
    Offline,
    /// The server refused the key.
    Refused {
        reason: String,
    },
}

/// Why the sync server refused a room, read from the reason it gave (`server/sync.mjs`:
/// Hocuspocus' permission-denied message carries it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The key does not open the room (`wrong-key`, or Hocuspocus' default `permission-denied`).
    WrongKey,
    /// The room takes no more people on that server (`room-full`).
    Full,
    /// Another reason, as the server said it (text from the server: shown as text).
    Other(String),
}

impl Refusal {
    pub fn from_reason(reason: &str) -> Refusal {
        match reason.trim() {
            "wrong-key" | "permission-denied" | "" => Refusal::WrongKey,
            "room-full" => Refusal::Full,
            other => Refusal::Other(other.to_string()),
        }
    }
}

/// Someone else in the room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeerView {
    pub client: u64,
    pub presence: Presence,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The room's design changed (a colleague's edit, an undo, a merge of an edit made on an
    /// older design) — `model` is then its file text and `rev` its revision — or only the
    /// undo state did (`model` is `None`). `ack` is the last `seq` of the page's the worker
    /// has applied.
    Model {
        rev: u64,
        ack: u64,
        model: Option<String>,
        can_undo: bool,
        can_redo: bool,
    },
    /// Who else is here.
    Peers {
        peers: Vec<PeerView>,
    },
    Status {
        status: Status,
    },
    /// A value of this person's that a colleague's edit, made at the same time, replaced (see
    /// `collab::Lost`), with the names of who made it (empty when they are not known).
    Lost {
        lost: Lost,
        by: Vec<String>,
    },
    /// Something the worker could not do (an unreadable message or design): the detail.
    Problem {
        detail: String,
    },
}

impl ToWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl FromWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
