//! A dump dropped on the import dialog: its files read in memory (an archive, or a folder's
//! `.bson` and `metadata.json` files, gzipped or not), and what to add once the user has
//! accepted or rejected each relation found.

use super::{read_dump, BytesInput, DumpError, DumpOptions, DumpSource, Input, Progress, Skipped};
use crate::i18n::{Lang, Msg};
use crate::model::{BsonType, Entity, Field, Model, Relation, Storage};
use serde::{Deserialize, Serialize};

/// What a dropped dump would add.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct DumpPreview {
    pub entities: Vec<Entity>,
    /// Every relation found, each carrying its evidence: the dialog asks about each.
    pub relations: Vec<Relation>,
    /// What was read, one line each (collections, skipped ones, what the model cannot keep), in
    /// the language asked for.
    pub summary: Vec<String>,
}

/// Reads dropped files: one archive (told by its content, gzipped or not), or a folder's
/// files grouped by their names. `model` is the design they join (ids stay unique in it);
/// the summary is written in `lang`.
pub fn read_dropped(
    files: Vec<BytesInput>,
    model: &Model,
    options: &DumpOptions,
    lang: Lang,
    progress: &mut dyn FnMut(Progress),
) -> Result<DumpPreview, DumpError> {
    let archive = files.iter().position(|f| is_archive(&f.bytes));
    let label = files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ");
    let source = match archive {
        Some(at) if files.len() == 1 => DumpSource::Archive(Box::new(
            files.into_iter().nth(at).unwrap_or(BytesInput { name: String::new(), bytes: Vec::new() }),
        )),
        Some(_) => return Err(DumpError::new(&label, "an archive is read on its own: drop it without other files")),
        None => {
            let named: Vec<(String, Box<dyn Input>)> = files
                .into_iter()
                .map(|f| (f.name.rsplit('/').next().unwrap_or(&f.name).to_string(), Box::new(f) as Box<dyn Input>))
                .collect();
            let collections = super::source::group("", named);
            if collections.is_empty() {
                return Err(DumpError::new(
                    &label,
                    "no mongodump files (<collection>.bson, <collection>.metadata.json, or an archive)",
                ));
            }
            DumpSource::Folder(collections)
        }
    };
    let mut scratch = model.clone();
    let (entities_before, relations_before) = (scratch.entities.len(), scratch.relations.len());
    let report = read_dump(&source, &mut scratch, options, &label, progress)?;
    let number = |n: u64| crate::i18n::counts::number(lang, n as f64);
    let mut summary: Vec<String> = report
        .collections
        .iter()
        .map(|c| Msg::DumpCollectionLine.fill(lang, &[&c.name, &number(c.documents), &number(c.sampled)]))
        .collect();
    summary.extend(
        report
            .collections
            .iter()
            .flat_map(|c| c.not_kept.iter().map(move |n| Msg::DumpNotKept.fill(lang, &[&c.name, n]))),
    );
    if !report.skipped.is_empty() {
        let list: Vec<String> =
            report.skipped.iter().map(|(n, why)| format!("{n} ({})", skipped_text(why, lang))).collect();
        summary.push(Msg::DumpSkipped.fill(lang, &[&list.join(", ")]));
    }
    Ok(DumpPreview {
        entities: scratch.entities.split_off(entities_before),
        relations: scratch.relations.split_off(relations_before),
        summary,
    })
}

/// Why a collection was skipped, in `lang`.
fn skipped_text(why: &Skipped, lang: Lang) -> String {
    match why {
        Skipped::System => Msg::DumpSkippedSystem.text(lang).to_string(),
        Skipped::View { on: Some(on) } => Msg::DumpSkippedViewOn.fill(lang, &[on]),
        Skipped::View { on: None } => Msg::DumpSkippedView.text(lang).to_string(),
        Skipped::OtherDatabase => Msg::DumpSkippedOtherDatabase.text(lang).to_string(),
    }
}

/// Why dropped files make no dump to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotADump {
    /// No mongodump file among them, nor one loose file that could be an archive.
    NoDumpFiles,
    /// The folders of several databases (their names): one is read at a time.
    SeveralDatabases(Vec<String>),
}

/// Which of the dropped or chosen files make the dump to read, by their paths in the drop
/// (`dump/shop/orders.bson` for a folder's file, the bare name for a loose file): the `.bson`
/// and `.metadata.json` files, gzipped or not, of the one database folder holding them (the
/// server's `admin`, `config` and `local` left out when another is there); with none, one loose
/// file, which may be an `--archive` (told by its content when read). The rest of a dropped
/// folder is never read. Returns the indexes in `paths`.
pub fn choose_dropped(paths: &[String]) -> Result<Vec<usize>, NotADump> {
    let folder_of = |p: &str| p.rsplit_once('/').map_or(String::new(), |(dir, _)| dir.to_string());
    let file_of = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let last = |folder: &str| folder.rsplit('/').next().unwrap_or(folder).to_string();
    let dump: Vec<usize> =
        (0..paths.len()).filter(|&i| super::source::classify(&file_of(&paths[i])).is_some()).collect();
    if dump.is_empty() {
        let loose: Vec<usize> = (0..paths.len()).filter(|&i| !paths[i].contains('/')).collect();
        return if loose.len() == 1 { Ok(loose) } else { Err(NotADump::NoDumpFiles) };
    }
    let mut folders: Vec<String> = dump.iter().map(|&i| folder_of(&paths[i])).collect();
    folders.sort();
    folders.dedup();
    // `mongodump --oplog` writes `oplog.bson` at the dump's root, beside the databases' folders.
    let oplog = |f: &String| {
        let inside = |other: &String| other.starts_with(&format!("{f}/")) || (f.is_empty() && !other.is_empty());
        folders.iter().any(inside)
            && dump.iter().all(|&i| folder_of(&paths[i]) != *f || file_of(&paths[i]) == "oplog.bson")
    };
    let mut databases: Vec<String> = folders.iter().filter(|f| !oplog(f)).cloned().collect();
    if databases.len() > 1 {
        databases.retain(|f| !super::source::SERVER_DATABASES.contains(&last(f).as_str()));
    }
    match databases.as_slice() {
        [one] => Ok(dump.into_iter().filter(|&i| folder_of(&paths[i]) == *one).collect()),
        _ => Err(NotADump::SeveralDatabases(databases.iter().map(|f| last(f)).collect())),
    }
}

/// What was dropped or chosen, for a message: the names at the top of the drop (a folder's
/// name once), in order.
pub fn dropped_names(paths: &[String]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for p in paths {
        let top = p.split('/').next().unwrap_or(p);
        if !names.contains(&top) {
            names.push(top);
        }
    }
    names.join(", ")
}

/// An archive starts with mongodump's magic number, or is gzipped (a folder's files are
/// gzipped one by one, but then named `.bson.gz`: an archive is told by content after
/// decompression, which [`read_dump`] checks).
fn is_archive(bytes: &[u8]) -> bool {
    bytes.starts_with(&super::archive::MAGIC) || (bytes.starts_with(&[0x1f, 0x8b]) && gunzipped_magic(bytes))
}

fn gunzipped_magic(bytes: &[u8]) -> bool {
    use std::io::Read;
    let mut head = [0u8; 4];
    flate2::read::MultiGzDecoder::new(bytes).read_exact(&mut head).is_ok() && head == super::archive::MAGIC
}

/// The entities and relations to add, once the relations in `rejected` (by id) are refused: a
/// rejected reference is left out; a rejected embedded relation puts its child (and what is
/// embedded in it) back in the parent as a sub-document field, or an array of them, and the
/// references held inside follow it with the longer path.
pub fn accept(preview: DumpPreview, rejected: &[String]) -> (Vec<Entity>, Vec<Relation>) {
    let DumpPreview { mut entities, mut relations, .. } = preview;
    relations.retain(|r| !(r.storage != Storage::Embed && rejected.contains(&r.id)));
    // Outermost first: a child rejected inside a rejected child goes back with it.
    while let Some(at) = relations.iter().position(|r| r.storage == Storage::Embed && rejected.contains(&r.id)) {
        let rel = relations.remove(at);
        let field = nested(&rel, &mut entities, &mut relations);
        if let Some(parent) = entities.iter_mut().find(|e| e.id == rel.parent) {
            parent.fields.push(field);
        }
    }
    (entities, relations)
}

/// `rel`'s child as a field of its parent, with everything embedded in the child nested too
/// (those entities and relations removed), and references held inside re-pointed at the parent.
fn nested(rel: &Relation, entities: &mut Vec<Entity>, relations: &mut Vec<Relation>) -> Field {
    let Some(at) = entities.iter().position(|e| e.id == rel.child) else {
        return Field::new(&rel.field, BsonType::Object);
    };
    let child = entities.remove(at);
    let name = if rel.field.is_empty() { child.name.clone() } else { rel.field.clone() };
    let mut fields = child.fields;
    while let Some(inner) = relations.iter().position(|r| r.storage == Storage::Embed && r.parent == child.id) {
        let inner = relations.remove(inner);
        fields.push(nested(&inner, entities, relations));
    }
    for r in relations.iter_mut() {
        let prefix = |path: &mut Option<String>| {
            if let Some(p) = path {
                *p = format!("{name}.{p}");
            }
        };
        if r.child == child.id {
            r.child = rel.parent.clone();
            prefix(&mut r.reference.child_field);
        }
        if r.parent == child.id {
            r.parent = rel.parent.clone();
            prefix(&mut r.reference.parent_field);
        }
    }
    let one = rel.cardinality.max == Some(1);
    let mut field = Field::new(&name, if one { BsonType::Object } else { BsonType::Array });
    if !one {
        field.items = Some(BsonType::Object);
        field.size.avg_items = Some(rel.cardinality.typical.round() as u64);
        field.size.max_items = rel.cardinality.outliers.as_ref().map(|o| o.max).or(rel.cardinality.max);
    }
    let matched = rel.evidence.as_ref().map_or(1.0, |e| e.matched);
    field.required = matched >= 1.0;
    if !field.required {
        field.presence = Some(matched);
    }
    field.fields = fields;
    field.notes = child.notes;
    field
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson::{doc, RawDocumentBuf};

    fn bson_file(name: &str, docs: &[bson::Document]) -> BytesInput {
        BytesInput {
            name: name.into(),
            bytes: docs.iter().flat_map(|d| RawDocumentBuf::try_from(d).unwrap().into_bytes()).collect(),
        }
    }

    fn dropped() -> DumpPreview {
        let users: Vec<bson::Document> = (0..50).map(|i| doc! { "_id": format!("u{i}"), "name": "x" }).collect();
        let orders: Vec<bson::Document> = (0..200)
            .map(|i| doc! { "_id": i, "lines": [{ "user_ref": format!("u{}", i % 50), "qty": 1 }, { "user_ref": "u1", "qty": 2 }] })
            .collect();
        let files = vec![bson_file("shop/users.bson", &users), bson_file("shop/orders.bson", &orders)];
        read_dropped(files, &Model::new("t"), &DumpOptions::default(), Lang::En, &mut |_| {}).expect("read")
    }

    #[test]
    fn dropped_files_preview_entities_and_relations_with_evidence() {
        let p = dropped();
        let ids: Vec<&str> = p.entities.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["orders", "orders_lines", "users"]);
        assert!(p.relations.iter().all(|r| r.evidence.is_some()));
        assert!(p.summary[0].starts_with("orders: 200 documents"), "{:?}", p.summary);
        let r = p.relations.iter().find(|r| r.parent == "users").expect("lines.user_ref → users");
        assert_eq!((r.child.as_str(), r.reference.child_field.as_deref()), ("orders_lines", Some("user_ref")));
    }

    #[test]
    fn a_rejected_embedding_nests_back_and_its_references_follow() {
        let p = dropped();
        let embed = p.relations.iter().find(|r| r.storage == Storage::Embed).unwrap().id.clone();
        let (entities, relations) = accept(p.clone(), &[embed]);
        assert_eq!(entities.len(), 2);
        let orders = entities.iter().find(|e| e.id == "orders").unwrap();
        let lines = orders.field("lines").expect("lines is a field again");
        assert_eq!(
            (lines.bson_type, lines.items, lines.size.avg_items),
            (BsonType::Array, Some(BsonType::Object), Some(2))
        );
        assert!(lines.fields.iter().any(|f| f.name == "user_ref"));
        let r = relations.iter().find(|r| r.parent == "users").unwrap();
        assert_eq!((r.child.as_str(), r.reference.child_field.as_deref()), ("orders", Some("lines.user_ref")));
        // A rejected reference is left out; the rest is added as found.
        let reference = p.relations.iter().find(|r| r.storage == Storage::Reference).unwrap().id.clone();
        let (entities, relations) = accept(p, &[reference]);
        assert_eq!((entities.len(), relations.len()), (3, 1));
        let mut model = Model::new("t");
        model.entities = entities;
        model.relations = relations;
        assert!(crate::model::check_structure(&model).is_empty(), "{:?}", crate::model::check_structure(&model));
    }

    #[test]
    fn an_archive_is_told_by_its_content() {
        assert!(is_archive(&super::super::archive::MAGIC));
        assert!(!is_archive(b"\x16\x00\x00\x00"));
        let e = read_dropped(
            vec![BytesInput { name: "notes.txt".into(), bytes: b"hi".to_vec() }],
            &Model::new("t"),
            &DumpOptions::default(),
            Lang::En,
            &mut |_| {},
        )
        .unwrap_err();
        assert!(e.message.contains("no mongodump files"), "{e}");
    }

    fn paths(list: &[&str]) -> Vec<String> {
        list.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn a_dropped_folder_gives_its_one_databases_files() {
        // The dump's root: the server's databases and the oplog are left out, and what is not
        // a dump file is never read.
        let drop = paths(&[
            "dump/oplog.bson",
            "dump/admin/system.version.bson",
            "dump/admin/system.version.metadata.json",
            "dump/shop/orders.bson.gz",
            "dump/shop/orders.metadata.json.gz",
            "dump/shop/users.bson",
            "dump/shop/.DS_Store",
            "dump/README.txt",
        ]);
        assert_eq!(choose_dropped(&drop), Ok(vec![3, 4, 5]));
        assert_eq!(dropped_names(&drop), "dump");
        // One database's folder, or its files picked one by one.
        assert_eq!(choose_dropped(&paths(&["shop/users.bson", "shop/users.metadata.json"])), Ok(vec![0, 1]));
        assert_eq!(choose_dropped(&paths(&["users.bson", "notes.txt"])), Ok(vec![0]));
    }

    #[test]
    fn a_drop_without_a_dump_is_refused_by_name() {
        let photos = paths(&["holiday/a.jpg", "holiday/b.jpg", "list.csv", "more.csv"]);
        assert_eq!(choose_dropped(&photos), Err(NotADump::NoDumpFiles));
        assert_eq!(dropped_names(&photos), "holiday, list.csv, more.csv");
        assert_eq!(choose_dropped(&paths(&["holiday/a.jpg"])), Err(NotADump::NoDumpFiles));
        // One loose file may be an archive: it is read, and its content tells.
        assert_eq!(choose_dropped(&paths(&["shop.archive"])), Ok(vec![0]));
        let two = paths(&["dump/shop/a.bson", "dump/blog/b.bson", "dump/local/c.bson"]);
        assert_eq!(choose_dropped(&two), Err(NotADump::SeveralDatabases(vec!["blog".into(), "shop".into()])));
    }
}
