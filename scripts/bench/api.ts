// API overhead benchmark (issue 2): requests/s and p50/p99 of the real endpoints against bare Express routes doing
// the same query, at 50 concurrent connections. Prints a table and the ratios; asserts nothing.
// Usage: npm run bench:api [-- --embedded] [-- --seconds 10]
// Uses DATABASE_URL, else TEST_DATABASE_URL, else the local server's `postgres` database (a scratch database is
// created there and dropped after); --embedded uses a fresh embedded database instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const embedded = args.includes('--embedded');
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 10;
const connections = 50;

let scratch: { admin: pg.Client; name: string } | undefined;
let databaseUrl: string | undefined;
if (!embedded) {
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
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./api-server.ts', import.meta.url).pathname], {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve, reject) => {
  child.stdout.on('data', (d: Buffer) => {
    const m = /READY (\d+)/.exec(d.toString());
    if (m) resolve(Number(m[1]));
  });
  child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
});
const base = `http://127.0.0.1:${port}`;

async function run(title: string, path: string) {
  // Warm up caches and connections, then measure.
  await autocannon({ url: base + path, connections, duration: 2 });
  const r = await autocannon({ url: base + path, connections, duration: seconds });
  if (r.non2xx || r.errors) throw new Error(`${title}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { title, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const trpcInput = encodeURIComponent(JSON.stringify({ type: [0] }));
const pairs: [string, string, string, string][] = [
  ['GET /api/v1/settings', '/api/v1/settings', 'bare: same settings work', '/bench/settings'],
  ['GET /api/v1/category/list', '/api/v1/category/list?type=0', 'bare: same category query', '/bench/category-list'],
  [
    'tRPC category.list',
    `/api/trpc/category.list?input=${trpcInput}`,
    'bare: same category query',
    '/bench/category-list',
  ],
  ['GET /api/v1/ping (ping-sized)', '/api/v1/ping', 'bare: express ping', '/bench/ping'],
];

console.log(
  `API benchmark: ${connections} connections, ${seconds} s each, database ${embedded ? 'embedded (PGlite)' : 'PostgreSQL server'}`,
);
console.log('endpoint'.padEnd(34), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), '  ratio to bare');
try {
  for (const [title, path, bareTitle, barePath] of pairs) {
    const real = await run(title, path);
    const bare = await run(bareTitle, barePath);
    for (const x of [real, bare]) {
      const ratio = x === real ? `  ${(real.rps / bare.rps).toFixed(2)}×` : '';
      console.log(
        x.title.padEnd(34),
        x.rps.toFixed(0).padStart(8),
        String(x.p50).padStart(8),
        String(x.p99).padStart(8),
        ratio,
      );
    }
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (scratch) {
    await scratch.admin.query(`drop database if exists ${scratch.name} with (force)`);
    await scratch.admin.end();
  }
}
