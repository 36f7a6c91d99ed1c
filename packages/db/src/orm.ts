import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { type DataDirLock, lockDataDir, SOCKET_DIR_PREFIX } from './data-dir-lock.ts';
import { assertDatabaseExists } from './database-server.ts';
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
  /** What this process is, shown to a second process that finds the embedded DATA_DIR taken ("wenku server"). */
  owner?: string;
}

/**
 * Opens the database: the server named by `databaseUrl`, or an embedded PostgreSQL (PGlite) served on a unix
 * socket so that the very same `pg` driver path is used either way (ARCHITECTURE.md §4).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const poolMax = options.poolMax ?? 10;
  if (options.databaseUrl) {
    // MikroORM would create a missing database (and the seed a new admin): a typo must stop the start instead.
    await assertDatabaseExists(options.databaseUrl);
    const orm = await MikroORM.init(createOrmConfig({ clientUrl: options.databaseUrl, poolMax, debug: options.debug }));
    return { orm, mode: 'server', connection: { connectionString: options.databaseUrl }, close: () => orm.close(true) };
  }

  const dataDir = resolve(options.dataDir);
  const dbDir = join(dataDir, 'db');
  await mkdir(dbDir, { recursive: true });
  // A socket folder of this process alone (unix socket paths are limited to ~107 bytes, so it lives in the temp
  // folder): a crashed predecessor's socket never blocks the port, and the random name and mode 0700 keep other local
  // users from planting or reaching it. The lock records it so a later start removes it with the stale lock.
  const socketDir = join(tmpdir(), `${SOCKET_DIR_PREFIX}${randomBytes(8).toString('hex')}`);
  const lock = await lockDataDir(dataDir, { owner: options.owner ?? 'wenku', socketDir });
  try {
    await mkdir(socketDir, { mode: 0o700 });
    return await openEmbedded(dbDir, socketDir, lock, poolMax, options.debug);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

/**
 * PostgreSQL settings of the embedded database (issue 17): the WebAssembly heap only grows, so every buffer
 * PostgreSQL touches stays resident for the life of the process. A single-user site's working set fits buffers far
 * smaller than PostgreSQL's defaults (128 MB shared buffers, 64 MB for index builds in the first start's migrations).
 */
const EMBEDDED_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'temp_buffers=4MB',
];

async function openEmbedded(
  dbDir: string,
  socketDir: string,
  lock: DataDirLock,
  poolMax: number,
  debug: boolean | undefined,
): Promise<Database> {
  // Loaded only for the embedded database: a site on a PostgreSQL server never holds PGlite (issue 17).
  const [{ PGlite }, { PGLiteSocketServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-socket'),
  ]);
  const pglite = await PGlite.create(dbDir, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
  const server = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, '.s.PGSQL.5432'),
    // Every client pool plus ad-hoc clients must fit, or clients see ECONNRESET (measured-stack §1).
    maxConnections: poolMax + 10,
  });
  keepProtocolSequences(server);
  let orm: MikroORM;
  try {
    await server.start();
    orm = await MikroORM.init(
      createOrmConfig({ host: socketDir, port: 5432, dbName: 'postgres', user: 'postgres', poolMax, debug }),
    );
  } catch (e) {
    await server.stop().catch(() => undefined);
    await pglite.close().catch(() => undefined);
    throw e;
  }
  return {
    orm,
    mode: 'embedded',
    socketDir,
    connection: { host: socketDir, port: 5432, database: 'postgres', user: 'postgres' },
    async close() {
      try {
        await orm.close(true);
        await server.stop();
        await pglite.close();
      } finally {
        await lock.release();
      }
    },
  };
}

/** The advisory lock key of a site's start (any fixed number: 'wenku' in ASCII). */
const STARTUP_LOCK = 0x77656e6b75;

/**
 * Runs `fn` holding the site's startup lock: web processes and workers started at once on a new or upgraded
 * database apply the migrations and the base seed one after the other, never twice at the same time. The embedded
 * database has one process, so it needs none.
 */
export async function whileStarting<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.mode === 'embedded') return fn();
  const client = new pg.Client({ ...db.connection, application_name: 'wenku startup lock' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    // Ending the session releases the lock, also when unlocking fails.
    await client.end().catch(() => undefined);
  }
}

/** Applies pending committed migrations; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(e: unknown): void;
}
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(id: number): void;
}

/** Extended-protocol messages that continue a sequence up to its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const SEQUENCE_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket 0.2.17 queues every protocol message on its own and keeps one connection's order only inside a
 * transaction, so outside one the Parse of one connection can land between the Parse and Bind of another on the single
 * backend session ("bind message supplies 3 parameters, but prepared statement requires 2"). This keeps a
 * connection's messages together from its first Parse to its Sync, and does not stall the queue after an error.
 */
function keepProtocolSequences(server: PGLiteSocketServer) {
  const q = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let holder: number | null = null;
  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : holder;
        const index = owner === null ? 0 : this.queue.findIndex((m) => m.handlerId === owner);
        // The owner's next message has not arrived yet: wait for it (enqueue calls processQueue again).
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0] as QueuedMessage;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (e) {
          holder = null;
          item.reject(e);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        holder = SEQUENCE_MESSAGES.has(item.message[0] ?? 0) ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (id: number) => {
    clear(id);
    // A client that left in the middle of a sequence must not hold the others back.
    if (holder === id) {
      holder = null;
      void q.processQueue();
    }
  };
}

/**
 * Resolves once no query runs or waits for a connection of the ORM's pool, or after `timeoutMs`. A shutdown waits
 * for it before closing the pool: a request whose client had gone still ran its queries, and closing under them
 * failed each with the pool's "aborted".
 */
export async function whenQueriesDone(orm: MikroORM, timeoutMs: number): Promise<void> {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: Partial<TarnPool> }).pool;
  const busy = () => (pool?.numUsed?.() ?? 0) + (pool?.numPendingAcquires?.() ?? 0);
  const until = Date.now() + timeoutMs;
  while (busy() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

interface TarnPool {
  numUsed(): number;
  numPendingAcquires(): number;
}
