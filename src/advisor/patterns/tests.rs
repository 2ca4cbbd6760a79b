//! The pattern changes of the gallery's designs, read in English, Spanish and Portuguese.

use crate::advisor::{analyze, PatternKind, PatternSuggestion};
use crate::i18n::{Labelled, Lang};
use crate::model::load;

fn patterns(template: &str) -> Vec<PatternSuggestion> {
    let t = crate::templates::template(template).expect("the template exists");
    analyze(&load(t.json()).expect("the template loads")).patterns
}

fn change(all: &[PatternSuggestion], kind: PatternKind, lang: Lang) -> String {
    all.iter().find(|p| p.pattern == kind).map(|p| p.change.render(lang)).unwrap_or_default()
}

#[test]
fn bibliored_changes_read_in_each_language_with_local_figures() {
    let all = patterns("bibliored");
    let bucket = change(&all, PatternKind::Bucket, Lang::Es);
    assert!(
        bucket.starts_with("un documento de actividad por documento de socios y día, con un tope de 500 eventos"),
        "{bucket}"
    );
    assert!(bucket.contains("el _id ACT-{socio_id}-{dia}, num_eventos que los cuenta"), "{bucket}");
    assert!(bucket.contains("TTL de 63.072.000 s (2 años) en dia"), "{bucket}");
    let bucket = change(&all, PatternKind::Bucket, Lang::Pt);
    assert!(bucket.contains("TTL de 63.072.000 s (2 anos) em dia; insira com updateOne("), "{bucket}");
    assert!(change(&all, PatternKind::Bucket, Lang::En).contains("TTL 63,072,000 s (2 years) on dia"));

    let poly = change(&all, PatternKind::Polymorphic, Lang::Pt);
    assert!(
        poly.starts_with("catalogo guarda libro (70%), revista (20%) e audiolibro (10%) em uma só coleção"),
        "{poly}"
    );
    let extended = change(&all, PatternKind::ExtendedReference, Lang::Es);
    assert!(
        extended.starts_with(
            "cada documento de resenas guarda titulo (vivo, propagación: diferida) y tipo (inmutable) de catalogo"
        ),
        "{extended}"
    );
    let subset = change(&all, PatternKind::Subset, Lang::Pt);
    assert!(
        subset.starts_with("mantenha 5 resenas com o valor de votos_utiles mais alto em resenas_destacadas"),
        "{subset}"
    );
    let computed = change(&all, PatternKind::Computed, Lang::Es);
    assert!(computed.contains("valoracion (promedio de puntuacion con su suma y su recuento"), "{computed}");
}

#[test]
fn figures_of_outliers_and_suggested_buckets_follow_the_language() {
    let outlier = change(&patterns("users-outlier"), PatternKind::Outlier, Lang::Es);
    assert!(
        outlier.starts_with("diseña para el caso común, el 99,95%; el 0,05% de usuarios con más de 1.000"),
        "{outlier}"
    );
    assert!(outlier.contains("(hasta 5.000.000)"), "{outlier}");
    let bucket = change(&patterns("anti-tiny-documents"), PatternKind::Bucket, Lang::Pt);
    assert!(bucket.contains("(96 B cada, ~4 por dia)") && bucket.contains("_id {socio_id}-{day}"), "{bucket}");
    // "per day", never "a hour".
    let bucket = change(&patterns("anti-tiny-documents"), PatternKind::Bucket, Lang::En);
    assert!(
        bucket.contains("(96 B each, ~4 per day)") && bucket.contains("4 tiny documents per day become one"),
        "{bucket}"
    );
}

#[test]
fn no_change_repeats_its_pattern_name() {
    // The UI and the exports print the pattern's name before the change.
    for t in crate::templates::TEMPLATES {
        let report = analyze(&load(t.json()).expect("the template loads"));
        for p in &report.patterns {
            for lang in [Lang::En, Lang::Es, Lang::Pt] {
                let (name, text) = (p.pattern.msg().text(lang), p.change.render(lang));
                assert!(!text.starts_with(&format!("{name}:")), "{}: {text}", t.id);
            }
            assert!(p.change.is_translated() && p.change.check().is_ok(), "{}: {}", t.id, p.change);
        }
    }
}

#[test]
fn a_suggested_bucket_keys_its_id_by_the_parent_named_as_the_exporters_name_it() {
    // Chat messages embedded in `channels` with no reference field: the bucket's _id starts
    // with `channel_id`, the field the mongosh snippets name, not `channels_id`.
    let model = r#"{"format":"docshape","formatVersion":1,"name":"chat",
      "entities":[{"id":"channels","name":"channels","fields":[{"name":"_id","type":"objectId","required":true},{"name":"name","type":"string","required":true}]},
                  {"id":"messages","name":"messages","fields":[{"name":"_id","type":"objectId","required":true},{"name":"text","type":"string","required":true},{"name":"sent_at","type":"date","required":true}]}],
      "relations":[{"id":"r","parent":"channels","child":"messages","storage":"embed","field":"messages","cardinality":{"typical":2000,"growthPerDay":500}}],
      "queries":[]}"#;
    let all = analyze(&load(model).expect("loads")).patterns;
    let bucket = change(&all, PatternKind::Bucket, Lang::En);
    assert!(bucket.contains("_id {channel_id}-{hour}"), "{bucket}");
    assert!(change(&all, PatternKind::Bucket, Lang::Es).contains("{channel_id}-"), "{bucket}");
}
