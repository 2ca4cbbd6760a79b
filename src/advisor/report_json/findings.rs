//! The findings of the JSON report: ranked entries, each a finding or a group of routine ones.

use crate::advisor::ranking::Entry as Ranked;
use crate::advisor::{rule_by_code, Category, Finding, Report, Severity};
use crate::i18n::Lang;
use crate::model::{Model, Place, PlaceLabels};
use serde::Serialize;

/// One ranked entry: `"kind": "finding"` or `"kind": "group"`.
#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Entry {
    Finding {
        #[serde(flatten)]
        rule: RuleOf,
        #[serde(flatten)]
        at: At,
        why: String,
    },
    /// A routine finding repeated on several places, with each place's own finding.
    Group {
        #[serde(flatten)]
        rule: RuleOf,
        /// "no $jsonSchema validator, on 3 places: a, b and c".
        message: String,
        why: String,
        count: usize,
        places: Vec<At>,
    },
}

/// What identifies the rule of an entry.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleOf {
    /// The rule's stable code, `DS` and three digits.
    pub code: &'static str,
    /// Its kebab-case name.
    pub rule: &'static str,
    pub severity: Severity,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<Category>,
    /// The weight of the rule in the ranking: `risk`, `cost`, `advice` or `routine`.
    pub impact: &'static str,
}

/// A finding at one place: where, what, what to do, and the one-click fix if there is one.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct At {
    pub place: Place,
    /// The place as people read it (`catalogo → resenas`, `C1 Ficha del material`).
    pub place_label: String,
    pub message: String,
    pub fix_hint: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<serde_json::Value>,
}

pub fn entries(model: &Model, report: &Report, labels: &PlaceLabels, lang: Lang) -> Vec<Entry> {
    report
        .ranked(model)
        .into_iter()
        .map(|r| {
            let first = r.entry.first();
            let rule = RuleOf {
                code: first.code,
                rule: first.rule,
                severity: first.severity,
                category: rule_by_code(first.code).map(|m| m.category),
                impact: r.impact.tier.id(),
            };
            match &r.entry {
                Ranked::Single(f) => Entry::Finding { rule, at: at(labels, f, lang), why: f.why.render(lang) },
                Ranked::Group(g) => Entry::Group {
                    rule,
                    message: g.title(model).render(lang),
                    why: first.why.render(lang),
                    count: g.findings.len(),
                    places: g.findings.iter().map(|f| at(labels, f, lang)).collect(),
                },
            }
        })
        .collect()
}

fn at(labels: &PlaceLabels, f: &Finding, lang: Lang) -> At {
    let fix = f.fix.as_ref().and_then(|fix| {
        let mut value = serde_json::to_value(fix).ok()?;
        if let Some(object) = value.as_object_mut() {
            object.insert("label".into(), fix.label().render(lang).into());
        }
        Some(value)
    });
    At {
        place: f.place.clone(),
        place_label: labels.label(&f.place, lang),
        message: f.message.render(lang),
        fix_hint: f.fix_hint.render(lang),
        fix,
    }
}
