//! The sentences of the scale advice that every output shares: when a collection outgrows one
//! replica set and why, and what a key does (the advisor's findings, the JSON report, the
//! Markdown report, the decision sheets, the app).

use super::criteria::{bytes_arg, key_doc};
use super::{KeyOption, Limit, ScaleFigures, ShardAdvice, Zones};
use crate::i18n::{Arg, Text};
use crate::model::{FieldRole, IndexSpec, Thresholds};
use crate::text;

/// "already", "in about 2 years", "by the horizon (5 years)".
pub fn when(f: &ScaleFigures) -> Text {
    match f.crossing_days {
        Some(d) if d <= 0.0 => text!(en: "already", es: "ya", pt: "já"),
        Some(d) => text!(
            en: "in about {days}",
            es: "en unos {days}",
            pt: "em cerca de {days}";
            days = Arg::Days(d.ceil().max(1.0) as u64)
        ),
        None => text!(
            en: "by the horizon ({days})",
            es: "antes del horizonte ({days})",
            pt: "até o horizonte ({days})";
            days = Arg::Days(f.horizon_days)
        ),
    }
}

/// What passes one replica set's capacity at the horizon, with the figures.
pub fn limit(f: &ScaleFigures, t: &Thresholds) -> Text {
    match f.limit {
        Some(Limit::Data) => text!(
            en: "{data} of documents at the horizon, over the {cap} one replica set holds",
            es: "{data} de documentos en el horizonte, más de los {cap} que guarda un replica set",
            pt: "{data} de documentos no horizonte, acima dos {cap} que um replica set guarda";
            data = bytes_arg(f.data_horizon), cap = bytes_arg(t.replica_set_data_bytes as f64)
        ),
        Some(Limit::WorkingSet) => text!(
            en: "a working set of {ws} at the horizon (indexes {idx} and {share} of the data), over the {ram} of RAM of an {tier} node",
            es: "un conjunto de trabajo de {ws} en el horizonte (índices {idx} y el {share} de los datos), más que los {ram} de RAM de un nodo {tier}",
            pt: "um conjunto de trabalho de {ws} no horizonte (índices {idx} e {share} dos dados), acima dos {ram} de RAM de um nó {tier}";
            ws = bytes_arg(f.working_set_horizon), idx = bytes_arg(f.index_horizon),
            share = Arg::Percent(t.working_set_share), ram = bytes_arg(f.ram_bytes), tier = f.tier.as_str()
        ),
        Some(Limit::Writes) => text!(
            en: "{w} writes a second, over the {p} one primary takes",
            es: "{w} escrituras por segundo, más de las {p} que acepta un primario",
            pt: "{w} escritas por segundo, acima das {p} que um primário aceita";
            w = Arg::Count(f.writes_per_second.round()), p = Arg::Count(t.primary_writes_per_second as f64)
        ),
        None => text!(
            en: "{data} of documents and a working set of {ws} at the horizon: one replica set holds it",
            es: "{data} de documentos y un conjunto de trabajo de {ws} en el horizonte: cabe en un replica set",
            pt: "{data} de documentos e um conjunto de trabalho de {ws} no horizonte: cabe em um replica set";
            data = bytes_arg(f.data_horizon), ws = bytes_arg(f.working_set_horizon)
        ),
    }
}

/// "Shard on { customer_id: 1, _id: 1 }: 95% of the executions reach one shard; Q2 goes to
/// every shard."
pub fn key_summary(o: &KeyOption) -> Text {
    let everywhere: Vec<&str> = o.everywhere().map(|r| r.query.as_str()).collect();
    let share = Arg::Percent(o.standing.targeted);
    let key = key_doc(&o.key);
    if everywhere.is_empty() {
        text!(
            en: "{key}: {share} of the executions reach one shard",
            es: "{key}: el {share} de las ejecuciones llega a un solo shard",
            pt: "{key}: {share} das execuções chegam a um só shard";
            key, share
        )
    } else if let [pattern] = everywhere.as_slice() {
        text!(
            en: "{key}: {share} of the executions reach one shard; {pattern} goes to several or every shard",
            es: "{key}: el {share} de las ejecuciones llega a un solo shard; {pattern} va a varios o a todos los shards",
            pt: "{key}: {share} das execuções chegam a um só shard; {pattern} vai a vários ou a todos os shards";
            key, share, pattern = Arg::str(pattern)
        )
    } else {
        text!(
            en: "{key}: {share} of the executions reach one shard; {patterns} go to several or every shard",
            es: "{key}: el {share} de las ejecuciones llega a un solo shard; {patterns} van a varios o a todos los shards",
            pt: "{key}: {share} das execuções chegam a um só shard; {patterns} vão a vários ou a todos os shards";
            key, share, patterns = Arg::list(&everywhere)
        )
    }
}

/// The unique indexes a key forces to start with it (empty text when none).
pub fn unique_note(o: &KeyOption) -> Text {
    if o.unique_indexes.is_empty() {
        return Text::empty();
    }
    let list: Vec<String> = o.unique_indexes.iter().map(IndexSpec::key_doc).collect();
    text!(
        en: "the unique indexes {list} would have to start with {key} (\"Shard Key Indexes\"), or their uniqueness moves to the application",
        es: "los índices únicos {list} tendrían que empezar por {key} (\"Shard Key Indexes\"), o su unicidad pasa a la aplicación",
        pt: "os índices únicos {list} teriam de começar por {key} (\"Shard Key Indexes\"), ou sua unicidade passa para a aplicação";
        list = Arg::list(&list), key = key_doc(&o.key)
    )
}

/// The zones the design allows (empty text when none).
pub fn zones_note(z: Option<&Zones>) -> Text {
    let Some(z) = z else { return Text::empty() };
    match (z.role, z.key_starts_with_it) {
        (FieldRole::Region, _) => text!(
            en: "zones: the key starts with {field}, so each region's range can be pinned to shards in that region (sh.addShardToZone, sh.updateZoneKeyRange)",
            es: "zonas: la clave empieza por {field}, así que el rango de cada región se puede fijar a shards de esa región (sh.addShardToZone, sh.updateZoneKeyRange)",
            pt: "zonas: a chave começa por {field}, então o intervalo de cada região pode ser fixado em shards dessa região (sh.addShardToZone, sh.updateZoneKeyRange)";
            field = z.field.as_str()
        ),
        (FieldRole::Tenant, true) => text!(
            en: "zones: the key starts with {field}, so a large tenant's range can be pinned to shards of its own (sh.addShardToZone, sh.updateZoneKeyRange)",
            es: "zonas: la clave empieza por {field}, así que el rango de un cliente grande se puede fijar a shards propios (sh.addShardToZone, sh.updateZoneKeyRange)",
            pt: "zonas: a chave começa por {field}, então o intervalo de um cliente grande pode ser fixado em shards próprios (sh.addShardToZone, sh.updateZoneKeyRange)";
            field = z.field.as_str()
        ),
        (FieldRole::Tenant, false) => text!(
            en: "zones per tenant would need a key starting with {field}",
            es: "las zonas por cliente necesitarían una clave que empiece por {field}",
            pt: "zonas por cliente precisariam de uma chave que comece por {field}";
            field = z.field.as_str()
        ),
    }
}

/// The note on a bucket's `_id` as the key (empty text when it is not one).
pub fn bucket_note(o: &KeyOption) -> Text {
    if !o.bucket_id {
        return Text::empty();
    }
    text!(
        en: "the buckets' _id starts with their owner's id: unique, it grows per owner rather than as one sequence, and every read and write of a bucket names it",
        es: "el _id de los contenedores empieza por el id de su dueño: único, crece por dueño y no como una sola secuencia, y cada lectura y escritura de un contenedor lo nombra",
        pt: "o _id dos buckets começa pelo id do dono: único, cresce por dono e não como uma só sequência, e cada leitura e escrita de um bucket o nomeia"
    )
}

/// The advice in one sentence: the key and what it does, the unique indexes, the zones.
pub fn advice_summary(a: &ShardAdvice) -> Text {
    let Some(o) = a.recommended_option() else { return Text::empty() };
    let notes: Vec<Text> = [key_summary(o), bucket_note(o), unique_note(o), zones_note(a.zones.as_ref())]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect();
    join(notes)
}

/// Sentences joined with "; ".
fn join(parts: Vec<Text>) -> Text {
    let mut it = parts.into_iter();
    let Some(first) = it.next() else { return Text::empty() };
    it.fold(first, |acc, next| text!(en: "{a}; {b}", es: "{a}; {b}", pt: "{a}; {b}"; a = acc, b = next))
}
