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
# The integration tests (on a PostgreSQL server, each process its own database) and the browser tests (on their own
# embedded site) run their files one at a time and keep about one core busy each: the integration tests run as two
# halves in the background, their output printed when they end, side by side with the unit and browser tests.
reports=$(mktemp -d)
status=0
pids=()
for shard in 1 2; do
  npx vitest run --project integration --shard="$shard/2" --reporter=default --reporter=json \
    --outputFile.json="$reports/integration-$shard.json" >"$reports/integration-$shard.log" 2>&1 &
  pids+=("$!")
done
npx vitest run --project unit --project web --project e2e --reporter=default --reporter=json \
  --outputFile.json="$reports/front.json" || status=$?
for shard in 1 2; do
  wait "${pids[$((shard - 1))]}" || status=$?
  echo "== integration tests, half $shard"
  cat "$reports/integration-$shard.log"
done
# A plain closing line that any CI reader understands.
node -e '
let passed = 0, failed = 0, skipped = 0;
for (const f of process.argv.slice(1)) {
  try {
    const r = JSON.parse(require("fs").readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests;
  } catch { console.log(`no report: ${f}`); }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
'  "$reports/front.json" "$reports/integration-1.json" "$reports/integration-2.json" || true
rm -rf "$reports"
exit $status
