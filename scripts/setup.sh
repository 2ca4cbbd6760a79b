#!/usr/bin/env bash
# Installs what docshape needs on a fresh machine, idempotently: each step checks first and
# is silent when its tool is already there at the right version.
#
#   scripts/setup.sh serve   toolchain for building and serving the app
#   scripts/setup.sh test    the above, plus Chromium, the npm test packages and the Python checks
set -euo pipefail
cd "$(dirname "$0")/.."

export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

wasm_target() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown && return
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
}

wasm_bindgen_tool() {
  # Must equal the wasm-bindgen version in Cargo.lock exactly.
  local want
  want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
  # scripts/build.mjs runs wasm-bindgen; the tests run wasm-bindgen-test-runner.
  if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version | awk '{print $2}')" = "$want" ] \
    && command -v wasm-bindgen-test-runner >/dev/null; then return; fi
  say "installing wasm-bindgen-cli $want (about 3 minutes, once)"
  # Not --locked: its lockfile pins a crate version this registry lacks.
  cargo install wasm-bindgen-cli --version "$want" --force
}

wasm_split_tool() {
  # scripts/build.mjs runs wasm-split-cli on the page's wasm: the code behind a split point
  # (src/main.rs, src/ui/chunks.rs) becomes a chunk fetched when first used. The library cargo-leptos
  # uses for `--split`, with its command line; stable Rust, no nightly.
  local want=0.2.4
  if command -v wasm-split-cli >/dev/null && [ -f "$HOME/.cargo/.wasm-split-cli-$want" ]; then return; fi
  say "installing wasm-split-cli $want (about 2 minutes, once)"
  cargo install wasm_split_cli_support --version "$want" --features build-binary --locked --force
  touch "$HOME/.cargo/.wasm-split-cli-$want"
}

npm_packages() {
  if [ -d node_modules/playwright-core ] && [ -x node_modules/.bin/wasm-opt ] && [ -d node_modules/mongoose ] \
    && [ -d node_modules/@hocuspocus/server ] \
    && [ node_modules/.package-lock.json -nt package-lock.json ]; then return; fi
  say "installing npm packages (the sync server: @hocuspocus/server; playwright-core, binaryen; mongoose, typescript, zod, mongodb, mermaid and @dbml/core for the generated code's checks)"
  npm ci --no-audit --no-fund --loglevel=error
}

chromium_browser() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then return; fi
  say "installing Debian's chromium and chromium-driver"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
}

java_checks() {
  # javac and the MongoDB driver's bson.jar, for the check of the generated Java classes.
  if command -v javac >/dev/null && [ -f /usr/share/java/bson.jar ]; then return; fi
  say "installing Debian's default-jdk-headless and libmongodb-java (the Java check of the generated code)"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jdk-headless libmongodb-java >/dev/null
}

redis_server() {
  # The sync server's scale-out test runs two instances behind a Redis of its own.
  command -v redis-server >/dev/null && return
  say "installing Debian's redis-server (the sync server's scale-out test)"
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
}

python_checks() {
  local req=tests/python/requirements.txt
  [ -f "$req" ] || return 0
  if [ -x .venv/bin/python ] && [ .venv/.installed -nt "$req" ]; then return; fi
  say "creating .venv with pymongo, jsonschema, pydantic and pytest"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r "$req"
  touch .venv/.installed
}

case "${1:-test}" in
  serve) wasm_target; wasm_bindgen_tool; wasm_split_tool; npm_packages ;;
  test) wasm_target; wasm_bindgen_tool; wasm_split_tool; npm_packages; chromium_browser; java_checks; redis_server; python_checks ;;
  *) echo "usage: scripts/setup.sh serve|test" >&2; exit 2 ;;
esac
