import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage, purgeAttachments, S3Storage } from '@wenku/domain';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf, publishDocument, waitForDocument } from './testing/files.ts';
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
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'me.png');
    const res = await fetch(`${server.url}/api/v1/upload/avatar`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${client.token}` },
    });
    const body = (await res.json()) as { data: { path: string } };
    expect(res.status).toBe(200);
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
