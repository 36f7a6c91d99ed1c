import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig } from './mikro-orm.config.ts';

export type DatabaseMode = 'server' | 'embedded';

/** How other clients (the job queue, tools) reach the same database. */
export type PgConnection =
  | { connectionString: string }
  | { host: string; port: number; database: string; user: string };

export interface Database {
  orm: MikroORM;
  mode: DatabaseMode;
  connection: PgConnection;
  /** Where the embedded server listens (unix socket directory); undefined for a real server. */
  socketDir?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; unset means the embedded PostgreSQL under `dataDir/db`. */
  databaseUrl?: string;
  dataDir: string;
  /** Connections of the ORM pool. */
  poolMax?: number;
  debug?: boolean;
}

/**
 * Opens the database: the server named by `databaseUrl`, or an embedded PostgreSQL (PGlite) served on a unix
 * socket so that the very same `pg` driver path is used either way (ARCHITECTURE.md §4).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const poolMax = options.poolMax ?? 10;
  if (options.databaseUrl) {
    const orm = await MikroORM.init(createOrmConfig({ clientUrl: options.databaseUrl, poolMax, debug: options.debug }));
    return { orm, mode: 'server', connection: { connectionString: options.databaseUrl }, close: () => orm.close(true) };
  }

  const dataDir = resolve(options.dataDir);
  const dbDir = join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const pglite = await PGlite.create(dbDir);
  // Unix socket paths are limited to ~107 bytes, so the socket lives in a short temp path keyed by the data dir.
  const socketDir = join(tmpdir(), `wenku-${createHash('sha1').update(dataDir).digest('hex').slice(0, 12)}`);
  mkdirSync(socketDir, { recursive: true });
  const server = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, '.s.PGSQL.5432'),
    // Every client pool plus ad-hoc clients must fit, or clients see ECONNRESET (measured-stack §1).
    maxConnections: poolMax + 10,
  });
  await server.start();
  const orm = await MikroORM.init(
    createOrmConfig({
      host: socketDir,
      port: 5432,
      dbName: 'postgres',
      user: 'postgres',
      poolMax,
      debug: options.debug,
    }),
  );
  return {
    orm,
    mode: 'embedded',
    socketDir,
    connection: { host: socketDir, port: 5432, database: 'postgres', user: 'postgres' },
    async close() {
      await orm.close(true);
      await server.stop();
      await pglite.close();
    },
  };
}

/** Applies pending committed migrations; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}
