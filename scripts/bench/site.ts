// Starts the site as a site owner does (`npm start`: the same command line, a fresh DATA_DIR and database) for the
// benchmarks that measure the whole process: bench:web and bench:memory. Not part of the product.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('../../', import.meta.url).pathname;

/** A free loopback port (the server is told it, so its own log line and URLs are right). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** An empty database on the local PostgreSQL server, dropped by `drop()`. */
export async function scratchDatabase(label: string) {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const name = `wenku_bench_${label}_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The argv of the root package's `start` script (`node …`), so the benchmark measures what `npm start` runs. */
export function startCommand(): { args: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? '').trim().split(/\s+/);
  // Leading NAME=value words are the environment the script sets (MALLOC_ARENA_MAX).
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [name = '', ...value] = (words.shift() as string).split('=');
    env[name] = value.join('=');
  }
  if (words[0] !== 'node') throw new Error(`npm start is not a plain node command: ${pkg.scripts.start}`);
  return { args: words.slice(1), env };
}

export interface Site {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Milliseconds from spawning the process to its first answer on /health. */
  coldStartMs: number;
  /** Resident memory of the server process and its children, in bytes (Linux /proc). */
  rss(): number;
  /** Processes the server runs now (converters), children of children included. */
  descendants(): number;
  stop(): Promise<void>;
}

function childrenOf(pid: number): number[] {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

function descendantsOf(pid: number): number {
  return childrenOf(pid).reduce((sum, c) => sum + 1 + descendantsOf(c), 0);
}

function treeRss(pid: number): number {
  return rssOf(pid) + childrenOf(pid).reduce((sum, c) => sum + treeRss(c), 0);
}

/**
 * Starts `npm start`'s command with a fresh or given DATA_DIR. `databaseUrl` unset: the embedded database.
 * Resolves once /health answers.
 */
export async function startSite(opts: {
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  log?: boolean;
}): Promise<Site> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'wenku-bench-site-'));
  const port = await freePort();
  const started = performance.now();
  const command = startCommand();
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: {
      ...process.env,
      ...command.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      SEED_DEMO: 'small',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...opts.env,
    },
    stdio: ['ignore', opts.log ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`the site exited before answering (DATA_DIR ${dataDir})`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    port,
    dataDir,
    process: child,
    coldStartMs,
    rss: () => (child.pid ? treeRss(child.pid) : 0),
    descendants: () => (child.pid ? descendantsOf(child.pid) : 0),
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the demo documents have been converted (their pages exist), so pages show real content. */
export async function waitForConvertedDocuments(url: string, timeoutMs = 180_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/api/v1/document/list?page=1&size=50`);
    const body = (await res.json()) as { document?: { id: number; pages?: number; status?: number }[] };
    const docs = body.document ?? [];
    const ready = docs.filter((d) => (d.pages ?? 0) > 0).map((d) => d.id);
    if (docs.length > 0 && ready.length === docs.length) return ready;
    if (Date.now() > deadline) {
      if (ready.length > 0) return ready;
      throw new Error('no converted document appeared in time');
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The public pages of issue 17 (bench:web, bench:boot), with ids read from the site itself. */
export async function pagesOf(url: string): Promise<[string, string][]> {
  const json = async (p: string) => (await fetch(url + p)).json() as Promise<Record<string, unknown>>;
  const categories = ((await json('/api/v1/category/list?type=0')).category ?? []) as {
    id: number;
    parent_id: number;
  }[];
  const documents = ((await json('/api/v1/document/list?page=1&size=10')).document ?? []) as {
    id: number;
    title: string;
  }[];
  const articles = ((await json('/api/v1/article/list?page=1&size=10')).article ?? []) as {
    identifier?: string;
    id: number;
  }[];
  const category = categories.find((c) => c.parent_id === 0) ?? categories[0];
  const document = documents[0];
  const article = articles[0];
  const word = (document?.title ?? '文档').slice(0, 2);
  const pages: [string, string][] = [
    ['/', '/'],
    ['/category', '/category'],
  ];
  if (category) pages.push(['/category/{id}', `/category/${category.id}`]);
  if (document) pages.push(['/document/{id}', `/document/${document.id}`]);
  if (article) pages.push(['/article/{id}', `/article/${article.identifier ?? article.id}`]);
  pages.push(['/search?wd=…', `/search?wd=${encodeURIComponent(word)}`]);
  return pages;
}
