"""`docshape infer` on dumps written in mongodump's layout by MongoDB's own `bson` (pymongo), on
mongod's log (the format of MongoDB's page "Log Messages"), and the round trip dump → model →
`docshape generate` → dump → model.
"""

import datetime
import gzip
import json
import pathlib
import random
import subprocess
import sys

import bson
import jsonschema
import pytest
from bson import ObjectId, json_util

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import mongod_log as log  # noqa: E402
import mongodump_layout as layout  # noqa: E402


def shop(seed=1, customers=400, orders=2000):
    """customers (a unique email), products (string ids), orders (a customer_id, lines of
    product ids), wishlists (an array of product ids), a view and a system collection."""
    rnd = random.Random(seed)
    cs = [{"_id": ObjectId(), "name": f"c{i}", "email": f"c{i}@x.com", "address": {"city": "Lima", "zip": "15001"}} for i in range(customers)]
    ps = [{"_id": f"P{i:04d}", "title": f"product {i}", "price": bson.decimal128.Decimal128("9.90")} for i in range(100)]
    start = datetime.datetime(2026, 1, 1)
    os_ = []
    for i in range(orders):
        c = rnd.choice(cs)
        lines = [{"product_id": rnd.choice(ps)["_id"], "qty": rnd.randint(1, 5)} for _ in range(rnd.randint(1, 6))]
        os_.append({"_id": ObjectId(), "customer_id": c["_id"], "status": rnd.choice(["new", "paid", "sent"]), "created_at": start + datetime.timedelta(minutes=i), "lines": lines})
    ws = [{"_id": ObjectId(), "customer_id": cs[i]["_id"], "product_ids": rnd.sample([p["_id"] for p in ps], 5)} for i in range(min(150, customers))]
    return {
        "customers": (cs, [{"key": {"email": 1}, "name": "email_1", "unique": True, "collation": {"locale": "en", "strength": 2}}], {}),
        "products": (ps, [], {"validator": {"$jsonSchema": {"bsonType": "object", "required": ["title"], "properties": {"title": {"bsonType": "string", "maxLength": 200}}}}, "validationLevel": "moderate"}),
        "orders": (os_, [{"key": {"customer_id": 1, "created_at": -1}, "name": "customer_id_1_created_at_-1"}, {"key": {"status": 1}, "name": "status_1", "partialFilterExpression": {"status": "new"}}], {}),
        "wishlists": (ws, [], {}),
    }


def write_shop(folder, compress=False, **kw):
    for name, (docs, indexes, options) in shop(**kw).items():
        layout.write_collection(folder, name, docs, indexes, options, compress=compress)
    layout.write_collection(folder, "recent", [], options={"viewOn": "orders", "pipeline": [{"$match": {"status": "new"}}]}, kind="view", compress=compress)
    layout.write_collection(folder, "system.views", [{"_id": "shop.recent", "viewOn": "orders", "pipeline": []}], compress=compress)


SCHEMA = json.loads((pathlib.Path(__file__).resolve().parents[2] / "public" / "model.schema.json").read_text())


def valid(model):
    """The inferred model, evidence and measurements included, validates against the schema."""
    jsonschema.validators.validator_for(SCHEMA)(SCHEMA).validate(model)
    return model


def infer(docshape_bin, *args, ok=True):
    proc = subprocess.run([docshape_bin, "infer", *map(str, args)], capture_output=True, text=True)
    if ok:
        assert proc.returncode == 0, proc.stderr
    return proc


def relation(model, parent, child):
    found = [r for r in model["relations"] if r["parent"] == parent and r["child"] == child]
    assert found, f"no relation {parent} → {child}: {[(r['parent'], r['child']) for r in model['relations']]}"
    return found[0]


def test_a_dump_folder_becomes_entities_indexes_and_relations(docshape_bin, tmp_path):
    write_shop(tmp_path / "dump" / "shop")
    out = tmp_path / "model.json"
    proc = infer(docshape_bin, tmp_path / "dump" / "shop", "--out", out)
    model = valid(json.loads(out.read_text()))
    names = sorted(e["name"] for e in model["entities"])
    assert names == ["address", "customers", "lines", "orders", "products", "wishlists"]
    assert "skipped recent (a view on" in proc.stderr and "system.views (a system collection)" in proc.stderr
    customers = next(e for e in model["entities"] if e["name"] == "customers")
    assert customers["collection"]["documents"] == 400
    email = {"keys": [{"field": "email", "dir": 1}], "unique": True, "collation": {"locale": "en", "strength": 2}, "name": "email_1"}
    assert customers["collection"]["indexes"] == [email], "the index keeps its collation and name"
    assert "collation" not in customers["notes"], "nothing the model's index holds is left in the notes"
    orders = next(e for e in model["entities"] if e["name"] == "orders")
    assert [i["keys"] for i in orders["collection"]["indexes"]][0] == [{"field": "customer_id", "dir": 1}, {"field": "created_at", "dir": -1}]
    products = next(e for e in model["entities"] if e["name"] == "products")
    title = next(f for f in products["fields"] if f["name"] == "title")
    assert title["constraints"] == {"maxLength": 200} and products["collection"]["validationLevel"] == "moderate"
    # A reference found by value, with children per parent measured (2,000 orders, 400 customers).
    r = relation(model, "customers", "orders")
    assert r["storage"] == "reference" and r["reference"] == {"childField": "customer_id"}
    assert r["evidence"]["matched"] == 1.0 and r["evidence"]["values"] == 2000
    assert r["cardinality"]["typical"] == 5.0 and r["evidence"]["children"]["count"] == 400
    # Embedded lines hold a reference of their own; the wishlist keeps product ids (many-to-many).
    lines = relation(model, "orders", "orders_lines")
    assert lines["storage"] == "embed" and lines["field"] == "lines" and lines["cardinality"]["max"] == 6
    assert relation(model, "products", "orders_lines")["reference"] == {"childField": "product_id"}
    w = relation(model, "wishlists", "products")
    assert w["reference"] == {"parentField": "product_ids"} and w["cardinality"]["manyToMany"] is True
    # Quantities (1–5) are not ids of anything, even where integer ids exist.
    assert not any(r.get("reference", {}).get("childField") == "qty" for r in model["relations"])
    check = subprocess.run([docshape_bin, "check", out, "--format", "json"], capture_output=True, text=True)
    assert check.returncode in (0, 1), check.stderr


def test_gzip_dumps_the_dump_root_and_the_database_to_read(docshape_bin, tmp_path):
    write_shop(tmp_path / "dump" / "shop", compress=True)
    write_shop(tmp_path / "dump" / "shop_old", compress=True, seed=2, customers=50, orders=100)
    layout.write_collection(tmp_path / "dump" / "admin", "system.version", [{"_id": "featureCompatibilityVersion", "version": "7.0"}])
    proc = infer(docshape_bin, tmp_path / "dump", ok=False)
    assert proc.returncode == 2 and "holds several databases (shop, shop_old): name one with --db" in proc.stderr
    out = tmp_path / "model.json"
    infer(docshape_bin, tmp_path / "dump", "--db", "shop_old", "--out", out)
    model = json.loads(out.read_text())
    customers = next(e for e in model["entities"] if e["name"] == "customers")
    assert customers["collection"]["documents"] == 50


def test_an_archive_gives_what_the_folder_gives(docshape_bin, tmp_path):
    data = shop()
    write_shop(tmp_path / "shop")
    archive = tmp_path / "shop.archive.gz"
    layout.write_archive(archive, "shop", [(n, d, i, o, "collection") for n, (d, i, o) in data.items()], compress=True)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    infer(docshape_bin, tmp_path / "shop", "--out", a)
    infer(docshape_bin, "--archive", archive, "--out", b)
    ma, mb = json.loads(a.read_text()), json.loads(b.read_text())
    strip = lambda m: sorted((r["parent"], r["child"], json.dumps(r["cardinality"], sort_keys=True), r["evidence"]["matched"]) for r in m["relations"])
    assert strip(ma) == strip(mb)
    assert sorted(e["name"] for e in ma["entities"]) == sorted(e["name"] for e in mb["entities"])


def test_sampling_reads_a_spread_of_documents_and_counts_them_all(docshape_bin, tmp_path):
    write_shop(tmp_path / "shop")
    out = tmp_path / "model.json"
    proc = infer(docshape_bin, tmp_path / "shop", "--sample", "100", "--out", out)
    assert "orders: 2,000 documents, 100 sampled" in proc.stderr
    model = json.loads(out.read_text())
    orders = next(e for e in model["entities"] if e["name"] == "orders")
    assert orders["measured"]["documents"] == 100 and orders["collection"]["documents"] == 2000
    # Children per parent are counted over every order, not the sample.
    assert relation(model, "customers", "orders")["evidence"]["values"] == 2000


def bad(docshape_bin, tmp_path, *args):
    out = tmp_path / "never.json"
    proc = infer(docshape_bin, *args, "--out", out, ok=False)
    assert proc.returncode == 2, proc.stderr
    assert not out.exists(), "nothing is written on failure"
    assert "nothing was written" in proc.stderr
    return proc.stderr


def test_bad_input_names_the_file_and_the_offset(docshape_bin, tmp_path):
    d = tmp_path / "shop"
    one = bson.encode({"_id": 1, "name": "x"})
    d.mkdir()
    (d / "truncated.bson").write_bytes(one + one[:2])
    err = bad(docshape_bin, tmp_path, d / "truncated.bson")
    assert f"truncated.bson: at byte {len(one)}: the file ends 2 bytes into a document's 4-byte length" in err
    (d / "past.bson").write_bytes(one + one[:-3])
    err = bad(docshape_bin, tmp_path, d / "past.bson")
    assert f"past.bson: at byte {len(one)}: a document's length says {len(one)} bytes, past the end of the file" in err
    (d / "huge.bson").write_bytes(one + (17 * 1024 * 1024).to_bytes(4, "little") + b"\0" * 64)
    err = bad(docshape_bin, tmp_path, d / "huge.bson")
    assert f"huge.bson: at byte {len(one)}:" in err and "over MongoDB's 16 MiB limit" in err
    nested = {"leaf": 1}
    for _ in range(100):
        nested = {"a": nested}
    (d / "deep.bson").write_bytes(one + bson.encode(nested))
    err = bad(docshape_bin, tmp_path, d / "deep.bson")
    assert f"deep.bson: at byte {len(one)}: the document nests deeper than 100 levels" in err
    m = tmp_path / "meta"
    m.mkdir()
    (m / "users.bson").write_bytes(one)
    (m / "users.metadata.json").write_text('{"indexes": [\n  {"v": 2,, "key": {"_id": 1}}\n]}')
    err = bad(docshape_bin, tmp_path, m)
    assert "users.metadata.json: line 2: not JSON: line 2, column" in err
    (tmp_path / "not.archive").write_bytes(b"\x01\x02\x03\x04" + one)
    err = bad(docshape_bin, tmp_path, "--archive", tmp_path / "not.archive")
    assert "not.archive: at byte 0: not a mongodump archive" in err
    archive = tmp_path / "cut.archive"
    layout.write_archive(archive, "shop", [("users", [{"_id": i} for i in range(100)], [], {}, "collection")])
    archive.write_bytes(archive.read_bytes()[:-40])
    err = bad(docshape_bin, tmp_path, "--archive", archive)
    assert "cut.archive: at byte" in err and "truncated" in err


def shop_log(path, minutes=60):
    """An hour of slow queries: orders by customer (index), by status sorted in memory (a
    collection scan), updates per statement with their command lines, and noise."""
    rnd = random.Random(3)
    lines = [log.connection_accepted(0)]
    for i in range(600):
        s = i * minutes * 60 / 600
        cid = {"$oid": "%024x" % rnd.randrange(1 << 90)}
        lines.append(log.slow_query(s, "shop.orders", {"find": "orders", "filter": {"customer_id": cid}, "sort": {"created_at": -1}, "limit": 20, "lsid": {"id": {"$uuid": "5d0f0ae0-3f27-4d3a-8d1d-4bd1c9a7b8e4"}}, "$db": "shop"},
                                     "IXSCAN { customer_id: 1, created_at: -1 }", 100 + i % 50, keys=5, docs=5, returned=5))
        if i % 3 == 0:
            lines.append(log.slow_query(s, "shop.orders", {"find": "orders", "filter": {"status": rnd.choice(["new", "paid"])}, "sort": {"created_at": 1}, "$db": "shop"},
                                         "COLLSCAN", 400 + i, docs=2000, returned=600, sort_in_memory=True))
        if i % 10 == 0:
            lines.append(log.slow_query(s, "shop.orders", {"q": {"_id": cid}, "u": {"$set": {"status": "paid"}}, "multi": False, "upsert": False}, "IDHACK", 120, keys=1, docs=1, kind="update"))
            lines.append(log.slow_query(s, "shop.$cmd", {"update": "orders", "ordered": True, "$db": "shop"}, None, 121))
        if i == 5:
            lines.append(log.old_format_line(s))
            lines.append("this is not JSON at all")
            lines.append(log.slow_query(s, "shop.orders", {"getMore": {"$numberLong": "1234"}, "collection": "orders", "$db": "shop"}, "COLLSCAN", 200))
    pathlib.Path(path).write_text("\n".join(lines) + "\n")


def test_the_log_becomes_measured_access_patterns(docshape_bin, tmp_path):
    write_shop(tmp_path / "shop")
    shop_log(tmp_path / "mongod.log")
    out = tmp_path / "model.json"
    proc = infer(docshape_bin, tmp_path / "shop", "--workload", tmp_path / "mongod.log", "--out", out)
    assert "1 lines that are not JSON (skipped)" in proc.stderr
    assert "1 lines in the plain-text log of servers before 4.4 (skipped)" in proc.stderr
    assert "1 other log messages" in proc.stderr
    assert "1 getMore records" in proc.stderr
    assert "60 update command (its statements are logged on their own) records" in proc.stderr
    model = valid(json.loads(out.read_text()))
    queries = {q["name"]: q for q in model["queries"]}
    by_customer = queries["find orders by customer_id"]
    m = by_customer["measured"]
    assert m["executions"] == 600 and m["record"] == "log" and m["rateIsFloor"] is True
    assert by_customer["perMinute"] == pytest.approx(600 / m["spanMinutes"], rel=0.01)
    assert m["plans"] == [{"plan": "IXSCAN { customer_id: 1, created_at: -1 }", "count": 600}]
    assert m["durationMs"]["median"] in range(120, 130) and m["durationMs"]["max"] == 149
    assert by_customer["sort"] == [{"field": "created_at", "dir": -1}] and by_customer["pageSize"] == 20
    assert "a floor" in by_customer["notes"]
    assert "ObjectId" in by_customer["call"] or "customer_id" in by_customer["call"]
    assert "$oid" not in by_customer["call"], "values are replaced, not kept"
    scan = queries["find orders by status"]
    assert scan["measured"]["sortsInMemory"] == 200 and scan["measured"]["plans"][0]["plan"] == "COLLSCAN"
    update = queries["update orders by _id"]
    assert update["kind"] == "write" and update["write"] == "update" and update["changes"] == ["status"]
    report = subprocess.run([docshape_bin, "check", out, "--format", "json"], capture_output=True, text=True)
    codes = [f["code"] for f in json.loads(report.stdout)["findings"]]
    assert "DS602" in codes and "DS603" in codes, codes
    # status_1 is declared and no measured plan uses it.
    assert "DS604" in codes, codes


def test_profiler_documents_and_query_stats(docshape_bin, tmp_path):
    profile = [
        {"op": "query", "ns": "shop.orders", "command": {"find": "orders", "filter": {"status": "new"}, "$db": "shop"}, "keysExamined": 0, "docsExamined": 2000, "hasSortStage": False,
         "nreturned": 10, "millis": 3, "planSummary": "COLLSCAN", "ts": {"$date": "2026-11-30T09:00:00.000Z"}},
        {"op": "query", "ns": "shop.orders", "command": {"find": "orders", "filter": {"status": "paid"}, "$db": "shop"}, "keysExamined": 0, "docsExamined": 2000,
         "nreturned": 10, "millis": 5, "planSummary": "COLLSCAN", "ts": {"$date": "2026-11-30T09:10:00.000Z"}},
        {"op": "remove", "ns": "shop.orders", "command": {"q": {"status": "sent"}, "limit": 0}, "millis": 7, "planSummary": "COLLSCAN", "ts": {"$date": "2026-11-30T09:20:00.000Z"}},
    ]
    (tmp_path / "profile.json").write_text(json_util.dumps(profile, json_options=json_util.CANONICAL_JSON_OPTIONS))
    stats = {"key": {"queryShape": {"cmdNs": {"db": "shop", "coll": "customers"}, "command": "find", "filter": {"email": {"$eq": "?string"}}, "limit": "?number"}},
             "keyHash": "x", "metrics": {"execCount": 1200, "totalExecMicros": {"sum": 2_400_000, "max": 9000, "min": 500},
                                          "firstSeenTimestamp": {"$date": "2026-11-30T09:00:00Z"}, "latestSeenTimestamp": {"$date": "2026-11-30T10:00:00Z"},
                                          "docsReturned": {"sum": 1200}}}
    (tmp_path / "stats.ndjson").write_text(json.dumps(stats) + "\n")
    out = tmp_path / "model.json"
    proc = infer(docshape_bin, "--workload", tmp_path / "profile.json", tmp_path / "stats.ndjson", "--out", out)
    model = valid(json.loads(out.read_text()))
    queries = {q["name"]: q for q in model["queries"]}
    assert queries["find orders by status"]["measured"]["executions"] == 2
    assert queries["find orders by status"]["measured"]["record"] == "profiler"
    assert queries["delete orders by status"]["write"] == "delete"
    by_email = queries["find customers by email"]
    assert by_email["measured"]["record"] == "queryStats" and by_email["measured"]["rateIsFloor"] is False
    assert by_email["perMinute"] == 20.0
    assert "Named by the workload" in next(e for e in model["entities"] if e["name"] == "customers")["notes"]
    assert "2 access patterns" not in proc.stderr


def generated_dump(docshape_bin, model_path, folder, counts):
    """`docshape generate` for each collection, turned into mongodump's files by pymongo's bson."""
    for name, n in counts.items():
        text = subprocess.run([docshape_bin, "generate", model_path, "--collection", name, "-n", str(n), "--format", "canonical"],
                              capture_output=True, text=True, check=True).stdout
        docs = [json_util.loads(line) for line in text.splitlines() if line.strip()]
        layout.write_collection(folder, name, docs)


def test_round_trip_dump_model_generate_dump(docshape_bin, tmp_path):
    """Tolerance: documents counted exactly; presence within 5 points; a top-level field's type
    the same; embedded array lengths (median) within 1 and BSON size (median) within 25%: the
    generator writes values of the model's sizes, not the original bytes."""
    write_shop(tmp_path / "shop")
    first = tmp_path / "first.json"
    infer(docshape_bin, tmp_path / "shop", "--sample", "0", "--out", first)
    m1 = json.loads(first.read_text())
    counts = {"customers": 400, "orders": 2000, "products": 100, "wishlists": 150}
    generated_dump(docshape_bin, first, tmp_path / "again", counts)
    second = tmp_path / "second.json"
    infer(docshape_bin, tmp_path / "again", "--sample", "0", "--out", second)
    m2 = json.loads(second.read_text())
    for name, n in counts.items():
        e1 = next(e for e in m1["entities"] if e["name"] == name)
        e2 = next(e for e in m2["entities"] if e["name"] == name)
        assert e2["collection"]["documents"] == n
        f1 = {f["name"]: f for f in e1["fields"]}
        f2 = {f["name"]: f for f in e2["fields"]}
        assert set(f1) <= set(f2), (name, set(f1) - set(f2))
        for fname, f in f1.items():
            assert f2[fname]["type"] == f["type"], (name, fname)
            p1, p2 = f.get("presence", 1.0 if f["required"] else 0), f2[fname].get("presence", 1.0 if f2[fname]["required"] else 0)
            assert abs(p1 - p2) <= 0.05, (name, fname, p1, p2)
    l1, l2 = relation(m1, "orders", "orders_lines"), relation(m2, "orders", "orders_lines")
    assert abs(l1["evidence"]["children"]["median"] - l2["evidence"]["children"]["median"]) <= 1
    assert l2["cardinality"]["max"] <= l1["cardinality"]["max"]
