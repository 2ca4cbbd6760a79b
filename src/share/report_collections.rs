//! The review report's last section: per collection, what it embeds and serves, its size, its
//! indexes, its decision sheet and its validator, in the report's language.

use super::labels::bytes_label;
use super::markdown::{cell, code, fenced, paragraphs, table, text};
use super::report_export::validator_with;
use crate::advisor::Report;
use crate::export::pick;
use crate::export::sheet_batch::SheetBatch;
use crate::i18n::Lang;
use crate::model::{Entity, Model};
use crate::text;
use std::collections::HashMap;
use std::fmt::Write;

/// Appends the "Collections" section to `out`.
pub(super) fn collections_section(out: &mut String, model: &Model, report: &Report, lang: Lang) {
    out.push_str(pick(lang, ["## Collections\n\n", "## Colecciones\n\n", "## Coleções\n\n"]));
    let collections: Vec<&Entity> = model.collections().collect();
    if collections.is_empty() {
        out.push_str(pick(
            lang,
            [
                "The design has no collections yet.\n\n",
                "El diseño aún no tiene colecciones.\n\n",
                "O design ainda não tem coleções.\n\n",
            ],
        ));
        return;
    }
    // Built once for every collection's section (a look-up per collection made reports on
    // thousands of collections quadratic).
    let batch = SheetBatch::new(model, report);
    let labels = crate::model::PlaceLabels::new(model);
    let aggregates: HashMap<&str, _> = report.aggregates.iter().rev().map(|a| (a.root.as_str(), a)).collect();
    let sizes: HashMap<&str, _> = report.sizes.iter().rev().map(|s| (s.entity.as_str(), s)).collect();
    let mut index_advice: HashMap<&str, Vec<_>> = HashMap::new();
    for i in &report.indexes {
        index_advice.entry(i.entity.as_str()).or_default().push(i);
    }
    for e in collections {
        let _ = writeln!(out, "### {}\n", text(&e.name));
        if !e.notes.trim().is_empty() {
            let _ = writeln!(out, "{}\n", paragraphs(&e.notes));
        }
        if let Some(agg) = aggregates.get(e.id.as_str()) {
            if !agg.members.is_empty() {
                let members: Vec<String> = agg.members.iter().map(|m| code(labels.entity_name(m))).collect();
                out.push_str(
                    &text!(en: "Embeds {members}.\n", es: "Embebe {members}.\n", pt: "Embute {members}.\n";
                        members = members.join(", "))
                    .render(lang),
                );
            }
            if !agg.queries.is_empty() {
                out.push_str(
                    &text!(en: "Serves {queries}.\n", es: "Atiende {queries}.\n", pt: "Atende {queries}.\n";
                        queries = agg.queries.iter().map(|q| code(q)).collect::<Vec<_>>().join(", "))
                    .render(lang),
                );
            }
            out.push('\n');
        }
        let size = sizes.get(e.id.as_str()).copied();
        if let Some(s) = size.filter(|s| s.horizon_bytes <= s.worst_bytes) {
            // No unbounded growth: the horizon is the worst case, and its label says so.
            out.push_str(
                &text!(
                    en: "Document size: average {avg}, worst now {worst}; {horizon} ({level}).\n\n",
                    es: "Tamaño del documento: media {avg}, peor caso hoy {worst}; {horizon} ({level}).\n\n",
                    pt: "Tamanho do documento: média {avg}, pior caso hoje {worst}; {horizon} ({level}).\n\n";
                    avg = bytes_label(s.avg_bytes, lang), worst = bytes_label(s.worst_bytes, lang),
                    horizon = text(&s.horizon_label.render(lang)), level = super::labels::size_level_label(s.level, lang)
                )
                .render(lang),
            );
        } else if let Some(s) = size {
            out.push_str(
                &text!(
                    en: "Document size: average {avg}, worst now {worst}, {horizon} {horizon_bytes} ({level}).\n\n",
                    es: "Tamaño del documento: media {avg}, peor caso hoy {worst}, {horizon} {horizon_bytes} ({level}).\n\n",
                    pt: "Tamanho do documento: média {avg}, pior caso hoje {worst}, {horizon} {horizon_bytes} ({level}).\n\n";
                    avg = bytes_label(s.avg_bytes, lang), worst = bytes_label(s.worst_bytes, lang),
                    horizon = text(&s.horizon_label.render(lang)), horizon_bytes = bytes_label(s.horizon_bytes, lang),
                    level = super::labels::size_level_label(s.level, lang)
                )
                .render(lang),
            );
        }
        let advised: Vec<Vec<String>> = index_advice
            .get(e.id.as_str())
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|i| {
                let serves = i.queries.iter().map(|q| code(q)).collect::<Vec<_>>().join(", ");
                let origin = if i.declared {
                    pick(lang, ["declared", "declarado", "declarado"])
                } else {
                    pick(lang, ["derived", "derivado", "derivado"])
                };
                vec![code(&i.index.key_doc()), origin.to_string(), serves, cell(&i.reason.render(lang))]
            })
            .collect();
        if !advised.is_empty() {
            let header = match lang {
                Lang::En => ["index", "origin", "serves", "why"],
                Lang::Es => ["índice", "origen", "atiende", "por qué"],
                Lang::Pt => ["índice", "origem", "atende", "por quê"],
            };
            out.push_str(&table(&header, &advised));
            out.push('\n');
        } else if !e.collection.indexes.is_empty() {
            let keys: Vec<String> = e.collection.indexes.iter().map(|i| code(&i.key_doc())).collect();
            out.push_str(
                &text!(
                    en: "Declared indexes: {keys}.\n\n", es: "Índices declarados: {keys}.\n\n", pt: "Índices declarados: {keys}.\n\n";
                    keys = keys.join(", ")
                )
                .render(lang),
            );
        }
        {
            let sheet = batch.sheet(e, lang);
            let heading = pick(lang, ["Decision sheet", "Ficha de decisión", "Ficha de decisão"]);
            let _ = writeln!(out, "#### {heading}\n\n{}\n", sheet.trim_end());
        }
        if let Some(schema) = validator_with(batch.builder(), e) {
            let heading = pick(lang, ["Validator", "Validador", "Validador"]);
            let _ = writeln!(out, "#### {heading}\n\n{}\n", fenced("js", schema.trim_end()));
        }
    }
}
