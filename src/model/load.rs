//! Loading a model file: never panics, says what is wrong and where.

use super::members::UnknownMember;
use super::Model;
use std::fmt;

/// The `format` value every docshape file carries.
pub const FORMAT: &str = "docshape";
/// The newest file-format version this build reads and writes.
pub const FORMAT_VERSION: u32 = 4;

/// Why a file could not be opened. Problems inside a well-formed model (a dangling id, a
/// forbidden field name) are not load errors: they are reported by `check_structure`.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    /// Not JSON at all, with the line and column serde_json reports.
    Json { line: usize, column: usize, message: String },
    /// JSON, but not a docshape model.
    NotAModel(String),
    /// A docshape file from a newer version of the tool.
    UnknownVersion(u64),
    /// The right format and version, but a value of the wrong shape.
    Shape { line: usize, column: usize, message: String },
    /// Larger than the loader accepts.
    TooLarge(usize),
    /// The file is UTF-16 text (a byte-order mark or zero bytes say so).
    Utf16,
    /// Bytes that are not UTF-8, first at this line and column.
    NotUtf8 { line: usize, column: usize },
}

/// Levels of sub-fields a model file may nest and still load: the JSON parser stops at 128
/// levels of nesting, and each field level takes two (its object and its `fields` array), with
/// room left for variants, constraints and examples. Writers (such as `infer`) stop here.
pub const MAX_FIELD_DEPTH: usize = 50;

/// Files over this size are refused before parsing (a model is kilobytes; this is 32 MiB).
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Json { line, column, message } => {
                write!(f, "The file is not valid JSON (line {line}, column {column}): {message}.")
            }
            LoadError::NotAModel(why) => write!(f, "This is not a docshape model: {why}."),
            LoadError::UnknownVersion(v) => write!(
                f,
                "This model was saved by a newer docshape (format version {v}; this one reads up to {FORMAT_VERSION}). Update docshape to open it."
            ),
            LoadError::Shape { line, column, message } => {
                write!(f, "The model has a value of the wrong shape (line {line}, column {column}): {message}.")
            }
            LoadError::TooLarge(n) => write!(
                f,
                "The file is {n} bytes; docshape opens models up to {MAX_FILE_BYTES} bytes."
            ),
            LoadError::Utf16 => write!(f, "The file is UTF-16 text; docshape reads UTF-8. Save it as UTF-8 and open it again."),
            LoadError::NotUtf8 { line, column } => write!(
                f,
                "The file is not UTF-8 text: line {line}, column {column} holds a byte that UTF-8 never uses (saved as Latin-1 or Windows-1252?). Save it as UTF-8."
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Parses a model file of any known format version, upgrading old versions in memory.
/// Members docshape does not know are skipped (the app's own files have none); the command-line
/// tool names them with [`load_reporting`].
pub fn load(text: &str) -> Result<Model, LoadError> {
    read_model(text, |de| serde::Deserialize::deserialize(de))
}

/// Like [`load`], also listing the members it skipped because docshape does not know them
/// (a misspelling such as `cardinalty`), each with its place and the nearest known member.
/// (Kept apart from `load`: tracking them doubles the deserialisation code, which the browser
/// app would download for nothing.)
pub fn load_reporting(text: &str) -> Result<(Model, Vec<UnknownMember>), LoadError> {
    let mut skipped = Vec::new();
    let model = read_model(text, |de| serde_ignored::deserialize(de, |path| skipped.push(path.to_string())))?;
    // The versions a file may carry are known, and read apart (`crate::designs::in_file`).
    skipped.retain(|path| path != "versions" && !path.starts_with("versions."));
    let unknown = super::members::describe(&model, &skipped);
    Ok((model, unknown))
}

/// Checks the header, reads the model with `read` and upgrades it to the newest version.
fn read_model(
    text: &str,
    read: impl FnOnce(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Result<Model, serde_json::Error>,
) -> Result<Model, LoadError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(LoadError::TooLarge(text.len()));
    }
    // Only the two header members are read first (the rest is skipped without building a
    // tree), so loading holds the model and little else in memory.
    let json_error = |e: serde_json::Error| LoadError::Json {
        line: e.line(),
        column: e.column(),
        message: strip_position(&e.to_string()),
    };
    if !text.trim_start().starts_with('{') {
        serde_json::from_str::<serde::de::IgnoredAny>(text).map_err(json_error)?;
        return Err(LoadError::NotAModel("the top level is not a JSON object".into()));
    }
    let header: Header = serde_json::from_str(text).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => LoadError::NotAModel(strip_position(&e.to_string())),
        _ => json_error(e),
    })?;
    match header.format.as_ref().and_then(|v| v.as_str()) {
        Some(FORMAT) => {}
        Some(other) => return Err(LoadError::NotAModel(format!("its \"format\" is \"{other}\", not \"{FORMAT}\""))),
        None => return Err(LoadError::NotAModel("it has no \"format\": \"docshape\" member".into())),
    }
    let version = header
        .format_version
        .as_ref()
        .and_then(|v| v.as_u64())
        .ok_or_else(|| LoadError::NotAModel("it has no numeric \"formatVersion\"".into()))?;
    if version == 0 || version > FORMAT_VERSION as u64 {
        return Err(LoadError::UnknownVersion(version));
    }
    let shape_error = |e: serde_json::Error| LoadError::Shape {
        line: e.line(),
        column: e.column(),
        message: strip_position(&e.to_string()),
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let mut model = read(&mut de).map_err(shape_error)?;
    de.end().map_err(json_error)?;
    // The upgrade steps, oldest first; the model in memory is then of the newest version.
    if version < 2 {
        upgrade_v1(&mut model);
    }
    // Version 2 to 3 adds review comments: a version 2 file has none, and means what it meant.
    // Version 3 to 4 adds what a design says about today's server (collection and index
    // options, query facts, field change rates): a version 3 file states none, and means what
    // it meant.
    model.format_version = FORMAT_VERSION;
    Ok(model)
}

/// Version 1 to 2: in version 1 a copy with no `category` was live; version 2 leaves an
/// absent category to be inferred, so the old meaning is written out.
fn upgrade_v1(model: &mut Model) {
    for copy in model.relations.iter_mut().flat_map(|r| r.extended.iter_mut()) {
        copy.category.get_or_insert(super::CopyCategory::Live);
    }
}

/// The members that say what a file is; every other member is skipped unread.
#[derive(serde::Deserialize)]
struct Header {
    format: Option<serde_json::Value>,
    #[serde(rename = "formatVersion")]
    format_version: Option<serde_json::Value>,
}

fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_json_names_the_line() {
        let err = load("{\n  \"format\": \"docshape\",\n  oops\n}").unwrap_err();
        assert!(matches!(err, LoadError::Json { line: 3, .. }), "{err:?}");
        assert!(err.to_string().contains("line 3"));
    }

    #[test]
    fn other_json_is_not_a_model() {
        assert!(matches!(load("[1,2]"), Err(LoadError::NotAModel(_))));
        assert!(matches!(load("{\"format\":\"drawio\"}"), Err(LoadError::NotAModel(_))));
    }

    #[test]
    fn newer_version_is_refused_with_its_number() {
        let err = load(r#"{"format":"docshape","formatVersion":9,"name":"x"}"#).unwrap_err();
        assert_eq!(err, LoadError::UnknownVersion(9));
        assert!(err.to_string().contains("version 9"));
    }

    #[test]
    fn version_1_copies_stay_live_and_version_2_leaves_them_to_inference() {
        let file = |v: u32| {
            format!(
                r#"{{"format":"docshape","formatVersion":{v},"name":"x","relations":[{{"id":"r","parent":"a","child":"b",
                "extended":[{{"field":"name"}},{{"field":"price","category":"historical"}}]}}],
                "queries":[{{"id":"T","name":"transfer","entity":"a","kind":"write","documentsChanged":2}}]}}"#
            )
        };
        let old = load(&file(1)).expect("a version 1 file loads");
        let copies: Vec<_> = old.relations[0].extended.iter().map(|c| c.category).collect();
        assert_eq!(copies, [Some(super::super::CopyCategory::Live), Some(super::super::CopyCategory::Historical)]);
        assert_eq!(old.format_version, FORMAT_VERSION, "upgraded in memory: saving writes the newest version");
        let new = load(&file(2)).expect("a version 2 file loads");
        assert_eq!(new.relations[0].extended[0].category, None, "not stated: inferred by the advisor");
        assert_eq!(new.queries[0].documents_changed, Some(2));
        let saved = serde_json::to_string(&new).expect("serialises");
        assert!(saved.contains("\"formatVersion\":4") && saved.contains("\"documentsChanged\":2"), "{saved}");
        assert_eq!(load(&saved).expect("round trip"), new);
    }

    #[test]
    fn presence_is_read_from_version_1_and_2_files_and_absent_means_not_stated() {
        let file = |v: u32, presence: &str| {
            format!(
                r#"{{"format":"docshape","formatVersion":{v},"name":"x","entities":[{{"id":"p","name":"products",
                "fields":[{{"name":"color","type":"string"{presence}}},{{"name":"sku","type":"string","required":true}}]}}]}}"#
            )
        };
        for v in [1, 2] {
            let old = load(&file(v, "")).unwrap_or_else(|e| panic!("a version {v} file without presence loads: {e}"));
            let fields = &old.entities[0].fields;
            assert_eq!(fields[0].presence, None, "not stated");
            assert_eq!((fields[0].carried_by(), fields[1].carried_by()), (None, Some(1.0)), "required: every document");
            let stated = load(&file(v, r#","presence":0.2"#)).expect("presence loads");
            assert_eq!(stated.entities[0].fields[0].presence, Some(0.2));
            assert_eq!(stated.entities[0].fields[0].carried_by(), Some(0.2));
            let saved = stated.to_json();
            assert!(
                saved.contains("\"presence\": 0.2") && saved.contains(&format!("\"formatVersion\": {FORMAT_VERSION}")),
                "{saved}"
            );
            assert_eq!(load(&saved).expect("round trip"), stated);
            assert!(!old.to_json().contains("presence"), "not written when not stated");
        }
    }

    #[test]
    fn a_version_3_file_means_what_it_meant_and_version_4_members_round_trip() {
        let v3 = r#"{"format":"docshape","formatVersion":3,"name":"old","entities":[{"id":"a","name":"orders"}],
            "queries":[{"id":"Q","name":"by state","entity":"a","filters":[{"field":"state"}]}]}"#;
        let old = load(v3).expect("a version 3 file loads");
        let orders = &old.entities[0].collection;
        assert!(orders.timeseries.is_none() && orders.collation.is_none() && !orders.clustered);
        assert_eq!(old.queries[0].filters[0], crate::model::Filter::new("state", crate::model::FilterOp::Equality));
        assert_eq!(old.format_version, 4);
        let v4 = r#"{"format":"docshape","formatVersion":4,"name":"new",
            "entities":[{"id":"r","name":"readings","fields":[{"name":"price","type":"double","changesPerMinute":3000},
                {"name":"tenant","type":"string","role":"tenant"}],
              "collection":{"timeseries":{"timeField":"ts","metaField":"sensor","granularity":"minutes"},
                "expireAfterSeconds":86400,"collation":{"locale":"en","strength":2},
                "instances":{"per":"tenant","count":40,"namePattern":"readings_{tenant}"},
                "shardKey":{"fields":[{"field":"sensor"},{"field":"ts"}]}}},
              {"id":"l","name":"log","collection":{"capped":{"sizeBytes":1048576,"maxDocuments":5000},"clustered":true}}],
            "queries":[{"id":"Q","name":"search","entity":"r","call":"db.readings.find({name: /ab/i})",
              "filters":[{"field":"name","op":"regex","caseInsensitive":true},{"field":"items.sku","elemMatch":"items"}],
              "or":[[{"field":"a"}],[{"field":"b","op":"in"}]],"collation":{"locale":"fr","strength":1},
              "lookups":[{"from":"l","localField":"log_id","foreignField":"_id"}],"write":"upsert","sameDocumentWriters":50}]}"#;
        let new = load(v4).expect("a version 4 file loads");
        let readings = &new.entities[0];
        let ts = readings.collection.timeseries.as_ref().expect("time series");
        assert_eq!((ts.time_field.as_str(), ts.granularity), ("ts", Some(crate::model::Granularity::Minutes)));
        assert!(readings.collection.collation.as_ref().is_some_and(crate::model::Collation::ignores_case));
        assert_eq!(readings.fields[0].changes_per_minute, Some(3000.0));
        assert_eq!(readings.fields[1].role, Some(crate::model::FieldRole::Tenant));
        assert_eq!(new.entities[1].collection.capped.as_ref().map(|c| c.size_bytes), Some(1_048_576));
        let q = &new.queries[0];
        assert_eq!((q.filters[0].op, q.filters[0].case_insensitive), (crate::model::FilterOp::Regex, true));
        assert_eq!(q.filters[1].elem_match.as_deref(), Some("items"));
        assert_eq!((q.or.len(), q.write, q.same_document_writers), (2, Some(crate::model::WriteOp::Upsert), Some(50)));
        let saved = new.to_json();
        assert_eq!(load(&saved).expect("reads back"), new, "every version 4 member is written back");
        assert!(!old.to_json().contains("timeseries"), "nothing stated, nothing written");
    }

    #[test]
    fn wrong_shape_is_reported() {
        let err = load(r#"{"format":"docshape","formatVersion":1,"name":"x","entities":[{"id":"a","name":"a","fields":[{"name":"f","type":"float"}]}]}"#)
            .unwrap_err();
        assert!(matches!(err, LoadError::Shape { .. }), "{err:?}");
        assert!(err.to_string().contains("float"));
    }

    #[test]
    fn minimal_file_loads_with_defaults() {
        let m = load(r#"{"format":"docshape","formatVersion":1,"name":"x"}"#).unwrap();
        assert_eq!(m.name, "x");
        assert!(m.entities.is_empty());
        assert_eq!(m.thresholds.doc_limit_bytes, 16 * 1024 * 1024);
    }

    #[test]
    fn saved_model_round_trips() {
        let mut m = Model::new("round");
        m.entities.push(crate::model::Entity::new("a", "a"));
        assert_eq!(load(&m.to_json()).unwrap(), m);
    }
}
