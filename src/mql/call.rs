//! Reading a call: mongosh syntax as the application writes it (`db.orders.find({…}).sort({…})`)
//! or the command document a server logs (`{ "find": "orders", "filter": {…} }`), into one
//! plain [`Call`].

use crate::infer::{Dialect, Document, ParseError, Parser, Source, Value};
use crate::model::WriteOp;

/// One operation on one collection, as the application asks for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The collection named by the call (`db.<collection>`).
    pub collection: String,
    /// The method as written (`find`, `updateMany`, `bulkWrite`), or the command's name.
    pub method: String,
    pub operation: Operation,
}

/// What the call does.
#[derive(Debug, Clone, PartialEq)]
pub enum Operation {
    /// `find`, `findOne`, `countDocuments`, `distinct`…
    Read(Read),
    /// `aggregate([...])`: its stages in order.
    Aggregate { pipeline: Vec<Document>, collation: Option<Document> },
    /// One write, or the writes of a `bulkWrite`, in order.
    Write(Vec<Write>),
}

/// A read of matching documents.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Read {
    pub filter: Document,
    pub projection: Document,
    pub sort: Document,
    pub limit: Option<Value>,
    pub skip: Option<Value>,
    pub collation: Option<Document>,
    /// Counts the matching documents instead of returning them.
    pub count: bool,
}

/// One write.
#[derive(Debug, Clone, PartialEq)]
pub struct Write {
    pub op: WriteOp,
    pub filter: Document,
    pub change: Change,
    /// Changes every matching document (`updateMany`, `deleteMany`, `multi: true`).
    pub many: bool,
    pub sort: Document,
    pub collation: Option<Document>,
}

/// What a write puts in the documents.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A delete.
    Nothing,
    /// Update operators (`{ $set: {…}, $inc: {…} }`).
    Operators(Document),
    /// An update pipeline (`[{ $set: {…} }]`).
    Pipeline(Vec<Document>),
    /// A whole document in place of the matched one.
    Replacement(Document),
    /// New documents.
    Insert(Vec<Document>),
}

/// The deepest nesting of values in a call.
const DEPTH: usize = 0;

/// Reads a call in mongosh syntax: `db.<collection>.<method>(…)` with the cursor methods after
/// it (`.sort()`, `.limit()`, `.skip()`, `.project()`, `.collation()`), `db.getCollection("x")`
/// or `db["x"]`, an optional `await` and `;`. Values may be the application's names or
/// expressions (`userId`, `new ObjectId(id)`): they stand for values not known here. A command
/// document (`{ "find": "orders", … }`, what mongod logs) is read too.
pub fn read_call(text: &str) -> Result<Call, ParseError> {
    let mut p = Parser::new(Source::new(text.as_bytes()), Dialect::Code);
    p.skip_ws()?;
    if p.src.peek() == Some(b'{') {
        let at = p.src.position();
        let command = match p.value(DEPTH)? {
            Value::Document(fields) => fields,
            _ => return Err(p.src.error_at(at, "a command document must be a document")),
        };
        end(&mut p)?;
        return from_command(&command).map_err(|message| p.src.error_at(at, message));
    }
    let mut at = p.src.position();
    let mut first = word(&mut p);
    if first == "await" {
        p.skip_ws()?;
        at = p.src.position();
        first = word(&mut p);
    }
    if first != "db" {
        return Err(p.src.error_at(at, "a call starts with db. (for example db.orders.find({ status: \"A\" }))"));
    }
    let collection = collection(&mut p)?;
    let at = p.src.position();
    let method = word(&mut p);
    if method.is_empty() {
        return Err(p.src.error_at(at, format!("a method after db.{collection}. (find, aggregate, updateOne…)")));
    }
    let args = arguments(&mut p)?;
    let mut operation = operation(&method, args).map_err(|message| p.src.error_at(at, message))?;
    // The cursor's methods, in any order.
    loop {
        p.skip_ws()?;
        if p.src.peek() != Some(b'.') {
            break;
        }
        p.src.bump();
        p.skip_ws()?;
        let at = p.src.position();
        let name = word(&mut p);
        let args = arguments(&mut p)?;
        cursor_method(&mut operation, &name, args).map_err(|message| p.src.error_at(at, message))?;
    }
    end(&mut p)?;
    Ok(Call { collection, method, operation })
}

/// Nothing but `;` and white space after the call.
fn end(p: &mut Parser<&[u8]>) -> Result<(), ParseError> {
    p.skip_ws()?;
    if p.src.peek() == Some(b';') {
        p.src.bump();
        p.skip_ws()?;
    }
    match p.src.peek() {
        None => Ok(()),
        Some(_) => Err(p.src.error("one call only: nothing may follow it")),
    }
}

/// A name made of letters, digits, `_` and `$` (empty when none is there).
fn word(p: &mut Parser<&[u8]>) -> String {
    let mut out = Vec::new();
    p.src.take_while(&mut out, |b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
    String::from_utf8_lossy(&out).into_owned()
}

/// After `db`: `.name.`, `.getCollection("name").` or `["name"].`; the collection's name.
fn collection(p: &mut Parser<&[u8]>) -> Result<String, ParseError> {
    p.skip_ws()?;
    let name = match p.src.peek() {
        Some(b'[') => {
            p.src.bump();
            p.skip_ws()?;
            let at = p.src.position();
            let name = match p.value(DEPTH)? {
                Value::String(s) => s,
                _ => return Err(p.src.error_at(at, "db[…] takes the collection's name as a string")),
            };
            p.skip_ws()?;
            expect(p, b']')?;
            name
        }
        Some(b'.') => {
            p.src.bump();
            p.skip_ws()?;
            let at = p.src.position();
            let name = word(p);
            if name == "getCollection" {
                let args = arguments(p)?;
                match args.as_slice() {
                    [Value::String(s)] => s.clone(),
                    _ => return Err(p.src.error_at(at, "getCollection(…) takes the collection's name as a string")),
                }
            } else if name.is_empty() {
                return Err(p.src.error_at(at, "a collection's name after db."));
            } else {
                name
            }
        }
        _ => return Err(p.src.error("a collection after db (db.orders, db.getCollection(\"orders\"))")),
    };
    p.skip_ws()?;
    expect(p, b'.')?;
    p.skip_ws()?;
    Ok(name)
}

fn expect(p: &mut Parser<&[u8]>, want: u8) -> Result<(), ParseError> {
    if p.src.peek() == Some(want) {
        p.src.bump();
        Ok(())
    } else {
        Err(p.src.error(format!("expected '{}'", want as char)))
    }
}

/// `(value, value…)`.
fn arguments(p: &mut Parser<&[u8]>) -> Result<Vec<Value>, ParseError> {
    p.skip_ws()?;
    expect(p, b'(')?;
    let mut args = Vec::new();
    loop {
        p.skip_ws()?;
        match p.src.peek() {
            Some(b')') => {
                p.src.bump();
                return Ok(args);
            }
            None => return Err(p.src.eof("')'")),
            _ => args.push(p.value(DEPTH)?),
        }
        p.skip_ws()?;
        match p.src.peek() {
            Some(b',') => {
                p.src.bump();
            }
            Some(b')') => {}
            None => return Err(p.src.eof("',' or ')'")),
            Some(_) => return Err(p.src.error("expected ',' or ')' between the arguments")),
        }
    }
}

/// The document an argument must be (`{}` when it is left out).
fn document(arg: Option<Value>, what: &str) -> Result<Document, String> {
    match arg {
        None | Some(Value::Null | Value::Undefined) => Ok(Vec::new()),
        Some(Value::Document(fields)) => Ok(fields),
        Some(Value::JavaScript(code)) => Err(format!("{what} is the application's {code}: write the document itself")),
        Some(_) => Err(format!("{what} must be a document")),
    }
}

fn documents(arg: Option<Value>, what: &str) -> Result<Vec<Document>, String> {
    match arg {
        Some(Value::Array(items)) => items.into_iter().map(|v| document(Some(v), what)).collect(),
        Some(Value::Document(fields)) => Ok(vec![fields]),
        _ => Err(format!("{what} must be an array of documents")),
    }
}

fn get<'a>(doc: &'a Document, key: &str) -> Option<&'a Value> {
    doc.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn take(doc: &mut Document, key: &str) -> Option<Value> {
    let at = doc.iter().position(|(k, _)| k == key)?;
    Some(doc.remove(at).1)
}

fn truthy(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Int32(n)) => *n != 0,
        Some(Value::Int64(n)) => *n != 0,
        Some(Value::Double(n)) => *n != 0.0,
        _ => false,
    }
}

/// The operation a method stands for, from its arguments.
fn operation(method: &str, args: Vec<Value>) -> Result<Operation, String> {
    let mut args = args.into_iter();
    let mut arg = || args.next();
    let write = |op, filter, change, many, mut options: Document| -> Result<Operation, String> {
        let (many, op) = match (op, truthy(get(&options, "upsert"))) {
            (WriteOp::Update, true) => (many || truthy(get(&options, "multi")), WriteOp::Upsert),
            (op, _) => (many || truthy(get(&options, "multi")), op),
        };
        let sort = document(take(&mut options, "sort"), "the sort")?;
        let collation = take(&mut options, "collation").map(|c| document(Some(c), "the collation")).transpose()?;
        Ok(Operation::Write(vec![Write { op, filter, change, many, sort, collation }]))
    };
    match method {
        "find" | "findOne" => {
            let filter = document(arg(), "the filter")?;
            let projection = document(arg(), "the projection")?;
            let mut r = read(filter, document(arg(), "the options")?)?;
            if r.projection.is_empty() {
                r.projection = projection;
            }
            if method == "findOne" {
                r.limit = Some(Value::Int32(1));
            }
            Ok(Operation::Read(r))
        }
        "countDocuments" | "count" => {
            let filter = document(arg(), "the filter")?;
            Ok(Operation::Read(Read { count: true, ..read(filter, document(arg(), "the options")?)? }))
        }
        "estimatedDocumentCount" => Ok(Operation::Read(Read { count: true, ..Read::default() })),
        "distinct" => {
            let _field = arg();
            let filter = document(arg(), "the filter")?;
            Ok(Operation::Read(read(filter, document(arg(), "the options")?)?))
        }
        "aggregate" => {
            let pipeline = match arg() {
                Some(Value::Array(stages)) => {
                    stages.into_iter().map(|s| document(Some(s), "a stage")).collect::<Result<Vec<_>, _>>()?
                }
                None => Vec::new(),
                Some(_) => return Err("aggregate(…) takes an array of stages".into()),
            };
            let mut options = document(arg(), "the options")?;
            let collation = take(&mut options, "collation").map(|c| document(Some(c), "the collation")).transpose()?;
            Ok(Operation::Aggregate { pipeline, collation })
        }
        "insertOne" => {
            let doc = document(arg(), "the document")?;
            write(WriteOp::Insert, Vec::new(), Change::Insert(vec![doc]), false, Vec::new())
        }
        "insertMany" | "insert" => {
            let docs = documents(arg(), "the documents")?;
            let many = docs.len() > 1 || method == "insertMany";
            write(WriteOp::Insert, Vec::new(), Change::Insert(docs), many, Vec::new())
        }
        "updateOne" | "updateMany" | "update" | "findOneAndUpdate" => {
            let filter = document(arg(), "the filter")?;
            let change = match arg() {
                Some(Value::Array(stages)) => Change::Pipeline(
                    stages.into_iter().map(|s| document(Some(s), "a stage")).collect::<Result<Vec<_>, _>>()?,
                ),
                Some(Value::Document(fields)) if fields.iter().all(|(k, _)| k.starts_with('$')) && !fields.is_empty() => {
                    Change::Operators(fields)
                }
                // The legacy `update(filter, document)` replaced the document.
                Some(Value::Document(fields)) if method == "update" => Change::Replacement(fields),
                Some(Value::Document(_)) => {
                    return Err(format!("the update of {method}(…) must use update operators ($set, $inc…) or a pipeline"))
                }
                _ => return Err(format!("{method}(…) takes a filter and an update")),
            };
            let options = document(arg(), "the options")?;
            write(WriteOp::Update, filter, change, method == "updateMany", options)
        }
        "replaceOne" | "findOneAndReplace" => {
            let filter = document(arg(), "the filter")?;
            let replacement = document(arg(), "the replacement")?;
            let options = document(arg(), "the options")?;
            let op = if truthy(get(&options, "upsert")) { WriteOp::Upsert } else { WriteOp::Replace };
            write(op, filter, Change::Replacement(replacement), false, options)
        }
        "deleteOne" | "deleteMany" | "remove" | "findOneAndDelete" => {
            let filter = document(arg(), "the filter")?;
            let options = document(arg(), "the options")?;
            let many = method == "deleteMany" || (method == "remove" && !truthy(get(&options, "justOne")));
            write(WriteOp::Delete, filter, Change::Nothing, many, options)
        }
        "findAndModify" => {
            let mut spec = document(arg(), "findAndModify's document")?;
            let filter = document(take(&mut spec, "query"), "the query")?;
            if truthy(get(&spec, "remove")) {
                return write(WriteOp::Delete, filter, Change::Nothing, false, spec);
            }
            let change = match take(&mut spec, "update") {
                Some(Value::Document(fields)) if fields.iter().all(|(k, _)| k.starts_with('$')) && !fields.is_empty() => {
                    Change::Operators(fields)
                }
                Some(Value::Document(fields)) => Change::Replacement(fields),
                Some(Value::Array(stages)) => Change::Pipeline(
                    stages.into_iter().map(|s| document(Some(s), "a stage")).collect::<Result<Vec<_>, _>>()?,
                ),
                _ => return Err("findAndModify needs an update or remove: true".into()),
            };
            write(WriteOp::Update, filter, change, false, spec)
        }
        "bulkWrite" => {
            let ops = match arg() {
                Some(Value::Array(ops)) => ops,
                _ => return Err("bulkWrite(…) takes an array of operations".into()),
            };
            let mut writes = Vec::new();
            for op in ops {
                let mut op = document(Some(op), "an operation")?;
                let Some((name, body)) = (op.len() == 1).then(|| op.remove(0)) else {
                    return Err("each bulkWrite operation is { insertOne: {…} }, { updateOne: {…} }…".into());
                };
                let mut body = document(Some(body), &name)?;
                let filter = document(take(&mut body, "filter"), "the filter")?;
                let args = match name.as_str() {
                    "insertOne" => vec![take(&mut body, "document").unwrap_or(Value::Null)],
                    "updateOne" | "updateMany" => {
                        vec![Value::Document(filter), take(&mut body, "update").unwrap_or(Value::Null), Value::Document(body)]
                    }
                    "replaceOne" => {
                        vec![Value::Document(filter), take(&mut body, "replacement").unwrap_or(Value::Null), Value::Document(body)]
                    }
                    "deleteOne" | "deleteMany" => vec![Value::Document(filter)],
                    other => return Err(format!("{other} is not a bulkWrite operation")),
                };
                if let Operation::Write(mut w) = operation(&name, args)? {
                    writes.append(&mut w);
                }
            }
            Ok(Operation::Write(writes))
        }
        "createIndex" | "createIndexes" | "dropIndex" | "drop" | "createCollection" | "renameCollection" => {
            Err(format!("{method}(…) changes the database, it is not an access pattern"))
        }
        other => Err(format!(
            "{other}(…) is not a call docshape reads (find, findOne, countDocuments, aggregate, insertOne, insertMany, updateOne, updateMany, replaceOne, deleteOne, deleteMany, findOneAndUpdate, bulkWrite…)"
        )),
    }
}

/// A read's filter with the options of `find(filter, projection, options)`.
fn read(filter: Document, mut options: Document) -> Result<Read, String> {
    Ok(Read {
        filter,
        projection: document(take(&mut options, "projection"), "the projection")?,
        sort: document(take(&mut options, "sort"), "the sort")?,
        limit: take(&mut options, "limit"),
        skip: take(&mut options, "skip"),
        collation: take(&mut options, "collation").map(|c| document(Some(c), "the collation")).transpose()?,
        count: false,
    })
}

/// A cursor method after `find(…)` or `aggregate(…)`.
fn cursor_method(operation: &mut Operation, name: &str, mut args: Vec<Value>) -> Result<(), String> {
    let first = (!args.is_empty()).then(|| args.remove(0));
    match (operation, name) {
        (Operation::Read(r), "sort") => r.sort = document(first, "the sort")?,
        (Operation::Read(r), "limit") => r.limit = first,
        (Operation::Read(r), "skip") => r.skip = first,
        (Operation::Read(r), "project" | "projection") => r.projection = document(first, "the projection")?,
        (Operation::Read(r), "collation") => r.collation = Some(document(first, "the collation")?),
        (Operation::Read(r), "count" | "itcount" | "size") => r.count = true,
        (Operation::Aggregate { collation, .. }, "collation") => *collation = Some(document(first, "the collation")?),
        (
            _,
            "toArray" | "hint" | "maxTimeMS" | "batchSize" | "comment" | "allowDiskUse" | "readPref" | "explain"
            | "next" | "forEach" | "map" | "pretty" | "noCursorTimeout" | "readConcern" | "then",
        ) => {}
        (_, other) => return Err(format!(".{other}(…) is not a cursor method docshape reads")),
    }
    Ok(())
}

/// A command document, as mongod's log and the profiler show it: `find`, `aggregate`,
/// `count`, `distinct`, `update`, `delete`, `insert`, `findAndModify`.
pub fn from_command(command: &Document) -> Result<Call, String> {
    let Some((name, Value::String(collection))) = command.first() else {
        return Err("a command document starts with the command and its collection ({ find: \"orders\", … })".into());
    };
    let collection = collection.clone();
    let doc = |key: &str| document(get(command, key).cloned(), key);
    let operation = match name.as_str() {
        "find" => Operation::Read(Read {
            filter: doc("filter")?,
            projection: doc("projection")?,
            sort: doc("sort")?,
            limit: get(command, "limit").cloned(),
            skip: get(command, "skip").cloned(),
            collation: get(command, "collation").map(|c| document(Some(c.clone()), "collation")).transpose()?,
            count: false,
        }),
        "count" => Operation::Read(Read { filter: doc("query")?, count: true, ..Read::default() }),
        "distinct" => Operation::Read(Read { filter: doc("query")?, ..Read::default() }),
        "aggregate" => Operation::Aggregate {
            pipeline: documents(get(command, "pipeline").cloned(), "pipeline")?,
            collation: get(command, "collation").map(|c| document(Some(c.clone()), "collation")).transpose()?,
        },
        "insert" => Operation::Write(vec![Write {
            op: WriteOp::Insert,
            filter: Vec::new(),
            change: Change::Insert(documents(get(command, "documents").cloned(), "documents").unwrap_or_default()),
            many: false,
            sort: Vec::new(),
            collation: None,
        }]),
        "update" => {
            let mut writes = Vec::new();
            for statement in documents(get(command, "updates").cloned(), "updates")? {
                let q = Value::Document(document(get(&statement, "q").cloned(), "q")?);
                let u = get(&statement, "u").cloned().unwrap_or(Value::Null);
                let method = if truthy(get(&statement, "multi")) { "updateMany" } else { "update" };
                let options = vec![("upsert".to_string(), get(&statement, "upsert").cloned().unwrap_or(Value::Bool(false)))];
                if let Operation::Write(mut w) = operation(method, vec![q, u, Value::Document(options)])? {
                    writes.append(&mut w);
                }
            }
            Operation::Write(writes)
        }
        "delete" => {
            let mut writes = Vec::new();
            for statement in documents(get(command, "deletes").cloned(), "deletes")? {
                let q = document(get(&statement, "q").cloned(), "q")?;
                let one = matches!(get(&statement, "limit"), Some(Value::Int32(1) | Value::Int64(1)));
                let method = if one { "deleteOne" } else { "deleteMany" };
                if let Operation::Write(mut w) = operation(method, vec![Value::Document(q)])? {
                    writes.append(&mut w);
                }
            }
            Operation::Write(writes)
        }
        "findAndModify" | "findandmodify" => {
            let mut spec = command.clone();
            spec.remove(0);
            operation("findAndModify", vec![Value::Document(spec)])?
        }
        other => return Err(format!("{other} is not a command docshape reads (find, aggregate, count, distinct, insert, update, delete, findAndModify)")),
    };
    Ok(Call { collection, method: name.clone(), operation })
}
