//! Which findings matter most for this design, and which are routine.
//!
//! The report keeps its findings by severity and code (one run per rule). What a person or a
//! script reads first is [`Report::ranked`]: the same findings ordered by severity, then by
//! their impact on this design, with the routine ones (a missing validator or schema-version
//! field on every collection of a fresh design) folded into one [`Group`] per code that lists
//! its places. The CLI, the JSON report and the advisor panel all read this order.
//!
//! Impact, in order of weight:
//! 1. the rule's [`Tier`]: a risk of failure or wrong data (a document past the 16 MiB limit,
//!    unbounded growth, a write spanning aggregates with no transaction, a decision taken on a
//!    stale copy) before a cost under load (a query no index serves, `$lookup`-stitched reads,
//!    bloated documents), before a pattern that fits, before routine hygiene;
//! 2. the size level of the collection the finding concerns (over the limit first);
//! 3. the load it sits under: the executions per minute of the access patterns it concerns
//!    (the pattern itself, or every pattern that reads or writes the collection or either side
//!    of the relation), where the model gives frequencies.
//!
//! Ties keep the report's order (code, then the rule's own order), so the ranking is stable.
//!
//! One link between findings weighs too: a storage change the criteria recommend (DS102) that
//! embeds the aggregates a write spans (DS106, which names that embedding as its first fix)
//! ranks with that write's risk, just before it, so the fix is read with the problem it solves.

use super::{Finding, Report, Severity, SizeLevel};
use crate::i18n::{Arg, Lang, Text};
use crate::keyed::HashMap;
use crate::model::{Model, Place, PlaceLabels};
use crate::text;
use std::cmp::Ordering;

/// How much a rule's findings matter, before the figures of the design weigh in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Hygiene every collection should have; grouped per code when it repeats.
    Routine,
    /// A design pattern that fits, or a rough edge of one in use.
    Advice,
    /// A cost paid under load: reads no index serves, joins, bloated or tiny documents.
    Cost,
    /// Writes that will fail, unbounded growth, non-atomic spanning writes, stale decisions,
    /// references that never match their `_id`, a TTL that deletes whole documents or never
    /// deletes any.
    Risk,
}

impl Tier {
    /// The tier of rule `code`: a pattern rule (DS5xx) gives advice; other codes this table
    /// does not list are a cost.
    pub fn of(code: &str) -> Tier {
        match code {
            "DS001" | "DS101" | "DS103" | "DS104" | "DS106" | "DS108" | "DS202" | "DS203" | "DS206" | "DS314"
            | "DS315" | "DS316" => Tier::Risk,
            "DS401" | "DS402" | "DS403" | "DS313" => Tier::Routine,
            "DS107" | "DS307" => Tier::Advice,
            _ if code.starts_with("DS5") => Tier::Advice,
            _ => Tier::Cost,
        }
    }

    /// Its stable id in the JSON report.
    pub fn id(self) -> &'static str {
        match self {
            Tier::Routine => "routine",
            Tier::Advice => "advice",
            Tier::Cost => "cost",
            Tier::Risk => "risk",
        }
    }
}

/// What a finding's place weighs in this design.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Impact {
    pub tier: Tier,
    /// The worst horizon size level of the collections it concerns (`Fine` when none).
    pub size: SizeLevel,
    /// Executions per minute of the access patterns it concerns (0 when none or unknown).
    pub per_minute: f64,
}

impl Impact {
    /// Greater is more important.
    fn cmp_weight(&self, other: &Impact) -> Ordering {
        (self.tier, self.size).cmp(&(other.tier, other.size)).then(self.per_minute.total_cmp(&other.per_minute))
    }
}

/// A routine finding repeated on several places: one entry for the code.
#[derive(Debug, Clone)]
pub struct Group<'r> {
    /// The findings, most important first (at least two).
    pub findings: Vec<&'r Finding>,
}

/// One entry of the ranked findings: a finding alone, or a group of routine ones.
#[derive(Debug, Clone)]
pub enum Entry<'r> {
    Single(&'r Finding),
    Group(Group<'r>),
}

/// An entry with its impact: what [`rank`] returns.
#[derive(Debug, Clone)]
pub struct Ranked<'r> {
    pub entry: Entry<'r>,
    /// The impact of the entry (of its most important finding, for a group).
    pub impact: Impact,
}

impl<'r> Entry<'r> {
    /// The findings of the entry: one, or the group's.
    pub fn findings(&self) -> &[&'r Finding] {
        match self {
            Entry::Single(f) => std::slice::from_ref(f),
            Entry::Group(g) => &g.findings,
        }
    }

    /// The first (most important) finding: its code, rule and severity are the entry's.
    pub fn first(&self) -> &'r Finding {
        match self {
            Entry::Single(f) => f,
            Entry::Group(g) => g.findings[0],
        }
    }
}

impl Group<'_> {
    /// "no $jsonSchema validator, on 3 places: catalogo, resenas and actividad", in the
    /// reader's language: the line says what is wrong before it is opened.
    pub fn title(&self, model: &Model) -> Text {
        // One table of names for the whole group: a group can list every collection.
        let labels = PlaceLabels::new(model);
        let places: Vec<String> = self.findings.iter().map(|f| labels.label(&f.place, Lang::En)).collect();
        let code = self.findings.first().map_or("", |f| f.code);
        text!(
            en: "{problem}, on {count} places: {places}",
            es: "{problem}, en {count} lugares: {places}",
            pt: "{problem}, em {count} lugares: {places}";
            problem = routine_problem(code),
            count = self.findings.len(),
            places = Arg::list(&places)
        )
    }
}

/// What a routine rule finds wrong, said once for all its places (a group's line).
fn routine_problem(code: &str) -> Text {
    match code {
        "DS401" => text!(
            en: "no $jsonSchema validator",
            es: "sin validador $jsonSchema",
            pt: "sem validador $jsonSchema"
        ),
        "DS402" => text!(
            en: "no schema version field in the documents",
            es: "sin campo de versión de esquema en los documentos",
            pt: "sem campo de versão de esquema nos documentos"
        ),
        "DS403" => text!(
            en: "a strict validator over documents already written",
            es: "un validador estricto sobre documentos ya escritos",
            pt: "um validador estrito sobre documentos já gravados"
        ),
        _ => text!(
            en: "the same finding",
            es: "el mismo hallazgo",
            pt: "o mesmo achado"
        ),
    }
}

impl Report {
    /// The findings ordered by severity, then impact on this design, with the routine ones
    /// grouped per code (see the module documentation).
    pub fn ranked<'r>(&'r self, model: &Model) -> Vec<Ranked<'r>> {
        rank(model, self)
    }
}

/// See [`Report::ranked`].
pub fn rank<'r>(model: &Model, report: &'r Report) -> Vec<Ranked<'r>> {
    let weigh = Weigher::new(model, report);
    let mut keyed: Vec<(Impact, usize, &'r Finding)> =
        report.findings.iter().enumerate().map(|(i, f)| (weigh.impact(f), i, f)).collect();
    lift_embeddings_that_fix_spanning_writes(model, report, &mut keyed);
    keyed.sort_by(|a, b| order(a.2.severity, &a.0, a.1, b.2.severity, &b.0, b.1));
    // Routine findings of one code and severity, in ranked order.
    let mut routine: HashMap<(Severity, &str), Vec<&'r Finding>> = HashMap::default();
    for (impact, _, f) in &keyed {
        if impact.tier == Tier::Routine {
            routine.entry((f.severity, f.code)).or_default().push(f);
        }
    }
    let mut out = Vec::with_capacity(keyed.len());
    for (impact, _, f) in keyed {
        if impact.tier != Tier::Routine {
            out.push(Ranked { entry: Entry::Single(f), impact });
            continue;
        }
        // The group takes the place of its most important finding; the others join it there.
        match routine.remove(&(f.severity, f.code)) {
            Some(findings) if findings.len() > 1 => {
                out.push(Ranked { entry: Entry::Group(Group { findings }), impact })
            }
            Some(_) => out.push(Ranked { entry: Entry::Single(f), impact }),
            None => {}
        }
    }
    out
}

/// Gives each DS102 finding that embeds a child into a parent the impact of every DS106 warning
/// whose write changes both their aggregates, when that is greater: the embedding makes the
/// write one document's. DS102 comes before DS106 in the report's order, so on equal impact
/// the fix is listed just before the risk it removes.
fn lift_embeddings_that_fix_spanning_writes(model: &Model, report: &Report, keyed: &mut [(Impact, usize, &Finding)]) {
    // The root of each entity's aggregate (the first aggregate that holds it), and each
    // relation by id (the first with it), looked up once rather than searched per finding.
    let mut root_of: HashMap<&str, &str> = HashMap::default();
    for a in &report.aggregates {
        for entity in std::iter::once(&a.root).chain(&a.members) {
            root_of.entry(entity.as_str()).or_insert(a.root.as_str());
        }
    }
    let mut relation: HashMap<&str, &crate::model::Relation> = HashMap::default();
    for r in &model.relations {
        relation.entry(r.id.as_str()).or_insert(r);
    }
    let mut write_of: HashMap<&str, &crate::advisor::SpanningWrite> = HashMap::default();
    for w in &report.spanning_writes {
        write_of.entry(w.query.as_str()).or_insert(w);
    }
    let risks: Vec<(Impact, &crate::advisor::SpanningWrite)> = keyed
        .iter()
        .filter(|(_, _, f)| f.code == "DS106" && f.severity == Severity::Warning)
        .filter_map(|(impact, _, f)| {
            let Place::Query { id } = &f.place else { return None };
            write_of.get(id.as_str()).map(|w| (*impact, *w))
        })
        .collect();
    if risks.is_empty() {
        return;
    }
    for (impact, _, f) in keyed.iter_mut().filter(|(_, _, f)| f.code == "DS102") {
        let Some(crate::advisor::Fix::SetStorage { relation: id, storage: crate::model::Storage::Embed }) = &f.fix
        else {
            continue;
        };
        let Some(rel) = relation.get(id.as_str()) else { continue };
        let parent = root_of.get(rel.parent.as_str()).copied().unwrap_or(rel.parent.as_str());
        let child = rel.child.as_str();
        let fixed = risks.iter().filter(|(_, w)| {
            w.aggregates.iter().any(|a| a.as_str() == parent) && w.aggregates.iter().any(|a| a.as_str() == child)
        });
        for (risk, _) in fixed {
            if risk.cmp_weight(impact) == Ordering::Greater {
                *impact = *risk;
            }
        }
    }
}

/// Severity first; then the greater impact; then the report's order.
fn order(sa: Severity, a: &Impact, ia: usize, sb: Severity, b: &Impact, ib: usize) -> Ordering {
    sa.cmp(&sb).then_with(|| b.cmp_weight(a)).then(ia.cmp(&ib))
}

/// The load and size of each collection and access pattern, looked up once.
struct Weigher<'a> {
    model: &'a Model,
    /// For each entity, the access patterns that start from or touch it (positions).
    queries_of: HashMap<&'a str, Vec<usize>>,
    /// Each access pattern's position, and each relation's sides, by id.
    query_at: HashMap<&'a str, usize>,
    sides: HashMap<&'a str, [&'a str; 2]>,
    size_of: HashMap<&'a str, SizeLevel>,
}

impl<'a> Weigher<'a> {
    fn new(model: &'a Model, report: &'a Report) -> Weigher<'a> {
        let mut queries_of: HashMap<&str, Vec<usize>> = HashMap::default();
        for (i, q) in model.queries.iter().enumerate() {
            for e in q.entities() {
                let list = queries_of.entry(e).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let query_at = model.queries.iter().enumerate().map(|(i, q)| (q.id.as_str(), i)).collect();
        let sides = model.relations.iter().map(|r| (r.id.as_str(), [r.parent.as_str(), r.child.as_str()])).collect();
        let size_of = report.sizes.iter().map(|s| (s.entity.as_str(), s.level)).collect();
        Weigher { model, queries_of, query_at, sides, size_of }
    }

    fn per_minute(&self, i: usize) -> f64 {
        self.model.queries.get(i).map_or(0.0, |q| q.per_minute.max(0.0))
    }

    fn impact(&self, f: &Finding) -> Impact {
        let (entities, query): (Vec<&str>, Option<usize>) = match &f.place {
            Place::Model => (Vec::new(), None),
            Place::Entity { id } | Place::Field { entity: id, .. } => (vec![id.as_str()], None),
            Place::Relation { id } => (self.sides.get(id.as_str()).map_or_else(Vec::new, |s| s.to_vec()), None),
            Place::Query { id } => match self.query_at.get(id.as_str()) {
                Some(&i) => (self.model.queries.get(i).map(|q| q.entity.as_str()).into_iter().collect(), Some(i)),
                None => (Vec::new(), None),
            },
        };
        let size = entities.iter().filter_map(|e| self.size_of.get(e).copied()).max().unwrap_or(SizeLevel::Fine);
        let per_minute = match query {
            Some(i) => self.per_minute(i),
            // One collection: its list holds each access pattern once.
            None if entities.len() == 1 => {
                let list = entities.first().and_then(|e| self.queries_of.get(e));
                list.into_iter().flatten().map(|&i| self.per_minute(i)).sum()
            }
            None => {
                let mut seen: Vec<usize> =
                    entities.iter().filter_map(|e| self.queries_of.get(e)).flatten().copied().collect();
                seen.sort_unstable();
                seen.dedup();
                seen.into_iter().map(|i| self.per_minute(i)).sum()
            }
        };
        Impact { tier: Tier::of(f.code), size, per_minute }
    }
}

#[cfg(test)]
mod tests;
