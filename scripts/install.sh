#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked, skipping the work when node_modules already matches the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.wenku-lock-hash
want=$(sha1sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "install: dependencies up to date"
  exit 0
fi
npm ci --no-audit --no-fund
echo "$want" > "$stamp"
