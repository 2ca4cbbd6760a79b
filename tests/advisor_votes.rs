//! The editor's live analysis (`analyze_votes`) leaves the six criteria's reasons of each
//! relation to be written when read (`relation_criteria`). Both must say exactly what the full
//! analysis says: the same report with the reasons blank, and the same votes and reasons for
//! each relation, on every design of the corpus, the gallery and generated designs.

use docshape::advisor::{analyze, analyze_votes, relation_criteria, CriterionVote, RelationAdvice, Report};
use docshape::i18n::Text;
use docshape::model::{load, Model};
use std::path::Path;

fn designs() -> Vec<(String, Model)> {
    let mut out = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(root.join("tests/corpus")).expect("the corpus") {
        let path = entry.expect("an entry").path();
        let case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let model = load(&case["model"].to_string()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.push((path.display().to_string(), model));
    }
    for entry in std::fs::read_dir(root.join("public/templates")).expect("the gallery") {
        let path = entry.expect("an entry").path();
        let model = load(&std::fs::read_to_string(&path).expect("read")).expect("a template loads");
        out.push((path.display().to_string(), model));
    }
    for seed in [1, 7, 42] {
        out.push((format!("synthetic 120, seed {seed}"), docshape::model::synthetic::generate(120, seed)));
    }
    out
}

/// `report` with every criterion's reason blank.
fn blank(mut report: Report) -> Report {
    report.relations = report
        .relations
        .iter()
        .map(|a| {
            let votes =
                a.criteria().map(|c| CriterionVote { criterion: c.criterion, vote: c.vote, reason: Text::empty() });
            RelationAdvice::new(a.relation.clone(), a.class, a.recommendation, votes, a.summary().clone(), a.agrees)
                .with_reads(a.read_together().to_vec(), a.read_apart().to_vec())
        })
        .collect();
    report
}

#[test]
fn the_live_analysis_is_the_full_one_without_the_reasons() {
    let mut relations = 0;
    for (name, model) in designs() {
        let full = analyze(&model);
        let live = analyze_votes(&model, None);
        assert!(live.relations.iter().all(|a| a.written_criteria().is_none()), "{name}");
        assert_eq!(live, blank(full.clone()), "{name}");
        for a in &full.relations {
            let read: Vec<&CriterionVote> = a.criteria().collect();
            let written = relation_criteria(&model, &a.relation).unwrap_or_else(|| panic!("{name}: {}", a.relation));
            assert_eq!(written.iter().collect::<Vec<_>>(), read, "{name}: {}", a.relation);
            relations += 1;
        }
        // The relation shown gets its reasons in the live report, the others none.
        if let Some(shown) = full.relations.get(full.relations.len() / 2) {
            let live = analyze_votes(&model, Some(&shown.relation));
            for (l, f) in live.relations.iter().zip(&full.relations) {
                let expected = (l.relation == shown.relation).then(|| f.criteria().cloned().collect::<Vec<_>>());
                assert_eq!(l.written_criteria().map(Vec::from), expected, "{name}: {}", l.relation);
            }
        }
    }
    assert!(relations > 300, "{relations} relations checked");
    assert!(relation_criteria(&Model::new("empty"), "r1").is_none());
}
