"""`docshape diff OLD NEW --format json` is an API for CI jobs: the diff of pairs of gallery
designs (and of generated models with an edit) validates against public/diff.schema.json in each
language, diffs that break the documented shape are refused by the schema, and the exit codes
follow --fail-on."""

import copy
import json
import pathlib
import subprocess

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "public" / "diff.schema.json").read_text())
Validator = jsonschema.validators.validator_for(SCHEMA)
TEMPLATES = ROOT / "public" / "templates"

PAIRS = [
    ("orders", "orders-lookup"),
    ("orders-lookup", "orders"),
    ("bibliored", "book-club"),
    ("anti-outlier-misapplied", "users-outlier"),
    ("sensor-day", "anti-tiny-documents"),
    ("users-versioning", "users-outlier"),
    ("bibliored", "bibliored"),
]


def problems(diff):
    return [f"{list(e.absolute_path)}: {e.message[:300]}" for e in Validator(SCHEMA).iter_errors(diff)]


def diff_json(run, old, new, lang="en"):
    return json.loads(run("diff", old, new, "--format", "json", "--lang", lang))


def test_the_schema_is_a_valid_schema():
    Validator.check_schema(SCHEMA)
    assert Validator is jsonschema.Draft202012Validator


@pytest.mark.parametrize("old,new", PAIRS, ids=[f"{a}->{b}" for a, b in PAIRS])
@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_gallery_diffs_match_the_schema(run, old, new, lang):
    diff = diff_json(run, TEMPLATES / f"{old}.json", TEMPLATES / f"{new}.json", lang)
    assert not problems(diff), problems(diff)[:5]
    assert diff["lang"] == lang and diff["diffVersion"] == 1
    if old == new:
        assert diff["summary"]["changes"] == 0 and not diff["entities"] and not diff["storedData"]


def _edited(tmp_path, model, name, edit):
    data = json.loads(model.read_text())
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("entities,seed", [(12, 7), (60, 2)])
def test_generated_model_diffs_match_the_schema(run, tmp_path, entities, seed):
    model = tmp_path / f"synth-{entities}-{seed}.json"
    model.write_text(run("synth", "--entities", entities, "--seed", seed))

    def edit(m):
        m["entities"][0]["fields"].append({"name": "nuevo", "type": "string", "required": True})
        m["entities"][1]["name"] += "_v2"
        m["relations"][0]["storage"] = "reference" if m["relations"][0].get("storage", "embed") == "embed" else "embed"
        del m["relations"][1]
        m["queries"][0]["perMinute"] = 1e6

    new = _edited(tmp_path, model, "new.json", edit)
    diff = diff_json(run, model, new, "pt")
    assert not problems(diff), problems(diff)[:5]
    assert [r["status"] for r in diff["relations"]].count("removed") == 1
    assert any(f["status"] == "added" for e in diff["entities"] for f in e["fields"])


def _reviews(tmp_path):
    # The outlier lesson's reviews with their overflow up to 800 (the template's reaches 3,000:
    # up to 1,000 the advisor has the material keep their ids), then unbounded: the verdict flips.
    def capped(m):
        m["relations"][0]["cardinality"]["outliers"]["max"] = 800

    old = _edited(tmp_path, TEMPLATES / "anti-outlier-misapplied.json", "capped.json", capped)

    def unbounded(m):
        m["relations"][0]["cardinality"] = {"typical": 30, "growthPerDay": 0.05}

    return old, _edited(tmp_path, old, "unbounded.json", unbounded)


@pytest.mark.parametrize(
    "break_it",
    [
        lambda d: d.pop("diffVersion"),
        lambda d: d.update(diffVersion=2),
        lambda d: d.update(lang="fr"),
        lambda d: d.update(extra=True),
        lambda d: d["relations"][0].update(status="moved"),
        lambda d: d["relations"][0].pop("matchedBy"),
        lambda d: d["relations"][0].update(fields=[]),
        lambda d: d["relations"][0]["properties"][0].pop("property"),
        lambda d: d["consequences"]["findingsIntroduced"][0].update(severity="fatal"),
        lambda d: d["consequences"]["findingsIntroduced"][0].update(code="X1"),
        lambda d: d["consequences"]["verdicts"][0].update(new="embedMaybe"),
        lambda d: d["consequences"]["sizes"][0]["new"].update(level="huge"),
        lambda d: d["storedData"][0].update(migration="dropDatabase"),
        lambda d: d["summary"].pop("errorsIntroduced"),
    ],
)
def test_the_schema_refuses_what_the_format_does_not_say(run, tmp_path, break_it):
    old, new = _reviews(tmp_path)
    diff = diff_json(run, old, new)
    assert not problems(diff), problems(diff)
    broken = copy.deepcopy(diff)
    break_it(broken)
    assert problems(broken), "the schema accepted a broken diff"


def test_exit_codes_follow_fail_on(docshape_bin, tmp_path):
    old, new = _reviews(tmp_path)

    def code(*args):
        return subprocess.run([docshape_bin, "diff", *map(str, args)], capture_output=True).returncode

    assert code(old, new) == 0
    assert code(old, new, "--fail-on", "new-errors") == 1
    assert code(new, old, "--fail-on", "new-errors") == 0
    assert code(new, old, "--fail-on", "any-finding") == 1
    assert code(old, old, "--fail-on", "any-finding") == 0
    assert code(old, tmp_path / "missing.json") == 2


def test_a_version_kept_in_the_file_is_a_side_that_matches_the_schema(run, docshape_bin, tmp_path):
    old, new = _reviews(tmp_path)
    data = json.loads(new.read_text())
    data["versions"] = [{"name": "before \u202e\"reviews\"", "at": 1764500000000, "model": json.loads(old.read_text())}]
    kept = tmp_path / "kept.json"
    kept.write_text(json.dumps(data))
    for side in (f"{kept}@1", f"{kept}@before \u202e\"reviews\""):
        diff = diff_json(run, side, kept)
        assert not problems(diff), problems(diff)
        assert diff["old"]["version"] == {"number": 1, "name": "before \u202e\"reviews\"", "at": 1764500000000}
        assert "version" not in diff["new"]
        assert diff == {**diff_json(run, old, new), "old": diff["old"]} and diff["summary"]["errorsIntroduced"] == 1
    broken = diff_json(run, f"{kept}@1", kept)
    broken["old"]["version"]["number"] = 0
    assert problems(broken), "a version numbered 0 is refused"
    missing = subprocess.run([docshape_bin, "diff", f"{kept}@2", kept], capture_output=True, text=True)
    assert missing.returncode == 3 and "has no version \"2\"" in missing.stderr, missing.stderr


def test_the_diagram_of_a_change_parses_with_mermaid_and_shows_its_marks(run, tmp_path, output_dir):
    """The Mermaid block of the pull-request comment, read by mermaid's own parser: every box of
    the change is there, the changed, added and removed ones marked before their name."""
    old, new = TEMPLATES / "orders.json", TEMPLATES / "orders-lookup.json"
    folder = output_dir / "diff"
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for lang in ["en", "pt"]:
        md = run("diff", old, new, "--lang", lang)
        block = md.split("```mermaid\n", 1)[1].split("```", 1)[0]
        path = folder / f"orders-lookup.{lang}.mmd"
        path.write_text(block)
        files.append(path)
    check = ROOT / "tests" / "codegen" / "check.mjs"
    proc = subprocess.run(["node", str(check), "mermaid", *map(str, files)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = json.loads(proc.stdout.strip().splitlines()[-1])
    for path in files:
        parsed = answers[str(path)]
        assert "error" not in parsed, parsed
        aliases = {e["id"]: e["alias"] for e in parsed["entities"]}
        assert aliases.get("pedidos") == "~ pedidos" and aliases.get("itens") == "~ itens", aliases
        assert len(parsed["relations"]) == 2
