// Memory and start-up benchmark (issue 17): the process `npm start` runs, measured as a site owner meets it.
// For each database mode: cold start to the first answer, resident memory once idle after the first start (demo
// content seeded and converted), after a restart on the same data, and after 1,000 mixed requests.
// Usage: npm run bench:memory [-- --only embedded|server] [-- --idle-seconds 10] [-- --requests 1000]
// Prints a table; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mb, type Site, scratchDatabase, startSite, waitForConvertedDocuments } from './site.ts';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const only = arg('--only');
const idleSeconds = Number(arg('--idle-seconds') ?? 10);
const requestCount = Number(arg('--requests') ?? 1000);
const concurrency = 10;

/**
 * Lets the process settle (timers, the first GC, the worker's start-up sweep) and reads its resident memory. Idle
 * means no converter running: after a first start the worker goes on with the demo documents' later pages, text
 * layers and covers once their first page is listed, one job after another, and a LibreOffice or MuPDF child's memory
 * is the work's, not the idle server's. So the reading is taken only after `idleSeconds` without any child (a child
 * seen meanwhile starts the wait again), for up to 5 minutes, and it says how long it waited.
 */
async function idleRss(site: Site, label: string): Promise<number> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - quietSince < idleSeconds * 1000 && Date.now() - started < 300_000) {
    await new Promise((r) => setTimeout(r, 250));
    if (site.descendants() > 0) quietSince = Date.now();
  }
  const waited = Date.now() - started - idleSeconds * 1000;
  if (waited > 500) console.error(`${label}: waited ${(waited / 1000).toFixed(1)} s for converters to finish`);
  if (site.descendants() > 0) console.error(`${label}: converters still running after 5 minutes`);
  return site.rss();
}

/** The requests a visitor's phone and a crawler make: pages, lists, search, page images, tRPC batches. */
async function mixedRequests(site: Site, documentIds: number[]): Promise<{ failed: number }> {
  const ids = documentIds.length ? documentIds : [1];
  const paths = [
    '/',
    '/category',
    ...ids.map((id) => `/document/${id}`),
    '/api/v1/settings',
    '/api/v1/category/list',
    '/api/v1/document/list?page=1&size=20',
    `/api/v1/search?wd=${encodeURIComponent('文档')}`,
    ...ids.map((id) => `/view/page/${id}/1.webp`),
    `/api/trpc/system.settings,category.list?batch=1&input=${encodeURIComponent('{"0":{},"1":{"type":[0]}}')}`,
    '/sitemap.xml',
  ];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= requestCount) return;
      const path = paths[i % paths.length] as string;
      try {
        const res = await fetch(site.url + path);
        await res.arrayBuffer();
        if (res.status >= 500) failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { failed };
}

interface Row {
  mode: string;
  coldStartMs: number;
  firstIdle: number;
  restartColdStartMs: number;
  restartIdle: number;
  afterRequests: number;
  failed: number;
}

async function measureMode(mode: 'embedded' | 'server'): Promise<Row> {
  const db = mode === 'server' ? await scratchDatabase('memory') : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), `wenku-bench-memory-${mode}-`));
  try {
    const first = await startSite({ databaseUrl: db?.url, dataDir });
    let ids: number[];
    try {
      ids = await waitForConvertedDocuments(first.url);
    } catch (e) {
      await first.stop();
      throw e;
    }
    const firstIdle = await idleRss(first, `${mode} 1st start`);
    await first.stop();

    const again = await startSite({ databaseUrl: db?.url, dataDir });
    try {
      await fetch(`${again.url}/api/v1/settings`).then((r) => r.arrayBuffer());
      const restartIdle = await idleRss(again, `${mode} restart`);
      const { failed } = await mixedRequests(again, ids);
      const afterRequests = await idleRss(again, `${mode} after requests`);
      return {
        mode: mode === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL server',
        coldStartMs: first.coldStartMs,
        firstIdle,
        restartColdStartMs: again.coldStartMs,
        restartIdle,
        afterRequests,
        failed,
      };
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await db?.drop();
  }
}

const modes = (['server', 'embedded'] as const).filter((m) => !only || only === m);
const rows: Row[] = [];
for (const mode of modes) rows.push(await measureMode(mode));

console.log(
  `Memory benchmark: resident memory of the server process once ${idleSeconds} s passed without a converter after each step; ${requestCount} mixed requests, ${concurrency} at a time`,
);
console.log(
  'database'.padEnd(20),
  'first start'.padStart(12),
  'idle (1st)'.padStart(11),
  'restart'.padStart(9),
  'idle (2nd)'.padStart(11),
  `after ${requestCount} req`.padStart(16),
  'failed'.padStart(7),
);
for (const r of rows) {
  console.log(
    r.mode.padEnd(20),
    `${(r.coldStartMs / 1000).toFixed(2)} s`.padStart(12),
    mb(r.firstIdle).padStart(11),
    `${(r.restartColdStartMs / 1000).toFixed(2)} s`.padStart(9),
    mb(r.restartIdle).padStart(11),
    mb(r.afterRequests).padStart(16),
    String(r.failed).padStart(7),
  );
}
