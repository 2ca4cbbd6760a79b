//! Looking at another version of the design without leaving it: a kept version opened
//! read-only, or the compare view (the design on screen against a version, a file or a share
//! link's design). Either puts the model on screen aside, with its advisor report and its undo
//! history untouched, shows the other one in review mode, and puts it back when the user leaves.
//!
//! The compare view's content comes from the worker (`crate::offload::compare`): the picture of
//! the change and the mark of each box, field and arrow, which the canvas reads from here.

use super::state::{Editor, NoticeKind};
use crate::advisor::Report;
use crate::i18n::{pick, Lang};
use crate::model::Model;
use crate::offload::compare::ComparePreview;
use leptos::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// What the design on screen is compared with, named in the interface's language when shown
/// (so the panel's title follows a change of language).
#[derive(Clone, PartialEq, Debug)]
pub enum Base {
    /// A kept version, by its name.
    Version(String),
    /// A model file, by its file name.
    File(String),
    /// A pasted share link.
    Link,
}

impl Base {
    /// "version “before reviews”", a file's name, "a share link".
    pub fn label(&self, lang: Lang) -> String {
        match (self, lang) {
            (Base::Version(n), Lang::En) => format!("version “{n}”"),
            (Base::Version(n), Lang::Es) => format!("la versión «{n}»"),
            (Base::Version(n), Lang::Pt) => format!("a versão “{n}”"),
            (Base::File(name), _) => name.clone(),
            (Base::Link, _) => {
                pick(lang, ["a share link", "un enlace compartido", "um link compartilhado"]).to_string()
            }
        }
    }
}

/// What is shown instead of the design being edited.
#[derive(Clone, PartialEq)]
pub enum Aside {
    /// A kept version, read-only.
    Version { id: String, name: String },
    /// The compare view against `base`: the base's model is kept, so the panel's sentences are
    /// made again from the diff when the interface's language changes (`lang` is the one
    /// `preview` was written in). `id` tells one comparison from the next (the panel is made
    /// once per comparison; a new language only replaces its sentences, in place).
    Compare { id: u32, base: Base, base_model: Arc<Model>, lang: Lang, preview: Arc<ComparePreview> },
}

/// The marks of a compare view, by element.
#[derive(Default, PartialEq)]
pub struct Marks {
    entities: HashMap<String, char>,
    /// By entity id, then field path as the box's rows name it (`valoracion.media`).
    fields: HashMap<String, HashMap<String, char>>,
    relations: HashMap<String, char>,
}

impl Marks {
    fn of(p: &ComparePreview) -> Marks {
        let mut fields: HashMap<String, HashMap<String, char>> = HashMap::new();
        for (e, f, c) in &p.fields {
            fields.entry(e.clone()).or_default().insert(f.clone(), *c);
        }
        Marks {
            entities: p.entities.iter().cloned().collect(),
            fields,
            relations: p.relations.iter().cloned().collect(),
        }
    }
}

/// The state, a context provided by the app.
#[derive(Clone, Copy)]
pub struct Compare {
    editor: Editor,
    pub aside: RwSignal<Option<Aside>>,
    /// The design being edited and its report, while something else is shown.
    kept: StoredValue<Option<(Model, Report)>>,
    marks: Memo<Arc<Marks>>,
    /// A comparison is being made (the worker's first start takes a moment).
    pub busy: RwSignal<bool>,
    /// Counts the comparisons asked for and the returns to the design: a worker's answer that
    /// arrives after either (the user closed the view, or a share link opened meanwhile) is
    /// dropped instead of putting a design aside that is no longer the one being edited.
    epoch: StoredValue<u32>,
}

impl Compare {
    pub fn provide(editor: Editor) -> Compare {
        let aside = RwSignal::new(None::<Aside>);
        let marks = Memo::new(move |_| {
            Arc::new(aside.with(|a| match a {
                Some(Aside::Compare { preview, .. }) => Marks::of(preview),
                _ => Marks::default(),
            }))
        });
        let compare = Compare {
            editor,
            aside,
            kept: StoredValue::new(None),
            marks,
            busy: RwSignal::new(false),
            epoch: StoredValue::new(0),
        };
        provide_context(compare);
        // The panel's sentences follow the interface's language: made again from the diff.
        Effect::new(move |_| {
            let lang = editor.lang.get();
            let stale = aside.with_untracked(|a| match a {
                Some(Aside::Compare { lang: was, base_model, .. }) if *was != lang => Some(base_model.clone()),
                _ => None,
            });
            if let Some(base_model) = stale {
                compare.retranslate(base_model, lang);
            }
        });
        compare
    }

    fn next_epoch(&self) -> u32 {
        let next = self.epoch.get_value().wrapping_add(1);
        self.epoch.set_value(next);
        next
    }

    /// Writes the panel of the comparison on screen again in `lang` (the picture and the marks
    /// do not depend on the language; only the sentences are replaced).
    fn retranslate(&self, base_model: Arc<Model>, lang: Lang) {
        let me = *self;
        let own = self.own_model();
        let epoch = self.epoch.get_value();
        leptos::task::spawn_local(async move {
            let Ok(preview) = super::worker_client::compare(&base_model, &own, lang).await else { return };
            if me.epoch.get_value() != epoch || me.editor.lang.get_untracked() != lang {
                return;
            }
            me.aside.update(|a| {
                if let Some(Aside::Compare { lang: was, preview: shown, .. }) = a {
                    *was = lang;
                    *shown = Arc::new(preview);
                }
            });
        });
    }

    /// Whether a version or a comparison is on screen.
    pub fn showing(&self) -> bool {
        self.aside.with(Option::is_some)
    }

    /// The design being edited: the one on screen, or the one put aside.
    pub fn own_model(&self) -> Model {
        self.kept
            .with_value(|k| k.as_ref().map(|(m, _)| m.clone()))
            .unwrap_or_else(|| self.editor.model.get_untracked())
    }

    /// Shows `model` read-only in place of the design being edited (kept aside, once).
    fn show(&self, model: Model, aside: Aside, report: Option<Report>) {
        if self.kept.with_value(Option::is_none) {
            let own = (self.editor.model.get_untracked(), self.editor.report.get_untracked());
            self.kept.set_value(Some(own));
        }
        // Review first: the autosave skips what review mode shows.
        self.editor.review.set(true);
        self.editor.model.set(model);
        match report {
            Some(r) => self.editor.report.set(r),
            None => self.editor.reanalyze(),
        }
        self.editor.clear_selection();
        self.editor.fit_view();
        self.aside.set(Some(aside));
    }

    /// Shows a kept version read-only.
    pub fn show_version(&self, id: &str, name: &str, model: Model) {
        self.show(model, Aside::Version { id: id.to_string(), name: name.to_string() }, None);
    }

    /// Compares the design being edited with `base`, then shows the picture of the change. The
    /// boxes keep the advisor's view of the design being edited (a removed box drawn back has
    /// none): the canvas never shows verdicts of a design that does not exist.
    pub fn compare_with(&self, base_model: Model, base: Base) {
        let me = *self;
        let own = self.own_model();
        let lang = self.editor.lang.get_untracked();
        let epoch = self.next_epoch();
        self.busy.set(true);
        leptos::task::spawn_local(async move {
            let answer = super::worker_client::compare(&base_model, &own, lang).await;
            if me.epoch.get_value() != epoch {
                return;
            }
            me.busy.set(false);
            match answer {
                Ok(preview) => match crate::model::load(&preview.union) {
                    Ok(picture) => {
                        let report = me.kept.with_value(|k| k.as_ref().map(|(_, r)| r.clone()));
                        let report = report.unwrap_or_else(|| me.editor.report.get_untracked());
                        let aside = Aside::Compare {
                            id: epoch,
                            base,
                            base_model: Arc::new(base_model),
                            lang,
                            preview: Arc::new(preview),
                        };
                        me.show(picture, aside, Some(report));
                    }
                    Err(e) => me.editor.notify(NoticeKind::Error, e.to_string()),
                },
                Err(e) => me.editor.notify(NoticeKind::Error, e.message(lang)),
            }
        });
    }

    /// Back to the design being edited, as it was (its undo history too).
    pub fn leave(&self) {
        self.next_epoch();
        self.busy.set(false);
        let Some((model, report)) = self.kept.get_value() else {
            self.aside.set(None);
            return;
        };
        self.kept.set_value(None);
        self.aside.set(None);
        // Another tab saved this design meanwhile (this tab, in review mode, only noted the
        // revision): with nothing of this tab's own unsaved, show that save, as a tab following
        // another does, so the next edit is not made over an old copy.
        let designs = super::designs::Designs::get();
        let stored = designs
            .current
            .get_untracked()
            .and_then(|id| super::storage::read(&super::storage::local_storage()?, &crate::designs::design_key(&id)));
        let newer =
            stored.is_some_and(|text| crate::model::load(&text).is_ok_and(|m| m != model)) && designs.nothing_unsaved();
        self.editor.model.set(model);
        self.editor.report.set(report);
        self.editor.clear_selection();
        self.editor.review.set(false);
        if newer {
            designs.take_theirs();
            self.editor.notify(NoticeKind::Info, self.editor.text(crate::i18n::Msg::FollowedOtherTab));
        }
        self.editor.fit_view();
    }

    /// The mark of a box in the compare view.
    pub fn entity(&self, id: &str) -> Option<char> {
        self.marks.with(|m| m.entities.get(id).copied())
    }

    /// The marks of a box's fields, by path.
    pub fn fields(&self, id: &str) -> HashMap<String, char> {
        self.marks.with(|m| m.fields.get(id).cloned().unwrap_or_default())
    }

    pub fn relation(&self, id: &str) -> Option<char> {
        self.marks.with(|m| m.relations.get(id).copied())
    }
}

/// The mark as drawn: `+`, `−`, `~`.
pub fn glyph(mark: char) -> &'static str {
    match mark {
        '+' => "+",
        '-' => "\u{2212}",
        _ => "~",
    }
}

/// The CSS class of a mark (its colour and line style).
pub fn class(mark: char) -> &'static str {
    match mark {
        '+' => "diff-added",
        '-' => "diff-removed",
        _ => "diff-changed",
    }
}

/// What a mark means, for its tooltip and screen readers.
pub fn meaning(mark: char, lang: Lang) -> &'static str {
    match mark {
        '+' => pick(lang, ["added", "añadido", "adicionado"]),
        '-' => pick(lang, ["removed", "eliminado", "removido"]),
        _ => pick(lang, ["changed", "modificado", "alterado"]),
    }
}

/// The compare view's marks of one box's fields, by path (`valoracion.media`).
pub type FieldMarks = HashMap<String, char>;

/// The mark of box `id` and of its fields, for the canvas (none outside the compare view, and
/// none where the app has no compare state, as in a component test).
pub fn box_marks(id: &str) -> (Memo<Option<char>>, Memo<FieldMarks>) {
    let compare = use_context::<Compare>();
    let (a, b) = (id.to_string(), id.to_string());
    (
        Memo::new(move |_| compare.and_then(|c| c.entity(&a))),
        Memo::new(move |_| compare.map(|c| c.fields(&b)).unwrap_or_default()),
    )
}

/// The mark of arrow `id`.
pub fn arrow_mark(id: &str) -> Memo<Option<char>> {
    let compare = use_context::<Compare>();
    let id = id.to_string();
    Memo::new(move |_| compare.and_then(|c| c.relation(&id)))
}

pub use crate::editor::diff_marks::{mark_spot, shape};
