// Start-up profile of the public pages (issue 17, total blocking time): loads each page in Debian Chromium with a
// phone's viewport and the CPU slowed down (CDP Emulation.setCPUThrottlingRate, 4× as Lighthouse's mobile preset
// assumes), records a CPU profile from navigation until the app is live (`<html data-ready>`) and the page is quiet,
// and prints per page:
// - the long tasks the page itself reported (PerformanceObserver 'longtask'), their sum and their blocking time (the
//   part of each beyond 50 ms, summed as Lighthouse's TBT does, though here measured rather than simulated);
// - the busy stretches of the main thread in the CPU profile longer than 50 ms, each with its heaviest functions
//   (self time) and source positions, and the heaviest functions over all of them (self and inclusive);
// - from a trace, the CPU time of the main thread's tasks (thread time: what a busy machine does not stretch), the
//   longest, and the blocking time they would make on a phone four times slower (Σ max(0, 4/rate × task − 50 ms) over
//   the tasks after the first contentful paint): the figure to compare before/after on a shared machine.
// Usage: npm run bench:boot [-- --url http://host:port] (repeatable: several sites measured in turns, for paired
//        before/after figures under the same load) [-- --only /document/{id}] [-- --runs 3] [-- --rate 4]
//        [-- --top 12] [-- --quiet] (tables only) [-- --save DIR] (each run's CPU profile, for Chromium's DevTools)
// Without --url it starts a freshly seeded site as bench:web does. Minified names: build the web app with
// `WENKU_SOURCEMAP=1 npm run build -w @wenku/web` and the positions are mapped back to sources (dist/assets/*.map).
// Asserts nothing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { pagesOf, type Site, scratchDatabase, startSite, waitForConvertedDocuments } from './site.ts';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const urls = args.flatMap((a, i) => (a === '--url' && args[i + 1] ? [args[i + 1] as string] : []));
const only = arg('--only');
const runs = Math.max(1, Number(arg('--runs') ?? 1));
const rate = Math.max(1, Number(arg('--rate') ?? 4));
const top = Math.max(1, Number(arg('--top') ?? 12));
const saveDir = arg('--save');
let saved = 0;
const quiet = args.includes('--quiet');

const root = new URL('../../', import.meta.url).pathname;
const webDist = process.env.WEB_DIST ?? join(root, 'apps', 'web', 'dist');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
/** `file.js:line:col` of a frame, mapped to its source and name when the build left a source map. */
function where(frame: CallFrame): string {
  if (!frame.url) return '';
  const file = frame.url.replace(/^https?:\/\/[^/]+\//, '').replace(/\?.*$/, '');
  let map = maps.get(file);
  if (map === undefined) {
    const path = join(webDist, `${file}.map`);
    map = existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null;
    maps.set(file, map);
  }
  if (map) {
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (pos.source) {
      const source = pos.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '~/');
      return `${source}:${pos.line}${pos.name ? ` (${pos.name})` : ''}`;
    }
  }
  return `${file.replace(/^assets\//, '')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
}

const label = (frame: CallFrame) => {
  const name = frame.functionName || (frame.url ? '(anonymous)' : '');
  const pos = where(frame);
  return pos ? `${name} ${pos}` : name;
};

interface Stretch {
  startMs: number;
  durMs: number;
  self: Map<string, number>;
}

/**
 * Splits the profile's samples into busy stretches (consecutive samples not idle; a gap of idle under 1 ms joins
 * two) and sums self and inclusive time per function over the stretches longer than 50 ms.
 */
function analyse(profile: Profile, navStartUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) (byId.get(c) as ProfileNode).parent = n.id;
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  let idleUs = 0;
  let t = profile.startTime;
  const longSelf = new Map<string, number>();
  const longTotal = new Map<string, number>();
  const pending: { node: ProfileNode; dt: number }[] = [];
  const flush = () => {
    if (current && current.durMs > 50) {
      stretches.push(current);
      for (const { node, dt } of pending) {
        const ms = dt / 1000;
        const self = label(node.callFrame);
        current.self.set(self, (current.self.get(self) ?? 0) + ms);
        longSelf.set(self, (longSelf.get(self) ?? 0) + ms);
        const seen = new Set<string>();
        for (let n: ProfileNode | undefined = node; n; n = n.parent ? byId.get(n.parent) : undefined) {
          const l = label(n.callFrame);
          if (!l || l === '(root)' || seen.has(l)) continue;
          seen.add(l);
          longTotal.set(l, (longTotal.get(l) ?? 0) + ms);
        }
      }
    }
    current = null;
    pending.length = 0;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(profile.samples[i] as number) as ProfileNode;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idleUs += dt;
      if (idleUs >= 1000) flush();
      continue;
    }
    if (!current) current = { startMs: (t - navStartUs) / 1000, durMs: 0, self: new Map() };
    const cur = current as Stretch;
    cur.durMs = (t + dt - navStartUs) / 1000 - cur.startMs;
    idleUs = 0;
    pending.push({ node, dt });
  }
  flush();
  return { stretches, longSelf, longTotal };
}

const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);

/**
 * The main thread's tasks from a Chromium trace, by their thread (CPU) time rather than their wall time: a busy
 * machine stretches wall time, not the CPU time a task needs. Tasks of the page's renderer from navigation on.
 */
function traceTasks(trace: { traceEvents: TraceEvent[] }): {
  cpuMs: number[];
  afterFcpMs: number[];
  heaviest: string[];
} {
  const events = trace.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const main = nav ? `${nav.pid}:${nav.tid}` : '';
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'RunTask' &&
      (main ? `${e.pid}:${e.tid}` === main : mains.has(`${e.pid}:${e.tid}`)) &&
      (!nav || e.ts >= nav.ts),
  );
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  // The longest tasks, with what they did (the trace's events inside them, by name, wall time).
  const heaviest = [...tasks]
    .sort((a, b) => cpu(b) - cpu(a))
    .slice(0, 4)
    .map((t) => {
      const inside = new Map<string, number>();
      for (const e of events) {
        if (e.ph !== 'X' || e === t || e.pid !== t.pid || e.tid !== t.tid) continue;
        if (e.ts < t.ts || e.ts + (e.dur ?? 0) > t.ts + (t.dur ?? 0)) continue;
        inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const what = [...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)}`)
        .join(', ');
      return `${cpu(t).toFixed(0)} ms CPU at ${((t.ts - (nav?.ts ?? t.ts)) / 1000).toFixed(0)} ms: ${what}`;
    });
  return { cpuMs: tasks.map(cpu), afterFcpMs: tasks.filter((e) => e.ts >= (fcp?.ts ?? 0)).map(cpu), heaviest };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean } };
}

/**
 * Lighthouse's mobile preset takes a phone's CPU to be four times slower than the machine it runs on. Chromium's CPU
 * throttling shows in the thread time too, so a run at `--rate 4` is counted as it is, one at `--rate 1` four times.
 */
const PHONE = 4;

interface PageRun {
  /** CPU time of each main-thread task from navigation on (ms, unthrottled machine). */
  cpuTasks: number[];
  /** The same, of the tasks from the first contentful paint on. */
  cpuAfterFcp: number[];
  /** The longest tasks by CPU time, with the trace events inside them. */
  heaviest: string[];
  longTasks: { startMs: number; durMs: number }[];
  fcpMs: number;
  loadMs: number;
  stretches: Stretch[];
  longSelf: Map<string, number>;
  longTotal: Map<string, number>;
}

async function profilePage(browser: import('playwright-core').Browser, url: string): Promise<PageRun> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  });
  // The page notes its own long tasks from the start.
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: { startMs: number; durMs: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ startMs: e.startTime, durMs: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'toplevel'],
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready]', { timeout: 60_000 });
  // Quiet: what the app does right after it is live (effects, text layers, late chunks) is part of the start.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(join(saveDir, `${++saved}.cpuprofile`), JSON.stringify(profile));
  }
  const trace = traceTasks(JSON.parse((await browser.stopTracing()).toString()));
  const marks = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      longTasks: (window as unknown as { __longTasks: { startMs: number; durMs: number }[] }).__longTasks,
      fcpMs: fcp?.startTime ?? 0,
      loadMs: nav?.loadEventEnd ?? 0,
      now: performance.now(),
    };
  });
  // The profile's clock is the monotonic one; performance.now() is on it too, offset by the time origin. The last
  // sample is taken close to `now`, which anchors the two.
  const profileEndUs = profile.endTime;
  const navStartUs = profileEndUs - marks.now * 1000;
  const { stretches, longSelf, longTotal } = analyse(profile, navStartUs);
  await context.close();
  return {
    cpuTasks: trace.cpuMs,
    cpuAfterFcp: trace.afterFcpMs,
    heaviest: trace.heaviest,
    longTasks: marks.longTasks,
    fcpMs: marks.fcpMs,
    loadMs: marks.loadMs,
    stretches,
    longSelf,
    longTotal,
  };
}

const blocking = (tasks: { startMs: number; durMs: number }[], fromMs: number) =>
  tasks.filter((t) => t.startMs >= fromMs).reduce((n, t) => n + Math.max(0, t.durMs - 50), 0);

let site: Site | undefined;
let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
if (urls.length === 0) {
  db = await scratchDatabase('boot');
  site = await startSite({ databaseUrl: db.url });
  urls.push(site.url);
  await waitForConvertedDocuments(site.url);
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const pages = await pagesOf(urls[0] as string);
  console.log(`CPU ${rate}× slower, mobile viewport; ${runs} run(s) per page and site, sites in turns`);
  const rows: string[] = [];
  for (const [name, path] of pages) {
    if (only && only !== name) continue;
    const perSite = urls.map(() => [] as PageRun[]);
    for (let i = 0; i < runs; i++) {
      for (const [s, base] of urls.entries()) perSite[s]?.push(await profilePage(browser, base + path));
    }
    for (const [s, base] of urls.entries()) {
      const all = perSite[s] as PageRun[];
      const avg = (f: (r: PageRun) => number) => all.reduce((n, r) => n + f(r), 0) / all.length;
      const who = urls.length > 1 ? ` @ ${base}` : '';
      rows.push(
        [
          `${name}${who}`.padEnd(urls.length > 1 ? 44 : 16),
          avg((r) => r.longTasks.length)
            .toFixed(1)
            .padStart(6),
          avg((r) => r.longTasks.reduce((n, t) => n + t.durMs, 0))
            .toFixed(0)
            .padStart(9),
          avg((r) => blocking(r.longTasks, r.fcpMs))
            .toFixed(0)
            .padStart(9),
          avg((r) => Math.max(0, ...r.longTasks.map((t) => t.durMs)))
            .toFixed(0)
            .padStart(8),
          avg((r) => r.stretches.reduce((n, x) => n + x.durMs, 0))
            .toFixed(0)
            .padStart(11),
          avg((r) => r.fcpMs)
            .toFixed(0)
            .padStart(7),
          avg((r) => r.cpuTasks.reduce((n, t) => n + t, 0))
            .toFixed(0)
            .padStart(8),
          avg((r) => Math.max(0, ...r.cpuTasks))
            .toFixed(0)
            .padStart(8),
          avg((r) => r.cpuAfterFcp.reduce((n, t) => n + Math.max(0, (PHONE / rate) * t - 50), 0))
            .toFixed(0)
            .padStart(10),
        ].join(' '),
      );
      if (quiet) continue;
      const last = all[all.length - 1] as PageRun;
      console.log(`\n== ${name}${who} (last run)`);
      console.log(
        '  long tasks (start ms, duration ms):',
        last.longTasks.map((t) => `${t.startMs.toFixed(0)}+${t.durMs.toFixed(0)}`).join('  '),
      );
      console.log('  longest tasks (trace):');
      for (const h of last.heaviest) console.log(`    ${h}`);
      for (const st of last.stretches) {
        console.log(`  busy ${st.startMs.toFixed(0)} ms, ${st.durMs.toFixed(0)} ms:`);
        for (const [f, ms] of sorted(st.self).slice(0, 6)) console.log(`      ${ms.toFixed(1).padStart(7)}  ${f}`);
      }
      console.log('  heaviest over stretches > 50 ms, self:');
      for (const [f, ms] of sorted(last.longSelf).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(7)}  ${f}`);
      console.log('  inclusive:');
      for (const [f, ms] of sorted(last.longTotal).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(7)}  ${f}`);
    }
  }
  console.log(
    `\n${'page'.padEnd(urls.length > 1 ? 44 : 16)} ${'tasks'.padStart(6)} ${'long ms'.padStart(9)} ${'block ms'.padStart(9)} ${'max ms'.padStart(8)} ${'busy>50 ms'.padStart(11)} ${'FCP ms'.padStart(7)} ${'CPU ms'.padStart(8)} ${'max CPU'.padStart(8)} ${'4×CPU blk'.padStart(10)}`,
  );
  for (const r of rows) console.log(r);
} finally {
  await browser.close();
  await site?.stop();
  await db?.drop();
}
