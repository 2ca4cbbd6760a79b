//! Where a dump is read from: one database's folder of `<collection>.bson` and
//! `<collection>.metadata.json` files (gzipped or not), the dump's root holding a folder per
//! database, `.bson` files named one by one, or one `--archive` file. Each file is an [`Input`]:
//! a path on disk for the command line, or the bytes the browser handed to the worker.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// One file of a dump.
pub trait Input {
    /// Its name in messages (the path as given, or the dropped file's name).
    fn name(&self) -> &str;
    /// Its bytes from the start.
    fn open(&self) -> std::io::Result<Box<dyn Read + '_>>;
    /// Its size in bytes, when known (for progress).
    fn size(&self) -> Option<u64>;
}

/// A file on disk.
pub struct FileInput {
    pub path: PathBuf,
    name: String,
}

impl FileInput {
    pub fn new(path: &Path) -> FileInput {
        FileInput { path: path.to_path_buf(), name: path.display().to_string() }
    }
}

impl Input for FileInput {
    fn name(&self) -> &str {
        &self.name
    }
    fn open(&self) -> std::io::Result<Box<dyn Read + '_>> {
        Ok(Box::new(std::fs::File::open(&self.path)?))
    }
    fn size(&self) -> Option<u64> {
        std::fs::metadata(&self.path).ok().map(|m| m.len())
    }
}

/// A file held in memory (what the browser reads from a dropped file).
pub struct BytesInput {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl Input for BytesInput {
    fn name(&self) -> &str {
        &self.name
    }
    fn open(&self) -> std::io::Result<Box<dyn Read + '_>> {
        Ok(Box::new(self.bytes.as_slice()))
    }
    fn size(&self) -> Option<u64> {
        Some(self.bytes.len() as u64)
    }
}

/// `input`'s bytes, gunzipped when they start with gzip's magic bytes (`--gzip` dumps).
pub fn decompressed<'a>(input: &'a dyn Input) -> std::io::Result<Box<dyn Read + 'a>> {
    let mut reader = BufReader::with_capacity(256 * 1024, input.open()?);
    let gzip = reader.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    Ok(if gzip { Box::new(BufReader::new(flate2::bufread::MultiGzDecoder::new(reader))) } else { Box::new(reader) })
}

/// One collection of a dump folder: its data and its metadata, either of which may be missing.
pub struct CollectionFiles {
    pub db: String,
    pub name: String,
    pub data: Option<Box<dyn Input>>,
    pub metadata: Option<Box<dyn Input>>,
}

/// What a file name says: the collection and whether it holds data or metadata.
pub fn classify(file_name: &str) -> Option<(String, bool)> {
    let stem = file_name.strip_suffix(".gz").unwrap_or(file_name);
    if let Some(name) = stem.strip_suffix(".metadata.json") {
        return Some((unescape(name), false));
    }
    stem.strip_suffix(".bson").map(|name| (unescape(name), true))
}

/// mongodump writes characters a file name cannot hold as `%XX`.
fn unescape(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Groups files (by name) into collections, in the order their names sort.
pub fn group(db: &str, files: Vec<(String, Box<dyn Input>)>) -> Vec<CollectionFiles> {
    let mut out: Vec<CollectionFiles> = Vec::new();
    for (file_name, input) in files {
        let Some((name, data)) = classify(&file_name) else { continue };
        let at = match out.iter().position(|c| c.name == name) {
            Some(at) => at,
            None => {
                out.push(CollectionFiles { db: db.to_string(), name, data: None, metadata: None });
                out.len() - 1
            }
        };
        if data {
            out[at].data = Some(input);
        } else {
            out[at].metadata = Some(input);
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Databases mongodump writes beside the application's, which say nothing about its design.
pub const SERVER_DATABASES: [&str; 3] = ["admin", "config", "local"];

/// The collections of a dump folder: `path` is one database's folder, or the dump's root (a
/// folder per database; `db` names one when it holds several).
pub fn folder(path: &Path, db: Option<&str>) -> Result<Vec<CollectionFiles>, String> {
    let listing = |dir: &Path| -> Result<Vec<(String, PathBuf)>, String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
        let mut out: Vec<(String, PathBuf)> =
            entries.filter_map(|e| e.ok()).map(|e| (e.file_name().to_string_lossy().into_owned(), e.path())).collect();
        out.sort();
        Ok(out)
    };
    let entries = listing(path)?;
    let is_dump_file = |(name, p): &(String, PathBuf)| p.is_file() && classify(name).is_some();
    let files = |entries: Vec<(String, PathBuf)>, db: &str| {
        let files: Vec<(String, Box<dyn Input>)> = entries
            .into_iter()
            .filter(is_dump_file)
            .map(|(name, p)| (name, Box::new(FileInput::new(&p)) as Box<dyn Input>))
            .collect();
        group(db, files)
    };
    let folder_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if entries.iter().any(is_dump_file) {
        if let Some(wanted) = db.filter(|d| *d != folder_name) {
            return Err(format!("{} is the folder of database {folder_name}, not {wanted}", path.display()));
        }
        return Ok(files(entries, &folder_name));
    }
    let databases: Vec<(String, PathBuf)> = entries
        .into_iter()
        .filter(|(_, p)| p.is_dir())
        .filter(|(_, p)| listing(p).is_ok_and(|inner| inner.iter().any(is_dump_file)))
        .collect();
    let names: Vec<&str> = databases.iter().map(|(n, _)| n.as_str()).collect();
    let chosen = match db {
        Some(wanted) => databases
            .iter()
            .find(|(n, _)| n == wanted)
            .ok_or_else(|| format!("{} holds no database {wanted} (it holds: {})", path.display(), names.join(", ")))?,
        None => {
            let apps: Vec<&(String, PathBuf)> =
                databases.iter().filter(|(n, _)| !SERVER_DATABASES.contains(&n.as_str())).collect();
            match apps.as_slice() {
                [one] => *one,
                [] => {
                    return Err(format!(
                    "{} holds no mongodump files (<collection>.bson, <collection>.metadata.json) nor a folder of them",
                    path.display()
                ))
                }
                _ => {
                    let list: Vec<&str> = apps.iter().map(|(n, _)| n.as_str()).collect();
                    return Err(format!(
                        "{} holds several databases ({}): name one with --db",
                        path.display(),
                        list.join(", ")
                    ));
                }
            }
        }
    };
    Ok(files(listing(&chosen.1)?, &chosen.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_give_the_collection() {
        assert_eq!(classify("users.bson"), Some(("users".into(), true)));
        assert_eq!(classify("users.bson.gz"), Some(("users".into(), true)));
        assert_eq!(classify("users.metadata.json.gz"), Some(("users".into(), false)));
        assert_eq!(classify("system.profile.bson"), Some(("system.profile".into(), true)));
        assert_eq!(classify("a%2Fb.bson"), Some(("a/b".into(), true)));
        assert_eq!(classify("prelude.json"), None);
    }
}
