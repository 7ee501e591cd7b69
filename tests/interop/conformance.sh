#!/usr/bin/env bash
# Interop check with the official MCP conformance suite, server mode, against the streamable
# HTTP endpoint of an example server.
#
# Usage: tests/interop/conformance.sh SERVER
#
# Starts SERVER with `--http 127.0.0.1:<free port>` and runs the suite against
# http://127.0.0.1:<port>/mcp once per entry of the fixture's "conformance" list:
#   {"suite": "0.1.16" | "0.2.0-alpha.12", "args": [...], "baseline": "FILE.yml"}
# (default: one run of 0.1.16's active server scenarios with conformance-expected-failures.yml).
# A run passes when the only failing scenarios are those its baseline lists, each with its
# reason, and every listed one still fails (a passing listed scenario is a stale baseline).
# Prints one line per scenario, for a `--requirements` run how many scored scenarios pass
# (`scored: N/M`), and a final line `N passed, M failed` (scenarios; expected failures are
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

# The runs: the fixture's "conformance" list, or 0.1.16 with the examples' baseline.
runs=()
while IFS= read -r -d '' run; do runs+=("$run"); done < <(
    "$PYTHON_BOOTSTRAP" - "$(fixture_of "$server")" <<'PY'
import json, sys
fixture = json.load(open(sys.argv[1]))
default = [{"suite": "0.1.16", "args": [], "baseline": "conformance-expected-failures.yml"}]
for run in fixture.get("conformance", default):
    sys.stdout.write(json.dumps(run) + "\0")
PY
)

status=0
for run in "${runs[@]}"; do
    suite="$("$PYTHON_BOOTSTRAP" -c 'import json,sys; print(json.loads(sys.argv[1])["suite"])' "$run")"
    baseline="$INTEROP_DIR/$("$PYTHON_BOOTSTRAP" -c 'import json,sys; print(json.loads(sys.argv[1])["baseline"])' "$run")"
    args=()
    while IFS= read -r -d '' arg; do args+=("$arg"); done < <(
        "$PYTHON_BOOTSTRAP" -c 'import json,sys; [sys.stdout.write(a + "\0") for a in json.loads(sys.argv[1]).get("args", [])]' "$run")
    case "$suite" in
        0.1.16) cli="$CONFORMANCE" ;;
        0.2.0-alpha.12) cli="$CONFORMANCE_NEXT" ;;
        *) echo "FAIL unknown conformance suite version $suite (installed: 0.1.16, 0.2.0-alpha.12)"; status=1; continue ;;
    esac
    echo "--- conformance $suite ${args[*]} (expected failures: $(basename "$baseline"))"
    # one folder per run: the suite adds each scenario's results to the folder it is given
    run_index=$((${run_index:-0} + 1))
    results="$scratch/results-$suite-$run_index"
    # With `--requirements R`, the scenarios R scores are what `list --requirements R` names.
    : >"$scratch/scored-$suite"
    for ((i = 0; i + 1 < ${#args[@]}; i++)); do
        if [[ "${args[i]}" == --requirements ]]; then
            "$NODE" "$cli" list --server --requirements "${args[i + 1]}" </dev/null 2>&1 \
                | sed -n '/^Server scenarios/,/^Client scenarios/s/^  - //p' >"$scratch/scored-$suite"
        fi
    done
    rc=0
    timeout 600 "$NODE" "$cli" server --url "$url" "${args[@]}" --expected-failures "$baseline" -o "$results" \
        </dev/null >"$scratch/out-$suite" 2>&1 || rc=$?

    # Restate the suite's results (one checks.json per scenario) in this script's terms: its
    # own closing "Total: N passed, M failed" counts checks, not scenarios. As in the suite's
    # baseline logic, a scenario with a FAILURE or a WARNING check fails.
    "$PYTHON_BOOTSTRAP" - "$results" "$baseline" "$rc" "$scratch/out-$suite" "$scratch/server.log" "$scratch/scored-$suite" <<'PY' || status=1
import json, pathlib, re, sys
results, baseline_path, rc, out, server_log, scored_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
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
# A `--requirements` run: how many of the scenarios the revision scores pass (one not run
# does not).
scored = open(scored_path, encoding="utf-8").read().split()
if scored:
    good = [n for n in scored if n in scenarios and not [c for c in scenarios[n] if c.get("status") in ("FAILURE", "WARNING")]]
    print(f"scored: {len(good)}/{len(scored)} scenarios pass")
for name in sorted(baseline - set(scenarios)):
    print(f"NOTE {name}: listed in the expected failures but not run")
if not scenarios:
    failed += 1
    print("FAIL the conformance suite wrote no results:")
    print("\n".join("    " + l for l in strip(open(out, encoding="utf-8", errors="replace").read()).splitlines()[-40:]))
if rc != 0 and failed == 0:
    failed += 1
    print(f"FAIL the conformance suite exited {rc}:")
    print("\n".join("    " + l for l in strip(open(out, encoding="utf-8", errors="replace").read()).splitlines()[-20:]))
if failed:
    print("    server log (last lines):")
    print("\n".join("    " + l for l in strip(open(server_log, encoding="utf-8", errors="replace").read()).splitlines()[-15:]))
print(f"{expected} expected failures (fixture scenarios)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
done
exit $status
