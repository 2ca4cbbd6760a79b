//! `docshape shard`: the simulation against a hand computation, the estimate against the
//! simulation key by key, the advice changing where they disagree, and bad input refused with
//! the place named.

use docshape::advisor::scale::{key_doc, Fit, KeyCriterion};
use docshape::export::{Builder, Which};
use docshape::model::{load, Model};
use docshape::simulation::{simulate, Options, Simulation};
use std::process::Command;

fn fixture(name: &str) -> Model {
    let path = format!("{}/tests/fixtures/scale/{name}", env!("CARGO_MANIFEST_DIR"));
    load(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn run(model: &Model, shards: Option<u32>) -> Simulation {
    let options = Options { shards, seed: 1, ..Options::default() };
    let mut sims = simulate(model, &options).unwrap();
    assert_eq!(sims.len(), 1);
    sims.remove(0)
}

fn option<'s>(s: &'s Simulation, key: &str) -> (usize, &'s docshape::advisor::scale::KeyOption) {
    s.simulated
        .options
        .iter()
        .enumerate()
        .find(|(_, o)| key_doc(&o.key) == key)
        .unwrap_or_else(|| panic!("no key {key}"))
}

/// 3,000 events of three tenants (an enum the generator draws evenly), placed on 2 shards:
/// every document is sampled (each stands for itself). By hand, from the generated documents'
/// sizes: a tenant is one key value, which never splits, so the largest tenant goes to one
/// shard and the other two to the other (largest first on the lighter shard): the fullest
/// holds max(b1, b2 + b3) of the average (b1 + b2 + b3) / 2. A tenant's events are on one
/// shard; an event by `_id` is on any; an insert carries the key. With the ranged int `_id`
/// (1, 2, 3…), every insert goes past the highest: all on one of the two shards, 2.0.
#[test]
fn the_simulation_matches_a_hand_computation() {
    let model = fixture("tenants.json");
    let s = run(&model, Some(2));
    assert_eq!((s.sample, s.weight), (3_000, 1.0));
    let builder = Builder::new(&model).with_parents_at_horizon(model.thresholds.horizon_days);
    let mut by_tenant = std::collections::BTreeMap::<String, f64>::new();
    for index in 0..3_000 {
        let doc = builder.document("event", Which { seed: 1, index, example: false, variant: None }).unwrap();
        let tenant = doc.get("tenant").and_then(|v| v.as_str()).unwrap().to_string();
        *by_tenant.entry(tenant).or_default() += doc.bson_size() as f64;
    }
    let mut b: Vec<f64> = by_tenant.values().copied().collect();
    assert_eq!(b.len(), 3);
    b.sort_by(|x, y| y.total_cmp(x));
    let by_hand = b[0].max(b[1] + b[2]) / ((b[0] + b[1] + b[2]) / 2.0);
    let (i, tenant) = option(&s, "{ tenant: 1 }");
    let run = s.run_of(i).unwrap();
    assert!((run.evidence.data_balance - by_hand).abs() < 1e-9, "{} vs {by_hand}", run.evidence.data_balance);
    assert!((run.evidence.insert_balance - by_hand).abs() < 1e-9);
    assert_eq!(run.chunks, 3);
    let single: Vec<(&str, f64)> =
        tenant.reaches.iter().zip(&run.evidence.single_shard).map(|(r, s)| (r.query.as_str(), *s)).collect();
    assert_eq!(single, [("E1", 1.0), ("E2", 0.0), ("E3", 1.0)]);
    // Three equal values on two shards: 4/3 by hand, over 1.3, as the estimate says too.
    assert!((by_hand - 4.0 / 3.0).abs() < 0.03, "{by_hand}");
    assert_eq!(tenant.fit(KeyCriterion::Balance), Fit::Poor);
    let (j, _) = option(&s, "{ _id: 1 }");
    assert_eq!(s.run_of(j).unwrap().evidence.insert_balance, 2.0);
    // The stated tenant key is worse than the one recommended.
    assert!(s.simulated.stated_is_worse());
    assert_eq!(key_doc(&s.simulated.recommended_option().unwrap().key), "{ _id: \"hashed\" }");
}

/// The advisor's estimate and the simulation agree key by key on a design with celebrity
/// customers: the same verdict on balance (at most 1.3) and on jumbo chunks, the share of each
/// pattern's executions on one shard within 5 points, and the same key recommended.
#[test]
fn the_estimate_agrees_with_the_simulation() {
    let s = run(&fixture("celebrity.json"), None);
    assert_eq!(s.shards, 4);
    assert!(!s.changed());
    assert_eq!(key_doc(&s.simulated.recommended_option().unwrap().key), "{ customer_id: 1, _id: 1 }");
    for (est, sim) in s.estimated.options.iter().zip(&s.simulated.options) {
        let key = key_doc(&est.key);
        let (e, m) = (&est.evidence, &sim.evidence);
        assert_eq!(
            e.balance() <= 1.3,
            m.balance() <= 1.3,
            "{key}: balance {} estimated, {} simulated",
            e.balance(),
            m.balance()
        );
        let chunk = 1_048_576.0;
        assert_eq!(e.largest_value_bytes > chunk, m.largest_value_bytes > chunk, "{key}: heaviest value");
        for ((r, es), ms) in est.reaches.iter().zip(&e.single_shard).zip(&m.single_shard) {
            assert!((es - ms).abs() <= 0.05, "{key} {}: {es} estimated, {ms} simulated", r.query);
        }
        let fits = |o: &docshape::advisor::scale::KeyOption| o.fits.to_vec();
        assert_eq!(fits(est), fits(sim), "{key}");
    }
    // The celebrities (0.1% of the customers, 46,000 orders each) make jumbo chunks of the
    // plain customer key; with _id after it they split, and their lookups reach several shards.
    let (i, _) = option(&s, "{ customer_id: 1 }");
    assert_eq!(s.run_of(i).unwrap().jumbo_chunks, 10);
    let (j, split) = option(&s, "{ customer_id: 1, _id: 1 }");
    assert_eq!(s.run_of(j).unwrap().jumbo_chunks, 0);
    assert!((0.7..0.9).contains(&split.evidence.single_shard[0]), "{}", split.evidence.single_shard[0]);
}

/// A field the design says nothing about (a country, a free string) looks like a fine key to
/// the estimate: nothing says its values are few. The generator draws it from a short list of
/// countries: the simulation finds a handful of heavy values, chunks that cannot split, and
/// the advice changes.
#[test]
fn the_advice_changes_where_the_simulation_contradicts_the_estimate() {
    let mut model = fixture("celebrity.json");
    let order = model.entity_mut("order").unwrap();
    let mut country = docshape::model::Field::new("country", docshape::model::BsonType::String);
    country.required = true;
    order.fields.push(country);
    let mut by_country = docshape::model::AccessPattern::new("Q5", "Orders of a country", "order");
    by_country.per_minute = 20_000.0;
    by_country.filters = vec![docshape::model::Filter::new("country", docshape::model::FilterOp::Equality)];
    model.queries.push(by_country);
    let s = run(&model, None);
    let before = key_doc(&s.estimated.recommended_option().unwrap().key);
    let after = s.simulated.recommended_option().unwrap();
    assert_eq!(before, "{ country: 1 }");
    assert!(s.changed(), "still {before}");
    let (i, country) = option(&s, "{ country: 1 }");
    assert!(s.run_of(i).unwrap().jumbo_chunks > 0);
    assert_eq!(country.fit(KeyCriterion::Frequency), Fit::Poor);
    assert_ne!(key_doc(&after.key), before);
}

fn shard_cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_docshape")).arg("shard").args(args).output().expect("run docshape");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fixture_path(name: &str) -> String {
    format!("{}/tests/fixtures/scale/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `model` to a temporary file.
fn model_file(name: &str, model: &Model) -> String {
    let dir = std::env::temp_dir().join(format!("docshape-shard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(model).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn shards_out_of_range_are_refused_naming_the_option() {
    let tenants = fixture_path("tenants.json");
    for n in ["0", "1025", "many"] {
        let (code, _, err) = shard_cli(&[&tenants, "--shards", n]);
        assert_eq!(code, 2, "{n}: {err}");
        assert!(err.contains("--shards"), "{err}");
    }
    let (_, _, err) = shard_cli(&[&tenants, "--shards", "1025"]);
    assert!(err.contains("between 1 and 1,024"), "{err}");
    let (code, out, _) = shard_cli(&[&tenants, "--shards", "1024", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["collections"][0]["shards"], 1024);
}

#[test]
fn a_stated_key_on_a_missing_field_or_an_array_is_refused_naming_it() {
    let mut model = fixture("tenants.json");
    let mut tags = docshape::model::Field::new("tags", docshape::model::BsonType::Array);
    tags.items = Some(docshape::model::BsonType::String);
    model.entity_mut("event").unwrap().fields.push(tags);
    let key = &mut model.entity_mut("event").unwrap().collection.shard_key.as_mut().unwrap().fields;
    key[0].field = "tenant_id".into();
    key.push(docshape::model::ShardKeyField { field: "tags".into(), hashed: false });
    let path = model_file("bad-key.json", &model);
    let (code, out, err) = shard_cli(&[&path]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("events.shardKey (tenant_id): the shard key of events names tenant_id, a field events documents do not have"), "{err}");
    assert!(err.contains("events.shardKey (tags): the shard key of events names tags, an array"), "{err}");
    let (code, _, err) = shard_cli(&[&fixture_path("tenants.json"), "--collection", "logs"]);
    assert_eq!(code, 2);
    assert!(err.contains("--collection logs: the model has no collection named \"logs\""), "{err}");
}

#[test]
fn the_text_output_names_the_keys_and_the_verdict() {
    let (code, out, _) = shard_cli(&[&fixture_path("tenants.json"), "--shards", "2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("events: 3,000 documents"), "{out}");
    assert!(out.contains(" = { tenant: 1 }  1.3"), "{out}");
    assert!(out.contains("The stated key { tenant: 1 } is worse than the recommended one."), "{out}");
    let (_, es, _) = shard_cli(&[&fixture_path("tenants.json"), "--shards", "2", "--lang", "es"]);
    assert!(es.contains("La clave declarada { tenant: 1 } es peor que la recomendada."), "{es}");
}
