//! My designs: every design is kept in the browser's `localStorage` under a key of its own
//! (`docshape.design.<id>`) with a small index (`docshape.designs`) that the list shows. Each
//! change the editor announces is saved at once; a refused save (storage full) is shown and retried until it
//! succeeds; a tab learns from the `storage` event when another tab saved the design it shows,
//! and follows it, or, with edits of its own not yet saved, asks. Opening a file, a template or
//! a share link's copy adds a design; nothing replaces a saved one. The decisions themselves
//! are plain functions in `crate::designs`.

use super::state::{Editor, NoticeKind};
use super::storage::{self, local_storage, read, session_storage, write, Failure};
use crate::designs::{design_key, may_write, on_remote_change, Entry, Index, Remote, LEGACY_ID};
use crate::editor::store::Event;
use crate::i18n::Msg;
use crate::model::{load, Model};
use leptos::prelude::*;
use std::cell::Cell;

const INDEX_KEY: &str = "docshape.designs";
/// The design this tab shows (in `sessionStorage`: a reload keeps it, another tab has its own).
const TAB_KEY: &str = "docshape.tab.design";
/// Where an old autosave that no longer loads is kept, so it is never silently lost.
const RESCUE_KEY: &str = "docshape.model.unreadable";
const RETRY_MS: u32 = 2000;

/// How the design on screen stands with the browser's storage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Not saved yet, with nothing to save (the demo before a first edit).
    Idle,
    Saved,
    /// The last save was refused; retrying.
    Failed(Failure),
    /// Another tab saved this design while this tab had edits of its own.
    Conflict,
}

/// A save that could not be written when the user left its design; retried with the others.
#[derive(Clone)]
struct Pending {
    id: Option<String>,
    seen: u64,
    name: String,
    json: String,
}

#[derive(Clone, Copy)]
pub struct Designs {
    editor: Editor,
    /// The design on screen, `None` until it is first saved.
    pub current: RwSignal<Option<String>>,
    /// The revision of it this tab last read or wrote.
    seen: StoredValue<u64>,
    /// The text last read or written for it: the model on screen is saved when it equals it.
    written: StoredValue<Option<String>>,
    stash: StoredValue<Vec<Pending>>,
    retrying: StoredValue<bool>,
    pub status: RwSignal<Status>,
    /// The saved designs, most recent first.
    pub list: RwSignal<Vec<Entry>>,
}

thread_local! {
    static DESIGNS: Cell<Option<Designs>> = const { Cell::new(None) };
}

/// What the app starts with: the design this tab showed, else the last one saved, else the demo.
pub struct Start {
    pub model: Model,
    pub problem: Option<String>,
    id: Option<String>,
    seen: u64,
    written: Option<String>,
    list: Vec<Entry>,
    /// The demo should be on screen but web/start.js did not fetch it (a design was saved,
    /// but cannot be read): `model` is an empty design until it comes.
    demo_missing: bool,
}

impl Start {
    /// Whether the model comes from a saved design (not the demo a newcomer sees).
    pub fn saved(&self) -> bool {
        self.id.is_some()
    }

    /// Whether the demo should be on screen but is not (web/start.js did not fetch it):
    /// [`Designs::show_demo`] fetches it.
    pub fn demo_missing(&self) -> bool {
        self.demo_missing
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The stored index; rebuilt from the stored designs if it is missing or unreadable.
fn read_index(storage: &web_sys::Storage) -> Index {
    match read(storage, INDEX_KEY) {
        Some(text) => Index::parse(&text).unwrap_or_else(|| rebuild(storage)),
        None => rebuild(storage),
    }
}

fn rebuild(storage: &web_sys::Storage) -> Index {
    let mut index = Index::new();
    let prefix = design_key("");
    for i in 0..storage.length().unwrap_or(0) {
        let Some(key) = storage.key(i).ok().flatten() else { continue };
        let Some(id) = key.strip_prefix(&prefix) else { continue };
        let text = read(storage, &key).unwrap_or_default();
        let name = serde_json::from_str::<serde_json::Value>(&text)
            .ok()
            .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(str::to_string))
            .unwrap_or_else(|| id.to_string());
        index.saved(id, &name, text.len(), 0.0);
    }
    index
}

fn remember_tab(id: &str) {
    if let Some(s) = session_storage() {
        let _ = s.set_item(TAB_KEY, id);
    }
}

/// Writes a design's text, then its entry in the index; the revision written.
fn write_design(
    storage: &web_sys::Storage,
    index: &mut Index,
    id: &str,
    name: &str,
    json: &str,
) -> Result<u64, Failure> {
    write(storage, &design_key(id), json)?;
    let rev = index.saved(id, name, json.len(), now());
    write(storage, INDEX_KEY, &index.to_json())?;
    Ok(rev)
}

pub fn start() -> Start {
    let lang = storage::initial_lang();
    // The demo web/start.js fetched when no design is saved; else an empty design until the
    // demo arrives (`Designs::show_demo`, which the app calls then).
    let demo = |problem, list| {
        let (model, demo_missing) = match storage::handed_demo() {
            Some(demo) => (demo, false),
            None => (Model::new(Msg::UntitledDesign.text(lang)), true),
        };
        Start { model, problem, id: None, seen: 0, written: None, list, demo_missing }
    };
    let Some(storage) = local_storage() else { return demo(None, Vec::new()) };
    let mut index = read_index(&storage);
    // The single autosave of earlier versions joins the list where it is, and opens.
    let legacy = if index.get(LEGACY_ID).is_none() { read(&storage, &design_key(LEGACY_ID)) } else { None };
    let migrating = legacy.is_some();
    let tab = session_storage().and_then(|s| read(&s, TAB_KEY)).filter(|id| index.get(id).is_some());
    let id =
        if migrating { Some(LEGACY_ID.to_string()) } else { tab.or_else(|| index.most_recent().map(|e| e.id.clone())) };
    let Some(id) = id else { return demo(None, Vec::new()) };
    let Some(text) = legacy.or_else(|| read(&storage, &design_key(&id))) else { return demo(None, index.by_recent()) };
    match load(&text) {
        Ok(model) => {
            if migrating {
                index.saved(LEGACY_ID, &model.name, text.len(), now());
                // Best effort: a refused write migrates again on the next start.
                let _ = write(&storage, INDEX_KEY, &index.to_json());
            }
            remember_tab(&id);
            let seen = index.get(&id).map_or(0, |e| e.rev);
            Start {
                model,
                problem: None,
                id: Some(id),
                seen,
                written: Some(text),
                list: index.by_recent(),
                demo_missing: false,
            }
        }
        Err(e) => {
            if migrating && write(&storage, RESCUE_KEY, &text).is_ok() {
                let _ = storage.remove_item(&design_key(LEGACY_ID));
            }
            demo(Some(Msg::AutosaveBroken.fill(lang, &[&e])), index.by_recent())
        }
    }
}

impl Designs {
    /// The designs of this page (set up by `Designs::new`).
    pub fn get() -> Designs {
        DESIGNS.with(|d| d.get()).expect("Designs::new runs before the app renders")
    }

    /// Whether this tab's edits are all in storage: a reload would lose nothing.
    pub fn nothing_unsaved(&self) -> bool {
        matches!(self.status.get_untracked(), Status::Idle | Status::Saved) && self.stash.with_value(Vec::is_empty)
    }

    pub fn new(editor: Editor, start: Start) -> Designs {
        let saved = start.id.is_some();
        let designs = Designs {
            editor,
            current: RwSignal::new(start.id),
            seen: StoredValue::new(start.seen),
            written: StoredValue::new(start.written),
            stash: StoredValue::new(Vec::new()),
            retrying: StoredValue::new(false),
            status: RwSignal::new(if saved { Status::Saved } else { Status::Idle }),
            list: RwSignal::new(start.list),
        };
        DESIGNS.with(|d| d.set(Some(designs)));
        designs
    }

    /// Saves on every change of the design the editor announces, and when review mode ends
    /// (a version, a comparison or a share link was on screen): what is on screen then is the
    /// user's design again. Not on start-up: what was loaded is what is saved.
    /// The save runs as an effect, once for all the changes of one task (a change and the end
    /// of review mode come together when a share link's copy becomes a design).
    pub fn save_on_change(self) {
        let changed = Trigger::new();
        self.editor.listen(move |event| {
            if let Event::Changed(_) = event {
                changed.notify();
            }
        });
        let review = self.editor.review;
        Effect::new(move |first: Option<()>| {
            changed.track();
            review.track();
            if first.is_some() {
                self.autosave();
            }
        });
    }

    /// True while the tab has edits that are not in storage.
    pub fn unsaved(&self) -> bool {
        matches!(self.status.get_untracked(), Status::Failed(_) | Status::Conflict)
    }

    /// Saves the model on screen if it changed since it was last read or written.
    pub fn autosave(&self) {
        if self.editor.review.get_untracked() {
            return;
        }
        let json = self.editor.model.with_untracked(Model::to_json);
        if self.written.with_value(|w| w.as_deref() == Some(json.as_str())) {
            // Back to what this tab last saved: nothing of its own to keep, so it follows.
            if self.status.get_untracked() == Status::Conflict {
                return self.take_theirs();
            }
            if self.stash.with_value(Vec::is_empty) && self.status.get_untracked() != Status::Idle {
                self.saved();
            }
            return;
        }
        let Some(storage) = local_storage() else { return self.failed(Failure::Unavailable) };
        let mut index = read_index(&storage);
        let seen = self.seen.get_value();
        let id = match self.current.get_untracked() {
            // Deleted in another tab since: this tab's edits become a design again.
            Some(id) if index.get(&id).is_none() && seen > 0 => index.new_id(now(), js_sys::Math::random()),
            Some(id) if !may_write(&index, &id, seen) => return self.conflict(),
            Some(id) => id,
            None => index.new_id(now(), js_sys::Math::random()),
        };
        if self.current.get_untracked().as_deref() != Some(id.as_str()) {
            self.current.set(Some(id.clone()));
            self.seen.set_value(0);
        }
        let name = self.editor.model.with_untracked(|m| m.name.clone());
        match write_design(&storage, &mut index, &id, &name, &json) {
            Ok(rev) => {
                self.seen.set_value(rev);
                self.written.set_value(Some(json));
                remember_tab(&id);
                self.list.set(index.by_recent());
                if self.stash.with_value(Vec::is_empty) {
                    self.saved();
                }
            }
            Err(f) => self.failed(f),
        }
    }

    fn conflict(&self) {
        if self.status.get_untracked() != Status::Conflict {
            self.status.set(Status::Conflict);
            self.editor.notify(NoticeKind::Error, self.editor.text(Msg::ChangedElsewhereHelp));
        }
    }

    fn saved(&self) {
        if matches!(self.status.get_untracked(), Status::Failed(_)) {
            self.editor.notify(NoticeKind::Info, self.editor.text(Msg::SavedAgain));
        }
        self.status.set(Status::Saved);
    }

    fn failed(&self, why: Failure) {
        if self.status.get_untracked() != Status::Failed(why) {
            self.status.set(Status::Failed(why));
            self.editor.notify(NoticeKind::Error, self.editor.text(help(why)));
        }
        self.schedule();
    }

    /// Runs `retry` in a moment (once, however often it is asked for).
    fn schedule(&self) {
        if !self.retrying.get_value() {
            self.retrying.set_value(true);
            let me = *self;
            gloo::timers::callback::Timeout::new(RETRY_MS, move || {
                me.retrying.set_value(false);
                me.retry();
            })
            .forget();
        }
    }

    /// Writes what is waiting: designs left while unsaved, then the one on screen.
    fn retry(&self) {
        let Some(storage) = local_storage() else { return self.failed(Failure::Unavailable) };
        let mut left = Vec::new();
        let mut failure = None;
        for p in self.stash.get_value() {
            let mut index = read_index(&storage);
            // Another tab saved it since: this version is kept as a design of its own.
            let id = p.id.clone().filter(|id| may_write(&index, id, p.seen));
            let id = id.unwrap_or_else(|| index.new_id(now(), js_sys::Math::random()));
            if let Err(f) = write_design(&storage, &mut index, &id, &p.name, &p.json) {
                failure = Some(f);
                left.push(Pending { id: Some(id), seen: 0, ..p });
            }
        }
        self.stash.set_value(left);
        self.autosave();
        if let Some(f) = failure {
            self.failed(f);
        }
        if let (Some(storage), true) = (local_storage(), self.stash.with_value(Vec::is_empty)) {
            self.list.set(read_index(&storage).by_recent());
        }
    }

    /// Before showing another design: unsaved edits of this one wait in the stash.
    fn leave(&self) {
        // Saved or idle (the untouched demo) leaves nothing behind; a refused save does.
        if !self.editor.review.get_untracked() && self.unsaved() {
            let json = self.editor.model.with_untracked(Model::to_json);
            if self.written.with_value(|w| w.as_deref() != Some(json.as_str())) {
                let name = self.editor.model.with_untracked(|m| m.name.clone());
                let p = Pending { id: self.current.get_untracked(), seen: self.seen.get_value(), name, json };
                self.stash.update_value(|s| s.push(p));
            }
        }
        self.current.set(None);
        self.seen.set_value(0);
        self.written.set_value(None);
        if !self.stash.with_value(Vec::is_empty) {
            self.schedule();
        }
    }

    /// Shows `model` as a new design (a file, a template, a share link's copy); the design on
    /// screen stays in the list. It is saved by the autosave that follows.
    pub fn open_new(&self, model: Model) {
        self.leave();
        if !matches!(self.status.get_untracked(), Status::Failed(_)) {
            self.status.set(Status::Idle);
        }
        self.editor.load(model, true);
    }

    /// Shows saved design `id`.
    pub fn open(&self, id: &str) {
        if self.current.get_untracked().as_deref() == Some(id) && !self.editor.review.get_untracked() {
            return;
        }
        let Some(storage) = local_storage() else { return };
        let index = read_index(&storage);
        let text = read(&storage, &design_key(id)).unwrap_or_default();
        match load(&text) {
            Ok(model) => {
                self.leave();
                self.show(id, index.get(id).map_or(0, |e| e.rev), model, true);
            }
            Err(e) => {
                let name = index.get(id).map(|e| e.name.clone()).unwrap_or_default();
                self.editor.notify(NoticeKind::Error, self.editor.fill(Msg::CouldNotOpen, &[&name, &e]));
            }
        }
    }

    fn show(&self, id: &str, rev: u64, model: Model, fit: bool) {
        self.written.set_value(Some(model.to_json()));
        self.current.set(Some(id.to_string()));
        self.seen.set_value(rev);
        remember_tab(id);
        if self.stash.with_value(Vec::is_empty) {
            self.status.set(Status::Saved);
        }
        self.editor.load(model, fit);
    }

    /// Leaves a share link's review: back to this tab's design, or the demo.
    pub fn reopen(&self) {
        match self.current.get_untracked() {
            Some(id) => self.open(&id),
            None => self.show_demo(),
        }
    }

    /// Shows the demo: at once if web/start.js fetched it, else once fetched, unless another
    /// design was opened meanwhile; an empty design and a note if it cannot be had.
    pub fn show_demo(&self) {
        self.current.set(None);
        if let Some(demo) = storage::handed_demo() {
            return self.put_demo(demo);
        }
        let this = *self;
        leptos::task::spawn_local(async move {
            let demo = storage::fetch_demo().await;
            if this.current.get_untracked().is_some() || this.editor.review.get_untracked() {
                return;
            }
            match demo {
                Ok(demo) => this.put_demo(demo),
                Err(why) => {
                    let editor = this.editor;
                    this.put_demo(Model::new(editor.text(Msg::UntitledDesign)));
                    editor.notify(NoticeKind::Error, Msg::DemoMissing.fill(editor.lang.get_untracked(), &[&why]));
                }
            }
        });
    }

    fn put_demo(&self, demo: Model) {
        self.current.set(None);
        self.seen.set_value(0);
        self.written.set_value(Some(demo.to_json()));
        self.status.set(Status::Idle);
        self.editor.load(demo, true);
    }

    pub fn rename(&self, id: &str, name: String) {
        if self.current.get_untracked().as_deref() == Some(id) && !self.editor.review.get_untracked() {
            self.editor.edit(None, |m| m.name = name);
            return;
        }
        let Some(storage) = local_storage() else { return };
        let mut index = read_index(&storage);
        let Ok(mut model) = load(&read(&storage, &design_key(id)).unwrap_or_default()) else { return };
        model.name = name;
        match write_design(&storage, &mut index, id, &model.name, &model.to_json()) {
            Ok(_) => self.list.set(index.by_recent()),
            Err(f) => self.editor.notify(NoticeKind::Error, self.editor.text(help(f))),
        }
    }

    pub fn delete(&self, id: &str) {
        let Some(storage) = local_storage() else { return };
        let mut index = read_index(&storage);
        index.remove(id);
        if let Err(f) = write(&storage, INDEX_KEY, &index.to_json()) {
            return self.editor.notify(NoticeKind::Error, self.editor.text(help(f)));
        }
        let _ = storage.remove_item(&design_key(id));
        self.list.set(index.by_recent());
        if self.current.get_untracked().as_deref() == Some(id) && !self.editor.review.get_untracked() {
            // What is on screen is deleted on purpose: nothing of it is kept as unsaved.
            self.written.set_value(Some(self.editor.model.with_untracked(Model::to_json)));
            self.current.set(None);
            match index.most_recent().map(|e| e.id.clone()) {
                Some(next) => self.open(&next),
                None => self.show_demo(),
            }
        }
    }

    /// After a conflict: this tab's version becomes a new design named as a copy.
    pub fn keep_copy(&self) {
        self.current.set(None);
        self.seen.set_value(0);
        self.written.set_value(None);
        self.status.set(Status::Idle);
        let lang = self.editor.lang.get_untracked();
        self.editor.edit(None, |m| m.name = Msg::CopyName.fill(lang, &[&m.name]));
    }

    /// After a conflict: show the version the other tab saved.
    pub fn take_theirs(&self) {
        let (Some(storage), Some(id)) = (local_storage(), self.current.get_untracked()) else { return };
        let index = read_index(&storage);
        if let (Some(e), Ok(model)) = (index.get(&id), load(&read(&storage, &design_key(&id)).unwrap_or_default())) {
            self.show(&id, e.rev, model, false);
        }
    }

    /// Another tab wrote the storage (`key` is `None` when it was cleared).
    pub fn on_storage(&self, key: Option<String>) {
        if key.as_deref().is_some_and(|k| k != INDEX_KEY) {
            return;
        }
        let Some(storage) = local_storage() else { return };
        let index = read_index(&storage);
        self.list.set(index.by_recent());
        let current = self.current.get_untracked();
        match on_remote_change(&index, current.as_deref(), self.seen.get_value(), self.unsaved()) {
            Remote::Unchanged => {}
            Remote::Follow(rev) if self.editor.review.get_untracked() => self.seen.set_value(rev),
            Remote::Follow(rev) => {
                let id = current.unwrap_or_default();
                if let Ok(model) = load(&read(&storage, &design_key(&id)).unwrap_or_default()) {
                    self.show(&id, rev, model, false);
                    self.editor.notify(NoticeKind::Info, self.editor.text(Msg::FollowedOtherTab));
                }
            }
            Remote::Conflict(_) => self.conflict(),
            Remote::Deleted => {
                self.current.set(None);
                self.seen.set_value(0);
                self.written.set_value(None);
                self.status.set(Status::Idle);
                self.editor.notify(NoticeKind::Info, self.editor.text(Msg::DeletedElsewhere));
            }
        }
    }
}

/// What to do about a refused save.
pub fn help(why: Failure) -> Msg {
    match why {
        Failure::Full => Msg::NotSavedFullHelp,
        Failure::Unavailable => Msg::NotSavedUnavailableHelp,
    }
}
