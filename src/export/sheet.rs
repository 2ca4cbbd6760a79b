//! Decision sheets in Markdown, one per collection (seed 001, Consejo 1): aggregate root,
//! queries served, what is embedded and why, each copy with its category and propagation,
//! indexes, validator summary and expected document size. Read from the model and the
//! advisor's report; parts the report does not have yet print as "—". Written in English,
//! Spanish or Portuguese: the sheet's own words and the advisor's sentences follow the
//! language; names, code and MongoDB options stay as they are.

use super::document::Builder;
use super::examples::{collection_examples, CollectionExamples};
use super::mongosh::{advice_map, indexes_of};
use super::shape::Role;
use super::sheet_copies::copies_section;
use super::sheet_index::ReportIndex;
use super::sheet_parts::{
    bound, decimal, facts, pick, severity, sub_label, write_patterns, write_validator_summary, NONE,
};
use crate::advisor::{Finding, IndexAdvice, Report};
use crate::escape::markdown::{self as md, write_text};
use crate::i18n::{Labelled, Lang};
use crate::model::{AccessPattern, BsonType, Entity, EntityKind, Model, Storage};
use crate::text;
use std::collections::HashMap;
use std::fmt::Write;

/// Every collection's sheet, with a title, in `lang`.
pub fn sheets(model: &Model, report: &Report, lang: Lang) -> String {
    sheets_with(&Builder::new(model), report, lang)
}

/// Same as `sheets`, reusing a builder.
pub fn sheets_with(builder: &Builder, report: &Report, lang: Lang) -> String {
    sheets_from(builder, report, &super::examples::examples_with(builder), lang)
}

/// Same as `sheets_with`, from example documents already built (for their sizes).
pub fn sheets_from(builder: &Builder, report: &Report, examples: &[CollectionExamples], lang: Lang) -> String {
    let advice = advice_map(&report.indexes);
    let index = ReportIndex::new(builder.lookup.model, report);
    let examples: HashMap<&str, &CollectionExamples> = examples.iter().map(|c| (c.entity.as_str(), c)).collect();
    let mut out = md::render(
        &text!(
            en: "# Decision sheets: {model}\n", es: "# Fichas de decisión: {model}\n", pt: "# Fichas de decisão: {model}\n";
            model = &builder.lookup.model.name
        ),
        lang,
    );
    // Room for a sheet per collection (about 2 KB each), so the text is not copied as it grows.
    out.reserve(builder.lookup.collections().count() * 2048);
    for e in builder.lookup.collections() {
        out.push('\n');
        let advice = advice.get(e.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
        sheet_into(&mut out, builder, &index, e, advice, examples.get(e.id.as_str()).copied(), lang);
    }
    out
}

/// The sheet of one collection, in `lang`.
pub fn sheet(builder: &Builder, report: &Report, entity: &Entity, lang: Lang) -> String {
    let advice: Vec<&IndexAdvice> = report.indexes.iter().filter(|a| a.entity == entity.id).collect();
    let examples = collection_examples(builder, &entity.id);
    let mut out = String::new();
    let index = ReportIndex::new(builder.lookup.model, report);
    sheet_into(&mut out, builder, &index, entity, &advice, examples.as_ref(), lang);
    out
}

/// Appends the sheet of one collection to `out`. (Writing to a `String` cannot fail, so the
/// results of `write!` are ignored.)
pub(super) fn sheet_into(
    out: &mut String,
    builder: &Builder,
    report: &ReportIndex,
    entity: &Entity,
    advice: &[&IndexAdvice],
    examples: Option<&CollectionExamples>,
    lang: Lang,
) {
    let lookup = &builder.lookup;
    let model = lookup.model;
    let mut members: Vec<&str> = vec![entity.id.as_str()];
    let mut i = 0;
    while let Some(current) = members.get(i).copied() {
        for (_, r) in lookup.children(current) {
            if r.storage == Storage::Embed
                && !members.contains(&r.child.as_str())
                && members.len() <= model.entities.len()
            {
                members.push(r.child.as_str());
            }
        }
        i += 1;
    }
    let _ = write!(out, "## {}\n\n", md::text(&entity.name));
    let notes = if entity.notes.is_empty() { String::new() } else { format!(" {}", entity.notes) };
    let root = text!(
        en: "**Aggregate root:** `{id}` (collection `{name}`).{notes}\n\n",
        es: "**Raíz del agregado:** `{id}` (colección `{name}`).{notes}\n\n",
        pt: "**Raiz do agregado:** `{id}` (coleção `{name}`).{notes}\n\n";
        id = &entity.id, name = &entity.name, notes
    );
    write_text(out, &root, lang);

    out.push_str(pick(lang, ["**Queries served**\n\n", "**Consultas atendidas**\n\n", "**Consultas atendidas**\n\n"]));
    // Queries starting from the aggregate's members, then those the advisor assigns to it.
    let mut queries: Vec<&AccessPattern> =
        members.iter().flat_map(|m| report.starting.get(m).into_iter().flatten().copied()).collect();
    for id in report.aggregate_queries.get(entity.id.as_str()).into_iter().flatten() {
        if let Some(q) = report.by_query_id.get(id) {
            if !queries.iter().any(|x| x.id == q.id) {
                queries.push(q);
            }
        }
    }
    if queries.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for q in queries {
        let (id, name) = (md::text(&q.id), md::text(&q.name));
        let _ = write!(out, "- {id} {name} ({}, {}/min", q.kind.msg().text(lang), decimal(lang, q.per_minute));
        if let Some(s) = q.sla_ms {
            let _ = write!(out, ", p95 ≤ {s} ms");
        }
        out.push_str(").");
        if let Some(a) = report.queries.get(q.id.as_str()) {
            out.push(' ');
            write_text(out, &a.explanation, lang);
        }
        out.push('\n');
    }

    out.push_str(pick(
        lang,
        ["\n**Embedded, and why**\n\n", "\n**Qué se embebe y por qué**\n\n", "\n**O que se embute e por quê**\n\n"],
    ));
    let mut embedded = 0;
    for member in &members {
        for (_, r) in lookup.children(member).filter(|(_, r)| r.storage == Storage::Embed) {
            let child = lookup.entity(&r.child);
            let what = match child.map(|c| c.kind) {
                Some(EntityKind::Value) => text!(
                    en: "values ({ty})", es: "valores ({ty})", pt: "valores ({ty})";
                    ty = child.and_then(|c| c.value_type).unwrap_or(BsonType::String).name()
                )
                .render(lang),
                _ => pick(lang, ["sub-documents", "subdocumentos", "subdocumentos"]).to_string(),
            };
            let why = match report.relations.get(r.id.as_str()) {
                Some(a) => a.summary().clone(),
                None => facts(r.cardinality.max, r.read_separately, r.child_changes, r.atomic_with_parent),
            };
            let notes = if r.notes.is_empty() { String::new() } else { format!(" {}", r.notes) };
            let line = text!(
                en: "- `{field}`: {what} of `{child}`, {typical} typical, {bound}. {why}{notes}\n",
                es: "- `{field}`: {what} de `{child}`, habitualmente {typical}, {bound}. {why}{notes}\n",
                pt: "- `{field}`: {what} de `{child}`, normalmente {typical}, {bound}. {why}{notes}\n";
                field = if r.field.is_empty() { lookup.name(&r.child) } else { r.field.clone() },
                what, child = lookup.name(&r.child), typical = decimal(lang, r.cardinality.typical),
                bound = bound(lang, r.cardinality.max), why, notes
            );
            write_text(out, &line, lang);
            embedded += 1;
        }
    }
    if let Some(shape) = builder.shape(&entity.id) {
        for n in shape.fields.iter().filter(|n| {
            n.role == Role::Plain
                && n.has_children()
                && !is_relation_field(builder, &entity.id, &n.name)
                && !n.children.iter().any(|c| matches!(c.role, Role::ParentRef(_) | Role::Copy { .. }))
        }) {
            let line = text!(
                en: "- `{field}`: {what} declared in the document.\n",
                es: "- `{field}`: {what} declarado en el documento.\n",
                pt: "- `{field}`: {what} declarado no documento.\n";
                field = &*n.name, what = sub_label(n, lang)
            );
            write_text(out, &line, lang);
            embedded += 1;
        }
    }
    if embedded == 0 {
        let _ = writeln!(out, "{NONE}");
    }

    out.push_str(pick(lang, ["\n**References**\n\n", "\n**Referencias**\n\n", "\n**Referências**\n\n"]));
    let mut refs = 0;
    for member in &members {
        for (_, r) in lookup.children(member).chain(lookup.parents(member)).filter(|(_, r)| r.storage != Storage::Embed)
        {
            let (other, side) = if r.parent == *member {
                (&r.child, pick(lang, ["to", "hacia", "para"]))
            } else {
                (&r.parent, pick(lang, ["from", "desde", "de"]))
            };
            let place = match (&r.reference.child_field, &r.reference.parent_field) {
                (Some(c), _) => text!(
                    en: "`{child}.{field}` points at the parent",
                    es: "`{child}.{field}` apunta al padre",
                    pt: "`{child}.{field}` aponta para o pai";
                    child = lookup.name(&r.child), field = c
                ),
                (None, Some(p)) => text!(
                    en: "`{parent}.{field}` lists the children",
                    es: "`{parent}.{field}` lista los hijos",
                    pt: "`{parent}.{field}` lista os filhos";
                    parent = lookup.name(&r.parent), field = p
                ),
                _ => text!(en: "no id stored", es: "no se guarda ningún id", pt: "nenhum id guardado"),
            };
            let place = md::render(&place, lang);
            let advice = report
                .relations
                .get(r.id.as_str())
                .map(|a| {
                    text!(
                        en: "; advisor: {recommendation} ({class})",
                        es: "; asesor: {recommendation} ({class})",
                        pt: "; assistente: {recommendation} ({class})";
                        recommendation = a.recommendation.msg(), class = a.class.msg()
                    )
                })
                .map(|t| md::render(&t, lang))
                .unwrap_or_default();
            let other = md::code(&lookup.name(other));
            let _ = writeln!(out, "- {side} {other}: {}; {place}{advice}.", r.storage.msg().text(lang));
            refs += 1;
        }
    }
    if refs == 0 {
        let _ = writeln!(out, "{NONE}");
    }

    copies_section(out, lookup, &members, entity, lang);

    out.push_str(pick(lang, ["\n**Patterns**\n\n", "\n**Patrones**\n\n", "\n**Padrões**\n\n"]));
    if write_patterns(out, builder, report, entity, lang) == 0 {
        let _ = writeln!(out, "{NONE}");
    }

    out.push_str(pick(lang, ["\n**Indexes**\n\n", "\n**Índices**\n\n", "\n**Índices**\n\n"]));
    let indexes = indexes_of(builder, entity, advice, lang);
    if indexes.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for l in indexes {
        let mut opts = Vec::new();
        if l.index.unique {
            opts.push(pick(lang, ["unique", "único", "único"]).to_string());
        }
        if let Some(t) = l.index.ttl_seconds {
            opts.push(format!("TTL {t} s"));
        }
        let opts = if opts.is_empty() { String::new() } else { format!(" ({})", opts.join(", ")) };
        let reason = if l.reason.is_empty() { NONE.to_string() } else { md::text(&l.reason) };
        let _ = writeln!(out, "- {}{opts}: {reason}", md::code(&l.index.key_doc()));
    }

    out.push_str(pick(lang, ["\n**Validator**\n\n", "\n**Validador**\n\n", "\n**Validador**\n\n"]));
    write_validator_summary(out, builder, entity, lang);

    out.push_str(pick(
        lang,
        ["\n**Document size**\n\n", "\n**Tamaño del documento**\n\n", "\n**Tamanho do documento**\n\n"],
    ));
    match report.sizes.get(entity.id.as_str()) {
        // With no unbounded growth the horizon is the worst case, and its label says so.
        Some(s) if s.horizon_bytes <= s.worst_bytes => {
            let line = text!(
                en: "- Estimated: {avg} bytes on average, {worst} worst case now ({horizon}).\n",
                es: "- Estimado: {avg} bytes de media, {worst} en el peor caso hoy ({horizon}).\n",
                pt: "- Estimado: {avg} bytes em média, {worst} no pior caso hoje ({horizon}).\n";
                avg = s.avg_bytes.to_string(), worst = s.worst_bytes.to_string(), horizon = s.horizon_label.clone()
            );
            write_text(out, &line, lang);
        }
        Some(s) => {
            let line = text!(
                en: "- Estimated: {avg} bytes on average, {worst} worst case now, {horizon_bytes} {horizon}.\n",
                es: "- Estimado: {avg} bytes de media, {worst} en el peor caso hoy, {horizon_bytes} {horizon}.\n",
                pt: "- Estimado: {avg} bytes em média, {worst} no pior caso hoje, {horizon_bytes} {horizon}.\n";
                avg = s.avg_bytes.to_string(), worst = s.worst_bytes.to_string(), horizon = s.horizon_label.clone(),
                horizon_bytes = s.horizon_bytes.to_string()
            );
            write_text(out, &line, lang);
        }
        None => {
            let _ = writeln!(out, "{}{NONE}", pick(lang, ["- Estimated: ", "- Estimado: ", "- Estimado: "]));
        }
    }
    if let Some(ex) = examples {
        let sizes: Vec<String> = ex
            .examples
            .iter()
            .map(|e| {
                if e.label.is_empty() {
                    format!("{} bytes", e.doc.bson_size())
                } else {
                    format!("{} bytes ({})", e.doc.bson_size(), e.label)
                }
            })
            .collect();
        let line = text!(
            en: "- Example document as BSON: {sizes}.\n",
            es: "- Documento de ejemplo en BSON: {sizes}.\n",
            pt: "- Documento de exemplo em BSON: {sizes}.\n";
            sizes = sizes.join(", ")
        );
        write_text(out, &line, lang);
    }

    if let Some(scale) = report.scale.get(entity.id.as_str()) {
        out.push_str(pick(lang, ["\n**Scale**\n\n", "\n**Escala**\n\n", "\n**Escala**\n\n"]));
        super::scale_markdown::write_scale(out, model, scale, lang);
    }

    let mut findings: Vec<&Finding> = Vec::new();
    for m in &members {
        for f in report.findings.get(m).into_iter().flatten() {
            if !findings.iter().any(|x| std::ptr::eq(*x, *f)) {
                findings.push(f);
            }
        }
    }
    out.push_str(pick(
        lang,
        ["\n**Advisor findings**\n\n", "\n**Hallazgos del asesor**\n\n", "\n**Achados do assistente**\n\n"],
    ));
    if findings.is_empty() {
        let _ = writeln!(out, "{NONE}");
    }
    for f in findings {
        let _ = write!(out, "- {} {} ({}): ", f.code, f.rule, severity(lang, f.severity));
        write_text(out, &f.message, lang);
        out.push('\n');
    }
}

fn is_relation_field(builder: &Builder, entity: &str, name: &str) -> bool {
    builder.lookup.children(entity).any(|(_, r)| {
        r.field == name
            || r.subset.as_ref().is_some_and(|s| s.field == name)
            || r.computed
                .iter()
                .any(|c| c.field.strip_prefix(name).is_some_and(|rest| rest.is_empty() || rest.starts_with('.')))
    })
}
