#!/usr/bin/env bash
# Sets up a fresh machine and starts the site on http://localhost:8880 with the embedded database and demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/install.sh
npm run build
# What `npm start` runs, without npm staying in memory beside the server.
exec node --enable-source-maps apps/server/dist/main.js
