#!/usr/bin/env bash
# Build-time benchmark: toolshape json tools vs rmcp `#[tool]` + `Json<T>`, side by side.
#
#   bench/buildtime/run.sh OUT_DIR RUNS N [N ...]     # e.g. /tmp/tsbench 5 10 100 300
#
# Generates the crates (gen.py), builds their dependencies once, then RUNS times, for each
# N, the two crates one after the other (the order alternating run by run):
#   a  `cargo clean -p <crate>` then `cargo build`   (clean build, dependencies built)
#   b  edit `tool_0`'s body, `cargo build`           (incremental rebuild)
#   c  edit `tool_0`'s body again, `cargo check`     (what an IDE waits for)
# and then RUNS times, alternating, the proc-macro crates' own clean builds with their
# dependencies (d): a scratch crate depending only on toolshape-macros (by path) or on
# rmcp-macros, `cargo clean` of its own target dir, then `cargo build`.
# Appends `n,crate,metric,run,seconds,load1,cpu` lines to OUT_DIR/results.csv (cpu = user +
# system seconds of the command and its children: much less sensitive to a busy machine);
# summarize.py turns them into the tables of docs/benchmarks.md.
#
# Environment: CRATES (default "toolshape rmcp") may add crates already placed at
# OUT_DIR/n<N>/<name> with package name <name>_tools_<N> (e.g. a variant of toolshape);
# PREPARE_ONLY=1 builds the dependencies (untimed) and stops; PHASES="abc d"
# (default both) picks the phases; DEADLINE (epoch seconds) starts no run after it.
set -euo pipefail
OUT=$1; RUNS=$2; shift 2
PHASES=${PHASES:-abc d}
read -r -a CRATES <<< "${CRATES:-toolshape rmcp}"
# The crates in rotating order: run 1 in the order given, run 2 from the second on, ...
order_for() { local k=$(( ($1 - 1) % ${#CRATES[@]} )); echo "${CRATES[@]:k}" "${CRATES[@]:0:k}"; }
DEADLINE=${DEADLINE:-99999999999}
late() { [ "$(date +%s)" -ge "$DEADLINE" ]; }
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
python3 "$HERE/gen.py" "$OUT" "$@"
CSV="$OUT/results.csv"
[ -f "$CSV" ] || echo "n,crate,metric,run,seconds,load1,cpu" > "$CSV"
EDIT=0

load1() { cut -d' ' -f1 /proc/loadavg; }
# timed N CRATE METRIC RUN CMD...: runs CMD quietly, records its wall and CPU time.
timed() {
  local n=$1 crate=$2 metric=$3 run=$4; shift 4
  local load
  load=$(load1)
  /usr/bin/time -f "%e %U %S" -o "$OUT/last.time" "$@" >/dev/null 2>"$OUT/last.err" \
    || { cat "$OUT/last.err" >&2; exit 1; }
  local secs cpu
  read -r secs cpu < <(awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$OUT/last.time")
  echo "$n,$crate,$metric,$run,$secs,$load,$cpu" >> "$CSV"
  echo "N=$n $crate $metric run $run: ${secs}s wall, ${cpu}s cpu (load $load)"
}
edit() { EDIT=$((EDIT + 1)); sed -i "s|let _edit: u32 = [0-9]*; // EDIT|let _edit: u32 = $EDIT; // EDIT|" src/lib.rs; }
target() { echo "$OUT/target-$1"; }
package() { case $1 in toolshape) echo "ts_tools_$2";; *) echo "$1_tools_$2";; esac; }

# Warm up: dependencies built, for build and check.
for n in "$@"; do for crate in "${CRATES[@]}"; do
  (cd "$OUT/n$n/$crate" && CARGO_TARGET_DIR=$(target $crate) cargo build -q && CARGO_TARGET_DIR=$(target $crate) cargo check -q)
done; done

for run in $(seq 1 "$RUNS"); do
  [[ $PHASES == *abc* && -z ${PREPARE_ONLY:-} ]] || break
  late && { echo "deadline: stopping before run $run"; break; }
  order=$(order_for "$run")
  for n in "$@"; do for crate in $order; do
    cd "$OUT/n$n/$crate"
    export CARGO_TARGET_DIR; CARGO_TARGET_DIR=$(target $crate)
    cargo clean -q -p "$(package $crate "$n")"
    timed "$n" $crate a "$run" cargo build
    edit; timed "$n" $crate b "$run" cargo build
    edit; timed "$n" $crate c "$run" cargo check
  done; done
done

# (d) the proc-macro crates' own clean builds, with their dependencies.
mkdir -p "$OUT/macros/toolshape/src" "$OUT/macros/rmcp/src"
for crate in toolshape rmcp; do
  dir="$OUT/macros/$crate"
  echo "" > "$dir/src/lib.rs"
  case $crate in
    toolshape) dep="toolshape-macros = { path = \"$REPO/macros\" }";;
    rmcp) dep="rmcp-macros = \"=3.11.0\"";;
  esac
  printf '[package]\nname = "macros_%s"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n[dependencies]\n%s\n\n[workspace]\n' "$crate" "$dep" > "$dir/Cargo.toml"
  [ -f "$dir/Cargo.lock" ] || cp "$REPO/Cargo.lock" "$dir/Cargo.lock"
  (cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build -q)
done
for run in $(seq 1 "$RUNS"); do
  [[ $PHASES == *d* && -z ${PREPARE_ONLY:-} ]] || break
  late && { echo "deadline: stopping before run $run"; break; }
  if [ $((run % 2)) -eq 1 ]; then order="toolshape rmcp"; else order="rmcp toolshape"; fi
  for crate in $order; do
    cd "$OUT/macros/$crate"
    export CARGO_TARGET_DIR="$OUT/macros/$crate/target"
    cargo clean -q
    timed - $crate d "$run" cargo build
  done
done
