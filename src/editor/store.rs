//! Where every change of the design goes through: the editor's store. A change is recorded in
//! the undo history when it is this person's edit (`history.rs`), then announced to whoever
//! listens, with the design before and after and where the change came from (tldraw's
//! `Store.listen(fn, { source })`). The room, the autosave and anything else that must hear of
//! an edit subscribe here; the store calls none of them.
//!
//! The design itself is kept by the caller, in a [`Slot`]: the page keeps it in the signal the
//! views read, a test in a cell.

use super::history::{diff, Diff, History};
use crate::model::Model;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Where a change came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// This person's edit: a gesture, a keystroke, a command.
    User,
    /// Undo of this person's last step.
    Undo,
    /// Redo of the step undone last.
    Redo,
    /// A change made elsewhere: a colleague's edit in the room, or this person's undo done by
    /// the room (which keeps the history there). Never a step of this history.
    Remote,
    /// A whole other design on screen (opened, another tab's save), with a fresh history.
    Load,
}

/// Undo or redo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Undo,
    Redo,
}

impl Step {
    fn source(self) -> Source {
        match self {
            Step::Undo => Source::Undo,
            Step::Redo => Source::Redo,
        }
    }
}

/// One change of the design, as the listeners hear it.
#[derive(Debug, Clone, Copy)]
pub struct Change<'a> {
    pub source: Source,
    pub before: &'a Model,
    pub after: &'a Model,
    /// A user edit's coalescing key: the edits of one key in a row (typing in one input) make
    /// one undo step.
    pub coalesce: Option<&'a str>,
}

impl Change<'_> {
    /// The records that changed, as the history records them.
    pub fn diff(&self) -> Diff {
        diff(self.before, self.after)
    }
}

/// What the store announces.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// The design changed.
    Changed(Change<'a>),
    /// The step being typed is closed: the next edit starts a new undo step.
    Sealed,
    /// Undo or redo was asked while the history is kept elsewhere
    /// ([`Store::keep_history_elsewhere`]): whoever keeps it takes the step, and what it gives
    /// comes back as a [`Source::Remote`] change.
    StepAsked(Step),
}

/// Where the design on screen is kept.
pub trait Slot {
    /// Reads the design.
    fn read<R>(&self, f: impl FnOnce(&Model) -> R) -> R;
    /// Puts `model` in the design's place; gives back the design it replaces.
    fn replace(&self, model: Model) -> Model;
}

impl Slot for RefCell<Model> {
    fn read<R>(&self, f: impl FnOnce(&Model) -> R) -> R {
        f(&self.borrow())
    }

    fn replace(&self, model: Model) -> Model {
        RefCell::replace(self, model)
    }
}

/// Tells one listener from another, to stop it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListenerId(u64);

type Listener = Rc<dyn Fn(&Event)>;

/// The undo history of the design and who listens to its changes.
#[derive(Default)]
pub struct Store {
    history: RefCell<History>,
    /// The undo history is kept elsewhere (in a room, the room's: this person's steps only):
    /// edits are not recorded here, and undo and redo are asked of whoever keeps it.
    elsewhere: Cell<bool>,
    listeners: RefCell<Vec<(ListenerId, Listener)>>,
    next_listener: Cell<u64>,
}

impl Store {
    /// Calls `f` with every announcement from now on, after the change is in the slot (so
    /// reading the design there reads the new one). A listener may read the design but not
    /// change it: the slot is being read while the listeners run (a change of its own would
    /// also be announced in the middle of this one). The autosave saves a moment later.
    pub fn listen(&self, f: impl Fn(&Event) + 'static) -> ListenerId {
        let id = ListenerId(self.next_listener.get());
        self.next_listener.set(id.0 + 1);
        self.listeners.borrow_mut().push((id, Rc::new(f)));
        id
    }

    pub fn unlisten(&self, id: ListenerId) {
        self.listeners.borrow_mut().retain(|(l, _)| *l != id);
    }

    fn announce(&self, event: &Event) {
        // A copy of the list: a listener may start or stop listeners meanwhile.
        let listeners: Vec<Listener> = self.listeners.borrow().iter().map(|(_, l)| l.clone()).collect();
        for listener in listeners {
            listener(event);
        }
    }

    /// Announces the change from `before` to the design now in `slot`.
    fn changed(&self, slot: &impl Slot, source: Source, before: &Model, coalesce: Option<&str>) {
        slot.read(|after| self.announce(&Event::Changed(Change { source, before, after, coalesce })));
    }

    /// Applies `f` to the design as one edit of this person's: an undo step (merged into the
    /// last one when it has the same `coalesce` key), not recorded when the history is kept
    /// elsewhere. Announced when it changed something; whether it did.
    pub fn edit(&self, slot: &impl Slot, coalesce: Option<&str>, f: impl FnOnce(&mut Model)) -> bool {
        let mut after = slot.read(Model::clone);
        f(&mut after);
        self.commit(slot, after, coalesce)
    }

    /// As [`Store::edit`], given the design after the edit (a copy of the slot's, edited).
    pub fn commit(&self, slot: &impl Slot, after: Model, coalesce: Option<&str>) -> bool {
        let changed = slot.read(|before| {
            if self.elsewhere.get() {
                *before != after
            } else {
                self.history.borrow_mut().record(before, &after, coalesce)
            }
        });
        if !changed {
            return false;
        }
        let before = slot.replace(after);
        self.changed(slot, Source::User, &before, coalesce);
        true
    }

    /// Shows `model`, changed elsewhere: not a step of this history. False when it is the
    /// design in the slot already.
    pub fn show_remote(&self, slot: &impl Slot, model: Model) -> bool {
        if slot.read(|m| *m == model) {
            return false;
        }
        let before = slot.replace(model);
        self.changed(slot, Source::Remote, &before, None);
        true
    }

    /// Undoes this person's last step; false when there is none, or when the history is kept
    /// elsewhere (then the step is asked of whoever keeps it).
    pub fn undo(&self, slot: &impl Slot) -> bool {
        self.step(slot, Step::Undo)
    }

    /// Redoes the step undone last; false as [`Store::undo`].
    pub fn redo(&self, slot: &impl Slot) -> bool {
        self.step(slot, Step::Redo)
    }

    fn step(&self, slot: &impl Slot, step: Step) -> bool {
        if self.elsewhere.get() {
            self.announce(&Event::StepAsked(step));
            return false;
        }
        let mut m = slot.read(Model::clone);
        let done = match step {
            Step::Undo => self.history.borrow_mut().undo(&mut m),
            Step::Redo => self.history.borrow_mut().redo(&mut m),
        };
        if done {
            let before = slot.replace(m);
            self.changed(slot, step.source(), &before, None);
        }
        done
    }

    /// Puts a whole other design in the slot, with a fresh history: undo never walks from one
    /// design into another.
    pub fn load(&self, slot: &impl Slot, model: Model) {
        self.history.borrow_mut().clear();
        let before = slot.replace(model);
        self.changed(slot, Source::Load, &before, None);
    }

    /// Ends typing coalescence: the next edit starts a new undo step, even with the same key.
    pub fn seal(&self) {
        self.history.borrow_mut().seal();
        self.announce(&Event::Sealed);
    }

    /// Starts a fresh history (the design stays as it is).
    pub fn reset_history(&self) {
        self.history.borrow_mut().clear();
    }

    /// Hands the undo history to someone else (`true`: a room keeps it) or takes it back.
    pub fn keep_history_elsewhere(&self, elsewhere: bool) {
        self.elsewhere.set(elsewhere);
    }

    pub fn history_elsewhere(&self) -> bool {
        self.elsewhere.get()
    }

    pub fn can_undo(&self) -> bool {
        self.history.borrow().can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.history.borrow().can_redo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entity;

    /// What a listener heard: each change's source, coalescing key and the entities' names
    /// after it; `"sealed"` and the steps asked as sources of their own.
    fn heard(store: &Store) -> Rc<RefCell<Vec<String>>> {
        let log = Rc::new(RefCell::new(Vec::new()));
        let into = log.clone();
        store.listen(move |event| {
            let line = match event {
                Event::Changed(c) => {
                    let names: Vec<&str> = c.after.entities.iter().map(|e| e.name.as_str()).collect();
                    format!("{:?} {:?} [{}] {} record(s)", c.source, c.coalesce, names.join(","), c.diff().len())
                }
                Event::Sealed => "sealed".to_string(),
                Event::StepAsked(step) => format!("asked {step:?}"),
            };
            into.borrow_mut().push(line);
        });
        log
    }

    fn design(names: &[&str]) -> Model {
        let mut m = Model::new("t");
        for n in names {
            m.entities.push(Entity::new(n, n));
        }
        m
    }

    #[test]
    fn a_user_edit_is_a_step_and_heard_as_the_users() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        let log = heard(&store);
        assert!(store.edit(&slot, Some("rename:a"), |m| m.entities[0].name = "orders".into()));
        assert_eq!(*log.borrow(), ["User Some(\"rename:a\") [orders] 1 record(s)"]);
        assert!(store.can_undo());
        assert_eq!(slot.borrow().entities[0].name, "orders");
    }

    #[test]
    fn an_edit_that_changes_nothing_is_neither_a_step_nor_heard() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        let log = heard(&store);
        assert!(!store.edit(&slot, None, |m| m.entities[0].name = "a".into()));
        assert!(log.borrow().is_empty());
        assert!(!store.can_undo());
    }

    #[test]
    fn undo_and_redo_are_heard_with_their_sources() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        store.edit(&slot, None, |m| m.entities.push(Entity::new("b", "b")));
        let log = heard(&store);
        assert!(store.undo(&slot));
        assert!(store.redo(&slot));
        assert!(!store.redo(&slot), "nothing left to redo: nothing heard");
        assert_eq!(*log.borrow(), ["Undo None [a] 1 record(s)", "Redo None [a,b] 1 record(s)"]);
    }

    #[test]
    fn a_remote_edit_is_heard_as_remote_and_not_recorded() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        store.edit(&slot, None, |m| m.entities.push(Entity::new("b", "b")));
        let log = heard(&store);
        assert!(store.show_remote(&slot, design(&["a", "b", "c"])));
        assert!(!store.show_remote(&slot, design(&["a", "b", "c"])), "the design on screen: nothing heard");
        assert_eq!(*log.borrow(), ["Remote None [a,b,c] 1 record(s)"]);
        // Undo takes back this person's own step, not the colleague's.
        assert!(store.undo(&slot));
        assert!(!store.can_undo());
        let names: Vec<String> = slot.borrow().entities.iter().map(|e| e.name.clone()).collect();
        assert_eq!(names, ["a", "c"]);
    }

    #[test]
    fn with_the_history_kept_elsewhere_edits_are_not_recorded_and_undo_is_asked() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        store.edit(&slot, None, |m| m.name = "before the room".into());
        store.keep_history_elsewhere(true);
        let log = heard(&store);
        assert!(store.edit(&slot, Some("k"), |m| m.entities[0].name = "x".into()));
        assert!(!store.undo(&slot));
        assert!(!store.redo(&slot));
        store.seal();
        assert_eq!(*log.borrow(), ["User Some(\"k\") [x] 1 record(s)", "asked Undo", "asked Redo", "sealed"]);
        assert_eq!(slot.borrow().entities[0].name, "x", "the room undoes, not the store");
        // Back from the room: the history is the one from before, until it is reset.
        store.keep_history_elsewhere(false);
        store.reset_history();
        assert!(!store.can_undo());
    }

    #[test]
    fn a_load_is_heard_and_starts_a_fresh_history() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        store.edit(&slot, None, |m| m.name = "edited".into());
        let log = heard(&store);
        store.load(&slot, design(&["z"]));
        assert_eq!(log.borrow().len(), 1);
        assert!(log.borrow()[0].starts_with("Load None [z]"));
        assert!(!store.can_undo() && !store.can_redo());
    }

    #[test]
    fn typing_is_one_step_until_sealed() {
        let store = Store::default();
        let slot = RefCell::new(design(&["a"]));
        for name in ["o", "or", "ord"] {
            store.edit(&slot, Some("rename:a"), |m| m.entities[0].name = name.into());
        }
        store.seal();
        store.edit(&slot, Some("rename:a"), |m| m.entities[0].name = "orders".into());
        assert!(store.undo(&slot));
        assert_eq!(slot.borrow().entities[0].name, "ord");
        assert!(store.undo(&slot));
        assert_eq!(slot.borrow().entities[0].name, "a");
        assert!(!store.can_undo());
    }

    #[test]
    fn a_listener_reads_the_new_design_and_may_stop_listening() {
        let store = Rc::new(Store::default());
        let slot = Rc::new(RefCell::new(design(&["a"])));
        let seen = Rc::new(RefCell::new(Vec::new()));
        let (s, into, me) = (slot.clone(), seen.clone(), store.clone());
        let id = Rc::new(Cell::new(None));
        let own = id.clone();
        id.set(Some(store.listen(move |_| {
            into.borrow_mut().push(s.borrow().entities.len());
            if let Some(id) = own.get() {
                me.unlisten(id);
            }
        })));
        store.edit(&*slot, None, |m| m.entities.push(Entity::new("b", "b")));
        store.edit(&*slot, None, |m| m.entities.push(Entity::new("c", "c")));
        assert_eq!(*seen.borrow(), [2], "heard once, with the design after the edit");
    }
}
