//! Presentation mode for workshops: panels hidden, large type, and a step-by-step walk through
//! the access patterns and then the decisions, each with its reason.

use super::state::Editor;
use super::text::tr;
use crate::advisor::Vote;
use crate::i18n::{Labelled, Msg};
use leptos::prelude::*;

/// One slide: what to show and what to highlight.
#[derive(Clone, PartialEq)]
pub struct Step {
    pub title: String,
    pub lines: Vec<String>,
    pub query: Option<String>,
    pub relation: Option<String>,
}

/// The steps of the current model: the method starts from the queries, then the decisions.
pub fn steps(editor: &Editor) -> Vec<Step> {
    let lang = editor.lang.get();
    editor.model.with(|m| {
        editor.report.with(|r| {
            let mut out = vec![Step {
                title: m.name.clone(),
                lines: vec![
                    Msg::PresSummary.fill(lang, &[&m.queries.len(), &m.collections().count(), &m.relations.len()])
                ],
                query: None,
                relation: None,
            }];
            for q in &m.queries {
                let kind = q.kind.msg().text(lang);
                let mut lines = vec![format!("{} · {kind} · {}/min", q.actor, q.per_minute).to_lowercase()];
                if let Some(a) = r.query(&q.id) {
                    let served = if a.single_document { Msg::OneDocServesIt } else { Msg::NeedsMoreReads };
                    lines.push(served.text(lang).to_string());
                    if let Some(i) = &a.index {
                        lines.push(Msg::PresIndex.fill(lang, &[&i.key_doc()]));
                    }
                }
                out.push(Step {
                    title: format!("{} {}", q.id, q.name),
                    lines,
                    query: Some(q.id.clone()),
                    relation: None,
                });
            }
            for a in &r.relations {
                let Some(rel) = m.relation(&a.relation) else { continue };
                let name = |id: &str| m.entity(id).map(|e| e.name.clone()).unwrap_or_default();
                let mut lines = vec![format!("{} — {}", a.recommendation.msg().text(lang), a.summary())];
                for c in a.criteria() {
                    let vote = match c.vote {
                        Vote::Neutral => "—",
                        v => v.msg().text(lang),
                    };
                    lines.push(format!("{}: {vote}. {}", c.criterion.msg().text(lang), c.reason));
                }
                out.push(Step {
                    title: format!("{} → {}", name(&rel.parent), name(&rel.child)),
                    lines,
                    query: None,
                    relation: Some(a.relation.to_string()),
                });
            }
            out
        })
    })
}

#[component]
pub fn Presentation() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let all = Memo::new(move |_| steps(&editor));
    let current = Memo::new(move |_| {
        let i = editor.presenting.get()?;
        all.with(|s| s.get(i.min(s.len().saturating_sub(1))).cloned())
    });
    // Highlight what the step is about.
    Effect::new(move |_| {
        if let Some(step) = current.get() {
            editor.active_query.set(step.query.clone());
            match step.relation {
                Some(r) => editor.selection.set(super::state::Selection { entities: Vec::new(), relation: Some(r) }),
                None => editor.clear_selection(),
            }
        }
    });
    move || {
        current.get().map(|step| {
            let i = editor.presenting.get().unwrap_or(0);
            let n = all.with(Vec::len);
            view! {
                <div class="slide" data-testid="slide" role="region" aria-live="polite" aria-label=tr(Msg::PresentationAria)>
                    <p class="slide-count">{format!("{} / {n}", i + 1)}</p>
                    <h1>{step.title}</h1>
                    <ul>{step.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    <p class="hint">{tr(Msg::PresHint)}</p>
                </div>
            }
        })
    }
}

/// Moves the presentation by `delta` steps, within bounds.
pub fn step_by(editor: &Editor, delta: i32) {
    let n = steps(editor).len() as i32;
    editor.presenting.update(|p| {
        if let Some(i) = p {
            *i = (*i as i32 + delta).clamp(0, (n - 1).max(0)) as usize;
        }
    });
}
