//! The diff's sentences, in English, Spanish and Portuguese, like the advisor's: each a
//! [`Text`] with the model's names and values as arguments, so every output writes them
//! through its own escaping path (Markdown, the terminal, the app's screen text).

use super::consequences::{FindingChange, IndexChange, SizeChange, SpanChange, VerdictFlip};
use super::{FieldChange, ModelDiff, PropertyChange, RecordChange, Status};
use crate::advisor::{Severity, SizeLevel};
use crate::i18n::{Arg, Labelled, Text};
use crate::text;
use serde_json::Value;

/// What kind of record a change is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    Entity,
    Relation,
    Query,
}

/// A property's value as written in the model file (`"reference"` as `reference`, `8`, `true`,
/// `["a","b"]`), or "not set".
pub fn value(v: Option<&Value>) -> Arg {
    match v {
        None | Some(Value::Null) => Arg::from(text!(en: "not set", es: "sin valor", pt: "sem valor")),
        Some(Value::String(s)) => Arg::from(s.as_str()),
        Some(other) => Arg::from(other.to_string()),
    }
}

/// "entity catalogo added", "relation catalogo → resenas changed"…
pub fn headline(element: Element, change: &RecordChange) -> Text {
    let name = change.label.as_str();
    match (element, change.status) {
        (Element::Entity, Status::Added) => {
            text!(en: "entity {name} added", es: "entidad {name} añadida", pt: "entidade {name} adicionada"; name)
        }
        (Element::Entity, Status::Removed) => {
            text!(en: "entity {name} removed", es: "entidad {name} eliminada", pt: "entidade {name} removida"; name)
        }
        (Element::Entity, Status::Changed) => {
            text!(en: "entity {name} changed", es: "entidad {name} modificada", pt: "entidade {name} alterada"; name)
        }
        (Element::Relation, Status::Added) => {
            text!(en: "relation {name} added", es: "relación {name} añadida", pt: "relação {name} adicionada"; name)
        }
        (Element::Relation, Status::Removed) => {
            text!(en: "relation {name} removed", es: "relación {name} eliminada", pt: "relação {name} removida"; name)
        }
        (Element::Relation, Status::Changed) => {
            text!(en: "relation {name} changed", es: "relación {name} modificada", pt: "relação {name} alterada"; name)
        }
        (Element::Query, Status::Added) => {
            text!(en: "access pattern {name} added", es: "patrón de acceso {name} añadido", pt: "padrão de acesso {name} adicionado"; name)
        }
        (Element::Query, Status::Removed) => {
            text!(en: "access pattern {name} removed", es: "patrón de acceso {name} eliminado", pt: "padrão de acesso {name} removido"; name)
        }
        (Element::Query, Status::Changed) => {
            text!(en: "access pattern {name} changed", es: "patrón de acceso {name} modificado", pt: "padrão de acesso {name} alterado"; name)
        }
    }
}

/// One property change: a sentence of its own for the decisive ones (storage, a bound that
/// appears or goes, required), `property: old → new` for the others (the property is named as
/// the file format names it, documented in docs/model-format.md).
pub fn property(p: &PropertyChange) -> Text {
    let (old, new) = (p.old.as_ref(), p.new.as_ref());
    match p.property.as_str() {
        "id" => {
            text!(en: "id {old} → {new} (matched by name)", es: "id {old} → {new} (emparejado por el nombre)", pt: "id {old} → {new} (pareado pelo nome)"; old = value(old), new = value(new))
        }
        "name" => {
            text!(en: "name {old} → {new}", es: "nombre {old} → {new}", pt: "nome {old} → {new}"; old = value(old), new = value(new))
        }
        "storage" => {
            text!(en: "storage {old} → {new}", es: "almacenamiento {old} → {new}", pt: "armazenamento {old} → {new}"; old = value(old), new = value(new))
        }
        "cardinality.max" if new.is_none() => text!(
            en: "no longer bounded: the largest number of children ({old}) was removed",
            es: "ya no está acotada: se quitó el número máximo de hijos ({old})",
            pt: "deixou de ser limitada: o número máximo de filhos ({old}) foi removido";
            old = value(old)
        ),
        "cardinality.max" if old.is_none() => text!(
            en: "now bounded: at most {new} children",
            es: "ahora acotada: como mucho {new} hijos",
            pt: "agora limitada: no máximo {new} filhos";
            new = value(new)
        ),
        "required" if new == Some(&Value::Bool(true)) => {
            text!(en: "now required", es: "ahora obligatorio", pt: "agora obrigatório")
        }
        "required" => text!(en: "no longer required", es: "ya no es obligatorio", pt: "deixou de ser obrigatório"),
        "type" => {
            text!(en: "type {old} → {new}", es: "tipo {old} → {new}", pt: "tipo {old} → {new}"; old = value(old), new = value(new))
        }
        _ => {
            text!(en: "{property}: {old} → {new}", es: "{property}: {old} → {new}", pt: "{property}: {old} → {new}"; property = p.property.as_str(), old = value(old), new = value(new))
        }
    }
}

/// A field change: "field valoracion.media added (double, required)", or its headline for a
/// changed field (its properties follow as [`property`] sentences).
pub fn field(f: &FieldChange) -> Text {
    let path = f.dotted();
    let kind = f.field.as_ref().and_then(|v| v.get("type")).and_then(Value::as_str).unwrap_or_default().to_string();
    let required = f.field.as_ref().and_then(|v| v.get("required")).and_then(Value::as_bool) == Some(true);
    match (f.status, required) {
        (Status::Added, true) => {
            text!(en: "field {path} added ({kind}, required)", es: "campo {path} añadido ({kind}, obligatorio)", pt: "campo {path} adicionado ({kind}, obrigatório)"; path, kind)
        }
        (Status::Added, false) => {
            text!(en: "field {path} added ({kind})", es: "campo {path} añadido ({kind})", pt: "campo {path} adicionado ({kind})"; path, kind)
        }
        (Status::Removed, _) => {
            text!(en: "field {path} removed", es: "campo {path} eliminado", pt: "campo {path} removido"; path)
        }
        (Status::Changed, _) => text!(en: "field {path}", es: "campo {path}", pt: "campo {path}"; path),
    }
}

pub fn verdict(v: &VerdictFlip) -> Text {
    text!(
        en: "{name}: the advisor now recommends {new} ({new_class}) instead of {old} ({old_class})",
        es: "{name}: el asesor recomienda ahora {new} ({new_class}) en lugar de {old} ({old_class})",
        pt: "{name}: o assistente recomenda agora {new} ({new_class}) em vez de {old} ({old_class})";
        name = v.label.as_str(), new = v.new.msg(), new_class = v.new_class.msg(), old = v.old.msg(), old_class = v.old_class.msg()
    )
}

/// "DS101 (error) at catalogo → resenas: message".
pub fn finding(f: &FindingChange) -> Text {
    let (code, place, message) = (f.code, f.label.as_str(), f.message.clone());
    match f.severity {
        Severity::Error => text!(
            en: "{code} (error) at {place}: {message}",
            es: "{code} (error) en {place}: {message}",
            pt: "{code} (erro) em {place}: {message}";
            code, place, message
        ),
        Severity::Warning => text!(
            en: "{code} (warning) at {place}: {message}",
            es: "{code} (aviso) en {place}: {message}",
            pt: "{code} (alerta) em {place}: {message}";
            code, place, message
        ),
        Severity::Info => text!(
            en: "{code} (note) at {place}: {message}",
            es: "{code} (nota) en {place}: {message}",
            pt: "{code} (nota) em {place}: {message}";
            code, place, message
        ),
    }
}

pub fn index(i: &IndexChange, added: bool) -> Text {
    let (collection, keys) = (i.collection.as_str(), i.index.key_doc());
    if added {
        text!(en: "index {keys} on {collection} added", es: "índice {keys} en {collection} añadido", pt: "índice {keys} em {collection} adicionado"; keys, collection)
    } else {
        text!(en: "index {keys} on {collection} dropped", es: "índice {keys} en {collection} eliminado", pt: "índice {keys} em {collection} removido"; keys, collection)
    }
}

fn level(l: SizeLevel) -> Text {
    match l {
        SizeLevel::Fine => text!(en: "under 1 MB", es: "bajo 1 MB", pt: "abaixo de 1 MB"),
        SizeLevel::OverTarget => text!(en: "over 1 MB", es: "sobre 1 MB", pt: "acima de 1 MB"),
        SizeLevel::OverAtlas => {
            text!(en: "over Atlas' 2 MB flag", es: "sobre el aviso de 2 MB de Atlas", pt: "acima do alerta de 2 MB do Atlas")
        }
        SizeLevel::OverLimit => {
            text!(en: "over the 16 MiB limit", es: "sobre el límite de 16 MiB", pt: "acima do limite de 16 MiB")
        }
    }
}

pub fn size(s: &SizeChange) -> Text {
    text!(
        en: "{collection}: average document {old_avg} → {new_avg}, worst at the horizon {old_h} → {new_h} ({new_level}; {growth})",
        es: "{collection}: documento medio {old_avg} → {new_avg}, peor caso en el horizonte {old_h} → {new_h} ({new_level}; {growth})",
        pt: "{collection}: documento médio {old_avg} → {new_avg}, pior caso no horizonte {old_h} → {new_h} ({new_level}; {growth})";
        collection = s.collection.as_str(),
        old_avg = Arg::Bytes(s.old.avg_bytes as f64), new_avg = Arg::Bytes(s.new.avg_bytes as f64),
        old_h = Arg::Bytes(s.old.horizon_bytes as f64), new_h = Arg::Bytes(s.new.horizon_bytes as f64),
        new_level = level(s.new.level), growth = s.new_growth.clone()
    )
}

pub fn span(s: &SpanChange, started: bool) -> Text {
    let (name, aggregates) = (s.label.as_str(), Arg::from(&s.aggregates));
    if started {
        text!(
            en: "{name} now changes {aggregates} in one write: more than one aggregate, so it needs a transaction or tolerance of temporary inconsistency",
            es: "{name} cambia ahora {aggregates} en una escritura: más de un agregado, así que necesita una transacción o tolerar una inconsistencia temporal",
            pt: "{name} agora altera {aggregates} numa escrita: mais de um agregado, então precisa de uma transação ou tolerar uma inconsistência temporária";
            name, aggregates
        )
    } else {
        text!(
            en: "{name} no longer spans aggregates (it changed {aggregates})",
            es: "{name} ya no abarca varios agregados (cambiaba {aggregates})",
            pt: "{name} já não abrange vários agregados (alterava {aggregates})";
            name, aggregates
        )
    }
}

/// The one-line summary: "Changes: 4. Verdicts that flip: 1. Findings introduced: 2 (errors:
/// 1); resolved: 1. Indexes added: 2; dropped: 0." (counts after a label: no plural to agree).
pub fn summary(d: &ModelDiff) -> Text {
    let c = &d.consequences;
    if d.change_count() == 0 && c.is_empty() {
        return text!(en: "No change to the design.", es: "Ningún cambio en el diseño.", pt: "Nenhuma mudança no projeto.");
    }
    text!(
        en: "Changes: {changes}. Verdicts that flip: {flips}. Findings introduced: {introduced} (errors: {errors}); resolved: {resolved}. Indexes added: {added}; dropped: {dropped}.",
        es: "Cambios: {changes}. Veredictos que cambian: {flips}. Hallazgos nuevos: {introduced} (errores: {errors}); resueltos: {resolved}. Índices añadidos: {added}; eliminados: {dropped}.",
        pt: "Mudanças: {changes}. Veredictos que mudam: {flips}. Achados novos: {introduced} (erros: {errors}); resolvidos: {resolved}. Índices adicionados: {added}; removidos: {dropped}.";
        changes = d.change_count(), flips = c.verdicts.len(), introduced = c.findings_introduced.len(),
        errors = c.introduced(Severity::Error), resolved = c.findings_resolved.len(),
        added = c.indexes_added.len(), dropped = c.indexes_dropped.len()
    )
}

/// Every sentence the diff writes (summary, changes, consequences), for the translation tests
/// and any view that lists them all.
pub fn all(d: &ModelDiff) -> Vec<Text> {
    let mut out = vec![summary(d)];
    out.extend(d.design.iter().map(property));
    for (element, list) in
        [(Element::Entity, &d.entities), (Element::Relation, &d.relations), (Element::Query, &d.queries)]
    {
        for c in list {
            out.push(headline(element, c));
            out.extend(c.properties.iter().map(property));
            for f in &c.fields {
                out.push(field(f));
                out.extend(f.properties.iter().map(property));
            }
        }
    }
    let c = &d.consequences;
    out.extend(c.verdicts.iter().map(verdict));
    out.extend(c.findings_introduced.iter().chain(&c.findings_resolved).map(finding));
    out.extend(c.indexes_added.iter().map(|i| index(i, true)));
    out.extend(c.indexes_dropped.iter().map(|i| index(i, false)));
    out.extend(c.sizes.iter().map(size));
    out.extend(c.spanning_started.iter().map(|s| span(s, true)));
    out.extend(c.spanning_stopped.iter().map(|s| span(s, false)));
    out
}
