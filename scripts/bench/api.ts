// API overhead benchmark (issue 2): requests/s and p50/p99 of the real endpoints against bare Express routes doing
// the same query, at 100 concurrent connections (issue 17's target: ≥ 0.7× the bare route, p99 < 50 ms). Prints a
// table and the ratios; asserts nothing.
// Usage: npm run bench:api [-- --embedded] [-- --seconds 5] [-- --rounds 3] [-- --warmup 5] [-- --connections 100]
// [-- --only tRPC] (only: the calls whose title has it)
// Uses DATABASE_URL, else TEST_DATABASE_URL, else the local server's `postgres` database (a scratch database is
// created there and dropped after); --embedded uses a fresh embedded database instead.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.ts';

const args = process.argv.slice(2);
const embedded = args.includes('--embedded');
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 5;
// Real and bare route alternate for this many rounds and the medians are printed: the load generator, PostgreSQL and
// the server share two cores, and one long run of each swung by a factor of two from run to run.
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3;
// A route's code runs slowly until V8 has optimised it: on a two-core machine sharing the cores with the load
// generator and PostgreSQL that took the real routes ~4 s, so with 2 s of warm-up the first seconds measured were
// still warm-up (the real route, measured first, lost most from it).
const warmup = Number(args[args.indexOf('--warmup') + 1]) || 5;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const connections = Number(args[args.indexOf('--connections') + 1]) || 100;

const server = await startBenchServer({ embedded });
const { base, child } = server;

/**
 * CPU seconds the server process has used (Linux /proc; undefined elsewhere). On a small machine the load generator,
 * PostgreSQL and the server share the cores, so req/s swings between runs; server CPU per request is the steadier
 * figure of what the server itself does per call.
 */
function serverCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function measure(path: string) {
  const cpuBefore = serverCpuSeconds();
  const r = await autocannon({ url: base + path, connections, duration: seconds });
  const cpuAfter = serverCpuSeconds();
  if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const cpuUs =
    cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / r.requests.total;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Warms both routes up, then measures them alternately; medians of the rounds, ratio the median of round ratios. */
async function pair(path: string, barePath: string) {
  for (const p of [path, barePath]) await autocannon({ url: base + p, connections, duration: warmup });
  const real: Awaited<ReturnType<typeof measure>>[] = [];
  const bare: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first so a drift of the machine's load does not favour one side.
    if (round % 2) bare.push(await measure(barePath));
    real.push(await measure(path));
    if (!(round % 2)) bare.push(await measure(barePath));
  }
  const summary = (xs: typeof real) => ({
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    cpuUs: xs.every((x) => x.cpuUs !== undefined) ? median(xs.map((x) => x.cpuUs as number)) : undefined,
  });
  return { real: summary(real), bare: summary(bare), ratio: median(real.map((x, i) => x.rps / (bare[i]?.rps ?? 1))) };
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
  `API benchmark: ${connections} connections, median of ${rounds} alternating ${seconds} s runs after ${warmup} s of warm-up, database ${embedded ? 'embedded (PGlite)' : 'PostgreSQL server'}`,
);
console.log(
  'endpoint'.padEnd(34),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'CPU µs/req'.padStart(11),
  '  ratio to bare',
);
try {
  for (const [title, path, bareTitle, barePath] of pairs) {
    if (only && !title.includes(only)) continue;
    const { real, bare, ratio } = await pair(path, barePath);
    for (const [name, x] of [
      [title, real],
      [bareTitle, bare],
    ] as const) {
      console.log(
        name.padEnd(34),
        x.rps.toFixed(0).padStart(8),
        String(x.p50).padStart(8),
        String(x.p99).padStart(8),
        (x.cpuUs === undefined ? '-' : x.cpuUs.toFixed(0)).padStart(11),
        x === real ? `  ${ratio.toFixed(2)}×` : '',
      );
    }
  }
} finally {
  await server.stop();
}
