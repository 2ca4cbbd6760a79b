//! The reference designs are the acceptance tests: for each, the decisions the seeds give,
//! with the seeds' reasons visible in the criteria.

use docshape::advisor::{
    analyze, CardinalityClass, Criterion, PatternKind, PatternSuggestion, Recommendation, RelationAdvice, Report, Vote,
};
use docshape::model::{load, Model, Place, Storage};

fn template(name: &str) -> Model {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn advice<'r>(report: &'r Report, relation: &str) -> &'r RelationAdvice {
    report.relation(relation).unwrap_or_else(|| panic!("no advice for {relation}"))
}

fn vote(a: &RelationAdvice, c: Criterion) -> (Vote, String) {
    let v = a.criteria().find(|v| v.criterion == c).unwrap_or_else(|| panic!("{} has no {c:?}", a.relation));
    (v.vote, v.reason.en())
}

fn patterns<'r>(report: &'r Report, kind: PatternKind, relation: &str) -> Vec<&'r PatternSuggestion> {
    let place = Place::Relation { id: relation.into() };
    report.patterns.iter().filter(|p| p.pattern == kind && p.place == place).collect()
}

fn codes_at(report: &Report, code: &str) -> Vec<Place> {
    report.findings.iter().filter(|f| f.code == code).map(|f| f.place.clone()).collect()
}

#[test]
fn every_relation_shows_six_criteria_in_order() {
    for name in ["bibliored.json", "book-club.json", "orders.json", "sensor-day.json", "users-outlier.json"] {
        let report = analyze(&template(name));
        for a in &report.relations {
            let order: Vec<Criterion> = a.criteria().map(|v| v.criterion).collect();
            assert_eq!(order, Criterion::ALL.to_vec(), "{name} {}", a.relation);
            assert!(a.criteria().all(|v| !v.reason.is_empty()), "{name} {}", a.relation);
            assert!(a.summary().contains("decides"), "{name} {}: {}", a.relation, a.summary());
        }
    }
}

#[test]
fn bibliored_tags_embed_with_all_six_criteria() {
    let report = analyze(&template("bibliored.json"));
    let tags = advice(&report, "material-etiquetas");
    assert_eq!(tags.recommendation, Recommendation::Embed);
    assert_eq!(tags.class, CardinalityClass::OneToFew);
    assert!(tags.criteria().all(|v| v.vote == Vote::Embed), "{:#?}", tags.criteria().collect::<Vec<_>>());
    assert!(vote(tags, Criterion::Cardinality).1.contains("5 etiquetas typical, at most 8: one-to-few"));
    assert!(tags.summary().contains("all six criteria point to embed"), "{}", tags.summary());
    assert_eq!(tags.read_together(), ["C4b"], "tag search is served by the embedded array");
    assert!(tags.agrees);
}

#[test]
fn bibliored_reviews_reference_with_subset_of_five_and_total() {
    let report = analyze(&template("bibliored.json"));
    let reviews = advice(&report, "material-resenas");
    assert_eq!(reviews.recommendation, Recommendation::ReferenceWithSubset);
    assert!(reviews.agrees);
    // Seed 001: reviews grow without a cap, are read separately, change often.
    let (growth, why) = vote(reviews, Criterion::Growth);
    assert_eq!(growth, Vote::Reference);
    assert!(why.contains("no stated maximum"), "{why}");
    let (apart, why) = vote(reviews, Criterion::ReadSeparately);
    assert_eq!(apart, Vote::Reference);
    assert!(why.contains("C2") && why.contains("C5"), "{why}");
    assert_eq!(vote(reviews, Criterion::Volatility).0, Vote::Reference);
    assert!(reviews.summary().contains("growth decides") && reviews.summary().contains("C1"), "{}", reviews.summary());
    assert_eq!(reviews.read_together(), ["C1"]);
    assert_eq!(reviews.read_apart(), ["C2", "C3", "C5", "C5b"]);
    let subset = patterns(&report, PatternKind::Subset, "material-resenas");
    assert_eq!(subset.len(), 1);
    assert!(subset[0].in_use);
    assert!(
        subset[0].change.contains("keep the 5 resenas") && subset[0].change.contains("total_resenas"),
        "{}",
        subset[0].change
    );
    assert!(subset[0].change.contains("votos_utiles"), "{}", subset[0].change);
    let computed = patterns(&report, PatternKind::Computed, "material-resenas");
    assert!(computed.iter().any(|p| p.in_use && p.change.contains("valoracion")), "{computed:?}");
}

#[test]
fn bibliored_activity_is_one_to_squillions_in_buckets_of_500_with_two_year_ttl() {
    let m = template("bibliored.json");
    let report = analyze(&m);
    let activity = advice(&report, "socio-actividad");
    assert_eq!(activity.class, CardinalityClass::OneToSquillions);
    assert_eq!(activity.recommendation, Recommendation::Bucket);
    assert!(activity.agrees);
    let bucket = patterns(&report, PatternKind::Bucket, "socio-actividad");
    assert_eq!(bucket.len(), 1);
    let change = &bucket[0].change;
    assert!(
        change.contains("capped at 500") && change.contains("63,072,000") && change.contains("ACT-{socio_id}-{dia}"),
        "{change}"
    );
    let members = advice(&report, "socio-resenas");
    assert_eq!(
        members.recommendation,
        Recommendation::ExtendedReference,
        "resenas keep the member as an extended reference"
    );
    let copies = advice(&report, "material-ejemplares");
    assert_eq!(copies.recommendation, Recommendation::KeepOutside);
    assert!(copies.summary().contains("disponibilidad.disponibles"), "{}", copies.summary());
}

#[test]
fn bibliored_aggregates_and_the_spanning_review_write() {
    let report = analyze(&template("bibliored.json"));
    let roots: Vec<&str> = report.aggregates.iter().map(|a| a.root.as_str()).collect();
    assert_eq!(roots, vec!["material", "resena", "actividad"], "three collections");
    assert_eq!(report.aggregates[0].members, vec!["etiqueta"]);
    assert!(report.aggregates[0].queries.iter().any(|q| q == "C1"));
    assert_eq!(report.spanning_writes.len(), 1);
    assert_eq!(report.spanning_writes[0].query, "W1");
    assert_eq!(report.spanning_writes[0].aggregates, vec!["resena", "material"]);
}

#[test]
fn book_club_members_embed_books_watch_comments_subset() {
    let report = analyze(&template("book-club.json"));
    let members = advice(&report, "club-miembros");
    assert_eq!(members.recommendation, Recommendation::Embed);
    assert!(
        members.criteria().all(|v| v.vote == Vote::Embed),
        "six of six: {:#?}",
        members.criteria().collect::<Vec<_>>()
    );
    assert!(vote(members, Criterion::Cardinality).1.contains("16 miembros typical, at most 25"));
    let books = advice(&report, "club-lecturas");
    assert_eq!(books.recommendation, Recommendation::EmbedWatchBound);
    assert!(books.summary().contains("~12 a year") && books.summary().contains("200"), "{}", books.summary());
    let comments = advice(&report, "club-comentarios");
    assert_eq!(comments.recommendation, Recommendation::ReferenceWithSubset);
    assert!(comments.summary().contains("growth decides"), "{}", comments.summary());
    assert!(vote(comments, Criterion::ReadSeparately).1.contains("K2"));
    let subset = patterns(&report, PatternKind::Subset, "club-comentarios");
    assert!(subset[0].change.contains("keep the 3 comentarios_club with the latest fecha"), "{}", subset[0].change);
    let m = template("book-club.json");
    assert_eq!(m.entity("comentario").map(|e| e.name.as_str()), Some("comentarios_club"));
    assert!(report.relations.iter().all(|a| a.agrees));
}

#[test]
fn orders_embed_items_with_a_cap_customer_as_extended_reference_computed_total() {
    let m = template("orders.json");
    let report = analyze(&m);
    let items = advice(&report, "pedido-itens");
    assert_eq!(items.recommendation, Recommendation::Embed);
    assert_eq!(items.class, CardinalityClass::OneToFew);
    let cap = m.entity("pedido").and_then(|e| e.field("itens")).and_then(|f| f.constraints.max_items);
    assert_eq!(cap, Some(200), "the explicit cap is in the schema");
    assert_eq!(vote(items, Criterion::Atomicity).0, Vote::Embed);
    let customer = advice(&report, "cliente-pedidos");
    assert_eq!(customer.recommendation, Recommendation::ExtendedReference);
    assert!(customer.agrees);
    assert!(patterns(&report, PatternKind::ExtendedReference, "cliente-pedidos")[0]
        .change
        .contains("nome (historical)"));
    let total = patterns(&report, PatternKind::Computed, "pedido-itens");
    assert!(total.iter().any(|p| p.in_use && p.change.contains("total (sum of preco)")), "{total:?}");
    let versioned = Place::Entity { id: "pedido".into() };
    assert!(report
        .patterns
        .iter()
        .any(|p| p.pattern == PatternKind::SchemaVersioning && p.in_use && p.place == versioned));
    assert!(codes_at(&report, "DS105").is_empty() && codes_at(&report, "DS102").is_empty(), "{:#?}", report.findings);
}

#[test]
fn orders_with_lookup_is_relational_in_disguise() {
    let report = analyze(&template("orders-lookup.json"));
    assert_eq!(codes_at(&report, "DS105"), vec![Place::Query { id: "O1".into() }]);
    assert_eq!(advice(&report, "pedido-itens").recommendation, Recommendation::Embed);
    assert_eq!(codes_at(&report, "DS102"), vec![Place::Relation { id: "pedido-itens".into() }]);
    assert_eq!(codes_at(&report, "DS503"), vec![Place::Relation { id: "cliente-pedidos".into() }]);
    assert_eq!(
        codes_at(&report, "DS106"),
        vec![Place::Query { id: "O4".into() }],
        "items in their own collection need a transaction"
    );
}

#[test]
fn sensor_readings_bucket_per_day_with_computed_summaries() {
    let report = analyze(&template("sensor-day.json"));
    let readings = advice(&report, "sensor-leituras");
    assert_eq!(readings.recommendation, Recommendation::Bucket);
    assert_eq!(readings.class, CardinalityClass::OneToSquillions);
    assert!(
        vote(readings, Criterion::Size).1.contains("over the 16 MiB limit"),
        "one document per sensor would not fit"
    );
    let bucket = patterns(&report, PatternKind::Bucket, "sensor-leituras");
    assert!(
        bucket[0].in_use
            && bucket[0].change.contains("per sensores document and day")
            && bucket[0].change.contains("1,440")
    );
    let computed = patterns(&report, PatternKind::Computed, "sensor-leituras");
    assert!(
        computed[0].change.contains("min") && computed[0].change.contains("media (average of v"),
        "{}",
        computed[0].change
    );
}

#[test]
fn outlier_fits_only_for_a_tiny_share() {
    let mut m = template("users-outlier.json");
    let report = analyze(&m);
    let followers = advice(&report, "usuario-seguidores");
    assert_eq!(followers.recommendation, Recommendation::Embed);
    assert!(followers.agrees);
    let outlier = patterns(&report, PatternKind::Outlier, "usuario-seguidores");
    assert!(outlier[0].in_use && outlier[0].change.contains("0.05%") && outlier[0].change.contains("tiene_extras"));
    assert!(codes_at(&report, "DS107").is_empty());

    // Without the flag, the tiny minority is suggested as an outlier.
    let mut unflagged = m.clone();
    unflagged.relations[0].outlier = None;
    let report = analyze(&unflagged);
    assert!(patterns(&report, PatternKind::Outlier, "usuario-seguidores").iter().any(|p| !p.in_use));
    assert_eq!(codes_at(&report, "DS504"), vec![Place::Relation { id: "usuario-seguidores".into() }]);

    // A fifth overflowing is not an outlier: reference for all.
    if let Some(o) = m.relations[0].cardinality.outliers.as_mut() {
        o.share = 0.2;
    }
    let report = analyze(&m);
    assert_ne!(advice(&report, "usuario-seguidores").recommendation, Recommendation::Embed);
    assert_eq!(codes_at(&report, "DS107"), vec![Place::Relation { id: "usuario-seguidores".into() }]);
    m.relations[0].outlier = None;
    let report = analyze(&m);
    assert!(patterns(&report, PatternKind::Outlier, "usuario-seguidores").is_empty(), "never suggested at 20%");
    assert!(codes_at(&report, "DS504").is_empty());
}

#[test]
fn versioning_in_use_and_suggested() {
    let report = analyze(&template("users-versioning.json"));
    let users = Place::Entity { id: "usuario".into() };
    let v = report.patterns.iter().find(|p| p.pattern == PatternKind::SchemaVersioning && p.place == users);
    assert!(v.is_some_and(|p| p.in_use && p.change.contains("version_esquema")), "{v:?}");
    assert_eq!(advice(&report, "usuario-direccion").class, CardinalityClass::OneToOne);
    assert_eq!(advice(&report, "usuario-publicaciones").recommendation, Recommendation::ReferenceFromChild);
    let report = analyze(&template("orders-lookup.json"));
    let items = Place::Entity { id: "item".into() };
    let v = report.patterns.iter().find(|p| p.pattern == PatternKind::SchemaVersioning && p.place == items);
    assert!(v.is_some_and(|p| !p.in_use && p.change.contains("add schema_v")), "{v:?}");
}

/// Turning one fact flips the decision: the tags lose their maximum.
#[test]
fn flip_an_unbounded_maximum_turns_embed_into_reference() {
    let mut m = template("book-club.json");
    let report = analyze(&m);
    assert_eq!(advice(&report, "club-miembros").recommendation, Recommendation::Embed);
    assert!(codes_at(&report, "DS101").is_empty());
    let Some(rel) = m.relations.iter_mut().find(|r| r.id == "club-miembros") else { panic!("no relation") };
    assert_eq!(rel.cardinality.max, Some(25));
    rel.cardinality.max = None;
    rel.cardinality.growth_per_day = Some(0.2);
    let report = analyze(&m);
    let members = advice(&report, "club-miembros");
    assert!(
        matches!(members.recommendation, Recommendation::ReferenceFromChild | Recommendation::ReferenceWithSubset),
        "{:?}",
        members.recommendation
    );
    assert!(members.summary().contains("growth decides"), "{}", members.summary());
    assert_eq!(vote(members, Criterion::Growth).0, Vote::Reference);
    assert!(!members.agrees);
    let place = Place::Relation { id: "club-miembros".into() };
    assert_eq!(codes_at(&report, "DS101"), vec![place.clone()], "the storage stayed embed");
    assert!(!codes_at(&report, "DS102").contains(&place), "reported once, by DS101");
    let fix = report.findings.iter().find(|f| f.code == "DS101").and_then(|f| f.fix.clone());
    let mut fixed = m.clone();
    assert!(fix.is_some_and(|f| f.apply(&mut fixed)));
    assert_eq!(fixed.relations.iter().find(|r| r.id == "club-miembros").map(|r| r.storage), Some(Storage::Reference));
    assert!(codes_at(&analyze(&fixed), "DS101").is_empty());
}
