//! The reader on calls from MongoDB's manual ("Query Documents", "Query an Array of Embedded
//! Documents", "Update Documents", "$lookup", "Log Messages"), the application's own code,
//! broken calls, and the round trip call → pattern → call over the whole gallery.

use super::*;
use crate::model::{Entity, FilterOp, Pagination, QueryKind, WriteOp};

fn shop() -> Model {
    let mut m = Model::new("shop");
    for (id, name) in [("inv", "inventory"), ("ord", "orders"), ("usr", "users"), ("rd", "readings")] {
        m.entities.push(Entity::new(id, name));
    }
    m
}

fn read(text: &str) -> AccessPattern {
    let mut p = AccessPattern::new("Q", "q", "inv");
    read_into(&mut p, text, &shop()).unwrap_or_else(|e| panic!("{text}: {e}"));
    p
}

fn ops(p: &AccessPattern) -> Vec<(&str, FilterOp)> {
    p.filters.iter().map(|f| (f.field.as_str(), f.op)).collect()
}

#[test]
fn query_documents_examples_from_the_manual() {
    let p = read(r#"db.inventory.find( { status: "D" } )"#);
    assert_eq!((p.entity.as_str(), p.kind), ("inv", QueryKind::Read));
    assert_eq!(ops(&p), [("status", FilterOp::Equality)]);
    let p = read(r#"db.inventory.find( { status: { $in: [ "A", "D" ] } } )"#);
    assert_eq!(ops(&p), [("status", FilterOp::In)]);
    let p = read(r#"db.inventory.find( { status: "A", qty: { $lt: 30 } } )"#);
    assert_eq!(ops(&p), [("status", FilterOp::Equality), ("qty", FilterOp::Range)]);
    let p = read(r#"db.inventory.find( { status: "A", $or: [ { qty: { $lt: 30 } }, { item: /^p/ } ] } )"#);
    assert_eq!(ops(&p), [("status", FilterOp::Equality)]);
    assert_eq!(p.or.len(), 2);
    assert_eq!((p.or[0][0].field.as_str(), p.or[0][0].op), ("qty", FilterOp::Range));
    assert_eq!((p.or[1][0].field.as_str(), p.or[1][0].op), ("item", FilterOp::Prefix));
    let p = read(
        r#"db.inventory.find( { "size.uom": "in", "size.h": { $gt: 10 } }, { item: 1, status: 1 } ).sort({ item: 1 }).skip(40).limit(20)"#,
    );
    assert_eq!(ops(&p), [("size.uom", FilterOp::Equality), ("size.h", FilterOp::Range)]);
    assert_eq!(p.projection, ["item", "status"]);
    assert_eq!((p.page_size, p.pagination, p.max_page), (Some(20), Pagination::Offset, Some(3)));
}

#[test]
fn elem_match_regex_and_negations() {
    // "Query an Array of Embedded Documents": both conditions hold in one element.
    let p = read(r#"db.inventory.find( { "instock": { $elemMatch: { qty: 5, warehouse: "A" } } } )"#);
    assert_eq!(ops(&p), [("instock.qty", FilterOp::Equality), ("instock.warehouse", FilterOp::Equality)]);
    assert!(p.filters.iter().all(|f| f.elem_match.as_deref() == Some("instock")));
    // "Query an Array": a range on the elements of a scalar array.
    let p = read("db.inventory.find( { dim_cm: { $elemMatch: { $gt: 22, $lt: 30 } } } )");
    assert_eq!(ops(&p), [("dim_cm", FilterOp::Range)]);
    assert_eq!(p.filters[0].elem_match.as_deref(), Some("dim_cm"));
    let p = read(
        r#"db.users.find({ name: { $regex: "acme.*corp", $options: "i" }, status: { $ne: "X" }, email: /Ana@x.com/i })"#,
    );
    assert_eq!(ops(&p), [("name", FilterOp::Regex), ("status", FilterOp::Not), ("email", FilterOp::Regex)]);
    assert!(p.filters[0].case_insensitive && !p.filters[1].case_insensitive && p.filters[2].case_insensitive);
    let p = read(r#"db.users.find({ email: "ana@x.com" }).collation({ locale: "en", strength: 2 })"#);
    let c = p.collation.expect("collation");
    assert!(c.ignores_case());
    assert_eq!(p.entity, "usr");
}

#[test]
fn writes_say_what_they_change() {
    // "Update Documents".
    let p = read(
        r#"db.inventory.updateOne( { item: "paper" }, { $set: { "size.uom": "cm", status: "P" }, $currentDate: { lastModified: true } } )"#,
    );
    assert_eq!((p.kind, p.write), (QueryKind::Write, Some(WriteOp::Update)));
    assert_eq!(p.changes, ["size.uom", "status", "lastModified"]);
    assert_eq!(ops(&p), [("item", FilterOp::Equality)]);
    // A bucket's upsert (the bucket pattern).
    let p = read(
        r#"db.readings.updateOne({ sensor_id: s, hour: h, count: { $lt: 200 } },
             { $push: { measurements: { t: new Date(), v: 21.5 } }, $inc: { count: 1 }, $setOnInsert: { created: new Date() } },
             { upsert: true })"#,
    );
    assert_eq!((p.entity.as_str(), p.write), ("rd", Some(WriteOp::Upsert)));
    assert_eq!(p.changes, ["measurements", "count"]);
    assert_eq!(read("db.orders.insertOne({ a: 1 })").write, Some(WriteOp::Insert));
    assert_eq!(read("db.orders.deleteMany({ at: { $lt: cutoff } })").write, Some(WriteOp::Delete));
    let p = read("db.orders.updateOne({ _id: id, 'items.sku': sku }, { $inc: { 'items.$.qty': 1 } })");
    assert_eq!(p.changes, ["items.qty"], "the positional part is not a field");
    let p = read(
        r#"db.orders.bulkWrite([ { insertOne: { document: { a: 1 } } },
             { updateOne: { filter: { _id: 2 }, update: { $set: { state: "paid" } }, upsert: true } },
             { deleteOne: { filter: { _id: 3 } } } ])"#,
    );
    assert_eq!(p.write, Some(WriteOp::Upsert));
    assert_eq!(p.changes, ["a", "state"], "what the insert writes and what the update sets");
    let p = read(
        "db.orders.findOneAndUpdate({ _id: id, version: v }, { $set: { state: 'shipped' }, $inc: { version: 1 } })",
    );
    assert_eq!(p.changes, ["state", "version"]);
}

#[test]
fn aggregations_name_their_lookups() {
    // "$lookup": the example joining orders to inventory.
    let p = read(
        r#"db.orders.aggregate( [ { $match: { status: "A" } }, { $sort: { date: -1 } }, { $limit: 10 },
             { $lookup: { from: "inventory", localField: "item", foreignField: "sku", as: "inventory_docs" } } ] )"#,
    );
    assert_eq!(p.entity, "ord");
    assert_eq!(ops(&p), [("status", FilterOp::Equality)]);
    assert_eq!((p.sort[0].field.as_str(), p.sort[0].dir, p.page_size), ("date", -1, Some(10)));
    assert!(p.uses_lookup);
    assert_eq!(p.touches, ["inv"]);
    assert_eq!((p.lookups[0].from.as_str(), p.lookups[0].foreign_field.as_str()), ("inv", "sku"));
    let p = read("db.orders.aggregate([{ $group: { _id: '$state', n: { $sum: 1 } } }, { $merge: 'totals' }])");
    assert_eq!(p.kind, QueryKind::Analytical, "a pipeline that writes its result is a batch job");
}

#[test]
fn command_documents_as_mongod_logs_them() {
    // "Log Messages": a slow query's attr.command.
    let p = read(
        r#"{"find":"inventory","filter":{"status":"A","qty":{"$gte":20}},"sort":{"qty":-1},"limit":5,"$db":"shop"}"#,
    );
    assert_eq!(ops(&p), [("status", FilterOp::Equality), ("qty", FilterOp::Range)]);
    assert_eq!(p.page_size, Some(5));
    let p = read(
        r#"{"update":"orders","updates":[{"q":{"_id":1},"u":{"$set":{"state":"paid"}},"upsert":false}],"ordered":true}"#,
    );
    assert_eq!(
        (p.entity.as_str(), p.write, p.changes.as_slice()),
        ("ord", Some(WriteOp::Update), ["state".to_string()].as_slice())
    );
}

#[test]
fn the_applications_code_stands_for_values() {
    let p = read("await db.users.findOne({ _id: new ObjectId(req.params.id), tenant: ctx.tenantId });");
    assert_eq!(ops(&p), [("_id", FilterOp::Equality), ("tenant", FilterOp::Equality)]);
    assert_eq!(p.page_size, Some(1));
    let p = read(
        r#"db.getCollection("orders").find({ customer_id: customerId }).sort({ _id: -1 }).limit(pageSize).toArray()"#,
    );
    assert_eq!((p.entity.as_str(), p.page_size), ("ord", None), "a page size the code fills in is not stated");
    let p = read(r#"db["orders"].find({ at: { $lt: last } }).sort({ at: -1 }).limit(20)"#);
    assert_eq!(p.pagination, Pagination::Cursor, "a range on the sort key resumes after the last page");
}

#[test]
fn a_call_it_cannot_read_names_the_place_and_changes_nothing() {
    let model = shop();
    let before = AccessPattern::new("Q", "q", "inv");
    let cases = [
        ("db.orders.find({ status: })", 1, 26, "a value"),
        ("db.orders.find({ status: 'A' }", 1, 31, "')'"),
        ("db.nothing.find({})", 1, 4, "no collection named \"nothing\""),
        ("db.orders.createIndex({ a: 1 })", 1, 11, "not an access pattern"),
        ("db.orders.find({}).sort({ a: 1 }).frobnicate()", 1, 35, "frobnicate"),
        ("orders.find({})", 1, 1, "starts with db."),
        ("db.orders.find({}); db.orders.find({})", 1, 21, "one call only"),
        ("db.orders.updateOne({ _id: 1 }, { state: 'x' })", 1, 11, "update operators"),
        ("db.orders.find({\n  a: { $gt: 1 },\n  b: [1, 2\n})", 4, 1, "expected"),
    ];
    for (text, line, column, says) in cases {
        let mut p = before.clone();
        let e = read_into(&mut p, text, &model).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text}: {e}");
        assert!(e.message.contains(says), "{text}: {e}");
        assert_eq!(p, before, "{text}: nothing changes");
    }
}

#[test]
fn what_the_pattern_cannot_hold_is_said() {
    let mut p = AccessPattern::new("Q", "q", "inv");
    let unread =
        read_into(&mut p, "db.inventory.find({ $where: 'this.a > 1', loc: { $near: [0, 0] }, qty: 1 })", &shop())
            .unwrap();
    let what: Vec<&str> = unread.iter().map(|u| u.what.as_str()).collect();
    assert_eq!(what, ["$where", "$near"]);
    assert_eq!(ops(&p), [("qty", FilterOp::Equality)]);
}

#[test]
fn what_the_pattern_says_and_a_call_cannot_is_kept() {
    let mut p = AccessPattern::new("C1", "material page", "inv");
    p.per_minute = 900.0;
    p.touches = vec!["ord".into()];
    p.sla_ms = Some(50.0);
    read_into(&mut p, "db.inventory.find({ _id: id })", &shop()).unwrap();
    assert_eq!((p.name.as_str(), p.per_minute, p.sla_ms), ("material page", 900.0, Some(50.0)));
    assert_eq!(p.touches, ["ord"], "the entities the view needs stay");
    assert_eq!(p.call, "db.inventory.find({ _id: id })");
}

/// Every access pattern of the gallery, written as a call, reads back as the same call: the
/// generated call says everything docshape knows of the pattern, and the reader reads it all.
#[test]
fn the_gallery_round_trips_from_pattern_to_call_to_pattern_to_call() {
    let mut checked = 0;
    for t in crate::templates::TEMPLATES {
        let model = crate::model::load(t.json()).expect("template loads");
        for q in &model.queries {
            let text = call_of(q, &model);
            let mut back = AccessPattern::new("Q", "q", &q.entity);
            back.kind = q.kind;
            read_into(&mut back, &text, &model).unwrap_or_else(|e| panic!("{}: {text}: {e}", t.id));
            assert_eq!(call_of(&back, &model), text, "{} {}", t.id, q.id);
            // On a collection, the pattern itself comes back (a text search is written as a
            // prefix match, the nearest call).
            if model.entity(&q.entity).is_some_and(|e| model.is_collection(e)) {
                let text_search = |op| if op == FilterOp::Text { FilterOp::Prefix } else { op };
                let want: Vec<_> =
                    q.filters.iter().map(|f| (f.field.clone(), text_search(f.op), f.case_insensitive)).collect();
                let got: Vec<_> = back.filters.iter().map(|f| (f.field.clone(), f.op, f.case_insensitive)).collect();
                assert_eq!(got, want, "{} {}: {text}", t.id, q.id);
                assert_eq!(
                    (&back.sort, &back.projection, back.page_size),
                    (&q.sort, &q.projection, q.page_size),
                    "{} {}",
                    t.id,
                    q.id
                );
                if q.kind == QueryKind::Write {
                    let stated: Vec<&str> =
                        q.changes.iter().map(|c| c.strip_prefix(&format!("{}.", q.entity)).unwrap_or(c)).collect();
                    assert!(
                        back.changes.iter().all(|c| stated.contains(&c.as_str())),
                        "{} {}: {:?} {:?}",
                        t.id,
                        q.id,
                        back.changes,
                        q.changes
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked} patterns");
}

#[test]
fn hostile_names_are_quoted_in_the_calls_docshape_writes() {
    let mut model = shop();
    model.entities[1].name = "ord\"ers</script>".into();
    let mut q = AccessPattern::new("Q", "q", "ord");
    q.filters.push(crate::model::Filter::new("a'b\"c\n", FilterOp::Equality));
    q.sort.push(crate::model::SortKey { field: "x\u{2028}y".into(), dir: -1 });
    let text = call_of(&q, &model);
    assert!(text.starts_with("db.getCollection(\"ord\\\"ers") && !text.contains("</script>"), "{text}");
    let mut back = AccessPattern::new("Q", "q", "ord");
    read_into(&mut back, &text, &model).expect("docshape reads back what it writes");
    assert_eq!(back.filters[0].field, "a'b\"c\n");
    assert_eq!(back.sort[0].field, "x\u{2028}y");
}

#[test]
#[ignore]
fn print_gallery_calls() {
    for t in crate::templates::TEMPLATES {
        let model = crate::model::load(t.json()).expect("template loads");
        for q in &model.queries {
            println!("{} {}: {}", t.id, q.id, call_of(q, &model));
        }
    }
}
