//! The action table: every command the toolbar, the keyboard and the help dialog offer, in
//! one place (tldraw's `actions.tsx`). Views dispatch by id; shortcuts are matched here.

use super::state::{Dialog, Editor, Tab};
use crate::editor::edit;
use crate::i18n::Msg;
use leptos::prelude::*;
use std::collections::HashSet;

pub struct Action {
    pub id: &'static str,
    /// What the help dialog, tooltips and screen readers call it, from the catalogue.
    pub label: Msg,
    /// Shown in the help dialog and tooltips.
    pub shortcut: &'static str,
    /// Keys that trigger it: `"mod+z"`, `"shift+?"`, `"delete"`... (`mod` is Ctrl or ⌘).
    pub keys: &'static [&'static str],
    pub run: fn(&Editor),
}

pub static ACTIONS: &[Action] = &[
    Action { id: "add-entity", label: Msg::ActAddEntity, shortcut: "A", keys: &["a"], run: add_entity },
    Action { id: "add-query", label: Msg::ActAddQuery, shortcut: "Q", keys: &["q"], run: add_query },
    Action { id: "undo", label: Msg::ActUndo, shortcut: "Ctrl+Z", keys: &["mod+z"], run: |e| e.undo() },
    Action {
        id: "redo",
        label: Msg::ActRedo,
        shortcut: "Ctrl+Shift+Z / Ctrl+Y",
        keys: &["mod+shift+z", "mod+y"],
        run: |e| e.redo(),
    },
    Action {
        id: "delete",
        label: Msg::ActDelete,
        shortcut: "Delete",
        keys: &["delete", "backspace"],
        run: |e| e.delete_selection(),
    },
    Action { id: "duplicate", label: Msg::ActDuplicate, shortcut: "Ctrl+D", keys: &["mod+d"], run: duplicate },
    // The clipboard's keys arrive as the page's copy, cut and paste events (`clipboard::listen`),
    // which carry the system clipboard; the menu runs these.
    Action { id: "copy", label: Msg::ActCopy, shortcut: "Ctrl+C", keys: &[], run: super::clipboard::copy },
    Action { id: "cut", label: Msg::ActCut, shortcut: "Ctrl+X", keys: &[], run: super::clipboard::cut },
    Action { id: "paste", label: Msg::ActPaste, shortcut: "Ctrl+V", keys: &[], run: super::clipboard::paste },
    Action { id: "add-field", label: Msg::ActAddField, shortcut: "", keys: &[], run: super::field_rename::add_field },
    Action {
        id: "rename-field",
        label: Msg::ActRenameField,
        shortcut: "",
        keys: &[],
        run: super::field_rename::rename_field,
    },
    Action {
        id: "delete-field",
        label: Msg::ActDeleteField,
        shortcut: "",
        keys: &[],
        run: super::field_rename::delete_field,
    },
    Action { id: "comment", label: Msg::ActComment, shortcut: "", keys: &[], run: comment },
    Action { id: "inspect", label: Msg::ActInspect, shortcut: "", keys: &[], run: |e| e.tab.set(Tab::Inspector) },
    Action { id: "select-all", label: Msg::ActSelectAll, shortcut: "Ctrl+A", keys: &["mod+a"], run: select_all },
    Action { id: "deselect", label: Msg::ActDeselect, shortcut: "Esc", keys: &["escape"], run: deselect },
    Action { id: "rename", label: Msg::ActRename, shortcut: "F2 / Enter", keys: &["f2", "enter"], run: rename },
    Action { id: "fit", label: Msg::ActFit, shortcut: "F / Ctrl+1", keys: &["f", "mod+1"], run: |e| e.fit_view() },
    Action { id: "zoom-100", label: Msg::ActZoom100, shortcut: "Ctrl+0", keys: &["mod+0"], run: |e| e.zoom_to(1.0) },
    Action {
        id: "zoom-in",
        label: Msg::ActZoomIn,
        shortcut: "+",
        keys: &["+", "=", "shift++"],
        run: |e| e.zoom_by(1.2),
    },
    Action {
        id: "zoom-out",
        label: Msg::ActZoomOut,
        shortcut: "−",
        keys: &["-", "_", "shift+_"],
        run: |e| e.zoom_by(1.0 / 1.2),
    },
    Action { id: "layout", label: Msg::ActLayout, shortcut: "L", keys: &["l"], run: layout },
    Action { id: "snap", label: Msg::ActSnap, shortcut: "G", keys: &["g"], run: |e| e.snap.update(|s| *s = !*s) },
    Action {
        id: "nudge-left",
        label: Msg::ActNudgeLeft,
        shortcut: "←",
        keys: &["arrowleft", "shift+arrowleft"],
        run: |e| nudge(e, -1.0, 0.0),
    },
    Action {
        id: "nudge-right",
        label: Msg::ActNudgeRight,
        shortcut: "→",
        keys: &["arrowright", "shift+arrowright"],
        run: |e| nudge(e, 1.0, 0.0),
    },
    Action {
        id: "nudge-up",
        label: Msg::ActNudgeUp,
        shortcut: "↑",
        keys: &["arrowup", "shift+arrowup"],
        run: |e| nudge(e, 0.0, -1.0),
    },
    Action {
        id: "nudge-down",
        label: Msg::ActNudgeDown,
        shortcut: "↓",
        keys: &["arrowdown", "shift+arrowdown"],
        run: |e| nudge(e, 0.0, 1.0),
    },
    Action { id: "advisor", label: Msg::ActShowAdvisor, shortcut: "1", keys: &["1"], run: |e| e.tab.set(Tab::Advisor) },
    Action {
        id: "inspector",
        label: Msg::ActShowInspector,
        shortcut: "2",
        keys: &["2"],
        run: |e| e.tab.set(Tab::Inspector),
    },
    Action {
        id: "export",
        label: Msg::ActExport,
        shortcut: "Ctrl+E",
        keys: &["mod+e"],
        run: |e| e.dialog.set(Some(Dialog::Export)),
    },
    Action {
        id: "import",
        label: Msg::ActImport,
        shortcut: "I",
        keys: &["i"],
        run: |e| e.dialog.set(Some(Dialog::Import)),
    },
    Action { id: "save", label: Msg::ActSave, shortcut: "Ctrl+S", keys: &["mod+s"], run: super::model_file::save_file },
    Action { id: "open", label: Msg::ActOpen, shortcut: "Ctrl+O", keys: &["mod+o"], run: open },
    Action {
        id: "new",
        label: Msg::ActNew,
        shortcut: "Alt+N",
        keys: &["alt+n"],
        run: |e| e.dialog.set(Some(Dialog::New)),
    },
    Action {
        id: "designs",
        label: Msg::MyDesigns,
        shortcut: "M",
        keys: &["m"],
        run: |e| e.dialog.set(Some(Dialog::Designs)),
    },
    Action { id: "connect", label: Msg::ActConnect, shortcut: "C", keys: &["c"], run: connect },
    Action {
        id: "versions",
        label: Msg::ActVersions,
        shortcut: "V",
        keys: &["v"],
        run: |e| e.dialog.set(Some(Dialog::Versions)),
    },
    Action { id: "comments", label: Msg::ActComments, shortcut: "R", keys: &["r"], run: toggle_comments },
    Action { id: "share", label: Msg::ActShare, shortcut: "K", keys: &["k"], run: super::share_ui::copy_link },
    Action { id: "scale", label: Msg::ActScale, shortcut: "S", keys: &["s"], run: super::scale::toggle },
    Action { id: "present", label: Msg::ActPresent, shortcut: "P", keys: &["p"], run: present },
    Action {
        id: "toggle-queries",
        label: Msg::ToggleQueries,
        shortcut: "[",
        keys: &["[", "alt+[", "mod+alt+["],
        run: super::layout::toggle_queries,
    },
    Action {
        id: "toggle-side",
        label: Msg::ToggleSide,
        shortcut: "]",
        keys: &["]", "alt+]", "mod+alt+]"],
        run: super::layout::toggle_side,
    },
    Action { id: "theme", label: Msg::ActTheme, shortcut: "T", keys: &["t"], run: |e| e.dark.update(|d| *d = !*d) },
    Action {
        id: "help",
        label: Msg::ActHelp,
        shortcut: "?",
        keys: &["?", "shift+?"],
        run: |e| e.dialog.set(Some(Dialog::Help)),
    },
];

pub fn action(id: &str) -> Option<&'static Action> {
    ACTIONS.iter().find(|a| a.id == id)
}

pub fn run(editor: &Editor, id: &str) {
    if let Some(a) = action(id) {
        (a.run)(editor);
    }
}

pub fn for_combo(combo: &str) -> Option<&'static Action> {
    ACTIONS.iter().find(|a| a.keys.contains(&combo))
}

fn add_entity(e: &Editor) {
    let at = e.menu.with_untracked(|m| m.as_ref().map(|m| m.at)).unwrap_or_else(|| e.view_center());
    add_entity_at(e, at);
}

/// Adds an aggregate at the free spot nearest `at`, shows it and opens its rename box.
pub fn add_entity_at(e: &Editor, at: crate::model::Point) {
    let view = e.view_area();
    let stem = e.text(Msg::NewCollectionName);
    let mut id = String::new();
    e.edit(None, |m| id = edit::add_entity_in(m, at, Some(view), stem));
    if id.is_empty() {
        return;
    }
    e.select_entity(&id, false);
    e.reveal_legibly(&id);
    e.renaming.set(Some(id));
}

fn add_query(e: &Editor) {
    let root = e
        .selection
        .with_untracked(|s| s.entities.first().cloned())
        .or_else(|| e.model.with_untracked(|m| m.collections().next().map(|c| c.id.clone())))
        .unwrap_or_default();
    let mut id = String::new();
    e.edit(None, |m| id = edit::add_query(m, &root));
    if id.is_empty() {
        return;
    }
    if root.is_empty() {
        // No box to start from yet: the pattern is being created (no DS001 about its start).
        e.mark_starting(&id);
    }
    e.active_query.set(Some(id));
    // Its name is what one types next: the list opens if it was closed.
    if !e.panels.get_untracked().queries {
        super::layout::toggle_queries(e);
    }
    super::keys::focus_soon("[data-testid=\"query-name\"]".into());
}

fn duplicate(e: &Editor) {
    let ids = e.selection.with_untracked(|s| s.entities.clone());
    if ids.is_empty() {
        return;
    }
    let mut copies = Vec::new();
    e.edit(None, |m| copies = edit::duplicate(m, &ids));
    if let Some(first) = copies.first() {
        e.reveal(first);
    }
    e.selection.update(|s| s.entities = copies);
}

fn select_all(e: &Editor) {
    let ids = e.model.with_untracked(|m| m.entities.iter().map(|x| x.id.clone()).collect());
    e.selection.update(|s| {
        s.entities = ids;
        s.relation = None;
    });
}

fn deselect(e: &Editor) {
    // Escape also sends a notice away.
    e.notice.set(None);
    if e.menu.with_untracked(Option::is_some) {
        e.menu.set(None);
    } else if e.dialog.get_untracked().is_some() {
        e.dialog.set(None);
    } else if e.renaming.get_untracked().is_some() {
        e.renaming.set(None);
    } else {
        e.clear_selection();
        e.active_query.set(None);
    }
}

fn rename(e: &Editor) {
    if let Some(id) = e.selection.with_untracked(|s| s.entities.first().cloned()) {
        e.renaming.set(Some(id));
    }
}

fn layout(e: &Editor) {
    e.edit_layout(edit::auto_layout);
    e.fit_view();
}

fn nudge(e: &Editor, dx: f64, dy: f64) {
    let ids: HashSet<String> = e.selection.with_untracked(|s| s.entities.iter().cloned().collect());
    if ids.is_empty() {
        return;
    }
    let step = crate::editor::geometry::GRID;
    e.edit_layout(|m| edit::move_entities(m, &ids, dx * step, dy * step, false));
}

fn open(_: &Editor) {
    if let Some(input) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("open-file"))
        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
    {
        input.click();
    }
}

thread_local! {
    /// What had the focus when the presentation started (the slide hides the panels it may be
    /// in): it gets it back when the presentation ends.
    static BEFORE_PRESENTING: std::cell::RefCell<Option<web_sys::HtmlElement>> = const { std::cell::RefCell::new(None) };
}

fn present(e: &Editor) {
    let on = e.presenting.get_untracked().is_none();
    if on {
        BEFORE_PRESENTING.set(super::keys::focused());
    }
    e.presenting.set(on.then_some(0));
    if !on {
        e.active_query.set(None);
        e.clear_selection();
    }
    // The canvas changes size when the panels hide or show: measure it after layout. The
    // presentation frames each slide's element itself; leaving it frames the whole diagram.
    let editor = *e;
    request_animation_frame(move || {
        super::viewport::measure(&editor);
        if !on {
            editor.fit_view();
            if let Some(el) = BEFORE_PRESENTING.take().filter(|el| el.is_connected()) {
                let _ = el.focus();
            }
        }
    });
}

fn connect(e: &Editor) {
    let ids = e.selection.with_untracked(|s| s.entities.clone());
    if let [parent, child] = ids.as_slice() {
        let mut id = None;
        e.edit(None, |m| id = edit::connect(m, parent, child));
        if let Some(id) = id {
            e.select_relation(&id);
        }
    } else {
        e.notify(super::state::NoticeKind::Info, e.text(Msg::ConnectHint));
    }
}

/// Opens or closes the Comments panel.
fn toggle_comments(_: &Editor) {
    if let Some(c) = super::comments::Comments::get() {
        c.open.update(|o| *o = !*o);
    }
}

/// Starts a review thread about what the context menu is on (a box, a field, an arrow), or else
/// the selection.
fn comment(e: &Editor) {
    use super::state::MenuTarget;
    use crate::model::Anchor;
    let anchor = match e.menu.get_untracked().map(|m| m.target) {
        Some(MenuTarget::Entity(entity)) => Anchor::Entity { entity },
        Some(MenuTarget::Field { entity, path }) => Anchor::Field { entity, path },
        Some(MenuTarget::Relation(relation)) => Anchor::Relation { relation },
        _ => e.selection.with_untracked(|s| match (&s.relation, s.entities.first()) {
            (Some(relation), _) => Anchor::Relation { relation: relation.clone() },
            (None, Some(entity)) => Anchor::Entity { entity: entity.clone() },
            (None, None) => Anchor::Model,
        }),
    };
    if let Some(c) = use_context::<super::comments::Comments>() {
        c.start(anchor);
    }
}
