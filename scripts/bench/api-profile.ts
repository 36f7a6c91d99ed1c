// CPU profile of the API bench server under load: boots scripts/bench/api-server.ts with `--cpu-prof`, drives one
// path with autocannon, stops the server and prints the top self-time and inclusive-time frames of the profile.
// Usage: node --import tsx scripts/bench/api-profile.ts <path> [--seconds 8] [--out dir] [--top 30]
// e.g.   node --import tsx scripts/bench/api-profile.ts '/api/trpc/category.list?input=%7B%22type%22%3A%5B0%5D%7D'
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundledApiServer, startFlags } from './bench-server.ts';

const args = process.argv.slice(2);
const path = args[0] ?? '/api/v1/category/list?type=0';
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 8;
const topN = Number(args[args.indexOf('--top') + 1]) || 30;
const outDir = args.includes('--out') ? String(args[args.indexOf('--out') + 1]) : mkdtempSync(join(tmpdir(), 'prof-'));

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const name = `wenku_prof_${process.pid}`;
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wenku-prof-'));
let requests = 0;
const start = startFlags();
const child = spawn(
  process.execPath,
  [...start.flags, '--cpu-prof', `--cpu-prof-dir=${outDir}`, await bundledApiServer()],
  {
    env: { ...process.env, ...start.env, DATA_DIR: dataDir, DATABASE_URL: url.toString(), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve, reject) => {
  child.stdout.on('data', (d: Buffer) => {
    const m = /READY (\d+)/.exec(d.toString());
    if (m) resolve(Number(m[1]));
  });
  child.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
});
try {
  await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 50, duration: 2 });
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 50, duration: seconds });
  console.log(`${path}: ${r.requests.average.toFixed(0)} req/s, ${r.requests.total} requests, ${r.non2xx} non-2xx`);
  requests = r.requests.total;
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = readdirSync(outDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${outDir}`);
const profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number } = JSON.parse(
  readFileSync(join(outDir, file), 'utf8'),
);
// Only the measured window: the last `seconds` of the profile less the shutdown (boot and warm-up left out).
const times: number[] = [];
let acc = 0;
for (const d of profile.timeDeltas) {
  acc += d;
  times.push(acc);
}
const windowEnd = acc - 300_000;
const windowStart = windowEnd - seconds * 1_000_000;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  if ((times[i] as number) < windowStart || (times[i] as number) > windowEnd) continue;
  const id = profile.samples[i] as number;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const label = (n: Node) => {
  const f = n.callFrame;
  const where = f.url.replace(/^.*node_modules\//, '~').replace(/^file:\/\/\/work\/main\//, '');
  return `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
};
const total = [...self.values()].reduce((a, b) => a + b, 0);
const selfBy = new Map<string, number>();
const inclBy = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id) as Node;
  selfBy.set(label(n), (selfBy.get(label(n)) ?? 0) + t);
  // Inclusive: every distinct frame label on the stack gets the sample once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur) as Node);
    if (seen.has(l)) continue;
    seen.add(l);
    inclBy.set(l, (inclBy.get(l) ?? 0) + t);
  }
}
const top = (m: Map<string, number>, k: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([l, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${l}`)
    .join('\n');
const packages = new Map<string, number>();
for (const [id, t] of self) {
  const u = (byId.get(id) as Node).callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  const key = m ? m[1] : u.startsWith('node:') ? 'node:*' : u ? u.replace(/^file:\/\/\/work\/main\//, '') : '(vm)';
  packages.set(key as string, (packages.get(key as string) ?? 0) + t);
}
const idle = [...self.entries()]
  .filter(([id]) => (byId.get(id) as Node).callFrame.functionName === '(idle)')
  .reduce((a, [, t]) => a + t, 0);
console.log(`profile ${join(outDir, file)}, ${(total / 1000).toFixed(0)} ms sampled in the window`);
console.log(`busy CPU per request ≈ ${((total - idle) / (requests || 1)).toFixed(0)} µs`);
console.log(`\n== self time by package/file\n${top(packages, 20)}`);
console.log(`\n== top self time\n${top(selfBy, topN)}`);
console.log(`\n== top inclusive time\n${top(inclBy, topN + 20)}`);
