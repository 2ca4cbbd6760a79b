#!/usr/bin/env bash
# What the page's wasm is made of, in KiB gzip (run after `node scripts/build.mjs`, which leaves
# the named build in target/): wasm-bindgen keeping the names, wasm-opt -Oz as the build runs it
# (-g keeps the names), then scripts/bundle-breakdown.py. For item-level detail:
#   twiggy top -n 50 target/breakdown/named.wasm
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
bin=${1:-docshape-web}
out=target/breakdown
mkdir -p "$out"
cargo build --offline --profile wasm-release --target wasm32-unknown-unknown --bin "$bin" --quiet
wasm-bindgen --keep-debug --target web --out-dir "$out" "target/wasm32-unknown-unknown/wasm-release/$bin.wasm"
wasm-opt -Oz --low-memory-unused -g "$out/${bin}_bg.wasm" -o "$out/named.wasm"
python3 scripts/bundle-breakdown.py "$out/named.wasm" src
