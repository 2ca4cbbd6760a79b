use super::*;
use crate::advisor::{analyze, SizeEstimate};
use crate::i18n::Lang;
use crate::model::{load, AccessPattern, Entity, Model};

fn finding(code: &'static str, severity: Severity, place: Place) -> Finding {
    Finding {
        code,
        rule: "test",
        severity,
        place,
        message: Text::plain(code),
        why: Text::empty(),
        fix_hint: Text::empty(),
        fix: None,
    }
}

fn query(id: &str, entity: &str, per_minute: f64) -> AccessPattern {
    let mut q = AccessPattern::new(id, id, entity);
    q.per_minute = per_minute;
    q
}

fn order(ranked: &[Ranked]) -> Vec<String> {
    ranked
        .iter()
        .map(|r| {
            let f = r.entry.first();
            let place = match &f.place {
                Place::Query { id } | Place::Entity { id } | Place::Relation { id } => id.to_string(),
                other => format!("{other:?}"),
            };
            format!("{} {place}x{}", f.code, r.entry.findings().len())
        })
        .collect()
}

/// Two collections, a busy and a quiet query on each.
fn shop() -> Model {
    let mut m = Model::new("shop");
    m.entities = vec![Entity::new("a", "a"), Entity::new("b", "b")];
    m.queries = vec![query("Q1", "a", 5.0), query("Q2", "b", 900.0), query("Q3", "a", 40.0)];
    m
}

#[test]
fn a_busier_query_ranks_first_within_a_severity_and_tier() {
    let m = shop();
    let report = Report {
        findings: vec![
            finding("DS304", Severity::Warning, Place::Query { id: "Q1".into() }),
            finding("DS304", Severity::Warning, Place::Query { id: "Q2".into() }),
            finding("DS305", Severity::Warning, Place::Query { id: "Q3".into() }),
        ],
        ..Report::default()
    };
    assert_eq!(order(&report.ranked(&m)), ["DS304 Q2x1", "DS305 Q3x1", "DS304 Q1x1"]);
}

#[test]
fn severity_comes_first_then_the_tier_then_the_size_level() {
    let mut m = shop();
    m.queries.clear();
    let size = |entity: &str, level| SizeEstimate {
        entity: entity.into(),
        avg_bytes: 0,
        worst_bytes: 0,
        horizon_bytes: 0,
        horizon_label: Text::empty(),
        level,
    };
    let report = Report {
        sizes: vec![size("a", SizeLevel::Fine), size("b", SizeLevel::OverLimit)],
        findings: vec![
            finding("DS401", Severity::Warning, Place::Entity { id: "b".into() }),
            finding("DS201", Severity::Warning, Place::Entity { id: "a".into() }),
            finding("DS201", Severity::Warning, Place::Entity { id: "b".into() }),
            finding("DS106", Severity::Warning, Place::Entity { id: "a".into() }),
            finding("DS106", Severity::Info, Place::Entity { id: "b".into() }),
        ],
        ..Report::default()
    };
    let ranked = report.ranked(&m);
    // DS106 is a risk, DS201 a cost (the over-limit collection first), DS401 routine; the
    // info-level DS106 comes after every warning whatever its tier.
    assert_eq!(order(&ranked), ["DS106 ax1", "DS201 bx1", "DS201 ax1", "DS401 bx1", "DS106 bx1"]);
    assert_eq!(ranked[1].impact.size, SizeLevel::OverLimit);
    assert_eq!(ranked[0].impact.tier, Tier::Risk);
}

#[test]
fn the_load_of_a_collection_or_relation_is_every_query_that_reaches_it_once() {
    let mut m = shop();
    m.queries[0].touches = vec!["b".into(), "a".into()];
    m.relations = vec![crate::model::Relation::new("r", "a", "b", crate::model::Storage::Embed)];
    let empty = Report::default();
    let weigh = Weigher::new(&m, &empty);
    let on = |place| weigh.impact(&finding("DS999", Severity::Warning, place)).per_minute;
    assert_eq!(on(Place::Entity { id: "a".into() }), 45.0);
    assert_eq!(on(Place::Entity { id: "b".into() }), 905.0);
    assert_eq!(on(Place::Relation { id: "r".into() }), 945.0, "Q1 reaches both sides: counted once");
    assert_eq!(on(Place::Query { id: "Q2".into() }), 900.0);
    assert_eq!(on(Place::Relation { id: "gone".into() }), 0.0);
    assert_eq!(on(Place::Model), 0.0);
}

#[test]
fn routine_findings_of_one_code_fold_into_a_group_that_lists_its_places() {
    let model = load(include_str!("../../../public/templates/orders-lookup.json")).expect("template loads");
    let report = analyze(&model);
    let ranked = report.ranked(&model);
    let total: usize = ranked.iter().map(|r| r.entry.findings().len()).sum();
    assert_eq!(total, report.findings.len(), "every finding is in exactly one entry");
    let groups: Vec<&Group> = ranked
        .iter()
        .filter_map(|r| match &r.entry {
            Entry::Group(g) => Some(g),
            Entry::Single(_) => None,
        })
        .collect();
    let codes: Vec<&str> = groups.iter().map(|g| g.findings[0].code).collect();
    assert_eq!(codes, ["DS401", "DS402"], "{:?}", order(&ranked));
    assert!(groups.iter().all(|g| g.findings.iter().all(|f| f.code == g.findings[0].code)));
    assert_eq!(groups[0].findings.len(), 3);
    let title = groups[0].title(&model);
    assert_eq!(title.render(Lang::En), "no $jsonSchema validator, on 3 places: pedidos, itens and clientes");
    assert_eq!(title.render(Lang::Es), "sin validador $jsonSchema, en 3 lugares: pedidos, itens y clientes");
    assert_eq!(title.render(Lang::Pt), "sem validador $jsonSchema, em 3 lugares: pedidos, itens e clientes");
    // Within the warnings, the three findings about this design come before the routine group.
    let warnings: Vec<&Ranked> = ranked.iter().filter(|r| r.entry.first().severity == Severity::Warning).collect();
    assert_eq!(warnings.len(), 4);
    assert!(matches!(warnings[3].entry, Entry::Group(_)));
    assert!(warnings[..3].iter().all(|r| r.impact.tier > Tier::Routine));
}

#[test]
fn a_routine_finding_alone_stays_a_single_entry() {
    let m = shop();
    let report = Report {
        findings: vec![
            finding("DS401", Severity::Warning, Place::Entity { id: "a".into() }),
            finding("DS402", Severity::Info, Place::Entity { id: "a".into() }),
            finding("DS402", Severity::Info, Place::Entity { id: "b".into() }),
        ],
        ..Report::default()
    };
    assert_eq!(order(&report.ranked(&m)), ["DS401 ax1", "DS402 bx2"], "b has the busier query: it leads the group");
}

/// a → b as a reference the criteria want embedded (DS102), a write changing both (DS106),
/// and a far busier unindexed read on another collection (DS304).
fn spanning_report(storage: crate::model::Storage) -> (Model, Report) {
    use crate::advisor::{AggregateInfo, Fix, SpanningWrite};
    let mut m = shop();
    m.entities.push(Entity::new("c", "c"));
    m.relations = vec![crate::model::Relation::new("r", "a", "b", crate::model::Storage::Reference)];
    m.queries.push(query("W", "a", 1.0));
    m.queries.push(query("Q4", "c", 5000.0));
    let mut ds102 = finding("DS102", Severity::Warning, Place::Relation { id: "r".into() });
    ds102.fix = Some(Fix::SetStorage { relation: "r".into(), storage });
    let aggregate = |root: &str| AggregateInfo { root: root.into(), members: Vec::new(), queries: Vec::new() };
    let report = Report {
        aggregates: vec![aggregate("a"), aggregate("b"), aggregate("c")],
        spanning_writes: vec![SpanningWrite { query: "W".into(), aggregates: vec!["a".into(), "b".into()] }],
        findings: vec![
            ds102,
            finding("DS106", Severity::Warning, Place::Query { id: "W".into() }),
            finding("DS304", Severity::Warning, Place::Query { id: "Q4".into() }),
        ],
        ..Report::default()
    };
    (m, report)
}

#[test]
fn an_embedding_that_makes_a_spanning_write_atomic_ranks_just_before_it() {
    let (m, report) = spanning_report(crate::model::Storage::Embed);
    // Alone, DS102 is a cost under less load than DS304's: after it (the next test). Linked to the write it
    // fixes, it carries that risk and is read first.
    assert_eq!(order(&report.ranked(&m)), ["DS102 rx1", "DS106 Wx1", "DS304 Q4x1"]);
}

#[test]
fn a_storage_change_that_does_not_embed_keeps_its_own_weight() {
    let (m, report) = spanning_report(crate::model::Storage::Reference);
    assert_eq!(order(&report.ranked(&m)), ["DS106 Wx1", "DS304 Q4x1", "DS102 rx1"]);
}
