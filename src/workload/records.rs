//! One execution as the server recorded it, from any of the three records it keeps:
//!
//! - mongod's structured log (4.4 and later; "Log Messages"): a JSON line `{"t": {"$date": …},
//!   "s", "c", "id", "ctx", "msg", "attr"}`; a "Slow query" (`id` 51803) carries `attr.type`,
//!   `attr.ns`, `attr.command`, `planSummary`, `keysExamined`, `docsExamined`, `nreturned`,
//!   `hasSortStage`, `durationMillis`;
//! - the profiler's `system.profile` documents ("Database Profiler Output"): `op`, `ns`,
//!   `command`, the same counters, `millis`, `ts`;
//! - `$queryStats` ("$queryStats"): one document per query shape, `key.queryShape` (values
//!   already replaced: `"?string"`) and `metrics` (`execCount`, first and last seen).
//!
//! Writes are logged per statement (`type: "update"`, `command: { q, u, multi, upsert }`) and the
//! command's own line then leaves the statements out: the statement is read, the command line
//! is counted as a write's summary and skipped.

use crate::infer::{Document, Value};

/// Which record an execution came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    Log,
    Profiler,
    QueryStats,
}

impl Record {
    pub fn name(self) -> &'static str {
        match self {
            Record::Log => "log",
            Record::Profiler => "profiler",
            Record::QueryStats => "queryStats",
        }
    }
}

/// One execution (or, from `$queryStats`, every execution of one shape).
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub record: Record,
    /// The command document `crate::mql::from_command` reads (`{ find: "orders", filter: … }`).
    pub command: Document,
    /// How many executions this stands for (1, or `$queryStats`' `execCount`).
    pub executions: u64,
    /// When it ran (milliseconds since 1970), or the first and last time a shape was seen.
    pub at: Option<i64>,
    pub last_at: Option<i64>,
    pub plan: Option<String>,
    pub duration_ms: Option<u64>,
    pub keys_examined: Option<u64>,
    pub docs_examined: Option<u64>,
    pub returned: Option<u64>,
    pub sort_in_memory: bool,
}

/// What a record turned out to be.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading {
    Execution(Box<Execution>),
    /// A log message that is not a slow query (startup, connections…).
    OtherMessage,
    /// A record of something that is no access pattern (`getMore`, `hello`, `createIndexes`,
    /// a write command whose statements are logged on their own lines), named.
    Skipped(String),
    /// Not a record docshape knows (neither a log line, a profiler document nor a query shape).
    Unknown,
}

fn get<'a>(doc: &'a Document, key: &str) -> Option<&'a Value> {
    doc.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn doc<'a>(d: &'a Document, key: &str) -> Option<&'a Document> {
    match get(d, key)? {
        Value::Document(inner) => Some(inner),
        _ => None,
    }
}

fn text(d: &Document, key: &str) -> Option<String> {
    match get(d, key)? {
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn whole(v: Option<&Value>) -> Option<u64> {
    match v? {
        Value::Int32(n) => u64::try_from(*n).ok(),
        Value::Int64(n) => u64::try_from(*n).ok(),
        Value::Double(n) if n.is_finite() && *n >= 0.0 => Some(*n as u64),
        _ => None,
    }
}

fn date(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Date(ms) => *ms,
        _ => None,
    }
}

/// The collection of a namespace `db.collection` (everything after the first dot).
fn collection_of(ns: &str) -> &str {
    ns.split_once('.').map_or(ns, |(_, c)| c)
}

/// Commands that read or write a collection's documents.
const READ_AND_WRITE: [&str; 9] =
    ["find", "aggregate", "count", "distinct", "insert", "update", "delete", "findAndModify", "findandmodify"];

/// Reads one parsed record.
pub fn read_record(record: &Document) -> Reading {
    let attr = doc(record, "attr");
    let msg = text(record, "msg");
    // A log line has its time and a message or attributes (mongod leaves `attr` out of a
    // message that has none).
    if let (Some(t), true) = (get(record, "t"), attr.is_some() || msg.is_some()) {
        // Only slow queries describe an operation.
        let slow = whole(get(record, "id")) == Some(SLOW_QUERY) || msg.as_deref() == Some("Slow query");
        if !slow {
            return Reading::OtherMessage;
        }
        let Some(attr) = attr else { return Reading::Skipped(NO_ATTRIBUTES.into()) };
        let op = text(attr, "type").unwrap_or_else(|| "command".into());
        let ns = text(attr, "ns").unwrap_or_default();
        return operation(
            Record::Log,
            &op,
            &ns,
            doc(attr, "command").cloned(),
            Figures::of(attr, "durationMillis"),
            when(t),
        );
    }
    if let (Some(op), Some(ns)) = (text(record, "op"), text(record, "ns")) {
        let at = date(get(record, "ts"));
        return operation(
            Record::Profiler,
            &op,
            &ns,
            doc(record, "command").cloned(),
            Figures::of(record, "millis"),
            at,
        );
    }
    if let (Some(key), Some(metrics)) = (doc(record, "key"), doc(record, "metrics")) {
        if let Some(shape) = doc(key, "queryShape") {
            return query_shape(shape, metrics);
        }
    }
    Reading::Unknown
}

/// The `id` mongod gives its "Slow query" message.
const SLOW_QUERY: u64 = 51803;

const NO_ATTRIBUTES: &str = "a slow query without its attributes";

/// A log line's time: `{"$date": "2020-05-20T20:10:08.731+00:00"}`, decoded by the parser.
fn when(t: &Value) -> Option<i64> {
    match t {
        Value::Document(inner) => date(get(inner, "$date")),
        v => date(Some(v)),
    }
}

/// Reads a line of mongod's log straight from its text, as mongod writes it. The log's lines
/// are mostly what docshape does not use (`locks`, `storage`, session ids, and messages that
/// are no slow query): serde_json walks past them without building them, and only a slow
/// query's command is read into a document. `None` when the line is anything but that plain
/// form (an Extended JSON wrapper where a number is expected, a string where an object is, a
/// duplicate key, a syntax error): the caller then parses it whole and reads it with
/// [`read_record`], which gives the same reading or names the error. Parts nobody reads are
/// checked as JSON only: a malformed Extended JSON value among a line's `locks` does not cost
/// the line (the fuzz target `workload` checks both readings agree wherever both read).
pub fn read_log_line(line: &str) -> Option<Reading> {
    use serde::Deserialize;
    use serde_json::value::RawValue;
    use std::borrow::Cow;

    #[derive(Deserialize)]
    struct Line<'a> {
        #[serde(borrow)]
        t: Option<Time<'a>>,
        id: Option<serde_json::Value>,
        #[serde(borrow)]
        msg: Option<Cow<'a, str>>,
        #[serde(borrow)]
        attr: Option<&'a RawValue>,
    }
    /// `{"$date": "2020-05-20T20:10:08.731+00:00"}`, as mongod writes a line's time.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Time<'a> {
        #[serde(rename = "$date", borrow)]
        date: Cow<'a, str>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Attr<'a> {
        #[serde(rename = "type", borrow)]
        kind: Option<Cow<'a, str>>,
        #[serde(borrow)]
        ns: Option<Cow<'a, str>>,
        #[serde(borrow)]
        command: Option<&'a RawValue>,
        plan_summary: Option<String>,
        duration_millis: Option<serde_json::Value>,
        keys_examined: Option<serde_json::Value>,
        docs_examined: Option<serde_json::Value>,
        nreturned: Option<serde_json::Value>,
        has_sort_stage: Option<serde_json::Value>,
    }
    /// An object's text that the parser keeps as a document (not `{"$date": …}` and the like).
    fn plain_object(raw: &RawValue) -> bool {
        let text = raw.get();
        text.starts_with('{') && !text[1..].trim_start().starts_with("\"$")
    }

    let parsed: Line = serde_json::from_str(line).ok()?;
    // The parser refuses a line whose time is no ISO-8601 date.
    let at = crate::infer::iso_date(&parsed.t?.date)?;
    if parsed.attr.is_none() && parsed.msg.is_none() {
        return None;
    }
    let slow = plain_whole(parsed.id.as_ref())? == Some(SLOW_QUERY) || parsed.msg.as_deref() == Some("Slow query");
    let attr = match parsed.attr {
        Some(raw) if plain_object(raw) => Some(raw),
        None => None,
        Some(_) => return None,
    };
    if !slow {
        return Some(Reading::OtherMessage);
    }
    let Some(attr) = attr else { return Some(Reading::Skipped(NO_ATTRIBUTES.into())) };
    let attr: Attr = serde_json::from_str(attr.get()).ok()?;
    let command = match attr.command {
        Some(raw) if plain_object(raw) => {
            Some(crate::infer::parse_document(raw.get(), crate::infer::Dialect::Json).ok()?)
        }
        None => None,
        // `doc` finds no document there: the statement has no command.
        Some(raw) if !raw.get().starts_with('{') => None,
        Some(_) => return None,
    };
    let figures = Figures {
        plan: attr.plan_summary,
        duration_ms: plain_whole(attr.duration_millis.as_ref())?,
        keys_examined: plain_whole(attr.keys_examined.as_ref())?,
        docs_examined: plain_whole(attr.docs_examined.as_ref())?,
        returned: plain_whole(attr.nreturned.as_ref())?,
        sort_in_memory: matches!(attr.has_sort_stage, Some(serde_json::Value::Bool(true))),
    };
    let op = attr.kind.as_deref().unwrap_or("command");
    let ns = attr.ns.as_deref().unwrap_or("");
    Some(operation(Record::Log, op, ns, command, figures, Some(at)))
}

/// [`whole`] of a value serde_json read: `Some(figure)`, or `None` for an object (an Extended
/// JSON number such as `{"$numberLong": "5"}`, which only the whole parse decodes) or a whole
/// number past `i64` (which the parser keeps as a double).
fn plain_whole(v: Option<&serde_json::Value>) -> Option<Option<u64>> {
    use serde_json::Value as J;
    match v {
        Some(J::Object(_)) => None,
        Some(J::Number(n)) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) if u > i64::MAX as u64 => None,
            (Some(u), _) => Some(Some(u)),
            (None, Some(_)) => Some(None),
            (None, None) => Some(n.as_f64().filter(|f| f.is_finite() && *f >= 0.0).map(|f| f as u64)),
        },
        _ => Some(None),
    }
}

/// What the server measured of one execution (a log line's `attr`, a profiler document).
#[derive(Debug, Clone, Default, PartialEq)]
struct Figures {
    plan: Option<String>,
    duration_ms: Option<u64>,
    keys_examined: Option<u64>,
    docs_examined: Option<u64>,
    returned: Option<u64>,
    sort_in_memory: bool,
}

impl Figures {
    /// The figures of a parsed log line's `attr` or profiler document; the duration is
    /// `durationMillis` in the log and `millis` in the profiler.
    fn of(d: &Document, duration_key: &str) -> Figures {
        Figures {
            plan: text(d, "planSummary"),
            duration_ms: whole(get(d, duration_key)),
            keys_examined: whole(get(d, "keysExamined")),
            docs_examined: whole(get(d, "docsExamined")),
            returned: whole(get(d, "nreturned")),
            sort_in_memory: matches!(get(d, "hasSortStage"), Some(Value::Bool(true))),
        }
    }
}

/// A log line's or profiler document's operation.
fn operation(
    record: Record,
    op: &str,
    ns: &str,
    command: Option<Document>,
    figures: Figures,
    at: Option<i64>,
) -> Reading {
    let Some(command) = command else { return Reading::Skipped(format!("{op} without its command")) };
    let collection = collection_of(ns);
    let command: Document = match op {
        // A write logged per statement: the statement, wrapped in its command.
        "update" => vec![
            ("update".into(), Value::String(collection.into())),
            ("updates".into(), Value::Array(vec![Value::Document(command)])),
        ],
        "remove" | "delete" => vec![
            ("delete".into(), Value::String(collection.into())),
            ("deletes".into(), Value::Array(vec![Value::Document(command)])),
        ],
        _ => {
            let Some((name, _)) = command.first() else { return Reading::Skipped("an empty command".into()) };
            if !READ_AND_WRITE.contains(&name.as_str()) {
                return Reading::Skipped(name.clone());
            }
            let logged_per_statement = (name == "update" && get(&command, "updates").is_none())
                || (name == "delete" && get(&command, "deletes").is_none());
            if logged_per_statement {
                return Reading::Skipped(format!("{name} command (its statements are logged on their own)"));
            }
            command
        }
    };
    Reading::Execution(Box::new(Execution {
        record,
        command,
        executions: 1,
        at,
        last_at: at,
        plan: figures.plan,
        duration_ms: figures.duration_ms,
        keys_examined: figures.keys_examined,
        docs_examined: figures.docs_examined,
        returned: figures.returned,
        sort_in_memory: figures.sort_in_memory,
    }))
}

/// A `$queryStats` entry: its shape as the command it stands for.
fn query_shape(shape: &Document, metrics: &Document) -> Reading {
    let collection = doc(shape, "cmdNs").and_then(|ns| text(ns, "coll")).unwrap_or_default();
    let Some(name) = text(shape, "command") else { return Reading::Unknown };
    let mut command: Document = vec![(name.clone(), Value::String(collection))];
    for (key, value) in shape {
        if key == "cmdNs" || key == "command" {
            continue;
        }
        // `distinct`'s filter is its `query`.
        let key = if name == "distinct" && key == "filter" { "query".to_string() } else { key.clone() };
        command.push((key, value.clone()));
    }
    let sum = |key: &str| doc(metrics, key).and_then(|m| whole(get(m, "sum")));
    let executions = whole(get(metrics, "execCount")).unwrap_or(1).max(1);
    let per_execution = |key: &str| sum(key).map(|s| s / executions);
    let micros = doc(metrics, "totalExecMicros").or_else(|| doc(metrics, "queryExecMicros"));
    Reading::Execution(Box::new(Execution {
        record: Record::QueryStats,
        command,
        executions,
        at: date(get(metrics, "firstSeenTimestamp")),
        last_at: date(get(metrics, "latestSeenTimestamp")),
        plan: None,
        duration_ms: micros.and_then(|m| whole(get(m, "sum"))).map(|s| s / executions / 1000),
        keys_examined: per_execution("keysExamined"),
        docs_examined: per_execution("docsExamined"),
        returned: per_execution("docsReturned"),
        sort_in_memory: matches!(get(metrics, "hasSortStage"), Some(Value::Bool(true))),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infer::parse_document;

    fn read(line: &str) -> Reading {
        read_record(&parse_document(line, crate::infer::Dialect::Json).expect("JSON"))
    }

    #[test]
    fn a_slow_query_line_of_the_log_messages_page() {
        // The shape of "Log Messages" → "Slow Operation" example (4.4+).
        let line = r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn281","msg":"Slow query","attr":{"type":"command","ns":"stocks.trades","appName":"MongoDB Shell","command":{"aggregate":"trades","pipeline":[{"$project":{"ticker":1,"price":1,"priceGTE110":{"$gte":["$price",110]},"_id":0}},{"$sort":{"price":-1}}],"allowDiskUse":true,"cursor":{},"lsid":{"id":{"$uuid":"fa658f9e-9cd6-42d4-b1c8-c9160fabf2a2"}},"$clusterTime":{"clusterTime":{"$timestamp":{"t":1590005405,"i":1}},"signature":{"hash":{"$binary":{"base64":"AAAAAAAAAAAAAAAAAAAAAAAAAAA=","subType":"0"}},"keyId":0}},"$db":"test"},"planSummary":"COLLSCAN","cursorid":1912190691485054730,"keysExamined":0,"docsExamined":1000001,"hasSortStage":true,"usedDisk":true,"numYields":1002,"nreturned":101,"reslen":17738,"locks":{"ReplicationStateTransition":{"acquireCount":{"w":1119}}},"storage":{"data":{"bytesRead":232899899,"timeReadingMicros":186017},"timeWaitingMicros":{"cache":849}},"remote":"192.168.14.15:37666","protocol":"op_msg","durationMillis":22427}}"#;
        let Reading::Execution(e) = read(line) else { panic!("a slow query") };
        assert_eq!(e.record, Record::Log);
        assert_eq!(e.command.first().map(|(k, _)| k.as_str()), Some("aggregate"));
        assert_eq!(
            (e.plan.as_deref(), e.duration_ms, e.docs_examined, e.returned),
            (Some("COLLSCAN"), Some(22_427), Some(1_000_001), Some(101))
        );
        assert!(e.sort_in_memory);
        assert_eq!(e.at, Some(1590005408731));
    }

    #[test]
    fn writes_are_read_per_statement_and_the_rest_is_named() {
        let update = r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"WRITE","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"update","ns":"shop.orders","command":{"q":{"_id":1},"u":{"$set":{"a":1}},"multi":false,"upsert":false},"planSummary":"IDHACK","durationMillis":120}}"#;
        let Reading::Execution(e) = read(update) else { panic!("an update") };
        assert_eq!(e.command[0], ("update".to_string(), Value::String("orders".into())));
        let command_line = r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"command","ns":"shop.$cmd","command":{"update":"orders","ordered":true,"$db":"shop"},"durationMillis":121}}"#;
        assert!(matches!(read(command_line), Reading::Skipped(s) if s.starts_with("update command")));
        let get_more = r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"command","ns":"shop.orders","command":{"getMore":1,"collection":"orders"},"durationMillis":121}}"#;
        assert_eq!(read(get_more), Reading::Skipped("getMore".into()));
        let other = r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"NETWORK","id":22943,"ctx":"listener","msg":"Connection accepted","attr":{}}"#;
        assert_eq!(read(other), Reading::OtherMessage);
        assert_eq!(read(r#"{"hello": 1}"#), Reading::Unknown);
    }

    /// Lines in the plain form mongod writes, and lines that are not quite.
    const LINES: [&str; 11] = [
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn281","msg":"Slow query","attr":{"type":"command","ns":"stocks.trades","command":{"aggregate":"trades","pipeline":[{"$sort":{"price":-1}}],"lsid":{"id":{"$uuid":"fa658f9e-9cd6-42d4-b1c8-c9160fabf2a2"}},"$db":"test"},"planSummary":"COLLSCAN","keysExamined":0,"docsExamined":1000001,"hasSortStage":true,"nreturned":101,"locks":{"Global":{"acquireCount":{"r":1}}},"durationMillis":22427}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"WRITE","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"update","ns":"shop.orders","command":{"q":{"_id":{"$oid":"5f1e0a000000000000000001"}},"u":{"$set":{"a":1}},"multi":false,"upsert":false},"planSummary":"IDHACK","durationMillis":120.0}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"command","ns":"shop.$cmd","command":{"update":"orders","ordered":true,"$db":"shop"},"durationMillis":121}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn1","msg":"Slow query","attr":{"type":"command","ns":"shop.orders","command":"find","durationMillis":-3}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"NETWORK","id":22943,"ctx":"listener","msg":"Connection accepted","attr":{"remote":"127.0.0.1:40000"}}"#,
        // A message with no attributes: mongod leaves `attr` out.
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"CONTROL","id":20698,"ctx":"main","msg":"***** SERVER RESTARTED *****"}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn1","msg":"Slow query"}"#,
        // An Extended JSON number, a duplicate key, an attribute that is no object: parsed whole.
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"s":"I","c":"COMMAND","id":{"$numberInt":"51803"},"ctx":"conn1","msg":"Slow","attr":{"type":"command","ns":"a.b","command":{"find":"b"}}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"id":51803,"msg":"Slow query","attr":{"ns":"a.b","ns":"a.c","command":{"find":"b"}}}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"id":51803,"msg":"Slow query","attr":"none"}"#,
        r#"{"t":{"$date":"2020-05-20T20:10:08.731+00:00"},"id":51803,"msg":"Slow query","attr":{"command":{"find":"b"},"durationMillis":{"$numberLong":"7"}}}"#,
    ];

    #[test]
    fn a_log_line_read_from_its_text_reads_as_the_line_parsed_whole() {
        for (i, line) in LINES.iter().enumerate() {
            let fast = read_log_line(line);
            // The first seven are in the plain form: they are read without the whole parse.
            assert_eq!(fast.is_some(), i < 7, "line {i}");
            if let Some(fast) = fast {
                assert_eq!(fast, read(line), "line {i}");
            }
        }
        let Some(Reading::Execution(e)) = read_log_line(LINES[0]) else { panic!("a slow query") };
        assert_eq!((e.plan.as_deref(), e.duration_ms, e.at), (Some("COLLSCAN"), Some(22_427), Some(1590005408731)));
        assert_eq!(read(LINES[5]), Reading::OtherMessage, "a message without attributes is no unknown record");
        assert_eq!(read(LINES[6]), Reading::Skipped(NO_ATTRIBUTES.into()));
        let Reading::Execution(e) = read(LINES[10]) else { panic!("a slow query") };
        assert_eq!(e.duration_ms, Some(7), "an Extended JSON number, decoded by the whole parse");
    }

    #[test]
    fn a_query_stats_entry_stands_for_its_executions() {
        let entry = r#"{"key":{"queryShape":{"cmdNs":{"db":"shop","coll":"users"},"command":"distinct","key":"city","filter":{"age":{"$gt":"?number"}}}},"metrics":{"execCount":40,"totalExecMicros":{"sum":80000},"firstSeenTimestamp":{"$date":"2026-01-01T00:00:00Z"},"latestSeenTimestamp":{"$date":"2026-01-01T01:00:00Z"},"docsReturned":{"sum":400}}}"#;
        let Reading::Execution(e) = read(entry) else { panic!("a query shape") };
        assert_eq!((e.record, e.executions, e.duration_ms, e.returned), (Record::QueryStats, 40, Some(2), Some(10)));
        assert!(e.command.iter().any(|(k, _)| k == "query"), "distinct's filter is its query");
        let call = crate::mql::from_command(&e.command).expect("mql reads it");
        assert_eq!(call.collection, "users");
    }
}
