#!/usr/bin/env bash
# Sets up a fresh machine and starts the site on http://localhost:8880 with the embedded database and demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install.sh
npm run build
# What `npm start` runs, without npm staying in memory beside the server.
# A small young generation, two malloc arenas and large blocks given back on free keep the idle process lean (issue 17;
# docs/decisions.md "Performance: server memory").
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec node --enable-source-maps --max-semi-space-size=2 apps/server/dist/main.js
