"""Shared fixtures: the docshape binary, the templates, and helpers to run the CLI.

The binary is `$DOCSHAPE_BIN` when set, else `target/debug/docshape`, built with
`cargo build --bin docshape` once per session when it is missing.
"""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "public" / "templates").glob("*.json"))
OUTPUT = ROOT / "tests" / "output"


def pytest_generate_tests(metafunc):
    if "template" in metafunc.fixturenames:
        metafunc.parametrize("template", TEMPLATES, ids=[t.stem for t in TEMPLATES])


@pytest.fixture(scope="session")
def docshape_bin():
    env_bin = os.environ.get("DOCSHAPE_BIN")
    if env_bin:
        return env_bin
    binary = ROOT / "target" / "debug" / "docshape"
    subprocess.run(["cargo", "build", "--quiet", "--bin", "docshape"], cwd=ROOT, check=True)
    assert binary.exists(), f"cargo did not produce {binary}"
    return str(binary)


@pytest.fixture(scope="session")
def run(docshape_bin):
    """Runs docshape with arguments; returns stdout (text). Fails the test on a non-zero exit."""

    def _run(*args, ok_codes=(0,)):
        proc = subprocess.run([docshape_bin, *map(str, args)], capture_output=True, text=True)
        assert proc.returncode in ok_codes, f"docshape {' '.join(map(str, args))} exited {proc.returncode}: {proc.stderr}"
        return proc.stdout

    return _run


@pytest.fixture(scope="session")
def output_dir():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT


def load_json(text):
    return json.loads(text)
