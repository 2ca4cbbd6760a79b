//! The advisor: findings by severity, most important first (routine ones repeated on several
//! places collapsed into one line), with their explanation and one-click fixes, then
//! the recommendation for each relation, the patterns that fit and the document sizes.

use super::progressive::progressive;
use super::state::Editor;
use super::text::{inline_markdown, say, tr};
use crate::advisor::ranking::Entry;
use crate::advisor::{rule_by_code, rule_docs, Finding, RuleMeta, Severity};
use crate::i18n::{Labelled, Lang, Msg, Text};
use crate::model::Place;
use crate::share::labels::bytes_label;
use leptos::prelude::*;

/// Selects the element a finding points at and opens it in the inspector (read-only in review
/// mode); a query opens in the access patterns panel.
pub fn reveal(editor: &Editor, place: &Place) {
    match place {
        Place::Entity { id } | Place::Field { entity: id, .. } => {
            editor.select_entity(id, false);
        }
        Place::Relation { id } => editor.select_relation(id),
        Place::Query { id } => {
            editor.active_query.set(Some(id.to_string()));
            if !editor.panels.get_untracked().queries {
                super::layout::toggle_queries(editor);
            }
        }
        Place::Model => {}
    }
}

/// What a finding points at, for the page's hooks: `entity`, `relation`, `query` or `model`.
fn place_kind(place: &Place) -> &'static str {
    match place {
        Place::Entity { .. } | Place::Field { .. } => "entity",
        Place::Relation { .. } => "relation",
        Place::Query { .. } => "query",
        Place::Model => "model",
    }
}

/// One line of the findings list: a finding, or routine findings of one rule on several
/// places (collapsed until opened).
#[derive(Clone)]
enum Line {
    One(Box<Finding>),
    Many { findings: Vec<Finding>, title: Text },
}

#[component]
pub fn AdvisorPanel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // The report's ranking (severity, then impact on this design), the same as the CLI's.
    let groups = move || {
        let ranked: Vec<(Severity, Line)> = editor.report.with(|r| {
            editor.model.with(|m| {
                r.ranked(m)
                    .into_iter()
                    .map(|ranked| {
                        let line = match &ranked.entry {
                            Entry::Single(f) => Line::One(Box::new((*f).clone())),
                            Entry::Group(g) => Line::Many {
                                findings: g.findings.iter().map(|f| (*f).clone()).collect(),
                                title: g.title(m),
                            },
                        };
                        (ranked.entry.first().severity, line)
                    })
                    .collect()
            })
        });
        [Severity::Error, Severity::Warning, Severity::Info]
            .into_iter()
            .map(|sev| {
                let lines: Vec<Line> = ranked.iter().filter(|(s, _)| *s == sev).map(|(_, l)| l.clone()).collect();
                (sev, lines)
            })
            .filter(|(_, lines)| !lines.is_empty())
            .map(|(sev, lines)| {
                let title = tr(super::entity_box::severity_msg(sev));
                let count: usize =
                    lines.iter().map(|l| if let Line::Many { findings, .. } = l { findings.len() } else { 1 }).sum();
                view! {
                    <section class=format!("findings {}", sev.label())>
                        <h3>{title}" "<span class="count">{count}</span></h3>
                        <ul>{progressive(lines, |line| match line {
                            Line::One(f) => view! { <FindingItem finding=*f /> }.into_any(),
                            Line::Many { findings, title } => view! { <FindingGroup findings title /> }.into_any(),
                        })}</ul>
                    </section>
                }
            })
            .collect_view()
    };
    view! {
        <div class="panel advisor" data-testid="advisor">
            <Show when=move || editor.report.with(|r| r.findings.is_empty())>
                <p class="calm">{tr(Msg::NoFindings)}</p>
            </Show>
            {groups}
            <Recommendations />
            <Patterns />
            <Sizes />
        </div>
    }
}

/// A routine finding repeated on several places: one collapsed line that says the problem
/// ("DS401 no $jsonSchema validator, on 3 places: a, b and c"); opened, each place's finding
/// with its own fix.
#[component]
fn FindingGroup(findings: Vec<Finding>, title: Text) -> impl IntoView {
    let open = RwSignal::new(false);
    let code = findings.first().map_or("", |f| f.code);
    let count = findings.len();
    view! {
        <li class="finding group" data-testid="finding-group" data-code=code data-count=count>
            <button class="finding-head" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                <span class="code">{code}</span>
                <span class="message">{say(title)}</span>
            </button>
            <Show when=move || open.get()>
                <ul>{findings.clone().into_iter().map(|f| view! { <FindingItem finding=f /> }).collect_view()}</ul>
            </Show>
        </li>
    }
}

#[component]
fn FindingItem(finding: Finding) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let open = RwSignal::new(false);
    let meta = rule_by_code(finding.code);
    let place = finding.place.clone();
    let place_label = move || editor.model.with(|m| super::text::shown_name(&place.label_in(m, editor.lang.get())));
    let place2 = finding.place.clone();
    let place3 = finding.place.clone();
    let code = finding.code;
    let comments = use_context::<super::comments::Comments>();
    let fix = finding.fix.clone();
    view! {
        <li class="finding" data-testid="finding" data-code=finding.code>
            <button class="finding-head" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                <span class="code">{finding.code}</span>
                <span class="message">{say(finding.message.clone())}</span>
            </button>
            <div class="finding-meta">
                <button class="link" data-testid="finding-place" data-place=place_kind(&finding.place) on:click=move |_| reveal(&editor, &place2)>{place_label}</button>
                <button class="link" data-testid="finding-comment" on:click=move |_| {
                    if let Some(c) = comments {
                        let on = Box::new(crate::model::Anchor::of_place(&place3));
                        c.start(crate::model::Anchor::Finding { code: code.to_string(), on });
                    }
                }>{tr(Msg::ActComment)}</button>
                {fix.map(|fix| {
                    let label = say(fix.label());
                    view! {
                        <button
                            class="apply"
                            data-testid="apply-fix"
                            on:click=move |_| {
                                let fix = fix.clone();
                                let done = fix.label().render(editor.lang.get_untracked());
                                editor.edit(None, move |m| {
                                    fix.apply(m);
                                });
                                // Says what it did, with Undo one click away.
                                if !editor.review.get_untracked() {
                                    editor.notify_offering(
                                        super::state::NoticeKind::Info,
                                        editor.fill(Msg::FixApplied, &[&super::text::shown_sentence(&done)]),
                                        super::state::NoticeAction::Undo,
                                    );
                                }
                            }
                        >
                            {label}
                        </button>
                    }
                })}
            </div>
            <Show when=move || open.get()>
                <div class="explain">
                    <p><strong>{tr(Msg::Why)}</strong>{say(finding.why.clone())}</p>
                    <p><strong>{tr(Msg::WhatToDo)}</strong>{say(finding.fix_hint.clone())}</p>
                    {meta.map(|m| view! { <RuleExplain meta=m /> })}
                </div>
            </Show>
        </li>
    }
}

#[component]
fn Recommendations() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let items = move || {
        let rows: Vec<_> = editor.report.with(|r| {
            editor.model.with(|m| {
                r.relations
                    .iter()
                    .map(|a| {
                        let label = Place::Relation { id: a.relation.as_str().into() }.label(m);
                        (label, a.relation.to_string(), a.agrees, a.recommendation, a.class)
                    })
                    .collect()
            })
        });
        progressive(rows, move |(label, id, agrees, recommendation, class)| {
            let relation = id.clone();
            view! {
                <li class:disagrees=!agrees data-testid="recommendation" data-relation=relation>
                    <button class="link" on:click=move |_| editor.select_relation(&id)>{super::text::shown_name(&label)}</button>
                    <span class="verdict">{tr(recommendation.msg())}</span>
                    <span class="class">{tr(class.msg())}</span>
                    {(!agrees).then(|| view! { <span class="badge warn">{tr(Msg::DiffersFromDesign)}</span> })}
                </li>
            }
        })
    };
    view! {
        <section class="recommendations">
            <h3>{tr(Msg::EmbedOrReference)}</h3>
            <ul>{items}</ul>
        </section>
    }
}

#[component]
fn Patterns() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let items = move || {
        let rows: Vec<_> =
            editor.report.with(|r| r.patterns.iter().map(|p| (p.in_use, p.pattern, p.change.clone())).collect());
        progressive(rows, |(in_use, pattern, change)| {
            view! {
                <li data-testid="pattern">
                    <span class=if in_use { "badge ok" } else { "badge" }>{tr(if in_use { Msg::InUse } else { Msg::Fits })}</span>
                    // The colon ends the name: the change may wrap below it, never start with ":".
                    <strong>{tr(pattern.msg())}":"</strong>
                    <span>{say(change)}</span>
                </li>
            }
        })
    };
    view! {
        <section class="patterns">
            <h3>{tr(Msg::Patterns)}</h3>
            <ul>{items}</ul>
        </section>
    }
}

#[component]
fn Sizes() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let rows = move || {
        // Figures in the language's notation: the table is redrawn when the language changes.
        let lang = editor.lang.get();
        let rows: Vec<_> = editor.report.with(|r| {
            editor.model.with(|m| {
                r.sizes
                    .iter()
                    .map(|s| {
                        let name = m.entity(&s.entity).map(|e| super::text::shown_name(&e.name)).unwrap_or_default();
                        (name, s.avg_bytes, s.worst_bytes, s.horizon_bytes, s.horizon_label.clone())
                    })
                    .collect()
            })
        });
        progressive(rows, move |(name, avg, worst, horizon, horizon_label)| {
            view! {
                <tr>
                    <td>{name}</td>
                    <td>{bytes_label(avg, lang)}</td>
                    <td>{bytes_label(worst, lang)}</td>
                    <td title=say(horizon_label)>{bytes_label(horizon, lang)}</td>
                </tr>
            }
        })
    };
    view! {
        <section class="sizes">
            <h3>{tr(Msg::DocumentSizes)}</h3>
            <table>
                <thead><tr><th>{tr(Msg::ColCollection)}</th><th>{tr(Msg::ColAverage)}</th><th>{tr(Msg::ColWorstNow)}</th><th>{tr(Msg::ColHorizon)}</th></tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p class="hint">{tr(Msg::SizeGuidance)}</p>
        </section>
    }
}

/// The rule's own explanation (summary and "why"), in the interface's language, fetched once
/// per rule and language from `rules/<lang>/<code>.md` when a finding is first opened (English
/// too: the doc comments are not compiled into the app, which keeps the page-load bundle
/// small) and kept for the session. Until the text arrives only the code and name are shown;
/// if a translation cannot be fetched the English file is tried.
#[component]
fn RuleExplain(meta: &'static RuleMeta) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let docs = RwSignal::new(String::new());
    Effect::new(move |_| {
        let lang = editor.lang.get();
        let paths = [rule_docs::doc_path(meta.code, lang), rule_docs::doc_path(meta.code, Lang::En)];
        if let Some(text) = DOC_CACHE.with(|c| c.borrow().get(&paths[0]).cloned()) {
            docs.set(text);
            return;
        }
        leptos::task::spawn_local(async move {
            for path in paths {
                if let Ok(text) = super::page::fetch_text(&path).await {
                    DOC_CACHE.with(|c| c.borrow_mut().insert(path, text.clone()));
                    if editor.lang.get_untracked() == lang {
                        docs.set(text);
                    }
                    return;
                }
            }
        });
    });
    view! {
        <p class="rule">{format!("{} {} — ", meta.code, meta.name)}{move || docs.with(|d| inline_markdown(&one_line(rule_docs::summary_of(d))))}</p>
        <p class="rule">{move || docs.with(|d| inline_markdown(&one_line(rule_docs::why_of(d))))}</p>
    }
}

thread_local! {
    /// Rule documentation fetched this session, by path.
    static DOC_CACHE: std::cell::RefCell<std::collections::HashMap<String, String>> = Default::default();
}

/// A documentation paragraph on one line (the doc comments wrap at 100 columns).
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
