#!/usr/bin/env bash
# The README's test command as a newcomer runs it: a fresh clone of HEAD, an empty target, no
# node_modules, no Python venv, and none of redis-server, haproxy or chromium: where the
# machine has them, each is bound to /dev/null in a mount namespace of this script's own
# (`unshare -m`, as root), so that the tests cannot find them.
#
# Passes when `cargo test --workspace` passes, and its output ends by naming the tests that
# need Redis and the command that installs it. Without CI=true: the tests themselves fail
# when a service is missing under CI=true.
#
#   bash .ci/fresh.sh [DIR]     # DIR: where to clone (default: a new temporary directory)
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
DIR=${1:-$(mktemp -d /tmp/toolshape-fresh.XXXXXX)}
rm -rf "$DIR/repo"
git clone -q "$SRC" "$DIR/repo"
git -C "$DIR/repo" checkout -q "$(git -C "$SRC" rev-parse HEAD)"
LOG="$DIR/test.log"

hide=()
for program in redis-server haproxy chromium; do
    for dir in /usr/bin /usr/sbin /usr/local/bin /usr/local/sbin /bin /sbin; do
        [ -e "$dir/$program" ] && hide+=("$dir/$program")
    done
done
echo "hidden from the tests: ${hide[*]:-(none installed)}"

status=0
# shellcheck disable=SC2016
env -u CI -u CARGO_TARGET_DIR -u TOOLSHAPE_INTEROP_CACHE HIDE="${hide[*]}" \
    unshare -m bash -c '
        set -e
        for path in $HIDE; do mount --bind /dev/null "$path"; done
        for program in redis-server haproxy chromium; do
            if command -v "$program" >/dev/null && [ -f "$(command -v "$program")" ]; then
                echo "$program is still reachable"; exit 1
            fi
        done
        cd "$0" && cargo test --workspace
    ' "$DIR/repo" >"$LOG" 2>&1 || status=$?
tail -n 40 "$LOG"
if [ "$status" -ne 0 ]; then
    echo "FAILED: cargo test --workspace on a fresh clone exited $status (log: $LOG)"
    exit 1
fi
# The run's last lines name what it skipped, and how to install it.
tail -n 15 "$LOG" | grep -q "tests did not run" \
    || { echo "FAILED: the run does not end by naming the tests it skipped"; exit 1; }
tail -n 15 "$LOG" | grep -q "replicas::ten_thousand_calls" \
    || { echo "FAILED: the skipped replicas tests are not named"; exit 1; }
tail -n 15 "$LOG" | grep -q "apt-get install redis-server" \
    || { echo "FAILED: the command that installs Redis is not given"; exit 1; }
grep -h "^test result" "$LOG" | awk '{p += $4; f += $6} END {print "fresh clone, cargo test --workspace: " p " tests passed (" f " failed)"}'
rm -rf "$DIR/repo/target"
