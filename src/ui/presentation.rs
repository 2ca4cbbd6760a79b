//! Presentation mode for workshops: the panels give way to the slide, large type, and a walk
//! through the access patterns and then the decisions (the relations', then the shard keys'),
//! each with its reasons, in the interface's language. The diagram stays beside the slide,
//! framed on the slide's element and highlighting it; a slide longer than its column scrolls,
//! says so, and `→` shows the rest of it before moving on. The slide's code comes in a chunk of
//! its own (`ui::chunks`), fetched when presentation mode first starts; the keys that move
//! through it ([`step_by`]) stay in the page.

use super::state::{Editor, Selection};
use super::text::tr;
use crate::advisor::scale::{texts, CollectionScale, Fit, ShardAdvice};
use crate::advisor::Vote;
use crate::editor::geometry::{bounds, entity_rect, fit, Rect};
use crate::i18n::counts::{counted, number, Noun};
use crate::i18n::{Arg, Labelled, Lang, Msg};
use crate::model::Model;
use leptos::prelude::*;

/// One slide: what to show, what to highlight and what to frame.
#[derive(Clone, PartialEq)]
pub struct Step {
    pub title: String,
    pub lines: Vec<String>,
    pub query: Option<String>,
    pub relation: Option<String>,
    /// The boxes the slide is about (framed on the canvas); empty frames the whole diagram.
    pub entities: Vec<String>,
}

/// The steps of the current model: the method starts from the queries, then the decisions.
pub fn steps(editor: &Editor) -> Vec<Step> {
    let lang = editor.lang.get();
    editor.model.with(|m| {
        editor.report.with(|r| {
            let mut out = vec![Step {
                title: m.name.clone(),
                lines: vec![[
                    counted(lang, m.queries.len(), Noun::AccessPattern),
                    counted(lang, m.collections().count(), Noun::Collection),
                    counted(lang, m.relations.len(), Noun::Relation),
                ]
                .join(" · ")],
                query: None,
                relation: None,
                entities: Vec::new(),
            }];
            for q in &m.queries {
                let kind = q.kind.msg().text(lang);
                let rate = Msg::PerMinuteLine.fill(lang, &[&kind, &number(lang, q.per_minute)]);
                let mut lines = vec![format!("{} · {rate}", q.actor)];
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
                    entities: q.entities().filter(|e| m.entity(e).is_some()).map(str::to_string).collect(),
                });
            }
            // The live report has the relations' votes only: the slides' reasons are written here.
            let written = crate::advisor::analyze(m);
            for a in &written.relations {
                let Some(rel) = m.relation(&a.relation) else { continue };
                let name = |id: &str| m.entity(id).map(|e| e.name.clone()).unwrap_or_default();
                // The summary opens with the verdict ("Embed: …"): it is not said twice.
                let mut lines = vec![a.summary().render(lang)];
                // "Cardinality: embed — typically 20 reviews…": the reason is a phrase that goes
                // on from the vote, not a sentence of its own (it starts in lower case).
                for c in a.criteria() {
                    let criterion = c.criterion.msg().text(lang);
                    lines.push(match c.vote {
                        Vote::Neutral => format!("{criterion}: {}", c.reason.render(lang)),
                        v => format!("{criterion}: {} — {}", v.msg().text(lang), c.reason.render(lang)),
                    });
                }
                out.push(Step {
                    title: format!("{} → {}", name(&rel.parent), name(&rel.child)),
                    lines,
                    query: None,
                    relation: Some(a.relation.to_string()),
                    entities: vec![rel.parent.clone(), rel.child.clone()],
                });
            }
            out.extend(r.sharded().filter_map(|(s, advice)| shard_key_step(m, s, advice, lang)));
            out
        })
    })
}

/// A shard key decision: the collection and its key, why one replica set is not enough, what
/// the key does, its six criteria, and the figures now and at the horizon.
fn shard_key_step(m: &Model, s: &CollectionScale, advice: &ShardAdvice, lang: Lang) -> Option<Step> {
    let o = advice.recommended_option()?;
    let f = &s.figures;
    let t = &m.thresholds;
    let name = m.entity(&s.entity).map(|e| e.name.as_str()).unwrap_or(s.entity.as_str());
    let key = crate::advisor::scale::key_doc(&o.key);
    let title = crate::text!(
        en: "{name}: shard key {key}",
        es: "{name}: clave de shard {key}",
        pt: "{name}: chave de shard {key}";
        name, key
    );
    let why = crate::text!(
        en: "Outgrows one replica set {when}: {limit}",
        es: "Supera un replica set {when}: {limit}",
        pt: "Supera um replica set {when}: {limit}";
        when = texts::when(f), limit = texts::limit(f, t)
    );
    let mut lines = vec![if advice.needed { why } else { texts::limit(f, t) }.render(lang)];
    lines.push(texts::key_summary(o).render(lang));
    for v in &advice.votes(o) {
        let criterion = v.criterion.title().render(lang);
        lines.push(match v.fit {
            Fit::Neutral => format!("{criterion}: {}", v.reason.render(lang)),
            fit => format!("{criterion}: {} — {}", fit.title().render(lang), v.reason.render(lang)),
        });
    }
    let bytes = crate::advisor::scale::bytes_arg;
    lines.push(
        crate::text!(
            en: "Now: {data} of data, a working set of {ws}, {writes} writes a second; at the horizon ({days}): {data_h} of data, a working set of {ws_h}",
            es: "Ahora: {data} de datos, un conjunto de trabajo de {ws}, {writes} escrituras por segundo; en el horizonte ({days}): {data_h} de datos, un conjunto de trabajo de {ws_h}",
            pt: "Agora: {data} de dados, um conjunto de trabalho de {ws}, {writes} escritas por segundo; no horizonte ({days}): {data_h} de dados, um conjunto de trabalho de {ws_h}";
            data = bytes(f.data_now), ws = bytes(f.working_set_now), writes = Arg::Count(f.writes_per_second.round()),
            days = Arg::Days(f.horizon_days), data_h = bytes(f.data_horizon), ws_h = bytes(f.working_set_horizon)
        )
        .render(lang),
    );
    Some(Step { title: title.render(lang), lines, query: None, relation: None, entities: vec![s.entity.to_string()] })
}

fn lines_element() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id("slide-lines")
}

/// Whether the slide's list has more below what its column shows.
fn more_below() -> bool {
    lines_element().is_some_and(|el| el.scroll_top() + el.client_height() + 2 < el.scroll_height())
}

/// Frames the boxes of `step` in the canvas (measured first: the slide took the panels' place),
/// or the whole diagram for a slide about no box.
fn frame(editor: &Editor, step: &Step) {
    super::viewport::measure(editor);
    let (w, h) = editor.viewport.get_untracked();
    let area: Option<Rect> = editor.model.with_untracked(|m| {
        let rects = step.entities.iter().filter_map(|id| m.entity(id)).map(entity_rect);
        rects.reduce(|a, b| a.union(&b)).or_else(|| bounds(m))
    });
    if let Some(area) = area {
        editor.camera.set(fit(&area, w, h));
    }
}

/// The slide's place while its chunk loads (or cannot): the note, while presenting.
pub fn waiting(note: AnyView) -> AnyView {
    let editor = expect_context::<Editor>();
    view! {
        <section class="slide" role="region" aria-label=tr(Msg::PresentationAria) style:display=move || editor.presenting.get().is_none().then_some("none")>
            {note}
        </section>
    }
    .into_any()
}

#[component]
pub fn Presentation() -> impl IntoView {
    let editor = expect_context::<Editor>();
    let all = Memo::new(move |_| steps(&editor));
    let current = Memo::new(move |_| {
        let i = editor.presenting.get()?;
        all.with(|s| s.get(i.min(s.len().saturating_sub(1))).cloned())
    });
    let more = RwSignal::new(false);
    // The page's keys move through the slides by this count (`step_by`); a step taken before it
    // was known comes back to the last slide. Counted while presenting only (the slides are not
    // made otherwise).
    Effect::new(move |_| {
        if editor.presenting.get().is_none() {
            return;
        }
        let n = all.with(Vec::len);
        editor.slides.set(Some(n));
        if editor.presenting.get_untracked().is_some_and(|i| i >= n.max(1)) {
            editor.presenting.set(Some(n.saturating_sub(1)));
        }
    });
    // Highlight and frame what the step is about, once the slide is laid out.
    Effect::new(move |_| {
        let Some(step) = current.get() else { return };
        editor.active_query.set(step.query.clone());
        let entities = if step.relation.is_some() { step.entities.clone() } else { Vec::new() };
        editor.selection.set(Selection { entities, relation: step.relation.clone() });
        request_animation_frame(move || {
            if let Some(el) = lines_element() {
                el.set_scroll_top(0);
            }
            frame(&editor, &step);
            more.set(more_below());
        });
    });
    move || {
        current.get().map(|step| {
            let i = editor.presenting.get().unwrap_or(0);
            let n = all.with(Vec::len);
            view! {
                <section class="slide" data-testid="slide" role="region" aria-live="polite" aria-label=tr(Msg::PresentationAria)>
                    <p class="slide-count" data-testid="slide-count">{format!("{} / {n}", i + 1)}</p>
                    <h1>{super::text::shown_sentence(&step.title)}</h1>
                    <ul id="slide-lines" data-testid="slide-lines" on:scroll=move |_| more.set(more_below())>
                        {step.lines.into_iter().map(|l| view! { <li>{super::text::shown_sentence(&l)}</li> }).collect_view()}
                    </ul>
                    <p class="more-below" data-testid="more-below" hidden=move || !more.get()>{tr(Msg::PresMoreBelow)}</p>
                    <p class="hint">{tr(Msg::PresHint)}</p>
                </section>
            }
        })
    }
}

/// Moves the presentation by `delta` steps, within bounds. Forward, a slide with more below
/// first scrolls to show it.
pub fn step_by(editor: &Editor, delta: i32) {
    if delta > 0 && more_below() {
        if let Some(el) = lines_element() {
            let page = (el.client_height() as f64 * 0.8) as i32;
            el.set_scroll_top(el.scroll_top() + page.max(1));
        }
        return;
    }
    // Before the slides are counted (their chunk still loading), a step forward is taken as
    // asked and the slide shows the last one if there are fewer (`Presentation`'s `current`).
    let n = editor.slides.get_untracked().map_or(i32::MAX, |n| n as i32);
    editor.presenting.update(|p| {
        if let Some(i) = p {
            *i = (*i as i32 + delta).clamp(0, (n - 1).max(0)) as usize;
        }
    });
}
