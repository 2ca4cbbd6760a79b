//! The compare view's content, made in the worker (the diff and its Markdown never reach the
//! page's module): the picture of the change (the current design with what the change removed
//! put back, and a mark on each box, field and arrow it touched), the panel's lines in the
//! request's language, and the review report of the change (the Markdown `docshape diff`
//! writes).

use crate::diff::stored::needs;
use crate::diff::text::{self as words, Element};
use crate::diff::{diff, markdown::to_markdown, union, ModelDiff, RecordChange};
use crate::i18n::Lang;
use crate::model::Model;
use serde::{Deserialize, Serialize};

/// What the compare view shows: the base is "old", the design on screen "new".
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ComparePreview {
    /// The design on screen with what the change removed put back (a model file): the canvas
    /// draws it, read-only.
    pub union: String,
    /// `[entity id, mark]`, the mark `+` added, `-` removed, `~` changed.
    pub entities: Vec<(String, char)>,
    /// `[entity id, field path, mark]`: the path as the box's rows name it (`valoracion.media`).
    /// A changed sub-field is marked at its own row, and each field above it `~` (a box
    /// drawn with its sub-documents folded still shows that something inside changed).
    pub fields: Vec<(String, String, char)>,
    /// `[relation id, mark]`.
    pub relations: Vec<(String, char)>,
    /// The one-line summary.
    pub summary: String,
    /// The changes, then the consequences, then what the stored documents need.
    pub lines: Vec<Line>,
    /// The review report of the change (Markdown).
    pub report: String,
}

/// One line of the panel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// `change`, `detail`, `flip`, `introduced`, `resolved`, `index-added`, `index-dropped`,
    /// `size`, `span-started`, `span-stopped`, `stored`, or `heading`.
    pub kind: String,
    pub text: String,
    /// The mark the canvas uses for the same element, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<char>,
}

fn line(kind: &str, text: String, mark: Option<char>) -> Line {
    Line { kind: kind.to_string(), text, mark }
}

/// Compares `base` (a version, a file, a share link's design) with `current`.
pub fn compare(base: &Model, current: &Model, lang: Lang) -> ComparePreview {
    let d = diff(base, current);
    let (picture, marks) = union(current, &d);
    let sorted = |m: &std::collections::HashMap<String, char>| {
        let mut v: Vec<(String, char)> = m.iter().map(|(k, c)| (k.clone(), *c)).collect();
        v.sort();
        v
    };
    let entities = sorted(&marks.entities);
    let relations = sorted(&marks.relations);
    let mut fields: Vec<(String, String, char)> = field_marks(&d).into_iter().map(|((e, f), c)| (e, f, c)).collect();
    fields.sort();
    ComparePreview {
        union: picture.to_json(),
        entities,
        fields,
        relations,
        summary: words::summary(&d).render(lang),
        lines: lines(base, current, &d, lang),
        report: to_markdown(base, current, &d, lang),
    }
}

/// The mark of every changed field at its own path, and `~` on the fields above it (a removed
/// field, sub-field or not, is drawn back by `union`, at the end of what held it). Keyed like the box's rows
/// (`valoracion.media`); the same marks as the diagram of `docshape diff`.
fn field_marks(d: &ModelDiff) -> std::collections::BTreeMap<(String, String), char> {
    crate::diff::field_marks(d).into_iter().map(|((e, path), c)| ((e, path.join(".")), c)).collect()
}

fn records(out: &mut Vec<Line>, element: Element, list: &[RecordChange], lang: Lang) {
    for c in list.iter().filter(|c| !c.is_layout_only()) {
        out.push(line("change", words::headline(element, c).render(lang), Some(crate::diff::symbol(c.status))));
        for p in c.properties.iter().filter(|p| !p.is_layout()) {
            out.push(line("detail", words::property(p).render(lang), None));
        }
        for f in &c.fields {
            out.push(line("detail", words::field(f).render(lang), Some(crate::diff::symbol(f.status))));
            for p in &f.properties {
                out.push(line("detail", words::property(p).render(lang), None));
            }
        }
    }
}

fn heading(out: &mut Vec<Line>, forms: [&str; 3], lang: Lang) {
    out.push(line("heading", crate::i18n::pick(lang, forms).to_string(), None));
}

fn lines(base: &Model, current: &Model, d: &ModelDiff, lang: Lang) -> Vec<Line> {
    let mut out = Vec::new();
    if d.change_count() > 0 {
        heading(&mut out, ["Changes", "Cambios", "Mudanças"], lang);
        for p in d.design_changes() {
            out.push(line("change", words::property(p).render(lang), Some('~')));
        }
        records(&mut out, Element::Entity, &d.entities, lang);
        records(&mut out, Element::Relation, &d.relations, lang);
        records(&mut out, Element::Query, &d.queries, lang);
    }
    let c = &d.consequences;
    if !c.is_empty() {
        heading(&mut out, ["What it does to the design", "Qué le hace al diseño", "O que faz ao projeto"], lang);
        out.extend(c.verdicts.iter().map(|v| line("flip", words::verdict(v).render(lang), Some('~'))));
        out.extend(c.findings_introduced.iter().map(|f| line("introduced", words::finding(f).render(lang), Some('+'))));
        out.extend(c.findings_resolved.iter().map(|f| line("resolved", words::finding(f).render(lang), Some('-'))));
        out.extend(c.indexes_added.iter().map(|i| line("index-added", words::index(i, true).render(lang), Some('+'))));
        out.extend(
            c.indexes_dropped.iter().map(|i| line("index-dropped", words::index(i, false).render(lang), Some('-'))),
        );
        out.extend(c.sizes.iter().map(|s| line("size", words::size(s).render(lang), Some('~'))));
        out.extend(
            c.spanning_started.iter().map(|s| line("span-started", words::span(s, true).render(lang), Some('+'))),
        );
        out.extend(
            c.spanning_stopped.iter().map(|s| line("span-stopped", words::span(s, false).render(lang), Some('-'))),
        );
    }
    let stored = needs(base, current, d);
    if !stored.is_empty() {
        heading(&mut out, ["Documents already stored", "Documentos ya guardados", "Documentos já guardados"], lang);
        out.extend(stored.iter().map(|n| line("stored", format!("{}: {}", n.collection, n.text.render(lang)), None)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::handle;
    use super::super::protocol::{Job, Outcome, Request, Response};
    use super::*;
    use crate::model::load;
    use crate::templates::TEMPLATES;

    fn template(id: &str) -> Model {
        load(TEMPLATES.iter().find(|t| t.id == id).expect("template").json()).expect("loads")
    }

    /// The outlier lesson's reviews, capped at 50 and then unbounded (as `tests/diff.rs`).
    fn unbounded(old: &Model) -> Model {
        let mut v: serde_json::Value = serde_json::from_str(&old.to_json()).expect("json");
        let r = v["relations"].as_array_mut().expect("relations").iter_mut().find(|r| r["id"] == "material-resenas");
        r.expect("relation")["cardinality"] = serde_json::json!({"typical": 30, "growthPerDay": 0.05});
        load(&v.to_string()).expect("loads")
    }

    /// `old` with the overflowing share of its reviews capped at `max`.
    fn overflow_up_to(old: &Model, max: u32) -> Model {
        let mut v: serde_json::Value = serde_json::from_str(&old.to_json()).expect("json");
        let r = v["relations"].as_array_mut().expect("relations").iter_mut().find(|r| r["id"] == "material-resenas");
        r.expect("relation")["cardinality"]["outliers"]["max"] = serde_json::json!(max);
        load(&v.to_string()).expect("loads")
    }

    fn ask(base: &Model, current: &Model, lang: &str) -> ComparePreview {
        let request = Request {
            id: 5,
            lang: lang.into(),
            model: current.to_json(),
            job: Job::Diff { base: base.to_json() },
            texts: None,
        };
        let answer = handle(&serde_json::to_string(&request).expect("serialises"));
        let response: Response = serde_json::from_str(&answer).expect("a response");
        match response.outcome {
            Outcome::Compare(p) => *p,
            other => panic!("expected a comparison, got {other:?}"),
        }
    }

    #[test]
    fn the_worker_answers_the_flip_of_unbounded_reviews_with_marks_lines_and_the_report() {
        // The template's overflow capped at 800 reviews: ids in the parent (an array that size
        // holds), with the misapplied outlier flagged; made unbounded, the reviews are
        // referenced from the child and the embedded array is flagged instead.
        let old = overflow_up_to(&template("anti-outlier-misapplied"), 800);
        let new = unbounded(&old);
        let p = ask(&old, &new, "en");
        assert_eq!(p.relations, [("material-resenas".to_string(), '~')]);
        assert!(p.entities.is_empty(), "no box changed: {:?}", p.entities);
        let kinds: Vec<&str> = p.lines.iter().map(|l| l.kind.as_str()).collect();
        assert!(kinds.contains(&"flip") && kinds.contains(&"introduced") && kinds.contains(&"resolved"), "{kinds:?}");
        let flip = p.lines.iter().find(|l| l.kind == "flip").expect("flip");
        assert!(flip.text.contains("now recommends"), "{}", flip.text);
        assert!(p.summary.starts_with("Changes: 1. Verdicts that flip: 1."), "{}", p.summary);
        assert!(p.report.contains("```mermaid") && p.report.starts_with("## Design change:"));
        // The picture is the current design: nothing was removed.
        assert_eq!(load(&p.union).expect("the picture loads"), new);
        let es = ask(&old, &new, "es");
        assert!(es.summary.starts_with("Cambios: 1."), "{}", es.summary);
        assert!(es.lines.iter().any(|l| l.kind == "flip" && l.text.contains("recomienda ahora")));
    }

    #[test]
    fn what_was_removed_is_drawn_back_with_its_mark() {
        let old = template("bibliored");
        let mut new = old.clone();
        let gone = new.relations.remove(0);
        let field = new.entities[0].fields.pop().expect("a field");
        new.entities[1].name.push_str("_v2");
        let p = compare(&old, &new, Lang::Pt);
        let picture = load(&p.union).expect("loads");
        assert!(picture.relations.iter().any(|r| r.id == gone.id), "the removed arrow is drawn");
        assert!(p.relations.contains(&(gone.id.clone(), '-')));
        let e0 = new.entities[0].id.clone();
        assert!(p.fields.contains(&(e0.clone(), field.name.clone(), '-')), "{:?}", p.fields);
        assert!(picture.entity(&e0).is_some_and(|e| e.fields.iter().any(|f| f.name == field.name)));
        assert!(p.entities.contains(&(new.entities[1].id.clone(), '~')), "{:?}", p.entities);
        assert!(p.lines.iter().any(|l| l.kind == "heading" && l.text == "Mudanças"));
    }

    #[test]
    fn a_changed_sub_field_is_marked_at_its_own_row_and_its_parents_as_changed() {
        let old = template("bibliored");
        let (ei, fi) = old
            .entities
            .iter()
            .enumerate()
            .find_map(|(ei, e)| e.fields.iter().position(|f| !f.fields.is_empty()).map(|fi| (ei, fi)))
            .expect("bibliored has a field with sub-fields");
        let mut new = old.clone();
        let parent = new.entities[ei].fields[fi].name.clone();
        let sub = &mut new.entities[ei].fields[fi].fields[0];
        sub.required = !sub.required;
        let child = format!("{parent}.{}", sub.name);
        new.entities[ei].fields[fi]
            .fields
            .push(crate::model::Field::new("added_inside", crate::model::BsonType::String));
        let p = compare(&old, &new, Lang::En);
        let id = new.entities[ei].id.clone();
        let mark = |path: &str| p.fields.iter().find(|(e, f, _)| *e == id && f == path).map(|(_, _, c)| *c);
        assert_eq!(mark(&child), Some('~'), "{:?}", p.fields);
        assert_eq!(mark(&format!("{parent}.added_inside")), Some('+'), "{:?}", p.fields);
        assert_eq!(mark(&parent), Some('~'), "the parent row says something inside changed: {:?}", p.fields);
        assert_eq!(p.fields.len(), 3, "nothing else is marked: {:?}", p.fields);
    }

    #[test]
    fn a_design_compared_with_itself_says_so_and_marks_nothing() {
        let m = template("bibliored");
        let p = compare(&m, &m, Lang::En);
        assert_eq!(p.summary, "No change to the design.");
        assert!(p.entities.is_empty() && p.fields.is_empty() && p.relations.is_empty() && p.lines.is_empty());
    }

    #[test]
    fn a_base_that_does_not_load_is_refused_with_the_reason() {
        let m = template("bibliored");
        let request =
            Request { id: 6, lang: "en".into(), model: m.to_json(), job: Job::Diff { base: "{".into() }, texts: None };
        let response: Response =
            serde_json::from_str(&handle(&serde_json::to_string(&request).expect("s"))).expect("r");
        assert!(matches!(response.outcome, Outcome::Error(ref e) if !e.is_empty()), "{:?}", response.outcome);
    }
}
