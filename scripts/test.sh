#!/usr/bin/env bash
# Every test, at three depths: native core tests, a release build with wasm-opt, and browser
# tests in headless Chromium (wasm-bindgen-test and Playwright specs), plus the exporters'
# checks against MongoDB's own bson library and a real JSON Schema validator.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "native tests (model, advisor, exporters, importer, CLI)"
cargo test --locked

step "release build (cargo + wasm-bindgen + wasm-opt, content-hashed: scripts/build.mjs)"
node scripts/build.mjs
scripts/size.sh

step "wasm-bindgen-test in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver cargo test --locked --target wasm32-unknown-unknown --test browser

if [ -d tests/python ]; then
  step "exports checked with MongoDB's bson library and a JSON Schema validator"
  cargo build --locked --bin docshape
  DOCSHAPE_BIN="$PWD/target/debug/docshape" .venv/bin/python -m pytest -q tests/python
fi

step "Playwright specs against the served app"
node tests/e2e/run.mjs
