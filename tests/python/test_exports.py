"""The exporters checked against MongoDB's own code: pymongo's `bson` parses and encodes every
example and generated document, and each one passes its exported `$jsonSchema` (run by the
`jsonschema` library with a real `bsonType`), while deliberately broken documents fail it.

Run: .venv/bin/pytest tests/python   (DOCSHAPE_BIN=... to use another binary)
"""

import copy
import json
import pathlib
import subprocess
import tempfile

import bson
import pytest
from bson import json_util
from bson.json_util import JSONOptions, JSONMode

from bson_schema import errors

GENERATED_PER_COLLECTION = 300
CANONICAL = JSONOptions(json_mode=JSONMode.CANONICAL)


def examples(run, template, flavor):
    what = "ejson" if flavor == "relaxed" else "ejson-canonical"
    return json_util.loads(run("export", template, "--what", what))


def schemas(run, template):
    """{collection: $jsonSchema} for the collections with a validator."""
    options = json.loads(run("export", template, "--what", "schema"))
    return {name: o["validator"]["$jsonSchema"] for name, o in options.items()}


@pytest.mark.parametrize("flavor", ["relaxed", "canonical"])
def test_examples_parse_and_encode(run, template, flavor):
    docs = examples(run, template, flavor)
    assert docs, "the template has collections"
    for collection, items in docs.items():
        assert items, f"{collection} has at least one example"
        for doc in items:
            encoded = bson.encode(doc)
            assert bson.decode(encoded) == doc


def test_relaxed_and_canonical_examples_agree(run, template):
    relaxed = examples(run, template, "relaxed")
    canonical = examples(run, template, "canonical")
    assert relaxed == canonical


def test_examples_validate_against_their_schema(run, template):
    rules = schemas(run, template)
    for flavor in ["relaxed", "canonical"]:
        for collection, items in examples(run, template, flavor).items():
            if collection not in rules:
                continue
            for doc in items:
                problems = errors(rules[collection], doc, relaxed=(flavor == "relaxed"))
                assert not problems, f"{collection} example ({flavor}): {problems}"


def test_generated_documents_parse_encode_and_validate(run, template):
    rules = schemas(run, template)
    collections = list(examples(run, template, "relaxed"))
    for collection in collections:
        for flavor, n in [("relaxed", GENERATED_PER_COLLECTION), ("canonical", 50)]:
            out = run("generate", template, "--collection", collection, "-n", n, "--seed", 5, "--format", flavor)
            lines = out.splitlines()
            assert len(lines) == n
            for line in lines:
                doc = json_util.loads(line) if flavor == "relaxed" else json_util.loads(line, json_options=CANONICAL)
                bson.encode(doc)
                if collection in rules:
                    problems = errors(rules[collection], doc, relaxed=(flavor == "relaxed"))
                    assert not problems, f"{collection} generated ({flavor}): {problems}\n{line[:300]}"


# ---- broken documents ---------------------------------------------------------------------


def _walk(schema, doc, path=()):
    """Yields (path, subschema, value) for every property present in the document."""
    for name, sub in (schema.get("properties") or {}).items():
        if isinstance(doc, dict) and name in doc:
            value = doc[name]
            yield path + (name,), sub, value
            if isinstance(value, dict):
                yield from _walk(sub, value, path + (name,))
            if isinstance(value, list) and value and isinstance(sub.get("items"), dict):
                yield from _walk(sub["items"], value[0], path + (name, 0))
    for branch in schema.get("oneOf", []) + schema.get("anyOf", []):
        yield from _walk(branch, doc, path)


def _set(doc, path, value):
    target = doc
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value


def _wrong_value(bson_type):
    return "not-a-number" if bson_type != "string" else 12345


def broken_variants(schema, doc):
    """(kind, description, broken document) for each way this document can be broken."""
    out = []
    for name in schema.get("required", []):
        if name in doc:
            broken = copy.deepcopy(doc)
            del broken[name]
            out.append(("required", f"without {name}", broken))
    for path, sub, value in _walk(schema, doc):
        if sub.get("bsonType") == "array" and "maxItems" in sub and isinstance(value, list):
            filler = value[0] if value else None
            broken = copy.deepcopy(doc)
            _set(broken, path, [copy.deepcopy(filler) for _ in range(int(sub["maxItems"]) + 1)])
            out.append(("cap", f"{'.'.join(map(str, path))} over {sub['maxItems']}", broken))
        if isinstance(sub.get("bsonType"), str) and sub["bsonType"] not in ("object", "array"):
            broken = copy.deepcopy(doc)
            _set(broken, path, _wrong_value(sub["bsonType"]))
            out.append(("type", f"{'.'.join(map(str, path))} of the wrong type", broken))
        if "enum" in sub and len(sub["enum"]) > 1:
            broken = copy.deepcopy(doc)
            _set(broken, path, "__not_in_the_enum__")
            out.append(("enum", f"{'.'.join(map(str, path))} outside its enum", broken))
    return out


def test_broken_documents_are_rejected(run, template):
    rules = schemas(run, template)
    kinds = set()
    for collection, items in examples(run, template, "canonical").items():
        if collection not in rules:
            continue
        for doc in items:
            for kind, what, broken in broken_variants(rules[collection], doc):
                kinds.add(kind)
                assert errors(rules[collection], broken, relaxed=False), f"{collection}: a document {what} passed"
    if rules:
        assert {"required", "type"} <= kinds, f"only {kinds} could be tried"


def test_bibliored_broken_kinds(run):
    template = pathlib.Path(__file__).resolve().parents[2] / "public" / "templates" / "bibliored.json"
    rules = schemas(run, template)
    kinds = set()
    for collection, items in examples(run, template, "canonical").items():
        for doc in items:
            kinds |= {k for k, _, _ in broken_variants(rules.get(collection, {}), doc)}
    assert kinds == {"required", "cap", "type", "enum"}


# ---- mongosh -------------------------------------------------------------------------------


def _node_check(text, tmp_path, name):
    path = tmp_path / f"{name}.js"
    path.write_text(text)
    proc = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, f"node --check {name}: {proc.stderr}"


def test_mongosh_script_is_valid_javascript(run, template, tmp_path):
    script = run("export", template, "--what", "mongosh")
    assert "db.createCollection(" in script
    _node_check(script, tmp_path, "script")
    _node_check(run("export", template, "--what", "examples"), tmp_path, "examples")


def test_mongosh_script_has_the_bucket_upsert_and_ttl(run):
    template = pathlib.Path(__file__).resolve().parents[2] / "public" / "templates" / "bibliored.json"
    script = run("export", template, "--what", "mongosh")
    assert "createIndex({ dia: 1 }, { expireAfterSeconds: 63072000 })" in script
    assert "{ _id: _id, num_eventos: { $lt: 500 } }" in script
    assert "{ upsert: true }" in script
    assert "$slice: 5" in script and "$sort: { votos_utiles: -1 }" in script


# ---- sizes ---------------------------------------------------------------------------------


def test_example_bson_sizes_match_pymongo(run, template, output_dir):
    """docshape's own BSON size of each example equals len(bson.encode(doc)); the sizes are
    recorded in tests/output/bson_sizes-<template>.json for comparing with the advisor."""
    docs = examples(run, template, "canonical")
    sizes = json.loads(run("export", template, "--what", "sizes"))
    recorded = []
    by_collection = {}
    for s in sizes:
        by_collection.setdefault(s["collection"], []).append(s)
    for collection, items in docs.items():
        for doc, reported in zip(items, by_collection[collection]):
            real = len(bson.encode(doc))
            assert reported["bsonBytes"] == real, f"{collection} {reported['variant']}: {reported['bsonBytes']} != {real}"
            recorded.append({**reported, "pymongoBytes": real})
    (output_dir / f"bson_sizes-{pathlib.Path(template).stem}.json").write_text(json.dumps(recorded, indent=2))


# The advisor's average document size is compared with the mean real BSON size
# (len(bson.encode(doc))) of documents generated with the design's own distributions (typical
# array lengths, optional-field rates, variant shares). Examples are not used for this: they cap
# arrays at a few items to stay readable. Tolerance: within a factor of two either way. Both
# sides guess the bytes of strings that carry no size hint (the advisor from the field's name,
# the generator from its vocabulary), which puts small documents up to ~1.5x apart; a design
# whose size is wrong by more than that (an array counted at its cap, a bloated field missed)
# fails.
SIZE_FACTOR = 2.0
SAMPLE = 300


def test_advisor_size_estimates_against_real_bson(run, template):
    report = json.loads(run("check", template, "--format", "json", ok_codes=(0, 1)))
    estimates = report.get("sizes") or []
    assert estimates, "the advisor reports document sizes for every collection"
    names = {e["id"]: e["name"] for e in json.load(open(template))["entities"]}
    for estimate in estimates:
        collection = names.get(estimate["entity"], estimate["entity"])
        out = run("generate", template, "--collection", collection, "-n", SAMPLE, "--seed", 11, "--format", "canonical")
        sizes = [len(bson.encode(json_util.loads(line))) for line in out.splitlines() if line.strip()]
        assert len(sizes) == SAMPLE
        real = sum(sizes) / len(sizes)
        ratio = estimate["avgBytes"] / real
        assert 1 / SIZE_FACTOR <= ratio <= SIZE_FACTOR, (
            f"{collection}: advisor says {estimate['avgBytes']} B on average, "
            f"{SAMPLE} generated documents average {real:.0f} B (ratio {ratio:.2f})"
        )


def test_mongosh_script_creates_collections_with_todays_options(run, tmp_path):
    """Format 4's collection options reach createCollection as MongoDB spells them, and the
    script stays valid JavaScript."""
    model = pathlib.Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "server-options.json"
    script = run("export", model, "--what", "mongosh")
    _node_check(script, tmp_path, "server-options")
    weather = next(line for line in script.splitlines() if line.startswith('db.createCollection("weather"'))
    assert 'timeseries: { timeField: "timestamp", metaField: "metadata", granularity: "hours" }' in weather
    assert "expireAfterSeconds: 86400 });" in weather and "$jsonSchema" not in weather.split("//")[0]
    assert "clusteredIndex: { key: { _id: 1 }, unique: true }" in script
    assert 'db.createCollection("log", { capped: true, size: 1048576, max: 5000 })' in script
    assert 'db.createCollection("users", { collation: { locale: "en", strength: 2 } })' in script
