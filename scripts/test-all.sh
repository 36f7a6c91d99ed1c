#!/usr/bin/env bash
# Sets up a fresh machine and runs every check: lint, type check, build, unit, integration (PostgreSQL server and
# embedded mode) and browser tests. CI runs exactly this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-postgres.sh
bash scripts/install.sh

echo "== lint"
npm run lint
echo "== typecheck"
npm run typecheck
echo "== build"
npm run build
echo "== tests"
report=$(mktemp)
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" || status=$?
# A plain closing line that any CI reader understands.
node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`)' "$report" 2>/dev/null || true
rm -f "$report"
exit $status
