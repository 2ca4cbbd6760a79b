#!/usr/bin/env bash
# Prints the release bundle's size, raw and gzip (run after `trunk build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."
total_raw=0; total_gz=0
for f in dist/*.wasm dist/*.js; do
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
  printf '  %-40s %8d bytes raw  %8d bytes gzip\n' "$(basename "$f")" "$raw" "$gz"
done
printf '  %-40s %8d bytes raw  %8d bytes gzip (%d KiB)\n' "bundle (wasm + js)" "$total_raw" "$total_gz" $((total_gz / 1024))
