import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Database,
  DataDirInUseError,
  dumpSiteToFile,
  openDatabase,
  type PgConnection,
  readSite,
  readSiteFile,
  writeSite,
} from '@wenku/db';
import { copyStorageToBucket, LocalStorage, type S3Storage } from '@wenku/domain/storage';
import type { Env } from './env.ts';
import { openStorage } from './runtime.ts';

/** Commands that move a whole site's data: they open the database and the stores themselves, without `boot`. */
export const DATA_COMMANDS = ['db:copy-to', 'db:backup', 'db:restore', 'storage:copy-to-s3'] as const;
export type DataCommand = (typeof DATA_COMMANDS)[number];

export const DATA_USAGE = `  db:copy-to <postgres://…>            copy the embedded database into an empty PostgreSQL database (stop the server first)
  db:backup <file>                     write the whole database to a file, while the site runs
  db:restore <file>                    load a backup into an empty database (DATABASE_URL, or a new DATA_DIR/db)
  storage:copy-to-s3                   copy DATA_DIR/storage into the S3 bucket of the S3_* settings (resumable)`;

/** `postgres://user:****@host/db`: what to put in DATABASE_URL, without echoing a password into logs. */
function maskedUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '****';
  return u.toString();
}

const log = (m: string) => console.error(m);

/**
 * The embedded database of DATA_DIR for reading: opened by this process, or, while a server holds it, read through
 * that server's own socket (on this machine, as the same user), so a backup needs no stop.
 */
async function openEmbeddedForReading(
  env: Env,
  owner: string,
): Promise<{ connection: PgConnection; close(): Promise<void> }> {
  try {
    const db = await openDatabase({ dataDir: resolve(env.DATA_DIR), poolMax: 2, owner });
    return { connection: db.connection, close: () => db.close() };
  } catch (e) {
    const holder = e instanceof DataDirInUseError ? e.holder : undefined;
    if (!holder?.socketDir || holder.host !== hostname()) throw e;
    log(`reading through the running server (process ${holder.pid})`);
    return {
      connection: { host: holder.socketDir, port: 5432, database: 'postgres', user: 'postgres' },
      close: async () => {},
    };
  }
}

export async function runDataCommand(command: DataCommand, args: string[], env: Env): Promise<number> {
  switch (command) {
    case 'db:copy-to': {
      const [url] = args;
      if (!url || !/^postgres(ql)?:\/\//.test(url)) {
        console.error('usage: db:copy-to <postgres://user:password@host:port/database>   (the database must be empty)');
        return 2;
      }
      if (env.DATABASE_URL) {
        console.error('db:copy-to copies the embedded database of DATA_DIR: unset DATABASE_URL to run it');
        return 2;
      }
      // This process holds DATA_DIR while it copies: with a server running, it stops here (stop the server first),
      // so nothing is written to the source after the copy began.
      const source = await openDatabase({ dataDir: resolve(env.DATA_DIR), poolMax: 2, owner: 'wenku cli db:copy-to' });
      let target: Database | undefined;
      try {
        target = await openDatabase({ databaseUrl: url, dataDir: resolve(env.DATA_DIR), poolMax: 2 });
        const tables = await writeSite(target, readSite(source.connection), log);
        const rows = tables.reduce((n, t) => n + t.rows, 0);
        console.log(`copied ${tables.length} tables, ${rows} rows; every table's count verified`);
        console.log(`now set DATABASE_URL=${maskedUrl(url)} (with its password) and start the server;`);
        console.log(
          `files stay in ${join(resolve(env.DATA_DIR), 'storage')} (keep DATA_DIR, or run storage:copy-to-s3)`,
        );
        return 0;
      } finally {
        await target?.close();
        await source.close();
      }
    }
    case 'db:backup': {
      const [file] = args;
      if (!file) {
        console.error('usage: db:backup <file>');
        return 2;
      }
      const source = env.DATABASE_URL
        ? { connection: { connectionString: env.DATABASE_URL }, close: async () => {} }
        : await openEmbeddedForReading(env, 'wenku cli db:backup');
      try {
        const counts = await dumpSiteToFile(source.connection, resolve(file));
        const rows = Object.values(counts).reduce((n, c) => n + c, 0);
        console.log(`backup written: ${resolve(file)} (${Object.keys(counts).length} tables, ${rows} rows)`);
        return 0;
      } finally {
        await source.close();
      }
    }
    case 'db:restore': {
      const [file] = args;
      if (!file || !existsSync(file)) {
        console.error('usage: db:restore <file>   (a file written by db:backup)');
        return 2;
      }
      const target = await openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: resolve(env.DATA_DIR),
        poolMax: 2,
        owner: 'wenku cli db:restore',
      });
      try {
        const tables = await writeSite(target, readSiteFile(resolve(file)), log);
        console.log(`restored ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows, 0)} rows`);
        return 0;
      } finally {
        await target.close();
      }
    }
    case 'storage:copy-to-s3': {
      if (env.STORAGE !== 's3' && !env.S3_BUCKET) {
        console.error('set the S3_* variables of the bucket (S3_BUCKET, S3_ENDPOINT, …) to copy the files into');
        return 2;
      }
      const from = new LocalStorage(join(resolve(env.DATA_DIR), 'storage'));
      const to = (await openStorage({ ...env, STORAGE: 's3' }, from.root)) as S3Storage;
      const report = await copyStorageToBucket(from, to, log);
      console.log(
        `${report.files} files: ${report.copied} copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB) and verified, ${report.present} already in the bucket`,
      );
      if (report.failed.length) {
        console.error(`${report.failed.length} files could not be verified; run the command again`);
        return 1;
      }
      console.log('now set STORAGE=s3 and restart every process; DATA_DIR/storage can go once the site works');
      return 0;
    }
  }
}
