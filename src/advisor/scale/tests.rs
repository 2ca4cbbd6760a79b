use super::*;
use crate::advisor::analyze;
use crate::i18n::Lang;
use crate::model::load;

fn marketplace() -> crate::model::Model {
    load(include_str!("../../../tests/fixtures/scale/marketplace.json")).unwrap()
}

/// Every gallery template, BiblioRed among them.
fn templates() -> Vec<(String, crate::model::Model)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/public/templates");
    let mut out: Vec<(String, crate::model::Model)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.ok()?.path();
            let text = std::fs::read_to_string(&path).ok()?;
            Some((path.file_name()?.to_string_lossy().into_owned(), load(&text).ok()?))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn the_gallery_and_bibliored_need_no_sharding() {
    let all = templates();
    assert!(all.len() >= 18, "{} templates", all.len());
    for (file, m) in &all {
        let report = analyze(m);
        for s in &report.scale {
            assert!(s.shard.is_none(), "{file}: {} gets shard advice: {:?}", s.entity, s.figures);
            assert_eq!(s.figures.shards_horizon, 1, "{file}: {}", s.entity);
        }
    }
}

#[test]
fn figures_follow_the_growth_and_the_tier() {
    let m = marketplace();
    let r = analyze(&m);
    let orders = r.scale_of("order").unwrap();
    let f = &orders.figures;
    // 2 billion now, 2 million a day for 5 years.
    assert_eq!(f.documents_horizon, 2e9 + 2e6 * 1825.0);
    assert_eq!(f.tier, "M60");
    assert_eq!(f.ram_bytes, 64e9);
    assert_eq!(f.limit, Some(Limit::WorkingSet));
    assert_eq!(f.crossing_days, Some(0.0));
    let per_doc = f.data_horizon / f.documents_horizon;
    assert_eq!(f.data_now, 2e9 * per_doc);
    assert!((f.working_set_horizon - (f.index_horizon + 0.1 * f.data_horizon)).abs() < 1.0);
    assert_eq!(f.shards_horizon, (f.working_set_horizon / 64e9).ceil() as u32);
    // A larger tier holds more: on M700 (768 GB) the working set fits for a while.
    let mut big = marketplace();
    big.thresholds.cluster_tier = "M700".into();
    let r = analyze(&big);
    let f = &r.scale_of("order").unwrap().figures;
    assert_eq!(f.ram_bytes, 768e9);
    assert!(f.crossing_days.is_some_and(|d| d > 0.0 && d < 1825.0), "{:?}", f.crossing_days);
    // Customers stay on one replica set.
    assert!(r.scale_of("customer").unwrap().shard.is_none());
}

#[test]
fn the_recommended_key_targets_the_frequent_reads_and_splits_the_celebrities() {
    let r = analyze(&marketplace());
    let advice = r.scale_of("order").and_then(|s| s.shard.as_ref()).unwrap();
    let best = advice.recommended_option().unwrap();
    assert_eq!(key_doc(&best.key), "{ customer_id: 1, _id: 1 }");
    // The plain customer key holds the heaviest customers' orders in chunks that cannot split.
    let plain = advice.options.iter().find(|o| key_doc(&o.key) == "{ customer_id: 1 }").unwrap();
    assert_eq!(plain.fit(KeyCriterion::Frequency), Fit::Poor);
    assert_eq!(best.fit(KeyCriterion::Frequency), Fit::Good);
    // A ranged ObjectId sends every insert to one shard.
    let id = advice.options.iter().find(|o| key_doc(&o.key) == "{ _id: 1 }").unwrap();
    assert_eq!(id.fit(KeyCriterion::Growth), Fit::Poor);
    assert_eq!(id.evidence.insert_balance, f64::from(advice.shards));
    // Reads by customer are targeted, the order number and the back office go everywhere.
    let targeted: Vec<&str> = best.targeted().map(|r| r.query.as_str()).collect();
    let everywhere: Vec<&str> = best.everywhere().map(|r| r.query.as_str()).collect();
    assert_eq!(targeted, ["Q1", "Q3", "Q4"]);
    assert_eq!(everywhere, ["Q2", "Q5"]);
    assert_eq!(best.unique_indexes.len(), 1);
    let votes = advice.votes(best);
    let reads = votes.iter().find(|v| v.criterion == KeyCriterion::Reads).unwrap();
    // Every key judged has its fits; the reasons are written from the same figures.
    assert_eq!(reads.fit, best.fit(KeyCriterion::Reads));
    let reason = reads.reason.render(Lang::En);
    assert!(reason.contains("of the reads reach one shard; Q2 and Q5 go to several"), "{reason}");
}

#[test]
fn a_region_field_leads_every_key_and_offers_zones() {
    let mut m = marketplace();
    let mut region = crate::model::Field::new("region", crate::model::BsonType::String);
    region.required = true;
    region.role = Some(crate::model::FieldRole::Region);
    region.constraints.r#enum = vec!["eu".into(), "us".into(), "br".into()];
    m.entity_mut("order").unwrap().fields.push(region);
    let r = analyze(&m);
    let advice = r.scale_of("order").and_then(|s| s.shard.as_ref()).unwrap();
    assert!(advice.options.iter().all(|o| o.key.fields[0].field == "region"));
    let zones = advice.zones.as_ref().unwrap();
    assert_eq!((zones.field.as_str(), zones.values.len(), zones.key_starts_with_it), ("region", 3, true));
}

#[test]
fn a_bucket_id_that_starts_with_its_owner_is_not_monotonic() {
    let mut m = load(include_str!("../../../public/templates/bibliored.json")).unwrap();
    let activity = m.entity_mut("actividad").unwrap();
    activity.collection.documents = Some(20_000_000_000);
    // Its buckets expire after 2 years (a TTL): the growth decides how many stay.
    activity.collection.growth_per_day = Some(30_000_000.0);
    let r = analyze(&m);
    let advice = r.scale_of("actividad").and_then(|s| s.shard.as_ref()).unwrap();
    let id = advice.options.iter().find(|o| key_doc(&o.key) == "{ _id: 1 }").unwrap();
    assert!(id.bucket_id);
    assert_eq!(id.fit(KeyCriterion::Growth), Fit::Good);
}

fn corpus_model(file: &str) -> crate::model::Model {
    let path = format!("{}/tests/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let case: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    load(&case["model"].to_string()).unwrap()
}

#[test]
fn a_time_series_counts_its_buckets_and_compression_not_one_document_per_measurement() {
    // Case 67: readings declared a time series (metaField station_id, granularity minutes),
    // 2,000 stations each writing a reading a minute: a day's bucket would hold 1,440, so
    // buckets are full at 1,000.
    let ts = corpus_model("67-time-series-declared-no-bucket-advice.json");
    let mut plain = ts.clone();
    plain.entities.iter_mut().find(|e| e.id == "reading").unwrap().collection.timeseries = None;
    let (a, b) = (analyze(&ts), analyze(&plain));
    let (f, g) = (&a.scale_of("reading").unwrap().figures, &b.scale_of("reading").unwrap().figures);
    assert_eq!(f.bucket_measurements, Some(1_000.0));
    assert_eq!(g.bucket_measurements, None);
    assert_eq!(f.documents_horizon, g.documents_horizon, "the measurements are the same");
    // The data is a quarter (thresholds.timeSeriesCompression, 4); the index entries are per
    // bucket (the derived indexes differ a little between the two designs, so compare per entry).
    assert!((f.data_horizon * 4.0 - g.data_horizon).abs() < 1.0, "{} {}", f.data_horizon, g.data_horizon);
    assert!(f.index_horizon * 100.0 < g.index_horizon, "{} {}", f.index_horizon, g.index_horizon);
    // As documents it outgrows one replica set; as a time series it does not.
    assert!(g.needs_sharding(), "{g:?}");
    assert!(!f.needs_sharding(), "{f:?}");
    assert!(!a.findings.iter().any(|x| x.code == "DS205"), "{:?}", a.findings);
}

#[test]
fn a_time_series_bucket_holds_what_one_series_writes_in_its_span() {
    // One reading an hour per station, granularity hours (30-day buckets): 720 a bucket; with
    // granularity seconds (one-hour buckets): 1 a bucket, so one index entry per measurement.
    let mut m = corpus_model("67-time-series-declared-no-bucket-advice.json");
    let reading = m.entities.iter_mut().find(|e| e.id == "reading").unwrap();
    reading.collection.growth_per_day = Some(2_000.0 * 24.0);
    let ts = reading.collection.timeseries.as_mut().unwrap();
    ts.granularity = Some(crate::model::Granularity::Hours);
    let f = analyze(&m).scale_of("reading").unwrap().figures.clone();
    assert_eq!(f.bucket_measurements, Some(720.0));
    let reading = m.entities.iter_mut().find(|e| e.id == "reading").unwrap();
    reading.collection.timeseries.as_mut().unwrap().granularity = Some(crate::model::Granularity::Seconds);
    let f = analyze(&m).scale_of("reading").unwrap().figures.clone();
    assert_eq!(f.bucket_measurements, Some(1.0));
}

#[test]
fn sizes_read_in_gb_tb_and_mib_with_one_decimal_at_most() {
    let en = |b: f64| bytes_arg(b).render(Lang::En);
    assert_eq!(en(626_503_762_842.0), "626.5 GB");
    assert_eq!(en(1_040_000_000.0), "1 GB");
    assert_eq!(en(1_960_000_000.0), "2 GB");
    assert_eq!(en(19_455_000_000_000.0), "19.5 TB");
    assert_eq!(en(128.0 * 1024.0 * 1024.0), "128 MiB");
    // Below a GB (and not a whole number of MiB from 32 up): as every other size.
    assert_eq!(en(500_000_000.0), "500 MB");
    assert_eq!(bytes_arg(626_503_762_842.0).render(Lang::Es), "626,5 GB");
    assert_eq!(bytes_arg(626_503_762_842.0).render(Lang::Pt), "626,5 GB");
}

/// One pattern that reaches several shards "goes"; two "go" (in the three languages).
#[test]
fn one_pattern_goes_to_several_shards_two_go() {
    let r = analyze(&marketplace());
    let advice = r.scale_of("order").and_then(|s| s.shard.as_ref()).unwrap();
    let number = advice.options.iter().find(|o| key_doc(&o.key) == "{ number: 1 }").unwrap();
    let votes = advice.votes(number);
    let expected = [
        (KeyCriterion::Writes, Lang::En, "; Q4 goes to several"),
        (KeyCriterion::Writes, Lang::Es, "; Q4 va a varios"),
        (KeyCriterion::Writes, Lang::Pt, "; Q4 vai a vários"),
        (KeyCriterion::Reads, Lang::En, "; Q1 and Q5 go to several"),
    ];
    for (criterion, lang, end) in expected {
        let reason = votes.iter().find(|v| v.criterion == criterion).unwrap().reason.render(lang);
        assert!(reason.ends_with(end), "{reason}");
    }
}
