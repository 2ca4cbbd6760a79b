#!/usr/bin/env bash
# Builds and serves the app on http://127.0.0.1:8080 (opens on the BiblioRed demo model), and
# the sync server for "Edit together" on ws://127.0.0.1:8787 (server/sync.mjs: Hocuspocus,
# loopback only, rooms saved in server/data). SYNC_PORT, SYNC_DATA and SYNC_REDIS are passed on.
# `scripts/serve.sh --watch` rebuilds on every change (see scripts/serve.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh serve
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
node server/sync.mjs &
sync_pid=$!
# The sync server stops with the app (Ctrl+C, or the app server failing).
trap 'kill "$sync_pid" 2>/dev/null || true' EXIT
echo "docshape: building (the first build takes a few minutes), then serving on http://127.0.0.1:8080"
node scripts/serve.mjs "$@"
