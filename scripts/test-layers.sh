#!/usr/bin/env bash
# `npm test`: every layer of the suite in order, stopping at the first that fails, then each
# layer's wall time (the README's table of layer times comes from this summary).
set -euo pipefail
cd "$(dirname "$0")/.."

summary=""
for layer in typecheck test:unit test:integration build test:build test:e2e; do
  started=$(date +%s)
  echo "== $layer, started $(date -u +%H:%M:%S) UTC"
  npm run "$layer"
  summary+="$(printf '%-18s %5d s' "$layer" $(( $(date +%s) - started )))"$'\n'
done
echo
echo "Time per layer:"
printf '%s' "$summary"
