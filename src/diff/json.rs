//! The diff as JSON for machines: what `docshape diff --format json` prints. Versioned by
//! [`DIFF_VERSION`], documented in `docs/diff-format.md` and described by
//! `public/diff.schema.json`. Sentences are in one language (`lang`); what a script matches on
//! is stable: statuses, property paths as the file format names them, rule codes, the model's
//! own ids.

use super::stored::{needs, Step};
use super::text::{self as words, Element};
use super::{FieldChange, ModelDiff, PropertyChange, RecordChange};
use crate::i18n::Lang;
use crate::model::Model;
use serde_json::{json, Value};

/// The version of the JSON's shape (`diffVersion`): additions a reader can ignore keep it;
/// removing, renaming or retyping a member, or a new value in a closed list, increments it.
pub const DIFF_VERSION: u32 = 1;

fn property(p: &PropertyChange, lang: Lang) -> Value {
    let mut v = json!({ "property": p.property, "text": words::property(p).render(lang), "layout": p.is_layout() });
    if let Some(old) = &p.old {
        v["old"] = old.clone();
    }
    if let Some(new) = &p.new {
        v["new"] = new.clone();
    }
    v
}

fn field(f: &FieldChange, lang: Lang) -> Value {
    let mut v = json!({
        "path": f.path,
        "status": f.status,
        "text": words::field(f).render(lang),
        "properties": f.properties.iter().map(|p| property(p, lang)).collect::<Vec<_>>(),
    });
    if let Some(record) = &f.field {
        v["field"] = record.clone();
    }
    v
}

fn record(element: Element, c: &RecordChange, lang: Lang) -> Value {
    let mut v = json!({
        "status": c.status,
        "label": c.label,
        "text": words::headline(element, c).render(lang),
        "layoutOnly": c.is_layout_only(),
        "properties": c.properties.iter().map(|p| property(p, lang)).collect::<Vec<_>>(),
    });
    for (name, value) in [("oldId", &c.old_id), ("newId", &c.new_id)] {
        if let Some(id) = value {
            v[name] = json!(id);
        }
    }
    if let Some(how) = c.matched_by {
        v["matchedBy"] = json!(how);
    }
    if element == Element::Entity {
        v["fields"] = json!(c.fields.iter().map(|f| field(f, lang)).collect::<Vec<_>>());
    }
    if let Some(r) = &c.record {
        v["record"] = r.clone();
    }
    v
}

fn step_kind(step: &Step) -> &'static str {
    match step {
        Step::RenameCollection { .. } => "renameCollection",
        Step::SetDefault { value: Some(_), .. } => "setDefault",
        Step::SetDefault { value: None, .. } => "chooseDefault",
        Step::Unset { .. } => "unset",
        Step::Convert { .. } => "convert",
        Step::CheckArrays { .. } => "checkArrays",
        Step::CheckValidator => "checkValidator",
        Step::EmbedToReference { .. } => "embedToReference",
        Step::ReferenceToEmbed { .. } => "referenceToEmbed",
        Step::Drop => "drop",
    }
}

/// The whole JSON document.
pub fn to_json(old: &Model, new: &Model, d: &ModelDiff, lang: Lang) -> Value {
    let c = &d.consequences;
    let about = |m: &Model| json!({ "name": m.name, "entities": m.entities.len(), "relations": m.relations.len(), "queries": m.queries.len() });
    let records = |element, list: &[RecordChange]| list.iter().map(|r| record(element, r, lang)).collect::<Vec<_>>();
    let finding = |f: &super::FindingChange| {
        json!({ "code": f.code, "rule": f.rule, "severity": f.severity, "place": f.place, "label": f.label,
                "message": f.message.render(lang), "text": words::finding(f).render(lang) })
    };
    let index = |i: &super::IndexChange, added| {
        json!({ "entity": i.entity, "collection": i.collection, "keys": i.index.key_doc(), "index": i.index,
                "declared": i.declared, "text": words::index(i, added).render(lang) })
    };
    let span = |s: &super::SpanChange, started| json!({ "query": s.query, "label": s.label, "aggregates": s.aggregates, "text": words::span(s, started).render(lang) });
    json!({
        "diffVersion": DIFF_VERSION,
        "lang": lang.code(),
        "old": about(old),
        "new": about(new),
        "summary": {
            "text": words::summary(d).render(lang),
            "changes": d.change_count(),
            "verdictsFlipped": c.verdicts.len(),
            "findingsIntroduced": c.findings_introduced.len(),
            "errorsIntroduced": c.introduced(crate::advisor::Severity::Error),
            "findingsResolved": c.findings_resolved.len(),
            "indexesAdded": c.indexes_added.len(),
            "indexesDropped": c.indexes_dropped.len(),
        },
        "design": d.design.iter().map(|p| property(p, lang)).collect::<Vec<_>>(),
        "entities": records(Element::Entity, &d.entities),
        "relations": records(Element::Relation, &d.relations),
        "queries": records(Element::Query, &d.queries),
        "consequences": {
            "verdicts": c.verdicts.iter().map(|v| json!({
                "relation": v.relation, "label": v.label, "old": v.old, "new": v.new,
                "oldClass": v.old_class, "newClass": v.new_class,
                "summary": v.summary.render(lang), "text": words::verdict(v).render(lang),
            })).collect::<Vec<_>>(),
            "findingsIntroduced": c.findings_introduced.iter().map(finding).collect::<Vec<_>>(),
            "findingsResolved": c.findings_resolved.iter().map(finding).collect::<Vec<_>>(),
            "indexesAdded": c.indexes_added.iter().map(|i| index(i, true)).collect::<Vec<_>>(),
            "indexesDropped": c.indexes_dropped.iter().map(|i| index(i, false)).collect::<Vec<_>>(),
            "sizes": c.sizes.iter().map(|s| json!({
                "entity": s.entity, "collection": s.collection, "old": s.old, "new": s.new,
                "oldGrowth": s.old_growth.render(lang), "newGrowth": s.new_growth.render(lang),
                "levelChanged": s.level_changed(), "text": words::size(s).render(lang),
            })).collect::<Vec<_>>(),
            "spanningStarted": c.spanning_started.iter().map(|s| span(s, true)).collect::<Vec<_>>(),
            "spanningStopped": c.spanning_stopped.iter().map(|s| span(s, false)).collect::<Vec<_>>(),
        },
        "storedData": needs(old, new, d).iter().map(|n| json!({
            "collection": n.collection,
            "text": n.text.render(lang),
            "migration": n.step.as_ref().map(step_kind),
        })).collect::<Vec<_>>(),
    })
}

/// [`to_json`] as pretty text with a final line break.
pub fn to_json_text(old: &Model, new: &Model, d: &ModelDiff, lang: Lang) -> String {
    let mut text = serde_json::to_string_pretty(&to_json(old, new, d, lang)).unwrap_or_default();
    text.push('\n');
    text
}
