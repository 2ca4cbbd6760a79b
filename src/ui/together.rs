//! The page's side of "Edit together": starts the room worker (`docshape-collab`, see
//! `crate::together`) when a room starts or a room link opens, sends it every edit the editor
//! announces, and shows what it answers (the room's design, who is here, the connection). The
//! record history is set aside while in a room: undo is the room's, this person's steps only.

use super::comments::Comments;
use super::designs::Designs;
use super::state::{Editor, NoticeAction, NoticeKind};
use crate::collab::records::{set_member, Kind};
use crate::collab::{Invite, Lost, Presence};
use crate::editor::store::{Change, Event, Source, Step};
use crate::i18n::Msg;
use crate::model::{self, Model};
use crate::together::key::base64url;
use crate::together::protocol::{FromWorker, PeerView, Refusal, Status, ToWorker, READY};
use crate::together::setup::{shown_name, PALETTE};
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// What the views show of the room.
#[derive(Clone, Copy)]
pub struct Together {
    /// `None` when not in a room (nor joining one).
    pub status: RwSignal<Option<Status>>,
    pub peers: RwSignal<Vec<PeerView>>,
    /// The room link to give (the page's address with `#room=…&key=…`).
    pub link: RwSignal<Option<String>>,
    /// The dialog with the link.
    pub dialog: RwSignal<bool>,
    /// This person's name and colour, remembered in this browser.
    pub name: RwSignal<String>,
    pub colour: RwSignal<String>,
}

struct Client {
    worker: web_sys::Worker,
    ready: bool,
    queue: Vec<String>,
    /// The last `seq` sent (edits, undo, redo).
    seq: u64,
    /// The revision of the room's design the page shows.
    seen_rev: u64,
    /// Joining: the page shows its own design until the room's arrives.
    joining: bool,
    /// The room's key (to tell a link of this room from another's).
    key: String,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    static TOGETHER: Cell<Option<Together>> = const { Cell::new(None) };
    static EDITOR: Cell<Option<Editor>> = const { Cell::new(None) };
}

const NAME_KEY: &str = super::comments::NAME_KEY;
const COLOUR_KEY: &str = "docshape.colour";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

impl Together {
    /// Sets up the room state of this page (once, before the views), after the comments'
    /// (whose author's name is this person's name in the room too).
    pub fn provide(editor: Editor, comments: Comments) -> Together {
        let stored = |key: &str| storage().and_then(|s| s.get_item(key).ok().flatten()).filter(|v| !v.is_empty());
        let name = stored(NAME_KEY).unwrap_or_else(|| {
            let n = 2 + (js_sys::Math::random() * 98.0) as u32;
            editor.fill(Msg::TogetherGuest, &[&n])
        });
        let colour = stored(COLOUR_KEY).unwrap_or_else(|| {
            PALETTE[(js_sys::Math::random() * PALETTE.len() as f64) as usize % PALETTE.len()].into()
        });
        let together = Together {
            status: RwSignal::new(None),
            peers: RwSignal::new(Vec::new()),
            link: RwSignal::new(None),
            dialog: RwSignal::new(false),
            name: RwSignal::new(name),
            colour: RwSignal::new(colour),
        };
        TOGETHER.set(Some(together));
        EDITOR.set(Some(editor));
        provide_context(together);
        editor.listen(move |event| heard(&editor, event));
        // One name for one person: a name given for comments is the one the others see.
        Effect::new(move |first: Option<()>| {
            let name = comments.author.get();
            if first.is_some() && !name.is_empty() {
                together.set_name(name);
            }
        });
        together
    }

    pub fn get() -> Option<Together> {
        TOGETHER.get()
    }

    /// In a room or joining one.
    pub fn active(&self) -> bool {
        self.status.with(Option::is_some)
    }

    /// Renames this person (remembered in this browser, shown to the others at once).
    pub fn set_name(&self, name: String) {
        if let Some(s) = storage() {
            let _ = s.set_item(NAME_KEY, &name);
            let _ = s.set_item(COLOUR_KEY, &self.colour.get_untracked());
        }
        self.name.set(name);
        let presence = self.presence();
        with_client(|_| ToWorker::Name { name: presence.name, colour: presence.colour });
    }

    fn presence(&self) -> Presence {
        Presence {
            name: shown_name(&self.name.get_untracked()),
            colour: self.colour.get_untracked(),
            ..Presence::default()
        }
    }
}

/// Starts a room on the design on screen, or shows its link again when already in one.
pub fn start(editor: &Editor) {
    let Some(together) = Together::get() else { return };
    if together.active() {
        together.dialog.set(true);
        return;
    }
    // Without a network there is no room to start (its worker and its server are away): say
    // so, rather than fail to fetch them.
    if offline() {
        return editor.notify(NoticeKind::Info, editor.text(Msg::TogetherNeedsConnection));
    }
    let Some(key) = random_key() else {
        return editor.notify(NoticeKind::Error, editor.fill(Msg::TogetherUnavailable, &[&"no random numbers"]));
    };
    if Invite::for_key(&key).is_err() {
        return;
    }
    // Connecting from the click on (a second click shows the dialog); the room's code comes
    // in its chunk the first time.
    together.status.set(Some(Status::Connecting));
    spawn_open(*editor, key, false);
}

/// Opens the room in the background; if it cannot be, the page is out of it and says why.
fn spawn_open(editor: Editor, key: String, joining: bool) {
    leptos::task::spawn_local(async move {
        if let Err(why) = super::chunks::open_room(editor, key, joining).await {
            if let Some(together) = Together::get() {
                together.status.set(None);
            }
            editor.notify(NoticeKind::Error, why);
        }
    });
}

/// Starts the room worker on `key` with its first message, written from the design as it is
/// now: a new room with the design on screen, or (`joining`) the room of a link, whose design
/// replaces this one when it arrives. The room's chunk (a split point of src/main.rs): what the
/// worker says is read only here, so that code comes with the room's views.
pub fn open(editor: Editor, key: String, joining: bool) -> Result<(), String> {
    let Some(together) = Together::get() else { return Ok(()) };
    let (ws_url, presence) = (super::page::sync_url(), together.presence());
    if joining {
        launch(key.clone(), true, ToWorker::Join { key, ws_url, presence })?;
        together.link.set(page_link());
        together.status.set(Some(Status::Connecting));
        return Ok(());
    }
    let model = editor.model.with_untracked(Model::to_json);
    // `start` made the key and checked it.
    let fragment = Invite::for_key(&key).map(|invite| invite.fragment()).unwrap_or_default();
    launch(key.clone(), false, ToWorker::Start { key, model, ws_url, presence })?;
    set_hash(&fragment);
    together.link.set(page_link());
    together.status.set(Some(Status::Connecting));
    // A design in a room is in My designs from the start (the untouched demo too), so leaving
    // always finds it there.
    Designs::get().autosave();
    editor.keep_history_elsewhere(true);
    editor.can_undo.set(false);
    editor.can_redo.set(false);
    together.dialog.set(true);
    Ok(())
}

/// Joins the room of the page's address, if it is a room link; `false` when it is not one.
/// A broken link is refused with the reason, and the design on screen stays. `before` runs
/// once the link is known good and before joining (leaving review mode: a person follows a
/// room link to edit).
pub fn join_from_location(editor: &Editor, before: impl FnOnce()) -> bool {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else { return false };
    let members = hash.trim_start_matches('#');
    if !members.split('&').any(|m| m.starts_with("room=") || m.starts_with("key=")) {
        return false;
    }
    let Some(together) = Together::get() else { return true };
    let lang = editor.lang.get_untracked();
    let invite = match Invite::parse(&hash) {
        Ok(invite) => invite,
        Err(e) => {
            editor.notify(NoticeKind::Error, Msg::RoomLinkInvalidWhy.fill(lang, &[&e.message().render(lang)]));
            return true;
        }
    };
    if CLIENT.with_borrow(|c| c.as_ref().is_some_and(|c| c.key == invite.key)) {
        return true;
    }
    // Offline, the link stays in the address bar: a reload once back online joins.
    if offline() {
        editor.notify(NoticeKind::Info, editor.text(Msg::TogetherNeedsConnection));
        return true;
    }
    before();
    if together.active() {
        leave(editor, false);
        set_hash(&invite.fragment());
    }
    together.status.set(Some(Status::Connecting));
    spawn_open(*editor, invite.key, true);
    true
}

/// What the room hears of the editor, while in one: this person's edits and the end of a
/// step being typed go to the room, undo and redo are asked of it, and another design put on
/// screen leaves it (the room's copy stays in My designs).
fn heard(editor: &Editor, event: &Event) {
    if !editor.history_elsewhere() {
        return;
    }
    match event {
        Event::Changed(Change { source: Source::User, after, coalesce, .. }) => send_edit(after, *coalesce),
        Event::Changed(Change { source: Source::Load, .. }) => leave(editor, false),
        Event::Changed(_) => {}
        Event::Sealed => with_client(|_| ToWorker::Seal),
        Event::StepAsked(step) => step_in_room(*step),
    }
}

/// Sends the design after a local edit.
fn send_edit(after: &Model, coalesce: Option<&str>) {
    let model = after.to_json();
    let coalesce = coalesce.map(str::to_string);
    with_client(|c| {
        c.seq += 1;
        ToWorker::Edit { seq: c.seq, rev: c.seen_rev, model, coalesce }
    });
}

/// Undo or redo in the room.
fn step_in_room(step: Step) {
    with_client(|c| {
        c.seq += 1;
        match step {
            Step::Undo => ToWorker::Undo { seq: c.seq },
            Step::Redo => ToWorker::Redo { seq: c.seq },
        }
    });
}

/// What this person selected and where the pointer is (diagram units).
pub fn send_presence(selection: Vec<String>, pointer: Option<(f64, f64)>) {
    with_client(|_| ToWorker::Presence { selection, pointer });
}

/// Leaves the room: the others are told, the design stays on screen (and in My designs) with
/// a fresh record history. `say` shows the notice.
pub fn leave(editor: &Editor, say: bool) {
    with_client(|_| ToWorker::Leave);
    if let Some(client) = CLIENT.with_borrow_mut(Option::take) {
        // A moment for the goodbye to reach the server, then the worker goes.
        gloo::timers::callback::Timeout::new(500, move || client.worker.terminate()).forget();
    }
    if let Some(together) = Together::get() {
        together.status.set(None);
        together.peers.set(Vec::new());
        together.link.set(None);
        together.dialog.set(false);
    }
    editor.keep_history_elsewhere(false);
    editor.reset_history();
    set_hash("");
    if say {
        editor.notify(NoticeKind::Info, editor.text(Msg::TogetherLeft));
    }
}

fn with_client(message: impl FnOnce(&mut Client) -> ToWorker) {
    CLIENT.with_borrow_mut(|slot| {
        let Some(client) = slot.as_mut() else { return };
        let text = message(client).to_json();
        if client.ready {
            let _ = client.worker.post_message(&JsValue::from_str(&text));
        } else {
            client.queue.push(text);
        }
    });
}

/// Whether the browser knows it has no network.
fn offline() -> bool {
    web_sys::window().is_some_and(|w| !w.navigator().on_line())
}

fn random_key() -> Option<String> {
    let crypto = web_sys::window()?.crypto().ok()?;
    let mut bytes = [0u8; 32];
    crypto.get_random_values_with_u8_array(&mut bytes).ok()?;
    Some(base64url(&bytes))
}

/// The page's address with its fragment, as the address bar shows it.
fn page_link() -> Option<String> {
    web_sys::window()?.location().href().ok()
}

/// Sets the address bar's fragment without a reload or a history entry ("" removes it).
fn set_hash(fragment: &str) {
    let Some(window) = web_sys::window() else { return };
    let (Ok(history), Ok(path), Ok(search)) =
        (window.history(), window.location().pathname(), window.location().search())
    else {
        return;
    };
    let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{search}{fragment}")));
}

fn describe(e: JsValue) -> String {
    e.as_string()
        .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
        .unwrap_or_else(|| "the room worker could not be started".into())
}

/// Starts the worker with its first message.
fn launch(key: String, joining: bool, first: ToWorker) -> Result<(), String> {
    if let Some(old) = CLIENT.with_borrow_mut(Option::take) {
        old.worker.terminate();
    }
    let worker = web_sys::Worker::new(&super::page::collab_url()).map_err(describe)?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        let data = event.data().as_string().unwrap_or_default();
        if data == READY {
            CLIENT.with_borrow_mut(|slot| {
                if let Some(client) = slot.as_mut() {
                    client.ready = true;
                    for message in client.queue.drain(..) {
                        let _ = client.worker.post_message(&JsValue::from_str(&message));
                    }
                }
            });
            return;
        }
        match serde_json::from_str::<FromWorker>(&data) {
            Ok(message) => received(message),
            Err(e) => {
                web_sys::console::warn_1(&format!("docshape: unreadable message from the room worker: {e}").into())
            }
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
        event.prevent_default();
        let detail = event
            .dyn_ref::<web_sys::ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "the room worker did not load".into());
        let Some(editor) = EDITOR.get() else { return };
        let started = CLIENT.with_borrow(|c| c.as_ref().map(|c| (c.ready, c.joining.then(|| c.key.clone()))));
        if let Some((false, joining)) = started {
            return no_worker(editor, joining, detail);
        }
        editor.notify(NoticeKind::Error, editor.fill(Msg::TogetherUnavailable, &[&detail]));
        if let Some(t) = Together::get() {
            t.status.set(Some(Status::Offline));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    let client = Client { worker, ready: false, queue: vec![first.to_json()], seq: 0, seen_rev: 0, joining, key };
    CLIENT.with_borrow_mut(|slot| *slot = Some(client));
    Ok(())
}

/// The room worker never started (its files could not be had): there is no room without it, so
/// the page leaves it, the design staying on screen; a room link being joined stays in the
/// address bar, for a reload to join again. In a tab whose release a newer one replaced on the
/// server, the notice says to reload (src/ui/chunks.rs), else why the worker did not start.
fn no_worker(editor: Editor, joining: Option<String>, detail: String) {
    leave(&editor, false);
    if let Some(invite) = joining.and_then(|key| Invite::for_key(&key).ok()) {
        set_hash(&invite.fragment());
    }
    leptos::task::spawn_local(async move {
        let text = if super::chunks::outdated().await {
            super::chunks::updated_text(editor.lang.get_untracked()).to_string()
        } else {
            editor.fill(Msg::TogetherUnavailable, &[&detail])
        };
        editor.notify(NoticeKind::Error, text);
    });
}

/// What the page says when the sync server refuses the room, by the server's reason
/// (`server/sync.mjs`): a key that does not open the room, a room at capacity, or another
/// reason, quoted as text (it comes from the server).
fn refusal(editor: &Editor, reason: &str) -> String {
    match Refusal::from_reason(reason) {
        Refusal::WrongKey => editor.text(Msg::RoomLinkInvalid).to_string(),
        Refusal::Full => editor.text(Msg::RoomFull).to_string(),
        Refusal::Other(other) => {
            let shown: String = super::text::shown_name(&other).chars().take(80).collect();
            editor.fill(Msg::RoomRefused, &[&shown])
        }
    }
}

/// A message of the worker's.
fn received(message: FromWorker) {
    let (Some(editor), Some(together)) = (EDITOR.get(), Together::get()) else { return };
    match message {
        FromWorker::Model { rev, ack, model, can_undo, can_redo } => {
            // Shown only when it holds every edit of this page's (none is in flight).
            let current = CLIENT.with_borrow(|c| c.as_ref().map(|c| (c.seq == ack, c.joining)));
            let Some((up_to_date, joining)) = current else { return };
            if let (true, Some(text)) = (up_to_date, model) {
                match model::load(&text) {
                    Ok(model) if joining => {
                        CLIENT.with_borrow_mut(|c| {
                            if let Some(c) = c.as_mut() {
                                c.joining = false;
                                c.seen_rev = rev;
                            }
                        });
                        // The room's design is a design of this browser's own from now on.
                        Designs::get().open_new(model);
                        editor.keep_history_elsewhere(true);
                    }
                    Ok(model) => {
                        CLIENT.with_borrow_mut(|c| c.as_mut().map(|c| c.seen_rev = rev));
                        editor.show_shared(model);
                    }
                    Err(e) => {
                        web_sys::console::warn_1(&format!("docshape: the room's design did not load: {e}").into())
                    }
                }
            }
            if editor.history_elsewhere() {
                editor.can_undo.set(can_undo);
                editor.can_redo.set(can_redo);
            }
        }
        FromWorker::Peers { peers } => together.peers.set(peers),
        FromWorker::Status { status } => {
            if let Status::Refused { reason } = &status {
                // Joining, the design on screen was never replaced; started, it stays too.
                leave(&editor, false);
                editor.notify(NoticeKind::Error, refusal(&editor, reason));
                return;
            }
            together.status.set(Some(status));
        }
        FromWorker::Lost { lost, by } => say_lost(&editor, lost, &by),
        FromWorker::Problem { detail } => {
            web_sys::console::warn_1(&format!("docshape: the room worker: {detail}").into());
        }
    }
}

/// Tells this person that a colleague's edit made at the same time replaced theirs, naming the
/// colleague, with their own value one click away ("Use mine").
fn say_lost(editor: &Editor, lost: Lost, by: &[String]) {
    let lang = editor.lang.get_untracked();
    let who = if by.is_empty() {
        Msg::SomeoneElse.text(lang).to_string()
    } else {
        by.iter().map(|n| shown_name(n)).collect::<Vec<_>>().join(", ")
    };
    let text_of = |json: &str| serde_json::from_str::<String>(json).ok().map(|s| super::text::shown_name(&s));
    let text = match (lost.member.as_str(), text_of(&lost.theirs), text_of(&lost.mine)) {
        ("name", Some(theirs), Some(mine)) => Msg::ConflictName.fill(lang, &[&who, &theirs, &mine]),
        _ => {
            let record = editor.model.with_untracked(|m| record_label(m, &lost));
            Msg::ConflictOther.fill(lang, &[&who, &format!("“{record}” ({})", lost.member)])
        }
    };
    editor.notify_offering(NoticeKind::Info, text, NoticeAction::UseMine(Box::new(lost)));
}

/// The name a person knows a record by: a box's or an access pattern's name, an arrow's ends.
fn record_label(m: &Model, lost: &Lost) -> String {
    let name = match lost.kind {
        Kind::Entity => m.entity(&lost.id).map(|e| e.name.clone()),
        Kind::Query => m.query(&lost.id).map(|q| q.name.clone()),
        Kind::Relation => m.relation(&lost.id).map(|r| {
            let end = |id: &str| m.entity(id).map_or(id.to_string(), |e| e.name.clone());
            format!("{} → {}", end(&r.parent), end(&r.child))
        }),
        Kind::Comment => None,
    };
    super::text::shown_name(&name.unwrap_or_else(|| lost.id.clone()))
}

/// Puts this person's value back (one edit, sent to the room like any other).
pub fn use_mine(editor: &Editor, lost: &Lost) {
    editor.edit(None, |m| {
        set_member(m, lost.kind, &lost.id, &lost.member, &lost.mine);
    });
}
