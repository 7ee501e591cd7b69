#!/usr/bin/env bash
# Interop check with the MCP Inspector CLI against the stdio server of each named example.
#
# Usage: tests/interop/inspector.sh SERVER
#
# For each protocol era the Inspector speaks (legacy = initialize/2025-11-25, modern =
# 2026-07-28): `tools/list --strict` must exit 0 (6 would be an unportable schema: its report
# is printed), and `tools/call` of every fixture tool with the fixture's first `ok` argument
# set must exit 0 (the Inspector validates structuredContent against outputSchema itself:
# 1 = mismatch; 5 = the tool returned isError; 124 = no answer within 120 s). Prints one line per check and a final line
# `N passed, M failed`; exits 1 on any failure.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

server="${1:?usage: inspector.sh SERVER}"
ensure_node

scratch="$(mktemp -d "${TMPDIR:-/tmp}/interop-inspector.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
# The Inspector keeps a catalog and settings under $HOME: keep them out of the real one.
export HOME="$scratch/home" MCP_INSPECTOR_SECRET_STORE=memory
mkdir -p "$HOME"
server_cmd "$server" "$scratch"
fixture="$(fixture_of "$server")"

# A read-only session config names the server; this passes any server argument unparsed.
"$PYTHON_BOOTSTRAP" - "$scratch/servers.json" "${SERVER_CMD[@]}" <<'PY'
import json, sys
out, command, *args = sys.argv[1:]
json.dump({"mcpServers": {"server": {"command": command, "args": args,
                                      "env": {"RUST_LOG": "error"}}}}, open(out, "w"))
PY

passed=0 failed=0
check() { # check WHAT EXPECTED_EXIT LOGFILE -- COMMAND...
    local what="$1" want="$2" out="$3"; shift 4
    local rc=0
    "$@" >"$out" 2>"$out.err" </dev/null || rc=$?
    if [[ $rc -eq $want ]]; then
        passed=$((passed + 1)); echo "PASS $what"
    else
        failed=$((failed + 1)); echo "FAIL $what: exit $rc, expected $want"
        sed 's/^/    stdout: /' "$out" | head -40
        grep -v -e '^\[mcp-inspector\]' "$out.err" | sed 's/^/    stderr: /' | head -80
    fi
    return 0
}

inspector=(timeout 120 "$NODE" "$INSPECTOR" --cli --config "$scratch/servers.json" --server server)

# For each fixture tool, $scratch/args/NAME holds the --tool-arg words of its first ok case,
# NUL-separated; tools with no ok case are listed in $scratch/args/.none. A string that
# JSON.parse would read as another type ("42", "true") is passed JSON-quoted, other strings
# verbatim; numbers, booleans, null, arrays and objects as JSON (the Inspector JSON.parses
# each value and falls back to the raw string).
mkdir -p "$scratch/args"
"$PYTHON_BOOTSTRAP" - "$fixture" "$scratch/args" <<'PY'
import json, os, sys
fixture = json.load(open(sys.argv[1]))
none = []
for name, cases in sorted(fixture["tools"].items()):
    ok = [c for c in cases if c.get("expect", "ok") == "ok"]
    if not ok:
        none.append(name)
        continue
    words = []
    for key, value in ok[0].get("args", {}).items():
        if isinstance(value, str):
            try:
                json.loads(value)
                text = json.dumps(value)
            except ValueError:
                text = value
        else:
            text = json.dumps(value, separators=(",", ":"))
        words.append(f"{key}={text}")
    with open(os.path.join(sys.argv[2], name), "w") as out:
        out.write("".join(w + "\0" for w in words))
with open(os.path.join(sys.argv[2], ".none"), "w") as out:
    out.write("".join(n + "\n" for n in none))
PY

for era in legacy modern; do
    check "[$era] tools/list --strict exits 0" 0 "$scratch/list-$era" -- \
        "${inspector[@]}" --protocol-era "$era" --method tools/list --strict
    grep -h -e 'errors, .* warnings' "$scratch/list-$era.err" | sed "s/^/    [$era] portability: /" || true
    while IFS= read -r name; do
        echo "SKIP [$era] tools/call $name: its fixture has no ok case"
    done <"$scratch/args/.none"
    for file in "$scratch/args"/*; do
        name="$(basename "$file")"
        mapfile -d '' -t words <"$file"
        args=()
        for w in "${words[@]}"; do args+=(--tool-arg "$w"); done
        check "[$era] tools/call $name ${words[*]} exits 0" 0 "$scratch/call-$era-$name" -- \
            "${inspector[@]}" --protocol-era "$era" --method tools/call --tool-name "$name" "${args[@]}"
    done
done

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
