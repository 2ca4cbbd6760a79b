//! The six criteria a shard key is judged by, in the style of the six criteria of
//! embedding: each a fit with a reason that carries the figures ("Choose a Shard Key": its
//! cardinality, the frequency of its values, whether it grows monotonically, and the query
//! patterns it targets; "Hashed Sharding", "Ranged Sharding"). The same judgement reads an
//! estimated or a simulated [`Evidence`], so `docshape shard` changes the advice exactly where
//! its measurement differs from the estimate.

use super::evidence::{prefix_classes, Evidence};
use super::fields::FieldFacts;
use super::reach::PatternReach;
use crate::i18n::{Arg, Text};
use crate::model::{ShardKey, Thresholds};
use crate::text;
use serde::Serialize;

/// What a shard key is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum KeyCriterion {
    /// How many distinct values the key takes.
    Cardinality,
    /// How many documents its heaviest value holds (a chunk of one value cannot split).
    Frequency,
    /// Whether new documents' values grow past the stored ones (one hot shard).
    Growth,
    /// The share of reads that reach one shard.
    Reads,
    /// The share of writes that reach one shard.
    Writes,
    /// The largest shard against the average, with data and with inserts.
    Balance,
}

impl KeyCriterion {
    pub const ALL: [KeyCriterion; 6] = [
        KeyCriterion::Cardinality,
        KeyCriterion::Frequency,
        KeyCriterion::Growth,
        KeyCriterion::Reads,
        KeyCriterion::Writes,
        KeyCriterion::Balance,
    ];

    /// The criterion's name in the reader's language.
    pub fn title(self) -> Text {
        match self {
            KeyCriterion::Cardinality => text!(en: "Cardinality", es: "Cardinalidad", pt: "Cardinalidade"),
            KeyCriterion::Frequency => text!(en: "Frequency", es: "Frecuencia", pt: "Frequência"),
            KeyCriterion::Growth => {
                text!(en: "Monotonic growth", es: "Crecimiento monótono", pt: "Crescimento monotônico")
            }
            KeyCriterion::Reads => text!(en: "Reads targeted", es: "Lecturas dirigidas", pt: "Leituras direcionadas"),
            KeyCriterion::Writes => {
                text!(en: "Writes targeted", es: "Escrituras dirigidas", pt: "Escritas direcionadas")
            }
            KeyCriterion::Balance => text!(en: "Balance", es: "Equilibrio", pt: "Equilíbrio"),
        }
    }
}

/// How well a key meets a criterion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Fit {
    Good,
    /// Works, with a cost the reason names.
    Weak,
    /// Fails the criterion.
    Poor,
    /// Nothing to judge (no reads, say).
    Neutral,
}

impl Fit {
    pub fn title(self) -> Text {
        match self {
            Fit::Good => text!(en: "good", es: "bien", pt: "bom"),
            Fit::Weak => text!(en: "weak", es: "débil", pt: "fraco"),
            Fit::Poor => text!(en: "poor", es: "mal", pt: "ruim"),
            Fit::Neutral => text!(en: "neutral", es: "neutro", pt: "neutro"),
        }
    }
}

/// One criterion's fit and its reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyVote {
    pub criterion: KeyCriterion,
    pub fit: Fit,
    pub reason: Text,
}

/// The key as mongosh writes it: `{ customer_id: 1, _id: "hashed" }`.
pub fn key_doc(key: &ShardKey) -> String {
    let mut doc = String::from("{ ");
    for (i, f) in key.fields.iter().enumerate() {
        if i > 0 {
            doc.push_str(", ");
        }
        crate::escape::js::push_key(&mut doc, &f.field);
        doc.push_str(if f.hashed { ": \"hashed\"" } else { ": 1" });
    }
    doc.push_str(" }");
    doc
}

/// What the judgement needs besides a key's evidence: the collection's figures at the horizon
/// and the thresholds the criteria read.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scale {
    pub documents: f64,
    pub data_bytes: f64,
    pub collection: String,
    /// MongoDB's chunk size (`thresholds.chunkBytes`, at least one byte).
    pub chunk_bytes: f64,
    /// The largest shard against the average that still counts as balanced
    /// (`thresholds.shardBalance`; 1.3 when it is not a figure of at least 1).
    pub balance_limit: f64,
}

impl Scale {
    pub(crate) fn new(documents: f64, data_bytes: f64, collection: &str, t: &Thresholds) -> Scale {
        let balance_limit = if t.shard_balance.is_finite() && t.shard_balance >= 1.0 { t.shard_balance } else { 1.3 };
        Scale {
            documents,
            data_bytes,
            collection: collection.to_string(),
            chunk_bytes: t.chunk_bytes.max(1) as f64,
            balance_limit,
        }
    }

    /// The chunks the collection's data makes at the horizon (at least one).
    fn chunks(&self) -> f64 {
        (self.data_bytes / self.chunk_bytes).ceil().max(1.0)
    }
}

/// The share of the executions (per minute) of the patterns `which` selects that reach one
/// shard; `None` when they never run.
pub fn targeted_share(
    reaches: &[PatternReach],
    evidence: &Evidence,
    which: impl Fn(&PatternReach) -> bool,
) -> Option<f64> {
    let (mut hit, mut all) = (0.0, 0.0);
    for (r, single) in reaches.iter().zip(&evidence.single_shard) {
        if which(r) {
            hit += r.per_minute * single;
            all += r.per_minute;
        }
    }
    (all > 0.0).then(|| hit / all)
}

/// A key's fit on each criterion, in [`KeyCriterion::ALL`]'s order: what its standing needs.
/// Every key judged gets its fits; only the keys a reader sees get their reasons ([`judge`]).
pub(crate) fn fits(
    key: &ShardKey,
    fields: &[FieldFacts],
    reaches: &[PatternReach],
    e: &Evidence,
    scale: &Scale,
) -> [Fit; 6] {
    KeyCriterion::ALL.map(|criterion| fit(criterion, key, fields, reaches, e, scale))
}

fn fit(
    criterion: KeyCriterion,
    key: &ShardKey,
    fields: &[FieldFacts],
    reaches: &[PatternReach],
    e: &Evidence,
    scale: &Scale,
) -> Fit {
    match criterion {
        KeyCriterion::Cardinality => cardinality_fit(fields, e, scale),
        KeyCriterion::Frequency => frequency_fit(e, scale),
        KeyCriterion::Growth => growth_fit(key, fields),
        KeyCriterion::Reads => targeting_fit(reaches, e, false),
        KeyCriterion::Writes => targeting_fit(reaches, e, true),
        KeyCriterion::Balance => balance_fit(e, scale),
    }
}

/// The six votes on a key (its `fields`, `hashed` as the key says) given its evidence: each
/// fit with the reason that carries its figures.
pub(crate) fn judge(
    key: &ShardKey,
    fields: &[FieldFacts],
    reaches: &[PatternReach],
    e: &Evidence,
    scale: &Scale,
) -> Vec<KeyVote> {
    KeyCriterion::ALL
        .into_iter()
        .map(|criterion| {
            let fit = fit(criterion, key, fields, reaches, e, scale);
            let reason = match criterion {
                KeyCriterion::Cardinality => cardinality(fit, key, fields, e, scale),
                KeyCriterion::Frequency => frequency(fit, e, scale),
                KeyCriterion::Growth => growth(key, fields),
                KeyCriterion::Reads => targeting(reaches, e, false, &scale.collection),
                KeyCriterion::Writes => targeting(reaches, e, true, &scale.collection),
                KeyCriterion::Balance => balance(fit, e, scale),
            };
            KeyVote { criterion, fit, reason }
        })
        .collect()
}

/// Poor below two values a shard, weak below one value a chunk (or when the design does
/// not say how many values the key takes), good from there.
fn cardinality_fit(fields: &[FieldFacts], e: &Evidence, scale: &Scale) -> Fit {
    let Some(distinct) = prefix_classes(fields, fields.len()).distinct(scale.documents) else { return Fit::Weak };
    if distinct < 2.0 * f64::from(e.shards.max(1)) {
        Fit::Poor
    } else if distinct < scale.chunks() {
        Fit::Weak
    } else {
        Fit::Good
    }
}

fn cardinality(fit: Fit, key: &ShardKey, fields: &[FieldFacts], e: &Evidence, scale: &Scale) -> Text {
    let Some(distinct) = prefix_classes(fields, fields.len()).distinct(scale.documents) else {
        let unknown: Vec<&str> = fields.iter().filter(|f| f.classes.is_unknown()).map(|f| f.path.as_str()).collect();
        return text!(
            en: "the design does not say how many values {fields} takes: an enum, a reference to a collection or a unique index would",
            es: "el diseño no dice cuántos valores toma {fields}: lo diría un enum, una referencia a una colección o un índice único",
            pt: "o design não diz quantos valores {fields} assume: um enum, uma referência a uma coleção ou um índice único diriam";
            fields = Arg::list(&unknown)
        );
    };
    let chunks = scale.chunks();
    let shards = f64::from(e.shards.max(1));
    let key = key_doc(key);
    match fit {
        Fit::Poor => text!(
            en: "only {k} distinct values of {key} for {n} shards: a value never splits, so the balancer cannot spread them",
            es: "solo {k} valores distintos de {key} para {n} shards: un valor no se divide, así que el balanceador no puede repartirlos",
            pt: "só {k} valores distintos de {key} para {n} shards: um valor nunca se divide, então o balanceador não consegue distribuí-los";
            k = Arg::Count(distinct.round()), key, n = Arg::Count(shards)
        ),
        Fit::Weak => text!(
            en: "{k} distinct values of {key}, fewer than the {chunks} chunks of {data}: each chunk holds whole values",
            es: "{k} valores distintos de {key}, menos que los {chunks} chunks de {data}: cada chunk guarda valores enteros",
            pt: "{k} valores distintos de {key}, menos que os {chunks} chunks de {data}: cada chunk guarda valores inteiros";
            k = Arg::Count(distinct.round()), key, chunks = Arg::Count(chunks), data = bytes_arg(scale.data_bytes)
        ),
        _ => text!(
            en: "{k} distinct values of {key}: enough for the {chunks} chunks of {data}",
            es: "{k} valores distintos de {key}: suficientes para los {chunks} chunks de {data}",
            pt: "{k} valores distintos de {key}: suficientes para os {chunks} chunks de {data}";
            k = Arg::Count(distinct.round()), key, chunks = Arg::Count(chunks), data = bytes_arg(scale.data_bytes)
        ),
    }
}

/// Poor when the heaviest value outweighs a chunk (a jumbo chunk), neutral when it is not
/// known.
fn frequency_fit(e: &Evidence, scale: &Scale) -> Fit {
    if e.largest_value_bytes <= 0.0 {
        Fit::Neutral
    } else if e.largest_value_bytes > scale.chunk_bytes {
        Fit::Poor
    } else {
        Fit::Good
    }
}

fn frequency(fit: Fit, e: &Evidence, scale: &Scale) -> Text {
    let chunk = scale.chunk_bytes;
    match fit {
        Fit::Neutral => text!(
            en: "how many documents share a value is not known",
            es: "no se sabe cuántos documentos comparten un valor",
            pt: "não se sabe quantos documentos compartilham um valor"
        ),
        Fit::Poor => text!(
            en: "the heaviest value holds {bytes}, more than a {chunk} chunk: a chunk of one value cannot split or move (jumbo)",
            es: "el valor más pesado guarda {bytes}, más que un chunk de {chunk}: un chunk de un solo valor no se divide ni se mueve (jumbo)",
            pt: "o valor mais pesado guarda {bytes}, mais que um chunk de {chunk}: um chunk de um só valor não se divide nem se move (jumbo)";
            bytes = bytes_arg(e.largest_value_bytes), chunk = bytes_arg(chunk)
        ),
        _ => text!(
            en: "the heaviest value holds {bytes}, under a {chunk} chunk",
            es: "el valor más pesado guarda {bytes}, menos que un chunk de {chunk}",
            pt: "o valor mais pesado guarda {bytes}, menos que um chunk de {chunk}";
            bytes = bytes_arg(e.largest_value_bytes), chunk = bytes_arg(chunk)
        ),
    }
}

/// The first field of the key grows with time and is not hashed: every insert goes to one
/// shard.
fn growth_fit(key: &ShardKey, fields: &[FieldFacts]) -> Fit {
    match fields.iter().zip(&key.fields).position(|(f, k)| f.monotonic && !k.hashed) {
        Some(0) => Fit::Poor,
        _ => Fit::Good,
    }
}

fn growth(key: &ShardKey, fields: &[FieldFacts]) -> Text {
    let monotonic = fields.iter().zip(&key.fields).position(|(f, k)| f.monotonic && !k.hashed);
    let hashed_monotonic = fields.iter().zip(&key.fields).find(|(f, k)| f.monotonic && k.hashed).map(|(f, _)| f);
    match monotonic {
        Some(0) => {
            let field = fields.first().map_or("", |f| f.path.as_str());
            text!(
                en: "{field} grows with time: every insert goes to the chunk of the highest values, on one shard",
                es: "{field} crece con el tiempo: cada inserción va al chunk de los valores más altos, en un solo shard",
                pt: "{field} cresce com o tempo: cada inserção vai para o chunk dos valores mais altos, em um só shard";
                field
            )
        }
        Some(j) => {
            let before: Vec<&str> = fields.iter().take(j).map(|f| f.path.as_str()).collect();
            text!(
                en: "new documents go to the end of the range of their {before}, not all to one shard",
                es: "los documentos nuevos van al final del rango de su {before}, no todos a un shard",
                pt: "os documentos novos vão para o fim do intervalo do seu {before}, não todos para um shard";
                before = Arg::list(&before)
            )
        }
        None => match hashed_monotonic {
            Some(f) => text!(
                en: "{field} grows with time, but hashed its values scatter over every shard",
                es: "{field} crece con el tiempo, pero con hash sus valores se reparten por todos los shards",
                pt: "{field} cresce com o tempo, mas com hash seus valores se espalham por todos os shards";
                field = f.path.as_str()
            ),
            None => text!(
                en: "its values do not grow with time: inserts spread as the data does",
                es: "sus valores no crecen con el tiempo: las inserciones se reparten como los datos",
                pt: "seus valores não crescem com o tempo: as inserções se distribuem como os dados"
            ),
        },
    }
}

/// Good from 90% of the executions (per minute) on one shard, weak from half, poor below;
/// neutral when no such pattern runs.
fn targeting_fit(reaches: &[PatternReach], e: &Evidence, writes: bool) -> Fit {
    match targeted_share(reaches, e, |r| r.write == writes) {
        None => Fit::Neutral,
        Some(share) if share >= 0.9 => Fit::Good,
        Some(share) if share >= 0.5 => Fit::Weak,
        Some(_) => Fit::Poor,
    }
}

fn targeting(reaches: &[PatternReach], e: &Evidence, writes: bool, collection: &str) -> Text {
    let Some(share) = targeted_share(reaches, e, |r| r.write == writes) else {
        return if writes {
            text!(en: "no writes to {collection}", es: "no hay escrituras en {collection}", pt: "não há escritas em {collection}"; collection)
        } else {
            text!(en: "no reads of {collection}", es: "no hay lecturas de {collection}", pt: "não há leituras de {collection}"; collection)
        };
    };
    let everywhere: Vec<Arg> = reaches
        .iter()
        .zip(&e.single_shard)
        .filter(|(r, s)| r.write == writes && **s < 0.5)
        .map(|(r, _)| Arg::from(&r.query))
        .collect();
    // One pattern "goes", several "go".
    let one = everywhere.len() == 1;
    match (writes, everywhere.is_empty()) {
        (false, false) if one => text!(
            en: "{share} of the reads reach one shard; {pattern} goes to several",
            es: "el {share} de las lecturas llega a un solo shard; {pattern} va a varios",
            pt: "{share} das leituras chegam a um só shard; {pattern} vai a vários";
            share = Arg::Percent(share), pattern = Arg::List(everywhere)
        ),
        (true, false) if one => text!(
            en: "{share} of the writes reach one shard; {pattern} goes to several",
            es: "el {share} de las escrituras llega a un solo shard; {pattern} va a varios",
            pt: "{share} das escritas chegam a um só shard; {pattern} vai a vários";
            share = Arg::Percent(share), pattern = Arg::List(everywhere)
        ),
        (false, true) => text!(
            en: "{share} of the reads reach one shard",
            es: "el {share} de las lecturas llega a un solo shard",
            pt: "{share} das leituras chegam a um só shard";
            share = Arg::Percent(share)
        ),
        (false, false) => text!(
            en: "{share} of the reads reach one shard; {patterns} go to several",
            es: "el {share} de las lecturas llega a un solo shard; {patterns} van a varios",
            pt: "{share} das leituras chegam a um só shard; {patterns} vão a vários";
            share = Arg::Percent(share), patterns = Arg::List(everywhere)
        ),
        (true, true) => text!(
            en: "{share} of the writes reach one shard",
            es: "el {share} de las escrituras llega a un solo shard",
            pt: "{share} das escritas chegam a um só shard";
            share = Arg::Percent(share)
        ),
        (true, false) => text!(
            en: "{share} of the writes reach one shard; {patterns} go to several",
            es: "el {share} de las escrituras llega a un solo shard; {patterns} van a varios",
            pt: "{share} das escritas chegam a um só shard; {patterns} vão a vários";
            share = Arg::Percent(share), patterns = Arg::List(everywhere)
        ),
    }
}

/// Bytes for the scale advice: GB and TB for a collection's figures, a chunk size in MiB as
/// MongoDB states it (`128 MiB`), else as every other size. The figure has one decimal at
/// most, with a decimal comma in Spanish and Portuguese.
pub fn bytes_arg(b: f64) -> Arg {
    const MIB: f64 = 1024.0 * 1024.0;
    // Tenths as a whole number: integers format without the float formatter's work.
    let unit = |x: f64, unit: &str| {
        let tenths = (x * 10.0).round().min(1e18) as u64;
        let text = match tenths % 10 {
            0 => format!("{} {unit}", tenths / 10),
            d => format!("{}.{d} {unit}", tenths / 10),
        };
        crate::advisor::rules::local_figures::decimal(text)
    };
    if b >= 1e12 {
        unit(b / 1e12, "TB")
    } else if b >= 1e9 {
        unit(b / 1e9, "GB")
    } else if b >= MIB && (b / MIB).fract() == 0.0 && (b / MIB) >= 32.0 {
        unit(b / MIB, "MiB")
    } else {
        Arg::Bytes(b)
    }
}

/// A balance as a short figure (`1.04`).
pub fn balance_arg(b: f64) -> Arg {
    Arg::Count((b * 100.0).round() / 100.0)
}

/// Good when the fuller of the largest shard's data and inserts stays within the limit.
fn balance_fit(e: &Evidence, scale: &Scale) -> Fit {
    if e.balance() <= scale.balance_limit {
        Fit::Good
    } else {
        Fit::Poor
    }
}

fn balance(fit: Fit, e: &Evidence, scale: &Scale) -> Text {
    let limit = scale.balance_limit;
    match (e.simulated, fit) {
        (false, Fit::Good) => text!(
            en: "estimated on {n} shards: the largest holds {data}× the average of the data and {inserts}× of the inserts (at most {limit})",
            es: "estimado en {n} shards: el mayor guarda {data}× la media de los datos y {inserts}× de las inserciones (como mucho {limit})",
            pt: "estimado em {n} shards: o maior guarda {data}× a média dos dados e {inserts}× das inserções (no máximo {limit})";
            n = Arg::Count(f64::from(e.shards)), data = balance_arg(e.data_balance), inserts = balance_arg(e.insert_balance), limit = balance_arg(limit)
        ),
        (false, _) => text!(
            en: "estimated on {n} shards: the largest holds {data}× the average of the data and {inserts}× of the inserts, over {limit}",
            es: "estimado en {n} shards: el mayor guarda {data}× la media de los datos y {inserts}× de las inserciones, más de {limit}",
            pt: "estimado em {n} shards: o maior guarda {data}× a média dos dados e {inserts}× das inserções, acima de {limit}";
            n = Arg::Count(f64::from(e.shards)), data = balance_arg(e.data_balance), inserts = balance_arg(e.insert_balance), limit = balance_arg(limit)
        ),
        (true, Fit::Good) => text!(
            en: "simulated on {n} shards: the largest holds {data}× the average of the data and {inserts}× of the inserts (at most {limit})",
            es: "simulado en {n} shards: el mayor guarda {data}× la media de los datos y {inserts}× de las inserciones (como mucho {limit})",
            pt: "simulado em {n} shards: o maior guarda {data}× a média dos dados e {inserts}× das inserções (no máximo {limit})";
            n = Arg::Count(f64::from(e.shards)), data = balance_arg(e.data_balance), inserts = balance_arg(e.insert_balance), limit = balance_arg(limit)
        ),
        (true, _) => text!(
            en: "simulated on {n} shards: the largest holds {data}× the average of the data and {inserts}× of the inserts, over {limit}",
            es: "simulado en {n} shards: el mayor guarda {data}× la media de los datos y {inserts}× de las inserciones, más de {limit}",
            pt: "simulado em {n} shards: o maior guarda {data}× a média dos dados e {inserts}× das inserções, acima de {limit}";
            n = Arg::Count(f64::from(e.shards)), data = balance_arg(e.data_balance), inserts = balance_arg(e.insert_balance), limit = balance_arg(limit)
        ),
    }
}

/// A key's standing: whether it passes the criteria a key cannot do without (cardinality,
/// frequency, growth and balance: none poor), and the share of every execution it sends to
/// one shard.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Standing {
    pub poor: usize,
    pub weak: usize,
    pub targeted: f64,
    pub fields: usize,
}

impl Standing {
    pub fn of(fits: &[Fit; 6], reaches: &[PatternReach], evidence: &Evidence, fields: usize) -> Standing {
        let blocking =
            [KeyCriterion::Cardinality, KeyCriterion::Frequency, KeyCriterion::Growth, KeyCriterion::Balance];
        let judged = || KeyCriterion::ALL.into_iter().zip(fits.iter().copied());
        Standing {
            poor: judged().filter(|(c, f)| *f == Fit::Poor && blocking.contains(c)).count(),
            weak: judged().filter(|(_, f)| *f == Fit::Weak).count(),
            targeted: targeted_share(reaches, evidence, |_| true).unwrap_or(0.0),
            fields,
        }
    }

    /// Whether this key is better than `other`: fewer poor blocking criteria, then more
    /// executions on one shard, then fewer weak criteria, then fewer fields.
    pub fn better_than(&self, other: &Standing) -> bool {
        if self.poor != other.poor {
            return self.poor < other.poor;
        }
        if (self.targeted - other.targeted).abs() > 1e-9 {
            return self.targeted > other.targeted;
        }
        if self.weak != other.weak {
            return self.weak < other.weak;
        }
        self.fields < other.fields
    }
}

/// The best of the keys (the first of equals), by [`Standing::better_than`].
pub fn choose(standings: &[Standing]) -> usize {
    let mut best = 0;
    for (i, s) in standings.iter().enumerate().skip(1) {
        if let Some(b) = standings.get(best) {
            if s.better_than(b) {
                best = i;
            }
        }
    }
    best
}
