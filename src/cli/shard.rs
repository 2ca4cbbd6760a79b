//! `docshape shard MODEL.json [--shards N] [--format text|json]`: the shard key advice checked
//! by placing generated documents on N shards (`docshape::simulation`).

use crate::args::{emit, lang, read_model, LANGUAGES};
use clap::{ValueEnum, ValueHint};
use docshape::advisor::scale::{balance_arg, bytes_arg, key_doc, KeyOption, Reach, ShardAdvice};
use docshape::i18n::{pick, Arg, Lang, Template, Text};
use docshape::simulation::{check_shards, simulate, KeyRun, Options, Simulation};
use docshape::text;
use serde_json::{json, Value};
use std::process::ExitCode;

/// Checks the shard keys by simulation: each collection that outgrows one replica set (or
/// states a shardKey) is generated with the model's distributions, placed on N shards by each
/// key judged, and measured: the balance of data and of inserts (largest shard / average), the
/// largest chunk, and the share of each access pattern's executions that reach one shard.
/// Where the measurement contradicts the advisor's estimate, the advice changes, and says so.
///
/// No MongoDB server is involved: the hash of a hashed key is a stand-in for MongoDB's (see
/// docs/sharding.md). Exit 0, or 2 when the model cannot be simulated (a stated key on a field
/// the collection lacks or on an array, an unknown collection, N out of 1–1,024).
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// Shards to place the documents on, 1 to 1,024 (default: as many as the collection needs
    /// at the horizon).
    #[arg(long, value_name = "N", value_parser = shards)]
    shards: Option<u32>,
    /// One collection, by name (default: every collection with shard key advice).
    #[arg(long, value_name = "NAME")]
    collection: Option<String>,
    /// Documents to generate per collection (default: 16 per 128 MiB chunk of the data at
    /// the horizon, from 100,000 to 1,000,000).
    #[arg(long, value_name = "S", value_parser = whole_number)]
    sample: Option<u64>,
    /// The seed of the generator.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
    /// text for people, json for scripts.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The language of the reasons.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

/// `--shards`: a whole number from 1 to 1,024.
fn shards(text: &str) -> Result<u32, String> {
    let n: u32 = text.replace('_', "").parse().map_err(|_| format!("\"{text}\" is not a whole number of shards"))?;
    check_shards(n).map_err(|e| e.trim_start_matches(&format!("--shards {n}: ")).to_string())
}

/// A count, with `_` allowed between digits; at least 1.
fn whole_number(text: &str) -> Result<u64, String> {
    match text.replace('_', "").parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("a whole number of at least 1 is needed".to_string()),
    }
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, shards, collection, sample, seed, format, lang } = args;
    let model = read_model(&path)?;
    let started = std::time::Instant::now();
    let options = Options { shards, sample, seed, collection };
    let sims = simulate(&model, &options).map_err(|e| format!("{path}: {e}"))?;
    let elapsed = started.elapsed().as_secs_f64();
    match format {
        Format::Json => {
            let mut text = serde_json::to_string_pretty(&json_of(&sims, lang)).map_err(|e| e.to_string())?;
            text.push('\n');
            emit(&text)?;
        }
        Format::Text => {
            if sims.is_empty() {
                emit(pick(
                    lang,
                    [
                        "No collection outgrows one replica set by the horizon, and none states a shardKey: nothing to simulate.\n",
                        "Ninguna colección supera un replica set antes del horizonte ni declara un shardKey: no hay nada que simular.\n",
                        "Nenhuma coleção supera um replica set até o horizonte nem declara um shardKey: não há nada a simular.\n",
                    ],
                ))?;
            }
            for s in &sims {
                emit(&human(s, lang))?;
            }
            eprintln!("docshape: simulated in {elapsed:.1} s");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A figure alone, in the conventions of `lang` (`1.04` / `1,04`).
fn figure(a: Arg, lang: Lang) -> String {
    static ALONE: Template = Template { forms: ["{a}", "{a}", "{a}"], names: &["a"] };
    Text::new(&ALONE, [a]).render(lang)
}

/// A key's line label: `*` for the recommendation, `=` for the stated key.
fn mark(a: &ShardAdvice, i: usize) -> &'static str {
    match (a.recommended == i, a.stated == Some(i)) {
        (true, true) => "*=",
        (true, false) => "* ",
        (false, true) => " =",
        (false, false) => "  ",
    }
}

fn human(s: &Simulation, lang: Lang) -> String {
    let f = &s.scale.figures;
    let t_docs = text!(
        en: "{name}: {docs} documents, {data} at the horizon; simulated on {n} shards with {sample} generated documents (each stands for {w})\n",
        es: "{name}: {docs} documentos, {data} en el horizonte; simulado en {n} shards con {sample} documentos generados (cada uno vale por {w})\n",
        pt: "{name}: {docs} documentos, {data} no horizonte; simulado em {n} shards com {sample} documentos gerados (cada um vale por {w})\n";
        name = s.collection.as_str(), docs = Arg::Count(f.documents_horizon.round()), data = bytes_arg(f.data_horizon),
        n = Arg::Count(f64::from(s.shards)), sample = Arg::Count(s.sample as f64), w = Arg::Count(s.weight.round())
    );
    let mut out = t_docs.render(lang);
    out.push_str(pick(
        lang,
        [
            "   key: data balance / insert balance (largest shard ÷ average) · chunks · largest chunk · jumbo · executions on one shard\n",
            "   clave: equilibrio de datos / de inserciones (shard mayor ÷ media) · chunks · chunk mayor · jumbo · ejecuciones en un shard\n",
            "   chave: equilíbrio de dados / de inserções (maior shard ÷ média) · chunks · maior chunk · jumbo · execuções em um shard\n",
        ],
    ));
    for (i, o) in s.simulated.options.iter().enumerate() {
        let Some(run) = s.run_of(i) else { continue };
        out.push_str(&key_line(&s.simulated, i, o, run, lang));
    }
    out.push_str(&verdict(s, lang));
    out.push('\n');
    out
}

fn key_line(a: &ShardAdvice, i: usize, o: &KeyOption, run: &KeyRun, lang: Lang) -> String {
    let e = &run.evidence;
    let patterns: Vec<String> = o
        .reaches
        .iter()
        .zip(&e.single_shard)
        .map(|(r, share)| format!("{} {}", shown(r.query.as_str()), figure(Arg::Percent(*share), lang)))
        .collect();
    format!(
        "{} {}  {} / {} · {} · {} · {} · {}\n",
        mark(a, i),
        shown(&key_doc(&o.key)),
        figure(balance_arg(e.data_balance), lang),
        figure(balance_arg(e.insert_balance), lang),
        figure(Arg::Count(run.chunks as f64), lang),
        figure(bytes_arg(run.largest_chunk_bytes), lang),
        run.jumbo_chunks,
        patterns.join(", ")
    )
}

fn verdict(s: &Simulation, lang: Lang) -> String {
    let (Some(before), Some(after)) = (s.estimated.recommended_option(), s.simulated.recommended_option()) else {
        return String::new();
    };
    let t = if s.changed() {
        let why: Vec<String> = s
            .simulated
            .votes(after)
            .iter()
            .zip(&before.fits)
            .filter(|(a, b)| a.fit != **b)
            .map(|(a, _)| a.reason.render(lang))
            .collect();
        let lost: Vec<String> = s
            .simulated
            .options
            .get(s.estimated.recommended)
            .map(|o| {
                s.simulated
                    .votes(o)
                    .iter()
                    .filter(|v| v.fit == docshape::advisor::scale::Fit::Poor)
                    .map(|v| v.reason.render(lang))
                    .collect()
            })
            .unwrap_or_default();
        let mut reasons = lost;
        reasons.extend(why);
        text!(
            en: "The simulation changes the advice: {before} (estimated) → {after}. {reasons}",
            es: "La simulación cambia el consejo: {before} (estimada) → {after}. {reasons}",
            pt: "A simulação muda o conselho: {before} (estimada) → {after}. {reasons}";
            before = key_doc(&before.key), after = key_doc(&after.key), reasons = reasons.join("; ")
        )
    } else {
        text!(
            en: "The simulation confirms the advice: shard on {key}.",
            es: "La simulación confirma el consejo: fragmentar por {key}.",
            pt: "A simulação confirma o conselho: fragmentar por {key}.";
            key = key_doc(&after.key)
        )
    };
    let mut out = shown(&t.render(lang));
    out.push('\n');
    if let (Some(stated), true) = (s.simulated.stated_option(), s.simulated.stated_is_worse()) {
        let worse = text!(
            en: "The stated key {key} is worse than the recommended one.",
            es: "La clave declarada {key} es peor que la recomendada.",
            pt: "A chave declarada {key} é pior que a recomendada.";
            key = key_doc(&stated.key)
        );
        out.push_str(&shown(&worse.render(lang)));
        out.push('\n');
    }
    out
}

/// A model string as the terminal shows it (controls and line breaks made visible).
fn shown(s: &str) -> String {
    docshape::escape::hazard::visible(s).into_owned()
}

fn reach_id(r: Reach) -> &'static str {
    match r {
        Reach::Targeted => "targeted",
        Reach::Range => "range",
        Reach::Broadcast => "broadcast",
    }
}

/// The JSON of the simulations (documented in docs/sharding.md).
fn json_of(sims: &[Simulation], lang: Lang) -> Value {
    let collections: Vec<Value> = sims
        .iter()
        .map(|s| {
            let f = &s.scale.figures;
            let keys: Vec<Value> = s
                .simulated
                .options
                .iter()
                .enumerate()
                .filter_map(|(i, o)| {
                    let run = s.run_of(i)?;
                    let estimated = s.estimated.options.get(i)?;
                    let patterns: Vec<Value> = o
                        .reaches
                        .iter()
                        .zip(&run.evidence.single_shard)
                        .zip(&estimated.evidence.single_shard)
                        .map(|((r, sim), est)| {
                            json!({
                                "query": r.query.as_str(),
                                "reach": reach_id(r.reach),
                                "perMinute": r.per_minute,
                                "write": r.write,
                                "singleShard": sim,
                                "estimatedSingleShard": est,
                            })
                        })
                        .collect();
                    let votes: Vec<Value> = s
                        .simulated
                        .votes(o)
                        .iter()
                        .map(|v| json!({ "criterion": v.criterion, "fit": v.fit, "reason": v.reason.render(lang) }))
                        .collect();
                    Some(json!({
                        "key": o.key,
                        "keyDoc": key_doc(&o.key),
                        "recommended": s.simulated.recommended == i,
                        "estimatedRecommended": s.estimated.recommended == i,
                        "stated": s.simulated.stated == Some(i),
                        "dataBalance": run.evidence.data_balance,
                        "insertBalance": run.evidence.insert_balance,
                        "estimatedDataBalance": estimated.evidence.data_balance,
                        "estimatedInsertBalance": estimated.evidence.insert_balance,
                        "chunks": run.chunks,
                        "largestChunkBytes": run.largest_chunk_bytes,
                        "jumboChunks": run.jumbo_chunks,
                        "largestValueBytes": run.evidence.largest_value_bytes,
                        "shardBytes": run.shard_bytes,
                        "patterns": patterns,
                        "criteria": votes,
                    }))
                })
                .collect();
            json!({
                "entity": s.entity,
                "collection": s.collection,
                "shards": s.shards,
                "sample": s.sample,
                "documentsPerSample": s.weight,
                "documentsHorizon": f.documents_horizon,
                "dataBytesHorizon": f.data_horizon,
                "changed": s.changed(),
                "keys": keys,
            })
        })
        .collect();
    json!({ "simulationVersion": 1, "lang": lang.code(), "collections": collections })
}
