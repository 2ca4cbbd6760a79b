//! The importer's preview: sample documents (mongosh output, Extended JSON, NDJSON) or a
//! `$jsonSchema` read into a new entity, with a summary and the messages to show.

use super::protocol::ImportPreview;
use crate::i18n::{Lang, Msg};
use crate::infer::{entity_id, import_json_schema, infer_text, thousands, Accumulator, Format};
use crate::model::Model;

/// Reads `text` as a collection named `name` (`source` is the file name or "pasted"), with an
/// id not used in `model`; the error says why nothing could be read, in `lang`.
pub fn analyse(text: &str, name: &str, source: &str, model: &Model, lang: Lang) -> Result<ImportPreview, String> {
    let trimmed = text.trim_start();
    let id = model.fresh_id(&entity_id(name));
    // A validator (`$jsonSchema`, `validator`, `bsonType` at the top) imports as a schema.
    let mut end = trimmed.len().min(400);
    while !trimmed.is_char_boundary(end) {
        end -= 1;
    }
    let head = &trimmed[..end];
    let looks_like_schema = trimmed.contains("$jsonSchema") || (trimmed.starts_with('{') && head.contains("bsonType"));
    if looks_like_schema {
        let imported = import_json_schema(text, name)?;
        let mut entity = imported.entity;
        entity.id = id;
        return Ok(ImportPreview {
            summary: Msg::SchemaSummary.fill(lang, &[&entity.fields.len()]),
            messages: imported.warnings,
            entity,
        });
    }
    let mut acc = Accumulator::default();
    let summary = infer_text(text, Format::Auto, &mut acc);
    if summary.documents == 0 {
        let first = summary
            .messages
            .first()
            .map(|m| format!(" ({})", Msg::LineColumn.fill(lang, &[&m.line, &m.column, &m.message])))
            .unwrap_or_default();
        return Err(Msg::NoDocument.fill(lang, &[&first]));
    }
    let inference = acc.report();
    let entity = inference.to_measured_entity(&id, name, &model.thresholds, source);
    let mut messages: Vec<String> =
        summary.messages.iter().map(|m| Msg::LineColumn.fill(lang, &[&m.line, &m.column, &m.message])).collect();
    if let Some(measured) = &entity.measured {
        // Each observation in the interface's language, from its figures (as written when it
        // carries none).
        messages.extend(measured.observations.iter().map(|o| {
            crate::infer::observation_text(&o.code, o.path.as_deref(), o.count, &o.figures, &o.shares)
                .map(|t| t.render(lang))
                .unwrap_or_else(|| o.message.clone())
        }));
    }
    Ok(ImportPreview {
        summary: Msg::DocsSummary.fill(
            lang,
            &[&thousands(summary.documents), &summary.format, &thousands(summary.malformed), &entity.fields.len()],
        ),
        messages,
        entity,
    })
}
