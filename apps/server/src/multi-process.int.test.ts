import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, publishDocument, waitForDocument } from './testing/files.ts';
import { countStatus, RestClient, TEST_ADMIN_PASSWORD, uniqueAddress } from './testing/harness.ts';
import { type ServerProcess, startServerProcess } from './testing/process.ts';
import { startTestBucket, type TestBucket } from './testing/s3.ts';

/**
 * The site on several machines: two web processes (ROLE=web) and workers (ROLE=worker) as separate processes on one
 * PostgreSQL database (new, so the processes starting at once also migrate it together) and one S3 bucket, each with
 * a DATA_DIR of its own (nothing is shared through a disk). Web B redirects to signed links where web A streams.
 */
let bucket: TestBucket;
let webA: ServerProcess;
let webB: ServerProcess;
let a: RestClient;
let b: RestClient;
let admin: RestClient;
const folders: string[] = [];
const workers: ServerProcess[] = [];
/** What the workers said about conversions, in the order the test heard it. */
const conversionLog: { worker: number; id: number; event: string }[] = [];

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wenku-mp-'));
  folders.push(dir);
  return dir;
};

/** A database of this test's own, new: the processes starting at once on it migrate and seed it one at a time. */
const database = new URL(inject('databaseUrl'));
database.pathname = `/wenku_mp_${process.pid}_${Date.now()}`;
const databaseUrl = database.toString();
let server: pg.Client;

function siteEnv(role: 'web' | 'worker', more: Record<string, string> = {}) {
  return {
    ...bucket.env,
    ROLE: role,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: folder(),
    WORKER_SWEEP_SECONDS: '1',
    WORKER_STALE_SECONDS: '6',
    ...more,
  };
}

/** The stored hash of a captcha's answer (the tests find the answer from it, as a reader of the image would). */
async function captchaHash(id: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query('select answer_hash from captcha where id = $1', [id])).rows[0]?.answer_hash ?? '';
  } finally {
    await client.end();
  }
}

async function startWorker(concurrency = 2): Promise<ServerProcess> {
  const n = workers.length;
  const w = await startServerProcess(siteEnv('worker', { WORKER_CONCURRENCY: String(concurrency) }), {
    onLine(line) {
      const m = /^conversion: document (\d+) (\w+)/.exec(line);
      if (m) conversionLog.push({ worker: n, id: Number(m[1]), event: m[2] ?? '' });
    },
  });
  workers.push(w);
  return w;
}

beforeAll(async () => {
  const postgres = new URL(inject('databaseUrl'));
  postgres.pathname = '/postgres';
  server = new pg.Client({ connectionString: postgres.toString() });
  await server.connect();
  await server.query(`create database ${database.pathname.slice(1)}`);
  bucket = await startTestBucket();
  // A built web app is not needed: a shell of our own shows what the server renders into it.
  const shell = folder();
  writeFileSync(
    join(shell, 'index.html'),
    '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  [webA, webB] = await Promise.all([
    startServerProcess(siteEnv('web', { WEB_DIST: shell })),
    startServerProcess(siteEnv('web', { WEB_DIST: shell, S3_REDIRECT_SECONDS: '60' })),
    startWorker(),
  ]);
  a = new RestClient(webA.url);
  b = new RestClient(webB.url);
  // As for every test: no captchas, no registration limit per address (every process hears of the change).
  const site = new pg.Client({ connectionString: databaseUrl });
  await site.connect();
  await site.query(
    "update config set value = 'false' where category = 'security' and name in ('enable_captcha_login', 'enable_captcha_register')",
  );
  await site.query("update config set value = '0' where category = 'security' and name = 'register_max_per_ip'");
  await site.end();
  admin = await a.admin();
}, 180_000);

afterAll(async () => {
  await Promise.all([webA, webB, ...workers].map((p) => p?.stop('SIGKILL')));
  await bucket?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await server.query(`drop database if exists ${database.pathname.slice(1)} with (force)`);
  await server.end();
});

describe('two web processes and separate workers on one database and one bucket', () => {
  it('converts in a worker what was uploaded through web A, and web B serves it by signed links', async () => {
    const { client } = await a.registerMember('mpa');
    const pdf = makePdf(2);
    const doc = await publishDocument(webA.url, client, pdf, '多进程文档');
    // A member's document waits for review; approved through web B, it is queued for the workers.
    expect((await admin.withBase(webB.url).put('/document/check', { id: [doc.id], status: 0 })).status).toBe(200);
    const done = await waitForDocument(client.withBase(webB.url), doc.id, [2, 3]);
    expect(done.status).toBe(2);

    const path = `/view/page/${doc.id}/1${done.preview_ext}`;
    const streamed = await fetch(`${webA.url}${path}`);
    expect(streamed.status).toBe(200);
    const page = Buffer.from(await streamed.arrayBuffer());
    const redirect = await fetch(`${webB.url}${path}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('cache-control')).toBe('private, no-store');
    const signed = redirect.headers.get('location') ?? '';
    expect(signed.startsWith(bucket.endpoint)).toBe(true);
    const fromBucket = await fetch(signed);
    expect(fromBucket.status).toBe(200);
    // The bucket answers with the headers the server would have sent itself.
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect(fromBucket.headers.get('content-type')).toBe(streamed.headers.get('content-type'));
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(page)).toBe(true);
    // The access check stays on the server: a page past the document's previews is refused, not redirected.
    expect((await fetch(`${webB.url}/view/page/${doc.id}/9${done.preview_ext}`, { redirect: 'manual' })).status).toBe(
      404,
    );

    const link = await client.withBase(webB.url).get<{ url: string }>('/document/download', { id: doc.id });
    expect(link.status).toBe(200);
    const download = await fetch(`${webB.url}${link.body.url}`, { redirect: 'manual' });
    expect(download.status).toBe(302);
    const file = await fetch(download.headers.get('location') ?? '');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    // Disabled through web A: web B, which keeps what its page checks read, hears of it from PostgreSQL and refuses
    // the page to others (a missed announcement would keep it readable there for a minute).
    expect((await admin.put('/document/check', { id: [doc.id], status: 4 })).status).toBe(200);
    let refused = 0;
    for (let i = 0; i < 100 && refused !== 404; i++) {
      refused = (await fetch(`${webB.url}${path}`, { redirect: 'manual' })).status;
      if (refused !== 404) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(404);
    // Only its owner may see it now: its pages stream through the server (no signed link leaves it).
    const own = await fetch(`${webB.url}${path}`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(page)).toBe(true);
  }, 120_000);

  it('holds sign-in limits, revoked tokens, captchas and settings across the web processes', async () => {
    const member = await a.registerMember('mpl');
    // One budget of 10 failures per account and address, whichever process counts them.
    const from = uniqueAddress();
    const guesses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        (i % 2 ? a : b).fromAddress(from).post('/user/login', { username: member.username, password: `bad-${i}` }),
      ),
    );
    expect(countStatus(guesses, 400)).toBe(10);
    const right = { username: member.username, password: member.password };
    expect((await b.fromAddress(from).post('/user/login', right)).status).toBe(429);

    const signedIn = await a.login(member.username, member.password);
    expect((await signedIn.withBase(webB.url).delete('/user/logout')).status).toBe(200);
    expect((await signedIn.put('/user/profile', { signature: 'x' })).status).toBe(401);

    const settings = await admin.get<{ config: { category: string; name: string; value: string }[] }>('/config/list', {
      category: ['security', 'captcha', 'system'],
    });
    const before = Object.fromEntries(settings.body.config.map((c) => [`${c.category}.${c.name}`, c.value]));
    const restore = (keys: string[]) => admin.putConfig(Object.fromEntries(keys.map((k) => [k, before[k] ?? ''])));
    const captchaOf = (web: RestClient) => web.get<{ enable: boolean; id: string }>('/user/captcha', { type: 'login' });
    try {
      // Web B has just read the settings; a change through web A applies there at once, not after its cache.
      expect((await captchaOf(b)).body.enable).toBe(false);
      const title = `多进程站点 ${Date.now()}`;
      expect(await (await fetch(`${webB.url}/`)).text()).not.toContain(title);
      await admin.putConfig({
        'security.enable_captcha_login': 'true',
        'captcha.type': 'digit',
        'captcha.length': '4',
        'system.title': title,
      });
      // PostgreSQL announces the change on commit and web B drops its settings then: well inside the cache's 5 s
      // lifetime (the bound for a lost announcement), though not before A's answer, as the announcement travels apart.
      const announced = { timeout: 4_000, interval: 50 };
      await expect.poll(async () => (await captchaOf(b)).body.enable, announced).toBe(true);
      const issued = await captchaOf(b);
      expect(await (await fetch(`${webB.url}/`)).text()).toContain(title);

      // A captcha drawn by web B is answered through web A, once.
      const answerHash = await captchaHash(issued.body.id);
      const answer = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).find(
        (n) => createHash('sha256').update(`${issued.body.id}:${n}`).digest('hex') === answerHash,
      );
      const login = { username: member.username, password: member.password, captcha_id: issued.body.id };
      expect((await a.post('/user/login', { ...login, captcha: answer })).status).toBe(200);
      expect((await b.post('/user/login', { ...login, captcha: answer })).status).toBe(400);
    } finally {
      await restore(['security.enable_captcha_login', 'captcha.type', 'captcha.length', 'system.title']);
    }
  }, 60_000);

  it('keeps the quota of unfinished resumable uploads across the web processes', async () => {
    const { client } = await a.registerMember('mpq');
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${i % 2 ? webA.url : webB.url}/api/v1/upload/tus`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${client.token}`,
            'tus-resumable': '1.0.0',
            'upload-length': '1000',
            'upload-metadata': `filename ${Buffer.from('配额.pdf').toString('base64')}`,
          },
        }),
      ),
    );
    expect(created.filter((r) => r.status === 201)).toHaveLength(5);
    expect(created.filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('finishes a conversion whose worker was killed, and never lets two workers convert one document at once', async () => {
    await admin.putConfig({ 'converter.max_preview': '60' });
    try {
      const doc = await publishDocument(webA.url, admin, makePdf(60), '中断的转换');
      const get = async () =>
        (await admin.get<{ status: number; preview: number; pages: number }>('/document', { id: doc.id })).body;
      for (let i = 0; i < 600; i++) {
        const d = await get();
        if (d.status === 1 && d.preview >= 2) break;
        if (d.status === 2) throw new Error('converted before it could be interrupted');
        await new Promise((r) => setTimeout(r, 100));
      }
      await workers[0]?.stop('SIGKILL');
      const interrupted = await get();
      expect(interrupted.status).toBe(1);
      expect(interrupted.preview).toBeLessThan(60);

      // Two workers take over; once one converts again, the document is queued once more in the middle of it.
      await Promise.all([startWorker(1), startWorker(1)]);
      const restarted = () => conversionLog.filter((e) => e.id === doc.id && e.worker > 0 && e.event === 'started');
      for (let i = 0; i < 600 && restarted().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await admin.put('/document/reconvert', { id: [doc.id] })).status).toBe(200);

      // The new workers' conversions of this document, as they told them (their lines may arrive after the status).
      const events = () => conversionLog.filter((e) => e.id === doc.id && e.worker > 0).map((e) => e.event);
      let done = await get();
      for (let i = 0; i < 600 && !(done.status === 2 && events().length >= 4); i++) {
        await new Promise((r) => setTimeout(r, 200));
        done = await get();
      }
      expect(done).toMatchObject({ status: 2, pages: 60, preview: 60 });
      // Every start of a conversion of this document by the new workers follows the end of the one before.
      expect(events()).toEqual(['started', 'converted', 'started', 'converted']);
    } finally {
      await admin.putConfig({ 'converter.max_preview': '12' });
    }
  }, 240_000);
});
