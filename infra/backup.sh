#!/usr/bin/env bash
# Backs up a Wenku site while it runs, and restores such a backup.
#
#   infra/backup.sh backup <folder>          writes wenku-db-<stamp>.* and wenku-files-<stamp>.tar.gz into <folder>
#   infra/backup.sh restore <db file>        restores that database backup and the files of the same stamp beside it
#
# The database: with DATABASE_URL, pg_dump (custom format) and pg_restore; without it (the embedded database), the
# CLI's db:backup reads a consistent copy through the running server (no stop; the site pauses for the read) and
# db:restore loads it into a fresh DATA_DIR/db (stop the server first: the old folder is kept as db.before-restore-*).
# The files: DATA_DIR/storage as a tar archive; with STORAGE=s3 the bucket keeps them (use its versioning or
# replication) and nothing is archived. Run from the installation folder with the server's environment, e.g.
#   set -a; . /etc/wenku.env; set +a; infra/backup.sh backup /var/backups/wenku
set -euo pipefail
: "${DATA_DIR:=./data}"
# How the CLI runs: the bundle of `npm run build` (tests run the TypeScript sources instead).
read -r -a cli <<<"${WENKU_CLI:-node apps/server/dist/cli.js}"

backup() {
  local dest=${1:?usage: backup.sh backup <folder>}
  local stamp
  stamp=$(date +%Y%m%d-%H%M%S)
  mkdir -p "$dest"
  if [[ -n "${DATABASE_URL:-}" ]]; then
    pg_dump --format=custom --no-owner --dbname="$DATABASE_URL" --file="$dest/wenku-db-$stamp.dump"
    echo "database: $dest/wenku-db-$stamp.dump"
  else
    "${cli[@]}" db:backup "$dest/wenku-db-$stamp.jsonl.gz"
  fi
  if [[ "${STORAGE:-local}" == s3 ]]; then
    echo "files: in the bucket ${S3_BUCKET:-} (not archived; use the store's versioning or replication)"
  elif [[ -d "$DATA_DIR/storage" ]]; then
    tar -C "$DATA_DIR" -czf "$dest/wenku-files-$stamp.tar.gz" storage
    echo "files: $dest/wenku-files-$stamp.tar.gz"
  fi
}

restore() {
  local file=${1:?usage: backup.sh restore <wenku-db-….dump or wenku-db-….jsonl.gz>}
  local stamp folder
  stamp=$(basename "$file" | sed -E 's/^wenku-db-([0-9]{8}-[0-9]{6})\..*$/\1/')
  folder=$(dirname "$file")
  case "$file" in
    *.dump)
      : "${DATABASE_URL:?a .dump restores into the PostgreSQL server of DATABASE_URL}"
      pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" "$file"
      ;;
    *.jsonl.gz)
      if [[ -z "${DATABASE_URL:-}" && -d "$DATA_DIR/db" ]]; then
        # db:restore fills an empty database only; the current one is kept beside it, never deleted.
        mv "$DATA_DIR/db" "$DATA_DIR/db.before-restore-$(date +%Y%m%d-%H%M%S)"
      fi
      "${cli[@]}" db:restore "$file"
      ;;
    *)
      echo "not a Wenku database backup: $file" >&2
      exit 2
      ;;
  esac
  echo "database restored from $file"
  local files="$folder/wenku-files-$stamp.tar.gz"
  if [[ -f "$files" ]]; then
    if [[ -d "$DATA_DIR/storage" ]]; then mv "$DATA_DIR/storage" "$DATA_DIR/storage.before-restore-$(date +%Y%m%d-%H%M%S)"; fi
    mkdir -p "$DATA_DIR"
    tar -C "$DATA_DIR" -xzf "$files"
    echo "files restored from $files"
  fi
}

case "${1:-}" in
  backup) backup "${2:-}" ;;
  restore) restore "${2:-}" ;;
  *)
    echo "usage: infra/backup.sh backup <folder> | restore <database backup file>" >&2
    exit 2
    ;;
esac
