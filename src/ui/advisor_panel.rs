//! The advisor: findings grouped by severity with their explanation and one-click fixes, then
//! the recommendation for each relation, the patterns that fit and the document sizes.

use super::progressive::progressive;
use super::state::{Editor, Tab};
use super::text::tr;
use crate::advisor::{rule_by_code, Finding, Severity};
use crate::i18n::{Labelled, Msg};
use crate::model::Place;
use crate::share::labels::human_bytes;
use leptos::prelude::*;

/// Selects the element a finding points at.
pub fn reveal(editor: &Editor, place: &Place) {
    match place {
        Place::Entity { id } | Place::Field { entity: id, .. } => {
            editor.select_entity(id, false);
        }
        Place::Relation { id } => editor.select_relation(id),
        Place::Query { id } => editor.active_query.set(Some(id.clone())),
        Place::Model => {}
    }
    editor.tab.set(Tab::Advisor);
}

#[component]
pub fn AdvisorPanel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let groups = move || {
        [Severity::Error, Severity::Warning, Severity::Info]
            .into_iter()
            .map(|sev| {
                let findings: Vec<(usize, Finding)> = editor.report.with(|r| {
                    r.findings
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.severity == sev)
                        .map(|(i, f)| (i, f.clone()))
                        .collect()
                });
                (sev, findings)
            })
            .filter(|(_, f)| !f.is_empty())
            .map(|(sev, findings)| {
                let title = tr(super::entity_box::severity_msg(sev));
                view! {
                    <section class=format!("findings {}", sev.label())>
                        <h3>{title}" "<span class="count">{findings.len()}</span></h3>
                        <ul>{progressive(findings, |(_, f)| view! { <FindingItem finding=f /> })}</ul>
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

#[component]
fn FindingItem(finding: Finding) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let open = RwSignal::new(false);
    let meta = rule_by_code(finding.code);
    let place = finding.place.clone();
    let place_label = move || editor.model.with(|m| place.label(m));
    let place2 = finding.place.clone();
    let fix = finding.fix.clone();
    view! {
        <li class="finding" data-testid="finding" data-code=finding.code>
            <button class="finding-head" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                <span class="code">{finding.code}</span>
                <span class="message">{finding.message.clone()}</span>
            </button>
            <div class="finding-meta">
                <button class="link" data-testid="finding-place" on:click=move |_| reveal(&editor, &place2)>{place_label}</button>
                {fix.map(|fix| {
                    let label = fix.label();
                    view! {
                        <button
                            class="apply"
                            data-testid="apply-fix"
                            on:click=move |_| {
                                let fix = fix.clone();
                                editor.edit(None, move |m| {
                                    fix.apply(m);
                                });
                            }
                        >
                            {label}
                        </button>
                    }
                })}
            </div>
            <Show when=move || open.get()>
                <div class="explain">
                    <p><strong>{tr(Msg::Why)}</strong>{finding.why.clone()}</p>
                    <p><strong>{tr(Msg::WhatToDo)}</strong>{finding.fix_hint.clone()}</p>
                    {meta.map(|m| view! {
                        <p class="rule">{format!("{} {} — ", m.code, m.name)}{m.summary()}</p>
                        <p class="rule">{m.why().to_string()}</p>
                    })}
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
                        let label = Place::Relation { id: a.relation.clone() }.label(m);
                        (label, a.relation.clone(), a.agrees, a.recommendation, a.class)
                    })
                    .collect()
            })
        });
        progressive(rows, move |(label, id, agrees, recommendation, class)| {
            let relation = id.clone();
            view! {
                <li class:disagrees=!agrees data-testid="recommendation" data-relation=relation>
                    <button class="link" on:click=move |_| editor.select_relation(&id)>{label}</button>
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
                    <strong>{tr(pattern.msg())}</strong>
                    ": "
                    {change}
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
        let rows: Vec<_> = editor.report.with(|r| {
            editor.model.with(|m| {
                r.sizes
                    .iter()
                    .map(|s| {
                        let name = m.entity(&s.entity).map(|e| e.name.clone()).unwrap_or_default();
                        (name, s.avg_bytes, s.worst_bytes, s.horizon_bytes, s.horizon_label.clone())
                    })
                    .collect()
            })
        });
        progressive(rows, |(name, avg, worst, horizon, horizon_label)| {
            view! {
                <tr>
                    <td>{name}</td>
                    <td>{human_bytes(avg)}</td>
                    <td>{human_bytes(worst)}</td>
                    <td title=horizon_label>{human_bytes(horizon)}</td>
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
