#!/usr/bin/env bash
# Type checks the whole tree as two programs, side by side: the server, every package and the browser tests (tsconfig.node.json; each
# file checked once, where a check per package checked the domain again in every package that imports it), and the
# web app (DOM types, JSX). Each package's own `npm run typecheck` still works for one package alone.
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit -p tsconfig.node.json &
node_pid=$!
status=0
npx tsc --noEmit -p apps/web || status=$?
wait "$node_pid" || status=$?
exit $status
