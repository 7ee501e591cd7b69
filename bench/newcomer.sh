#!/usr/bin/env bash
# The README's two commands as a newcomer meets them: a fresh clone of main (or of REF), an
# empty cargo registry (CARGO_HOME) and target, no node_modules, no Python venv. Times and
# CPU of: the tour (downloads included); `cargo test --workspace` from the built tour; the
# same once built, twice. All of it first on the machine as a newcomer has it, redis-server,
# haproxy and chromium hidden (bound to /dev/null in a mount namespace, as .ci/fresh.sh
# does: the tests that need Redis are skipped and named), then once built with them present.
#
#   bench/newcomer.sh [OUT_DIR [REF]]   # default /tmp/newcomer, HEAD; as root (unshare -m)
set -u
SRC=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-/tmp/newcomer}
mkdir -p "$OUT"; rm -rf "$OUT/repo" "$OUT/cargo" "$OUT/times"
git clone -q "$SRC" "$OUT/repo"
cd "$OUT/repo"
git checkout -q "${2:-HEAD}"
export CARGO_HOME=$OUT/cargo
unset CI CARGO_TARGET_DIR TOOLSHAPE_INTEROP_CACHE
mkdir -p "$CARGO_HOME"
HIDE=""
for program in redis-server haproxy chromium; do
    for dir in /usr/bin /usr/sbin /usr/local/bin /usr/local/sbin; do
        [ -e "$dir/$program" ] && HIDE="$HIDE $dir/$program"
    done
done
export HIDE
# t NAME hidden|present COMMAND...: times COMMAND, with the services hidden or not.
t() { local name=$1 services=$2; shift 2; local s=$(date +%s.%N); local l=$(cut -d' ' -f1 /proc/loadavg)
  if [ "$services" = hidden ]; then
    /usr/bin/time -f '%U %S' -o "$OUT/$name.cpu" unshare -m bash -c \
      'for p in $HIDE; do mount --bind /dev/null "$p"; done; exec "$@"' bash "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
  else
    /usr/bin/time -f '%U %S' -o "$OUT/$name.cpu" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
  fi
  local rc=$?
  local e=$(date +%s.%N); read -r user sys < "$OUT/$name.cpu"
  printf '%s (services %s) rc=%s %.1f s, CPU user %s s sys %s s (load before %s, after %s)\n' "$name" "$services" $rc $(echo "$e - $s" | bc) "$user" "$sys" "$l" "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$OUT/times"; }
t tour hidden cargo run -p toolshape-examples --no-default-features --bin tour
t test-from-tour hidden cargo test --workspace
t test-built-1 hidden cargo test --workspace
t test-built-2 hidden cargo test --workspace
t test-built-3 present cargo test --workspace
t test-built-4 present cargo test --workspace
for run in test-built-2 test-built-4; do
  printf '%s: ' "$run"; grep -h "^test result" "$OUT/$run.out" | awk '{p+=$4; f+=$6} END {printf "%s passed, %s failed", p, f}'
  grep -h "tests did not run" "$OUT/$run.out" | sed 's/^=* */; /; s/ =*$//'; echo
done
