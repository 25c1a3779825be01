#!/usr/bin/env bash
# `npm test`: every layer of the suite, stopping at the first step that fails, then each layer's
# wall time (the README's table of layer times comes from this summary).
#
# The unit layer runs beside the integration layer: its operations tests mostly wait on the
# wrangler processes they start, leaving about half of the two cores idle. The unit layer's
# output is kept in a file and printed whole once both have ended, so the integration layer's
# streams unbroken (and a log cut short still shows where the run was).
set -euo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
summary=""

started_at() { echo "== $1, started $(date -u +%H:%M:%S) UTC"; }
record() { summary+="$(printf '%-18s %5d s' "$1" "$2")"$'\n'; }

run() {
  local layer=$1 started
  started=$(date +%s)
  started_at "$layer"
  npm run "$layer"
  record "$layer" $(( $(date +%s) - started ))
}

# run_beside BACKGROUND FOREGROUND: both at once; fails after both ended if either failed.
run_beside() {
  local background=$1 foreground=$2 started pid status=0 background_status=0
  started=$(date +%s)
  started_at "$background (beside $foreground; its output follows when both have ended)"
  (
    result=0
    npm run "$background" > "$logs/$background.log" 2>&1 || result=$?
    echo "$result" > "$logs/$background.status"
    date +%s > "$logs/$background.ended"
  ) &
  pid=$!
  started_at "$foreground"
  npm run "$foreground" || status=$?
  record "$foreground" $(( $(date +%s) - started ))
  wait "$pid" || true
  background_status=$(cat "$logs/$background.status")
  echo "== $background output"
  cat "$logs/$background.log"
  record "$background" $(( $(cat "$logs/$background.ended") - started ))
  if [ "$status" -ne 0 ] || [ "$background_status" -ne 0 ]; then
    echo "Failed: $([ "$background_status" -ne 0 ] && echo "$background ")$([ "$status" -ne 0 ] && echo "$foreground")"
    exit 1
  fi
}

run typecheck
run_beside test:unit test:integration
run build
run test:build
run test:e2e

echo
echo "Time per layer:"
printf '%s' "$summary"
