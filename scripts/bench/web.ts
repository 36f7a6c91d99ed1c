// Public-page benchmark (issue 17): Lighthouse 12.2.3 (mobile preset, simulated throttling) on Debian Chromium against
// a freshly seeded site started as `npm start` runs it. Prints, per page, the four category scores, LCP, TBT, CLS,
// the number of requests, and the JavaScript the page loaded: as transferred, uncompressed, and gzip-compressed; and
// beside it the JavaScript a phone visitor has loaded once they use the page (a painted page waits for them).
// Usage: npm run bench:web [-- --embedded] [-- --runs 3] [-- --url http://host:port (an already running site)]
//        [-- --only /document/{id}] (one page of the table, by its name) [-- --save DIR] (each run's report and trace as JSON)
// Lighthouse is installed on first use into .bench/lighthouse (pinned here; 13 needs Node 22), nothing global.
// Asserts nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { pagesOf, type Site, scratchDatabase, startSite, waitForConvertedDocuments } from './site.ts';

const LIGHTHOUSE_VERSION = '12.2.3';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const embedded = args.includes('--embedded');
const runs = Math.max(1, Number(arg('--runs') ?? 3));
const givenUrl = arg('--url');
const only = arg('--only');
const saveDir = arg('--save');

const root = new URL('../../', import.meta.url).pathname;
const lhDir = join(root, '.bench', 'lighthouse');

function ensureLighthouse(): string {
  const pkg = join(lhDir, 'node_modules', 'lighthouse', 'package.json');
  if (
    !existsSync(pkg) ||
    !execFileSync('node', ['-p', `require(${JSON.stringify(pkg)}).version`])
      .toString()
      .includes(LIGHTHOUSE_VERSION)
  ) {
    mkdirSync(lhDir, { recursive: true });
    console.log(`installing lighthouse@${LIGHTHOUSE_VERSION} into .bench/lighthouse …`);
    execFileSync(
      'npm',
      ['install', '--prefix', lhDir, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  return join(lhDir, 'node_modules');
}

interface LhResult {
  /** Set when Lighthouse could not measure the page (NO_FCP on a machine too busy to paint in time…). */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { url: string; resourceType?: string; transferSize?: number; resourceSize?: number }[] };
    }
  >;
}

interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  requests: number;
  jsTransferred: number;
  jsRaw: number;
  jsGzip: number;
}

const gzipCache = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const hit = gzipCache.get(url);
  if (hit !== undefined) return hit;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const size = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  gzipCache.set(url, size);
  return size;
}

async function figures(lhr: LhResult): Promise<PageFigures> {
  const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  let jsGzip = 0;
  for (const s of scripts) jsGzip += await gzipSize(s.url);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    requests: items.length,
    jsTransferred: scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0),
    jsRaw: scripts.reduce((n, s) => n + (s.resourceSize ?? 0), 0),
    jsGzip,
  };
}

/**
 * The JavaScript (gzip bytes) a phone visitor has loaded once they start using the page and the app has taken it
 * over: a phone's screen in Chromium (no throttling), a key pressed after the load (a painted page waits for its
 * visitor, apps/web/src/lib/take-over-on-intent.ts), then until `<html data-ready>` and a moment more. Lighthouse's
 * column is what the page loads while it is only read.
 */
async function jsOnceUsed(pageUrl: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    await page.keyboard.press('Shift');
    await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(1500);
    let total = 0;
    for (const s of new Set(scripts)) total += await gzipSize(s);
    return total;
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const modules = ensureLighthouse();
const lighthouse = (await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')).href)).default as (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LhResult; artifacts?: { Trace?: unknown } } | undefined>;
const chromeLauncher = (await import(pathToFileURL(join(modules, 'chrome-launcher', 'dist', 'index.js')).href)) as {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> }>;
};

let site: Site | undefined;
let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
let url = givenUrl;
if (!url) {
  db = embedded ? undefined : await scratchDatabase('web');
  site = await startSite({ databaseUrl: db?.url });
  url = site.url;
  await waitForConvertedDocuments(url);
}
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const pages = await pagesOf(url);
  console.log(
    `Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated throttling), median of ${runs} runs per page; database ${givenUrl ? 'as given' : embedded ? 'embedded (PGlite)' : 'PostgreSQL server'}`,
  );
  console.log(
    'page'.padEnd(16),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'bp'.padStart(4),
    'seo'.padStart(4),
    'LCP ms'.padStart(7),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
    'reqs'.padStart(5),
    'JS sent KB'.padStart(11),
    'JS raw KB'.padStart(10),
    'JS gzip KB'.padStart(11),
    'used gzip KB'.padStart(13),
  );
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const [name, path] of pages) {
    if (only && only !== name) continue;
    const all: PageFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const out = await lighthouse(url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!out) throw new Error(`lighthouse gave no result for ${path}`);
      if (saveDir) {
        const file = `${name.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
        writeFileSync(join(saveDir, file), JSON.stringify(out.lhr));
        // The run's trace beside it (open in Chromium's performance panel), for what the long tasks were.
        if (out.artifacts?.Trace)
          writeFileSync(join(saveDir, file.replace(/\.json$/, '.trace.json')), JSON.stringify(out.artifacts.Trace));
      }
      // A run Lighthouse could not measure scores 0 everywhere: left out of the median, and said so.
      if (out.lhr.runtimeError) {
        console.log(`  (${path}: run ${i + 1} not measured: ${out.lhr.runtimeError.code})`);
        continue;
      }
      all.push(await figures(out.lhr));
    }
    if (all.length === 0) {
      console.log(name.padEnd(16), 'not measured');
      continue;
    }
    const m = (k: keyof PageFigures) => median(all.map((f) => f[k]));
    const kb = (n: number) => (n / 1024).toFixed(0);
    console.log(
      name.padEnd(16),
      String(m('performance')).padStart(5),
      String(m('accessibility')).padStart(5),
      String(m('bestPractices')).padStart(4),
      String(m('seo')).padStart(4),
      m('lcpMs').toFixed(0).padStart(7),
      m('tbtMs').toFixed(0).padStart(7),
      m('cls').toFixed(3).padStart(6),
      String(m('requests')).padStart(5),
      kb(m('jsTransferred')).padStart(11),
      kb(m('jsRaw')).padStart(10),
      kb(m('jsGzip')).padStart(11),
      kb(await jsOnceUsed(url + path)).padStart(13),
    );
  }
} finally {
  await chrome.kill();
  await site?.stop();
  await db?.drop();
}
