#!/usr/bin/env bash
# Builds and serves the app on http://127.0.0.1:8080 (opens on the BiblioRed demo model).
# `scripts/serve.sh --watch` rebuilds on every change (see scripts/serve.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
echo "docshape: building (the first build takes a few minutes), then serving on http://127.0.0.1:8080"
exec node scripts/serve.mjs "$@"
