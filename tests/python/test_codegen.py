"""The generated code checked by the real library or compiler, on every template:

- Mongoose: the module loads in Node, and `new Model(doc).validate()` (no database) accepts every
  example document and rejects the broken ones;
- TypeScript: `tsc --strict` passes on the types with every example typed against them, and
  fails on each broken one (`// @ts-expect-error`);
- zod: the schemas compile (tsc) and `safeParse` accepts every example (revived by the driver's
  EJSON) and rejects the broken ones;
- Pydantic: `TypeAdapter(...).validate_python` accepts every example as pymongo's `json_util`
  reads it and rejects the broken ones;
- Rust: one crate compiles every template's structs against the `bson` crate; every example
  deserialises through `bson` and serialises back to the same document;
- Java: javac compiles every template's classes against Debian's MongoDB driver (bson.jar), and
  the driver's POJO codec decodes every example and encodes it back to the same document;
- Mermaid and DBML: mermaid's own erDiagram parser and @dbml/core read the diagrams, with copies
  and references still told apart.

The broken documents are the ones the `$jsonSchema` checks use (test_exports.broken_variants),
built from each collection's validator. Each target must reject the kinds it can express
(REJECTS); e.g. Rust and Java types carry no enum or array cap (their comments state them).
A check whose tool is missing is skipped with the reason (scripts/setup.sh installs them all).
"""

import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest
from bson import json_util
from bson.json_util import JSONOptions, JSONMode
from pydantic import TypeAdapter

from conftest import ROOT, TEMPLATES
from test_exports import broken_variants

CANONICAL = JSONOptions(json_mode=JSONMode.CANONICAL)
CODE = ROOT / "tests" / "output" / "codegen"
NODE_CHECK = ROOT / "tests" / "codegen" / "check.mjs"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
BSON_JAR = pathlib.Path("/usr/share/java/bson.jar")
ALL = {"required", "type", "enum", "cap"}
REJECTS = {
    "mongoose": ALL,
    "zod": ALL,
    "pydantic": ALL,
    "typescript": {"required", "type", "enum"},
    "rust": {"required", "type"},
    "java": {"type"},
}


def stem(template):
    return pathlib.Path(template).stem


# BiblioRed's catalogue with a discriminator value that has no variant ("podcast" in the enum),
# and with an open discriminator (no enum): the gallery's only polymorphic collection has a
# variant for every value, so these are the cases where the code needs a branch for the others.
DERIVED = ["others-values", "others-any"]
OTHER = "a document of a value with no variant"


def derived_models():
    folder = ROOT / "tests" / "output" / "codegen-models"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in DERIVED:
        model = json.loads((ROOT / "public" / "templates" / "bibliored.json").read_text())
        catalogo = next(e for e in model["entities"] if e["id"] == "material")
        tipo = next(f for f in catalogo["fields"] if f["name"] == "tipo")
        if name == "others-values":
            tipo["constraints"]["enum"].append("podcast")
        else:
            del tipo["constraints"]["enum"]
        path = folder / f"{name}.json"
        path.write_text(json.dumps(model))
        paths.append(path)
    return paths


def cases(run, template):
    """Every example (expected accepted) and every broken document (expected rejected)."""
    out = []
    examples = json_util.loads(run("export", template, "--what", "ejson-canonical"), json_options=CANONICAL)
    for collection, docs in examples.items():
        options = json.loads(run("export", template, "--what", "schema", "--collection", collection))
        schema = options[collection]["validator"]["$jsonSchema"]
        for i, doc in enumerate(docs):
            out.append({"collection": collection, "doc": doc, "expect": "accept", "kind": None, "what": f"example {i}"})
            for kind, what, broken in broken_variants(schema, doc):
                out.append({"collection": collection, "doc": broken, "expect": "reject", "kind": kind, "what": what})
    return out


def write_cases(folder, items):
    rows = [{**{k: v for k, v in c.items() if k != "doc"}, "doc": json_util.dumps(c["doc"], json_options=CANONICAL)} for c in items]
    (folder / "cases.json").write_text(json.dumps(rows))


@pytest.fixture(scope="session")
def generated(run):
    """Every template's generated files and cases, under tests/output/codegen/<template>/."""
    shutil.rmtree(CODE, ignore_errors=True)
    out = {}
    for template in TEMPLATES + derived_models():
        folder = CODE / stem(template)
        folder.mkdir(parents=True)
        files = {
            "mongoose": "model.mjs",
            "typescript": "types.ts",
            "zod": "zod.ts",
            "pydantic": "models.py",
            "rust": "documents.rs",
            "java": "Documents.java",
            "mermaid": "diagram.mmd",
            "dbml": "diagram.dbml",
        }
        for target, name in files.items():
            (folder / name).write_text(run("export", template, "--what", target))
        items = cases(run, template)
        if stem(template) in DERIVED:
            # A catalogue document of a value with no variant: the common fields only.
            doc = dict(next(c["doc"] for c in items if c["collection"] == "catalogo" and c["expect"] == "accept"))
            for variant_field in ["isbn", "paginas", "issn", "numero", "duracion_min", "narrador"]:
                doc.pop(variant_field, None)
            doc["tipo"] = "podcast"
            items.append({"collection": "catalogo", "doc": doc, "expect": "accept", "kind": None, "what": OTHER})
        write_cases(folder, items)
        out[stem(template)] = {"folder": folder, "cases": items}
    return out


def node(what, *paths, options=()):
    """Runs one check of tests/codegen/check.mjs over many paths; its answer by path."""
    proc = subprocess.run(["node", str(NODE_CHECK), what, *options, *map(str, paths)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, f"node check {what}: {proc.stderr[-2000:]}"
    answers = json.loads(proc.stdout.strip().splitlines()[-1])
    return {pathlib.Path(k): v for k, v in answers.items()}


@pytest.fixture(scope="session")
def node_checks(generated, typescript):
    """Mongoose, zod, Mermaid and DBML checks of every template, one node process each."""
    folders = [e["folder"] for e in generated.values()]
    return {
        "mongoose": node("mongoose", *folders),
        "zod": node("zod", *folders),
        "mermaid": node("mermaid", *(f / "diagram.mmd" for f in folders)),
        "dbml": node("dbml", *(f / "diagram.dbml" for f in folders)),
    }


def judge(target, items, outcomes):
    """Fails with every example refused and every broken document accepted that should not be."""
    wrong = []
    for c, (ok, why) in zip(items, outcomes):
        if c["expect"] == "accept" and not ok:
            wrong.append(f"{c['collection']} {c['what']} refused: {why}")
        if c["expect"] == "reject" and ok and c["kind"] in REJECTS[target]:
            wrong.append(f"{c['collection']} broken ({c['what']}) accepted")
    assert len(outcomes) == len(items)
    assert not wrong, f"{target}: " + "\n".join(wrong[:20])


@pytest.fixture(scope="session")
def typescript(generated):
    """tsc over every template's types (with their typed cases) and zod schemas, once."""
    if not TSC.exists():
        pytest.skip("typescript is not installed (scripts/setup.sh test installs it)")
    files = []
    folders = [entry["folder"] for entry in generated.values()]
    node("ts-cases", *folders, options=[f"--kinds={','.join(sorted(REJECTS['typescript']))}"])
    for folder in folders:
        files += [folder / "types.ts", folder / "cases.ts", folder / "zod.ts"]
    proc = subprocess.run(
        [str(TSC), "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext",
         "--moduleResolution", "bundler", "--noUnusedLocals", "false", *map(str, files)],
        capture_output=True, text=True, cwd=ROOT,
    )
    return proc.stdout + proc.stderr


def test_typescript_types_accept_examples_and_refuse_broken(template, generated, typescript):
    folder = generated[stem(template)]["folder"]
    errors = [line for line in typescript.splitlines() if str(folder.relative_to(ROOT)) in line or str(folder) in line]
    assert not errors, "\n".join(errors[:20])
    # Every broken document of a kind TypeScript expresses sits under @ts-expect-error: tsc fails
    # on an unused one, so passing means each was refused.
    lines = (folder / "cases.ts").read_text().splitlines()
    written = [c for c in generated[stem(template)]["cases"] if c["expect"] == "accept" or c["kind"] in REJECTS["typescript"]]
    assert sum(line.startswith("export const case") for line in lines) == len(written)
    assert sum(line.startswith("// @ts-expect-error") for line in lines) == sum(c["expect"] == "reject" for c in written)


def test_zod_accepts_examples_and_refuses_broken(template, generated, typescript, node_checks):
    entry = generated[stem(template)]
    assert (entry["folder"] / "zod.js").exists(), f"tsc did not compile the zod module:\n{typescript[-2000:]}"
    answer = node_checks["zod"][entry["folder"]]
    assert "error" not in answer, answer.get("error")
    results = answer["results"]
    judge("zod", entry["cases"], [(r["ok"], r.get("error")) for r in results])


def test_mongoose_accepts_examples_and_refuses_broken(template, generated, node_checks):
    entry = generated[stem(template)]
    answer = node_checks["mongoose"][entry["folder"]]
    assert "error" not in answer, answer.get("error")
    results = answer["results"]
    judge("mongoose", entry["cases"], [(r["ok"], r.get("error")) for r in results])


def test_pydantic_accepts_examples_and_refuses_broken(template, generated):
    entry = generated[stem(template)]
    name = f"docshape_models_{stem(template).replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(name, entry["folder"] / "models.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    outcomes = []
    for c in entry["cases"]:
        try:
            TypeAdapter(module.COLLECTIONS[c["collection"]]).validate_python(c["doc"])
            outcomes.append((True, None))
        except Exception as e:  # a ValidationError, or a KeyError for a missing collection
            outcomes.append((False, str(e)[:300]))
    judge("pydantic", entry["cases"], outcomes)


RUST_CRATE = ROOT / "tests" / "codegen" / "rust"
RUST_MAIN = """
use serde::{de::DeserializeOwned, Serialize};

fn round_trip<T: Serialize + DeserializeOwned>(doc: bson::Document) -> String {
    let value: T = match bson::deserialize_from_document(doc.clone()) {
        Ok(v) => v,
        Err(e) => return format!("rejected {e}").replace('\\n', " "),
    };
    match bson::serialize_to_document(&value) {
        Ok(back) if back == doc => "same".to_string(),
        Ok(back) => format!("different {back}").replace('\\n', " "),
        Err(e) => format!("unwritable {e}").replace('\\n', " "),
    }
}

fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).expect("cases file")).expect("cases");
    let cases: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
    for case in cases {
        let module = case["module"].as_str().unwrap_or_default();
        let collection = case["collection"].as_str().unwrap_or_default();
        let json: serde_json::Value = serde_json::from_str(case["doc"].as_str().unwrap_or_default()).expect("doc");
        let doc = match bson::Bson::try_from(json) {
            Ok(bson::Bson::Document(d)) => d,
            other => panic!("not a document: {other:?}"),
        };
        let outcome = match module {
            CASES
            _ => "rejected no type for the collection".to_string(),
        };
        println!("{outcome}");
    }
}
"""


@pytest.fixture(scope="session")
def rust(generated, tmp_path_factory):
    """One crate with every template's module; its verdict on every case, by template."""
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not installed")
    crate = tmp_path_factory.mktemp("rust-check")
    shutil.copy(RUST_CRATE / "Cargo.toml", crate)
    shutil.copy(RUST_CRATE / "Cargo.lock", crate)
    (crate / "src").mkdir()
    arms, rows, mods = [], [], []
    for i, (name, entry) in enumerate(generated.items()):
        code = (entry["folder"] / "documents.rs").read_text()
        (crate / "src" / f"t{i}.rs").write_text(code)
        mods.append(f"mod t{i};")
        types = re.findall(r"^impl (\w+) \{", code, re.M)
        checks = " ".join(f"c if c == t{i}::{t}::COLLECTION => round_trip::<t{i}::{t}>(doc)," for t in types)
        arms.append(f'"t{i}" => match collection {{ {checks} _ => "rejected no type".to_string() }},')
        rows += [{"module": f"t{i}", "collection": c["collection"], "doc": json_util.dumps(c["doc"], json_options=CANONICAL)} for c in entry["cases"]]
    (crate / "src" / "main.rs").write_text("\n".join(mods) + RUST_MAIN.replace("CASES", "\n            ".join(arms)))
    (crate / "cases.json").write_text(json.dumps(rows))
    env = {**os.environ, "CARGO_TARGET_DIR": str(ROOT / "target" / "codegen-check")}
    proc = subprocess.run(["cargo", "run", "--quiet", "--locked", "--", str(crate / "cases.json")],
                          cwd=crate, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, f"the generated Rust does not compile or run:\n{proc.stderr[-4000:]}"
    lines = iter(proc.stdout.splitlines())
    return {name: [next(lines) for _ in entry["cases"]] for name, entry in generated.items()}


def test_rust_round_trips_examples_and_refuses_broken(template, generated, rust):
    entry = generated[stem(template)]
    verdicts = rust[stem(template)]
    different = [f"{c['collection']} {c['what']}: {v}" for c, v in zip(entry["cases"], verdicts)
                 if c["expect"] == "accept" and v.startswith("different")]
    assert not different, "not the same document back:\n" + "\n".join(different[:10])
    judge("rust", entry["cases"], [(v == "same", v) for v in verdicts])


@pytest.fixture(scope="session")
def java(generated, tmp_path_factory):
    """javac over every template's classes and Check.java, then one run; verdicts by template."""
    if shutil.which("javac") is None or not BSON_JAR.exists():
        pytest.skip("javac or Debian's libmongodb-java (/usr/share/java/bson.jar) is missing")
    work = tmp_path_factory.mktemp("java-check")
    sources, outers, rows = [ROOT / "tests" / "codegen" / "java" / "Check.java"], [], []
    for i, (name, entry) in enumerate(generated.items()):
        code = (entry["folder"] / "Documents.java").read_text()
        outer = re.search(r"^public final class (\w+) \{", code, re.M).group(1)
        (work / f"t{i}").mkdir()
        source = work / f"t{i}" / f"{outer}.java"
        source.write_text(f"package t{i};\n{code}")
        sources.append(source)
        outers.append(f"t{i}.{outer}")
        rows += [{"outer": f"t{i}.{outer}", "collection": c["collection"], "doc": c["doc"]} for c in entry["cases"]]
    (work / "cases.json").write_text(json_util.dumps({"cases": rows}, json_options=CANONICAL))
    classes = work / "classes"
    proc = subprocess.run(["javac", "-nowarn", "-cp", str(BSON_JAR), "-d", str(classes), *map(str, sources)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"the generated Java does not compile:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    proc = subprocess.run(["java", "-cp", f"{BSON_JAR}:{classes}", "Check", str(work / "cases.json"), *outers],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = iter(proc.stdout.splitlines())
    return {name: [next(lines) for _ in entry["cases"]] for name, entry in generated.items()}


def test_java_round_trips_examples_and_refuses_broken(template, generated, java):
    entry = generated[stem(template)]
    verdicts = java[stem(template)]
    different = [f"{c['collection']} {c['what']}: {v}" for c, v in zip(entry["cases"], verdicts)
                 if c["expect"] == "accept" and v.startswith("different")]
    assert not different, "not the same document back:\n" + "\n".join(different[:10])
    judge("java", entry["cases"], [(v == "same", v) for v in verdicts])


def test_mermaid_parses_with_copies_and_references_apart(template, generated, node_checks):
    path = generated[stem(template)]["folder"] / "diagram.mmd"
    text = path.read_text()
    parsed = node_checks["mermaid"][path]
    assert "error" not in parsed, parsed.get("error")
    model = json.loads(pathlib.Path(template).read_text())
    assert len(parsed["entities"]) == len(model["entities"])
    solid = len(re.findall(r"^\s+\w+ \S\S--\S\S \w+ :", text, re.M))
    dashed = len(re.findall(r"^\s+\w+ \S\S\.\.\S\S \w+ :", text, re.M))
    assert parsed["relations"].count("IDENTIFYING") == solid
    assert parsed["relations"].count("NON_IDENTIFYING") == dashed
    assert solid + dashed >= len(model.get("relations", []))


def test_dbml_parses_with_copies_and_references_apart(template, generated, run, node_checks):
    path = generated[stem(template)]["folder"] / "diagram.dbml"
    parsed = node_checks["dbml"][path]
    assert "error" not in parsed, parsed.get("error")
    collections = list(json_util.loads(run("export", template, "--what", "ejson")).keys())
    names = [t["name"] for t in parsed["tables"]]
    assert names[: len(collections)] == collections
    for ref in parsed["refs"]:
        kind = ref["name"].split("_")[0]
        assert kind in ("copy", "reference"), ref
        assert ref["color"] == ("#2f6fde" if kind == "copy" else "#8a8f98"), ref


@pytest.mark.parametrize("name", DERIVED)
def test_variants_and_the_other_values(name, generated, typescript, node_checks, rust, java):
    entry = generated[name]
    errors = [line for line in typescript.splitlines() if str(entry["folder"].relative_to(ROOT)) in line]
    assert not errors, "\n".join(errors[:20])
    for target in ["mongoose", "zod"]:
        answer = node_checks[target][entry["folder"]]
        assert "error" not in answer, answer.get("error")
        judge(target, entry["cases"], [(r["ok"], r.get("error")) for r in answer["results"]])
    for target, verdicts in [("rust", rust[name]), ("java", java[name])]:
        pairs = list(zip(entry["cases"], verdicts))
        if name == "others-any" and target == "rust":
            # Known and stated in the generated code: with an open discriminator, Rust reads any
            # other value as a unit variant, whose fields are not kept.
            other = [v for c, v in pairs if c["what"] == OTHER]
            assert other and all(v != "same" for v in other), (target, other)
            pairs = [(c, v) for c, v in pairs if c["what"] != OTHER]
        judge(target, [c for c, _ in pairs], [(v == "same", v) for _, v in pairs])
    module_name = f"docshape_models_{name.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(module_name, entry["folder"] / "models.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    outcomes = []
    for c in entry["cases"]:
        try:
            TypeAdapter(module.COLLECTIONS[c["collection"]]).validate_python(c["doc"])
            outcomes.append((True, None))
        except Exception as e:
            outcomes.append((False, str(e)[:300]))
    judge("pydantic", entry["cases"], outcomes)
