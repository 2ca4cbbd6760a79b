#!/usr/bin/env bash
# Prints the release bundle's size, raw, gzip and Brotli (run after `node scripts/build.mjs`,
# which writes the Brotli copies, `<file>.br`): the app the page loads (docshape-web and the
# start-up script: the budget), the Web Worker it fetches after the first paint or when the
# export or import dialog opens (docshape-worker*), the room worker of "Edit together"
# (docshape-collab*, fetched only when a room starts or a room link opens), and the service
# worker (sw.js, registered after the first paint). The page's chunks (split_*.wasm, the code
# behind a split point such as the Comments panel, and chunk_*.wasm, code some of them share)
# are fetched when first used.
set -euo pipefail
cd "$(dirname "$0")/.."
declare -A raw_of=() gz_of=() br_of=()
for f in dist/*.wasm dist/*.js; do
  name=$(basename "$f")
  part=app
  [[ $name == docshape-worker* ]] && part=worker
  [[ $name == docshape-collab* ]] && part=collab
  [[ $name == sw.js ]] && part=sw
  [[ $name == split_* || $name == chunk_* ]] && part=chunks
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  # Below 1 KiB the build writes no Brotli copy; a host sends such a file as it is.
  if [[ -f $f.br ]]; then br=$(stat -c %s "$f.br"); else br=$raw; fi
  raw_of[$part]=$(( ${raw_of[$part]:-0} + raw )); gz_of[$part]=$(( ${gz_of[$part]:-0} + gz ))
  br_of[$part]=$(( ${br_of[$part]:-0} + br ))
  printf '  %-40s %8d bytes raw  %8d bytes gzip  %8d bytes br\n' "$name" "$raw" "$gz" "$br"
done
line() { printf '  %-40s %8d bytes raw  %8d bytes gzip (%d KiB)  %8d bytes br (%d KiB)\n' "$1" "$2" "$3" $(($3 / 1024)) "$4" $(($4 / 1024)); }
total() { echo $(( ${1:-0} + ${2:-0} )); }
line "app at page load (wasm + js)" "${raw_of[app]:-0}" "${gz_of[app]:-0}" "${br_of[app]:-0}"
line "worker, after paint (wasm + js)" "${raw_of[worker]:-0}" "${gz_of[worker]:-0}" "${br_of[worker]:-0}"
line "room worker, when a room opens" "${raw_of[collab]:-0}" "${gz_of[collab]:-0}" "${br_of[collab]:-0}"
line "page chunks, when first used" "${raw_of[chunks]:-0}" "${gz_of[chunks]:-0}" "${br_of[chunks]:-0}"
line "service worker, after paint" "${raw_of[sw]:-0}" "${gz_of[sw]:-0}" "${br_of[sw]:-0}"
line "both modules" "$(total "${raw_of[app]:-}" "${raw_of[worker]:-}")" "$(total "${gz_of[app]:-}" "${gz_of[worker]:-}")" \
  "$(total "${br_of[app]:-}" "${br_of[worker]:-}")"
