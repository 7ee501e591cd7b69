#!/usr/bin/env bash
# Tool search side by side, in one run: toolshape's ranking (bench binary over SearchIndex)
# and FastMCP's BM25SearchTransform (pinned in requirements.txt) on bench/search's catalogue
# and requests; prints recall@1/@3/@5 and MRR for both, per split. Extra arguments go to
# compare.py (`--misses` lists the requests either ranks below first).
#
#   bench/search/compare.sh            # from the workspace root
# Uses $PYTHON if set; otherwise a virtualenv under target/search-venv with requirements.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
if [[ -z "${PYTHON:-}" ]]; then
  venv="$root/target/search-venv"
  if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q -r "$here/requirements.txt"
  fi
  PYTHON="$venv/bin/python"
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
# the ranking does not depend on optimisation: the workspace's debug build serves
cargo build -q --workspace --bin search_rank
"${CARGO_TARGET_DIR:-$root/target}/debug/search_rank" --json > "$out"
markdown="$(mktemp)"
trap 'rm -f "$out" "$markdown"' EXIT
"$PYTHON" "$here/compare.py" "$out" --markdown "$markdown" "$@"
# the second catalogue (public MCP servers' tools), a second held-out set
public="$(mktemp)"
trap 'rm -f "$out" "$markdown" "$public"' EXIT
"${CARGO_TARGET_DIR:-$root/target}/debug/search_rank" --set public --json > "$public"
"$PYTHON" "$here/compare.py" "$public" --public "$@"
# what a search's answer costs a model beside the same hits as JSON and in FastMCP's markdown
"${CARGO_TARGET_DIR:-$root/target}/debug/search_rank" --tokens "$markdown"
