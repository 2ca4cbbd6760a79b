//! Access patterns first: the list of queries and commands, the attributes of the chosen one,
//! how the design serves it (one document or not, the index that serves it), and its call in
//! MongoDB's language (`super::query_call`); the chosen one's come in a chunk of their own.

use super::chunks::{once_wanted, OnDemand, Piece};
use super::form::{
    enum_from, enum_name, enum_options, labelled_options, Checkbox, NumberInput, Select, TextArea, TextInput,
};
use super::query_call::QueryCall;
use super::state::Editor;
use super::text::{say, tr};
use crate::i18n::{Labelled, Msg};
use crate::model::{
    filters_text, parse_filters, parse_sort, sort_text, split_list as split, AccessPattern, Model, Pagination,
    QueryKind,
};
use leptos::prelude::*;

fn edit_query(editor: &Editor, id: &str, what: &str, f: impl FnOnce(&mut AccessPattern)) {
    let key = format!("query:{id}:{what}");
    editor.edit(Some(&key), |m| {
        if let Some(q) = m.queries.iter_mut().find(|q| q.id == id) {
            f(q);
        }
    });
}

#[component]
pub fn QueriesPanel() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let list = Memo::new(move |_| {
        editor.model.with(|m| {
            m.queries.iter().map(|q| (q.id.clone(), q.name.clone(), q.kind, q.per_minute)).collect::<Vec<_>>()
        })
    });
    view! {
        <aside class="queries" aria-label=tr(Msg::AccessPatterns) data-testid="queries">
            <div class="queries-head">
                <h2>{tr(Msg::AccessPatterns)}</h2>
                <button class="add" data-testid="add-query" on:click=move |_| super::actions::run(&editor, "add-query")>{tr(Msg::AddShort)}</button>
            </div>
            <ol class="query-list">
                {move || list.get().into_iter().map(|(id, name, kind, per_minute)| {
                    let id2 = id.clone();
                    let active = {
                        let id = id.clone();
                        move || editor.active_query.with(|a| a.as_deref() == Some(id.as_str()))
                    };
                    let served = {
                        let id = id.clone();
                        move || editor.report.with(|r| r.query(&id).map(|q| q.single_document))
                    };
                    view! {
                        <li>
                            <button
                                class="query-item"
                                class:active=active
                                data-testid="query-item"
                                data-id=id.clone()
                                on:click=move |_| {
                                    let same = editor.active_query.get_untracked().as_deref() == Some(id2.as_str());
                                    editor.active_query.set(if same { None } else { Some(id2.clone()) });
                                }
                            >
                                <span class="qid">{id.clone()}</span>
                                <span class="qname">{super::text::shown_name(&name)}</span>
                                {super::together_ui::query_marks(id.clone())}
                                <span class=format!("kind {}", enum_name(&kind))>{move || Msg::PerMinuteLine.fill(editor.lang.get(), &[&kind.msg().text(editor.lang.get()), &crate::i18n::counts::number(editor.lang.get(), per_minute)])}</span>
                                {move || served().map(|one| if one {
                                    view! { <span class="badge ok" title=tr(Msg::OneDocTitle)>{tr(Msg::OneDocBadge)}</span> }.into_any()
                                } else {
                                    view! { <span class="badge warn" title=tr(Msg::MoreReadsTitle)>{tr(Msg::MoreReadsBadge)}</span> }.into_any()
                                })}
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ol>
            // The chosen pattern's attributes come in a chunk of their own (`ui::chunks`),
            // fetched the first time a pattern is chosen.
            <OnDemand piece=Piece::QueryEditor when=once_wanted(move || editor.active_query.with(Option::is_some)) frame=waiting />
        </aside>
    }
}

/// The chosen pattern's place while its chunk loads (or cannot): the note, while one is chosen.
fn waiting(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    view! { <div style:display=move || editor.active_query.with(Option::is_none).then_some("none")>{note}</div> }
        .into_any()
}

/// The chosen access pattern: its attributes and its call (a piece: `ui::pieces::query_editor`).
#[component]
pub fn ChosenQuery() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = use_context::<super::comments::Comments>();
    move || {
        editor.active_query.get().map(|id| {
            // Outside the fieldset: a reviewer comments on a read-only access pattern too.
            let query = id.clone();
            view! {
                <button class="link query-comment" data-testid="query-comment" on:click=move |_| {
                    if let Some(c) = comments { c.start(crate::model::Anchor::Query { query: query.clone() }) }
                }>{tr(Msg::ActComment)}</button>
                <fieldset class="plain" disabled=move || editor.review.get()><QueryEditor id=id.clone() /></fieldset>
                <QueryCall id=id />
            }
        })
    }
}

#[component]
fn QueryEditor(id: String) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let idv = StoredValue::new(id.clone());
    let q = {
        let id = id.clone();
        Memo::new(move |_| editor.model.with(|m| m.query(&id).cloned()))
    };
    let s = move |f: fn(&AccessPattern) -> String| {
        Signal::derive(move || q.with(|q| q.as_ref().map(f).unwrap_or_default()))
    };
    let on_s = move |what: &'static str, f: fn(&mut AccessPattern, String)| {
        Callback::new(move |v: String| edit_query(&editor, &idv.get_value(), what, |q| f(q, v)))
    };
    let on_n = move |what: &'static str, f: fn(&mut AccessPattern, Option<f64>)| {
        Callback::new(move |v: Option<f64>| edit_query(&editor, &idv.get_value(), what, |q| f(q, v)))
    };
    let entities = Memo::new(move |_| {
        editor.model.with(|m| m.entities.iter().map(|e| (e.id.clone(), e.name.clone())).collect::<Vec<_>>())
    });
    let advice = {
        let id = id.clone();
        move || editor.report.with(|r| r.query(&id).cloned())
    };
    // Completion for the list of names: what is typed so far, then each name not yet in it.
    let touch_suggestions = Signal::derive(move || {
        let typed = q.with(|q| q.as_ref().map(|q| editor.model.with(|m| names_of(m, &q.touches))).unwrap_or_default());
        let names: Vec<String> = entities.with(|es| es.iter().map(|(_, n)| n.clone()).collect());
        completions(&typed, &names)
    });
    let kinds = labelled_options(&[QueryKind::Read, QueryKind::Write, QueryKind::Analytical]);
    let pages = enum_options(&[Pagination::None, Pagination::Offset, Pagination::Cursor], enum_name);
    let id_touch = id.clone();
    view! {
        <div class="query-editor" data-testid="query-editor">
            {move || advice().map(|a| view! {
                <div class="verdict-box" class:disagrees=!a.single_document data-testid="query-verdict">
                    <p>{editor.t(if a.single_document { Msg::OneDocServesIt } else { Msg::NeedsMoreReads })}</p>
                    {a.index.map(|i| view! { <p>{editor.t(Msg::IndexLabel)}<code data-testid="query-index">{i.key_doc()}</code></p> })}
                    <p class="hint">{say(a.explanation)}</p>
                </div>
            })}
            <TextInput label=Msg::Name value=s(|q| q.name.clone()) on_change=on_s("name", |q, v| q.name = v) testid="query-name" />
            <TextInput label=Msg::Actor value=s(|q| q.actor.clone()) on_change=on_s("actor", |q, v| q.actor = v) />
            <Select label=Msg::Kind options=kinds value=s(|q| enum_name(&q.kind)) on_change=on_s("kind", |q, v| q.kind = enum_from(&v).unwrap_or_default()) />
            <NumberInput label=Msg::PerMinute min=0.0 value=Signal::derive(move || q.with(|q| q.as_ref().map(|q| q.per_minute))) on_change=on_n("freq", |q, v| q.per_minute = v.unwrap_or(0.0)) />
            {move || {
                // A new access pattern in a design with no box starts nowhere yet: the list
                // says so, rather than show a box it does not start from.
                let mut options: Vec<(String, String)> = entities.get();
                if q.with(|q| q.as_ref().is_some_and(|q| q.entity.is_empty())) {
                    options.insert(0, (String::new(), editor.t(Msg::ChooseStart).to_string()));
                }
                view! { <Select label=Msg::StartsFrom options=options value=s(|q| q.entity.clone()) on_change=on_s("entity", |q, v| q.entity = v) /> }
            }}
            <TextInput
                label=Msg::AlsoNeeds
                hint=Msg::AlsoNeedsPlaceholder
                testid="query-touches"
                value=Signal::derive(move || q.with(|q| q.as_ref().map(|q| editor.model.with(|m| names_of(m, &q.touches))).unwrap_or_default()))
                suggestions=touch_suggestions
                on_change=Callback::new({
                    let id = id_touch.clone();
                    move |v: String| {
                        let ids = editor.model.with_untracked(|m| ids_of(m, &v));
                        edit_query(&editor, &id, "touches", |q| q.touches = ids)
                    }
                })
            />
            <TextInput label=Msg::Filters placeholder="status, createdAt>, tags[]" value=s(|q| filters_text(&q.filters)) on_change=on_s("filters", |q, v| q.filters = parse_filters(&v)) testid="query-filters" />
            <TextInput label=Msg::Sort placeholder="createdAt:-1, _id:-1" value=s(|q| sort_text(&q.sort)) on_change=on_s("sort", |q, v| q.sort = parse_sort(&v)) />
            <TextInput label=Msg::Projection value=s(|q| q.projection.join(", ")) on_change=on_s("proj", |q, v| q.projection = split(&v)) />
            <NumberInput label=Msg::PageSize min=0.0 value=Signal::derive(move || q.with(|q| q.as_ref().and_then(|q| q.page_size.map(|p| p as f64)))) on_change=on_n("page", |q, v| q.page_size = v.map(|v| v as u32)) />
            <Select label=Msg::Pagination options=pages value=s(|q| enum_name(&q.pagination)) on_change=on_s("pagination", |q, v| q.pagination = enum_from(&v).unwrap_or_default()) />
            <NumberInput label=Msg::SlaP95 min=0.0 value=Signal::derive(move || q.with(|q| q.as_ref().and_then(|q| q.sla_ms))) on_change=on_n("sla", |q, v| q.sla_ms = v) />
            <TextInput label=Msg::Consistency value=s(|q| q.consistency.clone()) on_change=on_s("cons", |q, v| q.consistency = v) />
            <TextInput label=Msg::VolumeGrowth value=s(|q| q.volume.clone()) on_change=on_s("vol", |q, v| q.volume = v) />
            <TextInput label=Msg::ChangesAsUnit value=s(|q| q.changes.join(", ")) on_change=on_s("changes", |q, v| q.changes = split(&v)) />
            <TextInput label=Msg::Precondition value=s(|q| q.precondition.clone()) on_change=on_s("pre", |q, v| q.precondition = v) />
            <Checkbox label=Msg::UsesLookup value=Signal::derive(move || q.with(|q| q.as_ref().is_some_and(|q| q.uses_lookup))) on_change=Callback::new({
                let id = id.clone();
                move |v: bool| edit_query(&editor, &id, "lookup", |q| q.uses_lookup = v)
            }) />
            <TextArea label=Msg::Notes value=s(|q| q.notes.clone()) on_change=on_s("notes", |q, v| q.notes = v) />
        </div>
    }
}

/// The entity ids of a query's list shown as the entities' names (an id without an entity
/// stays as it is, so nothing the user typed disappears).
fn names_of(m: &Model, ids: &[String]) -> String {
    ids.iter().map(|id| m.entity(id).map_or(id.as_str(), |e| e.name.as_str())).collect::<Vec<_>>().join(", ")
}

/// The names typed in a list, as entity ids: a name finds its entity; an id typed as such is
/// kept; anything else stays as typed (the advisor then says it names nothing).
fn ids_of(m: &Model, text: &str) -> Vec<String> {
    split(text)
        .into_iter()
        .map(|word| match m.entities.iter().find(|e| e.name == word) {
            Some(e) => e.id.clone(),
            None => word,
        })
        .collect()
}

/// The datalist's options for a comma list: the list so far with each name not yet in it
/// appended, so choosing one completes the last item.
fn completions(typed: &str, names: &[String]) -> Vec<String> {
    let have: Vec<String> = split(typed);
    let prefix = if have.is_empty() { String::new() } else { format!("{}, ", have.join(", ")) };
    names.iter().filter(|n| !have.contains(n)).map(|n| format!("{prefix}{n}")).collect()
}
