#!/usr/bin/env bash
# Coverage-guided fuzzing of model loading, share-link decoding, the importers' parsers, the
# mongodump reader (BSON files and archives) and the workload reader (mongod's log),
# for a fixed budget per target (default 60 s): `make fuzz` or `scripts/fuzz.sh SECONDS`.
# Installs cargo-afl (stable Rust, AFL++ built from the crate's own sources) once. Prints, per
# target, the executions and the crashes; every crash is copied into
# tests/fuzz_support/regressions/<target>/, where `make test` replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SECONDS_EACH=${1:-60}
AFL_VERSION=0.18.2
say() { printf '\033[1mfuzz:\033[0m %s\n' "$*"; }

if ! cargo afl --version 2>/dev/null | grep -q "$AFL_VERSION"; then
  say "installing cargo-afl $AFL_VERSION (once)"
  cargo install cargo-afl --version "$AFL_VERSION" --locked
fi
# AFL++ itself, built once by cargo-afl into its own data folder (no download).
if ! cargo afl config --help >/dev/null 2>&1 || ! ls "${XDG_DATA_HOME:-$HOME/.local/share}"/afl.rs/rustc-*/afl.rs-*/afl/bin/afl-fuzz >/dev/null 2>&1; then
  say "building AFL++ (once)"
  cargo afl config --build --force
fi

say "building the targets"
(cd fuzz && cargo afl build --release --quiet)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# afl-fuzz makes its own output folder, not the folders above it.
mkdir -p "$work/seeds/model" "$work/seeds/link" "$work/seeds/import" "$work/seeds/bson" "$work/seeds/workload" "$work/out"
cp tests/fuzz_support/seeds/bson/* "$work/seeds/bson/"
cp tests/fuzz_support/seeds/workload/* "$work/seeds/workload/"
cp public/templates/*.json "$work/seeds/model/"
cargo run --quiet --release --bin docshape -- share public/templates/anti-live-copy.json > "$work/seeds/link/anti-live-copy.txt"
cargo run --quiet --release --bin docshape -- share public/templates/anti-tiny-documents.json > "$work/seeds/link/anti-tiny-documents.txt"
for f in tests/fixtures/samples/*; do
  # Small seeds fuzz faster; the big fixtures add nothing the small ones lack.
  [ "$(stat -c %s "$f")" -le 16384 ] && cp "$f" "$work/seeds/import/"
done

export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_QUIET=1
printf '\n%-8s %12s %10s %8s %8s %8s\n' target executions per_second paths crashes hangs
status=0
for target in model link import bson workload; do
  out="$work/out/$target"
  timeout $((SECONDS_EACH + 60)) cargo afl fuzz -V "$SECONDS_EACH" -i "$work/seeds/$target" -o "$out" \
    "fuzz/target/release/$target" >"$work/$target.log" 2>&1 || true
  stats="$out/default/fuzzer_stats"
  if [ ! -f "$stats" ]; then
    say "$target: the fuzzer did not start; its log:"
    tail -20 "$work/$target.log"
    status=1
    continue
  fi
  get() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
  crashes=$(get saved_crashes)
  printf '%-8s %12s %10s %8s %8s %8s\n' "$target" "$(get execs_done)" "$(get execs_per_sec)" "$(get corpus_count)" "${crashes:-0}" "$(get saved_hangs)"
  for c in "$out"/default/crashes/id:*; do
    [ -f "$c" ] || continue
    dest="tests/fuzz_support/regressions/$target/crash-$(sha1sum "$c" | cut -c1-12)"
    cp "$c" "$dest"
    say "new crash kept as $dest: commit it with the fix"
    status=1
  done
done
exit $status
