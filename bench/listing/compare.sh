#!/usr/bin/env bash
# The full listing against FastMCP (docs/benchmarks.md): the same 54 functions declared with
# toolshape and with FastMCP (PyPI fastmcp, pinned), o200k_base tokens of each `tools/list`
# result as sent, and where toolshape's tokens go.
#
#   bash bench/listing/compare.sh            # from the workspace root
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="${TOOLSHAPE_LISTING_VENV:-$ROOT/.ci/cache/listing-venv}"
if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check fastmcp==4.1.6
fi
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
PYTHONPATH="$HERE" "$VENV/bin/python" "$HERE/fastmcp_listing.py" >"$OUT/fastmcp.json"
cd "$ROOT"
cargo build --quiet --workspace --bins
"${CARGO_TARGET_DIR:-$ROOT/target}/debug/listing_vs_fastmcp" --fastmcp "$OUT/fastmcp.json" "$@"
