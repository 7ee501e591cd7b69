#!/usr/bin/env bash
# Expanded lines per tool: `rustc -Zunpretty=expanded` of the generated crates.
#
#   bench/buildtime/expand.sh OUT_DIR N_SMALL N_LARGE      # e.g. /tmp/tsbench 10 300
#
# For each of toolshape, rmcp, plain (the toolshape crate without the tool macros: same
# functions, types and derives) and text (text-format tools, `ToolText` derived) prints the expanded line count at both N and the
# lines per tool, (lines(N_LARGE) - lines(N_SMALL)) / (N_LARGE - N_SMALL). Expects
# gen.py to have written the crates (run.sh does). Also keeps OUT_DIR/n<N>/<crate>.expanded.rs.
set -euo pipefail
OUT=$1; SMALL=$2; LARGE=$3
echo "| crate | lines at N=$SMALL | lines at N=$LARGE | lines per tool | of which serde/schemars impls |"
echo "| --- | ---: | ---: | ---: | ---: |"
for crate in toolshape rmcp plain text; do
  declare -A lines derive
  for n in "$SMALL" "$LARGE"; do
    file="$OUT/n$n/$crate.expanded.rs"
    (cd "$OUT/n$n/$crate" && RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$OUT/target-expand-$([ "$crate" = rmcp ] && echo rmcp || echo toolshape)" \
      cargo rustc -q --lib -- -Zunpretty=expanded > "$file")
    lines[$n]=$(wc -l < "$file")
    # Lines inside `const _: () = { ... }` blocks, where serde and schemars put their impls.
    derive[$n]=$(awk '/^const _: \(\) =/ {inside=1} inside {count++} inside && /^    \};$/ {inside=0} END {print count+0}' "$file")
  done
  per=$(( (lines[$LARGE] - lines[$SMALL]) / (LARGE - SMALL) ))
  dper=$(( (derive[$LARGE] - derive[$SMALL]) / (LARGE - SMALL) ))
  echo "| $crate | ${lines[$SMALL]} | ${lines[$LARGE]} | $per | $dper |"
done
