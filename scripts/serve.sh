#!/usr/bin/env bash
# Builds and serves the app on http://127.0.0.1:8080 (opens on the BiblioRed demo model).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
echo "docshape: serving on http://127.0.0.1:8080 (first build takes a few minutes)"
exec trunk serve --offline --release --address 127.0.0.1 --port 8080
