#!/usr/bin/env bash
# Prints the release bundle's size, raw and gzip (run after `trunk build --release`): the app
# the page loads (docshape-web: the budget) and the Web Worker it fetches only when the export
# or import dialog opens (docshape-worker*).
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A raw_of=() gz_of=()
for f in dist/*.wasm dist/*.js; do
  name=$(basename "$f")
  part=app; [[ $name == docshape-worker* ]] && part=worker
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  raw_of[$part]=$(( ${raw_of[$part]:-0} + raw )); gz_of[$part]=$(( ${gz_of[$part]:-0} + gz ))
  printf '  %-40s %8d bytes raw  %8d bytes gzip\n' "$name" "$raw" "$gz"
done
line() { printf '  %-40s %8d bytes raw  %8d bytes gzip (%d KiB)\n' "$1" "$2" "$3" $(($3 / 1024)); }
line "app at page load (wasm + js)" "${raw_of[app]:-0}" "${gz_of[app]:-0}"
line "worker, on demand (wasm + js)" "${raw_of[worker]:-0}" "${gz_of[worker]:-0}"
line "both" $(( ${raw_of[app]:-0} + ${raw_of[worker]:-0} )) $(( ${gz_of[app]:-0} + ${gz_of[worker]:-0} ))
