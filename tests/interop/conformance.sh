#!/usr/bin/env bash
# Interop check with the official MCP conformance suite, server mode, against the streamable
# HTTP endpoint of an example server.
#
# Usage: tests/interop/conformance.sh SERVER
#
# Starts SERVER with `--http 127.0.0.1:<free port>` and runs the suite's active server
# scenarios against http://127.0.0.1:<port>/mcp with conformance-expected-failures.yml as the
# baseline: the run passes when the only failing scenarios are the listed fixture scenarios
# and every listed one still fails (a passing listed scenario is a stale baseline). Prints one
# line per scenario and a final line `N passed, M failed` (scenarios; expected failures are
# counted apart); exits 1 otherwise.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

server="${1:?usage: conformance.sh SERVER}"
ensure_node

scratch="$(mktemp -d "${TMPDIR:-/tmp}/interop-conformance.XXXXXX")"
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT
export HOME="$scratch/home"
mkdir -p "$HOME"
server_cmd "$server" "$scratch"
baseline="$INTEROP_DIR/conformance-expected-failures.yml"

port="$(free_port)"
url="http://127.0.0.1:$port/mcp"
RUST_LOG="${RUST_LOG:-warn}" "${SERVER_CMD[@]}" --http "127.0.0.1:$port" </dev/null >"$scratch/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "FAIL $server did not start on $port:"; sed 's/^/    /' "$scratch/server.log"
        echo "0 passed, 1 failed"; exit 1
    fi
    sleep 0.1
done

rc=0
timeout 600 "$NODE" "$CONFORMANCE" server --url "$url" --expected-failures "$baseline" -o "$scratch/results" \
    </dev/null >"$scratch/out" 2>&1 || rc=$?

# Restate the suite's results (one checks.json per scenario) in this script's terms: its own
# closing "Total: N passed, M failed" counts checks, not scenarios. As in the suite's baseline
# logic, a scenario with a FAILURE or a WARNING check fails.
"$PYTHON_BOOTSTRAP" - "$scratch/results" "$baseline" "$rc" "$scratch/out" "$scratch/server.log" <<'PY'
import json, pathlib, re, sys
results, baseline_path, rc, out, server_log = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
strip = lambda text: re.sub(r"\x1b\[[0-9;]*m", "", text)
baseline = {m.group(1) for m in re.finditer(r"^\s*-\s*([\w.-]+)", open(baseline_path).read(), re.M)}
scenarios = {}
for checks in sorted(pathlib.Path(results).glob("*/checks.json")):
    name = re.sub(r"^server-|-\d{4}-\d{2}-\d{2}T[\d-]+Z$", "", checks.parent.name)
    scenarios[name] = json.loads(checks.read_text())
passed = failed = expected = 0
for name, checks in scenarios.items():
    bad = [c for c in checks if c.get("status") in ("FAILURE", "WARNING")]
    if name in baseline:
        if bad:
            expected += 1
            print(f"XFAIL {name}: fixture scenario, expected to fail")
        else:
            failed += 1
            print(f"FAIL {name}: passes but is listed in the expected failures (stale entry)")
    elif not bad:
        passed += 1
        print(f"PASS {name} ({len(checks)} checks)")
    else:
        failed += 1
        print(f"FAIL {name}")
        for c in bad:
            print(f"    {c['status']} {c.get('name', c.get('id'))}: {c.get('description', '')}: {c.get('errorMessage', '')}")
for name in sorted(baseline - set(scenarios)):
    print(f"NOTE {name}: listed in the expected failures but not run")
if not scenarios:
    failed += 1
    print("FAIL the conformance suite wrote no results:")
    print("\n".join("    " + l for l in strip(open(out, errors="replace").read()).splitlines()[-40:]))
if rc != 0 and failed == 0:
    failed += 1
    print(f"FAIL the conformance suite exited {rc}:")
    print("\n".join("    " + l for l in strip(open(out, errors="replace").read()).splitlines()[-20:]))
if failed:
    print("    server log (last lines):")
    print("\n".join("    " + l for l in strip(open(server_log, errors="replace").read()).splitlines()[-15:]))
print(f"{expected} expected failures (fixture scenarios)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
