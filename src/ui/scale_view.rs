//! The Scale view (a chunk of its own: `ui::chunks`, `Piece::Scale`): for each collection, its
//! figures now and at the growth horizon against what one replica set holds, and for the few
//! that outgrow it, the recommended shard key with the six criteria's reasons and every access
//! pattern marked as targeted or going to several or every shard. The others get one sentence
//! each: one replica set holds them. Everything shown is the advisor's scale advice
//! (`advisor::scale`); this view only lays it out.

use super::scale::close;
use super::state::Editor;
use super::text::{shown_name, shown_sentence, tr};
use crate::advisor::scale::texts::{bucket_note, key_summary, limit, unique_note, when, zones_note};
use crate::advisor::scale::{bytes_arg, key_doc, CollectionScale, Fit, KeyOption, Reach, ScaleFigures, ShardAdvice};
use crate::i18n::{Arg, Lang, Msg, Text};
use crate::model::{Model, Thresholds};
use crate::text;
use leptos::prelude::*;

#[component]
pub fn ScaleView() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // The heading takes the focus when the view opens (by key or by click), so a screen reader
    // starts at its top and Tab goes on through it; Escape closes it and gives the focus back.
    let heading = NodeRef::<leptos::html::H2>::new();
    heading.on_load(|el| {
        request_animation_frame(move || {
            let _ = el.focus();
        })
    });
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            ev.stop_propagation();
            close(&editor);
        }
    };
    view! {
        <aside class="scale-panel" data-testid="scale-view" aria-labelledby="scale-title" on:keydown=on_key>
            <header>
                <h2 id="scale-title" tabindex="-1" data-testid="scale-title" node_ref=heading>{tr(Msg::ActScale)}</h2>
                <button class="link close" data-testid="scale-close" aria-label=tr(Msg::Close) on:click=move |_| close(&editor)>"×"</button>
            </header>
            {move || {
                let lang = editor.lang.get();
                editor.model.with(|m| editor.report.with(|r| content(&editor, m, &r.scale, lang)))
            }}
        </aside>
    }
}

/// The verdict, the collections to shard, then the ones one replica set holds.
fn content(editor: &Editor, m: &Model, scale: &[CollectionScale], lang: Lang) -> AnyView {
    let t = &m.thresholds;
    let name = |id: &str| m.entity(id).map(|e| e.name.clone()).unwrap_or_else(|| id.to_string());
    let needing: Vec<String> =
        scale.iter().filter(|s| s.shard.as_ref().is_some_and(|a| a.needed)).map(|s| name(&s.entity)).collect();
    let days = Arg::Days(t.horizon_days);
    let verdict = match (needing.is_empty(), needing.len() == scale.len()) {
        (true, _) => text!(
            en: "One replica set is enough: no collection of this design outgrows it by the horizon ({days}).",
            es: "Un replica set basta: ninguna colección de este diseño lo supera antes del horizonte ({days}).",
            pt: "Um replica set basta: nenhuma coleção deste design o supera até o horizonte ({days}).";
            days
        ),
        (false, true) => text!(
            en: "To shard by the horizon ({days}): {list}.",
            es: "A fragmentar antes del horizonte ({days}): {list}.",
            pt: "A fragmentar até o horizonte ({days}): {list}.";
            days, list = Arg::list(&needing)
        ),
        (false, false) => text!(
            en: "To shard by the horizon ({days}): {list}. One replica set is enough for the others.",
            es: "A fragmentar antes del horizonte ({days}): {list}. Un replica set basta para las demás.",
            pt: "A fragmentar até o horizonte ({days}): {list}. Um replica set basta para as demais.";
            days, list = Arg::list(&needing)
        ),
    };
    let sharded: Vec<AnyView> = scale
        .iter()
        .filter_map(|s| Some((s, s.shard.as_ref()?)))
        .map(|(s, advice)| collection(editor, m, &name(&s.entity), s, advice, lang))
        .collect();
    let within: Vec<AnyView> = scale
        .iter()
        .filter(|s| s.shard.is_none())
        .map(|s| {
            let sentence = shown_sentence(&limit(&s.figures, t).render(lang));
            view! {
                <li data-testid="scale-within" data-entity=s.entity.to_string()>
                    <strong>{shown_name(&name(&s.entity))}</strong>": "{sentence}
                </li>
            }
            .into_any()
        })
        .collect();
    let within_title = text!(
        en: "Within one replica set",
        es: "Dentro de un replica set",
        pt: "Dentro de um replica set"
    );
    view! {
        <div class="scale-body">
            <p class="scale-verdict" data-testid="scale-verdict">{shown_sentence(&verdict.render(lang))}</p>
            {sharded}
            {(!within.is_empty()).then(|| view! {
                <section class="scale-within">
                    <h3>{within_title.render(lang)}</h3>
                    <ul>{within}</ul>
                </section>
            })}
        </div>
    }
    .into_any()
}

/// One collection with shard key advice: why, its figures, the key, its reasons, its patterns.
fn collection(
    editor: &Editor,
    m: &Model,
    name: &str,
    s: &CollectionScale,
    advice: &ShardAdvice,
    lang: Lang,
) -> AnyView {
    let t = &m.thresholds;
    let f = &s.figures;
    let say = |text: Text| shown_sentence(&text.render(lang));
    let tag = if advice.needed {
        text!(
            en: "{n} shards at the horizon",
            es: "{n} shards en el horizonte",
            pt: "{n} shards no horizonte";
            n = Arg::Int(f.shards_horizon.into())
        )
    } else {
        text!(
            en: "shard key stated by the design",
            es: "clave de shard indicada por el diseño",
            pt: "chave de shard indicada pelo design"
        )
    };
    let why = if advice.needed {
        text!(
            en: "Outgrows one replica set {when}: {limit}.",
            es: "Supera un replica set {when}: {limit}.",
            pt: "Supera um replica set {when}: {limit}.";
            when = when(f), limit = limit(f, t)
        )
    } else {
        text!(
            en: "The design states a shard key; {limit}.",
            es: "El diseño indica una clave de shard; {limit}.",
            pt: "O design indica uma chave de shard; {limit}.";
            limit = limit(f, t)
        )
    };
    let id = s.entity.to_string();
    let show = {
        let (editor, id) = (*editor, id.clone());
        move |_| {
            editor.select_entity(&id, false);
            editor.reveal(&id);
        }
    };
    let stated = stated_key(advice).map(|text| view! { <p data-testid="scale-stated">{say(text)}</p> });
    let problems: Vec<AnyView> =
        advice.problems.iter().map(|p| view! { <li>{say(p.message.clone())}</li> }.into_any()).collect();
    let key = advice.recommended_option().map(|o| key_section(m, o, advice, lang));
    view! {
        <section class="scale-collection" data-testid="scale-collection" data-entity=id>
            <h3>
                <button class="link" on:click=show>{shown_name(name)}</button>
                " "<span class="scale-tag">{say(tag)}</span>
            </h3>
            <p data-testid="scale-why">{say(why)}</p>
            {figures_table(f, t, lang)}
            {stated}
            {(!problems.is_empty()).then(|| view! { <ul class="scale-problems" data-testid="scale-problems">{problems}</ul> })}
            {key}
        </section>
    }
    .into_any()
}

/// The design's own key, when it states one other than the recommended.
fn stated_key(advice: &ShardAdvice) -> Option<Text> {
    let stated = advice.stated_option()?;
    if advice.stated == Some(advice.recommended) {
        return Some(text!(
            en: "The design states this key.",
            es: "El diseño indica esta clave.",
            pt: "O design indica esta chave."
        ));
    }
    let key = key_doc(&stated.key);
    Some(if advice.stated_is_worse() {
        text!(
            en: "The design states {key}, which is weaker than the key recommended below.",
            es: "El diseño indica {key}, más débil que la clave recomendada abajo.",
            pt: "O design indica {key}, mais fraca que a chave recomendada abaixo.";
            key
        )
    } else {
        text!(
            en: "The design states {key}.",
            es: "El diseño indica {key}.",
            pt: "O design indica {key}.";
            key
        )
    })
}

/// One line of the figures: each figure as written, and whether it is past the limit.
struct Row {
    name: Text,
    now: (String, bool),
    horizon: (String, bool),
    /// What one replica set holds, as written ("—": no limit of its own).
    limit: String,
}

/// Documents, data, indexes, working set and writes, now and at the horizon, against what one
/// replica set holds; a figure past it says so in words.
fn figures_table(f: &ScaleFigures, t: &Thresholds, lang: Lang) -> impl IntoView {
    let over = text!(en: "over", es: "excede", pt: "excede").render(lang);
    let cap_data = t.replica_set_data_bytes as f64;
    let cap_writes = t.primary_writes_per_second as f64;
    let count = |x: f64| Arg::Count(x.round()).render(lang);
    let bytes = |x: f64| bytes_arg(x).render(lang);
    let rows = [
        Row {
            name: text!(en: "Documents", es: "Documentos", pt: "Documentos"),
            now: (count(f.documents_now), false),
            horizon: (count(f.documents_horizon), false),
            limit: "—".to_string(),
        },
        Row {
            name: text!(en: "Data", es: "Datos", pt: "Dados"),
            now: (bytes(f.data_now), f.data_now > cap_data),
            horizon: (bytes(f.data_horizon), f.data_horizon > cap_data),
            limit: bytes(cap_data),
        },
        Row {
            name: text!(en: "Indexes", es: "Índices", pt: "Índices"),
            now: (bytes(f.index_now), false),
            horizon: (bytes(f.index_horizon), false),
            limit: "—".to_string(),
        },
        Row {
            name: text!(en: "Working set", es: "Conjunto de trabajo", pt: "Conjunto de trabalho"),
            now: (bytes(f.working_set_now), f.working_set_now > f.ram_bytes),
            horizon: (bytes(f.working_set_horizon), f.working_set_horizon > f.ram_bytes),
            limit: text!(
                en: "{ram} (RAM of an {tier} node)",
                es: "{ram} (RAM de un nodo {tier})",
                pt: "{ram} (RAM de um nó {tier})";
                ram = bytes_arg(f.ram_bytes), tier = f.tier.as_str()
            )
            .render(lang),
        },
        Row {
            name: text!(en: "Writes a second (peak)", es: "Escrituras por segundo (pico)", pt: "Escritas por segundo (pico)"),
            now: (count(f.writes_per_second), f.writes_per_second > cap_writes),
            horizon: (count(f.writes_per_second), f.writes_per_second > cap_writes),
            limit: count(cap_writes),
        },
    ];
    let cell = |(value, past): (String, bool)| {
        view! {
            <td class:over=past>
                {value}
                {past.then(|| view! { " " <span class="over-tag">{over.clone()}</span> })}
            </td>
        }
    };
    let body: Vec<AnyView> = rows
        .into_iter()
        .map(|row| {
            view! {
                <tr>
                    <th scope="row">{row.name.render(lang)}</th>
                    {cell(row.now)}
                    {cell(row.horizon)}
                    <td>{row.limit}</td>
                </tr>
            }
            .into_any()
        })
        .collect();
    let caption = text!(
        en: "Now and at the horizon ({days}), against one replica set",
        es: "Ahora y en el horizonte ({days}), frente a un replica set",
        pt: "Agora e no horizonte ({days}), diante de um replica set";
        days = Arg::Days(f.horizon_days)
    );
    let heads = [
        text!(en: "Figure", es: "Cifra", pt: "Número"),
        text!(en: "Now", es: "Ahora", pt: "Agora"),
        text!(en: "At the horizon", es: "En el horizonte", pt: "No horizonte"),
        text!(en: "Limit", es: "Límite", pt: "Limite"),
    ];
    view! {
        <table class="scale-figures" data-testid="scale-figures">
            <caption>{caption.render(lang)}</caption>
            <thead><tr>{heads.into_iter().map(|h| view! { <th scope="col">{h.render(lang)}</th> }).collect_view()}</tr></thead>
            <tbody>{body}</tbody>
        </table>
    }
}

/// The recommended key, what it does, its six criteria and how each access pattern reaches
/// the shards under it.
fn key_section(m: &Model, o: &KeyOption, advice: &ShardAdvice, lang: Lang) -> impl IntoView {
    let say = |text: Text| shown_sentence(&text.render(lang));
    let notes: Vec<AnyView> = [bucket_note(o), unique_note(o), zones_note(advice.zones.as_ref())]
        .into_iter()
        .filter(|n| !n.is_empty())
        .map(|n| view! { <p class="hint">{say(n)}</p> }.into_any())
        .collect();
    let votes: Vec<AnyView> = advice
        .votes(o)
        .iter()
        .map(|v| {
            let criterion = v.criterion.title().render(lang);
            let line = match v.fit {
                Fit::Neutral => format!("{criterion}: {}", say(v.reason.clone())),
                fit => format!("{criterion}: {} — {}", fit.title().render(lang), say(v.reason.clone())),
            };
            view! { <li data-fit=format!("{:?}", v.fit).to_lowercase()>{line}</li> }.into_any()
        })
        .collect();
    let patterns: Vec<AnyView> = o
        .reaches
        .iter()
        .zip(&o.evidence.single_shard)
        .map(|(r, single)| {
            let (kind, label) = if *single >= 0.5 {
                ("targeted", text!(en: "Targeted: one shard", es: "Dirigido: un shard", pt: "Direcionado: um shard"))
            } else if r.reach == Reach::Broadcast {
                ("every", text!(en: "Every shard", es: "Todos los shards", pt: "Todos os shards"))
            } else {
                ("several", text!(en: "Several shards", es: "Varios shards", pt: "Vários shards"))
            };
            let share = text!(
                en: "{share} of its executions reach one shard",
                es: "el {share} de sus ejecuciones llega a un solo shard",
                pt: "{share} de suas execuções chegam a um só shard";
                share = Arg::Percent(*single)
            );
            let name = m.query(&r.query).map(|q| shown_name(&q.name)).unwrap_or_default();
            view! {
                <li data-testid="scale-pattern" data-reach=kind data-query=r.query.to_string()>
                    <span class=format!("reach-tag {kind}")>{label.render(lang)}</span>" "
                    <strong>{shown_name(r.query.as_str())}</strong>" "{name}" · "{say(share)}
                </li>
            }
            .into_any()
        })
        .collect();
    let heads = [
        text!(en: "Recommended shard key", es: "Clave de shard recomendada", pt: "Chave de shard recomendada"),
        text!(en: "Why this key", es: "Por qué esta clave", pt: "Por que esta chave"),
        text!(
            en: "Access patterns under this key",
            es: "Patrones de acceso con esta clave",
            pt: "Padrões de acesso com esta chave"
        ),
    ]
    .map(|h| h.render(lang));
    let [key_head, why_head, patterns_head] = heads;
    view! {
        <h4>{key_head}</h4>
        <p><code class="scale-key" data-testid="scale-key">{key_doc(&o.key)}</code></p>
        <p data-testid="scale-summary">{say(key_summary(o))}</p>
        {notes}
        <h4>{why_head}</h4>
        <ul class="scale-votes" data-testid="scale-votes">{votes}</ul>
        <h4>{patterns_head}</h4>
        <ul class="scale-patterns">{patterns}</ul>
    }
}
