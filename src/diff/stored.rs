//! What a change means for the documents already stored: for each change, what existing
//! documents need (a new required field needs a default or a lazy migration; a tightened bound
//! needs a check of the arrays already there; embed → reference moves data), and, where the
//! change is mechanical, the [`Step`] the migration section of the mongosh script writes.

use super::{FieldChange, ModelDiff, PropertyChange, RecordChange, Status};
use crate::i18n::Text;
use crate::model::{BsonType, Field, Model, Relation, Storage};
use crate::text;
use serde_json::Value;

/// A mechanical step of the migration, in the new design's names.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// `db.old.renameCollection("new")`.
    RenameCollection { from: String },
    /// Documents without the field get `value` (`None`: no default can be chosen for its type;
    /// the line is written commented out for the user to fill in).
    SetDefault { path: Path, value: Option<Value> },
    /// `$unset` of a field the design no longer has (written commented out: it deletes data).
    Unset { path: Path },
    /// `$convert` of a top-level field to a new type, keeping the value where it fails.
    Convert { path: Path, to: BsonType },
    /// Counts the documents whose array at `path` holds more than `max` items.
    CheckArrays { path: Path, max: u64 },
    /// Counts the documents the new validator rejects.
    CheckValidator,
    /// The embedded children move to their own collection (`$unwind`, `$replaceRoot`, `$merge`),
    /// with the parent's `_id` in `back`.
    EmbedToReference { field: Path, child: String, back: String },
    /// The referenced children move into the parent (`$lookup`, `$merge`).
    ReferenceToEmbed { child: String, back: String, field: String },
    /// `drop` of a collection the design no longer has (commented out: it deletes data).
    Drop,
}

/// A field's place in the stored documents: its dotted path for a filter, and the path an
/// update writes through the arrays on the way (`lineas.$[].precio`).
#[derive(Debug, Clone, PartialEq)]
pub struct Path {
    pub filter: String,
    pub update: String,
    /// An array lies on the way: `$convert` and `$unset` of one element are not mechanical.
    pub in_array: bool,
}

/// What the stored documents of one collection need for one change.
#[derive(Debug, Clone, PartialEq)]
pub struct Need {
    /// The collection, by its name in the new design (the old one when it was removed).
    pub collection: String,
    pub text: Text,
    pub step: Option<Step>,
}

/// Every need of `diff`, in the order of its changes.
pub fn needs(old: &Model, new: &Model, diff: &ModelDiff) -> Vec<Need> {
    let mut out = Vec::new();
    let renames: std::collections::HashMap<String, String> =
        diff.entities.iter().filter_map(|c| Some((c.old_id.clone()?, c.new_id.clone()?))).collect();
    for change in &diff.entities {
        entity(old, new, change, &renames, &mut out);
    }
    for change in &diff.relations {
        relation(old, new, change, &mut out);
    }
    // A field that left because its children moved to their own collection is unset by the move.
    let moved: Vec<(String, String)> = out
        .iter()
        .filter_map(|n| match &n.step {
            Some(Step::EmbedToReference { field, .. }) => Some((n.collection.clone(), field.update.clone())),
            _ => None,
        })
        .collect();
    out.retain(|n| match &n.step {
        Some(Step::Unset { path }) => !moved.contains(&(n.collection.clone(), path.update.clone())),
        _ => true,
    });
    out
}

fn need(out: &mut Vec<Need>, collection: &str, text: Text, step: Option<Step>) {
    out.push(Need { collection: collection.to_string(), text, step });
}

/// The collection that stores entity `id` of `model` and the path of its fields there, with
/// whether each step goes through an array.
fn location(model: &Model, id: &str) -> Option<(String, Vec<(String, bool)>)> {
    let mut chain = Vec::new();
    let mut current = id;
    for _ in 0..=model.entities.len() {
        match model.embedding_parent(current) {
            Some(r) => {
                chain.push((r.field.clone(), r.cardinality.max != Some(1)));
                current = &r.parent;
            }
            None => {
                let root = model.entity(current).filter(|e| model.is_collection(e))?;
                chain.reverse();
                return Some((root.name.clone(), chain));
            }
        }
    }
    None
}

/// The stored path of field `names` of an entity found at `prefix`.
fn path(prefix: &[(String, bool)], fields: &[Field], names: &[String]) -> Path {
    let (mut filter, mut update, mut in_array) = (Vec::new(), Vec::new(), false);
    for (name, array) in prefix {
        filter.push(name.clone());
        update.push(if *array { format!("{name}.$[]") } else { name.clone() });
        in_array |= *array;
    }
    let mut level = fields;
    for (i, name) in names.iter().enumerate() {
        let field = level.iter().find(|f| &f.name == name);
        let array = i + 1 < names.len() && field.is_some_and(|f| f.bson_type == BsonType::Array);
        filter.push(name.clone());
        update.push(if array { format!("{name}.$[]") } else { name.clone() });
        in_array |= array;
        level = field.map_or(&[], |f| f.fields.as_slice());
    }
    Path { filter: filter.join("."), update: update.join("."), in_array }
}

/// A value every document can take for a new required field: its example, else the type's
/// zero; `None` for a type with no neutral value (a date, an id).
fn default_of(field: &Value) -> Option<Value> {
    if let Some(example) = field.get("example") {
        return Some(example.clone());
    }
    match field.get("type").and_then(Value::as_str)? {
        "string" => Some(Value::from("")),
        "int" | "long" | "double" => Some(Value::from(0)),
        "bool" => Some(Value::from(false)),
        "array" => Some(Value::Array(Vec::new())),
        "object" => Some(Value::Object(Default::default())),
        _ => None,
    }
}

/// A constraint change that existing documents may break (a bound tightened or added).
fn tightens(p: &PropertyChange) -> bool {
    let (old, new) = (p.old.as_ref().and_then(Value::as_f64), p.new.as_ref().and_then(Value::as_f64));
    match p.property.as_str() {
        "constraints.maxItems" | "constraints.maxLength" | "constraints.maximum" => {
            new.is_some() && old.is_none_or(|o| new.is_some_and(|n| n < o))
        }
        "constraints.minItems" | "constraints.minLength" | "constraints.minimum" => {
            new.is_some() && old.is_none_or(|o| new.is_some_and(|n| n > o))
        }
        "constraints.enum" | "constraints.pattern" => p.new.is_some(),
        "items" => true,
        _ => false,
    }
}

fn entity(
    old: &Model,
    new: &Model,
    change: &RecordChange,
    renames: &std::collections::HashMap<String, String>,
    out: &mut Vec<Need>,
) {
    match change.status {
        Status::Added => {}
        Status::Removed => {
            let Some(e) = change.old_id.as_deref().and_then(|id| old.entity(id)) else { return };
            if old.is_collection(e) {
                let name = e.name.as_str();
                let t = text!(
                    en: "the collection {name} is no longer in the design: its documents stay until it is dropped",
                    es: "la colección {name} ya no está en el diseño: sus documentos siguen ahí hasta que se elimine",
                    pt: "a coleção {name} não está mais no design: seus documentos ficam até que ela seja removida";
                    name
                );
                need(out, name, t, Some(Step::Drop));
            }
        }
        Status::Changed => {
            let Some(id) = change.new_id.as_deref() else { return };
            let Some(e) = new.entity(id) else { return };
            let Some((collection, prefix)) = location(new, id) else { return };
            let was = change.old_id.as_deref().and_then(|id| old.entity(id));
            // Stored elsewhere before (embedded, now a collection, or the reverse): its documents
            // are made by the move of the relation's data, which its own need describes.
            let root = |m: &Model, id: &str| m.root_of(id).map(|r| r.id.clone());
            let old_root =
                change.old_id.as_deref().and_then(|id| root(old, id)).map(|r| renames.get(&r).cloned().unwrap_or(r));
            let moved = old_root != root(new, id)
                || change.old_id.as_deref().and_then(|id| location(old, id)).map(|l| l.1) != Some(prefix.clone());
            if let Some(before) = was.filter(|b| b.name != e.name && old.is_collection(b) && new.is_collection(e)) {
                let (from, to) = (before.name.as_str(), e.name.as_str());
                let t = text!(
                    en: "the collection {from} is now called {to}: its documents are renamed with it",
                    es: "la colección {from} ahora se llama {to}: sus documentos se renombran con ella",
                    pt: "a coleção {from} agora se chama {to}: seus documentos são renomeados com ela";
                    from, to
                );
                need(out, &collection, t, Some(Step::RenameCollection { from: before.name.clone() }));
            }
            let validation = change.properties.iter().any(|p| {
                (p.property == "collection.validate" && p.new == Some(Value::Bool(true)))
                    || p.property == "collection.additionalProperties" && p.new != Some(Value::Bool(true))
            });
            if validation {
                let t = text!(
                    en: "the validator of {name} is stricter: count the documents it rejects before it is enforced",
                    es: "el validador de {name} es más estricto: cuenta los documentos que rechaza antes de imponerlo",
                    pt: "o validador de {name} ficou mais estrito: conte os documentos que ele rejeita antes de aplicá-lo";
                    name = collection.as_str()
                );
                need(out, &collection, t, Some(Step::CheckValidator));
            }
            if !moved {
                for f in &change.fields {
                    field(&collection, &prefix, &e.fields, f, out);
                }
            }
        }
    }
}

fn field(collection: &str, prefix: &[(String, bool)], fields: &[Field], f: &FieldChange, out: &mut Vec<Need>) {
    let at = path(prefix, fields, &f.path);
    let name = at.filter.clone();
    match f.status {
        Status::Added => {
            let required = f.field.as_ref().and_then(|v| v.get("required")).and_then(Value::as_bool) == Some(true);
            if required {
                let t = text!(
                    en: "{name} is new and required: existing documents need a default, or a lazy migration that sets it on their next write",
                    es: "{name} es nuevo y obligatorio: los documentos existentes necesitan un valor por defecto, o una migración perezosa que lo ponga en su próxima escritura",
                    pt: "{name} é novo e obrigatório: os documentos existentes precisam de um valor padrão, ou de uma migração preguiçosa que o defina na próxima escrita";
                    name
                );
                let value = f.field.as_ref().and_then(default_of);
                need(out, collection, t, Some(Step::SetDefault { path: at, value }));
            } else {
                let t = text!(
                    en: "{name} is new and optional: existing documents lack it, and readers must expect that",
                    es: "{name} es nuevo y opcional: los documentos existentes no lo tienen, y quien los lee debe esperarlo",
                    pt: "{name} é novo e opcional: os documentos existentes não o têm, e quem os lê deve esperar isso";
                    name
                );
                need(out, collection, t, None);
            }
        }
        Status::Removed => {
            let t = text!(
                en: "{name} left the design: existing documents still hold it until it is unset",
                es: "{name} salió del diseño: los documentos existentes lo conservan hasta que se quite con $unset",
                pt: "{name} saiu do design: os documentos existentes ainda o têm até que seja removido com $unset";
                name
            );
            need(out, collection, t, Some(Step::Unset { path: at }));
        }
        Status::Changed => {
            for p in &f.properties {
                if p.property == "type" {
                    let to = p.new.as_ref().and_then(Value::as_str).and_then(BsonType::from_name);
                    let t = text!(
                        en: "{name} changes type: existing values need converting",
                        es: "{name} cambia de tipo: hay que convertir los valores existentes",
                        pt: "{name} muda de tipo: os valores existentes precisam ser convertidos";
                        name = name.as_str()
                    );
                    let step = to.filter(|_| !at.in_array).map(|to| Step::Convert { path: at.clone(), to });
                    need(out, collection, t, step.or(Some(Step::CheckValidator)));
                } else if p.property == "required" && p.new == Some(Value::Bool(true)) {
                    let t = text!(
                        en: "{name} becomes required: documents without it need a default",
                        es: "{name} pasa a ser obligatorio: los documentos sin él necesitan un valor por defecto",
                        pt: "{name} passa a ser obrigatório: os documentos sem ele precisam de um valor padrão";
                        name = name.as_str()
                    );
                    need(out, collection, t, Some(Step::CheckValidator));
                } else if tightens(p) {
                    let t = text!(
                        en: "{name}: {property} is stricter: existing documents may break it and need checking",
                        es: "{name}: {property} es más estricto: los documentos existentes pueden incumplirlo y hay que revisarlos",
                        pt: "{name}: {property} ficou mais estrito: os documentos existentes podem violá-lo e precisam ser verificados";
                        name = name.as_str(), property = p.property.as_str()
                    );
                    let max = p.new.as_ref().and_then(Value::as_u64).filter(|_| p.property == "constraints.maxItems");
                    let step = match max {
                        Some(max) => Step::CheckArrays { path: at.clone(), max },
                        None => Step::CheckValidator,
                    };
                    need(out, collection, t, Some(step));
                }
            }
        }
    }
}

// What stored documents need when a relation changes: data that moves (embed ↔ reference),
// arrays whose new bound must be checked, copies and subsets to fill.

/// The stored path of the field where `r` embeds its child in its parent's documents.
fn embedded_at(model: &Model, r: &Relation) -> Option<(String, Path)> {
    let (collection, prefix) = location(model, &r.parent)?;
    let mut filter: Vec<String> = prefix.iter().map(|(n, _)| n.clone()).collect();
    let mut update: Vec<String> = prefix.iter().map(|(n, a)| if *a { format!("{n}.$[]") } else { n.clone() }).collect();
    let in_array = prefix.iter().any(|(_, a)| *a);
    filter.push(r.field.clone());
    update.push(r.field.clone());
    Some((collection, Path { filter: filter.join("."), update: update.join("."), in_array }))
}

fn name_of<'m>(model: &'m Model, id: &str) -> &'m str {
    model.entity(id).map_or("", |e| e.name.as_str())
}

/// The field of the child that points at its parent: the relation's, else `<parent>_id`.
fn back_field(r: &Relation, model: &Model) -> String {
    r.reference.child_field.clone().unwrap_or_else(|| format!("{}_id", name_of(model, &r.parent)))
}

fn relation(old: &Model, new: &Model, change: &RecordChange, out: &mut Vec<Need>) {
    let before = change.old_id.as_deref().and_then(|id| old.relation(id));
    let after = change.new_id.as_deref().and_then(|id| new.relation(id));
    match (change.status, before, after) {
        (Status::Added, _, Some(r)) if r.storage == Storage::Embed => {
            let Some((collection, at)) = embedded_at(new, r) else { return };
            let name = at.filter;
            let t = text!(
                en: "{name} is a new embedded field: existing documents lack it until their children are copied in",
                es: "{name} es un campo embebido nuevo: los documentos existentes no lo tienen hasta que se copien sus hijos",
                pt: "{name} é um campo embutido novo: os documentos existentes não o têm até que seus filhos sejam copiados";
                name
            );
            need(out, &collection, t, None);
        }
        (Status::Removed, Some(r), _) if r.storage == Storage::Embed => {
            let Some((collection, at)) = embedded_at(old, r) else { return };
            let name = at.filter.clone();
            let t = text!(
                en: "{name} is no longer embedded: existing documents still hold it until it is unset",
                es: "{name} ya no está embebido: los documentos existentes lo conservan hasta que se quite con $unset",
                pt: "{name} não está mais embutido: os documentos existentes ainda o têm até que seja removido com $unset";
                name
            );
            need(out, &collection, t, Some(Step::Unset { path: at }));
        }
        (Status::Changed, Some(a), Some(b)) => changed(old, new, change, a, b, out),
        _ => {}
    }
}

fn changed(old: &Model, new: &Model, change: &RecordChange, a: &Relation, b: &Relation, out: &mut Vec<Need>) {
    let child = name_of(new, &b.child);
    if a.storage == Storage::Embed && matches!(b.storage, Storage::Reference | Storage::Bucket) {
        let Some((collection, at)) = embedded_at(old, a) else { return };
        let (field, back) = (at.filter.clone(), back_field(b, new));
        let t = text!(
            en: "{field} moves out of {collection} into {child}: the embedded children are copied to their own documents with {back}, then unset",
            es: "{field} sale de {collection} a {child}: los hijos embebidos se copian a documentos propios con {back} y después se quitan",
            pt: "{field} sai de {collection} para {child}: os filhos embutidos são copiados para documentos próprios com {back} e depois removidos";
            field, collection = collection.as_str(), child, back = back.as_str()
        );
        let step = (!at.in_array).then(|| Step::EmbedToReference { field: at, child: child.to_string(), back });
        need(out, &collection, t, step);
        return;
    }
    if matches!(a.storage, Storage::Reference | Storage::Bucket) && b.storage == Storage::Embed {
        let Some((collection, at)) = embedded_at(new, b) else { return };
        let (old_child, back) = (name_of(old, &a.child), back_field(a, old));
        let t = text!(
            en: "{child} moves into {collection} as {field}: each document gets its children from {child} (matched on {back})",
            es: "{child} pasa a {collection} como {field}: cada documento recibe sus hijos de {child} (por {back})",
            pt: "{child} passa para {collection} como {field}: cada documento recebe seus filhos de {child} (por {back})";
            child = old_child, collection = collection.as_str(), field = at.filter.as_str(), back = back.as_str()
        );
        let step = (!at.in_array && old.embedding_parent(&a.child).is_none()).then(|| Step::ReferenceToEmbed {
            child: old_child.to_string(),
            back,
            field: at.filter.clone(),
        });
        need(out, &collection, t, step);
        return;
    }
    for p in &change.properties {
        match p.property.as_str() {
            "cardinality.max" if b.storage == Storage::Embed => {
                let Some((collection, at)) = embedded_at(new, b) else { continue };
                let name = at.filter.clone();
                match p.new.as_ref().and_then(Value::as_u64) {
                    Some(max) if p.old.as_ref().and_then(Value::as_u64).is_none_or(|o| max < o) => {
                        let t = text!(
                            en: "{name} may hold at most {max} children now: existing arrays over it need checking",
                            es: "{name} puede tener como mucho {max} hijos ahora: hay que revisar los arrays existentes que lo superen",
                            pt: "{name} pode ter no máximo {max} filhos agora: os arrays existentes acima disso precisam ser verificados";
                            name = name.as_str(), max
                        );
                        need(out, &collection, t, Some(Step::CheckArrays { path: at, max }));
                    }
                    None => {
                        let t = text!(
                            en: "{name} has no bound any more: nothing to migrate, but its arrays will grow in existing documents",
                            es: "{name} ya no tiene límite: nada que migrar, pero sus arrays crecerán en los documentos existentes",
                            pt: "{name} não tem mais limite: nada a migrar, mas seus arrays crescerão nos documentos existentes";
                            name
                        );
                        need(out, &collection, t, None);
                    }
                    _ => {}
                }
            }
            prop if p.new.is_some() && matches!(prop.split('.').next(), Some("extended" | "subset" | "computed")) => {
                let Some((collection, _)) = location(new, if p.property == "extended" { &b.child } else { &b.parent })
                else {
                    continue;
                };
                let what = prop.split('.').next().unwrap_or(prop);
                let t = text!(
                    en: "{collection}: the copies of {what} are new or changed: existing documents hold none or old ones until they are filled from {child}'s source",
                    es: "{collection}: las copias de {what} son nuevas o cambian: los documentos existentes no las tienen o las tienen antiguas hasta rellenarlas desde el origen de {child}",
                    pt: "{collection}: as cópias de {what} são novas ou mudaram: os documentos existentes não as têm ou as têm antigas até serem preenchidas a partir da origem de {child}";
                    collection = collection.as_str(), what, child
                );
                need(out, &collection, t, None);
            }
            _ => {}
        }
    }
}
