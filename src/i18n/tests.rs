//! The catalogue is complete: every message has a text in every language, translations are
//! not English left in place (except technical terms), and parameters line up.

use super::*;
use std::collections::HashSet;

/// Messages whose Spanish or Portuguese text may equal the English one: MongoDB's own words,
/// numbers and units, and words spelled the same.
const SAME_AS_ENGLISH: &[(Lang, Msg)] = &[
    (Lang::Es, Msg::TabInspector),
    (Lang::Es, Msg::VoteNeutral),
    (Lang::Es, Msg::Actor),
    (Lang::Es, Msg::Enum),
    (Lang::Pt, Msg::Enum),
    (Lang::Es, Msg::TabSchema),
    (Lang::Pt, Msg::TabSchema),
    (Lang::Es, Msg::SlaP95),
    (Lang::Pt, Msg::SlaP95),
    (Lang::Es, Msg::OneDocBadge),
    (Lang::Pt, Msg::OneDocBadge),
    (Lang::Es, Msg::PerMinuteLine),
    (Lang::Pt, Msg::PerMinuteLine),
    (Lang::Pt, Msg::StorageBucket),
    (Lang::Pt, Msg::RecBucket),
    (Lang::Pt, Msg::PatBucket),
];

#[test]
fn all_lists_every_variant_once_in_declaration_order() {
    // `ALL` and the enum come from one macro list; the discriminants 0..n prove nothing is
    // skipped or repeated.
    for (i, m) in Msg::ALL.iter().enumerate() {
        assert_eq!(*m as usize, i, "{m:?} is out of place in Msg::ALL");
    }
    let distinct: HashSet<Msg> = Msg::ALL.iter().copied().collect();
    assert_eq!(distinct.len(), Msg::ALL.len());
    assert!(Msg::ALL.len() > 250, "the catalogue covers the whole interface ({} messages)", Msg::ALL.len());
}

#[test]
fn every_message_has_a_text_in_every_language() {
    for lang in Lang::ALL {
        for m in Msg::ALL {
            let t = m.text(lang);
            assert!(!t.trim().is_empty(), "{m:?} is empty in {lang:?}");
        }
    }
}

#[test]
fn spanish_and_portuguese_are_translated_not_english_left_in_place() {
    let allowed: HashSet<(Lang, Msg)> = SAME_AS_ENGLISH.iter().copied().collect();
    let mut untranslated = Vec::new();
    for lang in [Lang::Es, Lang::Pt] {
        for m in Msg::ALL {
            if m.text(lang) == m.text(Lang::En) && !allowed.contains(&(lang, *m)) {
                untranslated.push(format!("{lang:?} {m:?} = {:?}", m.text(lang)));
            }
        }
    }
    assert!(untranslated.is_empty(), "untranslated: {untranslated:#?}");
    // The whitelist itself stays honest: an entry that is translated after all is stale.
    for (lang, m) in SAME_AS_ENGLISH {
        assert_eq!(m.text(*lang), m.text(Lang::En), "{lang:?} {m:?} is translated; drop it from the whitelist");
    }
}

#[test]
fn every_translation_takes_the_same_arguments_as_english() {
    for m in Msg::ALL {
        let n = placeholders(m.text(Lang::En));
        for lang in [Lang::Es, Lang::Pt] {
            assert_eq!(placeholders(m.text(lang)), n, "{m:?} in {lang:?} has a different number of {{}}");
        }
    }
}

#[test]
fn technical_terms_stay_as_mongodb_writes_them() {
    for term in ["$jsonSchema", "mongosh", "$lookup", "Ctrl+Z", "16 MiB", "DS001", "docshape infer"] {
        for m in Msg::ALL {
            if m.text(Lang::En).contains(term) {
                for lang in [Lang::Es, Lang::Pt] {
                    assert!(m.text(lang).contains(term), "{m:?} in {lang:?} lost the term {term}");
                }
            }
        }
    }
}

#[test]
fn fill_replaces_placeholders_in_order() {
    assert_eq!(
        Msg::EdgeTitle.fill(Lang::En, &[&"Reference", &"Embed: it grows."]),
        "Reference · advisor: Embed: it grows."
    );
    assert_eq!(
        Msg::NSelected.fill(Lang::Pt, &[&2]).split_whitespace().take(3).collect::<Vec<_>>(),
        ["2", "agregados", "selecionados."]
    );
    assert_eq!(Msg::Opened.fill(Lang::En, &[&"BiblioRed", &"a.json"]), "Opened \"BiblioRed\" from a.json.");
    // A missing argument stays visible rather than shifting the others; extras are ignored.
    assert_eq!(fill("{} of {}", &[&1]), "1 of {}");
    assert_eq!(fill("none", &[&1, &2]), "none");
    // An argument that itself contains `{}` is not filled again.
    assert_eq!(fill("{} and {}", &[&"{}", &"x"]), "{} and x");
}

#[test]
fn browser_tags_pick_the_language_and_default_to_english() {
    assert_eq!(Lang::from_tag("pt-BR"), Lang::Pt);
    assert_eq!(Lang::from_tag("pt"), Lang::Pt);
    assert_eq!(Lang::from_tag("es-419"), Lang::Es);
    assert_eq!(Lang::from_tag("ES_es"), Lang::Es);
    assert_eq!(Lang::from_tag("en-US"), Lang::En);
    assert_eq!(Lang::from_tag("fr-FR"), Lang::En);
    assert_eq!(Lang::from_tag(""), Lang::En);
    assert_eq!(Lang::from_tag("esperanto"), Lang::En, "only the primary subtag counts");
    for lang in Lang::ALL {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    assert_eq!(Lang::from_code("de"), None);
}

#[test]
fn model_and_advisor_words_have_labels_in_every_language() {
    use crate::advisor::{Criterion, Recommendation};
    use crate::model::Storage;
    assert_eq!(Storage::Embed.msg().text(Lang::Es), "embeber");
    assert_eq!(Storage::Embed.msg().text(Lang::Pt), "embutir");
    assert_eq!(Criterion::Atomicity.msg().text(Lang::Es), "Atomicidad");
    assert_eq!(Recommendation::ExtendedReference.msg().text(Lang::Pt), "referência estendida");
    // The English labels are the advisor's own, so English reads exactly as before.
    for c in [Criterion::Cardinality, Criterion::ReadSeparately, Criterion::Volatility, Criterion::Size] {
        assert_eq!(c.msg().text(Lang::En), c.label());
    }
    for s in [Storage::Embed, Storage::Reference, Storage::Bucket, Storage::Outside] {
        assert_eq!(s.msg().text(Lang::En), s.label());
    }
}
