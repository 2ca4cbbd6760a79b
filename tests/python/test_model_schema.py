"""Every template validates against public/model.schema.json, and models the loader refuses
(or that mean nothing) are rejected by the schema too."""

import copy
import json
import pathlib

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "public" / "model.schema.json").read_text())
Validator = jsonschema.validators.validator_for(SCHEMA)


def test_the_schema_is_a_valid_schema():
    Validator.check_schema(SCHEMA)
    assert Validator is jsonschema.Draft202012Validator


def test_template_matches_the_schema(template):
    model = json.loads(pathlib.Path(template).read_text())
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in Validator(SCHEMA).iter_errors(model)]
    assert not problems, problems


def _bibliored():
    return json.loads((ROOT / "public" / "templates" / "bibliored.json").read_text())


@pytest.mark.parametrize(
    "break_it",
    [
        lambda m: m.pop("name"),
        lambda m: m.update(format="drawio"),
        lambda m: m.update(formatVersion=5),
        lambda m: m["entities"][0]["fields"][0].update(type="float"),
        lambda m: m["entities"][0]["fields"][0].pop("type"),
        lambda m: m["relations"][0].update(storage="link"),
        lambda m: m["relations"][1]["cardinality"].update(typical=-1),
        lambda m: m["relations"][1]["extended"][0].update(category="frozen"),
        lambda m: m["queries"][0].update(kind="delete"),
        lambda m: m["queries"][0].update(documentsChanged=0),
        lambda m: m["relations"][1]["cardinality"].update(p99=-5),
        lambda m: m["queries"][1]["sort"][0].update(dir=2),
        lambda m: m["entities"][0]["collection"].update(validationAction="reject"),
        lambda m: m["entities"][0]["fields"][1].update(presence=1.5),
        lambda m: m["entities"][0]["fields"][1].update(presence="half"),
    ],
    ids=[
        "no-name",
        "other-format",
        "newer-version",
        "unknown-bson-type",
        "field-without-type",
        "unknown-storage",
        "negative-cardinality",
        "unknown-copy-category",
        "unknown-query-kind",
        "no-documents-changed",
        "negative-p99",
        "bad-sort-direction",
        "unknown-validation-action",
        "presence-over-one",
        "presence-not-a-number",
    ],
)
def test_broken_models_are_rejected(break_it):
    model = copy.deepcopy(_bibliored())
    break_it(model)
    assert list(Validator(SCHEMA).iter_errors(model)), "the schema accepted a broken model"


def _with_comments():
    model = _bibliored()
    entity = model["entities"][0]["id"]
    model["formatVersion"] = 3
    model["comments"] = [
        {"id": "c1", "anchor": {"kind": "entity", "entity": entity}, "author": "Ana", "at": 1, "text": "Why?"},
        {"id": "c2", "replyTo": "c1", "author": "Luis", "at": 2, "text": "Read together.", "resolved": False},
        {
            "id": "c3",
            "anchor": {"kind": "finding", "code": "DS101", "on": {"kind": "field", "entity": entity, "path": "a.b"}},
            "author": "Eva",
            "at": 3,
            "text": "<b>x</b>",
            "resolved": True,
        },
    ]
    return model


def test_review_comments_match_the_schema():
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in Validator(SCHEMA).iter_errors(_with_comments())]
    assert not problems, problems


@pytest.mark.parametrize(
    "break_it",
    [
        lambda m: m["comments"][0].pop("author"),
        lambda m: m["comments"][0]["anchor"].update(kind="box"),
        lambda m: m["comments"][0]["anchor"].pop("entity"),
        lambda m: m["comments"][1].update(at=-1),
        lambda m: m["comments"][2]["anchor"].pop("on"),
    ],
    ids=["no-author", "unknown-anchor-kind", "entity-anchor-without-entity", "negative-time", "finding-without-element"],
)
def test_broken_comments_are_rejected(break_it):
    model = _with_comments()
    break_it(model)
    assert list(Validator(SCHEMA).iter_errors(model)), "the schema accepted a broken comment"


def _with_versions():
    """A file with versions, shaped as the app writes it (`designs::in_file`, whose round trip
    is `tests/round_trips.rs::model_files_with_versions_load_back`)."""
    model = _with_comments()
    older = _bibliored()
    older["entities"] = older["entities"][:2]
    model["versions"] = [
        {"name": "before reviews \u202e</script>", "at": 1764000000000, "model": older},
        {"name": "before reviews \u202e</script>", "at": 1764000000000, "model": _bibliored()},
    ]
    return model


def test_versions_in_a_file_match_the_schema():
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in Validator(SCHEMA).iter_errors(_with_versions())]
    assert not problems, problems


@pytest.mark.parametrize(
    "break_it",
    [
        lambda m: m["versions"][0].pop("model"),
        lambda m: m["versions"][0].update(at=-1),
        lambda m: m["versions"][1]["model"].update(format="drawio"),
        lambda m: m["versions"][1]["model"]["entities"][0]["fields"][0].update(type="float"),
    ],
    ids=["version-without-model", "negative-time", "version-not-a-model", "version-with-a-broken-field"],
)
def test_broken_versions_are_rejected(break_it):
    model = _with_versions()
    break_it(model)
    assert list(Validator(SCHEMA).iter_errors(model)), "the schema accepted a broken version"


@pytest.mark.parametrize("sample", ["known.ndjson", "seed004_pedidos.ndjson", "seed000_usuarios.ejson"])
def test_an_inferred_model_matches_the_schema(run, sample):
    """`docshape infer` writes measured figures into the model (observations with their figures
    and shares): the file it writes is a valid model file too."""
    model = json.loads(run("infer", ROOT / "tests" / "fixtures" / "samples" / sample))
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in Validator(SCHEMA).iter_errors(model)]
    assert not problems, problems
    if sample == "known.ndjson":
        notes = [o for e in model["entities"] for o in e["measured"]["observations"]]
        assert notes and all(o.get("figures") or o.get("shares") for o in notes), notes
        broken = copy.deepcopy(model)
        broken["entities"][0]["measured"]["observations"][0]["figures"] = {"max": -3}
        assert list(Validator(SCHEMA).iter_errors(broken)), "a negative figure is refused"


@pytest.mark.parametrize("case", sorted((ROOT / "tests" / "corpus").glob("*.json")), ids=lambda p: p.stem)
def test_corpus_models_match_the_schema(case):
    """The public corpus's models (versions 1 and 2: documentsChanged, p99, copies with no
    category) are valid model files."""
    model = json.loads(case.read_text())["model"]
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in Validator(SCHEMA).iter_errors(model)]
    assert not problems, problems
