#!/usr/bin/env bash
# Runs a test command, then repeats its failures after its last line: CI keeps only the tail of a
# run's output, where a failure in the middle of hundreds of passing tests would not show.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
if [ "$rc" -ne 0 ]; then
    echo "== the failures above, repeated (exit $rc from: $*) =="
    grep -E '✘ Test .*(recorded an issue|failed)|✘ Suite .* failed|: error: |error: -\[|Fatal error|Crash' "$log" | tail -60
fi
exit "$rc"
