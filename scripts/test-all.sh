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
npx vitest run
