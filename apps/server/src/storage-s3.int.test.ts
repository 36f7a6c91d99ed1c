import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@wenku/api';
import { LocalStorage, purgeAttachments, S3Storage } from '@wenku/domain';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, makePng, publishDocument, waitForDocument } from './testing/files.ts';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';
import { runProcess } from './testing/process.ts';
import { startTestBucket, type TestBucket } from './testing/s3.ts';

/**
 * STORAGE=s3 against a real S3-protocol server on loopback: a document goes up, is converted by the worker (which
 * reads the original from the bucket and writes its pages back), is read, downloaded and deleted, and every file of
 * it lives in the bucket, none on the server's disk.
 */
let bucket: TestBucket;
let server: TestServer;
let admin: RestClient;
let storage: S3Storage;

const keysOf = async (prefix = '') => {
  const keys: string[] = [];
  for await (const f of storage.list(prefix)) keys.push(f.key);
  return keys;
};

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer({ databaseUrl: inject('databaseUrl'), worker: true, env: bucket.env });
  admin = await server.api.admin();
  storage = server.booted.runtime.storage as S3Storage;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bucket?.stop();
});

describe('files in an S3 bucket', () => {
  it('uploads, converts, serves, downloads and deletes a document with every file in the bucket', async () => {
    expect(storage).toBeInstanceOf(S3Storage);
    const pdf = makePdf(3);
    const doc = await publishDocument(server.url, admin, pdf, 'S3 文档');
    const done = await waitForDocument(admin, doc.id, [2, 3]);
    expect(done).toMatchObject({ status: 2, pages: 3, preview: 3 });

    const original = (await keysOf('documents/')).filter((k) => k.includes(doc.hash));
    expect(original).toHaveLength(1);
    const previews = await keysOf(`previews/`);
    expect(previews.filter((k) => k.includes(doc.hash)).length).toBeGreaterThanOrEqual(4);
    // Nothing of it on the server's disk: another machine's worker or web process finds it all in the bucket.
    const onDisk = existsSync(server.booted.storageRoot)
      ? readdirSync(server.booted.storageRoot, { recursive: true })
      : [];
    expect(onDisk).toEqual([]);

    // Pages stream through the server with the access rules' cache headers; the store answers validators and ranges.
    const page = await fetch(`${server.url}/view/page/${doc.id}/1${done.preview_ext}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect(page.headers.get('content-type')).toContain('image/');
    const bytes = Buffer.from(await page.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    expect(Number(page.headers.get('content-length'))).toBe(bytes.length);
    const etag = page.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${server.url}/view/page/${doc.id}/1${done.preview_ext}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const part = await fetch(`${server.url}/view/page/${doc.id}/1${done.preview_ext}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
    expect((await fetch(`${server.url}/view/page/${doc.id}/9${done.preview_ext}`)).status).toBe(404);
    const cover = await fetch(`${server.url}/view/cover/${doc.hash}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');

    const link = await admin.get<{ url: string }>('/document/download', { id: doc.id });
    expect(link.status).toBe(200);
    const file = await fetch(`${server.url}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    // The site map is built into the bucket on first request and served from it.
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain('<urlset');
    expect(await storage.exists('sitemap/sitemap.xml')).toBe(true);

    // Deleted for good and purged: the original and every page leave the bucket.
    expect((await admin.delete('/document', { id: doc.id })).status).toBe(200);
    expect((await admin.delete('/document/recycle', { id: doc.id })).status).toBe(200);
    await admin.putConfig({ 'security.attachment_retention_minute': '0' });
    try {
      await purgeAttachments({
        em: server.booted.db.orm.em.fork(),
        runtime: server.booted.runtime,
        actor: null,
        ip: '',
      });
    } finally {
      await admin.putConfig({ 'security.attachment_retention_minute': '1440' });
    }
    expect((await keysOf()).filter((k) => k.includes(doc.hash))).toEqual([]);
    expect((await fetch(`${server.url}/view/cover/${doc.hash}`)).status).toBe(404);
  }, 180_000);

  it('keeps images and resumable uploads in the bucket and serves the images from it', async () => {
    const { client } = await server.api.registerMember('s3img');
    const png = await makePng(8, 8, '#3a3');
    const { status, body } = await client.upload<{ data: { path: string } }>('avatar', png, 'me.png');
    expect(status).toBe(200);
    expect(await storage.exists(body.data.path.slice(1))).toBe(true);
    const image = await fetch(`${server.url}${body.data.path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${server.url}/uploads/a/b/none.png`)).status).toBe(404);

    // A tus upload ends in the bucket like a plain one.
    const pdf = makePdf(1);
    const attachment = await new Promise<{ hash: string }>((resolve, reject) => {
      const up = new tus.Upload(pdf, {
        endpoint: `${server.url}/api/v1/upload/tus`,
        headers: { authorization: `Bearer ${client.token}` },
        chunkSize: 8 * 1024,
        metadata: { filename: '分块.pdf', filetype: 'application/pdf' },
        retryDelays: [],
        onAfterResponse(_req, r) {
          if (r.getStatus() === 200 && r.getBody()) resolve(JSON.parse(r.getBody()).data);
        },
        onError: reject,
      });
      up.start();
    });
    const stored = (await keysOf('documents/')).find((k) => k.includes(attachment.hash)) ?? '';
    expect(stored).not.toBe('');
    expect((await storage.readRange(stored, 0, 5)).toString()).toBe('%PDF-');
  });

  it("copies a site's files from DATA_DIR/storage into the bucket, verified and resumable", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wenku-copy-s3-'));
    try {
      const local = new LocalStorage(join(dataDir, 'storage'));
      const files: Record<string, Buffer> = {
        [`documents/c/o/p/y/s/copys3${Date.now()}.pdf`]: makePdf(1),
        [`previews/c/o/p/y/s/copys3${Date.now()}/1.webp`]: randomBytes(3000),
        [`uploads/c/o/p/y/s/copys3${Date.now()}.png`]: randomBytes(20),
      };
      for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes);
      const run = () => runProcess('cli', ['storage:copy-to-s3'], { DATA_DIR: dataDir, ...bucket.env });
      const first = await run();
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('3 files: 3 copied');
      for (const [key, bytes] of Object.entries(files)) {
        expect((await storage.readRange(key, 0, bytes.length + 10)).equals(bytes)).toBe(true);
      }
      // A run cut short is simply run again: what is there already is skipped, what is missing is copied.
      await storage.remove(Object.keys(files)[1] ?? '');
      const second = await run();
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('3 files: 1 copied');
      expect(second.stdout).toContain('2 already in the bucket');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('page images from the bucket sent again and again (issue 19)', () => {
  const setStatus = (id: number, status: number) =>
    createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${server.url}/api/trpc`, headers: { authorization: `Bearer ${admin.token}` } })],
    }).document.update.mutate({ id, status });
  /** Status, headers (but the connection's and the date) and bytes of an answer, redirects not followed. */
  const seen = async (target: string, init?: RequestInit) => {
    const res = await fetch(target, { redirect: 'manual', ...init });
    const headers = Object.fromEntries(
      [...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    );
    return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  /** Waits (polling) for the answer a change must bring: another process hears of it, or its memo looks again. */
  async function soon<T>(get: () => Promise<T>, done: (value: T) => boolean) {
    let value = await get();
    for (const until = Date.now() + 15_000; !done(value) && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 100));
      value = await get();
    }
    return value;
  }
  /**
   * Turned private (disabled): the page is refused to the public as soon as the process hears of it, with the same
   * answer as the general route gives.
   */
  async function expectRefusedOnceDisabled(id: number, url: string, general: string) {
    await setStatus(id, 4);
    expect(
      (
        await soon(
          () => seen(url),
          (r) => r.status === 404,
        )
      ).status,
    ).toBe(404);
    expect(await seen(url)).toEqual(await seen(general));
  }
  /** A converted public document whose pages are in the bucket; its first page's URL and object key. */
  async function converted(label: string) {
    const doc = await publishDocument(server.url, admin, makePdf(2, `${label}-${Date.now()}`), label);
    const done = await waitForDocument(admin, doc.id, [2, 3]);
    const key = (await keysOf('previews/')).find((k) => k.includes(doc.hash) && /\/1\.[a-z.]+$/.test(k)) ?? '';
    expect(key).not.toBe('');
    return { id: doc.id, url: `${server.url}/view/page/${doc.id}/1${done.preview_ext}`, key, ext: done.preview_ext };
  }

  it("streams a visitor's page from memory with the general route's status, headers and bytes, follows the bucket, and stops at once when the document turns private", async () => {
    const { id, url, key } = await converted('S3 memo');
    // A query (any) sends the request down the general route, which streams the object from the bucket.
    const general = `${url}?general=1`;
    const fast = await seen(url);
    expect(fast.status).toBe(200);
    expect(fast.body.length).toBeGreaterThan(0);
    expect(fast).toEqual(await seen(general));
    // The store's own validators: its ETag and its Last-Modified.
    expect(fast.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const since = { 'if-none-match': fast.headers.etag ?? '', 'cache-control': 'max-age=0' };
    const notModified = await seen(url, { headers: since });
    expect(notModified.status).toBe(304);
    // A 304 carries the validators (as from local disk); the test store leaves them out of its own 304, which the
    // general route passes on (S3 and MinIO send them), so they are compared apart.
    const withoutValidators = (r: typeof fast) => {
      const { etag: _etag, 'last-modified': _lastModified, ...headers } = r.headers;
      return { ...r, headers };
    };
    expect(notModified.headers.etag).toBe(fast.headers.etag);
    expect(notModified.headers['last-modified']).toBe(fast.headers['last-modified']);
    expect(withoutValidators(notModified)).toEqual(withoutValidators(await seen(general, { headers: since })));
    // As the store answers the general route: a 304 for the ETag even with fetch's `cache-control: no-cache`.
    const noCache = { 'if-none-match': fast.headers.etag ?? '' };
    expect(withoutValidators(await seen(url, { headers: noCache }))).toEqual(
      withoutValidators(await seen(general, { headers: noCache })),
    );
    expect((await seen(url, { headers: noCache })).status).toBe(304);
    const modifiedSince = { 'if-modified-since': fast.headers['last-modified'] ?? '', 'cache-control': 'max-age=0' };
    expect((await seen(url, { headers: modifiedSince })).status).toBe(304);
    expect(withoutValidators(await seen(url, { headers: modifiedSince }))).toEqual(
      withoutValidators(await seen(general, { headers: modifiedSince })),
    );
    const older = {
      'if-modified-since': new Date(Date.now() - 86_400_000).toUTCString(),
      'cache-control': 'max-age=0',
    };
    expect(await seen(url, { headers: older })).toEqual(await seen(general, { headers: older }));
    expect(await seen(url, { method: 'HEAD' })).toEqual(await seen(general, { method: 'HEAD' }));
    // Answered from memory by the fast path: the general route's streaming read of the bucket is not used.
    const streamed = storage.get;
    let streams = 0;
    storage.get = (...args) => {
      streams++;
      return streamed.apply(storage, args);
    };
    try {
      for (let i = 0; i < 3; i++) expect((await seen(url)).body.equals(fast.body)).toBe(true);
      expect(streams).toBe(0);
      await seen(general);
      expect(streams).toBe(1);
    } finally {
      storage.get = streamed;
    }
    const range = await seen(url, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.body.equals(fast.body.subarray(0, 10))).toBe(true);

    // Written again by another process (a worker elsewhere): sent once the memo has asked the bucket again.
    const elsewhere = new S3Storage({ ...storage.options });
    const changed = Buffer.concat([fast.body, Buffer.from('<!-- again -->')]);
    await elsewhere.put(key, changed);
    const later = await soon(
      () => seen(url),
      (r) => r.body.equals(changed),
    );
    expect(later.body.equals(changed)).toBe(true);
    expect(later.headers.etag).not.toBe(fast.headers.etag);
    expect(later).toEqual(await seen(general));
    // Written through this process: the memo drops its copy at once, so the next request sends the new bytes.
    await storage.put(key, fast.body);
    expect((await seen(url)).body.equals(fast.body)).toBe(true);
    // Removed through this process: missing at once, as the general route says.
    await storage.remove(key);
    const gone = await seen(url);
    expect(gone.status).toBe(404);
    expect(gone).toEqual(await seen(general));
    await storage.put(key, fast.body);
    expect((await seen(url)).status).toBe(200);

    await expectRefusedOnceDisabled(id, url, general);
    const mine = await fetch(url, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
  }, 180_000);

  it('redirects a visitor to the signed link of the current window without signing again, as the general route does, and stops at once when the document turns private', async () => {
    const { id, url: streamed } = await converted('S3 redirect');
    // A second web process on the same database and bucket, redirecting to signed links.
    const web = await startTestServer({
      databaseUrl: inject('databaseUrl'),
      env: { ...bucket.env, S3_REDIRECT_SECONDS: '300' },
    });
    try {
      const url = streamed.replace(server.url, web.url);
      const general = `${url}?general=1`;
      const fast = await seen(url);
      expect(fast.status).toBe(302);
      expect(fast.headers['cache-control']).toBe('private, no-store');
      expect(fast).toEqual(await seen(general));
      expect(await seen(url, { method: 'HEAD' })).toEqual(await seen(general, { method: 'HEAD' }));
      // The link is signed once per window and kept: asked again, the very same link.
      const location = fast.headers.location ?? '';
      expect(location).toContain('X-Amz-Signature=');
      expect((await seen(url)).headers.location).toBe(location);
      const bucketStorage = web.booted.runtime.storage as S3Storage;
      const sign = bucketStorage as unknown as { sign: (...args: unknown[]) => Promise<string> };
      const signOriginal = sign.sign;
      let signed = 0;
      sign.sign = (...args: unknown[]) => {
        signed++;
        return signOriginal.apply(bucketStorage, args);
      };
      try {
        for (let i = 0; i < 3; i++) expect((await seen(url)).headers.location).toBe(location);
        expect(signed).toBe(0);
        // (A link not kept yet is signed, once.)
        await bucketStorage.signedUrl('previews/none.webp', 300);
        await bucketStorage.signedUrl('previews/none.webp', 300);
        expect(signed).toBe(1);
      } finally {
        sign.sign = signOriginal;
      }
      // The link gives the page with the headers the server would send itself.
      const file = await fetch(location);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
      expect(Buffer.from(await file.arrayBuffer()).length).toBeGreaterThan(100);

      await expectRefusedOnceDisabled(id, url, general);
    } finally {
      await web.close();
    }
  }, 180_000);
});
