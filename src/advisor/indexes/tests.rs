//! The index derivation's tests: the seeds' indexes, merging, declared indexes and the write budget.

use super::*;
use crate::model::{load, AccessPattern, Entity, Filter, FilterOp, IndexSpec, SortKey};

fn bibliored() -> Model {
    load(include_str!("../../../public/templates/bibliored.json")).expect("template loads")
}

fn keys_of(advice: &[IndexAdvice], entity: &str) -> Vec<String> {
    let mut v: Vec<String> = advice.iter().filter(|a| a.entity == entity).map(|a| a.index.key_doc()).collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn bibliored_indexes_are_exactly_the_seeds() {
    let advice = derive(&bibliored());
    assert_eq!(
        keys_of(&advice, "material"),
        sorted(&[
            "{ titulo_normalizado: 1 }",
            "{ etiquetas: 1 }",
            "{ tipo: 1, \"valoracion.media\": -1 }",
            "{ \"autores.autor_id\": 1 }"
        ])
    );
    assert_eq!(
        keys_of(&advice, "resena"),
        sorted(&[
            "{ \"material.material_id\": 1, votos_utiles: -1 }",
            "{ \"socio.socio_id\": 1, fecha: -1 }",
            "{ estado: 1, fecha: -1 }",
            "{ etiquetas: 1 }"
        ])
    );
    assert_eq!(
        keys_of(&advice, "actividad"),
        sorted(&["{ socio_id: 1, dia: -1 }", "{ dia: 1 }", "{ \"eventos.material_id\": 1 }"])
    );
    let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
    assert_eq!((ttl.entity.as_str(), ttl.index.ttl_seconds), ("actividad", Some(63_072_000)));
    assert!(ttl.reason.contains("2 years"), "{}", ttl.reason);
    let tags = advice.iter().find(|a| a.entity == "material" && a.index.key_doc() == "{ etiquetas: 1 }");
    assert!(tags.is_some_and(|t| t.multikey && t.queries == ["C4b"]), "{tags:?}");
    let c7 = advice.iter().find(|a| a.queries.iter().any(|q| q == "C7")).expect("C7's index");
    assert!(!c7.multikey && c7.reason.contains("ESR"), "{}", c7.reason);
    assert!(advice.iter().all(|a| !a.declared));
    assert!(!advice.iter().any(|a| a.queries.iter().any(|q| q == "C1" || q == "C6")), "_id lookups need none");
}

#[test]
fn bibliored_index_reasons_read_in_spanish_and_portuguese() {
    use crate::i18n::Lang;
    let advice = derive(&bibliored());
    let c7 = advice.iter().find(|a| a.queries == ["C7"]).expect("C7's index");
    assert_eq!(
        c7.reason.en(),
        "Serves C7: equality on socio_id, then the sort dia:-1, which also bounds the range on dia. \
         ESR order: equality, then sort, then range."
    );
    assert_eq!(
        c7.reason.render(Lang::Es),
        "Atiende C7: igualdad en socio_id, luego la ordenación dia:-1, que además acota el rango en dia. \
         Orden ESR: igualdad, luego ordenación, luego rango."
    );
    assert_eq!(
        c7.reason.render(Lang::Pt),
        "Atende C7: igualdade em socio_id, depois a ordenação dia:-1, que também delimita o intervalo em dia. \
         Ordem ESR: igualdade, depois ordenação, depois intervalo."
    );
    let c8 = advice.iter().find(|a| a.queries == ["C8"]).expect("C8's index");
    assert_eq!(
        c8.reason.render(Lang::Es),
        "Atiende C8: igualdad en eventos.material_id. \
         Multiclave: eventos.material_id es una ruta de array, una entrada de índice por elemento."
    );
    let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
    assert_eq!(
        ttl.reason.render(Lang::Pt),
        "TTL: o MongoDB apaga cada bucket 63072000 s (2 anos) após o seu dia, a retenção de socio-actividad."
    );
    assert!(ttl.reason.render(Lang::Es).contains("63072000 s (2 años) después de su dia"), "{}", ttl.reason);
    for a in &advice {
        assert!(a.reason.is_translated() && a.reason.check().is_ok(), "{}", a.reason);
    }
}

#[test]
fn a_ttl_of_part_days_reads_with_local_decimals() {
    use crate::i18n::Lang;
    let mut m = bibliored();
    let bucket = m.relations.iter_mut().find_map(|r| r.bucket.as_mut()).expect("the activity bucket");
    bucket.ttl_seconds = Some(129_600);
    let advice = derive(&m);
    let ttl = advice.iter().find(|a| a.index.ttl_seconds.is_some()).expect("a TTL index");
    assert!(ttl.reason.contains("129600 s (1.5 days)"), "{}", ttl.reason);
    assert!(ttl.reason.render(Lang::Es).contains("129600 s (1,5 días)"), "{}", ttl.reason.render(Lang::Es));
    assert!(ttl.reason.render(Lang::Pt).contains("129600 s (1,5 dias)"), "{}", ttl.reason.render(Lang::Pt));
}

fn model_with(queries: Vec<AccessPattern>, declared: Vec<IndexSpec>) -> Model {
    let mut m = Model::new("t");
    let mut e = Entity::new("o", "orders");
    e.collection.indexes = declared;
    m.entities.push(e);
    m.queries = queries;
    m
}

fn query(id: &str, eq: &[&str], sort: &[(&str, i8)]) -> AccessPattern {
    let mut q = AccessPattern::new(id, id, "o");
    q.filters = eq.iter().map(|f| Filter::new(f, FilterOp::Equality)).collect();
    q.sort = sort.iter().map(|(f, d)| SortKey { field: f.to_string(), dir: *d }).collect();
    q
}

#[test]
fn prefixes_merge_into_the_longer_index() {
    let m = model_with(
        vec![query("a", &["status"], &[]), query("b", &["status"], &[("createdAt", -1), ("_id", -1)])],
        vec![],
    );
    let advice = derive(&m);
    assert_eq!(advice.len(), 1, "{advice:?}");
    assert_eq!(advice[0].index.key_doc(), "{ status: 1, createdAt: -1, _id: -1 }");
    assert_eq!(advice[0].queries, ["b", "a"]);
    assert!(advice[0].reason.contains("tie-breaker") && advice[0].reason.contains("Also serves a"));
    assert!(advice[0].reason.en().ends_with("pages never repeat or skip documents. Also serves a through its prefix."));
    let es = advice[0].reason.render(crate::i18n::Lang::Es);
    assert!(es.starts_with("Atiende b: igualdad en status, luego la ordenación createdAt:-1, _id:-1."), "{es}");
    assert!(es.ends_with("nunca repiten ni saltan documentos. También atiende a gracias a su prefijo."), "{es}");
    let pt = advice[0].reason.render(crate::i18n::Lang::Pt);
    assert!(pt.contains("_id fecha a ordenação como desempate único") && pt.ends_with("pelo seu prefixo."), "{pt}");
}

#[test]
fn declared_indexes_absorb_what_they_serve() {
    let declared = vec![IndexSpec::new(&[("status", 1), ("createdAt", -1)]), IndexSpec::new(&[("sku", 1)])];
    let m = model_with(vec![query("a", &["status"], &[("createdAt", -1)]), query("c", &["customer"], &[])], declared);
    let advice = derive(&m);
    assert_eq!(advice.len(), 3, "{advice:?}");
    assert!(advice[0].declared && advice[0].queries == ["a"]);
    assert!(advice[0].reason.en().starts_with("Declared by the designer. Serves a: equality on status"));
    let pt = advice[0].reason.render(crate::i18n::Lang::Pt);
    assert!(pt.starts_with("Declarado por quem projeta o modelo. Atende a: igualdade em status"), "{pt}");
    assert_eq!(advice[1].reason.render(crate::i18n::Lang::Es), "Declarado por quien diseña el modelo.");
    assert!(advice[1].declared && advice[1].queries.is_empty());
    assert!(!advice[2].declared && advice[2].index.key_doc() == "{ customer: 1 }");
}

fn write(id: &str, per_minute: f64) -> AccessPattern {
    let mut w = query(id, &["_id"], &[]);
    w.kind = crate::model::QueryKind::Write;
    w.per_minute = per_minute;
    w
}

fn rated(id: &str, eq: &[&str], sort: &[(&str, i8)], per_minute: f64) -> AccessPattern {
    let mut q = query(id, eq, sort);
    q.per_minute = per_minute;
    q
}

#[test]
fn rare_reports_on_a_write_heavy_collection_get_no_index_of_their_own() {
    let queries = vec![
        write("w", 1500.0),
        rated("q", &["status"], &[("createdAt", -1)], 100.0),
        rated("monthly", &["store"], &[], 1.0 / 43_200.0),
        rated("daily", &["status"], &[], 4.0 / 1440.0),
    ];
    let advice = derive(&model_with(queries.clone(), vec![]));
    assert_eq!(advice.len(), 1, "{advice:?}");
    assert_eq!(advice[0].index.key_doc(), "{ status: 1, createdAt: -1 }");
    assert_eq!(advice[0].queries, ["q", "daily"], "a rare query is noted where an index serves it anyway");
    assert!(advice[0].reason.contains("Also serves daily through its prefix"), "{}", advice[0].reason);
    let mut read_mostly = queries;
    read_mostly[0].per_minute = 10.0;
    let advice = derive(&model_with(read_mostly, vec![]));
    assert!(advice.iter().any(|a| a.queries == ["monthly"]), "reads dominate: the report may keep its index");
}

#[test]
fn a_write_heavy_collection_keeps_the_nine_busiest_indexes() {
    let mut queries = vec![write("w", 5000.0)];
    for i in 0..12 {
        queries.push(rated(&format!("q{i}"), &[&format!("f{i}")], &[], 10.0 + i as f64));
    }
    let advice = derive(&model_with(queries.clone(), vec![]));
    assert_eq!(advice.len(), 9, "{advice:?}");
    assert!(advice.iter().all(|a| !["q0", "q1", "q2"].contains(&a.queries[0].as_str())), "{advice:?}");
    let declared: Vec<IndexSpec> = (0..8).map(|i| IndexSpec::new(&[(&format!("d{i}"), 1)])).collect();
    let advice = derive(&model_with(queries, declared));
    assert_eq!(advice.len(), 9, "declared indexes take the budget first: {advice:?}");
    assert_eq!(advice.iter().filter(|a| a.declared).count(), 8);
    assert_eq!(advice[8].queries, ["q11"]);
}

/// A collection `u` with the declared indexes given and reads by `email` alone and by
/// `email` and `status`.
fn users(declared: Vec<IndexSpec>) -> Model {
    let mut m = Model::new("t");
    let mut e = Entity::new("u", "users");
    e.collection.indexes = declared;
    m.entities.push(e);
    for (id, fields) in [("R1", &["email"][..]), ("L1", &["email", "status"][..])] {
        let mut q = AccessPattern::new(id, id, "u");
        q.filters = fields.iter().map(|f| Filter::new(f, FilterOp::Equality)).collect();
        q.per_minute = 50.0;
        m.queries.push(q);
    }
    m
}

#[test]
fn a_declared_index_serves_a_query_only_as_its_options_allow() {
    let serving = |advice: &[IndexAdvice], keys: &str| -> Vec<String> {
        let a = advice.iter().find(|a| a.index.key_doc() == keys && a.declared).expect(keys);
        a.queries.iter().map(|q| q.to_string()).collect()
    };
    // A partial index on email for active users serves the sign-in, never the look-up by
    // email alone: that one gets an index of its own.
    let partial = IndexSpec {
        partial_filter_expression: Some(serde_json::json!({ "status": "active" })),
        ..IndexSpec::new(&[("email", 1), ("status", 1)])
    };
    let advice = derive(&users(vec![partial]));
    assert_eq!(serving(&advice, "{ email: 1, status: 1 }"), ["L1"]);
    assert!(advice.iter().any(|a| !a.declared && a.index.key_doc() == "{ email: 1 }" && a.queries == ["R1"]));
    // A unique index on email pins one document: it serves both, no other index is derived.
    let unique = IndexSpec { unique: true, ..IndexSpec::new(&[("email", 1)]) };
    let advice = derive(&users(vec![unique]));
    assert_eq!(serving(&advice, "{ email: 1 }"), ["L1", "R1"], "longest shape first");
    assert_eq!(advice.len(), 1, "{advice:?}");
    // A hidden index serves nothing.
    let hidden = IndexSpec { hidden: true, ..IndexSpec::new(&[("email", 1), ("status", 1)]) };
    let advice = derive(&users(vec![hidden]));
    assert!(serving(&advice, "{ email: 1, status: 1 }").is_empty());
    let own = advice.iter().find(|a| !a.declared).expect("an index of their own");
    assert_eq!((own.index.key_doc(), own.queries.len()), ("{ email: 1, status: 1 }".to_string(), 2), "{own:?}");
}

/// A declared index MongoDB refuses ("Multikey Indexes": no compound index over two arrays;
/// "Hashed Indexes": no hashed key on an array) will never exist, so it serves no query: the
/// query gets the index MongoDB builds, and the declared one says why it serves nothing. A
/// compound index with one array among scalars is built, and serves as declared.
#[test]
fn a_declared_index_mongodb_refuses_serves_no_query() {
    let served_by = |declared: &str| {
        let model = load(&format!(
            r#"{{"format":"docshape","formatVersion":4,"name":"shop","entities":[{{"id":"product","name":"products",
            "fields":[{{"name":"_id","type":"objectId"}},{{"name":"price","type":"decimal"}},
            {{"name":"tags","type":"array","items":"string"}},{{"name":"sizes","type":"array","items":"string"}}],
            "collection":{{"indexes":[{declared}]}}}}],
            "queries":[{{"id":"Q1","name":"by tag","entity":"product","kind":"read","perMinute":300,
            "filters":[{{"field":"tags","op":"equality"}},{{"field":"sizes","op":"equality"}},{{"field":"price","op":"range"}}]}}]}}"#
        ))
        .expect("loads");
        let advice = derive(&model);
        let serving: Vec<(String, bool)> = advice
            .iter()
            .filter(|a| a.queries.iter().any(|q| q == "Q1"))
            .map(|a| (a.index.key_doc(), a.declared))
            .collect();
        let reasons: Vec<String> = advice.iter().filter(|a| a.declared).map(|a| a.reason.en()).collect();
        (serving, reasons)
    };
    let (serving, reasons) = served_by(r#"{"keys":[{"field":"tags"},{"field":"sizes"}]}"#);
    assert_eq!(serving, [("{ tags: 1, price: 1 }".to_string(), false)]);
    assert!(
        reasons[0].contains("MongoDB refuses to build it") && reasons[0].contains("serves no query"),
        "{reasons:?}"
    );
    let (serving, _) = served_by(r#"{"keys":[{"field":"tags","type":"hashed"}]}"#);
    assert_eq!(serving, [("{ tags: 1, price: 1 }".to_string(), false)]);
    // Near-miss: one array among scalars is an index MongoDB builds.
    let (serving, reasons) = served_by(r#"{"keys":[{"field":"tags"},{"field":"price"}]}"#);
    assert_eq!(serving, [("{ tags: 1, price: 1 }".to_string(), true)]);
    assert!(reasons[0].starts_with("Declared by the designer. Serves Q1"), "{reasons:?}");
}
