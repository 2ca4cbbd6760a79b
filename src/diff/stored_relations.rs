//! What stored documents need when a relation changes: data that moves (embed ↔ reference),
//! arrays whose new bound must be checked, copies and subsets to fill.

use super::{location, need, Need, Path, Step};
use crate::diff::{RecordChange, Status};
use crate::model::{Model, Relation, Storage};
use crate::text;
use serde_json::Value;

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

pub(super) fn relation(old: &Model, new: &Model, change: &RecordChange, out: &mut Vec<Need>) {
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
