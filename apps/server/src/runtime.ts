import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import {
  type Database,
  DOCUMENTS_CHANNEL,
  listenTo,
  migrate,
  openDatabase,
  SETTINGS_CHANNEL,
  whenQueriesDone,
  whileStarting,
} from '@wenku/db';
import type { Runtime } from '@wenku/domain';
import { INITIAL_ADMIN_PASSWORD_FILE, writeInitialAdminPassword } from '@wenku/domain/auth';
import { PageAccessCache } from '@wenku/domain/documents';
import { flushSearchRecords } from '@wenku/domain/search';
import { buildDemoLibrary, demoLibraryProgress, seedBase, seedDemo, stopDemoLibraryWriters } from '@wenku/domain/seed';
import { SettingsCache } from '@wenku/domain/settings';
import { LocalStorage, S3Storage, type Storage } from '@wenku/domain/storage';
import type PgBoss from 'pg-boss';
import { collectGarbage } from './collect-garbage.ts';
import type { Env } from './env.ts';
import { startConvertWorker } from './worker/convert.job.ts';
import { startOrderWorker } from './worker/order.job.ts';
import { startQueue } from './worker/queue.ts';
import { startSearchWorker } from './worker/search.job.ts';
import { startSpiderWorker } from './worker/spider.job.ts';

export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

export interface Booted {
  db: Database;
  runtime: Runtime;
  storageRoot: string;
  boss?: PgBoss;
  /** The demo library being written and converted (SEED_DEMO=1 on a new site); settles when all is converted. */
  demoLibrary?: Promise<void>;
  /** Stops the worker (if started), the queue and the database. */
  shutdown(): Promise<void>;
}

/** The file store of `STORAGE`: DATA_DIR/storage, or the S3 bucket (checked reachable before the site starts). */
export async function openStorage(env: Env, storageRoot: string): Promise<Storage> {
  if (env.STORAGE !== 's3') return new LocalStorage(storageRoot);
  const storage = new S3Storage({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
    publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    redirectSeconds: env.S3_REDIRECT_SECONDS,
  });
  await storage.checkBucket();
  return storage;
}

/**
 * Writes the demo library (when the site asked for it and it is not there yet) and logs the conversion's progress
 * until every demo document is converted or failed. Never throws: a failure is logged and the site goes on.
 */
async function buildDemoInBackground(
  db: Database,
  runtime: Runtime,
  log: (msg: string) => void,
  stop: { stopped: boolean },
): Promise<void> {
  // Lets the server start listening first: the first answer does not wait for LibreOffice.
  await new Promise((r) => setTimeout(r, 200));
  const ctx = () => ({ em: db.orm.em.fork(), runtime, actor: null, ip: '' });
  try {
    const started = Date.now();
    const created = await buildDemoLibrary(ctx(), log, { takeOver: db.mode === 'embedded' });
    if (created === null || created === 0) return;
    let last = '';
    while (!stop.stopped) {
      const p = await demoLibraryProgress(db.orm.em.fork());
      const line = `demo library: ${p.converted}/${p.total} converted${p.failed ? `, ${p.failed} failed` : ''}`;
      if (line !== last) log(line);
      last = line;
      if (p.waiting === 0) {
        log(`demo library complete in ${Math.round((Date.now() - started) / 1000)} s`);
        // Writing the library's files left its garbage behind (collect-garbage.ts).
        collectGarbage();
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } catch (e) {
    log(`demo library: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * Opens the database, applies committed migrations, seeds what every site needs (and demo content for a new
 * embedded site), and builds the runtime. Shared by the server, the CLI and the tests.
 */
export async function boot(
  env: Env,
  log: (msg: string) => void = console.log,
  opts: { queue?: boolean; worker?: boolean; owner?: string } = {},
): Promise<Booted> {
  const dataDir = resolve(env.DATA_DIR);
  // Before the database: a bucket that cannot be reached stops the start with nothing left open.
  const storageRoot = join(dataDir, 'storage');
  const storage = await openStorage(env, storageRoot);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    poolMax: env.DB_POOL_MAX,
    debug: env.LOG_SQL === '1',
    owner: opts.owner ?? 'wenku',
  });
  const seed = await whileStarting(db, async () => {
    const applied = await migrate(db.orm);
    if (applied.length) log(`database: applied ${applied.join(', ')}`);
    return seedBase(db.orm.em.fork(), { adminPassword: env.ADMIN_PASSWORD });
  });
  const initialAdminPasswordFile = join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  if (seed.generatedAdminPassword) {
    // Never printed: stdout ends up in logs and the journal (issue 15).
    await writeInitialAdminPassword(initialAdminPasswordFile, seed.generatedAdminPassword);
    log(`administrator "admin" created; its password is in ${initialAdminPasswordFile} (readable by this user only)`);
    log('the file is deleted when admin signs in for the first time; change the password then');
  }
  // SEED_DEMO: 1 the full library (default on the embedded database), small three one-page documents, 0 nothing.
  const demo = env.SEED_DEMO ?? (db.mode === 'embedded' ? '1' : '0');
  if (demo !== '0' && (await seedDemo(db.orm.em.fork(), storage, demo === '1' ? 'full' : 'small')))
    log(
      `demo content seeded${demo === '1' ? '; the demo library is written in the background' : ''} (SEED_DEMO=0 turns this off)`,
    );
  // What opening the database, migrating and seeding left behind is collected before the site answers, not whenever
  // V8 gets to it on an idle server (collect-garbage.ts).
  collectGarbage();
  const runtime: Runtime = {
    storage,
    settings: new SettingsCache(),
    version: VERSION,
    build: { hash: env.WENKU_BUILD_HASH, at: env.WENKU_BUILD_AT },
    jwtSecret: env.JWT_SECRET,
    jwtExpiresInDays: env.JWT_EXPIRES_IN_DAYS,
    spider: { allowPrivate: env.WENKU_SPIDER_ALLOW_PRIVATE === '1' },
    initialAdminPasswordFile,
  };
  // Changes made by another process (or the CLI) reach this one at once: settings, and what page images depend on.
  if (db.mode === 'server') runtime.pageAccess = new PageAccessCache();
  const listening = await listenTo(db, {
    [SETTINGS_CHANNEL]: () => runtime.settings.invalidate(),
    [DOCUMENTS_CHANNEL]: (announced) => runtime.pageAccess?.forget(announced),
  });
  let boss: PgBoss | undefined;
  let worker: { stop(): void } | undefined;
  let searchWorker: { stop(): void } | undefined;
  let spiderWorker: { stop(): void } | undefined;
  if (opts.queue || opts.worker) {
    const started = await startQueue(db);
    boss = started.boss;
    runtime.queue = started.queue;
  }
  if (opts.worker && boss) {
    worker = await startConvertWorker(boss, db, runtime, {
      concurrency: env.WORKER_CONCURRENCY ?? os.availableParallelism(),
      maxRssBytes: env.CONVERT_MAX_RSS_MB * 1024 * 1024,
      sweepSeconds: env.WORKER_SWEEP_SECONDS,
      staleSeconds: env.WORKER_STALE_SECONDS,
    });
    searchWorker = await startSearchWorker(boss, db, runtime);
    await startOrderWorker(boss, db);
    spiderWorker = await startSpiderWorker(boss, db, runtime, { sweepSeconds: env.WORKER_SWEEP_SECONDS });
    log(`worker: converting documents, indexing for search, closing overdue orders, crawling`);
  }
  // The demo library is written by a process that converts, after the site answers (issue 20).
  let demoLibrary: Promise<void> | undefined;
  const demoStop = { stopped: false };
  if (opts.worker && demo !== '0') demoLibrary = buildDemoInBackground(db, runtime, log, demoStop);
  return {
    db,
    runtime,
    storageRoot,
    boss,
    demoLibrary,
    async shutdown() {
      demoStop.stopped = true;
      stopDemoLibraryWriters();
      // A build writing its files is not waited for long: it resumes at the next start (buildDemoLibrary).
      await Promise.race([demoLibrary, new Promise((r) => setTimeout(r, 5000).unref())]);
      worker?.stop();
      searchWorker?.stop();
      spiderWorker?.stop();
      await flushSearchRecords();
      await boss?.stop({ graceful: true, timeout: 5000, wait: true }).catch(() => undefined);
      await listening.stop();
      // Queries of requests whose client has gone may still run (http/drain.ts waits only for the answers).
      await whenQueriesDone(db.orm, 10_000);
      await db.close();
    },
  };
}
