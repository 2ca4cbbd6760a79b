//! The migration section appended to the new design's mongosh script: for every collection
//! whose stored documents a change touches, the validator set to `validationLevel: "moderate"`
//! while the migration runs, the mechanical steps (`renameCollection`, `updateMany` with
//! `$set` / `$convert`, `$merge` pipelines), the schema-version bump, and counts of the
//! documents that still break the new rules. Steps that delete data are written commented out.
//!
//! It is one function, defined and not called (loading the script writes nothing, as for the
//! rest of the script). It is checked to parse (`node --check`) and run against recording stubs
//! in the tests, **never against a MongoDB server** (there is none here), and says so.
//! Every model string goes through `escape::js` (strings, keys, comments).

use super::stored::{needs, Need, Step};
use super::ModelDiff;
use crate::escape::js::{key, push_comment, string};
use crate::export::schema::validator;
use crate::export::shell::push_doc;
use crate::export::snippets::coll;
use crate::export::Builder;
use crate::i18n::Lang;
use crate::model::{BsonType, Model};
use crate::text;
use serde_json::Value;
use std::fmt::Write;

/// The section, in `lang`; empty when no stored document needs anything.
pub fn section(old: &Model, new: &Model, diff: &ModelDiff, lang: Lang) -> String {
    let needs = needs(old, new, diff);
    let keys = super::reshard::key_changes(old, new, diff);
    let mut out = String::new();
    if !needs.is_empty() {
        documents_section(&mut out, old, new, &needs, lang);
    }
    if !keys.is_empty() {
        let scale = crate::advisor::scale_of(old, &crate::advisor::analyze(old).indexes);
        super::reshard::write_key_changes(&mut out, old, &keys, &scale, lang);
    }
    out
}

/// The function that migrates the stored documents.
fn documents_section(out: &mut String, old: &Model, new: &Model, needs: &[Need], lang: Lang) {
    out.push('\n');
    push_comment(out, &header(old, new).render(lang));
    for n in needs {
        push_comment(out, &format!("//   - {}: {}", n.collection, n.text.render(lang)));
    }
    out.push_str("function migrate_design_change() {\n");
    let version = text!(
        en: "the schema version this change introduces: set it to the next version of your documents",
        es: "la versión de esquema que introduce este cambio: pon la siguiente versión de tus documentos",
        pt: "a versão de esquema que esta mudança introduz: defina a próxima versão dos seus documentos"
    );
    out.push_str("  const TO_VERSION = 2;\n");
    push_comment(out, &format!("  // {}", version.render(lang)));
    let builder = Builder::new(new);
    let mut collections: Vec<&str> = Vec::new();
    for n in needs {
        if !collections.contains(&n.collection.as_str()) {
            collections.push(&n.collection);
        }
    }
    for (i, name) in collections.iter().enumerate() {
        let mine: Vec<&Need> = needs.iter().filter(|n| n.collection == *name).collect();
        collection(out, &builder, new, name, i, &mine, lang);
    }
    out.push_str("}\n");
}

fn header(old: &Model, new: &Model) -> crate::i18n::Text {
    text!(
        en: "// ── Migration: {old} → {new} ──\n\
             // Written by docshape diff from the two designs. NOT RUN against a MongoDB server: docshape checks\n\
             // that it parses, not what it does to your data. Try it on a copy of the data first.\n\
             // migrate_design_change() is defined, not called: loading this script writes nothing.\n\
             // While it runs, each collection it touches is set to validationLevel: \"moderate\" (updates to\n\
             // documents that already break the rules are not blocked); set \"strict\" again when the counts it\n\
             // prints are 0. Lines that delete data are commented out: run them once nothing reads the data.\n\
             // What the stored documents need:",
        es: "// ── Migración: {old} → {new} ──\n\
             // Escrita por docshape diff a partir de los dos diseños. NO SE HA EJECUTADO contra un servidor MongoDB:\n\
             // docshape comprueba que se puede analizar, no lo que hace con tus datos. Pruébala antes en una copia.\n\
             // migrate_design_change() se define, no se llama: cargar este script no escribe nada.\n\
             // Mientras se ejecuta, cada colección que toca pasa a validationLevel: \"moderate\" (no se bloquean las\n\
             // actualizaciones de documentos que ya incumplen las reglas); vuelve a \"strict\" cuando los recuentos\n\
             // que imprime sean 0. Las líneas que borran datos están comentadas: ejecútalas cuando nada lea esos datos.\n\
             // Qué necesitan los documentos guardados:",
        pt: "// ── Migração: {old} → {new} ──\n\
             // Escrita pelo docshape diff a partir dos dois designs. NÃO FOI EXECUTADA contra um servidor MongoDB:\n\
             // o docshape verifica que ela é analisável, não o que ela faz com seus dados. Teste antes numa cópia.\n\
             // migrate_design_change() é definida, não chamada: carregar este script não grava nada.\n\
             // Enquanto roda, cada coleção que ela toca passa a validationLevel: \"moderate\" (atualizações de\n\
             // documentos que já violam as regras não são bloqueadas); volte a \"strict\" quando as contagens\n\
             // impressas forem 0. As linhas que apagam dados estão comentadas: rode-as quando nada ler esses dados.\n\
             // O que os documentos guardados precisam:";
        old = old.name.as_str(), new = new.name.as_str()
    )
}

/// One collection's block.
fn collection(out: &mut String, builder: &Builder, new: &Model, name: &str, i: usize, needs: &[&Need], lang: Lang) {
    out.push('\n');
    push_comment(out, &format!("  // ── {name}"));
    let c = coll(name);
    let entity = new.entities.iter().find(|e| e.name == name && new.is_collection(e));
    let schema = format!("schema{}", i + 1);
    let validated =
        entity.and_then(|e| validator(builder, &e.id)).filter(|_| entity.is_some_and(|e| e.collection.validate));
    if let Some(v) = &validated {
        let _ = write!(out, "  const {schema} = ");
        push_doc(out, &v.schema, 1);
        let _ = writeln!(out, ";\n  db.runCommand({{ collMod: {}, validator: {{ $jsonSchema: {schema} }}, validationLevel: \"moderate\" }});", string(name));
    }
    let mut checks = false;
    for n in needs {
        let Some(step) = &n.step else { continue };
        checks |= matches!(step, Step::CheckArrays { .. } | Step::CheckValidator);
        write_step(out, &c, name, step, validated.is_some().then_some(schema.as_str()), lang);
    }
    if let Some(field) = entity.and_then(|e| e.collection.schema_version_field.as_deref()) {
        let _ = writeln!(
            out,
            "  {c}.updateMany({{ {}: {{ $ne: TO_VERSION }} }}, {{ $set: {{ {}: TO_VERSION }} }});",
            key(field),
            key(field)
        );
    } else if entity.is_some() {
        let t = text!(
            en: "  // no schema version field: documents of both versions cannot be told apart (schema versioning pattern)",
            es: "  // sin campo de versión de esquema: no se distinguen los documentos de las dos versiones (patrón de versionado de esquema)",
            pt: "  // sem campo de versão de esquema: não se distinguem os documentos das duas versões (padrão de versionamento de esquema)"
        );
        push_comment(out, &t.render(lang));
    }
    if validated.is_some() {
        if !checks {
            write_step(out, &c, name, &Step::CheckValidator, Some(&schema), lang);
        }
        let strict = format!("  // db.runCommand({{ collMod: {}, validationLevel: \"strict\" }});", string(name));
        push_comment(out, &strict);
    }
}

/// A JSON value as a JavaScript literal, every string and key through `escape::js`.
fn js_value(v: &Value) -> String {
    match v {
        Value::String(s) => string(s),
        Value::Array(items) => format!("[{}]", items.iter().map(js_value).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => {
            let members: Vec<String> = map.iter().map(|(k, v)| format!("{}: {}", key(k), js_value(v))).collect();
            format!("{{ {} }}", members.join(", "))
        }
        other => other.to_string(),
    }
}

/// `{ a: { b: value } }` for the dotted `path` (a field inside a new document).
fn nested(path: &str, value: &str) -> String {
    path.rsplit('.').fold(value.to_string(), |inner, name| format!("{{ {}: {inner} }}", key(name)))
}

/// The type names `$convert` takes.
fn convertible(t: BsonType) -> Option<&'static str> {
    match t {
        BsonType::String => Some("string"),
        BsonType::Int => Some("int"),
        BsonType::Long => Some("long"),
        BsonType::Double => Some("double"),
        BsonType::Decimal => Some("decimal"),
        BsonType::Bool => Some("bool"),
        BsonType::Date => Some("date"),
        BsonType::ObjectId => Some("objectId"),
        _ => None,
    }
}

fn write_step(out: &mut String, c: &str, name: &str, step: &Step, schema: Option<&str>, lang: Lang) {
    let count = |out: &mut String, filter: &str, what: &crate::i18n::Text| {
        let _ = writeln!(
            out,
            "  print({} + {c}.countDocuments({filter}));",
            string(&format!("{name}: {}: ", what.render(lang)))
        );
    };
    match step {
        Step::RenameCollection { from } => {
            let _ = writeln!(out, "  {}.renameCollection({});", coll(from), string(name));
        }
        Step::SetDefault { path, value: Some(v) } => {
            let _ = writeln!(
                out,
                "  {c}.updateMany({{ {}: {{ $exists: false }} }}, {{ $set: {{ {}: {} }} }});",
                key(&path.filter),
                key(&path.update),
                js_value(v)
            );
        }
        Step::SetDefault { path, value: None } => {
            let line = format!(
                "  // {c}.updateMany({{ {}: {{ $exists: false }} }}, {{ $set: {{ {}: /* a value for every document */ }} }});",
                key(&path.filter),
                key(&path.update)
            );
            push_comment(out, &line);
        }
        Step::Unset { path } => {
            push_comment(out, &format!("  // {c}.updateMany({{}}, {{ $unset: {{ {}: \"\" }} }});", key(&path.update)));
        }
        Step::Convert { path, to } => match convertible(*to) {
            Some(to) => {
                let (f, input) = (key(&path.filter), string(&format!("${}", path.filter)));
                let _ = writeln!(
                    out,
                    "  {c}.updateMany({{ {f}: {{ $exists: true }} }}, [{{ $set: {{ {f}: {{ $convert: {{ input: {input}, to: {}, onError: {input} }} }} }} }}]);",
                    string(to)
                );
            }
            None => write_step(out, c, name, &Step::CheckValidator, schema, lang),
        },
        Step::CheckArrays { path, max } => {
            let what = text!(en: "documents over the new bound", es: "documentos sobre el nuevo límite", pt: "documentos acima do novo limite");
            count(out, &format!("{{ {}: {{ $exists: true }} }}", key(&format!("{}.{max}", path.filter))), &what);
        }
        Step::CheckValidator => {
            if let Some(schema) = schema {
                let what = text!(en: "documents the new validator rejects", es: "documentos que rechaza el nuevo validador", pt: "documentos que o novo validador rejeita");
                count(out, &format!("{{ $nor: [{{ $jsonSchema: {schema} }}] }}"), &what);
            }
        }
        Step::EmbedToReference { field, child, back } => {
            let input = string(&format!("${}", field.filter));
            let _ = writeln!(
                out,
                "  {c}.aggregate([\n    {{ $match: {{ {}: {{ $exists: true }} }} }},\n    {{ $unwind: {input} }},\n    {{ $replaceRoot: {{ newRoot: {{ $mergeObjects: [{input}, {}] }} }} }},\n    {{ $merge: {{ into: {}, whenMatched: \"keepExisting\", whenNotMatched: \"insert\" }} }}\n  ]);",
                key(&field.filter),
                nested(back, "\"$_id\""),
                string(child)
            );
            push_comment(out, &format!("  // {c}.updateMany({{}}, {{ $unset: {{ {}: \"\" }} }});", key(&field.update)));
        }
        Step::ReferenceToEmbed { child, back, field } => {
            let _ = writeln!(
                out,
                "  {c}.aggregate([\n    {{ $lookup: {{ from: {}, localField: \"_id\", foreignField: {}, as: {} }} }},\n    {{ $project: {{ {}: 1 }} }},\n    {{ $merge: {{ into: {}, on: \"_id\", whenMatched: \"merge\", whenNotMatched: \"discard\" }} }}\n  ]);",
                string(child),
                string(back),
                string(field),
                key(field),
                string(name)
            );
            push_comment(out, &format!("  // {}.drop();", coll(child)));
        }
        Step::Drop => push_comment(out, &format!("  // {c}.drop();")),
    }
}
