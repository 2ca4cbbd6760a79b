//! The mongosh script of a whole design: collections with their validators, every index, and
//! the write paths of the patterns in use. It names no database (`use` is left to the caller),
//! so it runs against whichever database the shell is connected to. Its comments are written in
//! the language asked for; the code, the names and the `$jsonSchema` are the same in every one.

use super::bson::{Bson, Doc};
use super::document::Builder;
use super::schema::Validator;
use super::shell::{js_string, push_doc};
use super::snippets::{coll, write_snippets};
use crate::advisor::IndexAdvice;
use crate::escape::hazard::{hazard, Hazard};
use crate::escape::js::{comment_text, push_comment};
use crate::i18n::Lang;
use crate::model::{Entity, IndexSpec, Model};
use crate::text;
use std::collections::HashMap;
use std::fmt::Write;

/// One `createIndex` line with where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexLine {
    pub index: IndexSpec,
    /// The access patterns it serves and why these keys, in the language of the export.
    pub reason: String,
}

/// The whole script, from the model and the advisor's indexes, with its comments in `lang`.
pub fn script(model: &Model, advice: &[IndexAdvice], lang: Lang) -> String {
    let builder = Builder::new(model);
    script_with(&builder, advice, lang)
}

/// Same as `script`, reusing a builder.
pub fn script_with(builder: &Builder, advice: &[IndexAdvice], lang: Lang) -> String {
    script_from(builder, advice, &super::schema::validators(builder), lang)
}

/// Groups the advisor's indexes by collection (entity id), once.
pub fn advice_by_entity(advice: &[IndexAdvice]) -> HashMap<&str, Vec<&IndexAdvice>> {
    advice_map(advice).into_iter().collect()
}

/// [`advice_by_entity`] with the fast hasher, for the exporters' own look-ups.
pub(crate) fn advice_map(advice: &[IndexAdvice]) -> HashMap<&str, Vec<&IndexAdvice>> {
    let mut map: HashMap<&str, Vec<&IndexAdvice>> = HashMap::new();
    for a in advice {
        map.entry(a.entity.as_str()).or_default().push(a);
    }
    map
}

/// Same as `script_with`, from validators already built. The scale advice (which collections
/// to shard) is computed again from the model; [`script_of_report`] reuses the report's.
pub fn script_from(builder: &Builder, advice: &[IndexAdvice], validators: &[Validator], lang: Lang) -> String {
    let scale = crate::advisor::scale_of(builder.lookup.model, advice);
    script_parts(builder, advice, validators, &scale, lang)
}

/// The whole script from the advisor's report (its indexes and its scale advice).
pub fn script_of_report(builder: &Builder, report: &crate::advisor::Report, lang: Lang) -> String {
    script_parts(builder, &report.indexes, &super::schema::validators(builder), &report.scale, lang)
}

fn script_parts(
    builder: &Builder,
    advice: &[IndexAdvice],
    validators: &[Validator],
    scale: &[crate::advisor::scale::CollectionScale],
    lang: Lang,
) -> String {
    let model = builder.lookup.model;
    let advice = advice_map(advice);
    let validators: HashMap<&str, &Validator> = validators.iter().map(|v| (v.entity.as_str(), v)).collect();
    // Room for the text (about 3 KB per collection on a large generated model: validator,
    // indexes, functions), so it is rarely copied as it grows.
    let mut out = String::with_capacity(validators.len() * 3072 + builder.lookup.model.entities.len() * 256);
    push_comment(&mut out, &header(model, lang));
    // The declared indexes no access pattern uses (DS313): each gets a commented `dropIndex`;
    // those MongoDB refuses (DS315) stay in the script, commented out. One design for both.
    let design = crate::advisor::Design::new(model);
    let unused = crate::advisor::unused_indexes(&design);
    let refused = crate::advisor::refused_indexes(&design);
    for entity in builder.lookup.collections() {
        out.push('\n');
        let advice = advice.get(entity.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
        let v = validators.get(entity.id.as_str()).copied();
        let section = Section { advice, v, unused: &unused, refused: &refused };
        collection_section(&mut out, builder, entity, section, lang);
    }
    // The collections the scale advice shards, last: they need the collections and indexes.
    super::shard_script::push_sharding(&mut out, model, scale, lang);
    out
}

/// The script's opening comment: how to run it and how to roll out validation (written through
/// [`push_comment`], as every comment of the script).
fn header(model: &Model, lang: Lang) -> String {
    text!(
        en: "// docshape: mongosh script for the design {name}.\n\
             // Run it against the target database, e.g. mongosh \"mongodb://localhost:27017/{db}\" {file}.js\n\
             // It creates each collection with its validator, then its indexes, then defines the write\n\
             // functions of the patterns the design uses (defined, not called: loading writes nothing).\n\
             //\n\
             // Rolling out validation (the BiblioRed lesson on document modelling, \"Schema validation with $jsonSchema\"):\n\
             // - A collection that already holds data: deploy with validationAction: \"warn\" first, read the\n\
             //   server log for the documents that fail, fix them and the code that writes them, then switch:\n\
             //     db.runCommand({ collMod: \"<collection>\", validationAction: \"error\" })\n\
             // - Use validationLevel: \"moderate\" while old documents are migrated: updates to documents that\n\
             //   already break the rules are not blocked; inserts and valid documents are checked.\n\
             // - For an existing collection, apply the same options with collMod instead of createCollection.\n\
             // - $jsonSchema validates shape, never references: referential integrity stays in the application.\n",
        es: "// docshape: script de mongosh para el diseño {name}.\n\
             // Ejecútalo contra la base de datos de destino, p. ej. mongosh \"mongodb://localhost:27017/{db}\" {file}.js\n\
             // Crea cada colección con su validador, después sus índices, y luego define las funciones de\n\
             // escritura de los patrones que usa el diseño (definidas, no llamadas: cargarlo no escribe nada).\n\
             //\n\
             // Cómo desplegar la validación (lección de BiblioRed sobre modelado documental, \"Validación de esquema con $jsonSchema\"):\n\
             // - En una colección que ya tiene datos: despliega primero con validationAction: \"warn\", busca en el\n\
             //   registro del servidor los documentos que fallan, corrígelos junto con el código que los escribe y cambia:\n\
             //     db.runCommand({ collMod: \"<coleccion>\", validationAction: \"error\" })\n\
             // - Usa validationLevel: \"moderate\" mientras migras los documentos antiguos: no se bloquean las\n\
             //   actualizaciones de documentos que ya incumplen las reglas; se comprueban las inserciones y los documentos válidos.\n\
             // - En una colección existente, aplica las mismas opciones con collMod en lugar de createCollection.\n\
             // - $jsonSchema valida la forma, nunca las referencias: la integridad referencial sigue en la aplicación.\n",
        pt: "// docshape: script do mongosh para o design {name}.\n\
             // Execute-o no banco de dados de destino, por exemplo mongosh \"mongodb://localhost:27017/{db}\" {file}.js\n\
             // Ele cria cada coleção com seu validador, depois seus índices, e então define as funções de escrita\n\
             // dos padrões que o design usa (definidas, não chamadas: carregar o script não grava nada).\n\
             //\n\
             // Como implantar a validação (lição do BiblioRed sobre modelagem de documentos, \"Validação de esquema com $jsonSchema\"):\n\
             // - Em uma coleção que já tem dados: implante primeiro com validationAction: \"warn\", procure no\n\
             //   log do servidor os documentos que falham, corrija-os junto com o código que os grava e então mude:\n\
             //     db.runCommand({ collMod: \"<colecao>\", validationAction: \"error\" })\n\
             // - Use validationLevel: \"moderate\" enquanto os documentos antigos são migrados: atualizações de documentos\n\
             //   que já violam as regras não são bloqueadas; inserções e documentos válidos são verificados.\n\
             // - Em uma coleção existente, aplique as mesmas opções com collMod em vez de createCollection.\n\
             // - $jsonSchema valida a forma, nunca as referências: a integridade referencial fica na aplicação.\n";
        name = js_string(&model.name),
        db = comment_text(&model.database).into_owned(),
        file = super::snippets::ident(&model.database)
    )
    .render(lang)
}

/// Appends the section of one collection to `out`. (Writing to a `String` cannot fail, so the
/// results of `write!` are ignored.)
fn collection_section(out: &mut String, builder: &Builder, entity: &Entity, section: Section, lang: Lang) {
    let Section { advice, v, unused, refused } = section;
    let rule = "─".repeat(60usize.saturating_sub(entity.name.chars().count()));
    push_comment(out, &format!("// ── {} {rule}", entity.name));
    // A note's lines, whatever ends them (a lone `\r`, U+2028…), each a comment line.
    for line in entity.notes.split(|c| hazard(c) == Some(Hazard::LineBreak)).filter(|l| !l.trim().is_empty()) {
        push_comment(out, line);
    }
    let name = js_string(&entity.name);
    let options = collection_options(entity);
    // A time series collection takes no validator ("Time Series Collection Limitations").
    let timeseries = entity.collection.timeseries.is_some();
    match v.filter(|_| entity.collection.validate && !timeseries) {
        Some(v) => {
            let _ = write!(out, "db.createCollection({name}, {{\n  validator: {{\n    $jsonSchema: ");
            push_doc(out, &v.schema, 2);
            let _ = write!(
                out,
                "\n  }},\n  validationLevel: {},\n  validationAction: {}",
                js_string(v.level),
                js_string(v.action)
            );
            for (key, value) in &options.0 {
                let _ = write!(out, ",\n  {}: {}", super::shell::key(key), inline_value(value));
            }
            out.push_str("\n});\n");
        }
        None => {
            let why = if timeseries && entity.collection.validate {
                text!(
                    en: "// no validator: a time series collection cannot have one (\"Time Series Collection Limitations\")",
                    es: "// sin validador: una colección de series temporales no admite validador (\"Time Series Collection Limitations\")",
                    pt: "// sem validador: uma coleção de séries temporais não admite validador (\"Time Series Collection Limitations\")"
                )
            } else {
                text!(
                    en: "// no validator: validate is off in the model",
                    es: "// sin validador: validate está desactivado en el modelo",
                    pt: "// sem validador: validate está desativado no modelo"
                )
            };
            if options.is_empty() {
                let _ = writeln!(out, "db.createCollection({name}); {}", why.render(lang));
            } else {
                let _ = writeln!(out, "db.createCollection({name}, {}); {}", inline(&options), why.render(lang));
            }
        }
    }
    let indexes = indexes_of(builder, entity, advice, lang);
    if !indexes.is_empty() {
        out.push('\n');
    }
    for line in &indexes {
        let refusal = refused.iter().find(|r| std::ptr::eq(r.entity, entity) && r.index.keys == line.index.keys);
        // A refused index's own comment says why it is not built.
        if !line.reason.is_empty() && refusal.is_none() {
            push_comment(out, &format!("// {}", line.reason));
        }
        let options = index_options(&line.index);
        let opts = if options.is_empty() { String::new() } else { format!(", {}", inline(&options)) };
        let call = format!("{}.createIndex({}{opts});", coll(&entity.name), line.index.key_doc());
        match refusal {
            Some(r) => {
                let why = r.why.sentence(crate::i18n::Arg::from(line.index.key_doc()), &entity.name).render(lang);
                push_comment(out, &format!("// refused-index (DS315): {why}"));
                push_comment(out, &format!("// {call}"));
            }
            None => {
                let _ = writeln!(out, "{call}");
            }
        }
    }
    for u in unused.iter().filter(|u| std::ptr::eq(u.entity, entity)) {
        drop_comment(out, entity, u.index, lang);
    }
    write_snippets(out, builder, entity, lang);
}

/// What a collection's section is written from besides the collection: the advisor's indexes
/// of it, its validator, and the model's unused indexes.
struct Section<'a> {
    advice: &'a [&'a IndexAdvice],
    v: Option<&'a Validator>,
    unused: &'a [crate::advisor::Unused<'a>],
    refused: &'a [crate::advisor::RefusedIndexOf<'a>],
}

/// A declared index no access pattern uses, as a commented `dropIndex` (by name when it has
/// one) after the reason: to run by hand once `$indexStats` and a hidden trial agree.
fn drop_comment(out: &mut String, entity: &Entity, index: &IndexSpec, lang: Lang) {
    let why = text!(
        en: "// unused-index (DS313): no access pattern uses {key}; check $indexStats, hide it (hideIndex), then drop it:",
        es: "// unused-index (DS313): ningún patrón de acceso usa {key}; comprueba $indexStats, ocúltalo (hideIndex) y luego elimínalo:",
        pt: "// unused-index (DS313): nenhum padrão de acesso usa {key}; verifique $indexStats, oculte-o (hideIndex) e depois remova-o:";
        key = index.key_doc()
    );
    push_comment(out, &why.render(lang));
    let target = if index.name.is_empty() { index.key_doc() } else { js_string(&index.name) };
    push_comment(out, &format!("// {}.dropIndex({target});", coll(&entity.name)));
}

/// The indexes of a collection: the advisor's (derived and declared), the model's declared ones,
/// and the bucket's TTL index; the first of two with the same keys wins, options merged. The
/// reasons are written in `lang`.
pub fn indexes_of(builder: &Builder, entity: &Entity, advice: &[&IndexAdvice], lang: Lang) -> Vec<IndexLine> {
    let mut lines: Vec<IndexLine> = Vec::new();
    let mut add = |index: IndexSpec, reason: String| match lines.iter_mut().find(|l| same_index(&l.index, &index)) {
        Some(l) => {
            l.index.unique |= index.unique;
            l.index.ttl_seconds = l.index.ttl_seconds.or(index.ttl_seconds);
        }
        None => lines.push(IndexLine { index, reason }),
    };
    for a in advice.iter().filter(|a| a.entity == entity.id) {
        let serves = if a.queries.is_empty() { String::new() } else { format!("{}: ", a.queries.join(", ")) };
        add(
            IndexSpec::clone(&a.index),
            format!("{serves}{}", a.reason.render(lang)).trim_end_matches(": ").to_string(),
        );
    }
    for index in &entity.collection.indexes {
        let declared = text!(en: "declared in the model", es: "declarado en el modelo", pt: "declarado no modelo");
        add(index.clone(), declared.render(lang));
    }
    for (_, rel) in builder.lookup.parents(&entity.id) {
        if let Some(b) = &rel.bucket {
            if let (Some(ttl), Some(period)) = (b.ttl_seconds, &b.period_field) {
                let mut index = IndexSpec::new(&[(period.as_str(), 1)]);
                index.ttl_seconds = Some(ttl);
                let why = text!(
                    en: "retention: buckets expire {ttl} s after their {period} (TTL)",
                    es: "retención: los contenedores caducan {ttl} s después de su {period} (TTL)",
                    pt: "retenção: os buckets expiram {ttl} s depois do seu {period} (TTL)";
                    ttl = ttl.to_string(), period
                );
                add(index, why.render(lang));
            }
        }
    }
    name_twins(&mut lines);
    lines
}

/// Whether two indexes are one `createIndex`: the same keys, and the same options that decide
/// which documents and queries they serve (partial filter, sparse, hidden, collation, name).
fn same_index(a: &IndexSpec, b: &IndexSpec) -> bool {
    a.keys == b.keys
        && a.partial_filter_expression == b.partial_filter_expression
        && a.sparse == b.sparse
        && a.hidden == b.hidden
        && a.collation == b.collation
        && a.name == b.name
}

/// Names each index whose keys an earlier one has already (a partial index and a full one on
/// the same field): the server would give both the same name and refuse the second.
fn name_twins(lines: &mut [IndexLine]) {
    for at in 1..lines.len() {
        let (before, rest) = lines.split_at_mut(at);
        let Some(line) = rest.first_mut() else { continue };
        let twins = before.iter().filter(|l| l.index.keys == line.index.keys).count();
        if twins > 0 && line.index.name.is_empty() {
            line.index.name = format!("{}_{}", default_name(&line.index), twins + 1);
        }
    }
}

/// The name the server gives an index: each key's field and direction (or kind) joined by `_`.
pub fn default_name(index: &IndexSpec) -> String {
    let parts: Vec<String> = index
        .keys
        .iter()
        .map(|k| match k.kind {
            Some(kind) => format!("{}_{}", k.field, kind.name()),
            None => format!("{}_{}", k.field, k.dir),
        })
        .collect();
    parts.join("_")
}

/// The options document of `createIndex`, in the order MongoDB's manual lists them: `unique`,
/// `expireAfterSeconds`, `sparse`, `partialFilterExpression`, `collation`, `hidden`, `name`.
/// Empty when the index has none.
pub(crate) fn index_options(index: &IndexSpec) -> Doc {
    let mut options = Doc::new();
    if index.unique {
        options.insert("unique", Bson::Bool(true));
    }
    if let Some(s) = index.ttl_seconds {
        options.insert("expireAfterSeconds", Bson::number(s as f64));
    }
    if index.sparse {
        options.insert("sparse", Bson::Bool(true));
    }
    if let Some(filter) = &index.partial_filter_expression {
        options.insert("partialFilterExpression", json_value(filter));
    }
    if let Some(c) = &index.collation {
        options.insert("collation", Bson::Document(collation_doc(c)));
    }
    if index.hidden {
        options.insert("hidden", Bson::Bool(true));
    }
    if !index.name.is_empty() {
        options.insert("name", Bson::str(index.name.as_str()));
    }
    options
}

/// A JSON value of the model (a partial filter) as a BSON value: whole numbers as `Int` or
/// `Long`, others as `Double`; every key and string is then escaped by the shell writer.
fn json_value(value: &serde_json::Value) -> Bson {
    use serde_json::Value;
    match value {
        Value::Null => Bson::Null,
        Value::Bool(b) => Bson::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i32::try_from(i).map_or(Bson::Long(i), Bson::Int),
            (None, Some(f)) => Bson::Double(f),
            (None, None) => Bson::Null,
        },
        Value::String(s) => Bson::str(s.as_str()),
        Value::Array(items) => Bson::Array(items.iter().map(json_value).collect()),
        Value::Object(members) => {
            let mut doc = Doc::with_capacity(members.len());
            for (k, v) in members {
                doc.insert(k.clone(), json_value(v));
            }
            Bson::Document(doc)
        }
    }
}

/// `{ unique: true, expireAfterSeconds: 63072000 }` on one line.
/// The options of `createCollection` beside the validator (format 4): `timeseries`,
/// `expireAfterSeconds`, `clusteredIndex`, `capped` with `size` and `max`, `collation`.
pub fn collection_options(entity: &Entity) -> Doc {
    let c = &entity.collection;
    let mut options = Doc::new();
    let count = |n: u64| Bson::number(n as f64);
    if let Some(ts) = &c.timeseries {
        let mut doc = Doc::new();
        doc.insert("timeField", Bson::String(ts.time_field.clone().into()));
        if let Some(meta) = &ts.meta_field {
            doc.insert("metaField", Bson::String(meta.clone().into()));
        }
        if let Some(g) = ts.granularity {
            doc.insert("granularity", Bson::String(g.name().into()));
        }
        if let Some(span) = ts.bucket_max_span_seconds {
            doc.insert("bucketMaxSpanSeconds", count(span));
        }
        if let Some(rounding) = ts.bucket_rounding_seconds {
            doc.insert("bucketRoundingSeconds", count(rounding));
        }
        options.insert("timeseries", Bson::Document(doc));
    }
    if c.clustered {
        let mut key = Doc::new();
        key.insert("_id", Bson::Int(1));
        let mut clustered = Doc::new();
        clustered.insert("key", Bson::Document(key));
        clustered.insert("unique", Bson::Bool(true));
        options.insert("clusteredIndex", Bson::Document(clustered));
    }
    if let Some(seconds) = c.expire_after_seconds {
        options.insert("expireAfterSeconds", count(seconds));
    }
    if let Some(capped) = &c.capped {
        options.insert("capped", Bson::Bool(true));
        options.insert("size", count(capped.size_bytes));
        if let Some(max) = capped.max_documents {
            options.insert("max", count(max));
        }
    }
    if let Some(collation) = &c.collation {
        options.insert("collation", Bson::Document(collation_doc(collation)));
    }
    options
}

/// A collation document as MongoDB takes it.
pub fn collation_doc(c: &crate::model::Collation) -> Doc {
    let mut doc = Doc::new();
    doc.insert("locale", Bson::String(c.locale.clone().into()));
    if let Some(strength) = c.strength {
        doc.insert("strength", Bson::Int(i32::from(strength)));
    }
    if c.case_level {
        doc.insert("caseLevel", Bson::Bool(true));
    }
    if c.numeric_ordering {
        doc.insert("numericOrdering", Bson::Bool(true));
    }
    doc
}

fn inline(doc: &Doc) -> String {
    let parts: Vec<String> =
        doc.0.iter().map(|(k, v)| format!("{}: {}", super::shell::key(k), inline_value(v))).collect();
    format!("{{ {} }}", parts.join(", "))
}

/// A value on one line: sub-documents and arrays too.
pub(crate) fn inline_value(value: &Bson) -> String {
    match value {
        Bson::Document(doc) => inline(doc),
        Bson::Array(items) => format!("[{}]", items.iter().map(inline_value).collect::<Vec<_>>().join(", ")),
        other => super::shell::to_shell(other, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::load;

    fn advice(entity: &str, keys: &[(&str, i8)], unique: bool, ttl: Option<u64>, queries: &[&str]) -> IndexAdvice {
        let mut index = IndexSpec::new(keys);
        index.unique = unique;
        index.ttl_seconds = ttl;
        IndexAdvice {
            entity: entity.into(),
            index: index.into(),
            queries: queries.iter().map(|q| (*q).into()).collect(),
            reason: "equality, then sort (ESR)".into(),
            multikey: false,
            declared: false,
        }
    }

    #[test]
    fn every_index_is_created_once_with_its_options() {
        let mut model = load(include_str!("../../public/templates/bibliored.json")).unwrap();
        if let Some(e) = model.entity_mut("resena") {
            e.collection.indexes.push(IndexSpec::new(&[("etiquetas", 1)]));
            e.collection.indexes.push(IndexSpec::new(&[("estado", 1), ("fecha", -1)]));
        }
        let advised = vec![
            advice("resena", &[("material.material_id", 1), ("votos_utiles", -1)], false, None, &["C2"]),
            advice("resena", &[("estado", 1), ("fecha", -1)], false, None, &["C5"]),
            advice("actividad", &[("socio_id", 1), ("dia", -1)], false, None, &["C7"]),
            advice("actividad", &[("dia", 1)], false, Some(63_072_000), &[]),
            advice("material", &[("isbn", 1)], true, None, &[]),
        ];
        let script = script(&model, &advised, Lang::En);
        for line in [
            "db.resenas.createIndex({ \"material.material_id\": 1, votos_utiles: -1 });",
            "db.resenas.createIndex({ estado: 1, fecha: -1 });",
            "db.resenas.createIndex({ etiquetas: 1 });",
            "db.actividad.createIndex({ socio_id: 1, dia: -1 });",
            "db.actividad.createIndex({ dia: 1 }, { expireAfterSeconds: 63072000 });",
            "db.catalogo.createIndex({ isbn: 1 }, { unique: true });",
            "// C2: equality, then sort (ESR)",
        ] {
            assert_eq!(script.matches(line).count(), 1, "{line} must appear once in:\n{script}");
        }
    }
}
