#!/usr/bin/env bash
# Calls per second through haproxy (round robin) with 1 and with 3 replicas of the
# conformance example (release build, `--store` on a private Redis), measured with wrk:
# the variants alternate, ROUNDS times each, and the medians are printed.
#
# Usage: bench/replicas/run.sh [ROUNDS] [SECONDS] [CONNECTIONS]
# PROFILE=debug measures the debug build (release by default); NO_BUILD=1 uses the binary
# as it is.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROUNDS=${1:-3} SECONDS_EACH=${2:-10} CONNECTIONS=${3:-32}
export PATH="$PATH:/usr/sbin"
PROFILE=${PROFILE:-release}
[ -n "${NO_BUILD:-}" ] || cargo build --quiet --profile "$([ "$PROFILE" = debug ] && echo dev || echo release)" \
    -p toolshape-examples --bin conformance
BIN=target/$PROFILE/conformance
DIR=$(mktemp -d)
PIDS=()
cleanup() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$DIR"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/$1) 2>/dev/null && return; sleep 0.05; done; echo "port $1 not up" >&2; exit 1; }

REDIS=$(port)
redis-server --port "$REDIS" --bind 127.0.0.1 --save '' --appendonly no --dir "$DIR" >/dev/null &
PIDS+=($!); wait_port "$REDIS"

servers=""
for i in 0 1 2; do
    p=$(port)
    RUST_LOG=warn "$BIN" --http "127.0.0.1:$p" --store "redis://127.0.0.1:$REDIS/0" 2>"$DIR/r$i.log" &
    PIDS+=($!); wait_port "$p"
    servers+="    server r$i 127.0.0.1:$p\n"
done
one=$(printf "$servers" | head -1)
front() { # front PORT SERVERS
    printf 'global\n    maxconn 4096\ndefaults\n    mode http\n    timeout connect 2s\n    timeout client 60s\n    timeout server 60s\nfrontend mcp\n    bind 127.0.0.1:%s\n    default_backend replicas\nbackend replicas\n    balance roundrobin\n%b' "$1" "$2"
}
F1=$(port); F3=$(port)
front "$F1" "$one\n" > "$DIR/one.cfg"
front "$F3" "$servers" > "$DIR/three.cfg"
haproxy -db -f "$DIR/one.cfg" 2>/dev/null & PIDS+=($!)
haproxy -db -f "$DIR/three.cfg" 2>/dev/null & PIDS+=($!)
wait_port "$F1"; wait_port "$F3"

rate() { wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_EACH}s" -s bench/replicas/greet.lua "http://127.0.0.1:$1/mcp" | awk '/Requests\/sec/ {print $2}'; }
rate "$F3" >/dev/null  # warm-up
r1=() r3=()
for round in $(seq "$ROUNDS"); do
    a=$(rate "$F1"); b=$(rate "$F3")
    echo "round $round: 1 replica $a calls/s, 3 replicas $b calls/s (load $(cut -d' ' -f1 /proc/loadavg))"
    r1+=("$a"); r3+=("$b")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
m1=$(median "${r1[@]}"); m3=$(median "${r3[@]}")
echo "median: 1 replica $m1 calls/s, 3 replicas $m3 calls/s, ratio $(python3 -c "print(f'{$m3/$m1:.2f}')")"
