#!/usr/bin/env bash
# Installs the npm dependencies exactly as locked, skipping the work when node_modules already matches the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.wenku-lock-hash
want=$(cat package.json */*/package.json e2e/package.json package-lock.json | sha1sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "install: dependencies up to date"
  exit 0
fi
# `npm install` honours the lock file; `npm ci` cannot be used because this registry lacks the other platforms'
# optional binaries of biome and turbo, which npm then reports as missing from the lock.
npm install --no-audit --no-fund
want=$(cat package.json */*/package.json e2e/package.json package-lock.json | sha1sum | cut -d' ' -f1)
echo "$want" > "$stamp"
