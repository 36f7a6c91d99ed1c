#!/usr/bin/env bash
# Backs up a Wenku site running on a PostgreSQL server: a compressed pg_dump plus the uploaded files.
# Usage: DATABASE_URL=postgres://… DATA_DIR=/var/lib/wenku infra/backup.sh /backups
# (The embedded database is a PGlite folder: stop the server and copy DATA_DIR/db instead; pg_dump 15 cannot read it.)
set -euo pipefail
dest=${1:?usage: backup.sh <folder>}
: "${DATABASE_URL:?set DATABASE_URL}"
: "${DATA_DIR:=./data}"
stamp=$(date +%Y%m%d-%H%M%S)
mkdir -p "$dest"
pg_dump --format=custom --no-owner --dbname="$DATABASE_URL" --file="$dest/wenku-$stamp.dump"
tar -C "$DATA_DIR" -czf "$dest/wenku-files-$stamp.tar.gz" storage
echo "backup written: $dest/wenku-$stamp.dump and $dest/wenku-files-$stamp.tar.gz"
