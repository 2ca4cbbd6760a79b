"""`docshape check --format json` is the product's API: every gallery template's report and the
reports of generated models validate against public/report.schema.json, in each language, and
reports that break the documented shape are rejected by the schema."""

import copy
import json
import pathlib

import jsonschema
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "public" / "report.schema.json").read_text())
Validator = jsonschema.validators.validator_for(SCHEMA)


def problems(report):
    return [f"{list(e.absolute_path)}: {e.message[:300]}" for e in Validator(SCHEMA).iter_errors(report)]


def check_json(run, model_path, lang="en"):
    # check exits 1 when the model has an error-level finding: still a report.
    return json.loads(run("check", model_path, "--format", "json", "--lang", lang, ok_codes=(0, 1)))


def test_the_schema_is_a_valid_schema():
    Validator.check_schema(SCHEMA)
    # Each older version's schema stays published and valid (docs/report-format.md, Versions).
    for old in (ROOT / "public").glob("report.v*.schema.json"):
        Validator.check_schema(json.loads(old.read_text()))
    assert Validator is jsonschema.Draft202012Validator


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_template_report_matches_the_schema(run, template, lang):
    report = check_json(run, template, lang)
    assert not problems(report), problems(report)
    assert report["lang"] == lang and report["reportVersion"] == 2
    # The gallery's designs fit one replica set: no shard key advice.
    assert "scale" not in report
    counted = sum(e["count"] if e["kind"] == "group" else 1 for e in report["findings"])
    summary = report["summary"]
    assert counted == summary["errors"] + summary["warnings"] + summary["infos"]


@pytest.mark.parametrize("entities,seed", [(3, 1), (12, 7), (40, 2), (90, 11)])
def test_generated_model_reports_match_the_schema(run, tmp_path, entities, seed):
    model = tmp_path / f"synth-{entities}-{seed}.json"
    model.write_text(run("synth", "--entities", entities, "--seed", seed))
    for lang in ["en", "pt"]:
        report = check_json(run, model, lang)
        assert not problems(report), problems(report)[:5]
        assert len(report["relations"]) == len(json.loads(model.read_text()).get("relations", []))
        assert all(len(r["criteria"]) == 6 for r in report["relations"])


@pytest.mark.parametrize("fixture", ["marketplace.json", "celebrity.json", "tenants.json"])
def test_shard_key_advice_matches_the_schema(run, fixture):
    for lang in ["en", "es"]:
        report = check_json(run, ROOT / "tests" / "fixtures" / "scale" / fixture, lang)
        assert not problems(report), problems(report)
        assert report["scale"] and all(len(c["reasons"]) == 6 for c in report["scale"])


def test_every_code_in_a_report_is_a_documented_rule(run):
    rules = {r["code"] for r in json.loads(run("rules", "--format", "json"))}
    for template in sorted((ROOT / "public" / "templates").glob("*.json")):
        report = check_json(run, template)
        assert {e["code"] for e in report["findings"]} <= rules, template.name


def _orders(run):
    return check_json(run, ROOT / "public" / "templates" / "orders-lookup.json")


def _first(report, kind):
    return next(e for e in report["findings"] if e["kind"] == kind)


@pytest.mark.parametrize(
    "break_it",
    [
        lambda r: r.pop("reportVersion"),
        lambda r: r.update(reportVersion=1),
        lambda r: r.update(lang="fr"),
        lambda r: r.update(extra=True),
        lambda r: _first(r, "finding").update(severity="fatal"),
        lambda r: _first(r, "finding").update(code="X1"),
        lambda r: _first(r, "finding").pop("place"),
        lambda r: _first(r, "finding").update(places=[]),
        lambda r: _first(r, "group").update(places=_first(r, "group")["places"][:1], count=1),
        lambda r: _first(r, "group")["places"][0].update(why="a group's places carry no why of their own"),
        lambda r: r["relations"][0]["criteria"].reverse(),
        lambda r: r["relations"][0]["criteria"].pop(),
        lambda r: r["relations"][0].update(recommendation="maybe"),
        lambda r: r["sizes"][0].update(level="huge"),
        lambda r: r["indexes"][0]["index"]["keys"][0].update(dir=2),
        lambda r: r["patterns"][0].pop("change"),
        lambda r: r["aggregates"][0].update(members="pedidos"),
    ],
    ids=[
        "no-version",
        "other-version",
        "unknown-lang",
        "unknown-member",
        "unknown-severity",
        "bad-code",
        "finding-without-place",
        "finding-with-places",
        "group-of-one",
        "place-with-why",
        "criteria-out-of-order",
        "five-criteria",
        "unknown-recommendation",
        "unknown-size-level",
        "bad-index-direction",
        "pattern-without-change",
        "members-not-a-list",
    ],
)
def test_broken_reports_are_rejected(run, break_it):
    report = _orders(run)
    assert not problems(report)
    broken = copy.deepcopy(report)
    break_it(broken)
    assert problems(broken), "the schema accepts a broken report"


def _schema_members(node, out):
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            out.add(name)
            _schema_members(sub, out)
        for value in node.values():
            _schema_members(value, out)
    elif isinstance(node, list):
        for item in node:
            _schema_members(item, out)
    return out


def test_the_format_page_documents_every_member_and_its_example_validates():
    page = (ROOT / "docs" / "report-format.md").read_text()
    missing = sorted(m for m in _schema_members(SCHEMA, set()) if f"`{m}`" not in page)
    assert not missing, f"docs/report-format.md does not mention {missing}"
    example = json.loads(page.split("```json\n", 1)[1].split("\n```", 1)[0])
    assert not problems(example), problems(example)
