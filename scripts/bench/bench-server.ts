// Starts the real app (scripts/bench/api-server.ts) in a child process for a benchmark, on a scratch database: the
// PostgreSQL server of DATABASE_URL, else TEST_DATABASE_URL, else the local server (created and dropped here), or a
// fresh embedded database with `embedded`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { bundleServer, repoRoot } from '../../apps/server/bundle.ts';
import { startCommand } from './site.ts';

/**
 * The benchmark server bundled the way `npm run build` bundles the product, so the measured routes run the compiled
 * code `npm start` runs: under tsx every function our sources create per request also went through its name helper,
 * a cost the bare routes (a few lines) barely paid. The bundle goes below node_modules, where its imports resolve.
 */
export async function bundledApiServer(): Promise<string> {
  const outdir = join(repoRoot, 'node_modules', '.cache', 'wenku-api-bench');
  await bundleServer({ 'api-server': new URL('./api-server.ts', import.meta.url).pathname }, outdir);
  return join(outdir, 'api-server.js');
}

/** The node flags and environment `npm start` runs with (the young generation's size among them), its script left out. */
export function startFlags(): { flags: string[]; env: Record<string, string> } {
  const start = startCommand();
  return { flags: start.args.filter((a) => a.startsWith('--')), env: start.env };
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  dataDir: string;
  /** Stops the server and drops its scratch database and data folder. */
  stop(): Promise<void>;
}

export async function startBenchServer(opts: { embedded?: boolean } = {}): Promise<BenchServer> {
  let scratch: { admin: pg.Client; name: string } | undefined;
  let databaseUrl: string | undefined;
  if (!opts.embedded) {
    const base =
      process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const name = `wenku_bench_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    scratch = { admin, name };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'wenku-bench-'));
  const start = startFlags();
  const child = spawn(process.execPath, [...start.flags, await bundledApiServer()], {
    env: { ...process.env, ...start.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  async function dropScratch() {
    rmSync(dataDir, { recursive: true, force: true });
    if (scratch) {
      await scratch.admin.query(`drop database if exists ${scratch.name} with (force)`);
      await scratch.admin.end();
    }
  }
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      const m = /READY (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  }).catch(async (e: unknown) => {
    // A server that failed to boot leaves no scratch database behind.
    await dropScratch();
    throw e;
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await dropScratch();
    },
  };
}
