//! A changed shard key in the migration (issue 35): `reshardCollection`, with what it costs
//! in words and in the old design's figures, or `refineCollectionShardKey` when the new key
//! only adds suffix fields to the old one, which moves no data.
//!
//! Facts from MongoDB's pages: "Reshard a Collection" (5.0+: the collection is copied to a
//! new one under the new key and its indexes rebuilt; the operation lasts at least five
//! minutes; writes are blocked for up to two seconds at the end; one collection at a time),
//! "Resharding for Adding and Removing Shards" (free storage on each shard: (collection size +
//! index size) × 2 / the shards it is spread over; older manuals said 1.2 times the collection), "Refine a Shard Key"
//! and "refineCollectionShardKey" (4.4+: suffix fields only; the chunk ranges are updated, no
//! document moves; an index starting with the new key must exist first).

use super::{ModelDiff, Status};
use crate::advisor::scale::{bytes_arg, key_doc, CollectionScale};
use crate::escape::js::{push_comment, string};
use crate::export::snippets::coll;
use crate::i18n::{Arg, Lang, Text};
use crate::model::{IndexSpec, Model, ShardKey};
use crate::text;
use std::fmt::Write;

/// One collection whose shard key the change sets, changes or removes.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyChange {
    /// The collection's name in the new design.
    pub collection: String,
    pub old: Option<ShardKey>,
    pub new: Option<ShardKey>,
}

impl KeyChange {
    /// The new key only adds fields after the old one's (same fields, same kinds, in order):
    /// `refineCollectionShardKey` applies.
    pub fn refines(&self) -> bool {
        match (&self.old, &self.new) {
            (Some(old), Some(new)) => {
                new.fields.len() > old.fields.len()
                    && new.unique == old.unique
                    && old.fields.iter().zip(&new.fields).all(|(a, b)| a == b)
            }
            _ => false,
        }
    }
}

/// The shard keys the change sets, changes or removes, in the new design's order.
pub fn key_changes(old: &Model, new: &Model, diff: &ModelDiff) -> Vec<KeyChange> {
    diff.entities
        .iter()
        .filter(|c| c.status == Status::Changed)
        .filter_map(|c| {
            let before = old.entity(c.old_id.as_deref()?)?;
            let after = new.entity(c.new_id.as_deref()?)?;
            let (a, b) = (&before.collection.shard_key, &after.collection.shard_key);
            (a != b && new.is_collection(after)).then(|| KeyChange {
                collection: after.name.clone(),
                old: a.clone(),
                new: b.clone(),
            })
        })
        .collect()
}

/// The function of the migration that changes the keys, in `lang` (empty when none changes).
/// `scale` is the old design's ([`crate::advisor::scale_of`]): its figures are what the
/// collection holds when the migration runs.
pub fn write_key_changes(out: &mut String, old: &Model, changes: &[KeyChange], scale: &[CollectionScale], lang: Lang) {
    if changes.is_empty() {
        return;
    }
    out.push('\n');
    push_comment(
        out,
        &text!(
            en: "// ── Shard keys ──\n\
                 // On the sharded cluster (mongosh connected to a mongos), after migrate_design_change() if any.\n\
                 // migrate_shard_keys() is defined, not called.",
            es: "// ── Claves de shard ──\n\
                 // En el clúster fragmentado (mongosh conectado a un mongos), después de migrate_design_change() si existe.\n\
                 // migrate_shard_keys() se define, no se llama.",
            pt: "// ── Chaves de shard ──\n\
                 // No cluster fragmentado (mongosh conectado a um mongos), depois de migrate_design_change() se houver.\n\
                 // migrate_shard_keys() é definida, não chamada."
        )
        .render(lang),
    );
    out.push_str("function migrate_shard_keys() {\n");
    for change in changes {
        let name = change.collection.as_str();
        let ns = format!("db.getName() + {}", string(&format!(".{name}")));
        let collection_scale = old
            .entities
            .iter()
            .find(|e| e.name == name && old.is_collection(e))
            .and_then(|e| scale.iter().find(|s| s.entity == e.id.as_str()));
        let (documents, data, index) = collection_scale
            .map_or((0.0, 0.0, 0.0), |s| (s.figures.documents_now, s.figures.data_now, s.figures.index_now));
        let shards = collection_scale.and_then(|s| s.shard.as_ref()).map(|a| a.shards);
        match (&change.old, &change.new) {
            (Some(from), Some(to)) if change.refines() => {
                let why = text!(
                    en: "  // {name}: the key {from} becomes {to}, which only adds fields after it: refineCollectionShardKey changes the key in the metadata and moves no document (cheaper than reshardCollection); the chunks split on the new fields as they grow. It needs an index that starts with the new key:",
                    es: "  // {name}: la clave {from} pasa a {to}, que solo añade campos detrás: refineCollectionShardKey cambia la clave en los metadatos y no mueve ningún documento (más barato que reshardCollection); los chunks se dividen por los campos nuevos a medida que crecen. Necesita un índice que empiece por la clave nueva:",
                    pt: "  // {name}: a chave {from} passa a {to}, que só acrescenta campos depois dela: refineCollectionShardKey muda a chave nos metadados e não move nenhum documento (mais barato que reshardCollection); os chunks se dividem pelos campos novos à medida que crescem. Precisa de um índice que comece pela chave nova:";
                    name, from = key_doc(from), to = key_doc(to)
                );
                push_comment(out, &why.render(lang));
                let index = IndexSpec::new(
                    &to.fields.iter().filter(|f| !f.hashed).map(|f| (f.field.as_str(), 1)).collect::<Vec<_>>(),
                );
                if !to.fields.iter().any(|f| f.hashed) {
                    let _ = writeln!(out, "  {}.createIndex({});", coll(name), index.key_doc());
                }
                let _ = writeln!(out, "  db.adminCommand({{ refineCollectionShardKey: {ns}, key: {} }});", key_doc(to));
            }
            (Some(from), Some(to)) => {
                let why = text!(
                    en: "  // {name}: the key {from} becomes {to}: reshardCollection. {cost}",
                    es: "  // {name}: la clave {from} pasa a {to}: reshardCollection. {cost}",
                    pt: "  // {name}: a chave {from} passa a {to}: reshardCollection. {cost}";
                    name, from = key_doc(from), to = key_doc(to), cost = reshard_cost(documents, data, index, shards)
                );
                push_comment(out, &why.render(lang));
                let unique = if to.unique { ", unique: true" } else { "" };
                let _ =
                    writeln!(out, "  db.adminCommand({{ reshardCollection: {ns}, key: {}{unique} }});", key_doc(to));
            }
            (None, Some(to)) => {
                let why = text!(
                    en: "  // {name}: sharded on {to} from now on (the script's shard_cluster() holds the same command):",
                    es: "  // {name}: fragmentada por {to} a partir de ahora (shard_cluster() del script tiene la misma orden):",
                    pt: "  // {name}: fragmentada por {to} a partir de agora (shard_cluster() do script tem o mesmo comando):";
                    name, to = key_doc(to)
                );
                push_comment(out, &why.render(lang));
                let unique = if to.unique { ", { unique: true }" } else { "" };
                let _ = writeln!(out, "  sh.shardCollection({ns}, {}{unique});", key_doc(to));
            }
            (Some(from), None) => {
                let why = text!(
                    en: "  // {name}: the design no longer shards it on {from}. unshardCollection (MongoDB 8.0+) moves every document to one shard, a rewrite like reshardCollection. {cost} Run it by hand:",
                    es: "  // {name}: el diseño ya no la fragmenta por {from}. unshardCollection (MongoDB 8.0+) lleva todos los documentos a un shard, una reescritura como reshardCollection. {cost} Ejecútalo a mano:",
                    pt: "  // {name}: o design não a fragmenta mais por {from}. unshardCollection (MongoDB 8.0+) leva todos os documentos para um shard, uma reescrita como reshardCollection. {cost} Rode-o à mão:";
                    name, from = key_doc(from), cost = reshard_cost(documents, data, index, shards)
                );
                push_comment(out, &why.render(lang));
                push_comment(out, &format!("  // db.adminCommand({{ unshardCollection: {ns} }});"));
            }
            (None, None) => {}
        }
    }
    out.push_str("}\n");
}

/// What rewriting the collection costs, with the old design's figures: its documents, data and
/// index sizes now, and the shards it is spread over (the scale advice's count, when it gives
/// one). The free storage each shard needs is today's manual's formula ("Resharding for Adding
/// and Removing Shards", Storage Requirements): (collection size + index size) × 2 / shards.
fn reshard_cost(documents: f64, data: f64, index: f64, shards: Option<u32>) -> Text {
    if documents <= 0.0 {
        return text!(
            en: "It rewrites the whole collection: every document is copied under the new key and every index rebuilt, so time and space grow with the collection (the design states no document count; at least five minutes). Each shard needs free storage of twice the collection's and its indexes' size, divided by the number of shards, and writes are blocked for up to two seconds at the end (\"Reshard a Collection\").",
            es: "Reescribe toda la colección: cada documento se copia bajo la clave nueva y cada índice se reconstruye, así que el tiempo y el espacio crecen con la colección (el diseño no indica cuántos documentos hay; cinco minutos como mínimo). Cada shard necesita almacenamiento libre del doble del tamaño de la colección y sus índices, dividido por el número de shards, y las escrituras se bloquean hasta dos segundos al final (\"Reshard a Collection\").",
            pt: "Reescreve toda a coleção: cada documento é copiado sob a chave nova e cada índice reconstruído, então o tempo e o espaço crescem com a coleção (o design não indica quantos documentos há; cinco minutos no mínimo). Cada shard precisa de armazenamento livre do dobro do tamanho da coleção e de seus índices, dividido pelo número de shards, e as escritas ficam bloqueadas por até dois segundos no final (\"Reshard a Collection\")."
        );
    }
    let twice = 2.0 * (data + index);
    match shards {
        Some(shards) if shards > 0 => text!(
            en: "It rewrites the whole collection: its {docs} documents ({data}) are copied under the new key and its indexes ({idx}) rebuilt, so the time grows with that size (at least five minutes). Each of its {shards} shards needs about {free} of free storage (twice the collection and its indexes, divided by the shards), and writes are blocked for up to two seconds at the end (\"Reshard a Collection\").",
            es: "Reescribe toda la colección: sus {docs} documentos ({data}) se copian bajo la clave nueva y sus índices ({idx}) se reconstruyen, así que el tiempo crece con ese tamaño (cinco minutos como mínimo). Cada uno de sus {shards} shards necesita unos {free} de almacenamiento libre (el doble de la colección y sus índices, dividido por los shards), y las escrituras se bloquean hasta dos segundos al final (\"Reshard a Collection\").",
            pt: "Reescreve toda a coleção: seus {docs} documentos ({data}) são copiados sob a chave nova e seus índices ({idx}) reconstruídos, então o tempo cresce com esse tamanho (cinco minutos no mínimo). Cada um de seus {shards} shards precisa de cerca de {free} de armazenamento livre (o dobro da coleção e de seus índices, dividido pelos shards), e as escritas ficam bloqueadas por até dois segundos no final (\"Reshard a Collection\").";
            docs = Arg::Count(documents.round()), data = bytes_arg(data), idx = bytes_arg(index),
            shards = Arg::Count(f64::from(shards)), free = bytes_arg(twice / f64::from(shards))
        ),
        _ => text!(
            en: "It rewrites the whole collection: its {docs} documents ({data}) are copied under the new key and its indexes ({idx}) rebuilt, so the time grows with that size (at least five minutes). The shards need {free} of free storage between them (twice the collection and its indexes; each shard its share), and writes are blocked for up to two seconds at the end (\"Reshard a Collection\").",
            es: "Reescribe toda la colección: sus {docs} documentos ({data}) se copian bajo la clave nueva y sus índices ({idx}) se reconstruyen, así que el tiempo crece con ese tamaño (cinco minutos como mínimo). Los shards necesitan {free} de almacenamiento libre entre todos (el doble de la colección y sus índices; cada shard su parte), y las escrituras se bloquean hasta dos segundos al final (\"Reshard a Collection\").",
            pt: "Reescreve toda a coleção: seus {docs} documentos ({data}) são copiados sob a chave nova e seus índices ({idx}) reconstruídos, então o tempo cresce com esse tamanho (cinco minutos no mínimo). Os shards precisam de {free} de armazenamento livre entre todos (o dobro da coleção e de seus índices; cada shard a sua parte), e as escritas ficam bloqueadas por até dois segundos no final (\"Reshard a Collection\").";
            docs = Arg::Count(documents.round()), data = bytes_arg(data), idx = bytes_arg(index), free = bytes_arg(twice)
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::diff::{diff, migration::section};
    use crate::i18n::Lang;
    use crate::model::{load, Model, ShardKey, ShardKeyField};

    fn marketplace() -> Model {
        load(include_str!("../../tests/fixtures/scale/marketplace.json")).unwrap()
    }

    fn key(fields: &[(&str, bool)]) -> ShardKey {
        ShardKey {
            fields: fields.iter().map(|(f, hashed)| ShardKeyField { field: f.to_string(), hashed: *hashed }).collect(),
            unique: false,
        }
    }

    fn with_key(m: &Model, k: Option<ShardKey>) -> Model {
        let mut m = m.clone();
        m.entities.iter_mut().find(|e| e.id == "order").unwrap().collection.shard_key = k;
        m
    }

    fn migration(old: &Model, new: &Model, lang: Lang) -> String {
        section(old, new, &diff(old, new), lang)
    }

    #[test]
    fn a_changed_key_is_resharded_with_its_cost_in_the_old_designs_figures() {
        let base = marketplace();
        let old = with_key(&base, Some(key(&[("customer_id", false)])));
        let new = with_key(&base, Some(key(&[("_id", true)])));
        let s = migration(&old, &new, Lang::En);
        assert!(
            s.contains("db.adminCommand({ reshardCollection: db.getName() + \".orders\", key: { _id: \"hashed\" } });"),
            "{s}"
        );
        // 2,000,000,000 orders of 393 bytes now: 786 GB to copy and 210 GB of indexes to
        // rebuild; spread over the 13 shards the advice counts, each needs (786 + 210) × 2 / 13
        // = 153.2 GB free.
        assert!(s.contains("its 2,000,000,000 documents (786 GB) are copied under the new key"), "{s}");
        assert!(s.contains("Each of its 13 shards needs about 153.2 GB of free storage"), "{s}");
        assert!(s.contains("writes are blocked for up to two seconds"), "{s}");
        assert!(!s.contains("refineCollectionShardKey"), "{s}");
        let es = migration(&old, &new, Lang::Es);
        assert!(es.contains("las escrituras se bloquean hasta dos segundos"), "{es}");
    }

    #[test]
    fn a_key_that_only_adds_a_suffix_is_refined_not_resharded() {
        let base = marketplace();
        let old = with_key(&base, Some(key(&[("customer_id", false)])));
        let new = with_key(&base, Some(key(&[("customer_id", false), ("_id", false)])));
        let s = migration(&old, &new, Lang::En);
        assert!(
            s.contains("db.getCollection(\"orders\").createIndex({ customer_id: 1, _id: 1 });")
                || s.contains("db.orders.createIndex({ customer_id: 1, _id: 1 });"),
            "{s}"
        );
        assert!(
            s.contains("db.adminCommand({ refineCollectionShardKey: db.getName() + \".orders\", key: { customer_id: 1, _id: 1 } });"),
            "{s}"
        );
        assert!(s.contains("moves no document (cheaper than reshardCollection)"), "{s}");
        assert!(!s.contains("reshardCollection: "), "{s}");
        // A new first field is not a suffix: resharded.
        let other = with_key(&base, Some(key(&[("status", false), ("customer_id", false)])));
        assert!(migration(&old, &other, Lang::En).contains("reshardCollection: "));
    }

    #[test]
    fn a_new_key_shards_a_removed_one_is_only_commented_and_an_unchanged_one_is_silent() {
        let base = marketplace();
        let keyed = with_key(&base, Some(key(&[("customer_id", false), ("_id", false)])));
        let s = migration(&base, &keyed, Lang::En);
        assert!(s.contains("  sh.shardCollection(db.getName() + \".orders\", { customer_id: 1, _id: 1 });"), "{s}");
        let s = migration(&keyed, &base, Lang::En);
        assert!(s.contains("// db.adminCommand({ unshardCollection: db.getName() + \".orders\" });"), "{s}");
        assert!(!s.lines().any(|l| l.trim_start().starts_with("db.adminCommand")), "{s}");
        assert!(!migration(&keyed, &keyed, Lang::En).contains("migrate_shard_keys"));
    }
}
