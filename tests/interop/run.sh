#!/usr/bin/env bash
# One entry point for the interop checks of the example servers.
#
# Usage: tests/interop/run.sh [SERVER ...]     (default: every server with a fixture)
#
# Builds the example binaries once, creates or reuses the cached installs (a venv with the
# Python MCP SDK; Node 22, the MCP Inspector and the conformance suite) under
# ${TOOLSHAPE_INTEROP_CACHE:-.ci/cache}, then runs for each server:
#   python     tests/interop/python_client.py   (Python mcp SDK, default and legacy modes)
#   inspector  tests/interop/inspector.sh       (MCP Inspector CLI)
#   conformance tests/interop/conformance.sh    (official conformance suite, HTTP)
# Prints each check's output, one PASS/FAIL line per server and check, and a final line
# `N passed, M failed` over those; exits 1 if any failed.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

started=$SECONDS
if [[ $# -gt 0 ]]; then
    servers=("$@")
else
    servers=()
    for f in "$INTEROP_DIR"/fixtures/*.json; do servers+=("$(basename "$f" .json)"); done
fi

t=$SECONDS
log "cargo build -p toolshape-examples --features full --bins"
cargo build --quiet -p toolshape-examples --bins </dev/null
log "build: $((SECONDS - t)) s"
t=$SECONDS
ensure_venv
ensure_node
log "client installs: $((SECONDS - t)) s (cache: $CACHE)"

passed=0 failed=0 summary=()
record() { # record OK WHAT
    if [[ $1 -eq 0 ]]; then passed=$((passed + 1)); summary+=("PASS $2")
    else failed=$((failed + 1)); summary+=("FAIL $2"); fi
}
for server in "${servers[@]}"; do
    if [[ ! -f "$(fixture_of "$server")" ]]; then
        echo "FAIL $server: no fixture tests/interop/fixtures/$server.json"
        record 1 "$server: fixture"
        continue
    fi
    server_started=$SECONDS
    scratch="$(mktemp -d "${TMPDIR:-/tmp}/interop-python.XXXXXX")"
    rc=0
    if server_cmd "$server" "$scratch"; then
        echo "=== $server: Python mcp SDK client"
        timeout 600 "$VENV/bin/python" "$INTEROP_DIR/python_client.py" "$(fixture_of "$server")" -- "${SERVER_CMD[@]}" </dev/null || rc=$?
    else
        rc=1
    fi
    rm -rf "$scratch"
    record $rc "$server: python_client.py (Python mcp SDK, default + legacy)"

    echo "=== $server: MCP Inspector CLI"
    rc=0; bash "$INTEROP_DIR/inspector.sh" "$server" </dev/null || rc=$?
    record $rc "$server: inspector.sh (MCP Inspector CLI)"

    echo "=== $server: conformance suite"
    rc=0; bash "$INTEROP_DIR/conformance.sh" "$server" </dev/null || rc=$?
    record $rc "$server: conformance.sh (official conformance suite)"
    log "$server: $((SECONDS - server_started)) s"
done

echo "=== interop summary ($((SECONDS - started)) s)"
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
