#!/usr/bin/env bash
# The README's two commands as a newcomer meets them: a fresh clone of main (or of REF), an
# empty cargo registry (CARGO_HOME) and target. Times and CPU: the tour; cargo test from the
# built tour; cargo test once built (twice). The machine's installs (redis, haproxy, the interop venv,
# node_modules) are reused: .ci/run installs them before the tests.
#
#   bench/newcomer.sh [OUT_DIR [REF]]   # default /tmp/newcomer, HEAD; about 7 minutes on 2 cores
set -u
SRC=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-/tmp/newcomer}
mkdir -p "$OUT"; rm -rf "$OUT/repo" "$OUT/cargo" "$OUT/times"
git clone -q "$SRC" "$OUT/repo"
cd "$OUT/repo"
git checkout -q "${2:-HEAD}"
for d in tests/oauth tests/toon tests/apps; do [ -d "$SRC/$d/node_modules" ] && ln -s "$SRC/$d/node_modules" "$d/node_modules"; done
export CARGO_HOME=$OUT/cargo TOOLSHAPE_INTEROP_CACHE=${TOOLSHAPE_INTEROP_CACHE:-$SRC/.ci/cache} PATH=$PATH:/usr/sbin
mkdir -p "$CARGO_HOME"
t() { local name=$1; shift; local s=$(date +%s.%N); local l=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%U %S' -o "$OUT/$name.cpu" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"; local rc=$?
  local e=$(date +%s.%N); read -r user sys < "$OUT/$name.cpu"
  printf '%s rc=%s %.1f s, CPU user %s s sys %s s (load before %s, after %s)\n' "$name" $rc $(echo "$e - $s" | bc) "$user" "$sys" "$l" "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$OUT/times"; }
t tour cargo run -p toolshape-examples --no-default-features --bin tour
t test-from-tour cargo test --workspace
t test-built-1 cargo test --workspace
t test-built-2 cargo test --workspace
grep -h "test result" "$OUT"/test-built-2.out | awk '{p+=$4; f+=$6} END {print p" passed, "f" failed"}'
