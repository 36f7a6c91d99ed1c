// Scale-out benchmark (issue 19): throughput of one preview page (/view/page) served by one web process from local
// disk, from an S3 bucket through the server, and as a redirect to a signed link, against nginx serving the same file
// statically; then conversions per minute with one and with two worker processes. Prints figures; asserts nothing.
// Usage: npm run bench:scale [-- --seconds 5] [-- --docs 8] [-- --pages 20] [-- --profile DIR] [-- --pages-only]
// --profile DIR: the local-disk web process runs with `node --cpu-prof` and writes its profile there when it stops.
// --pages-only: only the /view/page figures (no conversions).
// Uses DATABASE_URL, else TEST_DATABASE_URL, else the local server's `postgres` database (a scratch database is
// created there and dropped after). The bucket is s3rver on loopback (what the tests use, slower than MinIO or S3);
// nginx is installed with apt-get on first use when missing (root), else its figure is skipped.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { makePdf, publishDocument, waitForDocument } from '../../apps/server/src/testing/files.ts';
import { RestClient } from '../../apps/server/src/testing/harness.ts';
import { runProcess, type ServerProcess, startServerProcess } from '../../apps/server/src/testing/process.ts';
import { startTestBucket } from '../../apps/server/src/testing/s3.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const seconds = option('--seconds', 5);
const docs = option('--docs', 8);
const pages = option('--pages', 20);
const connections = 50;
const profileDir = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const pagesOnly = args.includes('--pages-only');
const ADMIN_PASSWORD = 'bench-admin-123';

const root = mkdtempSync(join(tmpdir(), 'wenku-bench-scale-'));
const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const dbName = `wenku_bench_scale_${process.pid}`;
await admin.query(`create database ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const bucket = await startTestBucket('wenku-bench');
const processes: ServerProcess[] = [];
let nginx: ReturnType<typeof spawn> | undefined;
const sql = new pg.Client({ connectionString: databaseUrl });
sql.on('error', () => {});

const env = (more: Record<string, string>) => ({
  DATABASE_URL: databaseUrl,
  ADMIN_PASSWORD,
  NODE_ENV: 'production',
  DB_POOL_MAX: '10',
  WORKER_SWEEP_SECONDS: '1',
  ...more,
});
async function start(more: Record<string, string>, nodeArgs: string[] = []) {
  const p = await startServerProcess(env(more), { nodeArgs });
  processes.push(p);
  return p;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** CPU seconds a process and its children (nginx's worker) have used so far, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    // utime and stime, fields 14 and 15, in clock ticks (100 a second); the name in parentheses may hold spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return own + children.reduce((sum, child) => sum + cpuSeconds(Number(child)), 0);
  } catch {
    return Number.NaN;
  }
}

/**
 * Requests per second (median of three runs after a warm-up) and latency of one URL at 50 connections, and the CPU
 * the serving process spent per request over the three runs: on a machine shared with other work, requests per second
 * follow the scheduler, CPU per request much less.
 */
async function throughput(target: string, expect: 200 | 302 = 200, pid?: number) {
  await autocannon({ url: target, connections, duration: 2 });
  const runs: { rps: number; p50: number; p99: number }[] = [];
  const cpuBefore = cpuSeconds(pid);
  let requests = 0;
  for (let i = 0; i < 3; i++) {
    const r = await autocannon({ url: target, connections, duration: seconds });
    const bad = expect === 200 ? r.non2xx : r.non2xx - r['3xx'];
    if (bad || r.errors) throw new Error(`${target}: ${bad} unexpected answers, ${r.errors} errors`);
    runs.push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    requests += r.requests.total;
  }
  const cpuUs = ((cpuSeconds(pid) - cpuBefore) / requests) * 1e6;
  runs.sort((a, b) => a.rps - b.rps);
  return { ...(runs[1] as { rps: number; p50: number; p99: number }), cpuUs };
}

function findNginx(): string | undefined {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  try {
    console.log('installing nginx (apt-get) for the static baseline …');
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], { stdio: 'ignore' });
  } catch {
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], { stdio: 'ignore' });
    } catch {
      return undefined;
    }
  }
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
}

/** Conversions: documents waiting, then workers (one conversion each, ROLE=worker) started and timed. */
async function conversions() {
  const web = await start({ DATA_DIR: join(root, 'conv'), ROLE: 'web', STORAGE: 'local' });
  const convAdmin = await new RestClient(web.url).login('admin', ADMIN_PASSWORD);
  console.log(
    `\nconversions: ${docs} PDFs of ${pages} text pages each (${pages} preview pages), workers of 1 conversion`,
  );
  console.log('| workers | seconds | conversions/min | per worker |\n|---:|---:|---:|---:|');
  await convAdmin.putConfig({ 'converter.max_preview': String(pages) });
  for (const workers of [1, 2]) {
    const files = Array.from({ length: docs }, (_, i) => makePdf(pages, `w${workers}-${i}`));
    const running = await Promise.all(
      Array.from({ length: workers }, () =>
        start({ DATA_DIR: join(root, 'conv'), ROLE: 'worker', STORAGE: 'local', WORKER_CONCURRENCY: '1' }),
      ),
    );
    // Timed from the first upload: the workers wait, idle, for the documents to arrive.
    const started = Date.now();
    const ids: number[] = [];
    for (const [i, file] of files.entries())
      ids.push((await publishDocument(web.url, convAdmin, file, `conv ${i}`)).id);
    for (const id of ids) await waitForDocument(convAdmin, id, [2, 3], 600_000);
    const s = (Date.now() - started) / 1000;
    const perMinute = (docs / s) * 60;
    console.log(`| ${workers} | ${s.toFixed(1)} | ${perMinute.toFixed(1)} | ${(perMinute / workers).toFixed(1)} |`);
    for (const w of running) await w.stop();
  }
}

try {
  // One site on PostgreSQL with local files: a document uploaded and converted, its pages on local disk.
  const localDir = join(root, 'local');
  const converter = await start({ DATA_DIR: localDir, ROLE: 'all', STORAGE: 'local' });
  await sql.connect();
  await sql.query("update config set value = 'false' where category = 'security' and name like 'enable_captcha_%'");
  await sql.query("update config set value = '0' where category = 'security' and name = 'register_max_per_ip'");
  const siteAdmin = await new RestClient(converter.url).login('admin', ADMIN_PASSWORD);
  const doc = await publishDocument(converter.url, siteAdmin, makePdf(2, 'bench'), 'bench');
  const state = await waitForDocument(siteAdmin, doc.id, [2, 3]);
  const path = `/view/page/${doc.id}/1${state.preview_ext}`;
  const key = `previews/${doc.hash.slice(0, 5).split('').join('/')}/${doc.hash}/1${state.preview_ext}`;
  // The same files into the bucket, the way a site switches (and a check that the command works on real data).
  const copied = await runProcess('cli', ['storage:copy-to-s3'], { DATA_DIR: localDir, ...bucket.env });
  if (copied.code !== 0) throw new Error(copied.stderr);
  // Measured: web processes alone (ROLE=web), as they run behind nginx; the all-in-one process converted the page.
  await converter.stop();
  const local = await start(
    { DATA_DIR: localDir, ROLE: 'web', STORAGE: 'local' },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  // The same without the page fast path (PAGE_FAST_PATH=0): the general middlewares and router, side by side.
  const general = await start({ DATA_DIR: localDir, ROLE: 'web', STORAGE: 'local', PAGE_FAST_PATH: '0' });
  const s3 = await start({ DATA_DIR: join(root, 's3'), ROLE: 'web', ...bucket.env });
  const redirect = await start({
    DATA_DIR: join(root, 'redirect'),
    ROLE: 'web',
    ...bucket.env,
    S3_REDIRECT_SECONDS: '300',
  });
  // The bucket modes without the page fast path too: what they cost before it (paired in one run, under one load).
  const s3General = await start({
    DATA_DIR: join(root, 's3-general'),
    ROLE: 'web',
    ...bucket.env,
    PAGE_FAST_PATH: '0',
  });
  const redirectGeneral = await start({
    DATA_DIR: join(root, 'redirect-general'),
    ROLE: 'web',
    ...bucket.env,
    S3_REDIRECT_SECONDS: '300',
    PAGE_FAST_PATH: '0',
  });
  const signed = (await fetch(`${redirect.url}${path}`, { redirect: 'manual' })).headers.get('location') ?? '';

  const rows: [string, { rps: number; p50: number; p99: number; cpuUs: number }][] = [];
  const nginxBin = findNginx();
  if (nginxBin) {
    const port = await freePort();
    const frontPort = await freePort();
    const conf = join(root, 'nginx.conf');
    mkdirSync(join(root, 'nginx'), { recursive: true });
    writeFileSync(
      conf,
      `${process.getuid?.() === 0 ? 'user root; ' : ''}worker_processes 1; daemon off; pid ${root}/nginx/pid; error_log ${root}/nginx/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; include /etc/nginx/mime.types;
  client_body_temp_path ${root}/nginx/body; proxy_temp_path ${root}/nginx/proxy; fastcgi_temp_path ${root}/nginx/f;
  uwsgi_temp_path ${root}/nginx/u; scgi_temp_path ${root}/nginx/s;
  server { listen 127.0.0.1:${port}; root ${join(localDir, 'storage')};
    location / { add_header cache-control "public, max-age=2592000, immutable"; } }
  # The production front (infra/wenku-locations.conf): nginx proxying to the web process, page images cached.
  proxy_cache_path ${root}/nginx/cache levels=1:2 keys_zone=wenku_pages:10m use_temp_path=off;
  upstream wenku { server ${new URL(local.url).host}; keepalive 32; }
  upstream wenku_tus { server ${new URL(local.url).host}; }
  server { listen 127.0.0.1:${frontPort}; include ${new URL('../../infra/wenku-locations.conf', import.meta.url).pathname}; } }
`,
    );
    nginx = spawn(nginxBin, ['-c', conf], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 500));
    rows.push([
      'nginx, the file from disk (1 worker process)',
      await throughput(`http://127.0.0.1:${port}/${key}`, 200, nginx.pid),
    ]);
    const cached = await fetch(`http://127.0.0.1:${frontPort}${path}`).then(() =>
      fetch(`http://127.0.0.1:${frontPort}${path}`),
    );
    if (cached.headers.get('x-cache') !== 'HIT')
      throw new Error(`nginx in front did not cache the page (${cached.headers.get('x-cache')})`);
    rows.push([
      'nginx in front of wenku (infra config), page cached',
      await throughput(`http://127.0.0.1:${frontPort}${path}`, 200, nginx.pid),
    ]);
  }
  rows.push(['wenku web, local disk', await throughput(`${local.url}${path}`, 200, local.child.pid)]);
  rows.push([
    'wenku web, local disk, general path (PAGE_FAST_PATH=0)',
    await throughput(`${general.url}${path}`, 200, general.child.pid),
  ]);
  rows.push(['wenku web, bucket streamed through the server', await throughput(`${s3.url}${path}`, 200, s3.child.pid)]);
  rows.push([
    'wenku web, bucket streamed, general path (PAGE_FAST_PATH=0)',
    await throughput(`${s3General.url}${path}`, 200, s3General.child.pid),
  ]);
  rows.push([
    'wenku web, redirect to a signed link (302 only)',
    await throughput(`${redirect.url}${path}`, 302, redirect.child.pid),
  ]);
  rows.push([
    'wenku web, redirect, general path (PAGE_FAST_PATH=0)',
    await throughput(`${redirectGeneral.url}${path}`, 302, redirectGeneral.child.pid),
  ]);
  rows.push(['s3rver, the signed link itself (test store)', await throughput(signed)]);
  const nginxRps = nginxBin ? rows[0]?.[1].rps : undefined;
  console.log(`\n/view/page: one page (${state.preview_ext}), ${connections} connections, ${seconds} s × 3 (median)`);
  console.log('| server | req/s | p50 ms | p99 ms | × nginx | CPU µs/request |\n|---|---:|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    const ratio = nginxRps ? (r.rps / nginxRps).toFixed(2) : '–';
    const cpu = Number.isNaN(r.cpuUs) ? '–' : Math.round(r.cpuUs);
    console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${ratio} | ${cpu} |`);
  }
  for (const p of [local, general, s3, s3General, redirect, redirectGeneral]) await p.stop();
  if (!pagesOnly) await conversions();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await sql.end().catch(() => undefined);
  nginx?.kill('SIGTERM');
  for (const p of processes) await p.stop('SIGKILL').catch(() => undefined);
  await bucket.stop();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(root, { recursive: true, force: true });
}
