#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the integration tests: starts the installed cluster
# if it is down, installs Debian's server if there is none. Does nothing when TEST_DATABASE_URL points elsewhere.
set -euo pipefail
if [ -n "${TEST_DATABASE_URL:-}" ]; then exit 0; fi
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then exit 0; fi
SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  ver=$(ls /etc/postgresql | sort -n | tail -1)
  # Trust local TCP connections, as the project's machines are set up.
  $SUDO sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/; s/^(local\s+all\s+all\s+)\S+/\1trust/' "/etc/postgresql/$ver/main/pg_hba.conf"
fi
ver=$(ls /etc/postgresql | sort -n | tail -1)
$SUDO pg_ctlcluster --skip-systemctl-redirect "$ver" main start || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p 5432 && exit 0
  sleep 1
done
echo "PostgreSQL did not start on 127.0.0.1:5432" >&2
exit 1
