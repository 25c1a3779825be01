#!/usr/bin/env bash
# `npm test`: every layer of the suite, stopping at the first step that fails, then each layer's
# wall time (the README's table of layer times comes from this summary).
#
# Layers that do not need each other run side by side, so the two cores stay busy: the typecheck
# (one core) beside the build; then the integration layer beside the unit layer (whose operations
# tests wait on the local runtimes they start) and the build checks (each bench script once, one
# at a time). The end-to-end layer fills both cores on its own. The foreground layer's output
# streams; the others' is kept in files and printed whole once all have ended (a log cut short
# still shows where the run was).
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

# run_together FOREGROUND BACKGROUND...: all at once; fails after all ended if any failed.
run_together() {
  local foreground=$1 started status=0 failed="" layer
  shift
  started=$(date +%s)
  for layer in "$@"; do
    started_at "$layer (beside $foreground; its output follows when all have ended)"
    (
      result=0
      npm run "$layer" > "$logs/$layer.log" 2>&1 || result=$?
      echo "$result" > "$logs/$layer.status"
      date +%s > "$logs/$layer.ended"
    ) &
  done
  started_at "$foreground"
  npm run "$foreground" || status=$?
  record "$foreground" $(( $(date +%s) - started ))
  [ "$status" -eq 0 ] || failed+="$foreground "
  wait
  for layer in "$@"; do
    echo "== $layer output"
    cat "$logs/$layer.log"
    record "$layer" $(( $(cat "$logs/$layer.ended") - started ))
    [ "$(cat "$logs/$layer.status")" -eq 0 ] || failed+="$layer "
  done
  if [ -n "$failed" ]; then
    echo "Failed: $failed"
    exit 1
  fi
}

run_together typecheck build
run_together test:integration test:unit test:build
run test:e2e

echo
echo "Time per layer (side by side where it says so above):"
printf '%s' "$summary"
